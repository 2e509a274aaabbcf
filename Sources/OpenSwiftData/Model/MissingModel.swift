/// What ``ModelContext/model(for:)`` returns for an identifier whose row is gone when no instance of the identifier's
/// own model type can stand in for it (the type needs a related model or a value that zeros cannot make, or is not
/// in the schema): a model of no entity, with no properties, whose ``PersistentModel/persistentModelID`` is the
/// identifier asked for. `as? T` on it is nil, so code written as `context.model(for: id) as? T` sees no model.
final class MissingModel: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] { [] }
    static var _$entityMetadata: Schema.EntityMetadata { Schema.EntityMetadata() }
    var _$persistentState = PersistentState()

    init(_ identifier: PersistentIdentifier) {
        _$persistentState.status = .removed
        _$persistentState.temporaryIdentifier = identifier
    }

    init(_$row row: inout ModelRowDecoder) throws {}
    func _$encode(to row: inout ModelRowEncoder) throws {}
    func _$load(from row: inout ModelRowDecoder) throws {}
}
