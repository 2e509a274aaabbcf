import Foundation

import OpenCoreData

/// A managed-object class as Xcode generates it, with the one change Linux needs: `@OpenCoreData.NSManaged` (Swift
/// on Linux keeps the bare `@NSManaged` for its Objective-C attribute, which links to nothing there).
public class Note: NSManagedObject {}

extension Note {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<Note> {
        NSFetchRequest<Note>(entityName: "Note")
    }

    @OpenCoreData.NSManaged public var title: String?
    @OpenCoreData.NSManaged public var priority: Int64
}

/// The `Note` entity, built in code (an app would ship an `.xcdatamodeld` and use `NSPersistentContainer(name:)`).
func noteModel() -> NSManagedObjectModel {
    let title = NSAttributeDescription()
    title.name = "title"
    title.attributeType = .stringAttributeType
    let priority = NSAttributeDescription()
    priority.name = "priority"
    priority.attributeType = .integer64AttributeType
    priority.isOptional = false
    priority.defaultValue = 0

    let note = NSEntityDescription()
    note.name = "Note"
    note.managedObjectClassName = "Note"
    note.properties = [title, priority]

    let model = NSManagedObjectModel()
    model.entities = [note]
    return model
}
