import Foundation
import SQLStore

extension NSManagedObjectContext {
    /// Runs a request in the store: a fetch request (its objects in ``NSFetchRequestExecutionResult``), or a batch
    /// delete, insert or update, each one statement (or a few) in one transaction. Mirrors `execute(_:)`.
    ///
    /// - Throws: ``CoreDataError/unsupportedRequest(_:)`` for a batch request in a child context (Core Data runs
    ///   them in the store only), an unknown entity or attribute; the errors of ``fetch(_:)`` and
    ///   ``CoreDataError/storeFailed(_:)``. A failed batch request writes nothing.
    public func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        switch request {
        case let fetchRequest as NSFetchRequest<NSFetchRequestResult>:
            return NSFetchRequestExecutionResult(finalResult: try fetch(fetchRequest))
        case let delete as NSBatchDeleteRequest:
            return try executeBatchDelete(delete)
        case let insert as NSBatchInsertRequest:
            return try executeBatchInsert(insert)
        case let update as NSBatchUpdateRequest:
            return try executeBatchUpdate(update)
        default:
            throw CoreDataError.unsupportedRequest("\(type(of: request)) is not a request the store runs")
        }
    }

    private func batchTable(_ entityName: String?) throws -> (NSPersistentStore, EntityTable) {
        guard parent == nil else {
            throw CoreDataError.unsupportedRequest(
                "batch requests run in a context on a coordinator, not in a child context")
        }
        let store = try requireStore()
        guard let table = store.engine.mapping.table(named: entityName ?? "") else {
            throw CoreDataError.unsupportedRequest("the model has no entity named \(entityName ?? "nil")")
        }
        return (store, table)
    }

    /// The keys of the stored rows of `table` that `predicate` selects: in SQL, or — for a predicate SQL cannot say —
    /// by evaluating it on the rows' objects in a context of their own.
    private func storedKeys(_ table: EntityTable, _ predicate: NSPredicate?, in store: NSPersistentStore) throws
        -> FetchRequest.Rows
    {
        guard let predicate else { return .all }
        let translator = PredicateSQLTranslator(
            mapping: store.engine.mapping, table: table, storeIdentifier: store.identifier)
        do {
            return .matching(try translator.condition(predicate))
        } catch is PredicateSQLTranslator.Untranslatable {
            let scratch = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
            scratch.persistentStoreCoordinator = persistentStoreCoordinator
            let request = NSFetchRequest<NSManagedObject>(entityName: table.name)
            request.predicate = predicate
            return .keys(try scratch.fetch(request).compactMap(\.objectID.primaryKey))
        }
    }

    private func objectIDs(_ keys: [Int64], _ table: EntityTable, _ store: NSPersistentStore) -> [NSManagedObjectID] {
        guard let entity = store.persistentStoreCoordinator?.managedObjectModel.entitiesByName[table.name] else {
            return []
        }
        return keys.map { NSManagedObjectID.permanent(for: entity, storeIdentifier: store.identifier, primaryKey: $0) }
    }

    private func executeBatchDelete(_ request: NSBatchDeleteRequest) throws -> NSBatchDeleteResult {
        let (store, table) = try batchTable(request.fetchRequest.entity?.name ?? request.fetchRequest.entityName)
        if let error = request.fetchRequest.predicate?.formatError { throw CoreDataError.invalidPredicateFormat(error) }
        var rows: SaveRequest.BatchDelete.Rows
        if let objectIDs = request.objectIDs {
            rows = .keys(objectIDs.compactMap { $0.storeIdentifier == store.identifier ? $0.primaryKey : nil })
        } else {
            switch try storedKeys(table, request.fetchRequest.predicate, in: store) {
            case .matching(let condition): rows = .matching(condition)
            case .keys(let keys): rows = .keys(keys)
            default:
                // Every row, with the keys returned when the result lists them.
                rows =
                    request.resultType == .resultTypeStatusOnly
                    ? .all : .matching(SQLExpressionBuilder(dialect: store.engine.mapping.dialect).constant(true))
            }
        }
        var save = SaveRequest()
        save.batchDeletes = [SaveRequest.BatchDelete(table: table, rows: rows)]
        let result: SaveResult
        do {
            result = try store.engine.save(save)
        } catch {
            throw Self.coreDataError(error)
        }
        let keys = result.batchDeletedKeys.first.flatMap { $0 } ?? []
        switch request.resultType {
        case .resultTypeStatusOnly: return NSBatchDeleteResult(result: true)
        case .resultTypeObjectIDs: return NSBatchDeleteResult(result: objectIDs(keys, table, store))
        case .resultTypeCount: return NSBatchDeleteResult(result: keys.count)
        }
    }

    private func executeBatchInsert(_ request: NSBatchInsertRequest) throws -> NSBatchInsertResult {
        let (store, table) = try batchTable(request.entityName)
        guard let entity = store.persistentStoreCoordinator?.managedObjectModel.entitiesByName[table.name] else {
            throw CoreDataError.unsupportedRequest("the model has no entity named \(request.entityName)")
        }
        var save = SaveRequest()
        for dictionary in request.objectsToInsert ?? [] {
            var values: [StoredValue] = []
            for column in table.columns {
                if column.name == StoreSchemaBuilder.versionColumn {
                    values.append(.integer(1))
                    continue
                }
                guard let attribute = column.attribute, let description = entity.attributesByName[attribute.name] else {
                    values.append(.null)
                    continue
                }
                let given = dictionary[attribute.name] ?? description.defaultValue
                switch ManagedValue.normalize(given, for: description) {
                case .success(let value):
                    if value == nil && !description.isOptional {
                        throw CoreDataError.validation(
                            entityName: table.name, key: attribute.name, problem: .missingMandatoryProperty)
                    }
                    values.append(AttributeStorage.storedValue(value, for: description))
                case .failure(let problem):
                    throw CoreDataError.invalidValue(
                        entityName: table.name, key: attribute.name, reason: "the value " + problem.reason)
                }
            }
            for key in dictionary.keys where entity.attributesByName[key] == nil {
                throw CoreDataError.unknownKey(entityName: table.name, key: key)
            }
            var insert = SaveRequest.Insert(table: table, values: values)
            insert.versionColumn = table.column(named: StoreSchemaBuilder.versionColumn)?.index
            save.inserts.append(insert)
        }
        let result: SaveResult
        do {
            result = try store.engine.save(save)
        } catch {
            throw Self.coreDataError(error)
        }
        switch request.resultType {
        case .statusOnly: return NSBatchInsertResult(result: true)
        case .objectIDs: return NSBatchInsertResult(result: objectIDs(result.insertedKeys, table, store))
        case .count: return NSBatchInsertResult(result: result.insertedKeys.count)
        }
    }

    private func executeBatchUpdate(_ request: NSBatchUpdateRequest) throws -> NSBatchUpdateResult {
        let (store, table) = try batchTable(request.entityName)
        guard let entity = store.persistentStoreCoordinator?.managedObjectModel.entitiesByName[table.name] else {
            throw CoreDataError.unsupportedRequest("the model has no entity named \(request.entityName)")
        }
        if let error = request.predicate?.formatError { throw CoreDataError.invalidPredicateFormat(error) }
        var values = [StoredValue](repeating: .null, count: table.columns.count)
        var columns: [Int] = []
        for (key, given) in request.propertiesToUpdate ?? [:] {
            let name = (key as? String) ?? (key as? NSPropertyDescription)?.name ?? "\(key)"
            guard let column = table.column(named: name), column.attribute != nil,
                let description = entity.attributesByName[name]
            else {
                throw CoreDataError.unknownKey(entityName: table.name, key: name)
            }
            var value: Any? = given
            if let expression = given as? NSExpression {
                guard case .constant(let constant) = expression.node else {
                    throw CoreDataError.unsupportedRequest("propertiesToUpdate takes values or constant expressions")
                }
                value = constant
            }
            switch ManagedValue.normalize(value, for: description) {
            case .success(let normalized):
                if normalized == nil && !description.isOptional {
                    throw CoreDataError.validation(
                        entityName: table.name, key: name, problem: .missingMandatoryProperty)
                }
                values[column.index] = AttributeStorage.storedValue(normalized, for: description)
                columns.append(column.index)
            case .failure(let problem):
                throw CoreDataError.invalidValue(
                    entityName: table.name, key: name, reason: "the value " + problem.reason)
            }
        }
        let keys = try storeCall {
            try store.engine.fetchKeys(
                FetchRequest(table: table, rows: try storedKeys(table, request.predicate, in: store)))
        }
        var save = SaveRequest()
        // Each row's version goes up (unchecked), so that contexts holding the rows see the change as a conflict.
        let version = table.column(named: StoreSchemaBuilder.versionColumn).map {
            SaveRequest.RowVersion(column: $0.index, expected: nil)
        }
        save.updates = keys.map {
            var update = SaveRequest.Update(table: table, key: $0, columns: columns.sorted(), values: values)
            update.version = version
            return update
        }
        do {
            _ = try store.engine.save(save)
        } catch {
            throw Self.coreDataError(error)
        }
        switch request.resultType {
        case .statusOnlyResultType: return NSBatchUpdateResult(result: true)
        case .updatedObjectIDsResultType: return NSBatchUpdateResult(result: objectIDs(keys, table, store))
        case .updatedObjectsCountResultType: return NSBatchUpdateResult(result: keys.count)
        }
    }
}
