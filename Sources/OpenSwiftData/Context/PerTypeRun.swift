/// A value made from a model's type, kept while models of that type come one after another — a save meets its models
/// in runs of one type, so each look-up costs a comparison of type identifiers instead of a hash-map look-up.
struct PerTypeRun<Value> {
    private var current: (type: ObjectIdentifier, value: Value)?

    /// The value for `model`'s type: the kept one when the previous model was of the same type, else `make`'s.
    /// - Throws: what `make` throws.
    mutating func value<Failure: Error>(
        for model: any PersistentModel, _ make: (any PersistentModel.Type) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let type = ObjectIdentifier(Swift.type(of: model))
        if let current, current.type == type { return current.value }
        let value = try make(Swift.type(of: model))
        current = (type, value)
        return value
    }
}
