/// A piece of markup that is already safe to send to a browser.
///
/// Built from a string literal with interpolations: the literal parts are markup written by the programmer and
/// are kept as is; interpolated `String`s are escaped with ``HTML/escape(_:)``; interpolated fragments are
/// kept as is. So page code reads like HTML and cannot forget escaping:
///
/// ```swift
/// let heading: HTMLFragment = "<h1 title=\"\(product.title)\">\(product.title)</h1>"
/// ```
///
/// Interpolating a `Double` or an optional `String` does not compile on purpose: format numbers explicitly and
/// decide what a missing value shows. The only way to wrap a runtime `String` as markup without escaping is
/// ``init(unsafeRaw:)``.
public struct HTMLFragment: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup, ready to send.
    public let markup: String

    /// Wraps markup that is trusted as is, without escaping.
    ///
    /// Only for markup the program produced itself (an SVG constant, another renderer's output). Never pass text
    /// that came from data, a request or a user.
    /// - Parameter markup: Trusted markup.
    public init(unsafeRaw markup: String) {
        self.markup = markup
    }

    /// Wraps text, escaping it: `HTMLFragment(text: "<b>")` is `&lt;b&gt;`.
    /// - Parameter text: Untrusted text.
    public init(text: String) {
        self.markup = HTML.escape(text)
    }

    /// A literal without interpolations: markup written in the source, kept as is.
    public init(stringLiteral markup: String) {
        self.markup = markup
    }

    /// A literal with interpolations; see ``StringInterpolation``.
    public init(stringInterpolation: StringInterpolation) {
        self.markup = stringInterpolation.markup
    }

    /// The empty fragment.
    public static let empty = HTMLFragment(unsafeRaw: "")

    /// The markup; same as ``markup``.
    public var description: String { markup }

    /// Concatenates two fragments.
    public static func + (lhs: HTMLFragment, rhs: HTMLFragment) -> HTMLFragment {
        HTMLFragment(unsafeRaw: lhs.markup + rhs.markup)
    }

    /// Builds an ``HTMLFragment`` from a literal: literal text is kept, interpolated `String`s are escaped.
    public struct StringInterpolation: StringInterpolationProtocol {
        var markup: String

        /// Called by the compiler for each literal with interpolations.
        public init(literalCapacity: Int, interpolationCount: Int) {
            markup = ""
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        /// Literal parts are markup written in the source: kept as is.
        public mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) {
            markup += HTML.escape(text)
        }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: Substring) {
            markup += HTML.escape(String(text))
        }

        /// An integer: its decimal digits (never needs escaping).
        public mutating func appendInterpolation<Integer: BinaryInteger>(_ number: Integer) {
            markup += String(number)
        }

        /// Markup: kept as is.
        public mutating func appendInterpolation(_ fragment: HTMLFragment) {
            markup += fragment.markup
        }

        /// Optional markup: kept as is, or nothing when `nil` (for optional sections such as a missing brand).
        public mutating func appendInterpolation(_ fragment: HTMLFragment?) {
            if let fragment { markup += fragment.markup }
        }

        /// A list of markup pieces, concatenated without separators.
        public mutating func appendInterpolation(_ fragments: [HTMLFragment]) {
            for fragment in fragments { markup += fragment.markup }
        }
    }
}

extension Sequence where Element == HTMLFragment {
    /// Concatenates the fragments, putting `separator` between neighbours.
    public func joined(separator: HTMLFragment = .empty) -> HTMLFragment {
        var markup = ""
        var first = true
        for fragment in self {
            if !first { markup += separator.markup }
            markup += fragment.markup
            first = false
        }
        return HTMLFragment(unsafeRaw: markup)
    }
}
