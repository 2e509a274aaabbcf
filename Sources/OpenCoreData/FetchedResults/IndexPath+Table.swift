import Foundation

#if !canImport(ObjectiveC)
extension IndexPath {
    /// The path `[section, row]`. Mirrors UIKit's `IndexPath(row:section:)`, which Linux Foundation lacks (there is
    /// no UIKit): ``NSFetchedResultsController`` hands out and takes index paths of this shape.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The path `[section, item]`. Mirrors UIKit's and AppKit's `IndexPath(item:section:)`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The first index: the section (0 for an empty path). Mirrors UIKit's `section`.
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set {
            if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue, 0]) }
        }
    }

    /// The second index: the row in the section (0 for a shorter path). Mirrors UIKit's `row`.
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set {
            if count > 1 { self[1] = newValue } else { self = IndexPath(indexes: [section, newValue]) }
        }
    }

    /// The same as ``row``. Mirrors UIKit's and AppKit's `item`.
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
#endif
