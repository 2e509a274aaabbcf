//
//  Product+CoreDataClass.swift
//
//  As Xcode generates it for the tutorial's Inventory.xcdatamodeld (Codegen: Manual/None), with the @objc line
//  inside #if canImport(ObjectiveC).
//

import Foundation
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif

#if canImport(ObjectiveC)
@objc(Product)
#endif
public class Product: NSManagedObject {

}
