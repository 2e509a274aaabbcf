//
//  Book+CoreDataProperties.swift
//
//  This file was automatically generated and should not be edited.
//

import Foundation
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif

extension Book {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Book> {
        return NSFetchRequest<Book>(entityName: "Book")
    }

    @OpenCoreData.NSManaged public var addedAt: Date?
    @OpenCoreData.NSManaged public var available: Bool
    @OpenCoreData.NSManaged public var identifier: UUID?
    @OpenCoreData.NSManaged public var isbn: String?
    @OpenCoreData.NSManaged public var link: URL?
    @OpenCoreData.NSManaged public var price: NSDecimalNumber?
    @OpenCoreData.NSManaged public var publishedYear: Int32
    @OpenCoreData.NSManaged public var rating: Float
    @OpenCoreData.NSManaged public var tags: [String]?
    @OpenCoreData.NSManaged public var title: String?
    @OpenCoreData.NSManaged public var author: Author?

}

extension Book: Identifiable {

}
