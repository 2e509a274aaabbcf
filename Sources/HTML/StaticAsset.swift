/// A stylesheet, script or picture the program ships as text and serves at a fixed path, linked from pages by a
/// URL that changes whenever its content does.
///
/// Pages may not carry inline `<style>` or `<script>` (the showcase's `Content-Security-Policy` forbids them), so
/// CSS and JavaScript are files of their own. ``url`` adds a fingerprint of the content to ``path``
/// (`/static/showcase.css?v=8c1f0e2a9b3d4c5e`), so the server can let browsers cache the file for a year and a
/// new version is still fetched at once.
public struct StaticAsset: Sendable, Hashable {
    /// Where the server serves it, for example `"/static/showcase.css"` (route this path; the query is ignored).
    public let path: String
    /// Its `Content-Type`, for example `"text/css; charset=utf-8"`.
    public let contentType: String
    /// The file's text.
    public let content: String
    /// 16 hex digits of a 64-bit FNV-1a hash of ``content``'s UTF-8 bytes.
    public let fingerprint: String

    /// Creates an asset; ``fingerprint`` is computed from `content`.
    public init(path: String, contentType: String, content: String) {
        self.path = path
        self.contentType = contentType
        self.content = content
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in content.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        fingerprint = String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What pages link to: ``path`` with `?v=` and the ``fingerprint``.
    public var url: String { "\(path)?v=\(fingerprint)" }
}
