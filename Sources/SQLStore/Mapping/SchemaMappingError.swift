/// A schema the store cannot lay out as tables: the message names the entity and property, and what to change.
package struct SchemaMappingError: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
