import Foundation

/// A value in a predicate: a constant, the evaluated object (`SELF`), a `$variable`, a key path, a function of
/// other expressions (arithmetic included), an aggregate `{…}`, a `SUBQUERY`, or a `TERNARY`. Mirrors Core Data's
/// (Foundation's) `NSExpression`; Linux Foundation has only a deprecated stub of it.
///
/// The tree `NSPredicate(format:)` builds is made of these and ``NSComparisonPredicate``s, and is what a store
/// translates to SQL: read ``expressionType`` and the accessor for that type (``constantValue``, ``keyPath`` and
/// ``operand``, ``function`` and ``arguments``, ``collection``, ``variable``, ``predicate``).
///
/// Key paths keep Core Data's form: one expression for `owner.name`, collection operators inside the path
/// (`items.@count`, `items.@sum.price`), and an ``operand`` other than the evaluated object for `$x.price` and
/// `SUBQUERY(…).@count`. Arithmetic is a function expression named as Core Data names it: `add:to:`,
/// `from:subtract:`, `multiply:by:`, `divide:by:`, `modulus:by:`, `raise:toPower:`; a unary minus is
/// `from:subtract:` with 0.
///
/// **In a file that imports both Foundation and OpenCoreData**, `NSExpression` in type position (`let e:
/// NSExpression`) is ambiguous with Linux Foundation's stub; write `OpenCoreData.NSExpression`, or import only
/// OpenCoreData there (it re-exports Foundation). Creating one (`NSExpression(forKeyPath: "name")`) is not
/// ambiguous.
open class NSExpression: NSObject, NSCopying {
    /// What kind of expression this is. Same cases and raw values as Core Data's.
    public enum ExpressionType: UInt, Sendable {
        /// A constant value (raw value 0). Mirrors Core Data's `NSExpression.ExpressionType.constantValue`.
        case constantValue = 0
        /// The evaluated object (`SELF`) (raw value 1). Mirrors Core Data's
        /// `NSExpression.ExpressionType.evaluatedObject`.
        case evaluatedObject = 1
        /// A `$variable` (raw value 2). Mirrors Core Data's `NSExpression.ExpressionType.variable`.
        case variable = 2
        /// A key path (raw value 3). Mirrors Core Data's `NSExpression.ExpressionType.keyPath`.
        case keyPath = 3
        /// A function of other expressions, arithmetic included (raw value 4). Mirrors Core Data's
        /// `NSExpression.ExpressionType.function`.
        case function = 4
        /// The union of two collections (`UNION`) (raw value 5). Mirrors Core Data's
        /// `NSExpression.ExpressionType.unionSet`.
        case unionSet = 5
        /// The intersection of two collections (`INTERSECT`) (raw value 6). Mirrors Core Data's
        /// `NSExpression.ExpressionType.intersectSet`.
        case intersectSet = 6
        /// One collection minus another (`MINUS`) (raw value 7). Mirrors Core Data's
        /// `NSExpression.ExpressionType.minusSet`.
        case minusSet = 7
        /// A `SUBQUERY` (raw value 13). Mirrors Core Data's `NSExpression.ExpressionType.subquery`.
        case subquery = 13
        /// An aggregate of expressions (`{…}`) (raw value 14). Mirrors Core Data's
        /// `NSExpression.ExpressionType.aggregate`.
        case aggregate = 14
        /// Any key (raw value 15). Mirrors Core Data's `NSExpression.ExpressionType.anyKey`.
        case anyKey = 15
        /// A block expression (raw value 19). Mirrors Core Data's `NSExpression.ExpressionType.block`.
        case block = 19
        /// A conditional expression (`TERNARY`) (raw value 20). Mirrors Core Data's
        /// `NSExpression.ExpressionType.conditional`.
        case conditional = 20
    }

    indirect enum Node {
        case constant(Any?)
        case evaluatedObject
        case variable(String)
        /// `operand` nil is the evaluated object.
        case keyPath(operand: NSExpression?, path: String)
        case function(name: String, arguments: [NSExpression])
        case aggregate([NSExpression])
        case subquery(collection: NSExpression, variable: String, predicate: NSPredicate)
        case conditional(predicate: NSPredicate, whenTrue: NSExpression, whenFalse: NSExpression)
        case anyKey
        /// `NSExpression(format:)` with a format that did not parse.
        case invalid(PredicateFormatError)
    }

    let node: Node

    init(node: Node) {
        self.node = node
        super.init()
    }

    /// An expression of `type` with nothing else to say: the evaluated object, any key, or (for every other
    /// type) the constant nil. Mirrors `init(expressionType:)`.
    public convenience init(expressionType type: ExpressionType) {
        switch type {
        case .evaluatedObject: self.init(node: .evaluatedObject)
        case .anyKey: self.init(node: .anyKey)
        default: self.init(node: .constant(nil))
        }
    }

    /// A constant. Mirrors `init(forConstantValue:)`.
    public convenience init(forConstantValue obj: Any?) {
        self.init(node: .constant(unwrapped(obj)))
    }

    /// `SELF`: the object being evaluated. Mirrors `expressionForEvaluatedObject()`.
    open class func expressionForEvaluatedObject() -> NSExpression {
        NSExpression(node: .evaluatedObject)
    }

    /// Any key (`ANYKEY`). Mirrors `expressionForAnyKey()`.
    open class func expressionForAnyKey() -> NSExpression {
        NSExpression(node: .anyKey)
    }

    /// A `$variable`, replaced by `withSubstitutionVariables(_:)` or bound at evaluation. Mirrors
    /// `init(forVariable:)`.
    public convenience init(forVariable string: String) {
        self.init(node: .variable(string))
    }

    /// A key path of the evaluated object (`"owner.name"`, `"items.@count"`). Mirrors `init(forKeyPath:)`.
    public convenience init(forKeyPath keyPath: String) {
        self.init(node: .keyPath(operand: nil, path: keyPath))
    }

    /// A key path of `operand`'s value (`$item.price`).
    convenience init(forKeyPath keyPath: String, of operand: NSExpression) {
        if case .evaluatedObject = operand.node {
            self.init(node: .keyPath(operand: nil, path: keyPath))
        } else {
            self.init(node: .keyPath(operand: operand, path: keyPath))
        }
    }

    /// A function of `parameters` (expressions; anything else is taken as a constant), by Core Data's name:
    /// `"sum:"`, `"count:"`, `"min:"`, `"max:"`, `"average:"`, `"median:"`, `"abs:"`, `"sqrt:"`, `"floor:"`,
    /// `"ceiling:"`, `"trunc:"`, `"exp:"`, `"ln:"`, `"log:"`, `"lowercase:"`, `"uppercase:"`, `"now"`, and the
    /// arithmetic `"add:to:"`, `"from:subtract:"`, `"multiply:by:"`, `"divide:by:"`, `"modulus:by:"`,
    /// `"raise:toPower:"`. Mirrors `init(forFunction:arguments:)`.
    public convenience init(forFunction name: String, arguments parameters: [Any]) {
        self.init(node: .function(name: name, arguments: parameters.map(NSExpression.wrapping)))
    }

    /// `{a, b, c}`: a collection of expressions. Mirrors `init(forAggregate:)`.
    public convenience init(forAggregate subexpressions: [Any]) {
        self.init(node: .aggregate(subexpressions.map(NSExpression.wrapping)))
    }

    /// `SUBQUERY(collection, $variable, predicate)`: the elements of `expression` for which `predicate` holds
    /// with `$variable` bound to the element. Mirrors `init(forSubquery:usingIteratorVariable:predicate:)`.
    public convenience init(
        forSubquery expression: NSExpression, usingIteratorVariable variable: String, predicate: NSPredicate
    ) {
        self.init(node: .subquery(collection: expression, variable: variable, predicate: predicate))
    }

    /// `TERNARY(predicate, trueExpression, falseExpression)`. Mirrors
    /// `init(forConditional:trueExpression:falseExpression:)`.
    public convenience init(
        forConditional predicate: NSPredicate, trueExpression: NSExpression, falseExpression: NSExpression
    ) {
        self.init(node: .conditional(predicate: predicate, whenTrue: trueExpression, whenFalse: falseExpression))
    }

    /// The expression a format string describes (`"price * 2"`, `"items.@count"`), with `%@`, `%K`, `%d`, …
    /// taken from `args`. Mirrors `init(format:_:)`; **differs:** the arguments are `Any` (Linux Swift values are
    /// not `CVarArg`). A format that does not parse makes an expression that keeps the error
    /// (``formatError``) and evaluates to nil.
    public convenience init(format expressionFormat: String, _ args: Any...) {
        self.init(format: expressionFormat, argumentArray: args)
    }

    /// As ``init(format:_:)``, with the arguments in an array. Mirrors `init(format:argumentArray:)`.
    public convenience init(format expressionFormat: String, argumentArray arguments: [Any]) {
        switch PredicateParser.parseExpression(expressionFormat, arguments: arguments) {
        case .success(let expression): self.init(node: expression.node)
        case .failure(let error): self.init(node: .invalid(error))
        }
    }

    static func wrapping(_ value: Any) -> NSExpression {
        (value as? NSExpression) ?? NSExpression(forConstantValue: value)
    }

    // MARK: Reading the tree

    /// What kind of expression this is. Mirrors `expressionType`.
    open var expressionType: ExpressionType {
        switch node {
        case .constant, .invalid: .constantValue
        case .evaluatedObject: .evaluatedObject
        case .variable: .variable
        case .keyPath: .keyPath
        case .function: .function
        case .aggregate: .aggregate
        case .subquery: .subquery
        case .conditional: .conditional
        case .anyKey: .anyKey
        }
    }

    /// A constant expression's value (nil for other types). Mirrors `constantValue`.
    open var constantValue: Any? {
        if case .constant(let value) = node { return value }
        return nil
    }

    /// A key-path expression's key path (`""` for other types). Mirrors `keyPath`.
    open var keyPath: String {
        if case .keyPath(_, let path) = node { return path }
        return ""
    }

    /// A function expression's name (`"add:to:"`; `""` for other types). Mirrors `function`.
    open var function: String {
        if case .function(let name, _) = node { return name }
        return ""
    }

    /// A variable expression's name, or a subquery's iterator variable (`""` otherwise). Mirrors `variable`.
    open var variable: String {
        switch node {
        case .variable(let name): name
        case .subquery(_, let name, _): name
        default: ""
        }
    }

    /// What a key path is applied to: the evaluated object unless the path follows a variable or a subquery.
    /// Mirrors `operand`.
    open var operand: NSExpression {
        if case .keyPath(let operand?, _) = node { return operand }
        return NSExpression(node: .evaluatedObject)
    }

    /// A function expression's arguments (nil for other types). Mirrors `arguments`.
    open var arguments: [NSExpression]? {
        if case .function(_, let arguments) = node { return arguments }
        return nil
    }

    /// An aggregate's expressions (`[NSExpression]`), or a subquery's collection expression. Mirrors
    /// `collection`.
    open var collection: Any {
        switch node {
        case .aggregate(let expressions): expressions
        case .subquery(let collection, _, _): collection
        default: [NSExpression]()
        }
    }

    /// A subquery's or a conditional's predicate (`FALSEPREDICATE` for other types). Mirrors `predicate`.
    open var predicate: NSPredicate {
        switch node {
        case .subquery(_, _, let predicate), .conditional(let predicate, _, _): predicate
        default: NSPredicate(value: false)
        }
    }

    /// A conditional's expression when its predicate holds. Mirrors `trueExpression`.
    open var trueExpression: NSExpression {
        if case .conditional(_, let expression, _) = node { return expression }
        return NSExpression(node: .constant(nil))
    }

    /// A conditional's expression when its predicate does not hold. Mirrors `falseExpression`.
    open var falseExpression: NSExpression {
        if case .conditional(_, _, let expression) = node { return expression }
        return NSExpression(node: .constant(nil))
    }

    /// Why the format of `NSExpression(format:)` did not parse, or of any predicate inside; nil when it did.
    /// (Not in Core Data, which raises.)
    public var formatError: PredicateFormatError? {
        switch node {
        case .invalid(let error): return error
        case .keyPath(let operand, _): return operand?.formatError
        case .function(_, let arguments), .aggregate(let arguments):
            return arguments.lazy.compactMap(\.formatError).first
        case .subquery(let collection, _, let predicate):
            return collection.formatError ?? predicate.formatError
        case .conditional(let predicate, let whenTrue, let whenFalse):
            return predicate.formatError ?? whenTrue.formatError ?? whenFalse.formatError
        case .constant, .evaluatedObject, .variable, .anyKey:
            return nil
        }
    }

    /// The expression's value for `object`, `$variables` taken from `context` (string keys); nil when it cannot
    /// be evaluated (an unbound variable, an unknown key). Mirrors `expressionValue(with:context:)`.
    open func expressionValue(with object: Any?, context: NSMutableDictionary?) -> Any? {
        var bindings: [String: Any] = [:]
        if let context {
            for (key, value) in context { if let key = key as? String { bindings[key] = value } }
        }
        return try? PredicateEvaluator(bindings: bindings).value(of: self, for: object)
    }

    /// Does nothing: expressions here are always evaluable. Mirrors `allowEvaluation()`.
    open func allowEvaluation() {}

    /// Expressions are immutable: a copy is the expression itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is an expression of the same tree: same types, equal constants (numbers by value, a
    /// constant array equal to an aggregate of equal constants), same key paths, functions and predicates.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSExpression else { return false }
        return PredicateTree.isEqual(self, other)
    }

    /// Combines only what equal trees share (a constant array equals an aggregate of its constants).
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(keyPath)
        hasher.combine(function)
        hasher.combine(variable)
        return hasher.finalize()
    }

    /// The expression in format syntax, which `NSExpression(format:)` reads back to an equal expression.
    open override var description: String { PredicateFormatter.format(self) }
}
