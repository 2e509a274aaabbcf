/// Everything OpenCoreData reports as an error, one case per kind of failure.
///
/// Core Data reports failures as `NSError`s in `NSCocoaErrorDomain` with codes such as
/// `NSValidationMissingMandatoryPropertyError`; `CoreDataError` is a Swift error with the same domain and codes
/// (`(error as NSError).code`, see ``errorCode``), and a `description` that says what happened and what to do.
public enum CoreDataError: Error, CustomStringConvertible, Equatable {
    /// The model is inconsistent: one message per problem (an inverse that does not point back, a destination
    /// entity that is not in the model, …). Thrown by ``NSManagedObjectModel/validate()``.
    case invalidModel([String])
    /// A model file (`.xcdatamodeld`, `.xcdatamodel`, `contents`, `.xccurrentversion`) could not be read.
    case modelFile(ModelFileError)
    /// A predicate or expression format string did not parse, or its arguments did not fit its `%` specifiers.
    case invalidPredicateFormat(PredicateFormatError)
    /// A predicate or expression could not be evaluated (an unbound `$variable`, an unknown key, an unknown
    /// function).
    case predicateEvaluationFailed(predicate: String, reason: String)
    /// `value(forKey:)`, `setValue(_:forKey:)` or a key path named a key the entity does not have.
    case unknownKey(entityName: String, key: String)
    /// `setValue(_:forKey:)` was given a value the property cannot hold (a `String` for an `Integer 64`, a number
    /// out of range, an object of another entity); the property kept its previous value.
    case invalidValue(entityName: String, key: String, reason: String)
    /// No entity of the model has `className` as its `managedObjectClassName` (from `init(context:)` or
    /// `entity()`).
    case entityNotFound(className: String)
    /// A managed object failed validation (``NSManagedObject/validateForInsert()`` and its siblings).
    case validation(entityName: String, key: String?, problem: ValidationProblem)
    /// Several validation failures at once (Core Data's `NSValidationMultipleErrorsError`).
    case multipleValidationErrors([CoreDataError])
    /// A persistent store could not be opened or created: its file, and why (not a database, no permission, a
    /// model file that did not load). Handed to `loadPersistentStores`' completion handler.
    case persistentStoreOpenFailed(url: URL?, reason: String)
    /// The store's schema cannot be migrated to the model's: the message names the entity, the attribute and both
    /// types. The store file was left as it was.
    case migrationFailed(url: URL?, reason: String)
    /// A fetch or save needs a persistent store and the context's coordinator has none (call
    /// `loadPersistentStores` first, and check the error its handler gets).
    case noPersistentStore
    /// The store refused a statement: its message (SQLite's), and the statement. Nothing of the save was written.
    case storeFailed(String)
    /// A save met a stored row (or another object of the save) with the same values of a uniqueness constraint,
    /// under the error merge policy: the entity, the constraint's attributes and their values. Nothing was written.
    case constraintConflict(entityName: String, keys: [String], values: [String])
    /// Optimistic-locking conflicts under the error merge policy: rows another context, coordinator or process
    /// changed or deleted since the save's objects read them (Core Data's `NSManagedObjectMergeError`, its
    /// `userInfo["conflictList"]` these conflicts). Nothing was written; the context keeps its changes.
    case mergeConflict([NSMergeConflict])
    /// No object with this ID exists in the store (it was deleted, or the ID is of another store).
    case objectNotFound(NSManagedObjectID)
    /// A request the store cannot run, and why.
    case unsupportedRequest(String)

    /// What a failed validation found.
    public enum ValidationProblem: Equatable, Sendable, CustomStringConvertible {
        /// A non-optional property has no value.
        case missingMandatoryProperty
        /// A to-many relationship has fewer objects than its `minCount`.
        case tooFewObjects(minimum: Int, actual: Int)
        /// A to-many relationship has more objects than its `maxCount`.
        case tooManyObjects(maximum: Int, actual: Int)
        /// A relationship with the deny delete rule still has objects, so the object cannot be deleted.
        case deleteDenied(relatedObjects: Int)
        /// The stored value is not of the attribute's type (say which type it is and which was expected).
        case wrongType(expected: String, actual: String)
        /// One of the property's validation predicates rejected the value.
        case predicateFailed(String)

        public var description: String {
            switch self {
            case .missingMandatoryProperty: "is required but has no value"
            case .tooFewObjects(let minimum, let actual): "needs at least \(minimum) objects but has \(actual)"
            case .tooManyObjects(let maximum, let actual): "allows at most \(maximum) objects but has \(actual)"
            case .deleteDenied(let count):
                "still refers to \(count) object\(count == 1 ? "" : "s") and its delete rule is deny"
            case .wrongType(let expected, let actual): "holds a \(actual), not a \(expected)"
            case .predicateFailed(let format): "fails its validation predicate \(format)"
            }
        }
    }

    public var description: String {
        switch self {
        case .invalidModel(let problems):
            return "The managed object model is invalid: " + problems.joined(separator: "; ")
        case .modelFile(let error):
            return error.description
        case .invalidPredicateFormat(let error):
            return error.description
        case .predicateEvaluationFailed(let predicate, let reason):
            return "Cannot evaluate the predicate \(predicate): \(reason)"
        case .unknownKey(let entity, let key):
            return "The entity \(entity) has no property named “\(key)” (check the spelling against the model)"
        case .invalidValue(let entity, let key, let reason):
            return "\(entity).\(key) cannot hold this value: \(reason); it kept its previous value"
        case .entityNotFound(let className):
            return
                "No entity of the model has the class \(className) (set the entity's class to “\(className)” in the model)"
        case .validation(let entity, let key, let problem):
            return "\(entity)\(key.map { ".\($0)" } ?? "") \(problem)"
        case .multipleValidationErrors(let errors):
            return "Multiple validation errors: " + errors.map(\.description).joined(separator: "; ")
        case .persistentStoreOpenFailed(let url, let reason):
            return "The persistent store \(url?.path ?? "in memory") could not be opened: \(reason)"
        case .migrationFailed(let url, let reason):
            return
                "The persistent store \(url?.path ?? "in memory") cannot be migrated to the model (the file was left as it was): \(reason)"
        case .noPersistentStore:
            return
                "The context's coordinator has no persistent store: call loadPersistentStores(completionHandler:) first and check the error its handler gets"
        case .storeFailed(let message):
            return "The persistent store failed: \(message); nothing was saved"
        case .constraintConflict(let entity, let keys, let values):
            return
                "\(entity) already has an object with \(zip(keys, values).map { "\($0) = \($1)" }.joined(separator: ", ")) (a uniqueness constraint); nothing was saved — set the context's mergePolicy to merge instead"
        case .mergeConflict(let conflicts):
            let objects = conflicts.map { $0.sourceObject.objectID.uriRepresentation().absoluteString }.joined(
                separator: ", ")
            return
                "Could not merge changes: \(objects) changed in the store since this context read \(conflicts.count == 1 ? "it" : "them") (an optimistic-locking conflict); nothing was saved — refresh the objects, or set the context's mergePolicy to merge"
        case .objectNotFound(let objectID):
            return "No object with the ID \(objectID.uriRepresentation().absoluteString) exists in the store"
        case .unsupportedRequest(let reason):
            return "The persistent store cannot run this request: \(reason)"
        }
    }

    /// The Core Data error code an `NSError` from Apple's framework would carry for this failure.
    public var errorCode: Int {
        switch self {
        case .invalidModel, .modelFile, .entityNotFound: NSCoreDataError
        case .invalidPredicateFormat, .predicateEvaluationFailed, .unknownKey, .invalidValue: NSCoreDataError
        case .validation(_, _, let problem):
            switch problem {
            case .missingMandatoryProperty: NSValidationMissingMandatoryPropertyError
            case .tooFewObjects: NSValidationRelationshipLacksMinimumCountError
            case .tooManyObjects: NSValidationRelationshipExceedsMaximumCountError
            case .deleteDenied: NSValidationRelationshipDeniedDeleteError
            case .wrongType, .predicateFailed: NSManagedObjectValidationError
            }
        case .multipleValidationErrors: NSValidationMultipleErrorsError
        case .persistentStoreOpenFailed: NSPersistentStoreOpenError
        case .migrationFailed: NSMigrationError
        case .noPersistentStore: NSPersistentStoreSaveError
        case .storeFailed: NSSQLiteError
        case .constraintConflict: NSManagedObjectConstraintMergeError
        case .mergeConflict: NSManagedObjectMergeError
        case .objectNotFound: NSManagedObjectReferentialIntegrityError
        case .unsupportedRequest: NSPersistentStoreUnsupportedRequestTypeError
        }
    }
}

extension CoreDataError: CustomNSError {
    /// `NSCocoaErrorDomain`, as Core Data's errors.
    public static var errorDomain: String { NSCocoaErrorDomain }

    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        switch self {
        case .validation(_, let key, _):
            if let key { info[NSValidationKeyErrorKey] = key }
        case .multipleValidationErrors(let errors):
            info[NSDetailedErrorsKey] = errors.map { $0 as NSError }
        case .mergeConflict(let conflicts):
            info["conflictList"] = conflicts
        case .constraintConflict(_, let keys, let values):
            let snapshot = Dictionary(zip(keys, values.map { $0 as Any }), uniquingKeysWith: { first, _ in first })
            info["conflictList"] = [
                NSConstraintConflict(
                    constraint: keys, database: nil, databaseSnapshot: snapshot, conflicting: [],
                    conflictingSnapshots: [])
            ]
        default:
            break
        }
        return info
    }
}
