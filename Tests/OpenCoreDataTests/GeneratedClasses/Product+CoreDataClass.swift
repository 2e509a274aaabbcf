//
//  Product+CoreDataClass.swift
//
//  This file was automatically generated and should not be edited.
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
