import Testing
@testable import Shop

@Suite("PriceFormat")
struct PriceFormatTests {
    @Test(
        "Prices follow the tutorial's \"$%.2f\"",
        arguments: [
            (9.99, "$9.99"),
            (0, "$0.00"),
            (1899.99, "$1899.99"),
            (12.5, "$12.50"),
            (1.999, "$2.00"),
            (0.99, "$0.99"),
        ])
    func price(value: Double, text: String) {
        #expect(PriceFormat.price(value) == text)
    }

    @Test(
        "Ratings are a star and two decimals",
        arguments: [
            (4.94, "★ 4.94"),
            (2.56, "★ 2.56"),
            (5, "★ 5.00"),
            (0, "★ 0.00"),
        ])
    func rating(value: Double, text: String) {
        #expect(PriceFormat.rating(value) == text)
    }
}
