extension Schema {
    /// A stored property of a model. Mirrors SwiftData's `Schema.Attribute`.
    ///
    /// `@Attribute(…)` in a model builds one with only its options; the schema fills in the name and type.
    public final class Attribute: Sendable, CustomStringConvertible {
        /// How an attribute is stored. Mirrors SwiftData's `Schema.Attribute.Option`.
        public struct Option: Hashable, Sendable, CustomStringConvertible {
            let name: String

            /// At most one row holds each value; inserting a duplicate updates the existing row.
            public static let unique = Option(name: "unique")
            /// Large `Data` kept outside the row. Accepted; stored in the row for now.
            public static let externalStorage = Option(name: "externalStorage")
            /// Accepted for source compatibility; no effect (no CloudKit here).
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            /// The value is kept in the history's tombstone when the model is deleted (``HistoryDelete/tombstone``).
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            /// Accepted for source compatibility; no effect (no Spotlight on Linux).
            public static let spotlight = Option(name: "spotlight")
            /// Accepted for source compatibility; the value is stored (changes are tracked as usual).
            public static let ephemeral = Option(name: "ephemeral")

            public var description: String { "." + name }
        }

        /// The property's name, which is also the column's name.
        public let name: String
        /// The options given with `@Attribute`.
        public let options: [Option]
        /// The property's name in an older schema version, for migration.
        public let originalName: String?
        /// A string that changes the attribute's version hash, for migration.
        public let hashModifier: String?
        /// The property's Swift type.
        public let valueType: any Any.Type
        /// Whether the property's type is an `Optional`.
        public let isOptional: Bool
        /// The default value given in the model's declaration, if any.
        public nonisolated(unsafe) let defaultValue: Any?
        let codec: AttributeCodec

        /// The form `@Attribute(…)` builds: options only.
        public init(_ options: Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.name = ""
            self.options = options
            self.originalName = originalName
            self.hashModifier = hashModifier
            self.valueType = Any.self
            self.isOptional = false
            self.defaultValue = nil
            self.codec = AttributeCodec(representation: .json, columnType: .text, isOptional: false, valueType: Any.self)
        }

        init(name: String, declared: Attribute?, codec: AttributeCodec, defaultValue: Any?) {
            self.name = name
            self.options = declared?.options ?? []
            self.originalName = declared?.originalName
            self.hashModifier = declared?.hashModifier
            self.valueType = codec.valueType
            self.isOptional = codec.isOptional
            self.defaultValue = defaultValue
            self.codec = codec
        }

        /// Whether the attribute has the `.unique` option.
        public var isUnique: Bool { options.contains(.unique) }

        public var description: String {
            "\(name): \(valueType)" + (options.isEmpty ? "" : " \(options)")
        }
    }
}
