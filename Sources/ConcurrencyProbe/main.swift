// concurrency-probe — saves to a store many times, one row per save, while other processes do the same.
// Used by the tests of concurrent writers: `concurrency-probe <store path> <saves> <label>`; prints
// `saved=<n> errors=<n>` and exits 0 when every save succeeded.
import Foundation
import OpenSwiftData

@Model
final class ProbeRowMirror {
    var label: String
    var sequence: Int

    init(label: String, sequence: Int) {
        self.label = label
        self.sequence = sequence
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let saves = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: concurrency-probe <store path> <saves> <label>\n".utf8))
    exit(2)
}
var errors = 0
var saved = 0
do {
    let container = try ModelContainer(
        for: ProbeRowMirror.self, configurations: ModelConfiguration(url: URL(fileURLWithPath: arguments[1])))
    let context = ModelContext(container)
    for sequence in 0..<saves {
        context.insert(ProbeRowMirror(label: arguments[3], sequence: sequence))
        do {
            try context.save()
            saved += 1
        } catch {
            errors += 1
            FileHandle.standardError.write(Data("save \(sequence) failed: \(error)\n".utf8))
            context.rollback()
        }
    }
} catch {
    FileHandle.standardError.write(Data("cannot open the store: \(error)\n".utf8))
    exit(1)
}
print("saved=\(saved) errors=\(errors)")
exit(errors == 0 ? 0 : 1)
