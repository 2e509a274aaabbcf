import Foundation

extension StringProtocol {
    /// The text without leading and trailing whitespace, as `trimmingCharacters(in: .whitespaces)` gives it.
    ///
    /// Header values almost never have any: when the first and last characters are ASCII other than space and tab,
    /// the text is returned as it is, without Foundation's trimming (which bridges through `NSString` on Linux, and
    /// was 2–3 % of a request's time under load, issue 16). Anything else — a space or tab at an end, or a non-ASCII
    /// character there, which may be Unicode whitespace — goes through Foundation.
    func trimmingHTTPWhitespace() -> String {
        let text = Substring(self)
        guard let first = text.utf8.first, let last = text.utf8.last else { return "" }
        func isPlainASCII(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && byte != 0x09 }
        if isPlainASCII(first) && isPlainASCII(last) { return String(text) }
        return trimmingCharacters(in: .whitespaces)
    }
}
