import Foundation
import OpenSwiftData

@Model final class Ticket {
    var subject: String
    var isClosed: Bool

    init(subject: String, isClosed: Bool = false) {
        self.subject = subject
        self.isClosed = isClosed
    }
}

/// A store file records each save's changes as history: read them back with `fetchHistory`, as another process
/// would to learn what changed since the token it last saw. A read-only configuration opens the same file for reads.
func storesExample() throws {
    try withTemporaryFolder { folder in
        let url = folder.appendingPathComponent("tickets.store")
        let container = try ModelContainer(for: Ticket.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        context.author = "help-desk"
        let ticket = Ticket(subject: "Printer on fire")
        context.insert(ticket)
        try context.save()
        ticket.isClosed = true
        try context.save()

        let transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        try check(transactions.count == 2, "two saves, \(transactions.count) transactions")
        try check(transactions.allSatisfy { $0.author == "help-desk" }, "the context's author was not recorded")
        var kinds: [String] = []
        for change in transactions.flatMap(\.changes) {
            switch change {
            case .insert: kinds.append("insert")
            case .update(let update):
                let attributes = (update as? DefaultHistoryUpdate<Ticket>)?.updatedAttributes ?? []
                kinds.append("update \(attributes.count)")
            case .delete: kinds.append("delete")
            @unknown default: kinds.append("other")
            }
        }
        try check(kinds == ["insert", "update 1"], "the recorded changes: \(kinds)")

        let reader = try ModelContainer(
            for: Ticket.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        let tickets = try ModelContext(reader).fetch(FetchDescriptor<Ticket>())
        try check(tickets.map(\.isClosed) == [true], "the read-only container reads the saved row")
    }
}
