import Foundation
import OpenSwiftData

/// Constants the relationship generator draws from, so that equalities and containments match some rows.
struct RelationshipFuzzConstants {
    /// The corpus's strings.
    var strings: [String]
    /// The saved rows' identifiers, by entity name.
    var ids: [String: [PersistentIdentifier]]
    /// Identifiers of the same rows saved in another store: same entity and key, another store identifier.
    var foreignIDs: [String: [PersistentIdentifier]]
}

/// Generates random, depth-limited predicates over the relationship models (`RelationshipModels.swift`) from
/// Foundation's expression types, each with Swift source that reproduces it: the body of a
/// `#Predicate<Root> { row in … }`. (The macro rejects some spellings it prints — optional chaining into a method
/// call with a model argument, `row.author?.books.contains(row)`, and it cannot type-check long chains; write those
/// with `flatMap`, or build them from the expression types as `PredicateRegressionTests.alternatingChain` does.)
///
/// Each predicate's root is an `Author`, `Book`, `Genre`, `Dancer` or `Studio`; atoms are about a model in scope (the
/// row, or the variable of an enclosing closure — mostly the innermost one, sometimes an outer one, so subqueries
/// are correlated with their enclosing rows):
/// - optional to-one chains, one hop or several (`row.author?.name`, `row.leader?.leader?.name`,
///   `row.follower?.studio.city`), compared with constants, nil and each other, string tests on them
///   (`row.author?.name.contains(x) == true`), `== nil`, `flatMap` bodies over them, `??`;
/// - to-many relationships, one-to-many and many-to-many from both sides (`books`, `tags`, `Genre.books`,
///   `dancers`), perhaps filtered first (`row.books.filter { v1 in … }`): `isEmpty`, `count`, `contains { … }`,
///   `allSatisfy { … }`, nested, and `contains(model)`;
/// - `persistentModelID` compared with identifiers of the same entity, of another entity and of another store,
///   and with other models' identifiers; models compared with `==`;
/// - all combined with `&&`, `||`, `!`, `? :` and `??`.
///
/// Not generated, deliberately:
/// - a string ordering (`<`, `<=`, …) with a constant not in NFC. Swift 6.3's `<` is not a total order across
///   spellings (`PredicateRegressionTests.swiftOrdersDifferentlyNormalizedPrefixesInconsistently`), while SQL
///   compares the NFC forms; so, as in `RandomPredicateGenerator`, ordered operands use NFC constants (stored
///   strings are NFC once fetched, and `==`, `contains`, `starts(with:)`, `localizedStandardContains` get NFD
///   constants too);
/// - anything that traps in `Predicate.evaluate`: no force unwraps, integer arithmetic only on counts and small
///   constants;
/// - what the translator rejects by design: a choice between two different to-many relationships
///   (`c ? author.books : genre.books`) and identifiers whose entity SQL cannot know (a choice between identifiers of
///   different entities, `ids.contains { $0 == row.persistentModelID }`) throw `unsupportedPredicate`
///   (`PredicateRegressionTests.choiceBetweenDifferentRelationshipsThrows`, `identifierOfUnknownEntityThrows`).
final class RandomRelationshipPredicateGenerator {
    typealias P = PredicateExpressions

    /// The models a predicate can be over.
    enum RootType: String, CaseIterable {
        case author = "Author", book = "Book", genre = "Genre", dancer = "Dancer", studio = "Studio"
    }

    /// The root type of predicate `seed`, drawn from its own stream.
    static func rootType(seed: UInt64) -> RootType {
        var random = SeededRandom(seed: seed ^ 0x0052_0071_0070_0001)
        let weights: [(RootType, Int)] = [(.book, 3), (.author, 3), (.dancer, 3), (.genre, 1), (.studio, 1)]
        var pick = Int.random(in: 0..<weights.reduce(0) { $0 + $1.1 }, using: &random)
        for (type, weight) in weights {
            if pick < weight { return type }
            pick -= weight
        }
        return .book
    }

    /// A model in scope: the predicate's row or a closure's variable.
    enum Scoped {
        case author(Node<Author>), book(Node<Book>), genre(Node<Genre>), dancer(Node<Dancer>), studio(Node<Studio>)

        init?<M>(_ node: Node<M>) {
            if let node = node as? Node<Author> {
                self = .author(node)
            } else if let node = node as? Node<Book> {
                self = .book(node)
            } else if let node = node as? Node<Genre> {
                self = .genre(node)
            } else if let node = node as? Node<Dancer> {
                self = .dancer(node)
            } else if let node = node as? Node<Studio> {
                self = .studio(node)
            } else {
                return nil
            }
        }

        var node: Any {
            switch self {
            case .author(let node): node
            case .book(let node): node
            case .genre(let node): node
            case .dancer(let node): node
            case .studio(let node): node
            }
        }
    }

    struct Generated<Root: PersistentModel> {
        let predicate: Predicate<Root>
        /// Swift source of the (possibly captured) expression: the body of a `#Predicate<Root> { row in … }`.
        let source: String
        let booleanNodeCount: Int
        /// Non-zero when a closure body could not be rebuilt identically (see `Build.flatMap`).
        let replayMismatches: Int
        /// The expression families the whole tree uses, for the printed distribution.
        let features: Set<String>
    }

    private var random: SeededRandom
    private let constants: RelationshipFuzzConstants
    private let captureIndex: Int?
    private(set) var captured: Node<Bool>?
    private(set) var booleanNodeCount = 0
    private(set) var replayMismatches = 0
    private(set) var features: Set<String> = []

    private var closureDepth = 0
    private var quantifierDepth = 0
    private var nextVariableNumber = 1
    /// Non-zero while generating operands of a string ordering: constants are then NFC (see the type's notes).
    private var nfcOnly = 0
    /// The row, then the variables of enclosing closures that are models, innermost last.
    private var scope: [Scoped] = []

    private init(seed: UInt64, constants: RelationshipFuzzConstants, captureIndex: Int?) {
        random = SeededRandom(seed: seed)
        self.constants = constants
        self.captureIndex = captureIndex
    }

    /// The predicate generated from `seed`; with `capture`, the `capture`-th Boolean node of that same tree alone.
    static func generate<Root: PersistentModel>(
        _ root: Root.Type, seed: UInt64, constants: RelationshipFuzzConstants, maxDepth: Int = 4, capture: Int? = nil
    ) -> Generated<Root> {
        var source = ""
        var count = 0, mismatches = 0
        var features: Set<String> = []
        let predicate = Predicate<Root> { row in
            let generator = RandomRelationshipPredicateGenerator(
                seed: seed, constants: constants, captureIndex: capture)
            if let scoped = Scoped(Node<Root>(expression: row, source: "row")) { generator.scope.append(scoped) }
            let depth = Int.random(in: 1...max(maxDepth, 1), using: &generator.random)
            let whole = generator.bool(depth)
            let chosen = generator.captured ?? whole
            source = chosen.source
            count = generator.booleanNodeCount
            mismatches = generator.replayMismatches
            features = generator.features
            return chosen.expression
        }
        return Generated(
            predicate: predicate, source: source, booleanNodeCount: count, replayMismatches: mismatches,
            features: features)
    }

    // MARK: Helpers

    private func weighted<T>(_ options: [(Int, () -> T)]) -> T {
        options[random.weightedIndex(options.map(\.0))].1()
    }

    private func chance(_ probability: Double) -> Bool { random.chance(probability) }

    private func pick<C: Collection>(_ items: C) -> C.Element where C.Index == Int { random.pick(items) }

    private func feature(_ name: String) { features.insert(name) }

    private func member<R, V>(_ base: Node<R>, _ keyPath: KeyPath<R, V> & Sendable, _ name: String) -> Node<V> {
        Node(expression: Build.keyPath(base.expression, keyPath), source: "\(base.source).\(name)")
    }

    private func constant<T: Codable & Sendable>(_ value: T, _ source: String) -> Node<T> {
        Node(expression: Build.value(value), source: source)
    }

    private func nilNode<T>(_ type: T.Type) -> Node<T?> { Node(expression: Build.nilLiteral(type), source: "nil") }

    private func equality<T: Equatable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
        let negated = chance(0.4)
        return Node(
            expression: Build.equal(lhs.expression, rhs.expression, negated: negated),
            source: "(\(lhs.source) \(negated ? "!=" : "==") \(rhs.source))"
        )
    }

    private func ordered<T: Comparable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
        if chance(0.3) { return equality(lhs, rhs) }
        let (op, symbol): (P.ComparisonOperator, String) =
            pick([(.lessThan, "<"), (.lessThanOrEqual, "<="), (.greaterThan, ">"), (.greaterThanOrEqual, ">=")])
        return Node(
            expression: Build.compare(lhs.expression, rhs.expression, op),
            source: "(\(lhs.source) \(symbol) \(rhs.source))")
    }

    private func conditional<T>(_ depth: Int, _ make: (Int) -> Node<T>) -> Node<T> {
        feature("? :")
        let test = bool(depth - 1)
        let whenTrue = make(depth - 1)
        let whenFalse = make(depth - 1)
        return Node(
            expression: Build.conditional(test.expression, whenTrue.expression, whenFalse.expression),
            source: "(\(test.source) ? \(whenTrue.source) : \(whenFalse.source))"
        )
    }

    private func coalesce<T>(_ optional: Node<T?>, _ fallback: Node<T>) -> Node<T> {
        feature("??")
        return Node(
            expression: Build.coalesce(optional.expression, fallback.expression),
            source: "(\(optional.source) ?? \(fallback.source))")
    }

    /// A model in scope: mostly the innermost (a closure's body is mostly about its variable), sometimes an outer one.
    private func pickScoped() -> Scoped {
        if scope.count == 1 || chance(0.65) { return scope[scope.count - 1] }
        if scope.count > 1 { feature("outer variable in a closure") }
        return pick(scope)
    }

    /// The models of type `M` in scope, innermost last.
    private func inScope<M>(_ type: M.Type) -> [Node<M>] {
        scope.compactMap { $0.node as? Node<M> }
    }

    /// Whether `model(M.self, _)` finds one.
    private func canReach<M>(_ type: M.Type) -> Bool {
        !inScope(M.self).isEmpty || ((M.self == Studio.self || M.self == Dancer.self) && !inScope(Dancer.self).isEmpty)
    }

    /// A model of type `M` in scope (the innermost mostly), or reached from one: `row.studio`, `(row.leader ?? row)`.
    private func model<M>(_ type: M.Type, _ depth: Int) -> Node<M>? {
        var options: [(Int, () -> Node<M>?)] = []
        let direct = inScope(M.self)
        if !direct.isEmpty { options.append((4, { self.chance(0.7) ? direct[direct.count - 1] : self.pick(direct) })) }
        let dancers = inScope(Dancer.self)
        if !dancers.isEmpty, M.self == Studio.self {
            options.append((2, { self.member(self.pick(dancers), \.studio, "studio") as? Node<M> }))
        }
        if !direct.isEmpty, depth > 0 {
            options.append(
                (
                    1,
                    {
                        // `(c ? row : v1)`: a choice between models.
                        self.feature("? : between models")
                        let test = self.bool(depth - 1)
                        let first = direct[direct.count - 1], second = self.pick(direct)
                        return Node(
                            expression: Build.conditional(test.expression, first.expression, second.expression),
                            source: "(\(test.source) ? \(first.source) : \(second.source))"
                        )
                    }
                ))
        }
        if !dancers.isEmpty, M.self == Dancer.self {
            options.append(
                (
                    1,
                    {
                        // `(row.leader ?? row)`: a model reached through `??`.
                        let dancer = self.pick(dancers)
                        return self.coalesce(self.dancerReference(dancer, 0), dancer) as? Node<M>
                    }
                ))
        }
        return options.isEmpty ? nil : weighted(options)
    }

    // MARK: Closures

    /// Builds a closure body twice from the same random state (see `Build.flatMap`): with a stand-in variable, to
    /// learn the body's concrete type, then with the real one. The variable is printed as `source` (the `base?` of
    /// an optional chain) or named `vN`; with `scoped`, a model variable is in scope for the body's atoms.
    private func closure<W, R>(
        source: String?, scoped: Bool, _ make: @escaping (Node<W>) -> Node<R>
    ) -> (name: String, trial: Node<R>, body: (P.Variable<W>) -> Expr<R>) {
        let saved = (random, nextVariableNumber)
        let name = source ?? "v\(nextVariableNumber)"
        nextVariableNumber += 1
        func build(_ variable: P.Variable<W>) -> Node<R> {
            closureDepth += 1
            let node = Node<W>(expression: variable, source: name)
            let pushed = scoped ? Scoped(node) : nil
            if let pushed { scope.append(pushed) }
            defer {
                if pushed != nil { scope.removeLast() }
                closureDepth -= 1
            }
            return make(node)
        }
        let trial = build(P.Variable<W>())
        return (
            name, trial,
            { variable in
                (self.random, self.nextVariableNumber) = saved
                self.nextVariableNumber += 1
                let body = build(variable)
                if body.source != trial.source { self.replayMismatches += 1 }
                return body.expression
            }
        )
    }

    /// `optional?.<path>`: a `flatMap` whose body is a path from the unwrapped value that is not optional.
    private func chain<W, R>(_ optional: Node<W?>, _ path: @escaping (Node<W>) -> Node<R>) -> Node<R?> {
        feature("?.")
        let (_, trial, body) = closure(source: "\(optional.source)?", scoped: false, path)
        return Node(expression: Build.flatMap(optional.expression, trial: trial.expression, body), source: trial.source)
    }

    /// `optional?.<path>` whose path is itself optional: `row.leader?.leader`, flattened as optional chaining does.
    private func chainFlat<W, R>(_ optional: Node<W?>, _ path: @escaping (Node<W>) -> Node<R?>) -> Node<R?> {
        feature("?.")
        let (_, trial, body) = closure(source: "\(optional.source)?", scoped: false, path)
        return Node(
            expression: Build.flatMapFlattening(optional.expression, trial: trial.expression, body),
            source: trial.source)
    }

    /// `optional.flatMap { vN in <body> }`, the variable in scope.
    private func flatMapBody<W, R>(_ optional: Node<W?>, _ make: @escaping () -> Node<R>) -> Node<R?> {
        feature("flatMap { }")
        let (name, trial, body) = closure(source: nil, scoped: true) { (_: Node<W>) in make() }
        return Node(
            expression: Build.flatMap(optional.expression, trial: trial.expression, body),
            source: "\(optional.source).flatMap { \(name) in \(trial.source) }"
        )
    }

    /// Whether an atom at `depth` may be a quantifier: always when it has depth to spare, and up to two nested
    /// levels at depth 0 (whose bodies are atoms), so nesting is common but bounded.
    private func canQuantify(_ depth: Int) -> Bool { depth > 0 || quantifierDepth < 2 }

    /// `collection.contains { vN in … }` or `allSatisfy`, the element in scope.
    private func quantifier<E>(_ collection: Node<[E]>, all: Bool, _ depth: Int) -> Node<Bool> {
        feature(all ? "allSatisfy { }" : "contains { }")
        quantifierDepth += 1
        defer { quantifierDepth -= 1 }
        if quantifierDepth > 1 { feature("nested quantifier") }
        // The body is as deep as the atom (not one less), so quantifiers nest.
        let (name, trial, body) = closure(source: nil, scoped: true) { (_: Node<E>) in self.bool(depth) }
        return Node(
            expression: all
                ? Build.allSatisfy(collection.expression, trial: trial.expression, body)
                : Build.containsWhere(collection.expression, trial: trial.expression, body),
            source: "\(collection.source).\(all ? "allSatisfy" : "contains") { \(name) in \(trial.source) }"
        )
    }

    // MARK: Bool

    /// A Boolean expression no deeper than `depth`; outside closures, it is numbered for capture.
    func bool(_ depth: Int) -> Node<Bool> {
        let node = makeBool(depth)
        if closureDepth == 0 {
            if booleanNodeCount == captureIndex { captured = node }
            booleanNodeCount += 1
        }
        return node
    }

    private func makeBool(_ depth: Int) -> Node<Bool> {
        if depth <= 0 {
            return weighted([
                (
                    1,
                    {
                        let value = self.chance(0.5); return self.constant(value, "\(value)")
                    }
                ),
                (14, { self.atom(0) }),
            ])
        }
        return weighted([
            (
                4,
                {
                    self.feature("&&")
                    let lhs = self.bool(depth - 1), rhs = self.bool(depth - 1)
                    return Node(
                        expression: Build.and(lhs.expression, rhs.expression),
                        source: "(\(lhs.source) && \(rhs.source))")
                }
            ),
            (
                4,
                {
                    self.feature("||")
                    let lhs = self.bool(depth - 1), rhs = self.bool(depth - 1)
                    return Node(
                        expression: Build.or(lhs.expression, rhs.expression), source: "(\(lhs.source) || \(rhs.source))"
                    )
                }
            ),
            (
                3,
                {
                    self.feature("!")
                    let wrapped = self.bool(depth - 1)
                    return Node(expression: Build.not(wrapped.expression), source: "!\(wrapped.source)")
                }
            ),
            (1, { self.conditional(depth) { self.bool($0) } }),
            (1, { self.equality(self.bool(depth - 1), self.bool(depth - 1)) }),
            (2, { self.optionalBoolTest(self.optionalBool(depth - 1), depth - 1) }),
            (9, { self.atom(depth - 1) }),
        ])
    }

    /// `b == true`, `b != false`, `b == nil`, or `b ?? <bool>` for an optional Boolean.
    private func optionalBoolTest(_ value: Node<Bool?>, _ depth: Int) -> Node<Bool> {
        if chance(0.4) {
            if chance(0.6) {
                let fallback = chance(0.5)
                return coalesce(value, constant(fallback, "\(fallback)"))
            }
            return coalesce(value, bool(depth))
        }
        let other: Bool? = pick([true, true, false, nil])
        return equality(value, constant(other, other.map { "\($0)" } ?? "nil"))
    }

    /// An optional Boolean: a test through an optional chain, or a `flatMap` body.
    private func optionalBool(_ depth: Int) -> Node<Bool?> {
        var options: [(Int, () -> Node<Bool?>)] = []
        for reference in optionalReferences(depth) {
            options.append(
                (
                    2,
                    {
                        switch reference() {
                        case .author(let author): self.optionalModelBool(author, depth)
                        case .dancer(let dancer): self.optionalModelBool(dancer, depth)
                        case .studio(let studio): self.optionalModelBool(studio, depth)
                        }
                    }
                ))
        }
        if options.isEmpty || chance(0.1) {
            let value: Bool? = pick([true, false, nil])
            return constant(value, value.map { "\($0)" } ?? "nil")
        }
        return weighted(options)
    }

    /// A test through an optional model: `ref?.name.contains(x)`, `ref?.books.isEmpty`, `ref.flatMap { v in … }`.
    private func optionalModelBool<M>(_ reference: Node<M?>, _ depth: Int) -> Node<Bool?> {
        var options: [(Int, () -> Node<Bool?>)] = [
            (3, { self.chain(reference) { self.chainedStringTest(self.attribute(of: $0)) } })
        ]
        if M.self == Author.self || M.self == Studio.self {
            options.append((3, { self.chain(reference) { self.chainedCollectionTest($0, depth) } }))
        }
        if depth > 0 { options.append((3, { self.flatMapBody(reference) { self.bool(depth - 1) } })) }
        return weighted(options)
    }

    // MARK: Atoms

    private func atom(_ depth: Int) -> Node<Bool> {
        weighted([
            (12, { self.modelAtom(self.pickScoped(), depth) }),
            (
                2,
                {
                    // A test on a model reached otherwise: `(c ? row : v1).name`, `row.leader ?? row`, `v1.studio`.
                    let reached: Scoped? =
                        switch self.pickScoped() {
                        case .author: self.model(Author.self, depth).map { .author($0) }
                        case .book: self.model(Book.self, depth).map { .book($0) }
                        case .genre: self.model(Genre.self, depth).map { .genre($0) }
                        case .dancer: self.model(Dancer.self, depth).map { .dancer($0) }
                        case .studio: self.model(Studio.self, depth).map { .studio($0) }
                        }
                    return self.modelAtom(reached ?? self.scope[self.scope.count - 1], max(depth - 1, 0))
                }
            ),
            (1, { self.ordered(self.int(depth), self.int(depth)) }),
            (
                1,
                {
                    self.equality(
                        self.optionalString(depth),
                        self.chance(0.3) ? self.nilNode(String.self) : self.optionalString(depth))
                }
            ),
            (
                1,
                {
                    self.equality(
                        self.optionalInt(depth), self.chance(0.3) ? self.nilNode(Int.self) : self.optionalInt(depth))
                }
            ),
            (1, { self.stringAtom(self.nfc { self.string(depth) }, depth) }),
        ])
    }

    /// A test about one model: its attribute, its relationships, its identity.
    private func modelAtom(_ model: Scoped, _ depth: Int) -> Node<Bool> {
        switch model {
        case .author(let author):
            return weighted([
                (3, { self.stringAtom(self.member(author, \.name, "name"), depth) }),
                (5, { self.collectionAtom(self.relationship(author, \.books, "books", depth), depth) }),
                (2, { self.identityAtom(author, depth) }),
            ])
        case .book(let book):
            return weighted([
                (3, { self.stringAtom(self.member(book, \.title, "title"), depth) }),
                (6, { self.optionalModelAtom(self.authorReference(book, depth), depth) }),
                (4, { self.collectionAtom(self.relationship(book, \.tags, "tags", depth), depth) }),
                (2, { self.identityAtom(book, depth) }),
            ])
        case .genre(let genre):
            return weighted([
                (3, { self.stringAtom(self.member(genre, \.name, "name"), depth) }),
                (5, { self.collectionAtom(self.relationship(genre, \.books, "books", depth), depth) }),
                (2, { self.identityAtom(genre, depth) }),
            ])
        case .dancer(let dancer):
            return weighted([
                (3, { self.stringAtom(self.member(dancer, \.name, "name"), depth) }),
                (7, { self.optionalModelAtom(self.dancerReference(dancer, depth), depth) }),
                (1, { self.optionalModelAtom(self.studioReference(dancer, depth), depth) }),
                (
                    2,
                    {
                        self.feature("required to-one")
                        return self.modelAtom(.studio(self.member(dancer, \.studio, "studio")), depth)
                    }
                ),
                (
                    1,
                    {
                        // `(row.leader ?? row).name`: a model reached through `??`.
                        self.modelAtom(
                            .dancer(self.coalesce(self.dancerReference(dancer, 0), dancer)), max(depth - 1, 0))
                    }
                ),
                (2, { self.identityAtom(dancer, depth) }),
            ])
        case .studio(let studio):
            return weighted([
                (3, { self.stringAtom(self.member(studio, \.city, "city"), depth) }),
                (5, { self.collectionAtom(self.relationship(studio, \.dancers, "dancers", depth), depth) }),
                (2, { self.identityAtom(studio, depth) }),
            ])
        }
    }

    /// A test through an optional to-one relationship.
    private func optionalModelAtom<M: PersistentModel>(_ reference: Node<M?>, _ depth: Int) -> Node<Bool> {
        var options: [(Int, () -> Node<Bool>)] = [
            (
                4,
                {
                    let negated = self.chance(0.4)
                    self.feature(negated ? "!= nil" : "== nil")
                    let nilValue = self.nilNode(M.self)
                    return Node(
                        expression: Build.equal(reference.expression, nilValue.expression, negated: negated),
                        source: "(\(reference.source) \(negated ? "!=" : "==") nil)"
                    )
                }
            ),
            (
                5,
                {
                    let attribute = self.chain(reference) { self.attribute(of: $0) }
                    return self.optionalStringAtom(attribute, depth)
                }
            ),
            (4, { self.optionalBoolTest(self.optionalModelBool(reference, depth), depth) }),
            (2, { self.optionalIdentityAtom(reference, depth) }),
            (
                1,
                {
                    // Two references of one type: `row.leader == row.follower`, `v1.author == row.author`.
                    self.feature("model ==")
                    return self.equality(reference, self.optionalReference(M.self, depth) ?? reference)
                }
            ),
        ]
        if M.self == Author.self || M.self == Studio.self {
            options.append(
                (
                    2,
                    {
                        // `row.author?.books.count`
                        let count = self.chain(reference) { self.collectionCount(of: $0) }
                        let (value, source) = self.countConstant()
                        return self.chance(0.5)
                            ? self.ordered(self.coalesce(count, self.constant(value, source)), self.int(depth))
                            : self.equality(
                                count,
                                self.chance(0.3) ? self.nilNode(Int.self) : self.constant(Optional(value), source))
                    }
                ))
        }
        return weighted(options)
    }

    /// `make()` with string constants in NFC: for operands that may be ordered.
    private func nfc<T>(_ make: () -> T) -> T {
        nfcOnly += 1
        defer { nfcOnly -= 1 }
        return make()
    }

    /// `==`, `!=`, `<`, `contains`, `starts(with:)`, `localizedStandardContains`, `isEmpty`, `count` on a string.
    /// `text` must not be a non-NFC constant (it may be ordered).
    private func stringAtom(_ text: Node<String>, _ depth: Int) -> Node<Bool> {
        weighted([
            (4, { self.equality(text, self.string(depth)) }),
            (
                2,
                {
                    // An ordering, against an NFC constant or another attribute (stored strings are NFC).
                    let other = self.nfc { self.chance(0.7) ? self.stringConstant() : self.string(depth) }
                    self.feature("string <")
                    return self.ordered(text, other)
                }
            ),
            (5, { self.stringTest(text, self.chance(0.8) ? self.stringConstant() : self.string(depth)) }),
            (
                1,
                {
                    self.feature("isEmpty")
                    return self.member(text, \.isEmpty, "isEmpty")
                }
            ),
            (
                1,
                {
                    let (value, source) = self.countConstant();
                    return self.ordered(self.member(text, \.count, "count"), self.constant(value, source))
                }
            ),
        ])
    }

    /// A string test written as a method call (so it reads as one optional chain: `row.author?.name.contains(x)`).
    private func chainedStringTest(_ text: Node<String>) -> Node<Bool> {
        chance(0.15) ? member(text, \.isEmpty, "isEmpty") : stringTest(text, stringConstant())
    }

    private func stringTest(_ base: Node<String>, _ other: Node<String>) -> Node<Bool> {
        weighted([
            (
                2,
                {
                    self.feature("contains(string)")
                    return Node(
                        expression: Build.stringContains(base.expression, other.expression),
                        source: "\(base.source).contains(\(other.source))")
                }
            ),
            (
                1,
                {
                    self.feature("starts(with:)")
                    return Node(
                        expression: Build.startsWith(base.expression, other.expression),
                        source: "\(base.source).starts(with: \(other.source))")
                }
            ),
            (
                1,
                {
                    self.feature("localizedStandardContains")
                    return Node(
                        expression: Build.localizedStandardContains(base.expression, other.expression),
                        source: "\(base.source).localizedStandardContains(\(other.source))"
                    )
                }
            ),
        ])
    }

    /// An optional string compared with a constant, nil, or another optional string.
    private func optionalStringAtom(_ text: Node<String?>, _ depth: Int) -> Node<Bool> {
        weighted([
            (
                4,
                {
                    let (value, source) = self.optionalStringConstant();
                    return self.equality(text, self.constant(value, source))
                }
            ),
            (1, { self.equality(text, self.nilNode(String.self)) }),
            (2, { self.equality(text, self.optionalString(depth)) }),
            (
                2,
                {
                    // `(row.author?.name ?? "") < "x"`
                    let (value, source) = self.stringConstantValue(nfc: true)
                    return self.stringAtom(self.coalesce(text, self.constant(value, source)), depth)
                }
            ),
        ])
    }

    /// `model.<relationship>`, or sometimes `(c ? model.<relationship> : other.<relationship>)`: one relationship of
    /// a choice of owners.
    private func relationship<M, E>(
        _ model: Node<M>, _ keyPath: KeyPath<M, [E]> & Sendable, _ name: String, _ depth: Int
    ) -> Node<[E]> {
        let first = member(model, keyPath, name)
        guard depth > 0, chance(0.12) else { return first }
        feature("? : between relationships")
        let test = bool(depth - 1)
        let second = member(self.model(M.self, depth - 1) ?? model, keyPath, name)
        return Node(
            expression: Build.conditional(test.expression, first.expression, second.expression),
            source: "(\(test.source) ? \(first.source) : \(second.source))"
        )
    }

    /// `collection.filter { vN in … }`, the element in scope: still a collection of the relationship's models.
    private func filtered<E>(_ collection: Node<[E]>, _ depth: Int) -> Node<[E]> {
        feature("filter { }")
        quantifierDepth += 1
        defer { quantifierDepth -= 1 }
        let (name, trial, body) = closure(source: nil, scoped: true) { (_: Node<E>) in self.bool(max(depth - 1, 0)) }
        return Node(
            expression: Build.filter(collection.expression, trial: trial.expression, body),
            source: "\(collection.source).filter { \(name) in \(trial.source) }"
        )
    }

    /// Tests on a to-many relationship, sometimes filtered first: `isEmpty`, `!isEmpty`, `count`, `contains { }`,
    /// `allSatisfy { }`, `contains(model)`.
    private func collectionAtom<E: PersistentModel>(_ collection: Node<[E]>, _ depth: Int) -> Node<Bool> {
        let collection = canQuantify(depth) && chance(0.2) ? filtered(collection, depth) : collection
        var options: [(Int, () -> Node<Bool>)] = [
            (4, { self.chainedCollectionTest(collection, depth) }),
            (
                2,
                {
                    self.feature("!isEmpty")
                    let isEmpty = self.member(collection, \.isEmpty, "isEmpty")
                    return Node(expression: Build.not(isEmpty.expression), source: "!\(isEmpty.source)")
                }
            ),
            (
                4,
                {
                    self.feature("count")
                    let count = self.member(collection, \.count, "count")
                    if self.chance(0.8) {
                        let (value, source) = self.countConstant()
                        return self.ordered(count, self.constant(value, source))
                    }
                    return self.ordered(count, self.int(depth))
                }
            ),
        ]
        if canQuantify(depth) {
            options.append((4, { self.quantifier(collection, all: false, depth) }))
            options.append((2, { self.quantifier(collection, all: true, depth) }))
        }
        return weighted(options)
    }

    /// A test on a to-many relationship written as a member or method (reads as one optional chain).
    private func chainedCollectionTest<E: PersistentModel>(_ collection: Node<[E]>, _ depth: Int) -> Node<Bool> {
        var options: [(Int, () -> Node<Bool>)] = [
            (
                3,
                {
                    self.feature("isEmpty")
                    return self.member(collection, \.isEmpty, "isEmpty")
                }
            )
        ]
        if canReach(E.self) {
            options.append(
                (
                    3,
                    {
                        self.feature("contains(model)")
                        guard let element = self.model(E.self, depth) else {
                            return self.member(collection, \.isEmpty, "isEmpty")
                        }
                        return Node(
                            expression: Build.contains(collection.expression, element.expression),
                            source: "\(collection.source).contains(\(element.source))"
                        )
                    }
                ))
        }
        if canQuantify(depth) {
            options.append((4, { self.quantifier(collection, all: false, depth) }))
            options.append((2, { self.quantifier(collection, all: true, depth) }))
        }
        return weighted(options)
    }

    /// `chainedCollectionTest` on the to-many relationship of an author (`books`) or a studio (`dancers`).
    private func chainedCollectionTest<M>(_ model: Node<M>, _ depth: Int) -> Node<Bool> {
        if let author = model as? Node<Author> { return chainedCollectionTest(member(author, \.books, "books"), depth) }
        if let studio = model as? Node<Studio> {
            return chainedCollectionTest(member(studio, \.dancers, "dancers"), depth)
        }
        if let book = model as? Node<Book> { return chainedCollectionTest(member(book, \.tags, "tags"), depth) }
        if let genre = model as? Node<Genre> { return chainedCollectionTest(member(genre, \.books, "books"), depth) }
        return constant(true, "true")
    }

    // MARK: Identity

    /// A constant identifier of an `entity` row: mostly of this store, sometimes of another entity or store.
    private func identifierConstant(_ entity: String) -> (PersistentIdentifier, String)? {
        let entities = constants.ids.keys.sorted()
        let choice = weighted([
            (17, { (self.constants.ids[entity] ?? [], "id") }),
            (
                2,
                {
                    self.feature("id of another entity")
                    return (self.constants.ids[self.pick(entities.filter { $0 != entity })] ?? [], "id")
                }
            ),
            (
                1,
                {
                    self.feature("id of another store")
                    return (self.constants.foreignIDs[entity] ?? [], "idInAnotherStore")
                }
            ),
        ])
        guard !choice.0.isEmpty else { return nil }
        let id = pick(choice.0)
        return (id, "\(choice.1)(\"\(id)\")")
    }

    /// The `persistentModelID` of a model in scope (any type).
    private func identifier(of model: Scoped) -> Node<PersistentIdentifier> {
        switch model {
        case .author(let node): member(node, \.persistentModelID, "persistentModelID")
        case .book(let node): member(node, \.persistentModelID, "persistentModelID")
        case .genre(let node): member(node, \.persistentModelID, "persistentModelID")
        case .dancer(let node): member(node, \.persistentModelID, "persistentModelID")
        case .studio(let node): member(node, \.persistentModelID, "persistentModelID")
        }
    }

    /// `model.persistentModelID` compared with a constant, a captured array, or another model's; `model == other`.
    private func identityAtom<M: PersistentModel>(_ model: Node<M>, _ depth: Int) -> Node<Bool> {
        feature("persistentModelID")
        let id = member(model, \.persistentModelID, "persistentModelID")
        let entity = M.entityName
        var options: [(Int, () -> Node<Bool>)] = [
            (
                1,
                {
                    // Against another model in scope, of any type.
                    if self.scope.count > 1 { self.feature("id == id") }
                    return self.equality(id, self.identifier(of: self.pickScoped()))
                }
            )
        ]
        options.append(
            (
                4,
                {
                    guard let (value, source) = self.identifierConstant(entity) else { return self.equality(id, id) }
                    return self.equality(id, self.constant(value, source))
                }
            ))
        options.append(
            (
                1,
                {
                    guard let (value, source) = self.identifierConstant(entity) else { return self.ordered(id, id) }
                    self.feature("id <")
                    return self.ordered(id, self.constant(value, source))
                }
            ))
        options.append(
            (
                2,
                {
                    // `[id(…), …].contains(row.persistentModelID)`
                    self.feature("ids.contains(id)")
                    let members = (0..<self.pick([0, 1, 2, 3])).compactMap { _ in self.identifierConstant(entity) }
                    return Node(
                        expression: Build.contains(Build.value(members.map(\.0)), id.expression),
                        source: "[\(members.map(\.1).joined(separator: ", "))].contains(\(id.source))"
                    )
                }
            ))
        if canReach(M.self) {
            options.append(
                (
                    1,
                    {
                        self.feature("model ==")
                        return self.equality(model, self.model(M.self, depth) ?? model)
                    }
                ))
        }
        return weighted(options)
    }

    /// `reference?.persistentModelID` compared with a constant identifier, nil, or another's.
    private func optionalIdentityAtom<M: PersistentModel>(_ reference: Node<M?>, _ depth: Int) -> Node<Bool> {
        feature("persistentModelID")
        let id = chain(reference) { self.member($0, \.persistentModelID, "persistentModelID") }
        var options: [(Int, () -> Node<Bool>)] = [
            (1, { self.equality(id, self.nilNode(PersistentIdentifier.self)) })
        ]
        options.append(
            (
                5,
                {
                    guard let (value, source) = self.identifierConstant(M.entityName) else {
                        return self.equality(id, id)
                    }
                    return self.equality(id, self.constant(Optional(value), source))
                }
            ))
        for reference in optionalReferences(depth) {
            // Another reference's identifier, of any type: `row.leader?.persistentModelID == (row.leader?.studio)?.persistentModelID`.
            options.append(
                (
                    1,
                    {
                        self.feature("id == id")
                        let other: Node<PersistentIdentifier?> =
                            switch reference() {
                            case .author(let author):
                                self.chain(author) { self.member($0, \.persistentModelID, "persistentModelID") }
                            case .dancer(let dancer):
                                self.chain(dancer) { self.member($0, \.persistentModelID, "persistentModelID") }
                            case .studio(let studio):
                                self.chain(studio) { self.member($0, \.persistentModelID, "persistentModelID") }
                            }
                        return self.equality(id, other)
                    }
                ))
        }
        return weighted(options)
    }

    // MARK: Optional references

    /// An optional reference of any type reachable from a model in scope (`book.author`, `dancer.leader`, …).
    private enum Reference {
        case author(Node<Author?>), dancer(Node<Dancer?>), studio(Node<Studio?>)
    }

    /// Makers of the optional references the scope reaches.
    private func optionalReferences(_ depth: Int) -> [() -> Reference] {
        var makers: [() -> Reference] = []
        let books = inScope(Book.self), dancers = inScope(Dancer.self)
        if !books.isEmpty { makers.append({ .author(self.authorReference(self.pick(books), depth)) }) }
        if !dancers.isEmpty {
            makers.append({ .dancer(self.dancerReference(self.pick(dancers), depth)) })
            makers.append({ .studio(self.studioReference(self.pick(dancers), depth)) })
        }
        return makers
    }

    /// Another optional reference of type `M` the scope reaches, if any.
    private func optionalReference<M>(_ type: M.Type, _ depth: Int) -> Node<M?>? {
        if M.self == Author.self, !inScope(Book.self).isEmpty {
            return authorReference(pick(inScope(Book.self)), depth) as? Node<M?>
        }
        if M.self == Dancer.self, !inScope(Dancer.self).isEmpty {
            return dancerReference(pick(inScope(Dancer.self)), depth) as? Node<M?>
        }
        if M.self == Studio.self, !inScope(Dancer.self).isEmpty {
            return studioReference(pick(inScope(Dancer.self)), depth) as? Node<M?>
        }
        return nil
    }

    /// `book.author`, or a conditional between two books' authors.
    private func authorReference(_ book: Node<Book>, _ depth: Int) -> Node<Author?> {
        if depth > 0, chance(0.08) {
            let books = inScope(Book.self)
            return conditional(depth) { _ in self.member(self.pick(books.isEmpty ? [book] : books), \.author, "author")
            }
        }
        return member(book, \.author, "author")
    }

    /// `dancer.leader`, `dancer.follower`, chains of them (`dancer.leader?.leader`), or a conditional between two.
    private func dancerReference(_ dancer: Node<Dancer>, _ depth: Int) -> Node<Dancer?> {
        var options: [(Int, () -> Node<Dancer?>)] = [
            (4, { self.member(dancer, \.leader, "leader") }),
            (3, { self.member(dancer, \.follower, "follower") }),
        ]
        if depth > 0 {
            options.append(
                (
                    3,
                    {
                        // `dancer.leader?.follower?.leader`: a hop after a chain.
                        self.feature("multi-hop ?.")
                        return self.chainFlat(self.dancerReference(dancer, depth - 1)) { hop in
                            self.chance(0.6)
                                ? self.member(hop, \.leader, "leader") : self.member(hop, \.follower, "follower")
                        }
                    }
                ))
            options.append(
                (
                    1,
                    {
                        self.conditional(depth) {
                            self.dancerReference(
                                self.pick(self.inScope(Dancer.self).isEmpty ? [dancer] : self.inScope(Dancer.self)), $0)
                        }
                    }
                ))
        }
        return weighted(options)
    }

    /// `(dancer.leader?.studio)`: a required to-one after an optional one. Parenthesized, so that chaining on
    /// reads as Swift (`(row.leader?.studio)?.city`; `studio` itself is not optional).
    private func studioReference(_ dancer: Node<Dancer>, _ depth: Int) -> Node<Studio?> {
        let studio = chain(dancerReference(dancer, max(depth - 1, 0))) { self.member($0, \.studio, "studio") }
        return Node(expression: studio.expression, source: "(\(studio.source))")
    }

    // MARK: Values

    /// The string attribute of a model: `name`, `title`, `city`, or a dancer's `studio.city`.
    private func attribute(of model: Scoped) -> Node<String> {
        switch model {
        case .author(let node): member(node, \.name, "name")
        case .book(let node): member(node, \.title, "title")
        case .genre(let node): member(node, \.name, "name")
        case .dancer(let node):
            chance(0.8) ? member(node, \.name, "name") : member(member(node, \.studio, "studio"), \.city, "city")
        case .studio(let node): member(node, \.city, "city")
        }
    }

    private func attribute<M>(of model: Node<M>) -> Node<String> {
        Scoped(model).map { attribute(of: $0) } ?? constant("", "\"\"")
    }

    /// The count of a model's to-many relationship.
    private func collectionCount<M>(of model: Node<M>) -> Node<Int> {
        feature("count")
        if let author = model as? Node<Author> { return member(member(author, \.books, "books"), \.count, "count") }
        if let book = model as? Node<Book> { return member(member(book, \.tags, "tags"), \.count, "count") }
        if let genre = model as? Node<Genre> { return member(member(genre, \.books, "books"), \.count, "count") }
        if let studio = model as? Node<Studio> { return member(member(studio, \.dancers, "dancers"), \.count, "count") }
        if let dancer = model as? Node<Dancer> {
            return member(member(member(dancer, \.studio, "studio"), \.dancers, "dancers"), \.count, "count")
        }
        return constant(0, "0")
    }

    private func countConstant() -> (Int, String) {
        let value = pick([0, 0, 1, 1, 2, 3, 4, -1])
        return (value, "\(value)")
    }

    private func int(_ depth: Int) -> Node<Int> {
        var options: [(Int, () -> Node<Int>)] = [
            (
                3,
                {
                    let (value, source) = self.countConstant(); return self.constant(value, source)
                }
            ),
            (
                4,
                {
                    switch self.pickScoped() {
                    case .author(let node): self.collectionCount(of: node)
                    case .book(let node): self.collectionCount(of: node)
                    case .genre(let node): self.collectionCount(of: node)
                    case .dancer(let node): self.collectionCount(of: node)
                    case .studio(let node): self.collectionCount(of: node)
                    }
                }
            ),
            (1, { self.member(self.attribute(of: self.pickScoped()), \.count, "count") }),
            (
                2,
                {
                    let (value, source) = self.countConstant();
                    return self.coalesce(self.optionalInt(depth), self.constant(value, source))
                }
            ),
        ]
        if depth > 0 {
            options.append(
                (
                    1,
                    {
                        let lhs = self.int(depth - 1), rhs = self.int(depth - 1)
                        let add = self.chance(0.5)
                        return Node(
                            expression: Build.arithmetic(lhs.expression, rhs.expression, add ? .add : .subtract),
                            source: "(\(lhs.source) \(add ? "+" : "-") \(rhs.source))"
                        )
                    }
                ))
            options.append((1, { self.conditional(depth) { self.int($0) } }))
        }
        return weighted(options)
    }

    /// `ref?.books.count`, `ref?.name.count`, or a constant.
    private func optionalInt(_ depth: Int) -> Node<Int?> {
        var options: [(Int, () -> Node<Int?>)] = [
            (
                1,
                {
                    let value: Int? = self.chance(0.3) ? nil : self.countConstant().0
                    return self.constant(value, value.map { "\($0)" } ?? "nil")
                }
            )
        ]
        for reference in optionalReferences(depth) {
            options.append(
                (
                    2,
                    {
                        switch reference() {
                        case .author(let author): self.chain(author) { self.collectionCount(of: $0) }
                        case .studio(let studio): self.chain(studio) { self.collectionCount(of: $0) }
                        case .dancer(let dancer):
                            self.chain(dancer) { self.member(self.attribute(of: $0), \.count, "count") }
                        }
                    }
                ))
        }
        return weighted(options)
    }

    private func stringConstantValue(nfc: Bool = false) -> (String, String) {
        let value = weighted([
            (4, { self.pick(self.constants.strings) }),
            (2, { self.pick(FuzzValues.words) }),
            (
                2,
                {
                    // A piece of a corpus string, so containment and prefixes match.
                    let text = Array(self.pick(self.constants.strings))
                    guard !text.isEmpty else { return "" }
                    let start = Int.random(in: 0..<text.count, using: &self.random)
                    let end = Int.random(in: start...text.count, using: &self.random)
                    return String(text[start..<end])
                }
            ),
            (1, { FuzzValues.nfd(self.pick(self.constants.strings)) }),
        ])
        let constant = nfc || nfcOnly > 0 ? value.precomposedStringWithCanonicalMapping : value
        return (constant, swiftLiteral(constant))
    }

    private func stringConstant(nfc: Bool = false) -> Node<String> {
        let (value, source) = stringConstantValue(nfc: nfc)
        return constant(value, source)
    }

    private func optionalStringConstant() -> (String?, String) {
        if chance(0.15) { return (nil, "nil") }
        let (value, source) = stringConstantValue()
        return (value, source)
    }

    private func string(_ depth: Int) -> Node<String> {
        var options: [(Int, () -> Node<String>)] = [
            (5, { self.attribute(of: self.pickScoped()) }),
            (4, { self.stringConstant() }),
            (2, { self.coalesce(self.optionalString(depth), self.stringConstant()) }),
        ]
        if depth > 0 { options.append((1, { self.conditional(depth) { self.string($0) } })) }
        return weighted(options)
    }

    /// `ref?.name` for a reference the scope reaches, or a constant.
    private func optionalString(_ depth: Int) -> Node<String?> {
        var options: [(Int, () -> Node<String?>)] = [
            (
                1,
                {
                    let (value, source) = self.optionalStringConstant(); return self.constant(value, source)
                }
            )
        ]
        for reference in optionalReferences(depth) {
            options.append(
                (
                    3,
                    {
                        switch reference() {
                        case .author(let author): self.chain(author) { self.attribute(of: $0) }
                        case .dancer(let dancer): self.chain(dancer) { self.attribute(of: $0) }
                        case .studio(let studio): self.chain(studio) { self.attribute(of: $0) }
                        }
                    }
                ))
        }
        if depth > 0 { options.append((1, { self.conditional(depth) { self.optionalString($0) } })) }
        return weighted(options)
    }
}
