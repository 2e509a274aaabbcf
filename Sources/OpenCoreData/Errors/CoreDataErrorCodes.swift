// Core Data's error codes and user-info keys (CoreDataErrors.h), so code that inspects `(error as NSError).code`
// compiles and reads the same numbers.

/// Error code 1550: a generic validation failure. Mirrors Core Data's `NSManagedObjectValidationError`.
public let NSManagedObjectValidationError = 1550
/// Error code 1551: a uniqueness constraint was violated. Mirrors Core Data's
/// `NSManagedObjectConstraintValidationError`.
public let NSManagedObjectConstraintValidationError = 1551
/// Error code 1560: several validation errors; the errors are under `NSDetailedErrorsKey`. Mirrors Core Data's
/// `NSValidationMultipleErrorsError`.
public let NSValidationMultipleErrorsError = 1560
/// Error code 1570: a non-optional property has no value. Mirrors Core Data's
/// `NSValidationMissingMandatoryPropertyError`.
public let NSValidationMissingMandatoryPropertyError = 1570
/// Error code 1580: a to-many relationship has fewer objects than its minimum count. Mirrors Core Data's
/// `NSValidationRelationshipLacksMinimumCountError`.
public let NSValidationRelationshipLacksMinimumCountError = 1580
/// Error code 1590: a to-many relationship has more objects than its maximum count. Mirrors Core Data's
/// `NSValidationRelationshipExceedsMaximumCountError`.
public let NSValidationRelationshipExceedsMaximumCountError = 1590
/// Error code 1600: a delete was denied because a deny rule has related objects. Mirrors Core Data's
/// `NSValidationRelationshipDeniedDeleteError`.
public let NSValidationRelationshipDeniedDeleteError = 1600
/// Error code 1610: a number is above its maximum. Mirrors Core Data's `NSValidationNumberTooLargeError`.
public let NSValidationNumberTooLargeError = 1610
/// Error code 1620: a number is below its minimum. Mirrors Core Data's `NSValidationNumberTooSmallError`.
public let NSValidationNumberTooSmallError = 1620
/// Error code 1630: a date is later than its maximum. Mirrors Core Data's `NSValidationDateTooLateError`.
public let NSValidationDateTooLateError = 1630
/// Error code 1640: a date is earlier than its minimum. Mirrors Core Data's `NSValidationDateTooSoonError`.
public let NSValidationDateTooSoonError = 1640
/// Error code 1650: a date is invalid. Mirrors Core Data's `NSValidationInvalidDateError`.
public let NSValidationInvalidDateError = 1650
/// Error code 1660: a string is longer than its maximum length. Mirrors Core Data's `NSValidationStringTooLongError`.
public let NSValidationStringTooLongError = 1660
/// Error code 1670: a string is shorter than its minimum length. Mirrors Core Data's `NSValidationStringTooShortError`.
public let NSValidationStringTooShortError = 1670
/// Error code 1680: a string does not match its required pattern. Mirrors Core Data's
/// `NSValidationStringPatternMatchingError`.
public let NSValidationStringPatternMatchingError = 1680
/// Error code 1690: a URI is invalid. Mirrors Core Data's `NSValidationInvalidURIError`.
public let NSValidationInvalidURIError = 1690
/// Error code 132000: a managed object context could not be locked. Mirrors Core Data's
/// `NSManagedObjectContextLockingError`.
public let NSManagedObjectContextLockingError = 132_000
/// Error code 132010: a persistent store coordinator could not be locked. Mirrors Core Data's
/// `NSPersistentStoreCoordinatorLockingError`.
public let NSPersistentStoreCoordinatorLockingError = 132_010
/// Error code 133000: a fault was fired for an object that no longer exists in the store. Mirrors Core Data's
/// `NSManagedObjectReferentialIntegrityError`.
public let NSManagedObjectReferentialIntegrityError = 133_000
/// Error code 133010: an object relates to an object in another store. Mirrors Core Data's
/// `NSManagedObjectExternalRelationshipError`.
public let NSManagedObjectExternalRelationshipError = 133_010
/// Error code 133020: a save failed because of merge conflicts. Mirrors Core Data's `NSManagedObjectMergeError`.
public let NSManagedObjectMergeError = 133_020
/// Error code 133021: a save failed because of a uniqueness constraint conflict. Mirrors Core Data's
/// `NSManagedObjectConstraintMergeError`.
public let NSManagedObjectConstraintMergeError = 133_021
/// Error code 134000: an unknown persistent store type. Mirrors Core Data's `NSPersistentStoreInvalidTypeError`.
public let NSPersistentStoreInvalidTypeError = 134_000
/// Error code 134010: a store does not match its given type. Mirrors Core Data's `NSPersistentStoreTypeMismatchError`.
public let NSPersistentStoreTypeMismatchError = 134_010
/// Error code 134020: a store's schema is incompatible. Mirrors Core Data's `NSPersistentStoreIncompatibleSchemaError`.
public let NSPersistentStoreIncompatibleSchemaError = 134_020
/// Error code 134030: a persistent store failed to save. Mirrors Core Data's `NSPersistentStoreSaveError`.
public let NSPersistentStoreSaveError = 134_030
/// Error code 134040: one or more stores failed to save. Mirrors Core Data's `NSPersistentStoreIncompleteSaveError`.
public let NSPersistentStoreIncompleteSaveError = 134_040
/// Error code 134050: a save found conflicts; they are under `NSPersistentStoreSaveConflictsErrorKey`. Mirrors Core
/// Data's `NSPersistentStoreSaveConflictsError`.
public let NSPersistentStoreSaveConflictsError = 134_050
/// Error code 134060: a general Core Data error. Mirrors Core Data's `NSCoreDataError`.
public let NSCoreDataError = 134_060
/// Error code 134070: a persistent store operation failed. Mirrors Core Data's `NSPersistentStoreOperationError`.
public let NSPersistentStoreOperationError = 134_070
/// Error code 134080: a persistent store could not be opened. Mirrors Core Data's `NSPersistentStoreOpenError`.
public let NSPersistentStoreOpenError = 134_080
/// Error code 134090: a persistent store operation timed out. Mirrors Core Data's `NSPersistentStoreTimeoutError`.
public let NSPersistentStoreTimeoutError = 134_090
/// Error code 134091: a store does not support the request type. Mirrors Core Data's
/// `NSPersistentStoreUnsupportedRequestTypeError`.
public let NSPersistentStoreUnsupportedRequestTypeError = 134_091
/// Error code 134100: a store's version hashes do not match the model. Mirrors Core Data's
/// `NSPersistentStoreIncompatibleVersionHashError`.
public let NSPersistentStoreIncompatibleVersionHashError = 134_100
/// Error code 134110: a general migration error. Mirrors Core Data's `NSMigrationError`.
public let NSMigrationError = 134_110
/// Error code 134111: a migration violated a uniqueness constraint. Mirrors Core Data's
/// `NSMigrationConstraintViolationError`.
public let NSMigrationConstraintViolationError = 134_111
/// Error code 134120: a migration was cancelled. Mirrors Core Data's `NSMigrationCancelledError`.
public let NSMigrationCancelledError = 134_120
/// Error code 134130: a migration found no source model. Mirrors Core Data's `NSMigrationMissingSourceModelError`.
public let NSMigrationMissingSourceModelError = 134_130
/// Error code 134140: a migration found no mapping model. Mirrors Core Data's `NSMigrationMissingMappingModelError`.
public let NSMigrationMissingMappingModelError = 134_140
/// Error code 134150: a migration failed with the source store. Mirrors Core Data's
/// `NSMigrationManagerSourceStoreError`.
public let NSMigrationManagerSourceStoreError = 134_150
/// Error code 134160: a migration failed with the destination store. Mirrors Core Data's
/// `NSMigrationManagerDestinationStoreError`.
public let NSMigrationManagerDestinationStoreError = 134_160
/// Error code 134170: an entity migration policy failed. Mirrors Core Data's `NSEntityMigrationPolicyError`.
public let NSEntityMigrationPolicyError = 134_170
/// Error code 134180: a general SQLite error. Mirrors Core Data's `NSSQLiteError`.
public let NSSQLiteError = 134_180
/// Error code 134190: a mapping model could not be inferred. Mirrors Core Data's `NSInferredMappingModelError`.
public let NSInferredMappingModelError = 134_190
/// Error code 134200: an external record could not be imported. Mirrors Core Data's `NSExternalRecordImportError`.
public let NSExternalRecordImportError = 134_200

/// The user-info key for the array of errors in an `NSValidationMultipleErrorsError`. Mirrors Core Data's
/// `NSDetailedErrorsKey`.
public let NSDetailedErrorsKey = "NSDetailedErrors"
/// The user-info key for the object that failed validation. Mirrors Core Data's `NSValidationObjectErrorKey`.
public let NSValidationObjectErrorKey = "NSValidationErrorObject"
/// The user-info key for the key that failed validation. Mirrors Core Data's `NSValidationKeyErrorKey`.
public let NSValidationKeyErrorKey = "NSValidationErrorKey"
/// The user-info key for the predicate that failed validation. Mirrors Core Data's `NSValidationPredicateErrorKey`.
public let NSValidationPredicateErrorKey = "NSValidationErrorPredicate"
/// The user-info key for the value that failed validation. Mirrors Core Data's `NSValidationValueErrorKey`.
public let NSValidationValueErrorKey = "NSValidationErrorValue"
/// The user-info key for the persistent stores an error affects. Mirrors Core Data's `NSAffectedStoresErrorKey`.
public let NSAffectedStoresErrorKey = "NSAffectedStoresErrorKey"
/// The user-info key for the objects an error affects. Mirrors Core Data's `NSAffectedObjectsErrorKey`.
public let NSAffectedObjectsErrorKey = "NSAffectedObjectsErrorKey"
/// The user-info key for the merge conflicts of an `NSPersistentStoreSaveConflictsError`. Mirrors Core Data's
/// `NSPersistentStoreSaveConflictsErrorKey`.
public let NSPersistentStoreSaveConflictsErrorKey = "conflictList"
/// The error domain of SQLite's own error codes. Mirrors Core Data's `NSSQLiteErrorDomain`.
public let NSSQLiteErrorDomain = "NSSQLiteErrorDomain"
