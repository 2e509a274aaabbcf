/// SQL text helpers. Identifiers are always quoted; values are always bound parameters, never spliced into SQL.
enum SQL {
    /// `name` as a quoted SQL identifier: `"name"`, with embedded quotes doubled.
    static func identifier(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `?, ?, ?` for `count` parameters.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// The primary-key column every entity table has. Named as Core Data names it.
    static let primaryKey = "Z_PK"
}
