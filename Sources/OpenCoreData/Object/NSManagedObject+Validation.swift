import Foundation

/// Validation, as a context runs it before saving (Core Data's rules, and the problems `setValue(_:forKey:)`
/// recorded instead of raising).
extension NSManagedObject {
    func relatedCount(_ relationship: NSRelationshipDescription) -> Int {
        relationship.isToMany ? toManyObjects(relationship.name).count : (values[relationship.name] == nil ? 0 : 1)
    }

    func throwIfAny(_ problems: [CoreDataError]) throws {
        if problems.count == 1, let problem = problems.first { throw problem }
        if problems.count > 1 { throw CoreDataError.multipleValidationErrors(problems) }
    }

    func propertyProblems() -> [CoreDataError] {
        var problems = recordedErrors
        let entityName = entity.name ?? "?"
        for property in entity.properties where !property.isTransient {
            let key = property.name
            func problem(_ kind: CoreDataError.ValidationProblem) {
                problems.append(.validation(entityName: entityName, key: key, problem: kind))
            }
            if let attribute = property as? NSAttributeDescription {
                guard let value = values[key] else {
                    if !attribute.isOptional { problem(.missingMandatoryProperty) }
                    continue
                }
                if case .failure = ManagedValue.normalize(value, for: attribute) {
                    problem(.wrongType(expected: attribute.attributeType.modelFileName, actual: "\(type(of: value))"))
                    continue
                }
                for predicate in attribute.validationPredicates
                where !predicate.evaluate(with: publicValue(of: attribute)) {
                    problem(.predicateFailed(PredicateFormatter.format(predicate)))
                }
            } else if let relationship = property as? NSRelationshipDescription {
                let count = relatedCount(relationship)
                if count == 0 {
                    if !relationship.isOptional { problem(.missingMandatoryProperty) }
                    continue
                }
                if relationship.isToMany && relationship.minCount > count {
                    problem(.tooFewObjects(minimum: relationship.minCount, actual: count))
                }
                if relationship.isToMany && relationship.maxCount > 0 && count > relationship.maxCount {
                    problem(.tooManyObjects(maximum: relationship.maxCount, actual: count))
                }
            }
        }
        return problems
    }
}
