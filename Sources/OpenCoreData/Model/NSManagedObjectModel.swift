import Foundation

/// A set of entities: the schema of a store. Mirrors Core Data's `NSManagedObjectModel`.
///
/// Build one in code (``entities``), or read one from an Xcode model with ``init(contentsOf:)`` (failable, as
/// Core Data's) or ``load(contentsOf:)`` (throws ``CoreDataError/modelFile(_:)`` naming the file, line and
/// problem). ``validate()`` checks that the model is consistent.
open class NSManagedObjectModel: NSObject {
    private var storedEntities: [NSEntityDescription] = []
    private var byName: [String: NSEntityDescription] = [:]

    /// The model's entities, in order. Setting it makes each entity's ``NSEntityDescription/managedObjectModel``
    /// this model. Mirrors Core Data's `entities`.
    open var entities: [NSEntityDescription] {
        get { storedEntities }
        set {
            for entity in storedEntities where entity.modelOwner === self { entity.modelOwner = nil }
            storedEntities = newValue
            for entity in newValue { entity.modelOwner = self }
            entitiesDidChange()
        }
    }

    /// The entities by name. Mirrors Core Data's `entitiesByName`.
    open var entitiesByName: [String: NSEntityDescription] { byName }

    private var configurationEntities: [String: [NSEntityDescription]] = [:]

    /// The names of the model's configurations (subsets of its entities). Mirrors Core Data's `configurations`.
    open var configurations: [String] { configurationEntities.keys.sorted() }

    /// The entities of a configuration; every entity for nil or `"Default"`. Mirrors Core Data's
    /// `entities(forConfigurationName:)`.
    open func entities(forConfigurationName configuration: String?) -> [NSEntityDescription]? {
        guard let configuration, configuration != "Default", configuration != "PF_DEFAULT_CONFIGURATION_NAME" else {
            return entities
        }
        return configurationEntities[configuration]
    }

    /// Mirrors Core Data's `setEntities(_:forConfigurationName:)`.
    open func setEntities(_ entities: [NSEntityDescription], forConfigurationName configuration: String) {
        configurationEntities[configuration] = entities
    }

    /// Identifiers of the model's version (the model file's Core Data Model Identifier). Mirrors Core Data's
    /// `versionIdentifiers`.
    open var versionIdentifiers: Set<AnyHashable> = []

    /// For the current version of an `.xcdatamodeld`: the versions before it, oldest first (Xcode's order), which
    /// a store written with one of them migrates through in turn. Empty for a model made in code.
    var previousVersions: [(name: String, model: NSManagedObjectModel)] = []
    /// The version's name in its `.xcdatamodeld` (`Library 2`), if it came from one.
    var versionName: String?

    /// Localized names of entities and properties. Mirrors Core Data's `localizationDictionary`.
    open var localizationDictionary: [String: String]?

    private var templates: [String: NSFetchRequest<NSFetchRequestResult>] = [:]

    /// The fetch request templates by name (the model file's `fetchRequest` elements). Mirrors Core Data's
    /// `fetchRequestTemplatesByName`.
    open var fetchRequestTemplatesByName: [String: NSFetchRequest<NSFetchRequestResult>] { templates }

    /// The template named `name`. Mirrors Core Data's `fetchRequestTemplate(forName:)`.
    open func fetchRequestTemplate(forName name: String) -> NSFetchRequest<NSFetchRequestResult>? {
        templates[name]
    }

    /// Mirrors Core Data's `setFetchRequestTemplate(_:forName:)`.
    open func setFetchRequestTemplate(_ fetchRequest: NSFetchRequest<NSFetchRequestResult>?, forName name: String) {
        templates[name] = fetchRequest
    }

    /// A copy of the template named `name` with its predicate's `$variables` replaced from `variables`. Mirrors
    /// Core Data's `fetchRequestFromTemplate(withName:substitutionVariables:)`.
    open func fetchRequestFromTemplate(withName name: String, substitutionVariables variables: [String: Any])
        -> NSFetchRequest<NSFetchRequestResult>?
    {
        guard let template = templates[name] else { return nil }
        let request = template.typedCopy()
        request.predicate = template.predicate?.withSubstitutionVariables(variables)
        return request
    }

    /// An empty model. Mirrors Core Data's `init()`.
    public override init() {
        super.init()
        ManagedObjectModelRegistry.register(self)
    }

    /// The model in an Xcode model file: a `.xcdatamodeld` folder (its current version), a `.xcdatamodel`
    /// folder, or a version's `contents` file. Nil when the file cannot be read; the reason is written to standard
    /// error (use ``load(contentsOf:)`` to get it as an error). Mirrors Core Data's `init?(contentsOf:)`, which
    /// reads compiled `.momd`/`.mom` models instead.
    public convenience init?(contentsOf url: URL) {
        do {
            let model = try Self.load(contentsOf: url)
            self.init()
            adopt(model)
        } catch {
            reportToStandardError("\(error)")
            return nil
        }
    }

    /// The model in an Xcode model file, as ``init(contentsOf:)``, throwing ``CoreDataError/modelFile(_:)`` (file,
    /// line, problem) when it cannot be read. (Not in Core Data.)
    public static func load(contentsOf url: URL) throws -> NSManagedObjectModel {
        try ModelFileReader.model(at: url)
    }

    /// One model with the entities of all `models`; nil when two have an entity of the same name. Mirrors Core
    /// Data's `init?(byMerging:)`.
    public convenience init?(byMerging models: [NSManagedObjectModel]?) {
        self.init()
        var merged: [NSEntityDescription] = []
        var names = Set<String>()
        for model in models ?? [] {
            for entity in model.entities {
                guard names.insert(entity.name ?? "").inserted else { return nil }
                merged.append(entity)
            }
            for (name, request) in model.templates { templates[name] = request }
        }
        entities = merged
    }

    /// The models of every Xcode model (`.xcdatamodeld`, `.xcdatamodel`) among the resources of `bundles` (nil:
    /// the main bundle and the SwiftPM resource bundles beside the executable), merged into one; nil when there is
    /// none or two define the same entity. Mirrors Core Data's `mergedModel(from:)`.
    open class func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? {
        let urls = ModelLocator.modelURLs(in: bundles)
        var models: [NSManagedObjectModel] = []
        for url in urls {
            do { models.append(try load(contentsOf: url)) } catch { reportToStandardError("\(error)") }
        }
        guard !models.isEmpty else { return nil }
        return NSManagedObjectModel(byMerging: models)
    }

    /// Takes `model`'s entities, configurations and templates (how the failable initializer fills itself).
    private func adopt(_ model: NSManagedObjectModel) {
        entities = model.entities
        configurationEntities = model.configurationEntities
        templates = model.templates
        versionIdentifiers = model.versionIdentifiers
        previousVersions = model.previousVersions
        versionName = model.versionName
    }

    /// Checks that the model is consistent, throwing ``CoreDataError/invalidModel(_:)`` with one message per
    /// problem: unnamed or duplicate entities and properties, a relationship without a destination or whose
    /// destination is not in the model, an inverse that does not point back, uniqueness constraints and indexes
    /// naming unknown properties, attributes without a type, default values of the wrong type, impossible counts,
    /// loops of superentities. (Core Data checks these when a coordinator loads the model.)
    public func validate() throws {
        let problems = ModelValidation.problems(in: self)
        if !problems.isEmpty { throw CoreDataError.invalidModel(problems) }
    }

    /// The entity whose class is `objectClass` (by ``NSEntityDescription/managedObjectClassName``'s last
    /// component, then by the class's superclasses).
    func entity(forManagedObjectClass objectClass: AnyClass) -> NSEntityDescription? {
        var current: AnyClass? = objectClass
        while let candidate = current, candidate != NSManagedObject.self {
            let name = ManagedObjectClassRegistry.className(of: candidate)
            if let entity = entities.first(where: {
                ManagedObjectClassRegistry.baseName($0.managedObjectClassName) == name
            }) {
                return entity
            }
            current = class_getSuperclassOrNil(candidate)
        }
        return nil
    }

    func entitiesDidChange() {
        var table: [String: NSEntityDescription] = [:]
        for entity in storedEntities {
            if let name = entity.name, table[name] == nil { table[name] = entity }
        }
        byName = table
    }

    open override var description: String {
        "NSManagedObjectModel(\(entities.compactMap(\.name).joined(separator: ", ")))"
    }
}

/// The superclass of `objectClass`, without the Objective-C runtime.
func class_getSuperclassOrNil(_ objectClass: AnyClass) -> AnyClass? {
    (objectClass as? NSObject.Type)?.superclass
}

/// Every live model, so `Cart.entity()` can find the entity of a class without a context (as Core Data searches
/// the models its coordinators loaded).
enum ManagedObjectModelRegistry {
    private static let models = Locked<[WeakReference<NSManagedObjectModel>]>([])

    static func register(_ model: NSManagedObjectModel) {
        models.withLock { models in
            models.removeAll { $0.object == nil }
            models.append(WeakReference(object: model))
        }
    }

    /// The entity for `objectClass` in the most recently created live model that has one.
    static func entity(forManagedObjectClass objectClass: AnyClass) -> NSEntityDescription? {
        let live = models.withLock { models in models.compactMap(\.object) }
        for model in live.reversed() {
            if let entity = model.entity(forManagedObjectClass: objectClass) { return entity }
        }
        return nil
    }
}
