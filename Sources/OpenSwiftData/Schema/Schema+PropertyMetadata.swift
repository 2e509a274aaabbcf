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
        /// The `@Attribute` or `@Relationship` given, completed with name, type and destination.
        public let metadata: Any?
        /// What the property is: an attribute (a column value) or a relationship (references to models).
        let kind: Kind

        enum Kind {
            case attribute(Attribute)
            case relationship(Relationship)
        }

        /// The attribute, when the property is one.
        var attribute: Attribute? {
            if case .attribute(let attribute) = kind { return attribute }
            return nil
        }

        /// The relationship, when the property is one.
        var relationship: Relationship? {
            if case .relationship(let relationship) = kind { return relationship }
            return nil
        }

        init(name: String, keypath: AnyKeyPath, defaultValue: Any?, declared: Attribute?, codec: AttributeCodec) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = defaultValue
            let attribute = Attribute(name: name, declared: declared, codec: codec, defaultValue: defaultValue)
            self.kind = .attribute(attribute)
            self.metadata = attribute
        }

        init(
            name: String, keypath: AnyKeyPath, declared: Relationship?, destination: any PersistentModel.Type,
            isToOne: Bool,
            isOptional: Bool, accessors: RelationshipAccessors
        ) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = nil
            let relationship = Relationship(
                name: name, declared: declared, destination: destination, isToOne: isToOne, isOptional: isOptional,
                accessors: accessors
            )
            self.kind = .relationship(relationship)
            self.metadata = relationship
        }

        // MARK: Relationships

        /// An optional to-one relationship (`var author: Author?`).
        public init<Root, Value: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??,
            metadata: Relationship?
        ) {
            self.init(
                name: name, keypath: keypath, declared: metadata, destination: Value.self, isToOne: true,
                isOptional: true,
                accessors: .toOne(keypath))
        }

        /// A required to-one relationship (`var author: Author`).
        public init<Root, Value: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Relationship?
        ) {
            self.init(
                name: name, keypath: keypath, declared: metadata, destination: Value.self, isToOne: true,
                isOptional: false,
                accessors: .requiredToOne(keypath))
        }

        /// A to-many relationship (`var books: [Book]`).
        public init<Root, Value: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Root, [Value]>, defaultValue: [Value]?,
            metadata: Relationship?
        ) {
            self.init(
                name: name, keypath: keypath, declared: metadata, destination: Value.self, isToOne: false,
                isOptional: false,
                accessors: .toMany(keypath))
        }

        /// An optional to-many relationship (`var books: [Book]?`); it reads as an empty array when nothing is related.
        public init<Root, Value: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Root, [Value]?>, defaultValue: [Value]??,
            metadata: Relationship?
        ) {
            self.init(
                name: name, keypath: keypath, declared: metadata, destination: Value.self, isToOne: false,
                isOptional: true,
                accessors: .optionalToMany(keypath))
        }

        // MARK: ColumnValue

        /// An attribute of a column type (`var title: String`), stored in its column as is. `defaultValue` is the
        /// declaration's default, `metadata` the `@Attribute` given, if any.
        public init<Root, Value: ColumnValue>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata,
                codec: AttributeCodec(
                    representation: .scalar, columnType: Value.columnType, isOptional: false, valueType: Value.self,
                    collation: Value.columnCollation))
        }

        /// An optional attribute of a column type (`var note: String?`), stored in its column as is, NULL when nil.
        public init<Root, Value: ColumnValue>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata,
                codec: AttributeCodec(
                    representation: .scalar, columnType: Value.columnType, isOptional: true, valueType: Value?.self,
                    collation: Value.columnCollation))
        }

        // MARK: RawRepresentable

        /// An attribute of a `RawRepresentable` type whose raw value is of a column type (`var status: Status`, an
        /// enum), stored as its raw value.
        public init<Root, Value: RawRepresentable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata,
                codec: AttributeCodec(
                    representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: false,
                    valueType: Value.self,
                    collation: Value.RawValue.columnCollation))
        }

        /// An optional attribute of a `RawRepresentable` type whose raw value is of a column type
        /// (`var status: Status?`), stored as its raw value, NULL when nil.
        public init<Root, Value: RawRepresentable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata,
                codec: AttributeCodec(
                    representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: true,
                    valueType: Value?.self,
                    collation: Value.RawValue.columnCollation))
        }

        /// An attribute of a `RawRepresentable` and `Codable` type whose raw value is of a column type, stored as its
        /// raw value (not as JSON): this overload is more specific than the `Codable` one.
        public init<Root, Value: RawRepresentable & Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata,
                codec: AttributeCodec(
                    representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: false,
                    valueType: Value.self,
                    collation: Value.RawValue.columnCollation))
        }

        /// An optional attribute of a `RawRepresentable` and `Codable` type whose raw value is of a column type,
        /// stored as its raw value (not as JSON), NULL when nil.
        public init<Root, Value: RawRepresentable & Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) where Value.RawValue: ColumnValue {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata,
                codec: AttributeCodec(
                    representation: .rawValue, columnType: Value.RawValue.columnType, isOptional: true,
                    valueType: Value?.self,
                    collation: Value.RawValue.columnCollation))
        }

        // MARK: Anything else

        /// A property of a type that cannot be stored: accepted here so the model compiles, and reported by
        /// ``ModelContainer`` as ``SwiftDataError/invalidSchema(_:)`` naming the model and property.
        @_disfavoredOverload
        public init<Root, Value>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata,
                codec: AttributeCodec(
                    representation: .unsupported, columnType: .blob, isOptional: false, valueType: Value.self))
        }

        // MARK: Codable (JSON)

        /// An attribute of any other `Codable` type (`var tags: Set<String>`), stored as JSON text.
        public init<Root, Value: Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value>, defaultValue: Value?, metadata: Attribute?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue, declared: metadata,
                codec: AttributeCodec(
                    representation: .json, columnType: .text, isOptional: false, valueType: Value.self,
                    jsonType: JSONAttributeType(type: Value.self)))
        }

        /// An optional attribute of any other `Codable` type (`var tags: Set<String>?`), stored as JSON text, NULL
        /// when nil.
        public init<Root, Value: Codable>(
            name: String, keypath: ReferenceWritableKeyPath<Root, Value?>, defaultValue: Value??, metadata: Attribute?
        ) {
            self.init(
                name: name, keypath: keypath, defaultValue: defaultValue ?? nil, declared: metadata,
                codec: AttributeCodec(
                    representation: .json, columnType: .text, isOptional: true, valueType: Value?.self,
                    jsonType: JSONAttributeType(type: Value.self)))
        }
    }
}
