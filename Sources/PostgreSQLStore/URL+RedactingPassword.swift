import Foundation

extension URL {
    /// The URL without its password, for error messages and a store's reported URL (a `postgres://` URL may hold
    /// one).
    package var redactingPassword: URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false), components.password != nil
        else { return self }
        components.password = nil
        return components.url ?? self
    }
}
