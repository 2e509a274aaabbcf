/// An attribute of a ``StoreEntity``: one column of values of one ``StorageType``.
///
/// The object layer says how it encodes values in the column (``representation``, ``valueTypeName``); the store
/// only records those words with the schema and compares them when it migrates, so a column whose values would be
/// read differently is never kept as it is.
package struct StoreAttribute: Sendable {
    /// The attribute's name, which is also its column's name.
    package var name: String
    /// What the column stores.
    package var storageType: StorageType
    /// Whether the column may hold NULL.
    package var isOptional: Bool
    /// The collating sequence the column is declared with, when not the database's default (for example
    /// `osd_decimal`, which orders decimal text as numbers).
    package var collation: String?
    /// Whether the bytes live outside the row (``ExternalData``): only for ``StorageType/blob``.
    package var storesExternally: Bool
    /// The value a row without one gets when the column is added, or made required, by a migration.
    package var defaultValue: StoredValue?
    /// The attribute's name in an older version of the schema, for migration.
    package var originalName: String?
    /// The object layer's name for the values' type (for OpenSwiftData, the Swift type as `String(reflecting:)`
    /// spells it), recorded and compared by migrations.
    package var valueTypeName: String
    /// The object layer's word for how a value is encoded (OpenSwiftData: `scalar`, `rawValue`, `json`), recorded
    /// and compared by migrations.
    package var representation: String
    /// Whether a stored value of a column whose value type has the same name in another namespace (`V1.Settings`
    /// and `V2.Settings`) can be read as this attribute's values; nil when that is never so. A migration keeps such
    /// a column when every stored value passes.
    package var acceptsStoredValue: (@Sendable (StoredValue) -> Bool)?

    package init(
        name: String, storageType: StorageType, isOptional: Bool, collation: String? = nil,
        storesExternally: Bool = false,
        defaultValue: StoredValue? = nil, originalName: String? = nil, valueTypeName: String = "",
        representation: String = "scalar",
        acceptsStoredValue: (@Sendable (StoredValue) -> Bool)? = nil
    ) {
        self.name = name
        self.storageType = storageType
        self.isOptional = isOptional
        self.collation = collation
        self.storesExternally = storesExternally
        self.defaultValue = defaultValue
        self.originalName = originalName
        self.valueTypeName = valueTypeName
        self.representation = representation
        self.acceptsStoredValue = acceptsStoredValue
    }
}
