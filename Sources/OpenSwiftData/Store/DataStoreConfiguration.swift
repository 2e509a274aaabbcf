import Foundation

/// Describes a store a container opens: SwiftData's `DataStoreConfiguration`. ``ModelConfiguration`` is the SQLite
/// store's.
public protocol DataStoreConfiguration: Hashable {
    /// The store this configuration opens.
    associatedtype Store: DataStore where Self == Store.Configuration
    /// The configuration's name.
    var name: String { get }
    /// The models the configuration holds; nil for every model of the container.
    var schema: Schema? { get set }
    /// Checks the configuration before the container opens its store. Default: nothing to check.
    func validate() throws
}

extension DataStoreConfiguration {
    public func validate() throws {}
}
