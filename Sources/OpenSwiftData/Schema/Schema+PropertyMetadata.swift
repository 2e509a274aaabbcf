extension Schema {
    /// What `@Model` records about one stored property. Mirrors SwiftData's `Schema.PropertyMetadata`.
    ///
    /// The initializer is overloaded on the property's type; the overload the compiler picks decides how the
    /// property is stored (as a ``ColumnValue``, as a raw value, or as JSON) — the same choice
    /// ``ModelRowDecoder`` and ``ModelRowEncoder`` make, so the three always agree.
    public struct PropertyMetadata: @unchecked Sendable {
        /// The property's name.
        public let name: String
        /// The key path to the property.
        public let keypath: AnyKeyPath
        /// The default value written in the declaration, if any.
        public let defaultValue: Any?
        /// The `@Attribute` given, completed with name and type.
        public let metadata: Any?
        let attribute: Attribute

        init(name: String, keypath: AnyKeyPath, defaultValue: Any?, declared: Attribute?, codec: AttributeCodec) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = defaultValue
            let attribute = Attribute(name: name, declared: declared, codec: codec, defaultValue: defaultValue)
            self.attribute = attribute
            self.metadata = attribute
        }

        // MARK: ColumnValue

        public init<Root, Value: ColumnValue>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata, codec: AttributeCodec(
                representation: .scalar, columnType: Value.columnType, isOptional: false, valueType: Value.self,
                collation: Value.columnCollation))
        }

        public init<Root, Value: ColumnValue>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata, codec: AttributeCodec(
                representation: .scalar, columnType: Value.columnType, isOptional: true, valueType: Value?.self,
                collation: Value.columnCollation))
        }

        // MARK: RawRepresentable

        public init<Root, Value: RawRepresentable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata, codec: AttributeCodec(
                representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: false, valueType: Value.self,
                collation: Value.RawValue.columnCollation))
        }

        public init<Root, Value: RawRepresentable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata, codec: AttributeCodec(
                representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: true, valueType: Value?.self,
                collation: Value.RawValue.columnCollation))
        }

        public init<Root, Value: RawRepresentable & Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata, codec: AttributeCodec(
                representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: false, valueType: Value.self,
                collation: Value.RawValue.columnCollation))
        }

        public init<Root, Value: RawRepresentable & Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata, codec: AttributeCodec(
                representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: true, valueType: Value?.self,
                collation: Value.RawValue.columnCollation))
        }

        // MARK: Anything else

        /// A property of a type that cannot be stored: accepted here so the model compiles, and reported by
        /// ``ModelContainer`` as ``SwiftDataError/invalidSchema(_:)`` naming the model and property.
        @_disfavoredOverload
        public init<Root, Value>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata, codec: AttributeCodec(
                representation: .unsupported, columnType: .blob, isOptional: false, valueType: Value.self))
        }

        // MARK: Codable (JSON)

        public init<Root, Value: Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata, codec: AttributeCodec(
                representation: .json, columnType: .text, isOptional: false, valueType: Value.self))
        }

        public init<Root, Value: Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata, codec: AttributeCodec(
                representation: .json, columnType: .text, isOptional: true, valueType: Value?.self))
        }
    }
}
