/// A piece of SQL as a value: its text and the values bound to it, in order.
///
/// The text marks each bound value with `?` (identifiers are already quoted by the dialect, so no `?` appears
/// anywhere else); ``SQLDialect/statementText(_:)`` turns the markers into the database's own placeholders when the
/// statement runs. No value is ever part of the text.
package struct SQLFragment: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text, with `?` for each bound value.
    package var text: String
    /// The bound values, in the order of the text's markers.
    package var arguments: [StoredValue]

    package init(_ text: String, _ arguments: [StoredValue] = []) {
        self.text = text
        self.arguments = arguments
    }

    /// One bound value: `?`.
    package static func value(_ value: StoredValue) -> SQLFragment {
        SQLFragment("?", [value])
    }

    /// `self` followed by `other`.
    package static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
        SQLFragment(lhs.text + rhs.text, lhs.arguments + rhs.arguments)
    }

    /// `self` followed by the text `other` (which binds nothing).
    package static func + (lhs: SQLFragment, rhs: String) -> SQLFragment {
        SQLFragment(lhs.text + rhs, lhs.arguments)
    }

    /// The text `lhs` followed by `rhs`.
    package static func + (lhs: String, rhs: SQLFragment) -> SQLFragment {
        SQLFragment(lhs + rhs.text, rhs.arguments)
    }

    package static func += (lhs: inout SQLFragment, rhs: SQLFragment) {
        lhs.text += rhs.text
        lhs.arguments += rhs.arguments
    }

    package static func += (lhs: inout SQLFragment, rhs: String) {
        lhs.text += rhs
    }

    /// `parts` joined by `separator`, their arguments in order.
    package static func joined(_ parts: [SQLFragment], separator: String) -> SQLFragment {
        var result = SQLFragment("")
        for (index, part) in parts.enumerated() {
            if index > 0 { result.text += separator }
            result += part
        }
        return result
    }

    /// `text -- arguments: [...]`, for messages and tests.
    package var description: String {
        arguments.isEmpty ? text : "\(text) -- arguments: \(arguments)"
    }
}
