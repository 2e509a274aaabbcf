import Foundation

/// Reads one model version's `contents` file (the XML Xcode 15 and 16 write) into an `NSManagedObjectModel`.
///
/// Read: entities (`name`, `representedClassName`, `parentEntity`, `isAbstract`, `elementID`,
/// `versionHashModifier`), attributes (`attributeType`, `optional`, `transient`, `defaultValueString` /
/// `defaultDateTimeInterval`, `allowsExternalBinaryDataStorage`, `valueTransformerName`, `customClassName`,
/// `elementID`, `indexed`, `preserveAfterDeletion`, `allowsCloudEncryption`), relationships (`destinationEntity`,
/// `inverseName`/`inverseEntity`, `toMany`, `ordered`, `optional`, `minCount`, `maxCount`, `deletionRule`,
/// `elementID`), `uniquenessConstraints`, `fetchIndex`, `userInfo`, `configuration`s and `fetchRequest`
/// templates. Layout elements (`elements`) and unknown elements are skipped. Each problem names its line.
struct DataModelContentsReader {
    let file: URL

    func model(from data: Data) throws(ModelFileError) -> NSManagedObjectModel {
        let root = try XMLElementNode.parse(data, file: file)
        guard root.name == "model" else {
            throw failure("the root element is <\(root.name)>, not <model>: this is not a Core Data model", at: root)
        }
        let model = NSManagedObjectModel()
        if let identifier = root.attributes["userDefinedModelVersionIdentifier"], !identifier.isEmpty {
            model.versionIdentifiers = [identifier]
        }
        var entities: [(NSEntityDescription, XMLElementNode)] = []
        for element in root.children(named: "entity") {
            entities.append((try entity(from: element), element))
        }
        var byName: [String: NSEntityDescription] = [:]
        for (entity, element) in entities {
            guard let name = entity.name else { continue }
            if byName[name] != nil { throw failure("a second entity is named “\(name)”", at: element) }
            byName[name] = entity
        }
        try resolveParents(entities, byName: byName)
        try resolveRelationships(entities, byName: byName)
        model.entities = entities.map(\.0)
        try readConfigurations(root, into: model, byName: byName)
        try readFetchRequests(root, into: model, byName: byName)
        try checkConsistency(model, entities: entities)
        return model
    }

    private func failure(_ problem: String, at element: XMLElementNode?) -> ModelFileError {
        ModelFileError(file: file, line: element?.line, problem: problem)
    }

    private func flag(_ element: XMLElementNode, _ name: String) -> Bool {
        element.attributes[name] == "YES"
    }

    private func required(_ element: XMLElementNode, _ name: String, what: String) throws(ModelFileError) -> String {
        guard let value = element.attributes[name], !value.isEmpty else {
            throw failure("\(what) has no \(name)", at: element)
        }
        return value
    }

    // MARK: Entities and properties

    private func entity(from element: XMLElementNode) throws(ModelFileError) -> NSEntityDescription {
        let name = try required(element, "name", what: "an <entity>")
        let entity = NSEntityDescription()
        entity.name = name
        entity.managedObjectClassName =
            element.attributes["representedClassName"].flatMap { $0.isEmpty ? nil : $0 } ?? "NSManagedObject"
        entity.isAbstract = flag(element, "isAbstract")
        entity.renamingIdentifier = element.attributes["elementID"]
        entity.versionHashModifier = element.attributes["versionHashModifier"]
        entity.userInfo = userInfo(element)
        var properties: [NSPropertyDescription] = []
        var indexes: [NSFetchIndexDescription] = []
        for child in element.children {
            switch child.name {
            case "attribute":
                let attribute = try self.attribute(from: child, entityName: name)
                properties.append(attribute)
                if flag(child, "indexed") {
                    let element = NSFetchIndexElementDescription(property: attribute, collationType: .binary)
                    indexes.append(
                        NSFetchIndexDescription(name: "\(name)_\(attribute.name)_index", elements: [element]))
                }
            case "relationship":
                properties.append(try relationship(from: child, entityName: name))
            default:
                break
            }
        }
        entity.properties = properties
        let propertyNames = Set(properties.map(\.name))
        var constraints: [[Any]] = []
        for group in element.children(named: "uniquenessConstraints").flatMap({
            $0.children(named: "uniquenessConstraint")
        }) {
            var names: [Any] = []
            for constraint in group.children(named: "constraint") {
                let value = try required(constraint, "value", what: "a <constraint> of \(name)")
                names.append(value)
            }
            constraints.append(names)
        }
        entity.uniquenessConstraints = constraints
        for indexElement in element.children(named: "fetchIndex") {
            let indexName = try required(indexElement, "name", what: "a <fetchIndex> of \(name)")
            var elements: [NSFetchIndexElementDescription] = []
            for part in indexElement.children(named: "fetchIndexElement") {
                guard let propertyName = part.attributes["property"] else {
                    throw failure(
                        "index \(indexName) of \(name) indexes an expression; only properties can be indexed here",
                        at: part)
                }
                guard propertyNames.contains(propertyName) else {
                    throw failure(
                        "index \(indexName) of \(name) names “\(propertyName)”, which is not a property of \(name)",
                        at: part)
                }
                let collation: NSFetchIndexElementType = part.attributes["type"] == "RTree" ? .rTree : .binary
                let indexed = NSFetchIndexElementDescription(propertyName: propertyName, collationType: collation)
                indexed.property = properties.first { $0.name == propertyName }
                indexed.isAscending = part.attributes["order"] != "descending"
                elements.append(indexed)
            }
            indexes.append(NSFetchIndexDescription(name: indexName, elements: elements))
        }
        entity.indexes = indexes
        return entity
    }

    private func attribute(from element: XMLElementNode, entityName: String) throws(ModelFileError)
        -> NSAttributeDescription
    {
        let name = try required(element, "name", what: "an <attribute> of \(entityName)")
        let attribute = NSAttributeDescription()
        attribute.name = name
        let typeName = element.attributes["attributeType"] ?? "Undefined"
        guard let type = NSAttributeType(modelFileName: typeName) else {
            let known = NSAttributeType.allCases.map(\.modelFileName).joined(separator: ", ")
            throw failure(
                "attribute “\(name)” of \(entityName) has attributeType “\(typeName)”, which Xcode does not write (\(known))",
                at: element)
        }
        attribute.attributeType = type
        attribute.isOptional = flag(element, "optional")
        attribute.isTransient = flag(element, "transient")
        attribute.allowsExternalBinaryDataStorage = flag(element, "allowsExternalBinaryDataStorage")
        attribute.valueTransformerName = element.attributes["valueTransformerName"]
        if let className = element.attributes["customClassName"] { attribute.attributeValueClassName = className }
        attribute.renamingIdentifier = element.attributes["elementID"]
        attribute.versionHashModifier = element.attributes["versionHashModifier"]
        attribute.preservesValueInHistoryOnDeletion = flag(element, "preserveAfterDeletion")
        attribute.allowsCloudEncryption = flag(element, "allowsCloudEncryption")
        attribute.userInfo = userInfo(element)
        if let interval = element.attributes["defaultDateTimeInterval"] {
            guard let seconds = Double(interval) else {
                throw failure(
                    "attribute “\(name)” of \(entityName) has defaultDateTimeInterval “\(interval)”, which is not a number of seconds",
                    at: element)
            }
            attribute.defaultValue = Date(timeIntervalSinceReferenceDate: seconds)
        } else if let text = element.attributes["defaultValueString"] {
            guard let value = defaultValue(text, type: type) else {
                throw failure(
                    "attribute “\(name)” of \(entityName) has default value “\(text)”, which is not a value of type \(typeName)",
                    at: element)
            }
            attribute.defaultValue = value
        }
        return attribute
    }

    private func defaultValue(_ text: String, type: NSAttributeType) -> Any? {
        switch type {
        case .integer16AttributeType: Int16(text)
        case .integer32AttributeType: Int32(text)
        case .integer64AttributeType: Int64(text)
        case .doubleAttributeType: Double(text)
        case .floatAttributeType: Float(text)
        case .decimalAttributeType: Decimal(string: text)
        case .booleanAttributeType:
            switch text.uppercased() {
            case "YES", "TRUE", "1": true
            case "NO", "FALSE", "0": false
            default: nil
            }
        case .stringAttributeType: text
        case .dateAttributeType: Double(text).map(Date.init(timeIntervalSinceReferenceDate:))
        case .UUIDAttributeType: UUID(uuidString: text)
        case .URIAttributeType: URL(string: text)
        default: nil
        }
    }

    private func relationship(from element: XMLElementNode, entityName: String) throws(ModelFileError)
        -> NSRelationshipDescription
    {
        let name = try required(element, "name", what: "a <relationship> of \(entityName)")
        let relationship = NSRelationshipDescription()
        relationship.name = name
        relationship.isOptional = flag(element, "optional")
        relationship.isTransient = flag(element, "transient")
        relationship.isOrdered = flag(element, "ordered")
        relationship.renamingIdentifier = element.attributes["elementID"]
        relationship.versionHashModifier = element.attributes["versionHashModifier"]
        relationship.userInfo = userInfo(element)
        func count(_ attribute: String) throws(ModelFileError) -> Int? {
            guard let text = element.attributes[attribute] else { return nil }
            guard let value = Int(text), value >= 0 else {
                throw failure(
                    "relationship “\(name)” of \(entityName) has \(attribute) “\(text)”, which is not a count",
                    at: element)
            }
            return value
        }
        let toMany = flag(element, "toMany")
        relationship.maxCount = try count("maxCount") ?? (toMany ? 0 : 1)
        if toMany && relationship.maxCount == 1 { relationship.maxCount = 0 }
        relationship.minCount = try count("minCount") ?? 0
        if !toMany { relationship.minCount = min(relationship.minCount, 1) }
        let rule = element.attributes["deletionRule"] ?? "Nullify"
        guard let deleteRule = NSDeleteRule(modelFileName: rule) else {
            throw failure(
                "relationship “\(name)” of \(entityName) has deletionRule “\(rule)” (Xcode writes Nullify, Cascade, Deny or No Action)",
                at: element)
        }
        relationship.deleteRule = deleteRule
        return relationship
    }

    private func userInfo(_ element: XMLElementNode) -> [AnyHashable: Any]? {
        let entries = element.children(named: "userInfo").flatMap { $0.children(named: "entry") }
        guard !entries.isEmpty else { return nil }
        var info: [AnyHashable: Any] = [:]
        for entry in entries {
            if let key = entry.attributes["key"] { info[key] = entry.attributes["value"] ?? "" }
        }
        return info
    }

    // MARK: References between entities

    private func resolveParents(
        _ entities: [(NSEntityDescription, XMLElementNode)], byName: [String: NSEntityDescription]
    ) throws(ModelFileError) {
        var children: [ObjectIdentifier: [NSEntityDescription]] = [:]
        for (entity, element) in entities {
            guard let parentName = element.attributes["parentEntity"] else { continue }
            guard let parent = byName[parentName] else {
                throw failure(
                    "entity \(entity.name ?? "?") has parentEntity “\(parentName)”, which is not an entity of this model",
                    at: element)
            }
            children[ObjectIdentifier(parent), default: []].append(entity)
        }
        for (entity, _) in entities {
            if let subentities = children[ObjectIdentifier(entity)] { entity.subentities = subentities }
        }
    }

    private func resolveRelationships(
        _ entities: [(NSEntityDescription, XMLElementNode)], byName: [String: NSEntityDescription]
    ) throws(ModelFileError) {
        for (entity, element) in entities {
            let entityName = entity.name ?? "?"
            for child in element.children(named: "relationship") {
                guard let name = child.attributes["name"],
                    let relationship = entity.relationshipsByName[name]
                else { continue }
                guard let destinationName = child.attributes["destinationEntity"], !destinationName.isEmpty else {
                    throw failure("relationship “\(name)” of \(entityName) has no destinationEntity", at: child)
                }
                guard let destination = byName[destinationName] else {
                    throw failure(
                        "relationship “\(name)” of \(entityName) has destinationEntity “\(destinationName)”, which is not an entity of this model",
                        at: child)
                }
                relationship.destinationEntity = destination
                guard let inverseName = child.attributes["inverseName"] else { continue }
                let inverseEntityName = child.attributes["inverseEntity"] ?? destinationName
                guard let inverseEntity = byName[inverseEntityName] else {
                    throw failure(
                        "relationship “\(name)” of \(entityName) has inverseEntity “\(inverseEntityName)”, which is not an entity of this model",
                        at: child)
                }
                guard let inverse = inverseEntity.relationshipsByName[inverseName] else {
                    throw failure(
                        "relationship “\(name)” of \(entityName) has inverse \(inverseEntityName).\(inverseName), which is not a relationship of \(inverseEntityName)",
                        at: child)
                }
                relationship.inverseRelationship = inverse
            }
        }
    }

    // MARK: Model-level elements

    private func readConfigurations(
        _ root: XMLElementNode, into model: NSManagedObjectModel, byName: [String: NSEntityDescription]
    ) throws(ModelFileError) {
        for configuration in root.children(named: "configuration") {
            let name = try required(configuration, "name", what: "a <configuration>")
            var members: [NSEntityDescription] = []
            for member in configuration.children(named: "memberEntity") {
                let entityName = try required(member, "name", what: "a <memberEntity> of configuration \(name)")
                guard let entity = byName[entityName] else {
                    throw failure(
                        "configuration \(name) names entity “\(entityName)”, which is not in this model", at: member)
                }
                members.append(entity)
            }
            model.setEntities(members, forConfigurationName: name)
        }
    }

    private func readFetchRequests(
        _ root: XMLElementNode, into model: NSManagedObjectModel, byName: [String: NSEntityDescription]
    ) throws(ModelFileError) {
        for element in root.children(named: "fetchRequest") {
            let name = try required(element, "name", what: "a <fetchRequest>")
            let entityName = try required(element, "entity", what: "fetch request \(name)")
            guard let entity = byName[entityName] else {
                throw failure(
                    "fetch request \(name) is for entity “\(entityName)”, which is not in this model", at: element)
            }
            let request = NSFetchRequest<NSFetchRequestResult>(entityName: entityName)
            request.entity = entity
            if let format = element.attributes["predicateString"] {
                let predicate = NSPredicate(format: format, argumentArray: [])
                if let error = predicate.formatError {
                    throw failure(
                        "fetch request \(name) has a predicate that does not parse: \(error.problem) at position \(error.position)",
                        at: element)
                }
                request.predicate = predicate
            }
            if let limit = element.attributes["fetchLimit"].flatMap({ Int($0) }) { request.fetchLimit = limit }
            if let size = element.attributes["fetchBatchSize"].flatMap({ Int($0) }) { request.fetchBatchSize = size }
            model.setFetchRequestTemplate(request, forName: name)
        }
    }

    /// The model's own consistency (an inverse that does not point back, …), each problem at its entity's line.
    private func checkConsistency(_ model: NSManagedObjectModel, entities: [(NSEntityDescription, XMLElementNode)])
        throws(ModelFileError)
    {
        guard let problem = ModelValidation.problems(in: model).first else { return }
        let names = entities.compactMap { entity, element in entity.name.map { ($0, element) } }
            .sorted { $0.0.count > $1.0.count }
        let element = names.first { name, _ in
            problem.hasPrefix(name) && problem.dropFirst(name.count).first.map { ".' ".contains($0) } == true
        }?.1
        throw failure(problem, at: element)
    }
}
