//
//  Cart+CoreDataProperties.swift
//
//  This file was automatically generated and should not be edited.
//

import Foundation
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif

extension Cart {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Cart> {
        return NSFetchRequest<Cart>(entityName: "Cart")
    }

    @OpenCoreData.NSManaged public var id: Int64
    @OpenCoreData.NSManaged public var price: Double
    @OpenCoreData.NSManaged public var title: String?

}

extension Cart: Identifiable {

}
