//
//  Author+CoreDataProperties.swift
//
//  This file was automatically generated and should not be edited.
//

import Foundation
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif

extension Author {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Author> {
        return NSFetchRequest<Author>(entityName: "Author")
    }

    @OpenCoreData.NSManaged public var name: String?
    @OpenCoreData.NSManaged public var portrait: Data?
    @OpenCoreData.NSManaged public var books: NSOrderedSet?

}

// MARK: Generated accessors for books
extension Author {

    #if canImport(ObjectiveC)
    @objc(insertObject:inBooksAtIndex:)
    #endif
    @NSManagedAccessor public func insertIntoBooks(_ value: Book, at idx: Int)

    #if canImport(ObjectiveC)
    @objc(removeObjectFromBooksAtIndex:)
    #endif
    @NSManagedAccessor public func removeFromBooks(at idx: Int)

    #if canImport(ObjectiveC)
    @objc(insertBooks:atIndexes:)
    #endif
    @NSManagedAccessor public func insertIntoBooks(_ values: [Book], at indexes: NSIndexSet)

    #if canImport(ObjectiveC)
    @objc(removeBooksAtIndexes:)
    #endif
    @NSManagedAccessor public func removeFromBooks(at indexes: NSIndexSet)

    #if canImport(ObjectiveC)
    @objc(replaceObjectInBooksAtIndex:withObject:)
    #endif
    @NSManagedAccessor public func replaceBooks(at idx: Int, with value: Book)

    #if canImport(ObjectiveC)
    @objc(replaceBooksAtIndexes:withBooks:)
    #endif
    @NSManagedAccessor public func replaceBooks(at indexes: NSIndexSet, with values: [Book])

    #if canImport(ObjectiveC)
    @objc(addBooksObject:)
    #endif
    @NSManagedAccessor public func addToBooks(_ value: Book)

    #if canImport(ObjectiveC)
    @objc(removeBooksObject:)
    #endif
    @NSManagedAccessor public func removeFromBooks(_ value: Book)

    #if canImport(ObjectiveC)
    @objc(addBooks:)
    #endif
    @NSManagedAccessor public func addToBooks(_ values: NSOrderedSet)

    #if canImport(ObjectiveC)
    @objc(removeBooks:)
    #endif
    @NSManagedAccessor public func removeFromBooks(_ values: NSOrderedSet)

}

extension Author: Identifiable {

}
