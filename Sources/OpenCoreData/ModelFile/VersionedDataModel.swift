import Foundation

/// An Xcode `.xcdatamodeld` folder: every version of a model, and which one is current.
///
/// ```
/// Cart.xcdatamodeld/
///     .xccurrentversion           a property list: _XCCurrentVersionName = "Cart 2.xcdatamodel"
///     Cart.xcdatamodel/contents   version 1 (XML)
///     Cart 2.xcdatamodel/contents version 2
/// ```
///
/// Versions are in Xcode's order (`Cart`, `Cart 2`, …, `Cart 10`: names compared as Finder does), which is the
/// order a lightweight migration goes through them. A folder with one version needs no `.xccurrentversion`.
/// (Core Data reads the compiled `.momd`; Linux has no model compiler, so the source folder is read instead.)
public struct VersionedDataModel {
    /// One version: its name (without `.xcdatamodel`), its folder, and its model.
    public struct Version {
        /// The version's name, without `.xcdatamodel` (`"Cart 2"`).
        public let name: String
        /// The version's `.xcdatamodel` folder.
        public let url: URL
        /// The model the version's `contents` file describes.
        public let model: NSManagedObjectModel
    }

    /// The `.xcdatamodeld` folder.
    public let url: URL
    /// Every version, oldest first.
    public let versions: [Version]
    /// The current version.
    public let currentVersion: Version

    /// The model's name: the folder's name without `.xcdatamodeld` (what `NSPersistentContainer(name:)` names).
    public var name: String { url.deletingPathExtension().lastPathComponent }

    /// The current version's model.
    public var currentModel: NSManagedObjectModel { currentVersion.model }

    /// Reads every version in the folder at `url`. Throws ``CoreDataError/modelFile(_:)`` naming the file (and
    /// line) that could not be read: a version's `contents`, or `.xccurrentversion`.
    public init(contentsOf url: URL) throws {
        let fileManager = FileManager.default
        let folder = url.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CoreDataError.modelFile(
                ModelFileError(file: folder, line: nil, problem: "there is no model folder here"))
        }
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw CoreDataError.modelFile(
                ModelFileError(
                    file: folder, line: nil, problem: "the folder cannot be listed: \(error.localizedDescription)"))
        }
        let versionNames = names.filter { $0.hasSuffix(".xcdatamodel") }.sorted { a, b in
            a.dropLast(".xcdatamodel".count).localizedStandardCompare(b.dropLast(".xcdatamodel".count))
                == .orderedAscending
        }
        guard !versionNames.isEmpty else {
            throw CoreDataError.modelFile(
                ModelFileError(file: folder, line: nil, problem: "the folder has no .xcdatamodel version"))
        }
        var versions: [Version] = []
        for versionName in versionNames {
            let versionURL = folder.appendingPathComponent(versionName, isDirectory: true)
            let model = try ModelFileReader.contentsModel(at: versionURL.appendingPathComponent("contents"))
            model.versionName = String(versionName.dropLast(".xcdatamodel".count))
            versions.append(
                Version(name: String(versionName.dropLast(".xcdatamodel".count)), url: versionURL, model: model))
        }
        let current = try Self.currentVersionName(in: folder, versionNames: versionNames)
        guard let currentVersion = versions.first(where: { $0.name + ".xcdatamodel" == current }) else {
            let file = folder.appendingPathComponent(".xccurrentversion")
            throw CoreDataError.modelFile(
                ModelFileError(
                    file: file, line: nil,
                    problem:
                        "it names “\(current)” as the current version, but the folder has \(versionNames.joined(separator: ", "))"
                ))
        }
        self.url = folder
        self.versions = versions
        self.currentVersion = currentVersion
    }

    /// The current version's folder name, from `.xccurrentversion` (or the only version).
    private static func currentVersionName(in folder: URL, versionNames: [String]) throws -> String {
        let file = folder.appendingPathComponent(".xccurrentversion")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            if versionNames.count == 1, let only = versionNames.first { return only }
            throw CoreDataError.modelFile(
                ModelFileError(
                    file: file, line: nil,
                    problem: "there is no .xccurrentversion to say which of \(versionNames.count) versions is current"))
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw CoreDataError.modelFile(
                ModelFileError(
                    file: file, line: nil, problem: "it is not a property list (\(error.localizedDescription))"))
        }
        guard let dictionary = plist as? [String: Any], let name = dictionary["_XCCurrentVersionName"] as? String,
            !name.isEmpty
        else {
            throw CoreDataError.modelFile(
                ModelFileError(file: file, line: nil, problem: "it has no _XCCurrentVersionName string"))
        }
        return name
    }
}

/// Reads whichever kind of model file a URL names.
enum ModelFileReader {
    /// `.xcdatamodeld` (its current version), `.xcdatamodel`, or a `contents` file.
    static func model(at url: URL) throws -> NSManagedObjectModel {
        switch url.pathExtension {
        case "xcdatamodeld":
            let versioned = try VersionedDataModel(contentsOf: url)
            let current = versioned.currentModel
            let index = versioned.versions.firstIndex { $0.model === current } ?? 0
            current.versionName = versioned.currentVersion.name
            current.previousVersions = versioned.versions[..<index].map { ($0.name, $0.model) }
            return current
        case "xcdatamodel":
            return try contentsModel(at: url.appendingPathComponent("contents"))
        case "momd", "mom", "omo":
            throw CoreDataError.modelFile(
                ModelFileError(
                    file: url, line: nil,
                    problem:
                        "compiled models (.momd, .mom) cannot be read on Linux; ship the .xcdatamodeld folder as a resource instead"
                ))
        default:
            return try contentsModel(at: url)
        }
    }

    /// A version's `contents` XML.
    static func contentsModel(at file: URL) throws -> NSManagedObjectModel {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CoreDataError.modelFile(
                ModelFileError(file: file, line: nil, problem: "the file does not exist or cannot be read"))
        }
        do {
            return try DataModelContentsReader(file: file).model(from: data)
        } catch {
            throw CoreDataError.modelFile(error)
        }
    }
}
