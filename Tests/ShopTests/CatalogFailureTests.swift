import Foundation
import Networking
import Testing
@testable import Shop

@Suite("CatalogFailure")
struct CatalogFailureTests {
    let base = URL(string: "http://127.0.0.1:9")

    @Test("Transport failures read as unreachable or slow, without URLError codes")
    func transport() throws {
        let refused = CatalogFailure(error: APIError.transport(URLError(.cannotConnectToHost)), catalogURL: base)
        #expect(refused.reason == "could not be reached")
        #expect(refused.apiMessage == "the product catalog at http://127.0.0.1:9 could not be reached")
        #expect(!refused.apiMessage.contains("URLError"))
        #expect(!refused.apiMessage.contains("-1004"))
        let slow = CatalogFailure(error: APIError.transport(URLError(.timedOut)), catalogURL: base)
        #expect(slow.apiMessage == "the product catalog at http://127.0.0.1:9 did not answer in time")
    }

    @Test("Bad answers, an empty catalog and anything else")
    func otherReasons() {
        let badStatus = CatalogFailure(
            error: APIError.badStatus(code: 500, body: Data("boom\nline two".utf8)), catalogURL: base)
        #expect(badStatus.reason == "sent an answer the shop could not use")
        let undecodable = CatalogFailure(
            error: APIError.decodingFailed(codingPath: ["price"], message: "x"), catalogURL: base)
        #expect(undecodable.reason == "sent an answer the shop could not use")
        #expect(
            CatalogFailure(error: CatalogError.empty, catalogURL: nil).apiMessage
                == "the product catalog has no products")
        #expect(CatalogFailure(error: CocoaError(.fileReadUnknown), catalogURL: nil).reason == "could not be read")
    }

    @Test("The log line keeps the technical detail on one line")
    func logLine() {
        let failure = CatalogFailure(
            error: APIError.badStatus(code: 500, body: Data("boom\nline two".utf8)), catalogURL: base)
        let line = failure.logLine(request: "GET /shop")
        #expect(
            line == "shop: GET /shop: the product catalog at http://127.0.0.1:9 sent an answer the shop could not use "
                + "(The server answered HTTP 500: boom line two)")
        #expect(!line.contains("\n"))
        let refused = CatalogFailure(error: APIError.transport(URLError(.cannotConnectToHost)), catalogURL: base)
        #expect(refused.logLine(request: "GET /shop").contains("URLError -1004"))
    }
}

@Suite("Random picks that skip the product shown")
struct RandomExcludingTests {
    /// Two bundled products re-encoded as a catalog of their own.
    static func catalog(ids: [Int], seed: UInt64) async throws -> BundledCatalog {
        let bundled = try BundledCatalog()
        let products = bundled.products.filter { ids.contains($0.id) }
        let data = try JSONEncoder().encode(products)
        return try BundledCatalog(data: data, randomNumberGenerator: SeededGenerator(state: seed))
    }

    @Test("With two products, Next always gives the other one")
    func twoProducts() async throws {
        let catalog = try await Self.catalog(ids: [1, 16], seed: 7)
        for _ in 0..<50 {
            #expect(try await catalog.randomProduct(excluding: 1).id == 16)
            #expect(try await catalog.randomProduct(excluding: 16).id == 1)
        }
        var seen = Set<Int>()
        for _ in 0..<50 { seen.insert(try await catalog.randomProduct(excluding: nil).id) }
        #expect(seen == [1, 16])
    }

    @Test("With one product, that product is still shown; an unknown excluded ID changes nothing")
    func oneProduct() async throws {
        let catalog = try await Self.catalog(ids: [16], seed: 1)
        #expect(try await catalog.randomProduct(excluding: 16).id == 16)
        #expect(try await catalog.randomProduct(excluding: 999).id == 16)
    }

    @Test("The full catalog never repeats the excluded product, and still reaches the ends")
    func fullCatalog() async throws {
        let catalog = try BundledCatalog(randomNumberGenerator: SeededGenerator(state: 3))
        var seen = Set<Int>()
        for _ in 0..<2000 {
            let id = try await catalog.randomProduct(excluding: 194).id
            #expect(id != 194)
            seen.insert(id)
        }
        #expect(seen.contains(1))
        #expect(seen.contains(193))
    }

    @Test("The remote catalog's ID pick skips the excluded ID")
    func remotePick() {
        var generator = SeededGenerator(state: 11)
        var seen = Set<Int>()
        for _ in 0..<200 {
            let id = RemoteCatalog.pickID(in: 1...3, excluding: 2, using: &generator)
            #expect(id != 2)
            seen.insert(id)
        }
        #expect(seen == [1, 3])
        #expect(RemoteCatalog.pickID(in: 5...5, excluding: 5, using: &generator) == 5)
        for _ in 0..<20 { #expect((1...2).contains(RemoteCatalog.pickID(in: 1...2, excluding: 9, using: &generator))) }
        #expect(RemoteCatalog.pickID(in: 1...2, excluding: 1, using: &generator) == 2)
    }
}
