/// A schema change a migration will not make — it would lose or invent data — found before anything was written.
/// The message names the entity, the attribute, the change and what to do instead.
package struct MigrationRefusal: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
