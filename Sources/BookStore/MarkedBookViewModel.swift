import Foundation
import Networking
import Observation
#if canImport(SwiftData)
import SwiftData
#else
import OpenSwiftData
#endif

/// The saved-books tab: the tutorial's view model over SwiftData, with its undo manager.
///
/// Every operation changes the context, saves at once and reads the list again, so ``books`` is what the store
/// holds and a reload or a restart shows the same. The context's `undoManager` records each operation as one
/// group (a save ends the group): ``undo()`` and ``redo()`` step through them and save too. ``canUndo`` and
/// ``canRedo`` are the undo manager's, which the page uses to enable its buttons. The undo history lives in memory:
/// a restart keeps the books and starts a new history.
///
/// A failed save rolls the context back to what the store holds (which also clears the undo history, as
/// `rollback()` does) and rethrows.
@MainActor
@Observable
public final class MarkedBookViewModel {
    /// The result of ``addBook(_:)``.
    public enum AddResult: Sendable, Equatable {
        /// The book was saved (책이 리스트에 추가되었습니다).
        case added(BookInfo)
        /// A book with this ISBN was already saved (이미 담긴 책입니다); nothing changed.
        case alreadySaved(BookInfo)
    }

    /// How many operations can be undone; older ones are forgotten.
    public static let levelsOfUndo = 100

    /// The saved books, oldest first.
    public private(set) var books: [MarkedBookModel] = []
    @ObservationIgnored private let context: ModelContext
    @ObservationIgnored private let undoManager: UndoManager

    /// A view model over `context`; gives the context an undo manager and reads the saved books.
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store cannot be read.
    public init(context: ModelContext) throws(SwiftDataError) {
        self.context = context
        let undoManager = UndoManager()
        undoManager.levelsOfUndo = Self.levelsOfUndo
        context.undoManager = undoManager
        self.undoManager = undoManager
        try fetchBooks()
    }

    /// The saved books as the pages and the API show them.
    public var infos: [BookInfo] { books.map(\.info) }

    /// Whether there is an operation to undo (the Undo button is enabled exactly then).
    public var canUndo: Bool { undoManager.canUndo }

    /// Whether there is an undone operation to redo (the Redo button is enabled exactly then).
    public var canRedo: Bool { undoManager.canRedo }

    /// Reads the saved books from the store into ``books``.
    /// - Throws: ``OpenSwiftData/SwiftDataError``.
    public func fetchBooks() throws(SwiftDataError) {
        books = try context.fetch(FetchDescriptor<MarkedBookModel>(sortBy: [SortDescriptor(\.savedAt)]))
    }

    /// The saved book with this ISBN (as ``BookInfo/isbn`` shows it), or `nil`.
    public func savedBook(isbn: String) throws(SwiftDataError) -> MarkedBookModel? {
        try context.fetch(FetchDescriptor<MarkedBookModel>(predicate: #Predicate { $0.isbn == isbn })).first
    }

    /// Whether a book with `isbn` is saved: the tutorial's duplicate check, by ISBN rather than title (editions
    /// share titles).
    public func checkDuplicate(isbn: String) throws(SwiftDataError) -> Bool {
        try context.fetchCount(FetchDescriptor<MarkedBookModel>(predicate: #Predicate { $0.isbn == isbn })) > 0
    }

    /// Saves `book` unless a book with its ISBN is saved already.
    /// - Throws: ``OpenSwiftData/SwiftDataError`` when the store fails (nothing is saved then).
    public func addBook(_ book: KakaoBook) throws(SwiftDataError) -> AddResult {
        if let existing = try savedBook(isbn: book.isbn) {
            return .alreadySaved(existing.info)
        }
        let model = MarkedBookModel(book)
        context.insert(model)
        try save()
        return .added(model.info)
    }

    /// Deletes the saved book with `isbn`; returns it, or `nil` when it was not saved.
    /// - Throws: ``OpenSwiftData/SwiftDataError``.
    @discardableResult
    public func deleteBook(isbn: String) throws(SwiftDataError) -> BookInfo? {
        guard let model = try savedBook(isbn: isbn) else { return nil }
        let info = model.info
        context.delete(model)
        try save()
        return info
    }

    /// Deletes every saved book, one by one so that one Undo brings them all back; returns how many there were.
    /// - Throws: ``OpenSwiftData/SwiftDataError``.
    @discardableResult
    public func deleteAllBooks() throws(SwiftDataError) -> Int {
        let all = try context.fetch(FetchDescriptor<MarkedBookModel>())
        guard !all.isEmpty else { return 0 }
        for model in all { context.delete(model) }
        try save()
        return all.count
    }

    /// Undoes the last operation and saves; `false` (and nothing changes) when there is none.
    /// - Throws: ``OpenSwiftData/SwiftDataError``.
    @discardableResult
    public func undo() throws(SwiftDataError) -> Bool {
        guard undoManager.canUndo else { return false }
        undoManager.undo()
        try save()
        return true
    }

    /// Redoes the last undone operation and saves; `false` (and nothing changes) when there is none.
    /// - Throws: ``OpenSwiftData/SwiftDataError``.
    @discardableResult
    public func redo() throws(SwiftDataError) -> Bool {
        guard undoManager.canRedo else { return false }
        undoManager.redo()
        try save()
        return true
    }

    private func save() throws(SwiftDataError) {
        do {
            try context.save()
        } catch {
            context.rollback()
            try? fetchBooks()
            throw error
        }
        try fetchBooks()
    }
}
