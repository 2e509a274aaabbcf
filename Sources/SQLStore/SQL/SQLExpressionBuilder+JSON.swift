// Collections and other structured values stored as JSON text: compared in canonical form, and read element by
// element through the dialect's JSON table source (SQLite's json_each).

extension SQLExpressionBuilder {
    /// `expression`, JSON text, in the one form equal values share (``CanonicalJSON``): bound values are made
    /// canonical now, stored ones by the `canonical_json` function (so rows written before, or by another writer, are
    /// covered too).
    package func canonicalJSON(_ expression: SQLExpression) -> SQLExpression {
        switch expression.kind {
        case .nilLiteral:
            return expression
        case .value(let value):
            return self.value(CanonicalJSON.canonical(value))
        case .column, .computed, .reference, .collection, .identifier:
            // Still what it names, and the elements it stands for (a filter's).
            var result = booleanValue(expression)
            result.fragment = call(.canonicalJSON, [result.fragment])
            result.kind = .computed
            return result
        }
    }

    /// The number of elements of a JSON array; NULL when it is.
    package func jsonCount(_ array: SQLExpression) -> SQLExpression {
        computed(array.fragment.wrapped(dialect.jsonArrayLength), nullable: array.isNullable)
    }

    /// Whether a JSON array is empty.
    package func jsonIsEmpty(_ array: SQLExpression) -> SQLExpression {
        test("(" + array.fragment.wrapped(dialect.jsonArrayLength) + " = 0)")
    }

    /// Whether a JSON array has an element that `IS` `element` (NULL-aware: a nil element is found).
    package func jsonContains(_ array: SQLExpression, _ element: SQLExpression) -> SQLExpression {
        jsonContains(Self.allElements(of: array), element)
    }

    /// Whether some element of a JSON array passes `test` (built on the element it is given).
    package func jsonAny<Failure: Error>(
        _ array: SQLExpression, where test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        try jsonAny(Self.allElements(of: array), where: test)
    }

    /// Whether every element of a JSON array passes `test` (true for no element).
    package func jsonAll<Failure: Error>(
        _ array: SQLExpression, satisfy test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        try jsonAll(Self.allElements(of: array), satisfy: test)
    }

    /// The largest element of a JSON array (SQL's order); NULL for none.
    package func jsonMaximum(_ array: SQLExpression) -> SQLExpression {
        jsonMaximum(Self.allElements(of: array))
    }

    /// The smallest element of a JSON array (SQL's order); NULL for none.
    package func jsonMinimum(_ array: SQLExpression) -> SQLExpression {
        jsonMinimum(Self.allElements(of: array))
    }

    /// Every element of `array`, none of them nil, in the array's order.
    private static func allElements(of array: SQLExpression) -> JSONElements {
        JSONElements(array: array, elementNullable: false, isOrdered: true)
    }

    // MARK: Some elements of an array

    /// Whether one of `elements` `IS` `element` (NULL-aware: a nil element is found).
    package func jsonContains(_ elements: JSONElements, _ element: SQLExpression) -> SQLExpression {
        let element = booleanValue(element)
        let alias = uniqueAlias("e")
        let found =
            "\(elementValue(alias, of: elements)) \(dialect.nullSafeEquality(negated: false)) " + element.fragment
        return test("EXISTS " + select("1", from: elements, alias, where: [found]))
    }

    /// Whether one of `elements` passes `test` (built on the element it is given). When `test` can fail, so can
    /// this, as Swift's `contains(where:)` does: on the first element whose test fails before any earlier one
    /// passed — in the array's order, so the front end must refuse a failing test over elements not in order
    /// (``JSONElements/isOrdered``).
    package func jsonAny<Failure: Error>(
        _ elements: JSONElements, where test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let alias = uniqueAlias("e")
        let body = try test(element(alias, of: elements))
        var result = self.test("EXISTS " + select("1", from: elements, alias, where: [nonNull(body)]))
        if let failure = body.failure {
            result.failure = try orderedFailure(failure, alias, of: elements, test: test) { self.nonNull($0) }
        }
        return result
    }

    /// Whether every one of `elements` passes `test` (true for none). When `test` can fail, so can this, as Swift's
    /// `allSatisfy` does: on the first element whose test fails before any earlier one did not pass.
    package func jsonAll<Failure: Error>(
        _ elements: JSONElements, satisfy test: (SQLExpression) throws(Failure) -> SQLExpression
    ) throws(Failure) -> SQLExpression {
        let alias = uniqueAlias("e")
        let body = try test(element(alias, of: elements))
        var result = self.test("NOT EXISTS " + select("1", from: elements, alias, where: ["NOT " + nonNull(body)]))
        if let failure = body.failure {
            result.failure = try orderedFailure(failure, alias, of: elements, test: test) { "NOT " + self.nonNull($0) }
        }
        return result
    }

    /// When the first element on which the test fails (`failure`, of the element `alias`) comes before any element
    /// whose test `decides` the answer without failing.
    private func orderedFailure<Failure: Error>(
        _ failure: SQLFragment, _ alias: String, of elements: JSONElements,
        test: (SQLExpression) throws(Failure) -> SQLExpression,
        decides: (SQLExpression) -> SQLFragment
    ) throws(Failure) -> SQLFragment {
        let earlier = uniqueAlias("e")
        let other = try test(element(earlier, of: elements))
        let earlierFirst = "\(dialect.jsonElementKey(alias: earlier)) < \(dialect.jsonElementKey(alias: alias))"
        let decided = select(
            "1", from: elements, earlier,
            where: [
                SQLFragment(earlierFirst), decides(other),
                "NOT " + (other.failure ?? SQLFragment(dialect.booleanLiteral(false))),
            ])
        return "EXISTS " + select("1", from: elements, alias, where: [failure, "NOT EXISTS " + decided])
    }

    /// `elements`, of which only those that pass `test`: the elements, for consumers to read where they are, and as
    /// the JSON array the database rebuilds of them. Fails where `test` fails on any element (a filter tests them
    /// all).
    package func jsonFilter(_ elements: JSONElements, by test: @escaping SQLFilter) -> SQLExpression {
        let alias = uniqueAlias("e")
        let body = test(element(alias, of: elements))
        var result = jsonArray(elements.filtered(by: test))
        if let failure = body.failure {
            result.failure = "EXISTS " + select("1", from: elements, alias, where: [failure])
        }
        return result
    }

    /// `elements` as the JSON array the database rebuilds of them (``SQLExpression/elements`` set, so consumers
    /// read the elements where they are instead).
    package func jsonArray(_ elements: JSONElements) -> SQLExpression {
        let alias = uniqueAlias("j")
        var result = computed(
            select(dialect.jsonGroupArray(dialect.jsonElementAsJSON(alias: alias)), from: elements, alias),
            nullable: elements.array.isNullable)
        result.elements = elements
        return result
    }

    /// The elements of the JSON array `array` from index `lower` up to `upper`: a range subscript, which fails
    /// unless both bounds are within `0 ... count`.
    package func jsonSlice(_ elements: JSONElements, from lower: SQLExpression, to upper: SQLExpression)
        -> SQLExpression
    {
        var result = jsonArray(elements.sliced(lower, upper))
        result.failure = failsOutsideBounds(lower, upper, of: elements.array)
        return result
    }

    /// The number of `elements`.
    package func jsonCount(_ elements: JSONElements) -> SQLExpression {
        computed(select("count(*)", from: elements, uniqueAlias("j")))
    }

    /// Whether there are no `elements`.
    package func jsonIsEmpty(_ elements: JSONElements) -> SQLExpression {
        test("(NOT EXISTS " + select("1", from: elements, uniqueAlias("j")) + ")")
    }

    /// The largest of `elements` (SQL's order); NULL for none.
    package func jsonMaximum(_ elements: JSONElements) -> SQLExpression {
        let alias = uniqueAlias("e")
        return computed(select("max(\(elementValue(alias, of: elements)))", from: elements, alias), nullable: true)
    }

    /// The smallest of `elements` (SQL's order); NULL for none.
    package func jsonMinimum(_ elements: JSONElements) -> SQLExpression {
        let alias = uniqueAlias("e")
        return computed(select("min(\(elementValue(alias, of: elements)))", from: elements, alias), nullable: true)
    }

    /// The first (or with `last`, the last) of `elements` by index; NULL for none.
    package func jsonFirst(_ elements: JSONElements, last: Bool = false) -> SQLExpression {
        let alias = uniqueAlias("j")
        let order = " ORDER BY \(dialect.jsonElementKey(alias: alias)) \(last ? "DESC" : "ASC") LIMIT 1"
        return computed(
            select(elementValue(alias, of: elements), from: elements, alias, then: order), nullable: true)
    }

    /// The element of the JSON array `array` at `index` (`array[index]`), which fails unless `index` is in
    /// `0 ..< count`. `nullable` when the elements are optionals; `scalar`, what they are when scalars.
    package func jsonElement(
        at index: SQLExpression, of array: SQLExpression, nullable: Bool, scalar: JSONScalar? = nil
    ) -> SQLExpression {
        let alias = uniqueAlias("i")
        let elements = JSONElements(array: array, elementNullable: nullable, isOrdered: true, scalar: scalar)
        let test = "\(dialect.jsonElementKey(alias: alias)) = " + index.fragment
        var result = computed(
            select(elementValue(alias, of: elements), from: elements, alias, where: [test]), nullable: nullable)
        result.failure = failsOutsideIndices(index, of: array)
        return result
    }

    /// `(SELECT <what> FROM <elements' array's elements> AS <alias> WHERE <in bounds, passing the filters, and each
    /// of conditions><then>)`.
    private func select(
        _ what: String, from elements: JSONElements, _ alias: String, where conditions: [SQLFragment] = [],
        then suffix: String = ""
    ) -> SQLFragment {
        var terms: [SQLFragment] = []
        if let (lower, upper) = elements.bounds {
            let key = dialect.jsonElementKey(alias: alias)
            terms.append("\(key) >= " + lower.fragment + " AND \(key) < " + upper.fragment)
        }
        let element = element(alias, of: elements)
        for filter in elements.filters { terms.append(nonNull(filter(element))) }
        terms += conditions
        let clause = terms.isEmpty ? SQLFragment("") : " WHERE " + SQLFragment.joined(terms, separator: " AND ")
        return "(SELECT \(what) FROM " + self.elements(of: elements.array, alias) + clause + suffix + ")"
    }

    /// An element of `elements`, named `alias` (a front end translates a filter's test on one once, to refuse it
    /// where it is written).
    package func element(_ alias: String, of elements: JSONElements) -> SQLExpression {
        SQLExpression(SQLFragment(elementValue(alias, of: elements)), isNullable: elements.elementNullable)
    }

    /// The value of the element `alias` of `elements`, as its ``JSONElements/scalar`` kind when it has one.
    private func elementValue(_ alias: String, of elements: JSONElements) -> String {
        let value = dialect.jsonElementValue(alias: alias)
        return elements.scalar.map { dialect.jsonScalar(value, as: $0) } ?? value
    }

    // MARK: Dictionaries and other values stored as JSON

    /// Whether the JSON object (or array of keys and values) `dictionary` has no member.
    package func jsonObjectIsEmpty(_ dictionary: SQLExpression) -> SQLExpression {
        test("(NOT EXISTS (SELECT 1 FROM " + members(of: dictionary, uniqueAlias("k")) + "))")
    }

    /// The number of members of `dictionary`: of a JSON object, or of an array of keys and values (a dictionary
    /// whose keys JSON cannot name), half its length.
    package func jsonObjectCount(_ dictionary: SQLExpression) -> SQLExpression {
        let d = dictionary.fragment
        return computed(
            "(CASE WHEN " + d.wrapped(dialect.jsonIsObject) + " THEN (SELECT count(*) FROM "
                + members(of: dictionary, uniqueAlias("k"))
                + ") ELSE " + d.wrapped(dialect.jsonArrayLength) + " / 2 END)",
            nullable: dictionary.isNullable
        )
    }

    /// The value of the member `key` of the JSON object `dictionary`; NULL when it has none. An integer key
    /// (`integerKey`) is compared as the text JSON names it by; `scalar` is what the values are, when scalars.
    package func jsonMember(
        _ dictionary: SQLExpression, key: SQLExpression, integerKey: Bool, scalar: JSONScalar? = nil
    ) -> SQLExpression {
        let alias = uniqueAlias("k")
        let name = integerKey ? key.fragment.wrapped(dialect.castToText) : key.fragment
        let value = dialect.jsonElementValue(alias: alias)
        return computed(
            "(SELECT \(scalar.map { dialect.jsonScalar(value, as: $0) } ?? value) FROM "
                + members(of: dictionary, alias)
                + " WHERE \(dialect.jsonMemberKey(alias: alias)) = " + name + ")",
            nullable: true
        )
    }

    /// The value under the keys `path` (outermost first; none may contain `"`) inside the JSON text `json`; NULL
    /// when there is none, `nullable` says whether it can be; `scalar`, what it is when a scalar. The path is a
    /// bound value.
    package func jsonValue(_ json: SQLExpression, at path: [String], nullable: Bool, scalar: JSONScalar? = nil)
        -> SQLExpression
    {
        let jsonPath = "$" + path.map { ".\"\($0)\"" }.joined()
        let fragment = json.fragment
        let extracted = dialect.jsonExtract(fragment.text, path: "?")
        let value = scalar.map { dialect.jsonScalar(extracted, as: $0) } ?? extracted
        return computed(SQLFragment(value, fragment.arguments + [.text(jsonPath)]), nullable: nullable)
    }

    private func elements(of array: SQLExpression, _ alias: String) -> SQLFragment {
        array.fragment.wrapped { dialect.jsonElements(of: $0, alias: alias) }
    }

    private func members(of object: SQLExpression, _ alias: String) -> SQLFragment {
        object.fragment.wrapped { dialect.jsonMembers(of: $0, alias: alias) }
    }
}
