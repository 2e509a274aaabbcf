/// The lightweight migration's rules for an attribute whose stored type changed, shared by both stores' migrations
/// (``SchemaChanges`` for SQLite, the PostgreSQL store's schema preparation): whether its stored values can stay as
/// they are, and how a refusal names its types.
extension StoredSchema.Attribute {
    /// Values stored for `self` can be kept as values of `new`: the same storage and the same value type, optional
    /// or not (an introspected column, whose value type is unknown, only needs the same column type).
    package func keepsValues(as new: StoredSchema.Attribute) -> Bool {
        if representation.isEmpty { return columnType.uppercased() == new.columnType.uppercased() }
        let sameOptionality =
            valueType == new.valueType || Self.unwrapped(valueType) == Self.unwrapped(new.valueType)
        return columnType == new.columnType && representation == new.representation && isExternal == new.isExternal
            && sameOptionality
    }

    /// `self` and `new` are a type of one name declared in different namespaces (`MyApp.V1.Settings` and
    /// `MyApp.V2.Settings`, or `[V1.Window]` and `[V2.Window]`), stored alike: their values can stay if the new type
    /// decodes them.
    package func isSameType(inAnotherNamespaceAs new: StoredSchema.Attribute) -> Bool {
        !representation.isEmpty && new.representation == representation && columnType == new.columnType
            && isExternal == new.isExternal
            && StoredSchema.unqualifiedTypeName(Self.unwrapped(valueType))
                == StoredSchema.unqualifiedTypeName(Self.unwrapped(new.valueType))
    }

    /// The type as a refusal names it: `Array<String>`, not `Swift.Array<Swift.String>`; the column type for an
    /// introspected column.
    package var typeNameInRefusals: String {
        valueType.isEmpty ? columnType : valueType.replacingOccurrences(of: "Swift.", with: "")
    }

    /// `Swift.Optional<T>` → `T`.
    private static func unwrapped(_ type: String) -> String {
        if type.hasPrefix("Swift.Optional<"), type.hasSuffix(">") { return String(type.dropFirst(15).dropLast()) }
        return type
    }
}
