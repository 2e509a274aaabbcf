/// Prices in Korean won as the BookStore writes them: digits grouped by thousands with commas, then `원`.
public enum WonFormat {
    /// `14900` → `"14,900원"`, `0` → `"0원"`; the same in every locale.
    public static func won(_ amount: Int) -> String {
        let digits = String(amount.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (amount < 0 ? "-" : "") + grouped + "원"
    }

    /// `3750` → `"3,750"`: a count, grouped the same way.
    public static func count(_ number: Int) -> String {
        String(won(number).dropLast())
    }
}
