import Foundation
import Showcase

// showcase — serves the tutorial apps. See `showcase --help`.

func printLine(_ text: String, to handle: FileHandle = .standardOutput) {
    handle.write(Data((text + "\n").utf8))
}

let options: ShowcaseOptions
do {
    switch try ShowcaseOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        printLine(ShowcaseOptions.usage)
        exit(0)
    case .serve(let parsed):
        options = parsed
    }
} catch {
    printLine(error.description, to: .standardError)
    exit(2)
}

// The database URL may hold a password: only its host, port and database are printed.
let dataLocation =
    options.databaseURL.map { url in
        "in PostgreSQL at \(url.host ?? "the default host") port \(url.port.map(String.init) ?? "5432"), database "
            + (url.path.isEmpty || url.path == "/" ? "of the user's name" : String(url.path.dropFirst()))
    } ?? "in \(options.dataDirectory.path)"

do {
    let showcase = try Showcase(options: options)
    try showcase.start()
    printLine(
        "Showcase serving \(showcase.baseURL.absoluteString)/ (data \(dataLocation)); Ctrl-C stops it")
    let received = await TerminationSignal.wait()
    printLine("Received signal \(received): finishing in-flight requests…")
    await showcase.shutdown()
    printLine("Stopped.")
} catch {
    printLine("showcase: \(error)", to: .standardError)
    exit(1)
}
