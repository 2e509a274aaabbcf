import Foundation
import OpenSwiftData

/// One row of a batch that the kill probe saves in one `save()`: a batch is all there or not at all.
@Model
final class BatchRow {
    var batch: Int
    var index: Int
    var payload: String

    init(batch: Int, index: Int, payload: String) {
        self.batch = batch
        self.index = index
        self.payload = payload
    }
}

/// A row one of several concurrent writers saved.
@Model
final class LabeledRow {
    var label: String
    var sequence: Int

    init(label: String, sequence: Int) {
        self.label = label
        self.sequence = sequence
    }
}

/// The rows of the store the damaged-file probe damages, each with text that says what it should be.
@Model
final class Note {
    var number: Int
    var text: String

    init(number: Int) {
        self.number = number
        text = Note.text(for: number)
    }

    static func text(for number: Int) -> String {
        "note \(number): " + String(repeating: "abcdefghij", count: 10)
    }
}
