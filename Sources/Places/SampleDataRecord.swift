import Foundation
import OpenSwiftData

/// The record that a set of sample data was inserted into this store, so it is inserted once only: not again after
/// a restart, and not again after the user deleted the samples.
///
/// Saved in the same transaction as the samples, so a store has either both or neither.
@Model
public final class SampleDataRecord {
    /// Which samples, for example `"previewPlaces"`.
    @Attribute(.unique) public var name: String
    /// When they were inserted.
    public var insertedAt: Date

    public init(name: String, insertedAt: Date = Date()) {
        self.name = name
        self.insertedAt = insertedAt
    }
}
