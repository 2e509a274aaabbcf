import Foundation

/// Finds Xcode models among a program's resources: what `NSPersistentContainer(name:)` looks for.
///
/// Searched, in order: each given bundle's resource folder (and the bundle's own folder), three folders deep; or
/// — when no bundles are given — the main bundle's folder (one folder deep: beside an executable it holds the
/// whole build), then every SwiftPM resource bundle beside the executable (`<Package>_<Target>.resources` on
/// Linux, `.bundle` on Apple platforms), three folders deep, so a model copied with
/// `resources: [.copy("Cart.xcdatamodeld")]` or inside `.copy("Resources")` is found. A `Name.xcdatamodeld`
/// wins over a `Name.xcdatamodel`; within a kind the first path in sorted order.
enum ModelLocator {
    static func url(forModelNamed name: String, in bundles: [Bundle]?) -> URL? {
        let folders = searchFolders(bundles)
        for fileName in ["\(name).xcdatamodeld", "\(name).xcdatamodel"] {
            for (folder, depth) in folders {
                if let found = find(fileName, in: folder, depth: depth) { return found }
            }
        }
        return nil
    }

    /// Every model (`.xcdatamodeld`, or `.xcdatamodel` not inside one) in the search folders.
    static func modelURLs(in bundles: [Bundle]?) -> [URL] {
        var found: [URL] = []
        var seen = Set<String>()
        for (folder, depth) in searchFolders(bundles) {
            for url in all(in: folder, depth: depth) where seen.insert(url.standardizedFileURL.path).inserted {
                found.append(url)
            }
        }
        return found
    }

    /// The folders to search, each with how many folders deep.
    static func searchFolders(_ bundles: [Bundle]?) -> [(URL, Int)] {
        var folders: [(URL, Int)] = []
        func add(_ url: URL?, depth: Int) {
            guard let url = url?.standardizedFileURL, !folders.contains(where: { $0.0 == url }),
                FileManager.default.fileExists(atPath: url.path)
            else { return }
            folders.append((url, depth))
        }
        if let bundles {
            for bundle in bundles {
                add(bundle.resourceURL, depth: 3)
                add(bundle.bundleURL, depth: 3)
            }
            return folders
        }
        add(Bundle.main.resourceURL, depth: 1)
        add(Bundle.main.bundleURL, depth: 1)
        let beside = Bundle.main.bundleURL
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: beside.path)) ?? []
        for entry in entries.sorted() where entry.hasSuffix(".resources") || entry.hasSuffix(".bundle") {
            let bundleURL = beside.appendingPathComponent(entry, isDirectory: true)
            add(bundleURL.appendingPathComponent("Contents/Resources", isDirectory: true), depth: 3)
            add(bundleURL, depth: 3)
        }
        return folders
    }

    private static func children(of folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func find(_ fileName: String, in folder: URL, depth: Int) -> URL? {
        let candidate = folder.appendingPathComponent(fileName, isDirectory: true)
        if isFolder(candidate) { return candidate }
        guard depth > 0 else { return nil }
        for child in children(of: folder)
        where isFolder(child) && !isModel(child) && !child.lastPathComponent.hasPrefix(".") {
            if let found = find(fileName, in: child, depth: depth - 1) { return found }
        }
        return nil
    }

    private static func isModel(_ url: URL) -> Bool {
        ["xcdatamodeld", "xcdatamodel"].contains(url.pathExtension)
    }

    private static func all(in folder: URL, depth: Int) -> [URL] {
        var found: [URL] = []
        for child in children(of: folder) where isFolder(child) && !child.lastPathComponent.hasPrefix(".") {
            if isModel(child) {
                found.append(child)
            } else if depth > 0 {
                found += all(in: child, depth: depth - 1)
            }
        }
        return found
    }
}

extension NSManagedObjectModel {
    /// The Xcode model named `name` (`Name.xcdatamodeld`, else `Name.xcdatamodel`) among the resources of
    /// `bundles` — by default the main bundle and the SwiftPM resource bundles beside the executable; nil when
    /// there is none. This is how `NSPersistentContainer(name:)` finds its model. (Core Data looks for a compiled
    /// `Name.momd` in the main bundle instead.)
    public static func modelURL(named name: String, in bundles: [Bundle]? = nil) -> URL? {
        ModelLocator.url(forModelNamed: name, in: bundles)
    }
}
