import Foundation
import Testing
@testable import Shop

@Suite("BundledCatalog")
struct BundledCatalogTests {
    @Test("All 194 bundled products decode, with IDs 1...194 in order")
    func decodesAll() throws {
        let catalog = try BundledCatalog()
        #expect(catalog.products.count == 194)
        #expect(catalog.products.map(\.id) == Array(1...194))
    }

    @Test("Exactly 92 products have no brand, at the IDs SOURCES.md lists")
    func missingBrands() throws {
        let catalog = try BundledCatalog()
        let brandless = catalog.products.filter { $0.brand == nil }.map(\.id)
        #expect(brandless.count == 92)
        let expected = Array(16...77) + Array(137...153) + Array(162...166) + Array(177...184)
        #expect(brandless == expected)
    }

    @Test("The brand-less product 16 decodes with all its other fields")
    func productSixteen() async throws {
        let catalog = try BundledCatalog()
        let apple = try #require(try await catalog.product(id: 16))
        #expect(apple.title == "Apple")
        #expect(apple.brand == nil)
        #expect(apple.category == "groceries")
        #expect(apple.price == 1.99)
        #expect(apple.rating == 4.19)
        #expect(apple.stock == 8)
        #expect(apple.weight == 9)
        #expect(apple.dimensions == Product.Dimensions(width: 13.66, height: 11.01, depth: 9.73))
        #expect(apple.reviews.count == 3)
        #expect(apple.reviews.first?.rating == 5)
        #expect(apple.reviews.first?.date == "2025-04-30T09:41:02.053Z")
        #expect(apple.meta.barcode == "7962803553314")
        #expect(apple.thumbnail == "https://cdn.dummyjson.com/product-images/groceries/apple/thumbnail.webp")
    }

    @Test("Integer-literal discountPercentage decodes as Double (IDs 26 and 68)")
    func integerDiscount() async throws {
        let catalog = try BundledCatalog()
        #expect(try await catalog.product(id: 26)?.discountPercentage == 1)
        #expect(try await catalog.product(id: 68)?.discountPercentage == 3)
        #expect(try await catalog.product(id: 1)?.discountPercentage == 10.48)
    }

    @Test("Unknown IDs give nil")
    func unknownIDs() async throws {
        let catalog = try BundledCatalog()
        #expect(try await catalog.product(id: 0) == nil)
        #expect(try await catalog.product(id: 195) == nil)
        #expect(try await catalog.product(id: -1) == nil)
    }

    @Test("Encoding then decoding gives equal products")
    func roundTrip() throws {
        let catalog = try BundledCatalog()
        let encoded = try JSONEncoder().encode(catalog.products)
        let decoded = try JSONDecoder().decode([Product].self, from: encoded)
        #expect(decoded == catalog.products)
    }

    @Test("Re-encoded JSON has every original key and value, and no brand key where there was none")
    func nothingDropped() throws {
        let original = try JSONSerialization.jsonObject(with: Fixtures.bundledData())
        let catalog = try BundledCatalog()
        let reencoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(catalog.products))
        #expect(JSONComparison.differences(original, reencoded, path: "") == [])

        let apple = try JSONSerialization.jsonObject(with: JSONEncoder().encode(catalog.products[15]))
        let keys = try #require(apple as? [String: Any]).keys
        #expect(!keys.contains("brand"))
        #expect(keys.count == 21)
    }

    @Test("A seeded generator gives the same picks every time")
    func deterministicRandom() async throws {
        let first = try BundledCatalog(randomNumberGenerator: SeededGenerator(state: 42))
        let second = try BundledCatalog(randomNumberGenerator: SeededGenerator(state: 42))
        var firstPicks: [Int] = []
        var secondPicks: [Int] = []
        for _ in 0..<10 {
            firstPicks.append(try await first.randomProduct().id)
            secondPicks.append(try await second.randomProduct().id)
        }
        #expect(firstPicks == secondPicks)
        #expect(Set(firstPicks).count > 1)
        #expect(firstPicks.allSatisfy { (1...194).contains($0) })
    }

    @Test("Different seeds give different picks")
    func seedsDiffer() async throws {
        let first = try BundledCatalog(randomNumberGenerator: SeededGenerator(state: 1))
        let second = try BundledCatalog(randomNumberGenerator: SeededGenerator(state: 2))
        var firstPicks: [Int] = []
        var secondPicks: [Int] = []
        for _ in 0..<10 {
            firstPicks.append(try await first.randomProduct().id)
            secondPicks.append(try await second.randomProduct().id)
        }
        #expect(firstPicks != secondPicks)
    }

    @Test("The bundled file is found in the resource bundle next to the test runner")
    func resourceLocation() throws {
        let url = try BundledCatalog.bundledProductsURL()
        #expect(url.lastPathComponent == "products.json")
        #expect(url.deletingLastPathComponent().lastPathComponent.hasSuffix("_Shop.resources"))
    }

    @Test("A file URL loads like the bundle; a missing file throws unreadable")
    func contentsOfURL() throws {
        let catalog = try BundledCatalog(contentsOf: BundledCatalog.bundledProductsURL())
        #expect(catalog.products.count == 194)
        do {
            _ = try BundledCatalog(contentsOf: URL(fileURLWithPath: "/nonexistent/products.json"))
            Issue.record("loading a missing file should have failed")
        } catch {
            guard case let .unreadable(path, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(path == "/nonexistent/products.json")
        }
    }
}

@Suite("BundledCatalog errors")
struct CatalogErrorTests {
    @Test("An empty array loads, but has no random product")
    func emptyCatalog() async throws {
        let catalog = try BundledCatalog(data: Data("[]".utf8))
        #expect(catalog.products.isEmpty)
        await #expect(throws: CatalogError.empty) {
            try await catalog.randomProduct()
        }
    }

    @Test("A missing key is reported with its coding path")
    func missingKey() {
        do {
            _ = try BundledCatalog(data: Data(#"[{"id": 1}]"#.utf8))
            Issue.record("decoding should have failed")
        } catch {
            guard case let .decodingFailed(codingPath, _) = error else {
                Issue.record("expected decodingFailed, got \(error)")
                return
            }
            #expect(codingPath == "[0].title")
            #expect(error.description.contains("at [0].title"))
        }
    }

    @Test("A wrongly typed nested value is reported with its coding path")
    func typeMismatch() throws {
        var objects = try #require(try JSONSerialization.jsonObject(with: Fixtures.bundledData()) as? [[String: Any]])
        var reviews = try #require(objects[2]["reviews"] as? [[String: Any]])
        reviews[1]["rating"] = "five"
        objects[2]["reviews"] = reviews
        let data = try JSONSerialization.data(withJSONObject: objects)
        do {
            _ = try BundledCatalog(data: data)
            Issue.record("decoding should have failed")
        } catch {
            guard case let .decodingFailed(codingPath, reason) = error else {
                Issue.record("expected decodingFailed, got \(error)")
                return
            }
            #expect(codingPath == "[2].reviews[1].rating")
            #expect(!reason.isEmpty)
        }
    }

    @Test("Not JSON at all is a decoding failure at the top level")
    func notJSON() {
        do {
            _ = try BundledCatalog(data: Data("<html>".utf8))
            Issue.record("decoding should have failed")
        } catch {
            guard case let .decodingFailed(codingPath, _) = error else {
                Issue.record("expected decodingFailed, got \(error)")
                return
            }
            #expect(codingPath == "")
            #expect(error.description.contains("at the top level"))
        }
    }

    @Test("Duplicate IDs are refused")
    func duplicateIDs() throws {
        var objects = try #require(try JSONSerialization.jsonObject(with: Fixtures.bundledData()) as? [[String: Any]])
        objects[5]["id"] = 3
        let data = try JSONSerialization.data(withJSONObject: objects)
        #expect(throws: CatalogError.duplicateProductID(3)) {
            try BundledCatalog(data: data)
        }
    }
}

/// Compares two `JSONSerialization` trees: same keys, same array lengths, equal strings, numerically equal numbers.
enum JSONComparison {
    static func differences(_ lhs: Any, _ rhs: Any, path: String) -> [String] {
        switch (lhs, rhs) {
        case let (left as [String: Any], right as [String: Any]):
            guard Set(left.keys) == Set(right.keys) else {
                return ["\(path): keys \(left.keys.sorted()) vs \(right.keys.sorted())"]
            }
            return left.keys.sorted().flatMap { key in
                differences(left[key] as Any, right[key] as Any, path: "\(path).\(key)")
            }
        case let (left as [Any], right as [Any]):
            guard left.count == right.count else { return ["\(path): \(left.count) vs \(right.count) elements"] }
            return zip(left, right).enumerated().flatMap { index, pair in
                differences(pair.0, pair.1, path: "\(path)[\(index)]")
            }
        case let (left as String, right as String):
            return left == right ? [] : ["\(path): \(left) vs \(right)"]
        case let (left as NSNumber, right as NSNumber):
            return left.doubleValue == right.doubleValue ? [] : ["\(path): \(left) vs \(right)"]
        default:
            return ["\(path): \(type(of: lhs)) vs \(type(of: rhs))"]
        }
    }
}
