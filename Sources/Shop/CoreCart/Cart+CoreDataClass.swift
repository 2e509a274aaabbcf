//
//  Cart+CoreDataClass.swift
//
//  As Xcode generates it for the tutorial's Cart.xcdatamodeld (Codegen: Manual/None), with the @objc line
//  inside #if canImport(ObjectiveC).
//

import Foundation
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif

#if canImport(ObjectiveC)
@objc(Cart)
#endif
public class Cart: NSManagedObject {

}
