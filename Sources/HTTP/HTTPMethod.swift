/// An HTTP request method such as `GET` or `POST`.
///
/// Methods are compared exactly as sent (HTTP method names are case-sensitive), so `HTTPMethod(rawValue: "get")`
/// is not ``get``. Any token is accepted; the static members cover the methods the router and the apps use.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method name as it appears on the request line, for example `"GET"`.
    public var rawValue: String

    /// Creates a method from its name as it appears on the request line (case-sensitive, for example `"PATCH"`).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: like `GET` but the response carries no body. The ``Router`` serves it with the `GET` route.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit data (forms, actions).
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `OPTIONS`: ask which methods a resource allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// The method name, for example `"GET"`.
    public var description: String { rawValue }
}
