import Foundation

/// Why a model file could not be read: which file, where in it, and what is wrong.
public struct ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (a version's `contents`, a `.xccurrentversion`, or the folder that was asked for).
    public let file: URL
    /// The 1-based line of the problem, when it is at a place in the file.
    public let line: Int?
    /// The 1-based column, when the XML parser reported one.
    public let column: Int?
    /// What is wrong ("attribute “price” of Cart has attributeType “Dubble”, which Xcode does not write").
    public let problem: String

    /// The error `problem` in `file`, at `line` and `column` when known.
    public init(file: URL, line: Int?, column: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var description: String {
        var place = file.path
        if let line { place += ":\(line)" }
        if let line, let column, line > 0 { place += ":\(column)" }
        return "\(place): \(problem)"
    }
}
