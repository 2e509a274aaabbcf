import Foundation
import HTML
import HTTP

/// The DocC sites `make docs` builds (`<folder>/<Module>/`, made with `--hosting-base-path docs/<Module>`), served
/// at `/docs/<Module>/…`, and the `/docs` page that links them — or says how to build them when they are not there.
///
/// It sits in front of the router (whose patterns match whole segments, not a folder's files). Only `GET` and
/// `HEAD` of paths under `/docs` are answered; a path with an empty, `.` or `..` segment, or a module not in
/// ``modules``, is a 404, so nothing outside the sites' folders is ever read.
public struct DocsSite: Sendable {
    /// The documented modules, in the order the `/docs` page lists them.
    public static let modules = ["OpenSwiftData", "OpenCoreData"]

    /// The folder holding one built site per module.
    public let folder: URL

    /// A site served from `folder` (read on each request, so a `make docs` while the server runs is seen).
    /// - Parameter folder: The folder `make docs` writes (`.build/docs`).
    public init(folder: URL) {
        self.folder = folder
    }

    /// The path of a module's documentation root page, `/docs/<Module>/documentation/<module>/`.
    /// - Parameter module: One of ``modules``.
    public static func rootPath(of module: String) -> String {
        "/docs/\(module)/documentation/\(module.lowercased())/"
    }

    /// Whether `module`'s site has been built (its `index.html` exists).
    /// - Parameter module: One of ``modules``.
    public func isBuilt(_ module: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(module)/index.html").path)
    }

    /// The answer to `request` when its path is `/docs` or below it; `nil` for every other path, which goes on to
    /// the router.
    /// - Parameter request: The request as the server received it.
    public func response(for request: HTTPRequest) -> HTTPResponse? {
        let path = request.path
        guard path == "/docs" || path.hasPrefix("/docs/") else { return nil }
        guard request.method == .get || request.method == .head else {
            return .error(
                "\(path) can only be read (GET).", status: .methodNotAllowed, path: path,
                renderer: ShowcaseErrorPage.render
            )
        }
        if path == "/docs" || path == "/docs/" { return .html(indexPage()) }
        var segments = path.dropFirst("/docs/".count).split(separator: "/", omittingEmptySubsequences: false)
            .map(String.init)
        let module = segments.removeFirst()
        guard Self.modules.contains(module) else { return notFound(path) }
        guard isBuilt(module) else { return .html(indexPage(), status: .notFound) }
        if segments.isEmpty || segments == [""] { return .redirect(to: Self.rootPath(of: module), status: .found) }
        // A folder's page is its index.html (what the path ends in a slash for); no segment may leave the folder.
        if segments.last == "" { segments[segments.count - 1] = "index.html" }
        guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
            return notFound(path)
        }
        var file = folder.appendingPathComponent(module)
        for segment in segments { file.appendPathComponent(segment) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else { return notFound(path) }
        if isFolder.boolValue {
            // docc writes each page as <page>/index.html; its links name the folder without the slash.
            return .redirect(to: request.percentEncodedPath + "/", status: .found)
        }
        guard let content = FileManager.default.contents(atPath: file.path) else { return notFound(path) }
        // The site changes with each `make docs` and its file names carry no fingerprint: ask again each time.
        var response = HTTPResponse.staticFile(
            content, contentType: Self.contentType(of: file.pathExtension), maxAge: 0)
        response.headers["Cache-Control"] = "no-cache"
        return response
    }

    /// The `/docs` page: a link to each built module's documentation, and the command that builds the others.
    public func indexPage() -> String {
        let items = Self.modules.map { module -> HTMLFragment in
            if isBuilt(module) {
                return "<li class=\"card\"><h2><a href=\"\(Self.rootPath(of: module))\">\(module)</a></h2></li>"
            }
            return """
                <li class="card"><h2>\(module) <small class="muted">(not built)</small></h2>\
                <p>Run <code>make docs</code> in the repository, then reload this page.</p></li>
                """
        }
        return Layout.page(
            title: "Documentation",
            appName: nil,
            navigation: [],
            content: """
                <h1>Documentation</h1>
                <p>The API reference and the guides of each library, built from the source by DocC \
                (<code>make docs</code>).</p>
                <ul class="apps">\(items.joined(separator: "\n"))</ul>
                """
        )
    }

    private func notFound(_ path: String) -> HTTPResponse {
        .error("No documentation page at \(path).", status: .notFound, path: path, renderer: ShowcaseErrorPage.render)
    }

    /// The media type of a file docc writes, by extension.
    static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "ico": "image/x-icon"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
