import Foundation

/// The Shop's text for prices and ratings, as the seed tutorial shows them.
public enum PriceFormat {
    /// A price as the tutorial writes it, `String(format: "$%.2f", price)`: a dollar sign, no thousands
    /// grouping, always two decimals with a `.` separator whatever the locale.
    ///
    /// `9.99` → `"$9.99"`, `0` → `"$0.00"`, `12.5` → `"$12.50"`, `1899.99` → `"$1899.99"`.
    /// - Parameter dollars: An amount in US dollars.
    public static func price(_ dollars: Double) -> String {
        String(format: "$%.2f", locale: nil, dollars)
    }

    /// A star rating: a black star, a space, and the rating with two decimals, `4.94` → `"★ 4.94"`.
    /// - Parameter stars: An average rating from 0 to 5.
    public static func rating(_ stars: Double) -> String {
        "★ " + String(format: "%.2f", locale: nil, stars)
    }
}
