"""Every page of every app in light and dark colour schemes, wide and 390 pixels narrow: nothing overflows sideways,
the page's background follows the scheme, axe-core finds no violation of any impact, nothing breaks the
Content-Security-Policy, and a screenshot of each is kept under `.build/browser-artifacts/pages/`."""

from urllib.parse import urlencode

import pytest
from selenium.webdriver.common.by import By

from harness import (EVERY_IMPACT, api, assert_accessible, click_and_wait, csp_report, overflows_sideways,
                     save_screenshot, wait_until)


def shop_pages(showcase, browser):
    """Visits each Shop page (and the home and error pages) in turn and yields its name once it is shown."""
    base = showcase.url
    api(base + "/api/shop/cart", "DELETE")
    yield "home", base + "/"
    yield "display", base + "/shop?id=1"
    yield "display-long-title", base + "/shop?id=78"
    # A notice: add through the cart menu as a user would.
    browser.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='SD Add']"))
    yield "display-added-notice", None
    for product in (16, 101):
        api(base + "/api/shop/cart", "POST", {"productID": product})
    yield "cart", base + "/shop/cart"
    yield "confirm-delete", base + "/shop/cart/78/delete"
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Delete']"))
    yield "cart-removed-notice", None
    yield "confirm-empty", base + "/shop/cart/empty"
    api(base + "/api/shop/cart", "DELETE")
    yield "cart-empty", base + "/shop/cart"
    yield "confirm-empty-already-empty", base + "/shop/cart/empty"
    yield "not-in-cart", base + "/shop/cart/5/delete"
    yield "product-not-found", base + "/shop?id=999"
    yield "bad-request", base + "/shop/cart/abc/delete"
    yield "page-not-found", base + "/nothing/here"


def shop_core_cart_pages(showcase, browser):
    """The CoreCart tab's pages (the Core Data cart): empty, with rows, its rows swapped in place after another
    client's add, each confirmation, and its errors."""
    base = showcase.url
    api(base + "/api/shop/corecart", "DELETE")
    yield "corecart-empty", base + "/shop/corecart"
    yield "corecart-confirm-empty-already-empty", base + "/shop/corecart/empty"
    browser.get(base + "/shop?id=1")
    browser.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Add']"))
    yield "display-corecart-added-notice", None
    for product in (16, 78):
        api(base + "/api/shop/corecart", "POST", {"productID": product})
    yield "corecart", base + "/shop/corecart"
    yield "corecart-confirm-delete", base + "/shop/corecart/78/delete"
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Delete']"))
    yield "corecart-removed-notice", None
    # Another client adds a row: the live script swaps the list in place, under the notice.
    api(base + "/api/shop/corecart", "POST", {"productID": 101})
    wait_until(browser, lambda d: d.execute_script("return document.querySelectorAll('table.lines tbody tr').length") == 3)
    yield "corecart-updated-in-place", None
    yield "corecart-confirm-empty", base + "/shop/corecart/empty"
    yield "corecart-not-in-cart", base + "/shop/corecart/5/delete"
    yield "corecart-bad-request", base + "/shop/corecart/abc/delete"
    api(base + "/api/shop/corecart", "DELETE")


def book_pages(showcase, browser):
    """Visits each BookStore page in turn (offline, on the bundled responses) and yields its name once it is shown:
    search, results, the offline misses, a detail with the longest title and its notices, a book without cover or
    contents, the saved books with a notice, Undo's notice and empty, both confirmations, and the error pages."""
    base = showcase.url
    query = "미움받을 용기"
    long_title = "9791186560655"  # 미움받을 용기(특별 합본호)(한정판)(양장본 HardCover)
    api(base + "/api/books/saved", "DELETE")
    yield "books-search", base + "/books"
    yield "books-results", base + "/books?" + urlencode({"query": query})
    yield "books-results-page-not-bundled", base + "/books?" + urlencode({"query": "우주", "page": 2})
    yield "books-results-query-not-bundled", base + "/books?" + urlencode({"query": "해리포터"})
    yield "books-detail", f"{base}/books/book/{long_title}?" + urlencode({"query": query, "page": 1})
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='담기']"))
    yield "books-detail-added-notice", None
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='담기']"))
    yield "books-detail-already-saved-notice", None
    yield "books-detail-no-cover", f"{base}/books/book/9787111495482?" + urlencode({"query": query, "page": 1})
    api(base + "/api/books/saved", "POST", {"isbn": "9788996991342"})
    yield "books-saved", base + "/books/saved"
    yield "books-detail-from-saved", f"{base}/books/book/{long_title}?from=saved"
    yield "books-confirm-delete", f"{base}/books/saved/{long_title}/delete"
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[normalize-space()='삭제']"))
    yield "books-saved-deleted-notice", None
    click_and_wait(browser, browser.find_element(By.ID, "undo"))
    yield "books-saved-undone-notice", None
    yield "books-confirm-delete-all", base + "/books/saved/delete-all"
    api(base + "/api/books/saved", "DELETE")
    yield "books-saved-empty", base + "/books/saved"
    yield "books-confirm-delete-all-none-saved", base + "/books/saved/delete-all"
    yield "books-book-not-found", base + "/books/book/9780000000000"
    yield "books-not-saved", base + "/books/book/1?from=saved"
    yield "books-bad-search", base + "/books?query=x&page=99"


def inventory_pages(showcase, browser):
    """Visits each Inventory page in turn and yields its name once it is shown: empty, with products and a notice,
    a refused Add, the list swapped in place after another client's add, Find's results and its empty search."""
    base = showcase.url
    status, listed = api(base + "/api/inventory/products")
    for product in (listed or {}).get("products", []):
        api(base + "/api/inventory/products/" + product["id"], "DELETE")
    yield "inventory-empty", base + "/inventory"
    for name, quantity in (("apple", "10"), ("a product with a rather long name that has to wrap somewhere", "2")):
        api(base + "/api/inventory/products", "POST", {"name": name, "quantity": quantity})
    browser.get(base + "/inventory")
    browser.find_element(By.ID, "name").send_keys("pear")
    click_and_wait(browser, browser.find_element(By.ID, "add"))
    yield "inventory-added-notice", None
    click_and_wait(browser, browser.find_element(By.ID, "add"))
    yield "inventory-blank-name", None
    # Another client adds one: the list is swapped in place beside the refused form and its message.
    api(base + "/api/inventory/products", "POST", {"name": "kiwi", "quantity": "5"})
    wait_until(browser, lambda d: "kiwi" in d.execute_script("return document.getElementById('inventory-list').innerText"))
    yield "inventory-updated-in-place", None
    yield "inventory-results", base + "/inventory/results?" + urlencode({"name": "p"})
    yield "inventory-results-none", base + "/inventory/results?" + urlencode({"name": "zzz"})
    yield "inventory-find-empty", base + "/inventory/results"


def shop_test_tab_pages(showcase, browser):
    """The Shop's Test tab: fresh, with both panels fetched (a notice), after emptying the cart (the result table)."""
    base = showcase.url
    yield "test-tab", base + "/shop/test"
    for panel in ("state-object", "observed-object"):
        click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, f"section.panel.{panel} form button"))
    yield "test-tab-fetched", None
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='담기']"))
    yield "test-tab-added", None
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='장바구니 초기화']"))
    yield "test-tab-emptied", None


def places_pages(showcase, browser):
    """Places: the list (filtered, empty), a place with its notice, the forms (with problems), the gallery, the
    map, a confirmation and a place that is gone."""
    base = showcase.url
    _, long = api(base + "/api/places", "POST", {"name": "Wynn " + "W" * 95, "latitude": 36.1265, "longitude": -115.1657})
    yield "places", base + "/places"
    yield "places-filtered", base + "/places?search=lu&interested=true"
    yield "places-no-match", base + "/places?search=zzz"
    yield "places-new", base + "/places/new"
    for field, text in (("name", "Luxor"), ("latitude", "36.0956"), ("longitude", "-115.1762")):
        browser.find_element(By.ID, field).send_keys(text)
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    yield "places-upsert-notice", None
    yield "place-long-name", base + "/places/" + long["id"]
    yield "place-edit", base + f"/places/{long['id']}/edit"
    browser.find_element(By.ID, "latitude").clear()
    browser.find_element(By.ID, "latitude").send_keys("north")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    yield "place-edit-invalid", None
    yield "places-images", base + "/places/images"
    yield "places-map", base + "/places/map"
    yield "place-delete", base + f"/places/{long['id']}/delete"
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button.danger"))
    yield "places-deleted-notice", None
    yield "place-not-found", base + f"/places/{long['id']}"


def people_pages(showcase, browser):
    """People: the empty list, an add with its notice, the form's problems, the edit form, a confirmation, and a
    person who is gone."""
    base = showcase.url
    yield "people-empty", base + "/people"
    browser.find_element(By.ID, "name").send_keys("Alexandrina Victoria of Saxe-Coburg and Gotha")
    browser.find_element(By.ID, "age").send_keys("81")
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))
    yield "people-added-notice", None
    browser.find_element(By.ID, "age").send_keys("two hundred")
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))
    yield "people-invalid", None
    _, listed = api(base + "/api/people")
    person = listed["people"][0]["id"]
    yield "person-edit", base + f"/people/{person}/edit"
    yield "person-delete", base + f"/people/{person}/delete"
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button.danger"))
    yield "people-deleted-notice", None
    yield "person-not-found", base + f"/people/{person}/edit"


# Each app's pages in the order visited, one test per app, scheme and width; an app adds its own generator here.
APPS = {
    "shop": shop_pages,
    "shop-corecart": shop_core_cart_pages,
    "shop-test-tab": shop_test_tab_pages,
    "books": book_pages,
    "places": places_pages,
    "people": people_pages,
    "inventory": inventory_pages,
}


def background_follows_scheme(browser):
    """Whether the page's own background is dark in the dark scheme and light in the light one (a transparent
    background shows the browser's canvas, which follows the scheme by itself)."""
    luminance = browser.execute_script(
        "const [r, g, b, a] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);"
        "return a === 0 ? null : (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;")
    if luminance is None:
        return True
    return luminance < 0.3 if browser.color_scheme == "dark" else luminance > 0.7


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("app", APPS)
def test_every_page_looks_right(showcase, new_browser, app, color_scheme, width):
    pages = APPS[app]
    browser = new_browser(width=width, height=900, color_scheme=color_scheme)
    browser.get(showcase.url + "/")
    assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (color_scheme == "dark")
    assert browser.execute_script("return document.documentElement.clientWidth") == width
    problems = {}
    for name, url in pages(showcase, browser):
        if url:
            browser.get(url)
        wait_until(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        save_screenshot(browser, name)
        found = []
        wide = overflows_sideways(browser)
        if wide:
            found.append(f"overflows sideways: {wide[:3]}")
        if not background_follows_scheme(browser):
            found.append(f"the background does not follow the {color_scheme} scheme")
        csp = csp_report(browser)
        if csp:
            found.append(f"CSP: {csp}")
        try:
            assert_accessible(browser, impacts=EVERY_IMPACT)
        except AssertionError as error:
            found.append(str(error))
        if found:
            problems[name] = found
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


def test_product_placeholders_tell_products_apart(showcase, browser):
    seen = {}
    for product in (1, 2, 16, 78, 101, 121):
        browser.get(f"{showcase.url}/shop?id={product}")
        svg = browser.find_element(By.CSS_SELECTOR, "main .product-image svg.placeholder")
        assert svg.get_attribute("role") == "img"
        assert svg.get_attribute("aria-label") == browser.find_element(By.CSS_SELECTOR, "main h1").text
        box = svg.rect
        assert 150 <= box["width"] <= 300 and abs(box["width"] - box["height"]) < 1
        seen[product] = (svg.get_attribute("data-category"), svg.find_element(By.CSS_SELECTOR, ".ph-initials").text,
                         svg.get_attribute("class"))
        # The picture is centred in its card, with the price to the right of the title.
        card = browser.find_element(By.CSS_SELECTOR, "main article.product").rect
        assert abs((box["x"] + box["width"] / 2) - (card["x"] + card["width"] / 2)) < 2
        title = browser.find_element(By.CSS_SELECTOR, "main h1").rect
        price = browser.find_element(By.CSS_SELECTOR, "main .price").rect
        assert price["x"] > title["x"] and title["y"] > box["y"] + box["height"] - 1
    assert len(set(seen.values())) == len(seen)
    assert seen[1][1] == "EM" and seen[16][1] == "A"


class FakeCatalog:
    """A DummyJSON-compatible catalog on a local port, serving the bundled products with chosen thumbnails."""

    def __init__(self):
        import http.server
        import json
        import threading
        from harness import ROOT

        products = json.loads((ROOT / "Sources/Shop/Resources/products.json").read_text())
        self.products = {product["id"]: product for product in products[:3]}
        self.thumbnails = {}
        catalog = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path.startswith("/products/") and self.path[len("/products/"):].isdigit():
                    product = catalog.products.get(int(self.path[len("/products/"):]))
                    if product:
                        body = dict(product, thumbnail=catalog.thumbnails.get(product["id"], product["thumbnail"]))
                    else:
                        body = None
                else:
                    body = {"products": [], "total": len(catalog.products), "skip": 0, "limit": 0}
                data = json.dumps(body).encode() if body is not None else b'{"message":"not found"}'
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_live_catalog_shows_the_remote_picture_and_the_drawing_when_it_cannot_load(showcase_bin, browser, tmp_path):
    from harness import Showcase
    catalog = FakeCatalog()
    server = Showcase(showcase_bin, tmp_path, extra_args=["--catalog-url", catalog.url])
    try:
        catalog.thumbnails[1] = server.url + "/static/placeholder.svg"  # loads (same origin)
        catalog.thumbnails[2] = "http://127.0.0.1:9/none.webp"  # cannot load (and plain http is not allowed)
        browser.get(server.url + "/shop?id=1")
        image = browser.find_element(By.CSS_SELECTOR, "main img.remote")
        wait_until(browser, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
        assert image.is_displayed() and image.get_attribute("alt") == text_of_h1(browser)
        drawing = browser.find_element(By.CSS_SELECTOR, "main svg.placeholder")
        assert drawing.get_attribute("aria-hidden") == "true"
        assert_accessible(browser)

        browser.get(server.url + "/shop?id=2")
        image = browser.find_element(By.CSS_SELECTOR, "main img.remote")
        wait_until(browser, lambda d: not image.is_displayed(), "a picture that cannot load was not hidden")
        assert browser.find_element(By.CSS_SELECTOR, "main svg.placeholder").is_displayed()
    finally:
        server.stop()
        catalog.close()


def text_of_h1(browser):
    return browser.find_element(By.CSS_SELECTOR, "main h1").text


def wrapped_tabs(driver):
    """The header tabs whose label takes more than one line (taller than the shortest tab), as their text."""
    return driver.execute_script("""
        const tabs = [...document.querySelectorAll('header nav a')];
        const lowest = Math.min(...tabs.map(tab => tab.getBoundingClientRect().height));
        return tabs.filter(tab => tab.getBoundingClientRect().height > lowest + 1).map(tab => tab.textContent);
    """)


def test_the_shops_tabs_fit_a_phone_with_full_carts(showcase, new_browser):
    for cart in ("cart", "corecart"):
        for product in range(1, 101):
            status, _ = api(showcase.url + f"/api/shop/{cart}", "POST", {"productID": product})
            assert status == 201
    narrow = new_browser(width=390, height=844)
    for path in ("/shop?id=1", "/shop/cart", "/shop/corecart", "/shop/test"):
        narrow.get(showcase.url + path)
        assert "SDCart (100)" in narrow.find_element(By.CSS_SELECTOR, "header nav").text
        assert wrapped_tabs(narrow) == [], path
        assert overflows_sideways(narrow) == [], path
