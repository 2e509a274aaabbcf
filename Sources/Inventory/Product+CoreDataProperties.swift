//
//  Product+CoreDataProperties.swift
//
//  As Xcode generates it; `@NSManaged` is written `@OpenCoreData.NSManaged` (Swift keeps `@NSManaged` for itself).
//

import Foundation
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif

extension Product {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Product> {
        return NSFetchRequest<Product>(entityName: "Product")
    }

    @OpenCoreData.NSManaged public var name: String?
    @OpenCoreData.NSManaged public var quantity: String?

}

extension Product: Identifiable {

}
