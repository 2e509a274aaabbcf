/// The join table of a to-many relationship: `(Z_SOURCE, Z_TARGET, Z_ORDER)` rows, the keys of the two sides and
/// the position of the target in the source's list.
package struct JoinTable: Sendable, Hashable {
    /// The column of the keys of ``sourceEntity``'s rows.
    package static let sourceColumn = "Z_SOURCE"
    /// The column of the keys of ``targetEntity``'s rows.
    package static let targetColumn = "Z_TARGET"
    /// The column of the position of a target in its source's list.
    package static let orderColumn = "Z_ORDER"

    package let name: String
    /// The entity whose key is in `Z_SOURCE`.
    package let sourceEntity: String
    /// The entity whose key is in `Z_TARGET`.
    package let targetEntity: String
    package let quotedName: String

    package init(name: String, sourceEntity: String, targetEntity: String, dialect: any SQLDialect) {
        self.name = name
        self.sourceEntity = sourceEntity
        self.targetEntity = targetEntity
        self.quotedName = dialect.quoted(name)
    }

    /// The triggers (on the two entities' tables) that delete a join table's rows with either side's row.
    package static func triggerNames(of joinTable: String) -> [String] {
        ["\(joinTable)_source_delete", "\(joinTable)_target_delete"]
    }
}
