import Observation
import Testing
import ViewState

/// A view model like the tutorial's `TestWishViewModel`: a list that a fetch fills.
@MainActor
@Observable
private final class ListModel {
    var items: [String] = []
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// What a parent view reads: the cart of the tutorial's `TestView`.
@MainActor
@Observable
private final class Cart {
    var lines: [String] = []
}

/// The tutorial's TestView in miniature: a parent that shows the cart and two children, one owning its model
/// (`@StateObject`), one getting a model made in the parent's body (`@ObservedObject var model = Model()`).
@MainActor
private struct Tree {
    static let root = ViewIdentity.root("TestView")
    static let owning = root.child("Panel", at: 0)
    static let observing = root.child("Panel", at: 1)

    let cart: Cart
    var made = 0

    struct Page: Equatable {
        var cart: [String]
        var owned: [String]
        var observed: [String]
        var ownedSerial: Int
        var observedSerial: Int
    }

    mutating func render(_ graph: ViewGraph, showOwning: Bool = true) -> Page {
        var made = self.made
        let cart = self.cart
        let page = graph.render { pass -> Page in
            let parent = pass.view(Tree.root) { _ -> (lines: [String], model: ListModel) in
                made += 1
                return (cart.lines, ListModel(serial: made))
            }
            var owned: (items: [String], serial: Int) = ([], 0)
            if showOwning {
                owned = pass.view(Tree.owning) { context -> (items: [String], serial: Int) in
                    let model = context.stateObject {
                        made += 1
                        return ListModel(serial: made)
                    }
                    return (model.items, model.serial)
                }
            }
            let observed = pass.view(Tree.observing) { context -> (items: [String], serial: Int) in
                let model = context.observedObject(parent.model)
                return (model.items, model.serial)
            }
            return Page(
                cart: parent.lines, owned: owned.items, observed: observed.items, ownedSerial: owned.serial,
                observedSerial: observed.serial)
        }
        self.made = made
        return page
    }
}

@MainActor
@Suite("ViewGraph: SwiftUI's rules for owned and per-render view models")
struct ViewGraphTests {
    @Test("A child's own change re-runs only the child; the parent's per-render model survives it")
    func childChangeKeepsParentBody() throws {
        let graph = ViewGraph()
        var tree = Tree(cart: Cart())
        let first = tree.render(graph)
        #expect(first == Tree.Page(cart: [], owned: [], observed: [], ownedSerial: 2, observedSerial: 1))
        #expect(graph.evaluations(of: Tree.root) == 1)

        // "API 조회" in both panels: the models the views use now get items.
        try #require(graph.object(ListModel.self, at: Tree.owning)).items = ["Apple"]
        try #require(graph.object(ListModel.self, at: Tree.observing)).items = ["Mascara"]
        #expect(graph.isInvalidated(Tree.owning) && graph.isInvalidated(Tree.observing))
        #expect(!graph.isInvalidated(Tree.root))

        let second = tree.render(graph)
        #expect(
            second == Tree.Page(cart: [], owned: ["Apple"], observed: ["Mascara"], ownedSerial: 2, observedSerial: 1))
        #expect(graph.evaluations(of: Tree.root) == 1)
        #expect(graph.evaluations(of: Tree.owning) == 2)
        #expect(graph.evaluations(of: Tree.observing) == 2)
    }

    @Test("A change the parent read re-runs the parent: the owned model stays, the per-render one is new and empty")
    func parentChangeRecreatesPerRenderModel() throws {
        let graph = ViewGraph()
        let cart = Cart()
        cart.lines = ["Apple"]
        var tree = Tree(cart: cart)
        _ = tree.render(graph)
        try #require(graph.object(ListModel.self, at: Tree.owning)).items = ["Apple"]
        try #require(graph.object(ListModel.self, at: Tree.observing)).items = ["Mascara"]
        #expect(
            tree.render(graph)
                == Tree.Page(
                    cart: ["Apple"], owned: ["Apple"], observed: ["Mascara"], ownedSerial: 2, observedSerial: 1))

        // "장바구니 초기화": the cart the parent shows changes.
        cart.lines = []
        #expect(graph.isInvalidated(Tree.root))
        let after = tree.render(graph)
        #expect(after == Tree.Page(cart: [], owned: ["Apple"], observed: [], ownedSerial: 2, observedSerial: 3))
        #expect(graph.evaluations(of: Tree.root) == 2)
        // The children ran again with their parent, though nothing they read changed.
        #expect(graph.evaluations(of: Tree.owning) == 3)
        #expect(graph.object(ListModel.self, at: Tree.observing)?.serial == 3)

        // Nothing changed: nothing runs, the same results come back.
        #expect(tree.render(graph) == after)
        #expect(graph.evaluations(of: Tree.root) == 2)
        #expect(graph.evaluations(of: Tree.owning) == 3)
        #expect(graph.passes == 4)

        // Setting a value equal to the current one is no change (Observation compares Equatable values).
        cart.lines = []
        #expect(!graph.isInvalidated(Tree.root))
    }

    @Test("Changing a model that is no longer used invalidates nothing")
    func oldModelIsDetached() throws {
        let graph = ViewGraph()
        let cart = Cart()
        var tree = Tree(cart: cart)
        _ = tree.render(graph)
        let old = try #require(graph.object(ListModel.self, at: Tree.observing))
        cart.lines = ["Apple"]
        _ = tree.render(graph)
        #expect(graph.object(ListModel.self, at: Tree.observing) !== old)
        old.items = ["ignored"]
        #expect(!graph.isInvalidated(Tree.observing))
        #expect(tree.render(graph).observed == [])
    }

    @Test("A view that leaves the tree loses its owned state; coming back it starts anew")
    func leavingTheTreeDropsState() throws {
        let graph = ViewGraph()
        var tree = Tree(cart: Cart())
        _ = tree.render(graph)
        try #require(graph.object(ListModel.self, at: Tree.owning)).items = ["Apple"]
        #expect(tree.render(graph).owned == ["Apple"])
        _ = tree.render(graph, showOwning: false)
        #expect(!graph.identities.contains(Tree.owning))
        #expect(graph.object(ListModel.self, at: Tree.owning) == nil)
        #expect(graph.evaluations(of: Tree.owning) == 0)
        // Back on screen: its body runs for the first time again and makes a new model.
        let back = tree.render(graph)
        #expect(back.owned == [])
        #expect(back.ownedSerial == 3)
        #expect(graph.evaluations(of: Tree.owning) == 1)
        #expect(graph.identities == [Tree.root, Tree.owning, Tree.observing])
    }

    @Test("Owned objects are made once per identity, keyed by type unless a key is given")
    func stateObjectKeys() {
        let graph = ViewGraph()
        let identity = ViewIdentity.root("Form")
        var makes = 0
        for _ in 0..<3 {
            graph.render { pass in
                _ = pass.view(identity) { context -> Int in
                    _ = context.stateObject {
                        makes += 1; return Cart()
                    }
                    _ = context.stateObject("second") {
                        makes += 1; return Cart()
                    }
                    return context.evaluation
                }
            }
        }
        #expect(makes == 2)
        #expect(graph.object(Cart.self, at: identity) !== graph.object(Cart.self, at: identity, key: "second"))
        #expect(graph.object(ListModel.self, at: identity) == nil)
    }
}

@Suite("ViewIdentity")
struct ViewIdentityTests {
    @Test("Structural and explicit identities, parents and descriptions")
    func paths() {
        let root = ViewIdentity.root("TestView")
        let panel = root.child("ApiToggleSubview", at: 1)
        #expect(panel.description == "TestView/ApiToggleSubview[1]")
        #expect(panel.parent == root)
        #expect(root.parent == nil)
        #expect(root.child("ApiToggleSubview", at: 1) == panel)
        #expect(root.child("ApiToggleSubview", at: 0) != panel)
        #expect(root.child("Row", id: "42").description == "TestView/Row(id: 42)")
    }
}
