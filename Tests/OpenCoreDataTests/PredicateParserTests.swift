@testable import OpenCoreData
import Testing

/// The shape of the tree `NSPredicate(format:)` builds, for every construct of the syntax.
@Suite struct PredicateParserTests {
    private func comparison(_ format: String, _ args: Any...) throws -> NSComparisonPredicate {
        let predicate = NSPredicate(format: format, argumentArray: args)
        #expect(predicate.formatError == nil, "\(format): \(String(describing: predicate.formatError))")
        return try #require(predicate as? NSComparisonPredicate, "\(format) is \(type(of: predicate))")
    }

    private func error(_ format: String, _ args: Any...) throws -> PredicateFormatError {
        try #require(NSPredicate(format: format, argumentArray: args).formatError, "\(format) parsed")
    }

    @Test func tutorialPredicate() throws {
        let predicate = try comparison("name CONTAINS %@", "App")
        #expect(predicate.leftExpression.expressionType == .keyPath)
        #expect(predicate.leftExpression.keyPath == "name")
        #expect(predicate.predicateOperatorType == .contains)
        #expect(predicate.comparisonPredicateModifier == .direct)
        #expect(predicate.options == [])
        #expect(predicate.rightExpression.expressionType == .constantValue)
        #expect(predicate.rightExpression.constantValue as? String == "App")
        #expect(predicate.predicateFormat == #"name CONTAINS "App""#)
    }

    @Test func comparisonOperators() throws {
        let cases: [(String, NSComparisonPredicate.Operator)] = [
            ("==", .equalTo), ("=", .equalTo), ("!=", .notEqualTo), ("<>", .notEqualTo), ("<", .lessThan),
            ("<=", .lessThanOrEqualTo), ("=<", .lessThanOrEqualTo), (">", .greaterThan), (">=", .greaterThanOrEqualTo),
            ("=>", .greaterThanOrEqualTo), ("BEGINSWITH", .beginsWith), ("endswith", .endsWith),
            ("Contains", .contains),
            ("LIKE", .like), ("MATCHES", .matches), ("IN", .in), ("BETWEEN", .between),
        ]
        for (symbol, type) in cases {
            let predicate = try comparison("age \(symbol) 3")
            #expect(predicate.predicateOperatorType == type, "\(symbol)")
            #expect(predicate.rightExpression.constantValue as? Int == 3)
        }
    }

    @Test func stringOptions() throws {
        #expect(try comparison("name ==[c] 'a'").options == [.caseInsensitive])
        #expect(try comparison("name BEGINSWITH[d] 'a'").options == [.diacriticInsensitive])
        #expect(try comparison("name CONTAINS[cd] 'a'").options == [.caseInsensitive, .diacriticInsensitive])
        #expect(try comparison("name LIKE[n] 'a'").options == [.normalized])
        #expect(try comparison("name IN[c] {'a', 'b'}").options == [.caseInsensitive])
        #expect(try comparison("name CONTAINS[cd] 'a'").predicateFormat == #"name CONTAINS[cd] "a""#)
    }

    @Test func compoundsAndPrecedence() throws {
        let predicate = NSPredicate(format: "a == 1 AND b == 2 OR NOT c == 3 && d == 4 || !(e == 5)")
        let or = try #require(predicate as? NSCompoundPredicate)
        #expect(or.compoundPredicateType == .or)
        #expect(or.subpredicates.count == 3)
        let and = try #require(or.subpredicates[0] as? NSCompoundPredicate)
        #expect(and.compoundPredicateType == .and)
        #expect(and.subpredicates.count == 2)
        let second = try #require(or.subpredicates[1] as? NSCompoundPredicate)
        #expect(second.compoundPredicateType == .and)
        let not = try #require(second.subpredicates[0] as? NSCompoundPredicate)
        #expect(not.compoundPredicateType == .not)
        #expect((not.subpredicates[0] as? NSComparisonPredicate)?.leftExpression.keyPath == "c")
        #expect((or.subpredicates[2] as? NSCompoundPredicate)?.compoundPredicateType == .not)
        #expect(predicateFormat(predicate) == "(a == 1 AND b == 2) OR (NOT c == 3 AND d == 4) OR NOT e == 5")
    }

    @Test func parenthesesKeepTheirGroup() throws {
        let predicate = NSPredicate(format: "(a == 1 AND b == 2) AND c == 3")
        let outer = try #require(predicate as? NSCompoundPredicate)
        #expect(outer.subpredicates.count == 2)
        #expect((outer.subpredicates[0] as? NSCompoundPredicate)?.subpredicates.count == 2)
        // A parenthesis that holds an expression is not a predicate.
        let arithmetic = try comparison("(price + 1) * 2 > 10")
        #expect(arithmetic.leftExpression.function == "multiply:by:")
        #expect(arithmetic.leftExpression.arguments?[0].function == "add:to:")
        #expect(try comparison("((age)) > 3").leftExpression.keyPath == "age")
    }

    @Test func literals() throws {
        #expect(try comparison("a == nil").rightExpression.constantValue == nil)
        #expect(try comparison("a == NULL").rightExpression.expressionType == .constantValue)
        #expect(try comparison("a == TRUE").rightExpression.constantValue as? Bool == true)
        #expect(try comparison("a == yes").rightExpression.constantValue as? Bool == true)
        #expect(try comparison("a == FALSE").rightExpression.constantValue as? Bool == false)
        #expect(try comparison("a == NO").rightExpression.constantValue as? Bool == false)
        #expect(try comparison("a == -12").rightExpression.constantValue as? Int == -12)
        #expect(try comparison("a == 2.5e3").rightExpression.constantValue as? Double == 2500)
        #expect(try comparison("a == 0x1F").rightExpression.constantValue as? Int == 31)
        #expect(try comparison("a == 0o17").rightExpression.constantValue as? Int == 15)
        #expect(try comparison("a == 0b101").rightExpression.constantValue as? Int == 5)
        #expect(try comparison("a == -9223372036854775808").rightExpression.constantValue as? Int == .min)
        #expect(try comparison("a == 18446744073709551615").rightExpression.constantValue as? UInt64 == .max)
        #expect(try comparison(#"a == "say \"hi\"\n""#).rightExpression.constantValue as? String == "say \"hi\"\n")
        #expect(try comparison(#"a == 'caf\u00e9'"#).rightExpression.constantValue as? String == "café")
        #expect(try comparison("a == '%@'").rightExpression.constantValue as? String == "%@")
        #expect(
            try comparison("a == CAST(0, 'NSDate')").rightExpression.constantValue as? Date
                == Date(timeIntervalSinceReferenceDate: 0))
        #expect(
            try comparison(#"a == CAST("1.25", "NSDecimalNumber")"#).rightExpression.constantValue as? Decimal
                == Decimal(string: "1.25"))
        #expect(NSPredicate(format: "TRUEPREDICATE").evaluate(with: nil))
        #expect(!NSPredicate(format: "falsepredicate").evaluate(with: nil))
        #expect(predicateFormat(NSPredicate(format: "TRUEPREDICATE")) == "TRUEPREDICATE")
    }

    @Test func formatSpecifiers() throws {
        #expect(try comparison("%K == %@", "name", "x").leftExpression.keyPath == "name")
        #expect(try comparison("%K.city == %@", "owner", "x").leftExpression.keyPath == "owner.city")
        #expect(try comparison("a == %d", 7).rightExpression.constantValue as? Int == 7)
        #expect(try comparison("a == %i", Int32(7)).rightExpression.constantValue as? Int == 7)
        #expect(try comparison("a == %ld", 7).rightExpression.constantValue as? Int == 7)
        #expect(try comparison("a == %lld", Int64.max).rightExpression.constantValue as? Int == .max)
        #expect(try comparison("a == %u", UInt64.max).rightExpression.constantValue as? UInt64 == .max)
        #expect(try comparison("a == %f", 1.5).rightExpression.constantValue as? Double == 1.5)
        #expect(try comparison("a == %lf", 2).rightExpression.constantValue as? Double == 2)
        #expect(try comparison("a == %@", NSNumber(value: 3)).rightExpression.constantValue as? NSNumber == 3)
        let missing: String? = nil
        #expect(try comparison("a == %@", missing as Any).rightExpression.constantValue == nil)
        #expect(try comparison("a IN %@", [1, 2, 3]).rightExpression.constantValue as? [Int] == [1, 2, 3])
        // Variadic and array forms agree.
        #expect(
            NSPredicate(format: "%K BEGINSWITH %@ AND n > %d", "name", "A", 3)
                == NSPredicate(format: "%K BEGINSWITH %@ AND n > %d", argumentArray: ["name", "A", 3]))
    }

    @Test func keyPathsVariablesAndCollections() throws {
        #expect(try comparison("owner.address.city == 'x'").leftExpression.keyPath == "owner.address.city")
        #expect(try comparison("SELF.name == 'x'").leftExpression.keyPath == "name")
        #expect(try comparison("SELF == %@", "x").leftExpression.expressionType == .evaluatedObject)
        #expect(try comparison("#size == 3").leftExpression.keyPath == "size")
        #expect(try comparison("box.size == 3").leftExpression.keyPath == "box.size")
        #expect(try comparison("#size == 3").predicateFormat == "#size == 3")
        let variable = try comparison("name == $NAME")
        #expect(variable.rightExpression.expressionType == .variable)
        #expect(variable.rightExpression.variable == "NAME")
        #expect(try comparison("items.@count > 2").leftExpression.keyPath == "items.@count")
        #expect(try comparison("items.@sum.price > 2").leftExpression.keyPath == "items.@sum.price")
        #expect(try comparison("@count > 2").leftExpression.keyPath == "@count")
        let aggregate = try comparison("a IN {1, 'two', nil}")
        #expect(aggregate.rightExpression.expressionType == .aggregate)
        #expect((aggregate.rightExpression.collection as? [NSExpression])?.count == 3)
        #expect(try comparison("a BETWEEN {1, 5}").predicateFormat == "a BETWEEN {1, 5}")
    }

    @Test func modifiers() throws {
        #expect(try comparison("ANY items.price > 5").comparisonPredicateModifier == .any)
        #expect(try comparison("SOME items.price > 5").comparisonPredicateModifier == .any)
        #expect(try comparison("ALL items.price > 5").comparisonPredicateModifier == .all)
        let none = try #require(NSPredicate(format: "NONE items.price > 5") as? NSCompoundPredicate)
        #expect(none.compoundPredicateType == .not)
        #expect((none.subpredicates.first as? NSComparisonPredicate)?.comparisonPredicateModifier == .any)
        #expect(predicateFormat(none) == "NOT ANY items.price > 5")
    }

    @Test func subqueryFunctionsAndTernary() throws {
        let subquery = try comparison(
            "SUBQUERY(items, $item, $item.price > 5 AND $item.name BEGINSWITH 'A').@count > 0")
        let count = subquery.leftExpression
        #expect(count.expressionType == .keyPath)
        #expect(count.keyPath == "@count")
        #expect(count.operand.expressionType == .subquery)
        #expect(count.operand.variable == "item")
        #expect((count.operand.collection as? NSExpression)?.keyPath == "items")
        let inner = try #require(count.operand.predicate as? NSCompoundPredicate)
        let first = try #require(inner.subpredicates.first as? NSComparisonPredicate)
        #expect(first.leftExpression.operand.variable == "item")
        #expect(first.leftExpression.keyPath == "price")
        #expect(
            subquery.predicateFormat
                == #"SUBQUERY(items, $item, $item.price > 5 AND $item.name BEGINSWITH "A").@count > 0"#)

        let arithmetic = try comparison("price * -2 + 3 ** 2 / 4 - -quantity >= 1")
        #expect(arithmetic.leftExpression.function == "from:subtract:")
        #expect(arithmetic.predicateFormat == "((price * -2) + ((3 ** 2) / 4)) - (0 - quantity) >= 1")
        let sum = try comparison("sum:(items.price) > 10")
        #expect(sum.leftExpression.function == "sum:")
        #expect(sum.leftExpression.arguments?.first?.keyPath == "items.price")
        #expect(try comparison("lowercase:(name) == 'a'").predicateFormat == #"lowercase:(name) == "a""#)
        #expect(try comparison("add:to:(1, 2) == 3").leftExpression.function == "add:to:")
        #expect(try comparison("now() > CAST(0, 'NSDate')").leftExpression.function == "now")
        let ternary = try comparison("TERNARY(age > 18, 'adult', 'minor') == 'adult'")
        #expect(ternary.leftExpression.expressionType == .conditional)
        #expect(ternary.leftExpression.trueExpression.constantValue as? String == "adult")
    }

    @Test func substitutionVariables() throws {
        let template = NSPredicate(format: "name == $NAME AND SUBQUERY(items, $NAME, $NAME.price > $MIN).@count > 0")
        let bound = template.withSubstitutionVariables(["NAME": "Kim", "MIN": 5])
        #expect(predicateFormat(bound) == #"name == "Kim" AND SUBQUERY(items, $NAME, $NAME.price > 5).@count > 0"#)
        let partial = template.withSubstitutionVariables(["MIN": 1])
        #expect(predicateFormat(partial) == "name == $NAME AND SUBQUERY(items, $NAME, $NAME.price > 1).@count > 0")
        #expect(NSPredicate(format: "age > $AGE").evaluate(with: ["age": 30], substitutionVariables: ["AGE": 18]))
        // An unbound variable cannot be evaluated: false, and a thrown error from checkedEvaluate.
        #expect(!NSPredicate(format: "age > $AGE").evaluate(with: ["age": 30]))
        #expect(throws: CoreDataError.self) { try NSPredicate(format: "age > $AGE").checkedEvaluate(with: ["age": 30]) }
    }

    @Test func compoundPredicatesInCode() throws {
        let a = NSPredicate(format: "a == 1")
        let b = NSPredicate(format: "b == 2")
        let and = NSCompoundPredicate(andPredicateWithSubpredicates: [a, b])
        #expect(and.formatString == "a == 1 AND b == 2")
        #expect(and.evaluate(with: ["a": 1, "b": 2]))
        #expect(!and.evaluate(with: ["a": 1, "b": 3]))
        let or = NSCompoundPredicate(orPredicateWithSubpredicates: [a, b])
        #expect(or.evaluate(with: ["a": 0, "b": 2]))
        let not = NSCompoundPredicate(notPredicateWithSubpredicate: a)
        #expect(not.evaluate(with: ["a": 0]))
        #expect(
            NSCompoundPredicate(type: .and, subpredicates: [not, or]).formatString
                == "NOT a == 1 AND (a == 1 OR b == 2)")
        // Linux Foundation's own compounds print as FALSEPREDICATE (formatString is right); parsed ones do not.
        #expect(predicateFormat(and) == "FALSEPREDICATE")
        #expect(predicateFormat(NSPredicate(format: "a == 1 AND b == 2")) == "a == 1 AND b == 2")
        #expect(NSPredicate(value: true).evaluate(with: nil))
        #expect(!NSPredicate(value: false).evaluate(with: nil))
    }

    @Test func expressionsInCode() throws {
        let left = NSExpression(forKeyPath: "price")
        let right = NSExpression(forConstantValue: 10)
        let predicate = NSComparisonPredicate(
            leftExpression: left, rightExpression: right, modifier: .direct, type: .greaterThan, options: [])
        #expect(predicate.predicateFormat == "price > 10")
        #expect(predicate == NSPredicate(format: "price > 10"))
        #expect(predicate.evaluate(with: ["price": 11]))
        let function = NSExpression(forFunction: "multiply:by:", arguments: [NSExpression(forKeyPath: "price"), 2])
        #expect(function.description == "price * 2")
        #expect(function.expressionValue(with: ["price": 4], context: nil) as? Int64 == 8)
        #expect(
            NSExpression(format: "price * %d", 3).expressionValue(with: ["price": 2.5], context: nil) as? Double == 7.5)
        #expect(NSExpression.expressionForEvaluatedObject().expressionType == .evaluatedObject)
        #expect(NSExpression(forVariable: "x").description == "$x")
        #expect(NSExpression(forAggregate: [1, 2]).description == "{1, 2}")
        let subquery = NSExpression(
            forSubquery: NSExpression(forKeyPath: "items"), usingIteratorVariable: "i",
            predicate: NSPredicate(format: "$i > 1"))
        #expect(subquery.description == "SUBQUERY(items, $i, $i > 1)")
        #expect(NSExpression(format: "1 +").formatError?.problem == "expected an expression")
    }

    @Test func errorsNamePositionAndToken() throws {
        let cases: [(String, [Any], Int, String, String)] = [
            ("name ==", [], 7, "", "expected an expression"),
            ("name == 'abc", [], 8, "'", "this string is not closed (no matching ')"),
            ("name ~ 'a'", [], 5, "~", "unexpected character “~”"),
            (
                "name 'a'", [], 5, "'a'",
                "expected a comparison operator (==, !=, <, >, CONTAINS, IN, …) after “name”, found “'a'”"
            ),
            ("name == 'a' garbage", [], 12, "garbage", "unexpected “garbage” after the end of the predicate"),
            ("(name == 'a'", [], 12, "", "expected “)” to close the “(” at position 0, found the end of the format"),
            ("name ==[x] 'a'", [], 8, "x", "unknown comparison option “x” (use c, d, n or a combination such as cd)"),
            ("name == %@", [], 8, "%@", "the format needs argument #1 for %@, but only 0 arguments were given"),
            ("age > %d", ["old"], 6, "%d", "%d needs an integer as argument #1, got String"),
            ("%K == 1", [3], 0, "%K", "%K needs a key (a String) as argument #1, got Int"),
            (
                "name == %s", ["x"], 8, "%s",
                "“%s” is not a supported format specifier (use %@, %K, %d, %i, %ld, %lld, %u, %f or %lf)"
            ),
            (
                "size == 1", [], 0, "size",
                "expected an expression, found the reserved word “size” (write #size to use it as a key)"
            ),
            ("a == 12abc", [], 5, "12abc", "“12abc” is not a valid number"),
            (
                "SUBQUERY(items, x, x > 1).@count > 0", [], 16, "x",
                "SUBQUERY's second argument must be its $variable, such as $item"
            ),
            (
                "tags[0] == 'a'", [], 4, "[",
                "subscripts (“[0]”, “[LAST]”) are not supported; compare the collection with ANY or ALL, or use @count"
            ),
            (
                "a == CAST('x', 'NSDate')", [], 15, "'NSDate'",
                "cannot CAST x to NSDate (supported: NSDate, NSNumber, NSString, NSDecimalNumber, NSUUID, NSURL, NSData)"
            ),
            ("(a == )", [], 6, ")", "expected an expression, found “)”"),
            ("", [], 0, "", "expected an expression"),
        ]
        for (format, arguments, position, token, problem) in cases {
            let error = try self.error(format, arguments)
            #expect(error.format == format)
            #expect(error.position == position, "\(format): \(error)")
            #expect(error.token == token, "\(format): \(error)")
            #expect(error.problem == problem, "\(format): \(error)")
        }
        let error = try self.error("name ==")
        #expect(
            error.description
                == "Unable to parse the format string “name ==”: expected an expression, at the end of the format (position 7)"
        )
        #expect(
            try self.error("name ~ 'a'").description
                == "Unable to parse the format string “name ~ 'a'”: unexpected character “~”, at position 5 (“~”)")
    }

    @Test func malformedFormatNeverTrapsAndNeverMatches() throws {
        let predicate = NSPredicate(format: "name == ")
        #expect(!predicate.evaluate(with: ["name": ""]))
        #expect(predicateFormat(predicate) == "name == ")
        let compound = NSCompoundPredicate(andPredicateWithSubpredicates: [NSPredicate(format: "a == 1"), predicate])
        #expect(compound.formatError?.position == 8)
        do {
            _ = try predicate.checkedEvaluate(with: ["name": ""])
            Issue.record("expected an error")
        } catch let error as CoreDataError {
            guard case .invalidPredicateFormat(let formatError) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(formatError.position == 8)
        }
    }

    @Test func formatRoundTrips() throws {
        let formats = [
            #"name CONTAINS[cd] "é" AND (age >= 18 OR isMember == TRUE)"#,
            "ANY friends.age < 3 OR ALL friends.name BEGINSWITH[c] \"a\"",
            "NOT ANY tags IN {\"x\", \"y\"}",
            "score BETWEEN {-1.5, 2.25} AND nickname == nil",
            "SUBQUERY(friends, $f, $f.team.name ENDSWITH \"s\" AND $f.score > 2.0).@count == 0",
            "team.members.@count > 1 AND friends.@avg.score <= 3.5",
            "birthday > CAST(123456.789, \"NSDate\")",
            "name MATCHES \"[A-Z].*\" OR name LIKE[c] \"*a?\"",
            "TERNARY(age > 1, score, 0) * 2 != -4",
            "#in.#like == \"quoted \\\\ backslash \\\" and \\n newline\"",
            "SELF IN %@",
        ]
        for format in formats {
            let predicate = NSPredicate(format: format, argumentArray: [["a", "b"]])
            #expect(predicate.formatError == nil, "\(format): \(String(describing: predicate.formatError))")
            let reparsed = NSPredicate(format: predicateFormat(predicate))
            #expect(
                reparsed.formatError == nil,
                "\(predicateFormat(predicate)): \(String(describing: reparsed.formatError))")
            #expect(reparsed == predicate, "\(format) → \(predicateFormat(predicate)) → \(predicateFormat(reparsed))")
        }
    }
}
