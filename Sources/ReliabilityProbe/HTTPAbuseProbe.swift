import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The showcase's HTTP server under raw-socket abuse: malformed request lines, huge headers, slow senders,
/// connection floods beyond the limits, request-smuggling shapes and a seeded mutation fuzz of valid requests.
/// Every case: the server does not crash, it answers a normal request from another client while the abuse is going
/// on and after it, and what it answers the abuse itself is an error (never a 2xx for a request it could not read
/// one way only), in the showcase's own format where the showcase can answer at all.
enum HTTPAbuseProbe {
    /// The address normal requests come from, so the per-address limit that the abuse from 127.0.0.1 meets does not
    /// apply to them.
    static let bystander = "127.0.0.2"

    static func run(_ settings: ProbeSettings) throws -> ProbeReport {
        let mutants = settings.count(short: 300, full: 5000)
        let report = ProbeReport(
            "http",
            "the showcase's server under malformed request lines, huge headers, slow senders, floods, smuggling shapes "
                + "and \(mutants) mutated requests (seed \(settings.seed))",
            settings: settings
        )
        let data = settings.scratch.appendingPathComponent("http-data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let server = try ShowcaseProcess(settings.showcase, dataDirectory: data)
        let probe = Probe(server: server, report: report)
        probe.malformedRequestLines()
        probe.hugeHeaders()
        probe.slowSenders()
        probe.floods()
        probe.smugglingShapes()
        probe.fuzz(mutants: mutants, seed: settings.seed)
        let ended = server.isRunning ? server.stop() : server.child.wait()
        report.record(
            "shutdown",
            ended == .exit(0)
                ? .passed("SIGTERM: exit 0")
                : .failed("the showcase ended with \(ended): \(server.child.standardError.suffix(400))"))
        report.finish(extra: "crashes: \(probe.crashes)")
        return report
    }

    final class Probe {
        let server: ShowcaseProcess
        let report: ProbeReport
        var crashes = 0
        var port: UInt16 { server.port }
        var host: String { "127.0.0.1:\(port)" }

        init(server: ShowcaseProcess, report: ProbeReport) {
            self.server = server
            self.report = report
        }

        /// A normal request from another client: `nil` when it was answered as it should be, else what went wrong.
        func normalRequestFails() -> String? {
            guard server.isRunning else {
                return "the server is not running (\(server.child.standardError.suffix(300)))"
            }
            do {
                let socket = try RawSocket(port: port, source: HTTPAbuseProbe.bystander)
                socket.send("GET /api/shop/products/1 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                guard let answer = socket.readResponse() else { return "a normal request got no answer" }
                guard answer.status == 200, answer.text.contains("\"id\":1") else {
                    return "a normal request got \(answer.statusLine): \(answer.text.prefix(160))"
                }
                return nil
            } catch {
                return "a normal request could not connect: \(error)"
            }
        }

        /// Whether a normal request fails after a case, once the server has caught up with the case's connections.
        /// A case's sockets are closed when it ends, but the server learns of each close only when its poll loop
        /// reaches it (seconds later on a loaded machine, after a flood of 600); until then it is still full, and
        /// answering a new connection with 503 or closing it at once is right. So the request is asked again while the
        /// answer is one of those (for up to 60 s); an answer of any other kind, or none within 10 s, is the failure.
        func normalRequestFailsOnceFree() -> String? {
            let deadline = Date().addingTimeInterval(60)
            while true {
                guard server.isRunning else {
                    return "the server is not running (\(server.child.standardError.suffix(300)))"
                }
                let full: Bool
                do {
                    let socket = try RawSocket(port: port, source: HTTPAbuseProbe.bystander)
                    socket.send("GET /api/shop/products/1 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                    let (bytes, ending) = socket.readToEnd(seconds: 10)
                    let answer = HTTPAnswer.parse(bytes, streamEnded: ending == .closed).first
                    if let answer, answer.status == 200, answer.text.contains("\"id\":1") { return nil }
                    if answer == nil && ending == .stillOpen { return "a normal request got no answer in 10 s" }
                    full =
                        (answer == nil && ending == .closed)
                        || (answer?.status == 503 && answer?.headers["retry-after"] != nil)
                    if !full, let answer {
                        return "a normal request got \(answer.statusLine): \(answer.text.prefix(160))"
                    }
                } catch {
                    return "a normal request could not connect: \(error)"
                }
                if Date() >= deadline {
                    return "the server still answered a normal request as full 60 s after the case ended"
                }
                usleep(50_000)
            }
        }

        /// Records a case: `problems` plus whether the server answered a normal request during (`during`) and
        /// after it, and whether it is still running.
        func record(_ label: String, _ detail: String, problems: [String], during: String?) {
            var problems = problems
            if let during { problems.append("during: \(during)") }
            if let after = normalRequestFailsOnceFree() { problems.append("after: \(after)") }
            if !server.isRunning {
                crashes += 1
                problems.append("THE SERVER DIED: \(server.child.wait()) \(server.child.standardError.suffix(400))")
            }
            report.record(
                label, problems.isEmpty ? .passed(detail) : .failed("\(detail) — \(problems.joined(separator: "; "))"))
        }

        /// What a refused request's answer says, and what is wrong with it: a 2xx, a 500, or (when `showcaseFormat`)
        /// an answer that is not the showcase's own (`{"error": …}` under /api).
        func judge(_ answers: [HTTPAnswer], _ ending: RawSocket.Ending, showcaseFormat: Bool = false) -> (
            String, [String]
        ) {
            var problems: [String] = []
            if ending == .stillOpen {
                problems.append("the connection was still open 5 s after the client finished sending")
            }
            guard let first = answers.first else { return ("closed without an answer", problems) }
            if (200..<300).contains(first.status) { problems.append("answered \(first.statusLine)") }
            if first.status >= 500 && ![501, 503, 505].contains(first.status) {
                problems.append("answered \(first.statusLine)")
            }
            if answers.count > 1 {
                problems.append(
                    "\(answers.count) answers on one connection: the bytes after the request were read as another")
            }
            let format =
                first.text.hasPrefix("{\"error\":")
                ? "showcase JSON" : first.text.contains("class=\"") ? "showcase page" : "libmicrohttpd's page"
            if showcaseFormat && format == "libmicrohttpd's page" {
                problems.append(
                    "the answer is libmicrohttpd's own page, not the showcase's: \(first.text.prefix(120).debugDescription)"
                )
            }
            return ("\(first.status) (\(format))", problems)
        }

        /// Sends `bytes` on a connection of its own, asks for a normal request meanwhile, then half-closes and reads.
        func abuse(_ label: String, _ bytes: [UInt8], showcaseFormat: Bool = false) {
            do {
                let socket = try RawSocket(port: port)
                socket.send(bytes)
                let during = normalRequestFails()
                socket.finishSending()
                let (received, ending) = socket.readToEnd()
                let (detail, problems) = judge(
                    HTTPAnswer.parse(received, streamEnded: ending == .closed), ending, showcaseFormat: showcaseFormat)
                record(label, detail, problems: problems, during: during)
            } catch {
                record(label, "could not connect: \(error)", problems: ["could not connect"], during: nil)
            }
        }

        func malformedRequestLines() {
            let host = self.host
            let shapes: [(String, [UInt8])] = [
                ("no request line", Array("\r\n\r\n".utf8)),
                ("garbage", Array("GARBAGE\r\n\r\n".utf8)),
                ("method only", Array("GET\r\nHost: \(host)\r\n\r\n".utf8)),
                ("no version", Array("GET /shop\r\nHost: \(host)\r\n\r\n".utf8)),
                ("unknown version", Array("GET /shop HTTP/9.9\r\nHost: \(host)\r\n\r\n".utf8)),
                ("HTTP/2 preface", Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)),
                ("two spaces", Array("GET  /shop  HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)),
                ("target not a path", Array("GET shop HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)),
                ("bad percent escape", Array("GET /shop/%zz%ff%00 HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)),
                ("NUL in the request line", Array("GET /sh\0op HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)),
                ("bare LF line ends", Array("GET /shop HTTP/1.1\nHost: \(host)\n\n".utf8)),
                ("bare CR line ends", Array("GET /shop HTTP/1.1\rHost: \(host)\r\r".utf8)),
                ("a field without a colon", Array("GET /shop HTTP/1.1\r\nHost: \(host)\r\nNoColonHere\r\n\r\n".utf8)),
                ("space before the colon", Array("GET /shop HTTP/1.1\r\nHost : \(host)\r\n\r\n".utf8)),
                (
                    "obs-fold continuation",
                    Array("GET /shop HTTP/1.1\r\nHost: \(host)\r\nX-A: 1\r\n continued\r\n\r\n".utf8)
                ),
                ("binary noise", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
                ("a lone CONNECT", Array("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)),
                (
                    "an absolute target elsewhere",
                    Array("GET http://example.com/shop HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)
                ),
                ("half a request, then silence", Array("GET /shop HTTP/1.1\r\nHo".utf8)),
            ]
            for (label, bytes) in shapes {
                // A valid answer to a valid-enough request is fine for these shapes; only crashes and 500s are not.
                abuseAllowingSuccess("malformed: \(label)", bytes)
            }
        }

        /// Like ``abuse(_:_:showcaseFormat:)``, for shapes some servers may read as a request: a 2xx is not a problem.
        func abuseAllowingSuccess(_ label: String, _ bytes: [UInt8]) {
            do {
                let socket = try RawSocket(port: port)
                socket.send(bytes)
                let during = normalRequestFails()
                socket.finishSending()
                let (received, ending) = socket.readToEnd()
                let answers = HTTPAnswer.parse(received, streamEnded: ending == .closed)
                var (detail, problems) = judge(answers, ending)
                problems.removeAll { $0.hasPrefix("answered HTTP/1.1 2") }
                record(label, detail, problems: problems, during: during)
            } catch {
                record(label, "could not connect: \(error)", problems: ["could not connect"], during: nil)
            }
        }

        func hugeHeaders() {
            let host = self.host
            let cases: [(String, String)] = [
                (
                    "one 64 KiB field",
                    "GET /shop HTTP/1.1\r\nHost: \(host)\r\nX-Big: \(String(repeating: "a", count: 65536))\r\n\r\n"
                ),
                (
                    "10,000 fields",
                    "GET /shop HTTP/1.1\r\nHost: \(host)\r\n" + (0..<10_000).map { "X-F\($0): v\r\n" }.joined() + "\r\n"
                ),
                (
                    "a 1 MiB header block",
                    "GET /shop HTTP/1.1\r\nHost: \(host)\r\n"
                        + (0..<1024).map { "X-\($0): \(String(repeating: "b", count: 1000))\r\n" }.joined() + "\r\n"
                ),
                (
                    "a 200 KB request target",
                    "GET /shop?\(String(repeating: "q", count: 200_000)) HTTP/1.1\r\nHost: \(host)\r\n\r\n"
                ),
                (
                    "a 64 KiB cookie",
                    "GET /places HTTP/1.1\r\nHost: \(host)\r\nCookie: places_session=\(String(repeating: "c", count: 65536))\r\n\r\n"
                ),
                (
                    "a 100 MB Content-Length",
                    "POST /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{\"productID\":"
                ),
            ]
            for (label, text) in cases { abuse("huge: \(label)", Array(text.utf8)) }
        }

        /// 80 connections from one address each send a request one byte at a time, a byte every 100 ms (well
        /// inside the idle timeout, so none is cut for silence), while a normal request comes from another address.
        func slowSenders() {
            let request = Array(
                "GET /api/shop/products/2 HTTP/1.1\r\nHost: \(host)\r\nX-Slow: \(String(repeating: "s", count: 20))\r\n\r\n"
                    .utf8)
            var sockets: [RawSocket] = []
            var connectFailures = 0
            for _ in 0..<80 {
                if let socket = try? RawSocket(port: port) { sockets.append(socket) } else { connectFailures += 1 }
            }
            var during: String?
            for index in request.indices {
                for socket in sockets { socket.send([request[index]]) }
                if index == request.count / 2 { during = normalRequestFails() }
                usleep(100_000)
            }
            var statuses: [Int: Int] = [:]
            var problems: [String] = []
            for socket in sockets {
                socket.finishSending()
                let (bytes, ending) = socket.readToEnd()
                let answers = HTTPAnswer.parse(bytes, streamEnded: ending == .closed)
                statuses[answers.first?.status ?? 0, default: 0] += 1
                if ending == .stillOpen { problems.append("a slow connection was still open after it finished") }
            }
            if let bad = statuses.keys.first(where: { ![200, 503, 0].contains($0) }) {
                problems.append("a slow request got \(bad)")
            }
            let summary = statuses.keys.sorted().map { "\($0 == 0 ? "closed" : String($0)): \(statuses[$0] ?? 0)" }
                .joined(separator: ", ")
            record(
                "slow senders: 80 connections, a byte per 100 ms",
                "answers \(summary); \(connectFailures) could not connect",
                problems: Array(Set(problems)), during: during)
        }

        /// Opens `count` connections from `sources` in turn (optionally sending `request` on each) and returns them.
        func open(_ count: Int, from sources: [String], sending request: String? = nil) -> (
            sockets: [RawSocket], failures: Int
        ) {
            var sockets: [RawSocket] = []
            var failures = 0
            for index in 0..<count {
                if let socket = try? RawSocket(port: port, source: sources[index % sources.count]) {
                    if let request { socket.send(request) }
                    sockets.append(socket)
                } else {
                    failures += 1
                }
            }
            return (sockets, failures)
        }

        func floods() {
            do {
                let (sockets, failures) = open(1100, from: ["127.0.0.1"])
                let during = normalRequestFails()
                sockets.forEach { $0.disconnect() }
                record(
                    "flood: 1,100 idle connections from one address", "\(sockets.count) connected, \(failures) refused",
                    problems: [], during: during)
            }
            do {
                // Beyond the 512 in all, from 10 addresses (60 each, under the 64 per address). A normal request then
                // meets the full server: 503 with Retry-After, or closed at once past the margin — answered either way.
                let (sockets, failures) = open(600, from: (3...12).map { "127.0.0.\($0)" })
                var problems: [String] = []
                var duringDetail = "a normal request during it: "
                if let socket = try? RawSocket(port: port, source: HTTPAbuseProbe.bystander) {
                    socket.send("GET /api/shop/products/1 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                    let (bytes, ending) = socket.readToEnd()
                    let answer = HTTPAnswer.parse(bytes, streamEnded: ending == .closed).first
                    switch (answer?.status, ending) {
                    case (200?, _): duringDetail += "200"
                    case (503?, _) where answer?.headers["retry-after"] != nil:
                        duringDetail += "503 with Retry-After \(answer?.headers["retry-after"] ?? "")"
                    case (nil, .closed): duringDetail += "closed at once"
                    default:
                        duringDetail += answer?.statusLine ?? "no answer"
                        problems.append(
                            "a normal request during the flood got \(answer?.statusLine ?? "no answer, the connection held open")"
                        )
                    }
                } else {
                    duringDetail += "could not connect"
                }
                sockets.forEach { $0.disconnect() }
                record(
                    "flood: 600 idle connections from 10 addresses (limit 512)",
                    "\(sockets.count) connected, \(failures) refused; \(duringDetail)",
                    problems: problems, during: nil)
            }
            do {
                let request = "GET /api/shop/cart/events HTTP/1.1\r\nHost: \(host)\r\nAccept: text/event-stream\r\n\r\n"
                let (sockets, failures) = open(300, from: (3...7).map { "127.0.0.\($0)" }, sending: request)
                let during = normalRequestFails()
                sockets.forEach { $0.disconnect() }
                record(
                    "flood: 300 event streams (limit 256)", "\(sockets.count) opened, \(failures) refused",
                    problems: [], during: during)
            }
        }

        /// Each shape is followed on the same connection by a second, smuggled request: it must never be answered,
        /// and the shape itself must be refused.
        func smugglingShapes() {
            let host = self.host
            let smuggled = "GET /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\n\r\n"
            let post = "POST /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
            let body = "{\"productID\":3}"
            let chunkedBody = "f\r\n\(body)\r\n0\r\n\r\n"
            let shapes: [(String, String, Bool)] = [
                (
                    "Content-Length with Transfer-Encoding",
                    post + "Content-Length: 15\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody, true
                ),
                (
                    "Transfer-Encoding before Content-Length",
                    post + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n" + chunkedBody, true
                ),
                ("two Content-Lengths", post + "Content-Length: 15\r\nContent-Length: 4\r\n\r\n" + body, true),
                ("Content-Length: 15, 15", post + "Content-Length: 15, 15\r\n\r\n" + body, false),
                ("Content-Length: +15", post + "Content-Length: +15\r\n\r\n" + body, false),
                ("Content-Length: -1", post + "Content-Length: -1\r\n\r\n" + body, false),
                ("Content-Length: 0x0f", post + "Content-Length: 0x0f\r\n\r\n" + body, false),
                (
                    "Transfer-Encoding: chunked, identity",
                    post + "Transfer-Encoding: chunked, identity\r\n\r\n" + chunkedBody, true
                ),
                ("Transfer-Encoding: xchunked", post + "Transfer-Encoding: xchunked\r\n\r\n" + chunkedBody, true),
                (
                    "Transfer-Encoding: gzip, chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n" + chunkedBody,
                    true
                ),
                (
                    "two Transfer-Encoding fields",
                    post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody, true
                ),
                ("Transfer-Encoding with a tab", post + "Transfer-Encoding:\tchunked\r\n\r\n" + chunkedBody, true),
                ("Transfer-Encoding folded", post + "Transfer-Encoding:\r\n chunked\r\n\r\n" + chunkedBody, false),
                (
                    "Transfer-Encoding with a space before the colon",
                    post + "Transfer-Encoding : chunked\r\n\r\n" + chunkedBody, false
                ),
                (
                    "chunked (refused: Content-Length required)",
                    post + "Transfer-Encoding: chunked\r\n\r\n" + chunkedBody, true
                ),
                (
                    "an oversized chunk extension",
                    post + "Transfer-Encoding: chunked\r\n\r\nf;" + String(repeating: "x", count: 40_000)
                        + "\r\n\(body)\r\n0\r\n\r\n", true
                ),
                (
                    "a chunk size past 64 bits",
                    post + "Transfer-Encoding: chunked\r\n\r\n1ffffffffffffffff\r\n\(body)\r\n0\r\n\r\n", true
                ),
                (
                    "HTTP/1.1 without Host",
                    "POST /api/shop/cart HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n"
                        + body, true
                ),
                (
                    "HTTP/1.1 with two Hosts",
                    "GET /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\nHost: example.com\r\n\r\n", true
                ),
                (
                    "HTTP/1.0 with Transfer-Encoding",
                    "POST /api/shop/cart HTTP/1.0\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + chunkedBody, true
                ),
            ]
            for (label, text, showcaseFormat) in shapes {
                do {
                    let socket = try RawSocket(port: port)
                    socket.send(text + smuggled)
                    let during = normalRequestFails()
                    socket.finishSending()
                    let (received, ending) = socket.readToEnd()
                    let (detail, problems) = judge(
                        HTTPAnswer.parse(received, streamEnded: ending == .closed), ending,
                        showcaseFormat: showcaseFormat)
                    record("smuggling: \(label)", detail, problems: problems, during: during)
                } catch {
                    record(
                        "smuggling: \(label)", "could not connect: \(error)", problems: ["could not connect"],
                        during: nil)
                }
            }
        }

        /// Mutants of valid requests (byte flips, insertions, deletions, duplicated ranges, spliced framing fields,
        /// truncation), each on a connection of its own; every 50 mutants, and at the end, a normal request.
        func fuzz(mutants: Int, seed: UInt64) {
            let host = self.host
            let templates: [String] = [
                "GET /shop HTTP/1.1\r\nHost: \(host)\r\nAccept: text/html\r\n\r\n",
                "GET /api/shop/products/3 HTTP/1.1\r\nHost: \(host)\r\n\r\n",
                "POST /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"productID\":2}",
                "POST /shop/cart HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 11\r\n\r\nproductID=4",
                "HEAD /places HTTP/1.1\r\nHost: \(host)\r\n\r\n",
                "GET /people?sort=name HTTP/1.1\r\nHost: \(host)\r\nCookie: people_session=abc\r\n\r\n",
                "POST /api/places HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: 59\r\n\r\n{\"name\":\"Fuzz\",\"latitude\":1.5,\"longitude\":2.5,\"country\":\"X\"}",
                "DELETE /api/shop/cart HTTP/1.1\r\nHost: \(host)\r\n\r\n",
                "GET /books?query=swift HTTP/1.1\r\nHost: \(host)\r\n\r\n",
            ]
            let splices: [String] = [
                "\r\nTransfer-Encoding: chunked", "\r\nContent-Length: 99999999999", "\r\nContent-Length: 0", "%00",
                "%ff%fe", "/../..",
                "\r\n\r\n", "\0", String(repeating: "A", count: 10_000), "\r\nHost: evil.example",
                "\r\nExpect: 100-continue",
                "\u{00e9}\u{4e2d}", "\r\n ", ":", "999999999999999999999",
            ]
            var random = SeededGenerator(seed: seed ^ 0xF022)
            var statuses: [String: Int] = [:]
            var problems: [String] = []
            var checked = 0
            for number in 1...mutants {
                var bytes = Array(templates[Int.random(in: 0..<templates.count, using: &random)].utf8)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let at = Int.random(in: 0...bytes.count, using: &random)
                    switch Int.random(in: 0..<7, using: &random) {
                    case 0 where at < bytes.count: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
                    case 2 where at < bytes.count:
                        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
                    case 3 where at < bytes.count:
                        let range = at..<min(bytes.count, at + Int.random(in: 1...32, using: &random))
                        bytes.insert(contentsOf: bytes[range], at: at)
                    case 4, 5:
                        bytes.insert(
                            contentsOf: Array(splices[Int.random(in: 0..<splices.count, using: &random)].utf8), at: at)
                    default: bytes = Array(bytes.prefix(at))
                    }
                }
                guard let socket = try? RawSocket(port: port) else {
                    problems.append("mutant \(number): could not connect")
                    continue
                }
                socket.send(bytes)
                socket.finishSending()
                let (received, ending) = socket.readToEnd()
                socket.disconnect()
                let answers = HTTPAnswer.parse(received, streamEnded: ending == .closed)
                let key = answers.first.map { String($0.status) } ?? (ending == .closed ? "closed" : "held open")
                statuses[key, default: 0] += 1
                if let first = answers.first, first.status >= 500, ![501, 503, 505].contains(first.status) {
                    problems.append(
                        "mutant \(number) got \(first.statusLine): \(String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription)"
                    )
                }
                if ending == .stillOpen {
                    problems.append("mutant \(number): the connection was held open after the client finished")
                }
                if number % 50 == 0 || number == mutants {
                    checked += 1
                    if let failed = normalRequestFails() {
                        problems.append("after mutant \(number): \(failed)")
                        if !server.isRunning { break }
                    }
                }
            }
            let summary = statuses.keys.sorted().map { "\($0): \(statuses[$0] ?? 0)" }.joined(separator: ", ")
            record(
                "fuzz: \(mutants) mutated requests, \(checked) normal requests between them", "answers \(summary)",
                problems: Array(problems.prefix(10)) + (problems.count > 10 ? ["and \(problems.count - 10) more"] : []),
                during: nil)
        }
    }
}
