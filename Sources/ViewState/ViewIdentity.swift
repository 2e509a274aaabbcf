/// Where a view sits in its tree: SwiftUI's structural identity.
///
/// The path from the root, one step per view: the view's type name and its position among its parent's children
/// (`ApiToggleSubview[1]`), or an explicit id as SwiftUI's `.id(_:)` gives one (`Row(id: 42)`). Two renders that
/// put the same kind of view at the same place give it the same identity, so the view keeps its owned state (see
/// ``ViewContext/stateObject(_:_:)``); a view that leaves the tree loses its identity, and with it that state.
public struct ViewIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The steps from the root, root first, for example `["TestView", "ApiToggleSubview[1]"]`.
    public let path: [String]

    private init(path: [String]) {
        self.path = path
    }

    /// The identity of a tree's root view.
    /// - Parameter name: The root view's type name, for example `"TestView"`.
    public static func root(_ name: String) -> ViewIdentity {
        ViewIdentity(path: [name])
    }

    /// The identity of the child at `position` among this view's children (SwiftUI's default, structural identity).
    /// - Parameters:
    ///   - name: The child's type name.
    ///   - position: Its place in the parent's body, counting from 0.
    /// - Returns: This path plus `name[position]`.
    public func child(_ name: String, at position: Int) -> ViewIdentity {
        ViewIdentity(path: path + ["\(name)[\(position)]"])
    }

    /// The identity of a child with an explicit id (SwiftUI's `.id(_:)` or a `ForEach` element's id), which stays
    /// the same wherever the child moves among its siblings.
    /// - Parameters:
    ///   - name: The child's type name.
    ///   - id: Its id, unique among the parent's children of that type.
    /// - Returns: This path plus `name(id: id)`.
    public func child(_ name: String, id: String) -> ViewIdentity {
        ViewIdentity(path: path + ["\(name)(id: \(id))"])
    }

    /// The parent's identity, or nil for a root.
    public var parent: ViewIdentity? {
        path.count > 1 ? ViewIdentity(path: Array(path.dropLast())) : nil
    }

    /// The path joined with `/`, for example `TestView/ApiToggleSubview[1]`.
    public var description: String {
        path.joined(separator: "/")
    }
}
