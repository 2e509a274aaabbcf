import Foundation
import HTTP
import Testing

private struct AddToCart: Decodable, Equatable {
    var productID: Int
}

private struct Everything: Decodable, Equatable {
    var text: String
    var flag: Bool
    var small: UInt8
    var big: Int64
    var ratio: Double
    var maybe: Int?
    var list: [Int]
    var nested: [String: Double]
}

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws(JSONInputError) -> T {
    try StrictJSONDecoder().decode(type, from: Data(json.utf8))
}

private func refusal<T: Decodable>(_ type: T.Type, _ json: String) -> String? {
    do {
        _ = try decode(type, json)
        return nil
    } catch {
        return error.message
    }
}

private func refusal<T: Decodable>(_ type: T.Type, bytes: [UInt8]) -> String? {
    do {
        _ = try StrictJSONDecoder().decode(type, from: Data(bytes))
        return nil
    } catch {
        return error.message
    }
}

@Suite("StrictJSONDecoder: one reading for every JSON body")
struct StrictJSONDecoderTests {
    @Test func readsWhatJSONDecoderReads() throws {
        let json = #"""
            {"text": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n", "flag": true, "small": 255, "big": -9223372036854775808,
             "ratio": -1.5e-3, "maybe": null, "list": [1, 2, 3], "nested": {"a": 1, "b": 2.5e2}, "ignored": [{}]}
            """#
        let decoded = try decode(Everything.self, json)
        #expect(
            decoded
                == Everything(
                    text: "café 😀 \"q\" \\ / \n", flag: true, small: 255, big: Int64.min, ratio: -0.0015, maybe: nil,
                    list: [1, 2, 3], nested: ["a": 1, "b": 250]
                ))
        #expect(decoded == (try JSONDecoder().decode(Everything.self, from: Data(json.utf8))))
        #expect(try decode(AddToCart.self, #"{"productID": 0}"#) == AddToCart(productID: 0))
        #expect(try decode(AddToCart.self, " \t\r\n{\"productID\":-7}\n") == AddToCart(productID: -7))
        #expect(try decode([String: Int?].self, #"{"a": null, "b": 2}"#) == ["a": nil, "b": 2])
        #expect(try decode([Bool].self, "[]") == [])
    }

    @Test func refusesDuplicateMemberNames() {
        #expect(
            refusal(AddToCart.self, #"{"productID": 1, "productID": 2}"#)
                == #"the member name "productID" appears twice in one object (at byte 17)"#)
        // The same name however it is escaped, and at any depth.
        #expect(refusal(AddToCart.self, #"{"productID": 1, "product\u0049D": 1}"#)?.contains("appears twice") == true)
        #expect(
            refusal([[String: Int]].self, #"[{"a": 1}, {"b": 1, "b": 1}]"#)?.contains(#""b" appears twice"#) == true)
        // Foundation's decoder takes one of them: the reason for this rule.
        #expect(
            (try? JSONDecoder().decode(AddToCart.self, from: Data(#"{"productID": 1, "productID": 2}"#.utf8))) != nil)
    }

    @Test func anIntegerMustBeAnIntegerLiteral() {
        for literal in ["1e2", "1.0", "1E2", "-0.0", "1.5"] {
            #expect(
                refusal(AddToCart.self, "{\"productID\": \(literal)}")
                    == "productID: expected an integer literal such as 1 (no fraction or exponent), found \(literal)")
        }
        #expect(
            refusal(AddToCart.self, #"{"productID": "1"}"#)
                == "productID: expected an integer such as 1, found a string")
        #expect(
            refusal(AddToCart.self, #"{"productID": 99999999999999999999}"#)
                == "productID: 99999999999999999999 is out of range (\(Int.min)...\(Int.max))")
        #expect(refusal([UInt8].self, "[1, 256]") == "[1]: 256 is out of range (0...255)")
        #expect(refusal([UInt].self, "[-1]") == "[0]: -1 is out of range (0...\(UInt.max))")
        #expect(refusal(AddToCart.self, #"{}"#) == "productID is missing")
        #expect(refusal(AddToCart.self, #"{"productID": null}"#)?.hasPrefix("productID: ") == true)
        // Foundation's decoder reads these into an Int: the reason for this rule.
        #expect((try? JSONDecoder().decode(AddToCart.self, from: Data(#"{"productID": 1e2}"#.utf8)))?.productID == 100)
        #expect((try? JSONDecoder().decode(AddToCart.self, from: Data(#"{"productID": 1.0}"#.utf8)))?.productID == 1)
    }

    @Test func floatingPointTakesAnyFiniteNumber() throws {
        #expect(try decode([Double].self, "[1, 1.0, 1e2, -0, 2.5E-1]") == [1, 1, 100, 0, 0.25])
        #expect(refusal([Double].self, "[1e400]") == "[0]: 1e400 is out of range for Double")
        #expect(refusal([Float].self, "[1e39]") == "[0]: 1e39 is out of range for Float")
    }

    @Test func refusesWhatJSONDoesNotAllow() {
        let cases: [(String, String)] = [
            ("", "the body ends before a JSON value (at byte 0)"),
            ("{\"productID\": 1,}", "expected a member name in double quotes (at byte 16)"),
            ("[1,]", "expected a JSON value (at byte 3)"),
            ("{\"productID\": 01}", "a number must not start with 0 unless it is 0 (at byte 15)"),
            ("{\"productID\": +1}", "expected a JSON value (at byte 14)"),
            ("{\"productID\": 1} x", "unexpected text after the JSON value (at byte 17)"),
            ("{\"productID\": 1}{}", "unexpected text after the JSON value (at byte 16)"),
            ("{'productID': 1}", "expected a member name in double quotes (at byte 1)"),
            ("[NaN]", "expected a JSON value (at byte 1)"),
            ("[1.]", "expected digits after the decimal point (at byte 3)"),
            ("[1e]", "expected digits in the exponent (at byte 3)"),
            ("[\"tab\there\"]", "a string contains a control character (U+9); escape it (at byte 5)"),
            ("[\"\\x\"]", "\\x is not a JSON escape (at byte 3)"),
            ("[\"\\ud83d\"]", "a \\u escape is half of a surrogate pair without its other half (at byte 8)"),
            ("[\"\\u12\"]", "a \\u escape needs four hexadecimal digits (at byte 4)"),
            ("[\"open", "a string is not closed (at byte 6)"),
            ("[tru]", "expected a JSON value (at byte 1)"),
            ("{\"a\" 1}", "expected : after the member name \"a\" (at byte 5)"),
            ("[1 2]", "expected , or ] after an array element (at byte 3)"),
        ]
        for (json, message) in cases {
            #expect(
                refusal([String: [Int]].self, json) == message || refusal([Int].self, json) == message
                    || refusal([String].self, json) == message || refusal(AddToCart.self, json) == message, "\(json)")
        }
        #expect(
            refusal([String].self, bytes: [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
                == "a string is not valid UTF-8 (at byte 2)")
        #expect(
            refusal([String].self, bytes: [0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == "expected a JSON value (at byte 0)")
    }

    @Test func deepNestingIsRefusedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(refusal([Int].self, deep) == "arrays and objects are nested more than 128 deep (at byte 128)")
        let allowed = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(refusal([Int].self, allowed)?.contains("expected an integer") == true)
    }

    @Test func typeMismatchesNameThePath() {
        #expect(refusal(Everything.self, #"{"text": 1}"#) == "text: expected a string, found the number 1")
        #expect(
            refusal(Everything.self, #"{"text": "", "flag": "yes"}"#) == "flag: expected true or false, found a string")
        #expect(
            refusal([String: [Int]].self, #"{"a": [1, "2"]}"#) == "a[1]: expected an integer such as 1, found a string")
        #expect(refusal(AddToCart.self, "[1]") == "the body: expected an object, found an array")
    }
}
