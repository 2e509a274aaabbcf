import Foundation
import HTTP
import Networking
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// Answers the BookStore's pages (`BookStoreController+Pages.swift`) and JSON API (`BookStoreController+API.swift`)
/// from one ``BookSearchViewModel`` and one ``MarkedBookViewModel``, with one path for failures.
///
/// Pages and API share the view models, so a book saved through either is what both show, and Undo in one undoes a
/// change made in the other. Page actions follow POST/redirect/GET; the outcome is a ``BookStoreNotice`` kept on
/// the server for the one page the action redirects to (a ``HTTP/FlashStore`` keyed by a cookie), so no URL can make
/// a page claim what did not happen, and a reload shows it no more.
@MainActor
public final class BookStoreController {
    let search: BookSearchViewModel
    let marked: MarkedBookViewModel
    let notices = FlashStore<BookStoreNotice>(cookieName: "books_notice")
    let log: @Sendable (String) -> Void

    /// A controller over the two view models.
    /// - Parameters:
    ///   - search: Searches and book lookups.
    ///   - marked: The saved books and their undo history.
    ///   - log: Receives one line per failed request (Kakao unavailable or refusing, store failure), without a
    ///     trailing line break and never with the Kakao key; by default ``standardErrorLog(_:)``.
    public init(
        search: BookSearchViewModel,
        marked: MarkedBookViewModel,
        log: @escaping @Sendable (String) -> Void = BookStoreController.standardErrorLog
    ) {
        self.search = search
        self.marked = marked
        self.log = log
    }

    /// Writes `line` and a line break to standard error: the server's log.
    public nonisolated static func standardErrorLog(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The queries the bundled responses answer (offline), for the offline banner; empty online.
    var bundledQueries: [String] {
        (search.catalog as? BundledBookCatalog)?.bundledQueries ?? []
    }

    // MARK: Requests

    /// A search request's parameters, checked.
    struct SearchParameters {
        var query: String
        var page: Int
        var size: Int
    }

    /// `query`, `page` (1...50, default 1) and `size` (1...50, default 10) from the request's query string.
    /// - Returns: The parameters, or the sentence saying what is wrong with them.
    static func searchParameters(_ request: HTTPRequest) -> Result<SearchParameters, ParameterError> {
        let query = (request.query(BookStorePaths.queryField) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard query.count <= maximumQueryLength else {
            return .failure(ParameterError("the query is longer than \(maximumQueryLength) characters"))
        }
        func number(_ name: String, default value: Int) -> Int? {
            guard let text = request.query(name), !text.isEmpty else { return value }
            guard let number = Int(text), (1...KakaoBookClient.maximumPage).contains(number) else { return nil }
            return number
        }
        guard let page = number(BookStorePaths.pageField, default: 1) else {
            return .failure(ParameterError("page must be a whole number from 1 to \(KakaoBookClient.maximumPage)"))
        }
        guard let size = number("size", default: BookSearchViewModel.pageSize) else {
            return .failure(ParameterError("size must be a whole number from 1 to \(KakaoBookClient.maximumSize)"))
        }
        return .success(SearchParameters(query: query, page: page, size: size))
    }

    /// What is wrong with a request's parameters, as a sentence for the API's `error`.
    struct ParameterError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The longest query passed on, in characters.
    static let maximumQueryLength = 200

    // MARK: Failures

    /// What a failure means for the person and the program: the status, the page's heading and message (Korean,
    /// like the pages), the API's `error` (English, like the other APIs). Logs one line.
    struct Failure {
        var status: HTTPStatus
        var title: String
        var message: String
        var apiMessage: String
    }

    /// The one failure path of pages and API: Kakao's problems are the upstream's (502; 503 for the quota, 504 for
    /// a timeout), the store's are ours (500). One line goes to the log, with the detail the page leaves out.
    func failure(_ error: any Error, request: HTTPRequest) -> Failure {
        let origin = "books: \(request.method) \(request.path)"
        if let error = error as? SwiftDataError {
            log("\(origin): the saved-books store failed (\(Self.oneLine(error)))")
            return Failure(
                status: .internalServerError,
                title: "저장소 오류",
                message: "담은 책을 서버에서 읽거나 저장하지 못했습니다. 다시 시도해 주세요. 계속되면 서버 로그에 이유가 있습니다.",
                apiMessage: "the saved-books store failed; the server log has the details"
            )
        }
        guard let kakao = error as? KakaoError else {
            log("\(origin): \(Self.oneLine(error))")
            return Failure(
                status: .internalServerError, title: "오류", message: "요청을 처리하지 못했습니다. 서버 로그에 이유가 있습니다.",
                apiMessage: "the request failed; the server log has the details"
            )
        }
        log("\(origin): \(Self.oneLine(kakao))")
        let apiMessage = "Kakao book search failed: \(kakao.description)"
        switch kakao {
        case .unauthorized(let message):
            return Failure(
                status: .badGateway, title: "카카오 키 오류",
                message: "카카오가 REST API 키를 거부했습니다 (HTTP 401: \(message)). 서버의 --kakao-key 또는 "
                    + "KAKAO_REST_API_KEY를 확인해 주세요. 담은 책 리스트는 그대로 쓸 수 있습니다.",
                apiMessage: apiMessage
            )
        case .quotaExceeded(let message):
            return Failure(
                status: .serviceUnavailable, title: "카카오 사용 한도 초과",
                message: "카카오 API 사용 한도를 넘었습니다 (\(message)). 잠시 후 다시 시도해 주세요. 담은 책 리스트는 그대로 쓸 수 있습니다.",
                apiMessage: apiMessage
            )
        case .timedOut(let seconds):
            return Failure(
                status: HTTPStatus(code: 504), title: "카카오 응답 없음",
                message: "카카오가 \(Int(seconds.rounded(.up)))초 안에 답하지 않았습니다. 잠시 후 다시 시도해 주세요.",
                apiMessage: apiMessage
            )
        case .invalidRequest(let reason):
            return Failure(status: .badRequest, title: "잘못된 검색", message: "검색할 수 없습니다: \(reason).", apiMessage: reason)
        case .transport, .badStatus, .decodingFailed, .insecureBaseURL:
            return Failure(
                status: .badGateway, title: "카카오 검색 실패",
                message: "카카오 도서 검색이 답하지 않거나 쓸 수 없는 답을 보냈습니다. 잠시 후 다시 시도해 주세요. 담은 책 리스트는 그대로 쓸 수 있습니다.",
                apiMessage: apiMessage
            )
        }
    }

    static func oneLine(_ error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
