//
//  Product+CoreDataProperties.swift
//
//  This file was automatically generated and should not be edited.
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
