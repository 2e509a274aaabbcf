import Foundation
import HTML
import Testing
@testable import Shop

/// SplitMix64: a tiny seeded generator so random picks repeat across runs.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Fixtures {
    /// The bundled products file's bytes, read directly (not through the catalog under test).
    static func bundledData() throws -> Data {
        try Data(contentsOf: BundledCatalog.bundledProductsURL())
    }

    /// Product 1 of the bundled catalog, "Essence Mascara Lash Princess", $9.99, brand "Essence".
    static func productOne() async throws -> Product {
        let catalog = try BundledCatalog()
        return try #require(try await catalog.product(id: 1))
    }
}

/// `page` without the `<script src>` of the Shop's live-update script, so tests can check no other script got in.
func withoutLiveScript(_ page: String) -> String {
    page.replacingOccurrences(of: "<script src=\"\(LivePageScript.page.url)\" defer></script>", with: "")
        .replacingOccurrences(of: "<script src=\"\(LiveCartScript.page.url)\" defer></script>", with: "")
}
