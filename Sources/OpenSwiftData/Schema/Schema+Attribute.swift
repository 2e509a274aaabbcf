extension Schema {
    /// A stored property of a model. Mirrors SwiftData's `Schema.Attribute`.
    ///
    /// `@Attribute(…)` in a model builds one with only its options; the schema fills in the name and type.
    public final class Attribute: Sendable, CustomStringConvertible {
        /// How an attribute is stored. Mirrors SwiftData's `Schema.Attribute.Option`.
        public struct Option: Hashable, Sendable, CustomStringConvertible {
            let name: String
            /// For `.transformable`: the registered name of the transformer.
            var transformerName: String? = nil

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

            /// Stores a `Codable` value in its encoded form. Mirrors SwiftData's `.codable`; OpenSwiftData stores every
            /// `Codable` value that is not a column type as JSON already, so this changes nothing.
            public static let codable = Option(name: "codable")

            /// Stores the value as the `Data` an instance of `transformerType` makes of it (`transformedValue(_:)`),
            /// read back with `reverseTransformedValue(_:)`. Mirrors SwiftData's `.transformable(by:)`. The type is
            /// registered (``ValueTransformer/setValueTransformer(_:forName:)``) under its full name, unless a
            /// transformer is registered under that name already.
            public static func transformable(by transformerType: ValueTransformer.Type) -> Option {
                let name = NSValueTransformerName(String(reflecting: transformerType))
                if ValueTransformer(forName: name) == nil {
                    ValueTransformer.setValueTransformer(transformerType.init(), forName: name)
                }
                return Option(name: "transformable", transformerName: name.rawValue)
            }

            /// Stores the value through the transformer registered under `transformerName` (see
            /// ``transformable(by:)-(ValueTransformer.Type)``). Mirrors SwiftData's `.transformable(by:)` with a name.
            /// A save or fetch while no transformer has that name throws ``SwiftDataError/invalidStoredValue(_:)``.
            public static func transformable(by transformerName: String) -> Option {
                Option(name: "transformable", transformerName: transformerName)
            }

            public var description: String {
                transformerName.map { ".\(name)(by: \"\($0)\")" } ?? "." + name
            }
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
            self.codec = AttributeCodec(
                representation: .json, columnType: .text, isOptional: false, valueType: Any.self)
        }

        init(name: String, declared: Attribute?, codec: AttributeCodec, defaultValue: Any?) {
            self.name = name
            self.options = declared?.options ?? []
            self.originalName = declared?.originalName
            self.hashModifier = declared?.hashModifier
            self.valueType = codec.valueType
            let isOptional = codec.isOptional || codec.valueType is any OptionalProtocol.Type
            self.isOptional = isOptional
            self.defaultValue = defaultValue
            // A transformed value is stored as its transformer's bytes, whatever its type.
            self.codec =
                declared?.transformerName == nil
                ? codec
                : AttributeCodec(
                    representation: .transformable, columnType: .blob, isOptional: isOptional,
                    valueType: codec.valueType
                )
        }

        /// The name of the transformer of a `.transformable` attribute.
        var transformerName: String? { options.lazy.compactMap(\.transformerName).first }

        /// The transformer of a `.transformable` attribute, looked up by name.
        /// - Throws: ``SwiftDataError/invalidStoredValue(_:)`` when none is registered under its name.
        func transformer(for property: String) throws(SwiftDataError) -> ValueTransformer {
            guard let name = transformerName else {
                throw .invalidSchema("\(property) has no .transformable option")
            }
            guard let transformer = ValueTransformer(forName: NSValueTransformerName(name)) else {
                throw .invalidStoredValue(
                    "\(property): no ValueTransformer is registered under the name \"\(name)\"; register one with ValueTransformer.setValueTransformer(_:forName:) before the first save or fetch"
                )
            }
            return transformer
        }

        /// Whether the attribute has the `.unique` option.
        public var isUnique: Bool { options.contains(.unique) }

        public var description: String {
            "\(name): \(valueType)" + (options.isEmpty ? "" : " \(options)")
        }
    }
}
