import HTTP

extension InventoryController {
    /// `GET /inventory`: the fields and the list, sorted by name.
    public func listPage(_ request: HTTPRequest) -> HTTPResponse {
        do throws(InventoryError) {
            let version = version
            return .html(
                InventoryPage.render(
                    products: try inventory.products(), notice: notices.take(for: request), version: version))
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /inventory` with `name` and `quantity` (Add): adds the product, then shows the list with empty
    /// fields. A blank name: the page again (400) with the message and the fields as typed.
    public func addForm(_ request: HTTPRequest) -> HTTPResponse {
        let values = request.formValues()
        let form = ProductForm(name: values["name"] ?? "", quantity: values["quantity"] ?? "")
        do throws(InventoryError) {
            switch form.validated() {
            case let .failure(error):
                let version = version
                return .html(
                    InventoryPage.render(
                        products: try inventory.products(), form: form, error: error.message, version: version),
                    status: .badRequest
                )
            case let .success(product):
                return redirect(
                    notice: .added(try inventory.add(name: product.name, quantity: product.quantity)), request: request)
            }
        } catch {
            return failure(error, request: request)
        }
    }

    /// `GET /inventory/results?name=…` (Find): the products whose name contains the text.
    public func resultsPage(_ request: HTTPRequest) -> HTTPResponse {
        let text = (request.queryItems.first { $0.name == "name" }?.value ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
        do throws(InventoryError) {
            let version = version
            return .html(
                InventoryResultsPage.render(
                    text: text, products: text.isEmpty ? [] : try inventory.products(containing: text), version: version
                )
            )
        } catch {
            return failure(error, request: request)
        }
    }

    /// `POST /inventory/{id}/delete`: deletes the product, then shows the list; one already gone (a second post)
    /// also returns to the list, saying so.
    public func deleteForm(_ request: HTTPRequest) -> HTTPResponse {
        do throws(InventoryError) {
            guard let id = try? productID(request), let deleted = try inventory.delete(id: id) else {
                return redirect(notice: .alreadyGone, request: request)
            }
            return redirect(notice: .deleted(deleted), request: request)
        } catch {
            return failure(error, request: request)
        }
    }

    /// A 303 to the list, keeping `notice` for this browser's next page.
    private func redirect(notice: InventoryNotice, request: HTTPRequest) -> HTTPResponse {
        notices.redirect(to: InventoryPaths.list, with: notice)
    }
}

import Foundation
