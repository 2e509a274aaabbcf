//
//  Cart+CoreDataProperties.swift
//
//  As Xcode generates it; `@NSManaged` is written `@OpenCoreData.NSManaged` (Swift keeps `@NSManaged` for itself).
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
    @OpenCoreData.NSManaged public var title: String?
    @OpenCoreData.NSManaged public var price: Double

}

extension Cart: Identifiable {

}
