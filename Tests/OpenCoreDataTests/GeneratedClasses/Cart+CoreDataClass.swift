//
//  Cart+CoreDataClass.swift
//
//  This file was automatically generated and should not be edited.
//  (As Xcode 16 writes it for the tutorial's Cart entity; on Linux the import of Core Data, the @objc line
//  and the spelling of @NSManaged change: see the OpenCoreData guide, "Class files".)
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
