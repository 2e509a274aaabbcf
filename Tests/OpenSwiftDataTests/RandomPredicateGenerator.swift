import Foundation
import OpenSwiftData

/// Generates random, depth-limited `Predicate<Sample>` trees from Foundation's expression types (and OpenSwiftData's
/// string expressions), each with Swift source that reproduces it.
///
/// Only shapes the translator supports are generated, and only ones `Predicate.evaluate` can evaluate without
/// trapping:
/// - Integer arithmetic (`+ - *`, unary minus) only on small values (`count ?? k`, `text.count`, small
///   constants…), never on `integer`/`wide`, which hold `Int.min`/`Int.max`: Swift traps on overflow. Division and
///   remainder only by a constant other than 0 and -1 (`Int.min / -1` traps too).
/// - Floating-point arithmetic with a finite, non-zero constant operand, or division by a zero or a column that
///   may be zero (±infinity, or NaN for `0 / 0`). NaN only where the type is not optional: SQLite has no NaN
///   (it is NULL), and NULL is how SQL spells `nil`, so an optional holding NaN (`score.flatMap { $0 / 0 }`) is
///   nil in SQL (a documented difference, `PredicateRegressionTests.optionalNotANumberIsNilInSQL`).
/// - Ranges only with constant bounds in order (`5...3` traps), written in the predicate or captured (the source
///   writes a captured value as `captured(…)`: `let c = …` outside the predicate).
/// - Shapes on which `evaluate` throws for some rows — `as!` on nil, subscripts out of range — are generated: such a
///   row does not match, in SQL as in the test's reading of `evaluate`.
/// - Strings are ordered (`<`, ranges) and passed to `caseInsensitiveCompare`/`localizedCompare` only in NFC. The
///   store compares NFC forms (canonically equal strings are one string), but Swift 6.3's `String` `<` is not a
///   total order when one operand is not in NFC and is canonically a prefix of the other (`"caf\u{E9}b"` and
///   `"cafe\u{301}"` are neither `<`, `>` nor `==`), and Linux Foundation's `caseInsensitiveCompare`,
///   `localizedCompare` answer differently for different spellings of one string (see the known differences in
///   `PredicateRegressionTests`). So constants there are made NFC; stored strings are NFC in memory once fetched,
///   except those inside JSON (`tags`, kept as written), so `tags` elements and `tags.min()`/`max()` are not used
///   there.
final class RandomPredicateGenerator {
    typealias P = PredicateExpressions

    struct Options {
        /// The deepest a Boolean tree goes (each predicate picks a depth from 1 through this).
        var maxDepth = 4
        /// Generate `x / 0.0`, `x / -0.0` and `x / $0.real` on doubles: ±infinity, or NaN for `0 / 0`.
        var divisionByZero = true
    }

    private var random: SeededRandom
    private let row: P.Variable<Sample>
    private let rows: [SampleValues]
    private let options: Options
    /// The Boolean node (numbered in creation order, children before parents, outside closures) to return instead
    /// of the whole tree: how a mismatch is narrowed to its smallest failing part.
    private let captureIndex: Int?
    private(set) var captured: Node<Bool>?
    /// How many Boolean nodes outside closures the tree has (the candidates for `captureIndex`).
    private(set) var booleanNodeCount = 0
    /// Closure bodies whose rebuild with the real variable differed from the stand-in (a generator bug).
    private(set) var replayMismatches = 0

    private var closureDepth = 0
    /// Non-zero inside the body of a `flatMap` whose result is an optional Double: no NaN there.
    private var optionalDoubleBodies = 0
    private var nextVariableNumber = 1
    // Closure variables in scope, by type.
    private var strings: [Node<String>] = []
    /// Names of string variables that may hold non-NFC spellings (elements of `tags` or of a captured array).
    private var unorderableStrings: Set<String> = []
    /// Non-zero while generating operands of a string ordering or Foundation comparison: constants are then NFC
    /// and possibly non-NFC variables are not used (see the type's notes).
    private var nfcOnly = 0
    private var smallInts: [Node<Int>] = []
    private var optionalInts: [Node<Int?>] = []
    /// Elements of `nicknames` (which may hold non-NFC spellings, so are never ordered).
    private var optionalStrings: [Node<String?>] = []
    private var doubles: [Node<Double>] = []
    private var dates: [Node<Date>] = []

    private init(seed: UInt64, row: P.Variable<Sample>, rows: [SampleValues], options: Options, captureIndex: Int?) {
        random = SeededRandom(seed: seed)
        self.row = row
        self.rows = rows
        self.options = options
        self.captureIndex = captureIndex
    }

    struct Generated {
        let predicate: Predicate<Sample>
        /// Swift source of the (possibly captured) expression: the body of a `#Predicate<Sample> { … }`.
        let source: String
        let booleanNodeCount: Int
        /// Non-zero when a closure body could not be rebuilt identically (see `Build.flatMap`).
        let replayMismatches: Int
    }

    /// The predicate generated from `seed`; with `capture`, the `capture`-th Boolean node of that same tree alone.
    static func generate(seed: UInt64, rows: [SampleValues], options: Options = Options(), capture: Int? = nil)
        -> Generated
    {
        var source = ""
        var count = 0, mismatches = 0
        let predicate = Predicate<Sample> { row in
            let generator = RandomPredicateGenerator(
                seed: seed, row: row, rows: rows, options: options, captureIndex: capture)
            let depth = Int.random(in: 1...max(options.maxDepth, 1), using: &generator.random)
            let root = generator.bool(depth)
            let chosen = generator.captured ?? root
            source = chosen.source
            count = generator.booleanNodeCount
            mismatches = generator.replayMismatches
            return chosen.expression
        }
        return Generated(predicate: predicate, source: source, booleanNodeCount: count, replayMismatches: mismatches)
    }

    // MARK: Helpers

    private func weighted<T>(_ options: [(Int, () -> T)]) -> T {
        options[random.weightedIndex(options.map(\.0))].1()
    }

    private func chance(_ probability: Double) -> Bool { random.chance(probability) }

    private func pick<C: Collection>(_ items: C) -> C.Element where C.Index == Int { random.pick(items) }

    /// A value of a random corpus row, so that equalities and containments do match some rows.
    private func fromRow<T>(_ value: (SampleValues) -> T) -> T { value(pick(rows)) }

    private func column<V>(_ keyPath: KeyPath<Sample, V> & Sendable, _ name: String) -> Node<V> {
        Node(expression: Build.keyPath(row, keyPath), source: "$0.\(name)")
    }

    private func constant<T: Codable & Sendable>(_ value: T, _ source: String) -> Node<T> {
        Node(expression: Build.value(value), source: source)
    }

    private func literal(_ value: Date) -> String {
        "Date(timeIntervalSinceReferenceDate: \(value.timeIntervalSinceReferenceDate))"
    }
    private func literal(_ value: Data) -> String { "Data(\(Array(value)))" }
    private func literal<T>(_ value: T?, _ describe: (T) -> String) -> String { value.map(describe) ?? "nil" }

    private func comparisonOperator() -> (P.ComparisonOperator, String) {
        pick([(.lessThan, "<"), (.lessThanOrEqual, "<="), (.greaterThan, ">"), (.greaterThanOrEqual, ">=")])
    }

    /// `lhs op rhs` for op in <, <=, >, >=, ==, !=.
    private func ordered<T: Comparable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
        if chance(0.3) { return equality(lhs, rhs) }
        let (op, symbol) = comparisonOperator()
        return Node(
            expression: Build.compare(lhs.expression, rhs.expression, op),
            source: "(\(lhs.source) \(symbol) \(rhs.source))")
    }

    /// Two strings ordered (`<`, `<=`, `>`, `>=`; sometimes `==`/`!=`), generated as NFC-safe operands.
    private func orderedStrings(_ lhs: () -> Node<String>, _ rhs: () -> Node<String>) -> Node<Bool> {
        nfcOnly += 1
        defer { nfcOnly -= 1 }
        return ordered(lhs(), rhs())
    }

    private func equality<T: Equatable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
        let negated = chance(0.4)
        return Node(
            expression: Build.equal(lhs.expression, rhs.expression, negated: negated),
            source: "(\(lhs.source) \(negated ? "!=" : "==") \(rhs.source))"
        )
    }

    private func conditional<T>(_ depth: Int, _ make: (Int) -> Node<T>) -> Node<T> {
        let test = bool(depth - 1)
        let whenTrue = make(depth - 1)
        let whenFalse = make(depth - 1)
        return Node(
            expression: Build.conditional(test.expression, whenTrue.expression, whenFalse.expression),
            source: "(\(test.source) ? \(whenTrue.source) : \(whenFalse.source))"
        )
    }

    private func coalesce<T>(_ optional: Node<T?>, _ fallback: Node<T>) -> Node<T> {
        Node(
            expression: Build.coalesce(optional.expression, fallback.expression),
            source: "(\(optional.source) ?? \(fallback.source))")
    }

    private func nilNode<T>(_ type: T.Type) -> Node<T?> { Node(expression: Build.nilLiteral(type), source: "nil") }

    /// Builds a closure body twice from the same random state, with a stand-in variable and then with the real one
    /// (see `Build.flatMap`): returns the variable's name, the stand-in body, and the builder for the real one.
    private func closure<W, R>(
        _ scope: ReferenceWritableKeyPath<RandomPredicateGenerator, [Node<W>]>?, orderable: Bool = true,
        _ make: @escaping () -> Node<R>
    ) -> (name: String, trial: Node<R>, body: (P.Variable<W>) -> Expr<R>) {
        let saved = (random, nextVariableNumber)
        let name = "v\(nextVariableNumber)"
        nextVariableNumber += 1
        func build(_ variable: P.Variable<W>) -> Node<R> {
            closureDepth += 1
            if let scope { self[keyPath: scope].append(Node(expression: variable, source: name)) }
            if !orderable { unorderableStrings.insert(name) }
            defer {
                if let scope { self[keyPath: scope].removeLast() }
                unorderableStrings.remove(name)
                closureDepth -= 1
            }
            return make()
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
                (2, { self.column(\.flag, "flag") }),
                (
                    1,
                    {
                        let value = self.chance(0.5); return self.constant(value, "\(value)")
                    }
                ),
                (12, { self.atom(0) }),
            ])
        }
        return weighted([
            (
                4,
                {
                    let lhs = self.bool(depth - 1), rhs = self.bool(depth - 1)
                    return Node(
                        expression: Build.and(lhs.expression, rhs.expression),
                        source: "(\(lhs.source) && \(rhs.source))")
                }
            ),
            (
                4,
                {
                    let lhs = self.bool(depth - 1), rhs = self.bool(depth - 1)
                    return Node(
                        expression: Build.or(lhs.expression, rhs.expression), source: "(\(lhs.source) || \(rhs.source))"
                    )
                }
            ),
            (
                3,
                {
                    let wrapped = self.bool(depth - 1)
                    return Node(expression: Build.not(wrapped.expression), source: "!\(wrapped.source)")
                }
            ),
            (1, { self.conditional(depth) { self.bool($0) } }),
            (1, { self.equality(self.bool(depth - 1), self.bool(depth - 1)) }),
            (1, { self.coalesce(self.optionalBool(depth - 1), self.bool(depth - 1)) }),
            (1, { self.equality(self.optionalBool(depth - 1), self.optionalBoolOperand()) }),
            (8, { self.atom(depth - 1) }),
        ])
    }

    /// A comparison, membership or string test whose operands are no deeper than `depth`.
    private func atom(_ depth: Int) -> Node<Bool> {
        var options: [(Int, () -> Node<Bool>)] = [
            (4, { self.ordered(self.int(depth, small: false), self.int(depth, small: false)) }),
            (1, { self.ordered(self.int64(depth), self.int64(depth)) }),
            (5, { self.ordered(self.double(depth), self.double(depth)) }),
            (2, { self.ordered(self.date(depth), self.date(depth)) }),
            (4, { self.orderedStrings({ self.string(depth) }, { self.string(depth) }) }),
            (
                2,
                {
                    self.equality(
                        self.optionalInt(depth), self.chance(0.3) ? self.nilNode(Int.self) : self.optionalInt(depth))
                }
            ),
            (
                1,
                {
                    self.equality(
                        self.optionalDouble(depth),
                        self.chance(0.3) ? self.nilNode(Double.self) : self.optionalDouble(depth))
                }
            ),
            (
                2,
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
                        self.optionalDate(depth), self.chance(0.3) ? self.nilNode(Date.self) : self.optionalDate(depth))
                }
            ),
            (2, { self.otherEquality(depth) }),
            (3, { self.reflexive(depth) }),
            (5, { self.stringTest(self.string(depth), self.string(depth)) }),
            (2, { self.equality(self.comparisonResult(depth), self.comparisonResultConstant()) }),
            (4, { self.capturedMembership(depth) }),
            (
                3,
                {
                    let tags = self.tags(depth), element = self.string(depth)
                    return Node(
                        expression: Build.contains(tags.expression, element.expression),
                        source: "\(tags.source).contains(\(element.source))"
                    )
                }
            ),
            (1, { self.equality(self.tags(depth), self.tagsConstant()) }),
            (2, { self.rangeMembership(depth) }),
            (
                1,
                {
                    let text = self.string(depth)
                    return Node(
                        expression: Build.keyPath(text.expression, \String.isEmpty), source: "\(text.source).isEmpty")
                }
            ),
            (
                1,
                {
                    let tags = self.tags(depth)
                    return Node(
                        expression: Build.keyPath(tags.expression, \[String].isEmpty), source: "\(tags.source).isEmpty")
                }
            ),
        ]
        options += [
            (2, { self.castAtom(depth) }),
            (3, { self.subscriptAtom(depth) }),
            (2, { self.dictionaryAtom(depth) }),
            (1, { self.regexAtom(depth) }),
        ]
        if depth > 0 { options.append((3, { self.filterAtom(depth) })) }
        if !strings.isEmpty || !smallInts.isEmpty || !optionalInts.isEmpty || !optionalStrings.isEmpty
            || !doubles.isEmpty
            || !dates.isEmpty
        {
            // Inside a closure: mostly tests that use its variable.
            options.append((30, { self.variableAtom(depth) }))
        }
        if depth > 0 {
            options.append((5, { self.closureAtom(depth) }))
        }
        return weighted(options)
    }

    /// An expression compared with itself: `x == x` is false for NaN and true for nil, `x < x` always false.
    private func reflexive(_ depth: Int) -> Node<Bool> {
        weighted([
            (
                3,
                {
                    let value = self.double(depth); return self.ordered(value, value)
                }
            ),
            (
                1,
                {
                    let value = self.int(depth, small: false); return self.ordered(value, value)
                }
            ),
            (
                1,
                {
                    let value = self.optionalDouble(depth); return self.equality(value, value)
                }
            ),
            (
                1,
                {
                    let value = self.optionalString(depth); return self.equality(value, value)
                }
            ),
            (
                1,
                {
                    self.nfcOnly += 1
                    defer { self.nfcOnly -= 1 }
                    let value = self.string(depth)
                    return self.ordered(value, value)
                }
            ),
        ])
    }

    /// A test on a closure variable in scope.
    private func variableAtom(_ depth: Int) -> Node<Bool> {
        var options: [(Int, () -> Node<Bool>)] = []
        if let variable = strings.last {
            if unorderableStrings.contains(variable.source) {
                options.append(
                    (
                        1,
                        {
                            self.chance(0.7)
                                ? self.stringTest(variable, self.string(depth))
                                : self.equality(variable, self.string(depth))
                        }
                    ))
            } else {
                options.append(
                    (
                        1,
                        {
                            self.chance(0.5)
                                ? self.stringTest(variable, self.string(depth))
                                : self.orderedStrings({ variable }, { self.string(depth) })
                        }
                    ))
            }
        }
        if let variable = smallInts.last {
            options.append((1, { self.ordered(variable, self.int(depth, small: self.chance(0.5))) }))
        }
        if let variable = optionalInts.last {
            options.append(
                (1, { self.equality(variable, self.chance(0.3) ? self.nilNode(Int.self) : self.optionalInt(depth)) }))
        }
        if let variable = optionalStrings.last {
            options.append(
                (
                    1,
                    {
                        self.weighted([
                            (
                                2,
                                {
                                    self.equality(
                                        variable,
                                        self.chance(0.4) ? self.nilNode(String.self) : self.optionalString(depth))
                                }
                            ),
                            (
                                2,
                                {
                                    // `v?.count == k` / `(v?.count ?? k) > n`
                                    let (name, trial, body) = self.closure(\.strings, orderable: false) {
                                        () -> Node<Int> in
                                        self.strings[self.strings.count - 1].count
                                    }
                                    let count = Node(
                                        expression: Build.flatMap(variable.expression, trial: trial.expression, body),
                                        source: "\(variable.source).flatMap { \(name) in \(trial.source) }"
                                    )
                                    if self.chance(0.5) {
                                        let value: Int? = self.chance(0.2) ? nil : self.pick([0, 1, 2, 3])
                                        return self.equality(
                                            count, self.constant(value, self.literal(value) { "\($0)" }))
                                    }
                                    let (fallback, source) = self.intConstant(small: true)
                                    return self.ordered(
                                        self.coalesce(count, self.constant(fallback, source)),
                                        self.int(depth, small: true))
                                }
                            ),
                            (
                                1,
                                {
                                    // `v.flatMap { $0.contains(x) } ?? false`
                                    let (name, trial, body) = self.closure(\.strings, orderable: false) {
                                        self.stringTest(self.strings[self.strings.count - 1], self.string(depth))
                                    }
                                    let test = Node(
                                        expression: Build.flatMap(variable.expression, trial: trial.expression, body),
                                        source: "\(variable.source).flatMap { \(name) in \(trial.source) }"
                                    )
                                    return self.coalesce(test, self.constant(false, "false"))
                                }
                            ),
                        ])
                    }
                ))
        }
        if let variable = doubles.last { options.append((1, { self.ordered(variable, self.double(depth)) })) }
        if let variable = dates.last { options.append((1, { self.ordered(variable, self.date(depth)) })) }
        return weighted(options)
    }

    /// `contains(_:)`, `starts(with:)` and `localizedStandardContains(_:)` on strings.
    private func stringTest(_ base: Node<String>, _ other: Node<String>) -> Node<Bool> {
        weighted([
            (
                2,
                {
                    Node(
                        expression: Build.stringContains(base.expression, other.expression),
                        source: "\(base.source).contains(\(other.source))")
                }
            ),
            (
                1,
                {
                    Node(
                        expression: Build.startsWith(base.expression, other.expression),
                        source: "\(base.source).starts(with: \(other.source))")
                }
            ),
            (
                1,
                {
                    Node(
                        expression: Build.localizedStandardContains(base.expression, other.expression),
                        source: "\(base.source).localizedStandardContains(\(other.source))"
                    )
                }
            ),
        ])
    }

    /// Equality on the remaining property kinds: enums, Data, UUID, URL, a Codable struct, Bool.
    private func otherEquality(_ depth: Int) -> Node<Bool> {
        weighted([
            (
                2,
                {
                    let priority = self.chance(0.7) ? self.fromRow { $0.priority } : self.pick(Priority.allCases)
                    let lhs: Node<Priority> =
                        self.chance(0.8)
                        ? self.column(\.priority, "priority")
                        : self.conditional(depth) { _ in
                            self.chance(0.5) ? self.column(\.priority, "priority") : self.constant(.high, ".high")
                        }
                    return self.equality(lhs, self.constant(priority, ".\(priority)"))
                }
            ),
            (
                2,
                {
                    let shade: Shade? = self.fromRow { $0.shade }
                    let rhs =
                        self.chance(0.3)
                        ? self.nilNode(Shade.self) : self.constant(shade, self.literal(shade) { ".\($0)" })
                    return self.equality(self.column(\.shade, "shade"), rhs)
                }
            ),
            (
                1,
                {
                    let bytes = self.fromRow { $0.bytes }
                    return self.equality(self.column(\.bytes, "bytes"), self.constant(bytes, self.literal(bytes)))
                }
            ),
            (
                1,
                {
                    let payload: Data? = self.fromRow { $0.payload }
                    let rhs =
                        self.chance(0.3)
                        ? self.nilNode(Data.self) : self.constant(payload, self.literal(payload) { self.literal($0) })
                    return self.equality(self.column(\.payload, "payload"), rhs)
                }
            ),
            (
                1,
                {
                    let identifier = self.fromRow { $0.identifier }
                    let literal = "UUID(uuidString: \"\(identifier)\")!"
                    return self.equality(self.column(\.identifier, "identifier"), self.constant(identifier, literal))
                }
            ),
            (
                1,
                {
                    let link = self.fromRow { $0.link }
                    return self.equality(
                        self.column(\.link, "link"),
                        self.constant(link, "URL(string: \(swiftLiteral(link.absoluteString)))!"))
                }
            ),
            (
                1,
                {
                    let size: Dimensions? = self.chance(0.7) ? self.fromRow { $0.size } : self.pick(FuzzValues.sizes)
                    let rhs =
                        self.chance(0.2)
                        ? self.nilNode(Dimensions.self) : self.constant(size, self.literal(size) { "\($0)" })
                    return self.equality(self.column(\.size, "size"), rhs)
                }
            ),
            (1, { self.equality(self.column(\.flag, "flag"), self.bool(depth - 1)) }),
        ])
    }

    /// A captured array's `contains(_:)`: SQL `IN`.
    private func capturedMembership(_ depth: Int) -> Node<Bool> {
        func membership<T: Equatable & Codable & Sendable>(_ values: [T], _ describe: (T) -> String, _ element: Node<T>)
            -> Node<Bool>
        {
            Node(
                expression: Build.contains(Build.value(values), element.expression),
                source: "[\(values.map(describe).joined(separator: ", "))].contains(\(element.source))"
            )
        }
        func values<T>(_ make: () -> T) -> [T] { (0..<pick([0, 1, 2, 3, 5])).map { _ in make() } }
        return weighted([
            (
                3,
                { membership(values { self.intConstant(small: false).0 }, { "\($0)" }, self.int(depth, small: false)) }
            ),
            (
                2,
                {
                    let counts = values { self.chance(0.2) ? nil : self.fromRow { $0.count } }
                    return membership(counts, { self.literal($0) { "\($0)" } }, self.optionalInt(depth))
                }
            ),
            (3, { membership(values { self.stringConstant().0 }, swiftLiteral, self.string(depth)) }),
            (
                1,
                {
                    membership(
                        values { self.optionalStringConstant().0 }, { self.literal($0, swiftLiteral) },
                        self.optionalString(depth))
                }
            ),
            (2, { membership(values { self.doubleConstant().0 }, { "\($0)" }, self.double(depth)) }),
            (1, { membership(values { self.dateConstant() }, self.literal, self.date(depth)) }),
            (1, { membership(values { self.fromRow { $0.wide } }, { "\($0)" }, self.int64(depth)) }),
            (
                1,
                {
                    membership(
                        values { self.pick(Priority.allCases) }, { ".\($0)" }, self.column(\.priority, "priority"))
                }
            ),
            (
                1,
                {
                    membership(
                        values { self.pick([nil, Shade.red, .green]) }, { self.literal($0) { ".\($0)" } },
                        self.column(\.shade, "shade"))
                }
            ),
            (
                1,
                {
                    let identifiers = values { self.pick(FuzzValues.identifiers) }
                    return membership(
                        identifiers, { "UUID(uuidString: \"\($0)\")!" }, self.column(\.identifier, "identifier"))
                }
            ),
        ])
    }

    /// `(a...b).contains(x)` / `(a..<b).contains(x)` with constant bounds in order.
    private func rangeMembership(_ depth: Int) -> Node<Bool> {
        func range<T: Comparable & Codable & Sendable>(
            _ first: T, _ second: T, _ describe: (T) -> String, _ element: Node<T>
        ) -> Node<Bool> {
            let (lower, upper) = (Swift.min(first, second), Swift.max(first, second))
            let closed = chance(0.5)
            return Node(
                expression: Build.rangeContains(
                    Build.value(lower), Build.value(upper), element.expression, closed: closed),
                source: "(\(describe(lower))\(closed ? "..." : "..<")\(describe(upper))).contains(\(element.source))"
            )
        }
        /// `captured(a..<b).contains(x)` and the other kinds of range, captured.
        func captured<T: Comparable & Codable & Sendable>(
            _ first: T, _ second: T, _ describe: (T) -> String, _ element: Node<T>
        ) -> Node<Bool> {
            let (lower, upper) = (Swift.min(first, second), Swift.max(first, second))
            func node<R: RangeExpression & Codable & Sendable>(_ range: R, _ source: String) -> Node<Bool>
            where R.Bound == T {
                Node(
                    expression: Build.capturedRangeContains(range, element.expression),
                    source: "captured(\(source)).contains(\(element.source))")
            }
            switch random.weightedIndex([2, 2, 1, 1, 1]) {
            case 0: return node(lower..<upper, "\(describe(lower))..<\(describe(upper))")
            case 1: return node(lower...upper, "\(describe(lower))...\(describe(upper))")
            case 2: return node(lower..., "\(describe(lower))...")
            case 3: return node(...upper, "...\(describe(upper))")
            default: return node(..<upper, "..<\(describe(upper))")
            }
        }
        return weighted([
            (
                3,
                {
                    range(
                        self.intConstant(small: false).0, self.intConstant(small: false).0, { "\($0)" },
                        self.int(depth, small: false))
                }
            ),
            (2, { range(self.doubleConstant().0, self.doubleConstant().0, { "\($0)" }, self.double(depth)) }),
            (1, { range(self.dateConstant(), self.dateConstant(), self.literal, self.date(depth)) }),
            (
                1,
                {
                    self.nfcOnly += 1
                    defer { self.nfcOnly -= 1 }
                    return range(self.stringConstant().0, self.stringConstant().0, swiftLiteral, self.string(depth))
                }
            ),
            (
                2,
                {
                    captured(
                        self.intConstant(small: false).0, self.intConstant(small: false).0, { "\($0)" },
                        self.int(depth, small: false))
                }
            ),
            (2, { captured(self.doubleConstant().0, self.doubleConstant().0, { "\($0)" }, self.double(depth)) }),
            (2, { captured(self.dateConstant(), self.dateConstant(), self.literal, self.date(depth)) }),
            (
                1,
                {
                    self.nfcOnly += 1
                    defer { self.nfcOnly -= 1 }
                    return captured(self.stringConstant().0, self.stringConstant().0, swiftLiteral, self.string(depth))
                }
            ),
        ])
    }

    // MARK: Casts, subscripts, dictionaries, filter, regexes

    /// `is`, `as?` and `as!` (the macro's no-op `as` included) on stored and computed values.
    private func castAtom(_ depth: Int) -> Node<Bool> {
        weighted([
            (
                2,
                {
                    let value = self.int(depth, small: false)
                    return self.chance(0.5)
                        ? Node(
                            expression: Build.typeCheck(value.expression, is: Int.self),
                            source: "(\(value.source) is Int)")
                        : Node(
                            expression: Build.typeCheck(value.expression, is: (any BinaryInteger).self),
                            source: "(\(value.source) is any BinaryInteger)")
                }
            ),
            (
                1,
                {
                    let text = self.string(depth)
                    return Node(
                        expression: Build.typeCheck(text.expression, is: Int.self), source: "(\(text.source) is Int)")
                }
            ),
            (
                2,
                {
                    let count = self.optionalInt(depth)
                    return Node(
                        expression: Build.typeCheck(count.expression, is: Int.self), source: "(\(count.source) is Int)")
                }
            ),
            (
                2,
                {
                    // `(x as? String) == nil`, always true for an Int.
                    let value = self.int(depth, small: false)
                    let cast = Node(
                        expression: Build.conditionalCast(value.expression, to: String.self),
                        source: "(\(value.source) as? String)")
                    return self.equality(
                        cast, self.chance(0.5) ? self.nilNode(String.self) : self.optionalString(depth))
                }
            ),
            (
                2,
                {
                    let flag = self.bool(depth - 1)
                    let cast = Node(
                        expression: Build.forceCast(flag.expression, to: Bool.self), source: "(\(flag.source) as Bool)")
                    return self.equality(cast, self.bool(depth - 1))
                }
            ),
            (
                2,
                {
                    // `($0.count as! Int)`: throws on nil.
                    let count = self.column(\.count, "count")
                    let cast = Node(
                        expression: Build.forceCast(count.expression, to: Int.self), source: "(\(count.source) as! Int)"
                    )
                    return self.ordered(cast, self.int(depth, small: true))
                }
            ),
        ])
    }

    /// An index for a subscript of a collection of at most a few elements: often in range, sometimes not (which
    /// throws).
    private func index(_ collection: Node<Int>) -> Node<Int> {
        weighted([
            (
                4,
                {
                    let value = self.pick([0, 0, 1, 1, 2, 3, -1]); return self.constant(value, "\(value)")
                }
            ),
            (
                1,
                {
                    let last = Node(
                        expression: Build.arithmetic(collection.expression, Build.value(1), .subtract),
                        source: "(\(collection.source) - 1)")
                    return last
                }
            ),
            (1, { self.smallIntLeaf(0) }),
        ])
    }

    private func tagsCount() -> Node<Int> {
        let tags = column(\.tags, "tags")
        return Node(expression: Build.keyPath(tags.expression, \[String].count), source: "\(tags.source).count")
    }

    /// `$0.tags[i]`: a possibly non-NFC string, so only for tests that need no order.
    private func tagAt() -> Node<String> {
        let tags = column(\.tags, "tags"), position = index(tagsCount())
        return Node(
            expression: Build.element(tags.expression, position.expression),
            source: "\(tags.source)[\(position.source)]")
    }

    /// `$0.ratings[i]`.
    private func ratingAt() -> Node<Int?> {
        let ratings = column(\.ratings, "ratings")
        let count = Node(
            expression: Build.keyPath(ratings.expression, \[Int?].count), source: "\(ratings.source).count")
        let position = index(count)
        return Node(
            expression: Build.element(ratings.expression, position.expression),
            source: "\(ratings.source)[\(position.source)]")
    }

    /// Subscripts of stored arrays, by index and by range.
    private func subscriptAtom(_ depth: Int) -> Node<Bool> {
        weighted([
            (
                3,
                {
                    let tag = self.tagAt()
                    return self.chance(0.6)
                        ? self.equality(tag, self.string(depth)) : self.stringTest(tag, self.string(depth))
                }
            ),
            (
                2,
                { self.equality(self.ratingAt(), self.chance(0.3) ? self.nilNode(Int.self) : self.optionalInt(depth)) }
            ),
            (
                1,
                {
                    // `$0.tags.first` / `.last`: a possibly non-NFC string, compared for equality only.
                    let tags = self.column(\.tags, "tags")
                    let last = self.chance(0.5)
                    let end = Node(
                        expression: Build.keyPath(tags.expression, last ? \[String].last : \[String].first),
                        source: "\(tags.source).\(last ? "last" : "first")"
                    )
                    return self.equality(end, self.chance(0.3) ? self.nilNode(String.self) : self.optionalString(depth))
                }
            ),
            (
                3,
                {
                    // `$0.tags[a..<b]`, then count, isEmpty or contains.
                    let tags = self.column(\.tags, "tags")
                    let lower = self.pick([0, 0, 1, 2]), upper = lower + self.pick([0, 1, 1, 2, 3])
                    let slice = Node(
                        expression: Build.slice(tags.expression, Build.value(lower), Build.value(upper)),
                        source: "\(tags.source)[\(lower)..<\(upper)]"
                    )
                    return self.weighted([
                        (
                            1,
                            {
                                Node(
                                    expression: Build.keyPath(slice.expression, \ArraySlice<String>.isEmpty),
                                    source: "\(slice.source).isEmpty")
                            }
                        ),
                        (
                            1,
                            {
                                let count = Node(
                                    expression: Build.keyPath(slice.expression, \ArraySlice<String>.count),
                                    source: "\(slice.source).count")
                                return self.ordered(count, self.int(depth, small: true))
                            }
                        ),
                        (
                            2,
                            {
                                let element = self.string(depth)
                                return Node(
                                    expression: Build.contains(slice.expression, element.expression),
                                    source: "\(slice.source).contains(\(element.source))")
                            }
                        ),
                    ])
                }
            ),
        ])
    }

    private func keyConstant() -> Node<String> {
        let key = pick(FuzzValues.keys + ["z"])
        return constant(key, swiftLiteral(key))
    }

    /// `isEmpty`, `count` and subscripts of the stored dictionary.
    private func dictionaryAtom(_ depth: Int) -> Node<Bool> {
        let lookup = column(\.lookup, "lookup")
        return weighted([
            (
                1,
                {
                    Node(
                        expression: Build.keyPath(lookup.expression, \[String: Int].isEmpty),
                        source: "\(lookup.source).isEmpty")
                }
            ),
            (
                1,
                {
                    let count = Node(
                        expression: Build.keyPath(lookup.expression, \[String: Int].count),
                        source: "\(lookup.source).count")
                    return self.ordered(count, self.int(depth, small: true))
                }
            ),
            (
                3,
                {
                    self.equality(
                        self.lookupMember(), self.chance(0.3) ? self.nilNode(Int.self) : self.optionalInt(depth))
                }
            ),
            (3, { self.ordered(self.lookupMemberOrDefault(), self.int(depth, small: true)) }),
        ])
    }

    /// `$0.lookup[key]`.
    private func lookupMember() -> Node<Int?> {
        let lookup = column(\.lookup, "lookup"), key = chance(0.8) ? keyConstant() : column(\.text, "text")
        return Node(
            expression: Build.member(lookup.expression, key.expression), source: "\(lookup.source)[\(key.source)]")
    }

    /// `$0.lookup[key, default: k]`: small, so arithmetic may use it.
    private func lookupMemberOrDefault() -> Node<Int> {
        let lookup = column(\.lookup, "lookup"), key = chance(0.8) ? keyConstant() : column(\.text, "text")
        let (fallback, source) = intConstant(small: true)
        return Node(
            expression: Build.member(lookup.expression, key.expression, default: Build.value(fallback)),
            source: "\(lookup.source)[\(key.source), default: \(source)]"
        )
    }

    /// `filter { … }` on stored and captured arrays, then `count`, `isEmpty`, `contains(_:)` or `contains(where:)`.
    private func filterAtom(_ depth: Int) -> Node<Bool> {
        func filtered<T: Codable & Sendable>(
            _ sequence: Node<[T]>, _ scope: ReferenceWritableKeyPath<RandomPredicateGenerator, [Node<T>]>,
            orderable: Bool,
            _ element: @escaping () -> Node<T>
        ) -> Node<Bool> where T: Equatable {
            let (name, trial, body) = closure(scope, orderable: orderable) {
                self.chance(0.8) ? self.variableAtom(depth - 1) : self.bool(depth - 1)
            }
            let result = Node(
                expression: Build.filter(sequence.expression, trial: trial.expression, body),
                source: "\(sequence.source).filter { \(name) in \(trial.source) }"
            )
            return weighted([
                (
                    2,
                    {
                        let count = Node(
                            expression: Build.keyPath(result.expression, \[T].count), source: "\(result.source).count")
                        return self.ordered(count, self.int(depth - 1, small: true))
                    }
                ),
                (
                    1,
                    {
                        Node(
                            expression: Build.keyPath(result.expression, \[T].isEmpty),
                            source: "\(result.source).isEmpty")
                    }
                ),
                (
                    2,
                    {
                        let item = element()
                        return Node(
                            expression: Build.contains(result.expression, item.expression),
                            source: "\(result.source).contains(\(item.source))")
                    }
                ),
            ])
        }
        return weighted([
            (4, { filtered(self.tags(depth - 1), \.strings, orderable: false) { self.string(depth - 1) } }),
            (
                2,
                {
                    filtered(self.column(\.ratings, "ratings"), \.optionalInts, orderable: true) {
                        self.optionalInt(depth - 1)
                    }
                }
            ),
            (
                1,
                {
                    let values = (0..<self.pick([0, 1, 2, 3])).map { _ in self.doubleConstant().0 }
                    return filtered(
                        self.constant(values, "[\(values.map { "\($0)" }.joined(separator: ", "))]"), \.doubles,
                        orderable: true
                    ) {
                        self.double(depth - 1)
                    }
                }
            ),
        ])
    }

    /// `text.contains(/pattern/)`.
    private func regexAtom(_ depth: Int) -> Node<Bool> {
        let patterns = [
            "^a", "e$", "é", "(?i)apple", "[0-9]+", "^.{2}$", "\\r\\n", "사업", "(?i)STRASSE|straße", "^$", "👨‍👩‍👧",
        ]
        let pattern = pick(patterns)
        let text = chance(0.8) ? column(\.text, "text") : string(depth)
        guard let expression = Build.contains(text.expression, regex: pattern) else { return column(\.flag, "flag") }
        return Node(expression: expression, source: "\(text.source).contains(/\(pattern)/)")
    }

    /// `contains(where:)` and `allSatisfy` on the stored tags or a captured array, with a body over the element.
    private func closureAtom(_ depth: Int) -> Node<Bool> {
        func node<S: Sequence & Codable & Sendable>(
            _ sequence: Node<S>, _ scope: ReferenceWritableKeyPath<RandomPredicateGenerator, [Node<S.Element>]>,
            orderable: Bool = true
        ) -> Node<Bool> {
            let all = chance(0.3)
            let (name, trial, body) = closure(scope, orderable: orderable) {
                self.chance(0.8) ? self.variableAtom(depth - 1) : self.bool(depth - 1)
            }
            let expression =
                all
                ? Build.allSatisfy(sequence.expression, trial: trial.expression, body)
                : Build.containsWhere(sequence.expression, trial: trial.expression, body)
            let method = all ? "allSatisfy" : "contains"
            return Node(expression: expression, source: "\(sequence.source).\(method) { \(name) in \(trial.source) }")
        }
        func captured<T: Codable & Sendable>(_ make: () -> T, _ describe: (T) -> String) -> Node<[T]> {
            let values = (0..<pick([0, 1, 2, 3])).map { _ in make() }
            return constant(values, "[\(values.map(describe).joined(separator: ", "))]")
        }
        return weighted([
            (6, { node(self.tags(depth - 1), \.strings, orderable: false) }),
            (2, { node(self.column(\.ratings, "ratings"), \.optionalInts) }),
            (3, { node(self.column(\.nicknames, "nicknames"), \.optionalStrings) }),
            (
                1,
                {
                    // NFC elements may be ordered; others not (see the type's notes).
                    let nfc = self.chance(0.5)
                    if nfc { self.nfcOnly += 1 }
                    defer { if nfc { self.nfcOnly -= 1 } }
                    return node(captured({ self.stringConstant().0 }, swiftLiteral), \.strings, orderable: nfc)
                }
            ),
            (1, { node(captured({ RandomCorpus.small(&self.random) }, { "\($0)" }), \.smallInts) }),
            (
                1,
                {
                    node(
                        captured(
                            { self.chance(0.3) ? nil : RandomCorpus.small(&self.random) },
                            { self.literal($0) { "\($0)" } }), \.optionalInts)
                }
            ),
            (1, { node(captured({ self.doubleConstant().0 }, { "\($0)" }), \.doubles) }),
            (1, { node(captured({ self.dateConstant() }, self.literal), \.dates) }),
        ])
    }

    /// `Bool?`: optional chaining on an optional column into a test of the unwrapped value.
    private func optionalBool(_ depth: Int) -> Node<Bool?> {
        func chain<W>(_ optional: Node<W?>, _ scope: ReferenceWritableKeyPath<RandomPredicateGenerator, [Node<W>]>)
            -> Node<Bool?>
        {
            let (name, trial, body) = closure(scope) { self.variableAtom(depth - 1) }
            return Node(
                expression: Build.flatMap(optional.expression, trial: trial.expression, body),
                source: "\(optional.source).flatMap { \(name) in \(trial.source) }"
            )
        }
        return weighted([
            (3, { chain(self.column(\.note, "note"), \.strings) }),
            (2, { chain(self.column(\.count, "count"), \.smallInts) }),
            (1, { chain(self.column(\.score, "score"), \.doubles) }),
            (1, { chain(self.column(\.seen, "seen"), \.dates) }),
            (1, { self.optionalBoolOperand() }),
        ])
    }

    private func optionalBoolOperand() -> Node<Bool?> {
        weighted([
            (1, { self.nilNode(Bool.self) }),
            (
                2,
                {
                    let value: Bool? = self.chance(0.5);
                    return self.constant(value, "\(value.map { "\($0)" } ?? "nil")")
                }
            ),
        ])
    }

    // MARK: Integers

    private func intConstant(small: Bool) -> (Int, String) {
        let value =
            small
            ? RandomCorpus.small(&random)
            : weighted([
                (2, { self.pick(FuzzValues.integers) }), (3, { self.fromRow { $0.integer } }),
                (1, { Int.random(in: -50...50, using: &self.random) }),
            ])
        return (value, "\(value)")
    }

    /// An `Int` expression; `small` ones stay far from overflow whatever arithmetic is done on them (up to the
    /// maximum depth), so only they are operands of `+ - *` and unary minus.
    private func int(_ depth: Int, small: Bool) -> Node<Int> {
        var options: [(Int, () -> Node<Int>)] = [(5, { self.smallIntLeaf(depth) })]
        if !small {
            options.append((6, { self.column(\.integer, "integer") }))
            options.append(
                (
                    2,
                    {
                        let (value, source) = self.intConstant(small: false); return self.constant(value, source)
                    }
                ))
        }
        if depth > 0 {
            options += [
                (
                    3,
                    {
                        let lhs = self.int(depth - 1, small: true), rhs = self.int(depth - 1, small: true)
                        let (op, symbol): (P.ArithmeticOperator, String) = self.pick([
                            (.add, "+"), (.subtract, "-"), (.multiply, "*"),
                        ])
                        return Node(
                            expression: Build.arithmetic(lhs.expression, rhs.expression, op),
                            source: "(\(lhs.source) \(symbol) \(rhs.source))"
                        )
                    }
                ),
                (
                    1,
                    {
                        let wrapped = self.int(depth - 1, small: true)
                        return Node(expression: Build.negate(wrapped.expression), source: "-\(wrapped.source)")
                    }
                ),
                (
                    2,
                    {
                        let lhs = self.int(depth - 1, small: small)
                        let divisor = self.pick([-7, -3, -2, 1, 2, 3, 5, 10])
                        let remainder = self.chance(0.5)
                        return Node(
                            expression: remainder
                                ? Build.remainder(lhs.expression, Build.value(divisor))
                                : Build.divide(lhs.expression, Build.value(divisor)),
                            source: "(\(lhs.source) \(remainder ? "%" : "/") \(divisor))"
                        )
                    }
                ),
                (1, { self.conditional(depth) { self.int($0, small: small) } }),
                (
                    1,
                    {
                        let text = self.string(depth - 1)
                        return Node(
                            expression: Build.keyPath(text.expression, \String.count), source: "\(text.source).count")
                    }
                ),
            ]
        }
        return weighted(options)
    }

    private func smallIntLeaf(_ depth: Int) -> Node<Int> {
        var options: [(Int, () -> Node<Int>)] = [
            (
                3,
                {
                    let (value, source) = self.intConstant(small: true); return self.constant(value, source)
                }
            ),
            (2, { self.column(\.text, "text").count }),
            (
                2,
                {
                    let tags = self.column(\.tags, "tags")
                    return Node(
                        expression: Build.keyPath(tags.expression, \[String].count), source: "\(tags.source).count")
                }
            ),
            (
                3,
                {
                    let (value, source) = self.intConstant(small: true)
                    return self.coalesce(self.column(\.count, "count"), self.constant(value, source))
                }
            ),
            (
                1,
                {
                    let (value, source) = self.intConstant(small: true)
                    return self.coalesce(self.noteCount(), self.constant(value, source))
                }
            ),
        ]
        options += [
            (1, { self.lookupMemberOrDefault() }),
            (
                1,
                {
                    let ratings = self.column(\.ratings, "ratings")
                    return Node(
                        expression: Build.keyPath(ratings.expression, \[Int?].count), source: "\(ratings.source).count")
                }
            ),
        ]
        if let variable = smallInts.last { options.append((6, { variable })) }
        return weighted(options)
    }

    /// `$0.note?.count`.
    private func noteCount() -> Node<Int?> {
        let note = column(\.note, "note")
        let (name, trial, body) = closure(\.strings) { () -> Node<Int> in
            let variable = self.strings[self.strings.count - 1]
            return Node(
                expression: Build.keyPath(variable.expression, \String.count), source: "\(variable.source).count")
        }
        return Node(
            expression: Build.flatMap(note.expression, trial: trial.expression, body),
            source: "\(note.source).flatMap { \(name) in \(trial.source) }"
        )
    }

    private func int64(_ depth: Int) -> Node<Int64> {
        var options: [(Int, () -> Node<Int64>)] = [
            (4, { self.column(\.wide, "wide") }),
            (
                2,
                {
                    let value = self.chance(0.5) ? self.fromRow { $0.wide } : self.pick(FuzzValues.wides)
                    return self.constant(value, "\(value)")
                }
            ),
        ]
        if depth > 0 {
            options += [
                (1, { self.conditional(depth) { self.int64($0) } }),
                (
                    1,
                    {
                        let lhs = self.int64(depth - 1)
                        let divisor = self.pick([-3, 2, 7] as [Int64])
                        return Node(
                            expression: Build.divide(lhs.expression, Build.value(divisor)),
                            source: "(\(lhs.source) / \(divisor))")
                    }
                ),
            ]
        }
        return weighted(options)
    }

    private func optionalInt(_ depth: Int) -> Node<Int?> {
        var options: [(Int, () -> Node<Int?>)] = [
            (5, { self.column(\.count, "count") }),
            (
                2,
                {
                    let value: Int? = self.chance(0.2) ? nil : self.fromRow { $0.count }
                    return self.constant(value, self.literal(value) { "\($0)" })
                }
            ),
            (1, { self.noteCount() }),
            (1, { self.ratingAt() }),
            (1, { self.lookupMember() }),
            (
                1,
                {
                    let count = self.column(\.count, "count")
                    return Node(
                        expression: Build.conditionalCast(count.expression, to: Int.self),
                        source: "(\(count.source) as? Int)")
                }
            ),
        ]
        if let variable = optionalInts.last { options.append((5, { variable })) }
        if depth > 0 {
            options += [
                (
                    2,
                    {
                        // `$0.count.flatMap { v in <small arithmetic on v> }`
                        let count = self.column(\.count, "count")
                        let (name, trial, body) = self.closure(\.smallInts) { self.int(depth - 1, small: true) }
                        return Node(
                            expression: Build.flatMap(count.expression, trial: trial.expression, body),
                            source: "\(count.source).flatMap { \(name) in \(trial.source) }"
                        )
                    }
                ),
                (1, { self.conditional(depth) { self.optionalInt($0) } }),
            ]
        }
        return weighted(options)
    }

    // MARK: Doubles and dates

    private func doubleConstant() -> (Double, String) {
        let value = weighted([
            (2, { self.pick(FuzzValues.reals) }),
            (2, { self.fromRow { $0.real } }),
            (1, { self.fromRow { $0.score } ?? 0.25 }),
            (1, { Double(Int.random(in: -40...40, using: &self.random)) / 4 }),
        ])
        return (value, "\(value)")
    }

    private func double(_ depth: Int) -> Node<Double> {
        var options: [(Int, () -> Node<Double>)] = [
            (5, { self.column(\.real, "real") }),
            (
                3,
                {
                    let (value, source) = self.doubleConstant(); return self.constant(value, source)
                }
            ),
            (
                2,
                {
                    let (value, source) = self.doubleConstant()
                    return self.coalesce(self.column(\.score, "score"), self.constant(value, source))
                }
            ),
            (
                1,
                {
                    let (value, source) = self.doubleConstant()
                    return self.coalesce(self.sizeMember(), self.constant(value, source))
                }
            ),
        ]
        if let variable = doubles.last { options.append((6, { variable })) }
        if depth > 0 {
            options += [
                (
                    3,
                    {
                        // Finite non-zero constant operand: infinities may arise, NaN cannot.
                        let lhs = self.double(depth - 1)
                        let operand = self.pick([0.5, 2, -1, 3, -2.5, 10, 1e-3])
                        let (op, symbol): (P.ArithmeticOperator?, String) =
                            self.pick([(.add, "+"), (.subtract, "-"), (.multiply, "*"), (nil, "/")])
                        let expression =
                            op.map { Build.arithmetic(lhs.expression, Build.value(operand), $0) }
                            ?? Build.floatDivide(lhs.expression, Build.value(operand))
                        return Node(expression: expression, source: "(\(lhs.source) \(symbol) \(operand))")
                    }
                ),
                (
                    1,
                    {
                        let wrapped = self.double(depth - 1)
                        return Node(expression: Build.negate(wrapped.expression), source: "-\(wrapped.source)")
                    }
                ),
                (
                    1,
                    {
                        // Two finite leaves: their sum is finite or ±infinity, never NaN.
                        let lhs = self.column(\.real, "real")
                        let (value, source) = self.doubleConstant()
                        let rhs = self.coalesce(self.column(\.score, "score"), self.constant(value, source))
                        return Node(
                            expression: Build.arithmetic(lhs.expression, rhs.expression, .add),
                            source: "(\(lhs.source) + \(rhs.source))")
                    }
                ),
                (1, { self.conditional(depth) { self.double($0) } }),
            ]
            if self.options.divisionByZero, optionalDoubleBodies == 0 {
                options.append(
                    (
                        4,
                        {
                            let lhs = self.double(depth - 1)
                            let divisor: Node<Double> = self.weighted([
                                (2, { self.constant(0.0, "0.0") }),
                                (1, { self.constant(-0.0, "-0.0") }),
                                (2, { self.column(\.real, "real") }),
                                (
                                    1,
                                    {
                                        let real = self.column(\.real, "real")
                                        return Node(
                                            expression: Build.negate(real.expression), source: "-\(real.source)")
                                    }
                                ),
                            ])
                            return Node(
                                expression: Build.floatDivide(lhs.expression, divisor.expression),
                                source: "(\(lhs.source) / \(divisor.source))"
                            )
                        }
                    ))
            }
        }
        return weighted(options)
    }

    /// `$0.size?.width` or `$0.size?.height`: a key path into a Codable struct.
    private func sizeMember() -> Node<Double?> {
        let size = column(\.size, "size")
        let (keyPath, name): (KeyPath<Dimensions, Double> & Sendable, String) =
            chance(0.5) ? (\.width, "width") : (\.height, "height")
        return Node(
            expression: Build.flatMap(size.expression, trial: Build.keyPath(P.Variable<Dimensions>(), keyPath)) {
                Build.keyPath($0, keyPath)
            },
            source: "\(size.source)?.\(name)"
        )
    }

    private func optionalDouble(_ depth: Int) -> Node<Double?> {
        var options: [(Int, () -> Node<Double?>)] = [
            (4, { self.column(\.score, "score") }),
            (2, { self.sizeMember() }),
            (
                2,
                {
                    let value: Double? = self.chance(0.2) ? nil : self.doubleConstant().0
                    return self.constant(value, self.literal(value) { "\($0)" })
                }
            ),
        ]
        if depth > 0 {
            options += [
                (
                    2,
                    {
                        let score = self.column(\.score, "score")
                        let (name, trial, body) = self.closure(\.doubles) {
                            self.optionalDoubleBodies += 1
                            defer { self.optionalDoubleBodies -= 1 }
                            return self.double(depth - 1)
                        }
                        return Node(
                            expression: Build.flatMap(score.expression, trial: trial.expression, body),
                            source: "\(score.source).flatMap { \(name) in \(trial.source) }"
                        )
                    }
                ),
                (1, { self.conditional(depth) { self.optionalDouble($0) } }),
            ]
        }
        return weighted(options)
    }

    private func dateConstant() -> Date {
        weighted([
            (2, { self.pick(FuzzValues.dates) }),
            (3, { self.fromRow { $0.date } }),
            (1, { self.fromRow { $0.seen } ?? .distantFuture }),
        ])
    }

    private func date(_ depth: Int) -> Node<Date> {
        var options: [(Int, () -> Node<Date>)] = [
            (5, { self.column(\.date, "date") }),
            (
                3,
                {
                    let value = self.dateConstant(); return self.constant(value, self.literal(value))
                }
            ),
            (
                2,
                {
                    let value = self.dateConstant()
                    return self.coalesce(self.column(\.seen, "seen"), self.constant(value, self.literal(value)))
                }
            ),
        ]
        if let variable = dates.last { options.append((6, { variable })) }
        if depth > 0 { options.append((1, { self.conditional(depth) { self.date($0) } })) }
        return weighted(options)
    }

    private func optionalDate(_ depth: Int) -> Node<Date?> {
        var options: [(Int, () -> Node<Date?>)] = [
            (4, { self.column(\.seen, "seen") }),
            (
                2,
                {
                    let value: Date? = self.chance(0.2) ? nil : self.dateConstant()
                    return self.constant(value, self.literal(value, self.literal))
                }
            ),
        ]
        if depth > 0 { options.append((1, { self.conditional(depth) { self.optionalDate($0) } })) }
        return weighted(options)
    }

    // MARK: Strings

    private func stringConstant() -> (String, String) {
        let value = weighted([
            (3, { self.pick(FuzzValues.words) }),
            (2, { self.fromRow { $0.text } }),
            (1, { self.fromRow { $0.note } ?? "" }),
            (1, { self.fromRow { $0.tags.first } ?? "a" }),
            (1, { RandomCorpus.text(&self.random) }),
            (
                1,
                {
                    // A piece of a row's text, so containment and prefixes match.
                    let text = Array(self.fromRow { $0.text })
                    guard !text.isEmpty else { return "" }
                    let start = Int.random(in: 0..<text.count, using: &self.random)
                    let end = Int.random(in: start...text.count, using: &self.random)
                    return String(text[start..<end])
                }
            ),
        ])
        let constant = nfcOnly > 0 ? value.precomposedStringWithCanonicalMapping : value
        return (constant, swiftLiteral(constant))
    }

    private func optionalStringConstant() -> (String?, String) {
        let value: String? = chance(0.2) ? nil : stringConstant().0
        return (value, literal(value, swiftLiteral))
    }

    private func string(_ depth: Int) -> Node<String> {
        var options: [(Int, () -> Node<String>)] = [
            (6, { self.column(\.text, "text") }),
            (
                4,
                {
                    let (value, source) = self.stringConstant(); return self.constant(value, source)
                }
            ),
            (
                2,
                {
                    let (value, source) = self.stringConstant()
                    return self.coalesce(self.column(\.note, "note"), self.constant(value, source))
                }
            ),
        ]
        if nfcOnly == 0 {
            options.append(
                (
                    1,
                    {
                        let (value, source) = self.stringConstant()
                        return self.coalesce(self.tagsExtreme(), self.constant(value, source))
                    }
                ))
            options.append((1, { self.tagAt() }))
        }
        if let variable = strings.last, nfcOnly == 0 || !unorderableStrings.contains(variable.source) {
            options.append((8, { variable }))
        }
        if depth > 0 { options.append((1, { self.conditional(depth) { self.string($0) } })) }
        return weighted(options)
    }

    /// `$0.tags.max()` or `$0.tags.min()`.
    private func tagsExtreme() -> Node<String?> {
        let tags = column(\.tags, "tags")
        return chance(0.5)
            ? Node(expression: Build.max(tags.expression), source: "\(tags.source).max()")
            : Node(expression: Build.min(tags.expression), source: "\(tags.source).min()")
    }

    private func optionalString(_ depth: Int) -> Node<String?> {
        var options: [(Int, () -> Node<String?>)] = [
            (5, { self.column(\.note, "note") }),
            (
                2,
                {
                    let (value, source) = self.optionalStringConstant(); return self.constant(value, source)
                }
            ),
            (2, { self.tagsExtreme() }),
        ]
        if depth > 0 { options.append((1, { self.conditional(depth) { self.optionalString($0) } })) }
        return weighted(options)
    }

    private func tagsConstant() -> Node<[String]> {
        let value: [String] = chance(0.6) ? fromRow { $0.tags } : (0..<pick([0, 1, 2])).map { _ in stringConstant().0 }
        return constant(value, "[\(value.map(swiftLiteral).joined(separator: ", "))]")
    }

    private func tags(_ depth: Int) -> Node<[String]> {
        var options: [(Int, () -> Node<[String]>)] = [
            (8, { self.column(\.tags, "tags") }), (1, { self.tagsConstant() }),
        ]
        if depth > 0 { options.append((1, { self.conditional(depth) { self.tags($0) } })) }
        return weighted(options)
    }

    private func comparisonResult(_ depth: Int) -> Node<ComparisonResult> {
        nfcOnly += 1
        defer { nfcOnly -= 1 }
        let lhs = string(depth), rhs = string(depth)
        return chance(0.6)
            ? Node(
                expression: Build.caseInsensitiveCompare(lhs.expression, rhs.expression),
                source: "\(lhs.source).caseInsensitiveCompare(\(rhs.source))"
            )
            : Node(
                expression: Build.localizedCompare(lhs.expression, rhs.expression),
                source: "\(lhs.source).localizedCompare(\(rhs.source))")
    }

    private func comparisonResultConstant() -> Node<ComparisonResult> {
        let value = pick([ComparisonResult.orderedAscending, .orderedSame, .orderedDescending])
        return constant(value, ".\(value)")
    }
}

private extension Node where Output == String {
    /// `text.count`.
    var count: Node<Int> { Node<Int>(expression: Build.keyPath(expression, \String.count), source: "\(source).count") }
}
