import Foundation
import Networking
import Showcase
import Testing

@Suite("showcase --kakao-key")
struct KakaoKeyOptionTests {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> ShowcaseOptions {
        guard case .serve(let options) = try ShowcaseOptions.parse(arguments, environment: environment) else {
            Issue.record("expected serve")
            return ShowcaseOptions()
        }
        return options
    }

    @Test func fromTheOptionOrTheEnvironmentTheOptionWinning() throws {
        #expect(try options([]).kakaoKey == nil)
        #expect(try options(["--kakao-key", "abc123"]).kakaoKey == KakaoRESTAPIKey("abc123"))
        #expect(try options(["--kakao-key=abc123"]).kakaoKey == KakaoRESTAPIKey("abc123"))
        #expect(try options([], environment: ["KAKAO_REST_API_KEY": "fromenv"]).kakaoKey == KakaoRESTAPIKey("fromenv"))
        #expect(
            try options(["--kakao-key", "flag"], environment: ["KAKAO_REST_API_KEY": "fromenv"]).kakaoKey
                == KakaoRESTAPIKey("flag"))
        #expect(try options([], environment: ["KAKAO_REST_API_KEY": ""]).kakaoKey == nil)
    }

    @Test func aBadKeyIsRefusedWithoutEchoingIt() {
        #expect {
            try ShowcaseOptions.parse(["--kakao-key", "secret with spaces"], environment: [:])
        } throws: { error in
            let text = "\(error)"
            return text.contains("--kakao-key must be") && !text.contains("secret with spaces")
        }
        #expect(throws: ShowcaseOptions.ParseError.self) {
            try ShowcaseOptions.parse(["--kakao-key"], environment: [:])
        }
    }

    @Test func optionsNeverPrintTheKey() throws {
        let parsed = try options(["--kakao-key", "0123456789abcdef"])
        var dumped = ""
        dump(parsed, to: &dumped)
        #expect(!"\(parsed)".contains("0123456789abcdef"))
        #expect(!dumped.contains("0123456789abcdef"))
    }
}
