import Foundation
import HTTP

extension InventoryController {
    /// The body of `GET /api/inventory/products`.
    public struct ProductsJSON: Codable, Sendable, Equatable {
        /// The products, sorted by name.
        public var products: [ProductLine]
    }

    /// `GET /api/inventory/products`: `{"products": […]}` sorted by name; `?contains=` finds (`name CONTAINS %@`).
    public func listJSON(_ request: HTTPRequest) -> HTTPResponse {
        let text = request.queryItems.first { $0.name == "contains" }?.value.map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        do throws(InventoryError) {
            return .json(ProductsJSON(products: try inventory.products(containing: text)))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /api/inventory/products` `{"name": "apple", "quantity": "3"}`: 201 with the product; 400
    /// `{"error": …}` for a blank name or a body that is not such an object.
    public func createJSON(_ request: HTTPRequest) -> HTTPResponse {
        guard let object = try? StrictJSONDecoder().decode([String: InventoryJSONValue].self, from: request.body) else {
            return .jsonError(
                #"the body must be a JSON object like {"name": "apple", "quantity": "3"}"#, status: .badRequest)
        }
        var form = ProductForm()
        switch object["name"] {
        case let .string(name)?: form.name = name
        case nil, .null?: break
        case .number?, .other?: return .jsonError("name must be a string", status: .badRequest)
        }
        switch object["quantity"] {
        case let .string(quantity)?: form.quantity = quantity
        case let .number(quantity)?: form.quantity = quantity
        case nil, .null?: break
        case .other?: return .jsonError("quantity must be a string or a number", status: .badRequest)
        }
        switch form.validated() {
        case let .failure(error):
            return .jsonError(error.message, status: .badRequest)
        case let .success(product):
            do throws(InventoryError) {
                return .json(try inventory.add(name: product.name, quantity: product.quantity), status: .created)
            } catch {
                return failure(error, request: request)
            }
        }
    }

    /// `DELETE /api/inventory/products/{id}`: 204; 404 when there is no such product.
    public func deleteJSON(_ request: HTTPRequest) -> HTTPResponse {
        do throws(InventoryError) {
            guard try inventory.delete(id: try productID(request)) != nil else { throw InventoryError.notFound }
            return .noContent
        } catch {
            return failure(error, request: request)
        }
    }
}

/// One value of a JSON object, as far as the API checks it.
enum InventoryJSONValue: Decodable {
    case string(String), number(String), null, other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other
        } else if let value = try? container.decode(Int.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .other
        }
    }
}
