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

do {
    let showcase = try Showcase(options: options)
    try showcase.start()
    printLine(
        "Showcase serving \(showcase.baseURL.absoluteString)/ (data in \(options.dataDirectory.path)); Ctrl-C stops it")
    let received = await TerminationSignal.wait()
    printLine("Received signal \(received): finishing in-flight requests…")
    await showcase.shutdown()
    printLine("Stopped.")
} catch {
    printLine("showcase: \(error)", to: .standardError)
    exit(1)
}
