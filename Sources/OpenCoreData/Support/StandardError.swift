import Foundation

/// Writes one line to standard error: how APIs whose Apple signatures cannot throw report a misuse they survive.
func reportToStandardError(_ message: String) {
    FileHandle.standardError.write(Data(("OpenCoreData: " + message + "\n").utf8))
}
