import Foundation

/// The consistency checks of ``NSManagedObjectModel/validate()``: each returns messages a person can act on,
/// naming the entity and property (`Cart.items`).
enum ModelValidation {
    static func problems(in model: NSManagedObjectModel) -> [String] {
        var problems: [String] = []
        var entityNames = Set<String>()
        let members = Set(model.entities.map(ObjectIdentifier.init))
        for (position, entity) in model.entities.enumerated() {
            guard let name = entity.name, !name.isEmpty else {
                problems.append("entity #\(position + 1) has no name")
                continue
            }
            if !entityNames.insert(name).inserted {
                problems.append("two entities are named “\(name)”")
            }
            if (entity.managedObjectClassName ?? "").isEmpty {
                problems.append("\(name) has an empty class name (use “NSManagedObject” for no class of its own)")
            }
            problems += superentityProblems(entity, name: name, members: members)
            problems += propertyProblems(entity, name: name, members: members)
            problems += constraintProblems(entity, name: name)
        }
        return problems
    }

    private static func superentityProblems(_ entity: NSEntityDescription, name: String, members: Set<ObjectIdentifier>)
        -> [String]
    {
        var problems: [String] = []
        var seen: [String] = [name]
        var current = entity.superentity
        while let parent = current {
            let parentName = parent.name ?? "an unnamed entity"
            if parent === entity || seen.contains(parentName) {
                problems.append(
                    "\(name)'s superentities form a loop: \((seen + [parentName]).joined(separator: " → "))")
                break
            }
            if !members.contains(ObjectIdentifier(parent)) {
                problems.append("\(name)'s superentity \(parentName) is not in the model")
            }
            seen.append(parentName)
            current = parent.superentity
        }
        return problems
    }

    private static func propertyProblems(_ entity: NSEntityDescription, name: String, members: Set<ObjectIdentifier>)
        -> [String]
    {
        var problems: [String] = []
        var propertyNames = Set<String>()
        for (position, property) in entity.properties.enumerated() {
            guard !property.name.isEmpty else {
                problems.append("\(name)'s property #\(position + 1) has no name")
                continue
            }
            let qualified = "\(name).\(property.name)"
            if !propertyNames.insert(property.name).inserted {
                problems.append("\(name) has two properties named “\(property.name)”")
            }
            if let attribute = property as? NSAttributeDescription {
                problems += attributeProblems(attribute, qualified: qualified)
            } else if let relationship = property as? NSRelationshipDescription {
                problems += relationshipProblems(relationship, of: entity, qualified: qualified, members: members)
            }
        }
        return problems
    }

    private static func attributeProblems(_ attribute: NSAttributeDescription, qualified: String) -> [String] {
        var problems: [String] = []
        if attribute.attributeType == .undefinedAttributeType && !attribute.isTransient {
            problems.append("\(qualified) has no attribute type (only a transient attribute may be Undefined)")
        }
        if let defaultValue = attribute.defaultValue {
            switch ManagedValue.normalize(defaultValue, for: attribute) {
            case .success: break
            case .failure(let problem): problems.append("\(qualified)'s default value \(problem.reason)")
            }
        }
        return problems
    }

    private static func relationshipProblems(
        _ relationship: NSRelationshipDescription, of entity: NSEntityDescription, qualified: String,
        members: Set<ObjectIdentifier>
    ) -> [String] {
        var problems: [String] = []
        if relationship.maxCount < 0 || relationship.minCount < 0 {
            problems.append(
                "\(qualified) has a negative count (minCount \(relationship.minCount), maxCount \(relationship.maxCount))"
            )
        } else if relationship.maxCount > 0 && relationship.minCount > relationship.maxCount {
            problems.append(
                "\(qualified)'s minCount \(relationship.minCount) is greater than its maxCount \(relationship.maxCount)"
            )
        }
        guard let destination = relationship.destinationEntity else {
            problems.append("\(qualified) has no destination entity")
            return problems
        }
        let destinationName = destination.name ?? "an unnamed entity"
        if !members.contains(ObjectIdentifier(destination)) {
            problems.append("\(qualified)'s destination entity \(destinationName) is not in the model")
        }
        guard let inverse = relationship.inverseRelationship else { return problems }
        let inverseOwner = inverse.entity
        let inverseName = "\(inverseOwner?.name ?? "?").\(inverse.name)"
        if let inverseOwner, !(destination.isKindOf(entity: inverseOwner) || inverseOwner.isKindOf(entity: destination))
        {
            problems.append(
                "\(qualified)'s inverse \(inverseName) is not a relationship of its destination \(destinationName)")
        } else if inverseOwner == nil {
            problems.append("\(qualified)'s inverse \(inverse.name) belongs to no entity")
        }
        if let back = inverse.destinationEntity, !(entity.isKindOf(entity: back) || back.isKindOf(entity: entity)) {
            problems.append(
                "\(qualified)'s inverse \(inverseName) leads to \(back.name ?? "?"), not back to \(entity.name ?? "?")")
        }
        if let backInverse = inverse.inverseRelationship, backInverse !== relationship {
            let backName = "\(backInverse.entity?.name ?? "?").\(backInverse.name)"
            problems.append("\(qualified)'s inverse \(inverseName) has \(backName) as its inverse, not \(qualified)")
        }
        return problems
    }

    private static func constraintProblems(_ entity: NSEntityDescription, name: String) -> [String] {
        var problems: [String] = []
        let attributes = entity.attributesByName
        for group in entity.uniquenessConstraints {
            for element in group {
                guard let key = (element as? String) ?? (element as? NSPropertyDescription)?.name else {
                    problems.append("\(name)'s uniqueness constraint holds \(type(of: element)), not an attribute name")
                    continue
                }
                if attributes[key] == nil {
                    problems.append(
                        "\(name)'s uniqueness constraint names “\(key)”, which is not an attribute of \(name)")
                }
            }
            if group.isEmpty { problems.append("\(name) has an empty uniqueness constraint") }
        }
        for index in entity.indexes {
            if index.elements.isEmpty { problems.append("\(name)'s index \(index.name) has no elements") }
            for element in index.elements {
                let key = element.propertyName ?? ""
                if entity.propertiesByName[key] == nil {
                    problems.append("\(name)'s index \(index.name) names “\(key)”, which is not a property of \(name)")
                }
            }
        }
        return problems
    }
}
