import Foundation
import SQLStore

/// An error the store's database reported: its `code` (SQLite's extended result code), its `message`, the
/// `statement` that failed (never its bound values), and a `kind` (`.constraint`, `.busy`, `.corrupt`, `.readOnly`,
/// `.full`, `.notADatabase`, `.cannotOpen`, `.other`). The store layer's `StoreError`, carried by
/// ``SwiftDataError/storeFailed(_:)``.
public typealias StoreError = SQLStore.StoreError

/// Every error OpenSwiftData throws. Mirrors the role of SwiftData's `SwiftDataError`, as an enum a caller can
/// switch on; each case carries a message that says what went wrong and what to do.
public enum SwiftDataError: Error, Sendable, CustomStringConvertible {
    /// A model type is used with a container whose schema does not list it. Pass it to `ModelContainer(for:)`.
    case modelNotInSchema(entityName: String)
    /// A model cannot be stored as declared: the message names the model and property.
    case invalidSchema(String)
    /// The store file is not an SQLite database, or is damaged; it was left untouched.
    case storeNotADatabase(url: URL, reason: String)
    /// The store could not be opened or created (missing folder, permissions…).
    case storeOpenFailed(url: URL?, reason: String)
    /// A predicate uses an expression the SQL translation does not support; the message names it.
    case unsupportedPredicate(String)
    /// A sort descriptor cannot be translated to SQL; the message names it.
    case unsupportedSortDescriptor(String)
    /// A stored value does not fit the property it is read into (the file was written by something else).
    case invalidStoredValue(String)
    /// A property's value has no stored representation (for example a `UInt64` above `Int64.max`).
    case valueOutOfRange(String)
    /// A save found a row with the same unique value(s), and the container's policy is to throw.
    case uniqueConstraintViolation(entityName: String, attributes: [String], values: String)
    /// A model cannot be deleted: a relationship with the `.deny` rule still holds models.
    case deleteDenied(entityName: String, relationship: String, count: Int)
    /// A to-many relationship holds fewer or more models than its `minimumModelCount`/`maximumModelCount` allow.
    case relationshipCountViolation(entityName: String, relationship: String, count: Int, minimum: Int, maximum: Int)
    /// The store's schema differs from the models in a way a lightweight migration cannot bridge; the store was
    /// left as it was. The message names the model, the property and the change.
    case migrationRequired(String)
    /// A migration stage failed; everything it did was rolled back.
    case migrationFailed(String)
    /// No row has this identifier (deleted, or it belongs to another store).
    case modelNotFound(PersistentIdentifier)
    /// The configuration does not allow saving (`ModelConfiguration(allowsSave: false)`).
    case saveNotAllowed
    /// A write to a store opened read-only — by `ModelConfiguration(allowsSave: false)`, or because its file or
    /// folder is read-only — was refused: the message names the operation (a save, a batch delete, erasing, a
    /// migration) and why. Not in SwiftData.
    case writeNotAllowed(String)
    /// The store's database refused a statement: the error has its code (SQLite's extended result code), its message
    /// and the statement, never the values bound to it. (Before the store layer of issue 14: `sqlite(SQLiteError)`.)
    case storeFailed(StoreError)
    /// The container cannot be set up as asked (several configurations, a store of your own with relationships or
    /// snapshots other than `DefaultSnapshot`, …): the message says what, and what to do instead.
    case unsupportedConfiguration(String)
    /// A ``DataStore`` of your own threw `error` (its description is the message).
    case dataStoreFailed(store: String, message: String)

    public var description: String {
        switch self {
        case .modelNotInSchema(let entityName):
            "\(entityName) is not in this container's schema: pass \(entityName).self to ModelContainer(for:)"
        case .invalidSchema(let message):
            "invalid model: \(message)"
        case .storeNotADatabase(let url, let reason):
            "\(url.path) is not an SQLite store, or is damaged (\(reason)); it was left untouched — move it away or choose another URL"
        case .storeOpenFailed(let url, let reason):
            "cannot open the store\(url.map { " at \($0.path)" } ?? ""): \(reason)"
        case .unsupportedPredicate(let message):
            "unsupported predicate: \(message)"
        case .unsupportedSortDescriptor(let message):
            "unsupported sort descriptor: \(message)"
        case .invalidStoredValue(let message):
            "invalid stored value: \(message)"
        case .valueOutOfRange(let message):
            "value cannot be stored: \(message)"
        case .uniqueConstraintViolation(let entityName, let attributes, let values):
            "a \(entityName) with \(attributes.joined(separator: ", ")) = \(values) already exists"
        case .deleteDenied(let entityName, let relationship, let count):
            "cannot delete the \(entityName): its \(relationship) still holds \(count) model(s) and its delete rule is .deny — delete or detach them first"
        case .relationshipCountViolation(let entityName, let relationship, let count, let minimum, let maximum):
            "\(entityName).\(relationship) holds \(count) model(s), but allows "
                + (maximum > 0 ? "\(minimum) to \(maximum)" : "at least \(minimum)")
        case .migrationRequired(let message):
            "the store cannot be migrated automatically: \(message)"
        case .migrationFailed(let message):
            "migration failed and was rolled back: \(message)"
        case .modelNotFound(let identifier):
            "no \(identifier.entityName) has the identifier \(identifier): it was deleted, or belongs to another store"
        case .saveNotAllowed:
            "this container's configuration does not allow saving (allowsSave is false)"
        case .writeNotAllowed(let message):
            message
        case .storeFailed(let error):
            error.description
        case .unsupportedConfiguration(let message):
            message
        case .dataStoreFailed(let store, let message):
            "the store \(store) failed: \(message)"
        }
    }
}

extension SwiftDataError {
    /// `error` as a ``SwiftDataError``, for code running a caller's body in the store: the store's errors become
    /// ``storeFailed(_:)``, a schema the store cannot lay out ``invalidSchema(_:)``, a refused migration
    /// ``migrationRequired(_:)``, anything else ``storeOpenFailed(url:reason:)`` for the store at `url`.
    static func wrapping(_ error: any Error, url: URL?) -> SwiftDataError {
        switch error {
        case let error as SwiftDataError: error
        case let error as StoreError: .storeFailed(error)
        case let error as SchemaMappingError: .invalidSchema(error.message)
        case let error as MigrationRefusal: .migrationRequired(error.message)
        default: .storeOpenFailed(url: url, reason: "\(error)")
        }
    }
}
