"""Two showcase processes on one PostgreSQL database (`showcase --database`), as several app servers behind a load
balancer would run: what one server saves, the other serves — in its JSON API and on its live pages — and unique
conflicts from both at once leave one row.

The database is a fresh one on the session's throwaway PostgreSQL server (`postgres_database` in conftest.py).

`showcase --database` opens the SwiftData apps' stores there, and the Core Data apps' (the Core Data cart, the
Inventory) through OpenCoreData's PostgreSQL store, each in a schema of its own.

The Core Data apps' and the deletes' tests run on two setups (`server_pair`): that database, and two processes on one
data directory (each app's SQLite file shared, as two processes on one machine would share it). A Core Data view on
one server notices the other's commits — on a file by its data version, read before each answer; on PostgreSQL by
`LISTEN`, as soon as the notification arrives — so the waits below are for that notification, bounded by PATIENCE.
"""

import pathlib
import shutil
import tempfile
import threading
import time

import pytest
from selenium.webdriver.common.by import By

from harness import PATIENCE, Showcase, api, cart_ids, cart_tab, click_and_wait, notice, text_of, wait_until


@pytest.fixture(params=["postgres", "one-data-dir"])
def server_pair(request, showcase_bin):
    """Two showcase processes sharing their data: on one PostgreSQL database (`showcase_pair`), or on one data
    directory (every app's SQLite file shared)."""
    if request.param == "postgres":
        yield request.getfixturevalue("showcase_pair")
        return
    folder = pathlib.Path(tempfile.mkdtemp(prefix="showcase-pair-files-"))
    servers = []
    try:
        for _ in range(2):
            servers.append(Showcase(showcase_bin, folder))
        yield servers
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def eventually(condition, message):
    """Waits for `condition()` to be truthy (the other server hearing a commit), at most PATIENCE seconds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.05)


def core_cart_ids(server):
    status, cart = api(server.url + "/api/shop/corecart")
    assert status == 200, cart
    return [item["productID"] for item in cart["items"]]


def inventory_names(server):
    status, listed = api(server.url + "/api/inventory/products")
    assert status == 200, listed
    return [product["name"] for product in listed["products"]]



def test_a_cart_item_added_through_one_server_appears_on_the_other(showcase_pair, new_browser):
    first, second = showcase_pair
    watcher = new_browser()
    watcher.get(second.url + "/shop/cart")
    assert cart_tab(watcher) == "SDCart (0)"

    shopper = new_browser()
    shopper.get(first.url + "/shop")
    product = text_of(shopper, "main h1")
    menu = shopper.find_element(By.CSS_SELECTOR, "details.menu")
    menu.find_element(By.TAG_NAME, "summary").click()
    add = menu.find_element(By.XPATH, ".//button[normalize-space()='SD Add']")
    wait_until(shopper, lambda d: add.is_displayed())
    click_and_wait(shopper, add)
    assert cart_tab(shopper) == "SDCart (1)"

    # The other server's API has it once it sees the commit (it looks for other servers' commits every 0.5 s, as for
    # another process on a store file): the row is in the shared database, not in the first server's memory.
    wait_until(shopper, lambda d: cart_ids(second) == cart_ids(first),
               "the other server's API does not list the product")
    status, cart = api(second.url + "/api/shop/cart")
    assert status == 200, cart
    assert [item["title"] for item in cart["items"]] == [product]
    # Its live page follows without a reload: the save's notification reached the other process.
    wait_until(watcher, lambda d: cart_tab(d) == "SDCart (1)", "the other server's live page did not follow the cart")
    wait_until(watcher, lambda d: product in d.find_element(By.TAG_NAME, "main").text,
               "the other server's cart page does not list the product")


def test_twenty_concurrent_adds_of_one_product_across_both_servers_leave_one_row(showcase_pair):
    first, second = showcase_pair
    product_id = 7
    attempts = 20
    start = threading.Barrier(attempts)
    statuses = [None] * attempts

    def add(index):
        server = (first, second)[index % 2]
        start.wait()
        statuses[index], _ = api(server.url + "/api/shop/cart", "POST", {"productID": product_id})

    threads = [threading.Thread(target=add, args=(index,)) for index in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert set(statuses) <= {201, 409}, statuses
    assert statuses.count(201) == 1, statuses
    # Each server lists the one row once it sees the commit (the one whose add made it at once, the other at its
    # next look for other servers' commits, every 0.5 s).
    for server in (first, second):
        deadline = time.monotonic() + PATIENCE
        while cart_ids(server) != [product_id] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert cart_ids(server) == [product_id]


def test_an_inventory_product_added_through_one_server_is_listed_by_the_other(showcase_pair, browser):
    first, second = showcase_pair
    browser.get(first.url + "/inventory")
    for field, value in (("name", "quince"), ("quantity", "4")):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    click_and_wait(browser, browser.find_element(By.ID, "add"))
    assert text_of(browser, "table.products tbody tr td.name") == "quince"

    # The row is in the shared database, not in the first server's memory: the other server lists it.
    eventually(lambda: inventory_names(second) == ["quince"], "the other server's API does not list the product")
    status, listed = api(second.url + "/api/inventory/products")
    assert [(product["name"], product["quantity"]) for product in listed["products"]] == [("quince", "4")]
    browser.get(second.url + "/inventory")
    assert [row.text for row in browser.find_elements(By.CSS_SELECTOR, "table.products tbody tr td.name")] == [
        "quince"]


def test_the_swiftdata_cart_api_of_one_server_answers_the_others_add_and_delete(server_pair, request):
    first, second = server_pair
    on_one_file = request.node.callspec.params["server_pair"] == "one-data-dir"

    def answers(ids, message):
        # On one file the other server looks at the file's data version before it answers: at once, no wait. On
        # PostgreSQL it hears the commit by `LISTEN`, as soon as the notification arrives.
        if on_one_file:
            assert cart_ids(second) == ids, message
        else:
            eventually(lambda: cart_ids(second) == ids, message)

    assert cart_ids(second) == []
    status, item = api(first.url + "/api/shop/cart", "POST", {"productID": 9})
    assert status == 201, item
    answers([9], "the other server's API does not list the product just added")
    status, body = api(second.url + "/api/shop/cart", "POST", {"productID": 9})
    assert status == 409, body
    status, _ = api(first.url + "/api/shop/cart/9", "DELETE")
    assert status == 204
    answers([], "the other server's API still lists the product just deleted")
    status, body = api(second.url + "/api/shop/cart/9", "DELETE")
    assert (status, body) == (404, {"error": "product 9 is not in the SwiftData cart"})


def test_a_core_data_cart_item_added_through_one_server_is_in_the_others_api_and_live_page(server_pair, browser):
    first, second = server_pair
    # The second server has answered (and cached) the empty cart, and shows it on its live page.
    assert core_cart_ids(second) == []
    browser.get(second.url + "/shop/corecart")
    assert text_of(browser, 'header nav a[href="/shop/corecart"]') == "CoreCart (0)"

    status, item = api(first.url + "/api/shop/corecart", "POST", {"productID": 3})
    assert status == 201, item
    # Without saving anything itself, the second server answers the new row (not its cached body) …
    eventually(lambda: core_cart_ids(second) == [3], "the other server's API still answers its cached cart")
    # … and its live page follows without a reload.
    wait_until(browser, lambda d: text_of(d, 'header nav a[href="/shop/corecart"]') == "CoreCart (1)",
               "the other server's live page did not follow the Core Data cart")
    wait_until(browser, lambda d: item["title"] in d.find_element(By.TAG_NAME, "main").text,
               "the other server's cart page does not list the product")
    # The other server refuses the same product, naming the cart: the unique constraint holds across servers.
    status, body = api(second.url + "/api/shop/corecart", "POST", {"productID": 3})
    assert status == 409
    assert body == {"error": f"“{item['title']}” is already in the Core Data cart"}

    # A row the first server deleted is gone for the second: its delete answers 404, naming the cart.
    status, _ = api(first.url + "/api/shop/corecart/3", "DELETE")
    assert status == 204
    status, body = api(second.url + "/api/shop/corecart/3", "DELETE")
    assert (status, body) == (404, {"error": "product 3 is not in the Core Data cart"})
    eventually(lambda: core_cart_ids(second) == [], "the other server still lists the deleted row")


def test_the_inventory_list_of_one_server_follows_the_others_adds_and_deletes(server_pair, browser):
    first, second = server_pair
    assert inventory_names(second) == []
    browser.get(second.url + "/inventory")
    status, quince = api(first.url + "/api/inventory/products", "POST", {"name": "quince", "quantity": "4"})
    assert status == 201, quince
    eventually(lambda: inventory_names(second) == ["quince"], "the other server's API does not list the product")
    wait_until(browser, lambda d: [cell.text for cell in d.find_elements(By.CSS_SELECTOR, "table.products td.name")]
               == ["quince"], "the other server's live list did not follow the add")
    status, _ = api(first.url + "/api/inventory/products/" + quince["id"], "DELETE")
    assert status == 204
    eventually(lambda: inventory_names(second) == [], "the other server still lists the deleted product")
    wait_until(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "table.products td.name"),
               "the other server's live list did not follow the delete")


def test_an_inventory_product_deleted_on_both_servers_is_404_on_the_second(server_pair, new_browser):
    first, second = server_pair
    ids = {}
    for name in ("apple", "pear"):
        status, product = api(first.url + "/api/inventory/products", "POST", {"name": name, "quantity": "1"})
        assert status == 201, product
        ids[name] = product["id"]
    # The second server has read both (its context holds them) before the first deletes them.
    eventually(lambda: inventory_names(second) == ["apple", "pear"], "the other server does not list the products")

    # The API: the second delete is a 404 naming the product, not a 500 from an optimistic-locking conflict.
    status, _ = api(first.url + "/api/inventory/products/" + ids["apple"], "DELETE")
    assert status == 204
    status, body = api(second.url + "/api/inventory/products/" + ids["apple"], "DELETE")
    assert status == 404, body
    assert body == {"error": f"there is no product {ids['apple']} in the inventory (it may have been deleted)"}

    # The page: a list the second server rendered still shows pear (in a browser without live updates, whose list
    # would otherwise drop the row under the click); the first server deletes it, then the user clicks Delete.
    browser = new_browser()
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                            {"source": "window.SharedWorker = undefined; window.EventSource = undefined;"})
    browser.get(second.url + "/inventory")
    button = browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete pear']")
    status, _ = api(first.url + "/api/inventory/products/" + ids["pear"], "DELETE")
    assert status == 204
    click_and_wait(browser, button)
    assert notice(browser) == "That product was already deleted."
    assert inventory_names(second) == []


@pytest.mark.parametrize("app", ["people", "places"])
def test_a_row_deleted_on_both_servers_is_404_on_the_second(server_pair, app):
    first, second = server_pair
    if app == "people":
        status, row = api(first.url + "/api/people", "POST", {"name": "Kim", "age": 30})
    else:
        status, row = api(first.url + "/api/places", "POST", {"name": "Fremont Street", "latitude": 36.17,
                                                              "longitude": -115.14})
    assert status == 201, row
    path = f"/api/{app}/{row['id']}"
    # The second server reads the row first (its context holds it), then the first deletes it.
    eventually(lambda: api(second.url + path)[0] == 200, "the other server does not find the row")
    status, _ = api(first.url + path, "DELETE")
    assert status == 204
    status, body = api(second.url + path, "DELETE")
    assert status == 404, body
    assert api(second.url + path)[0] == 404


def test_the_home_page_names_the_store(server_pair, browser):
    first, _ = server_pair
    browser.get(first.url + "/")
    store = "PostgreSQL" if "--database" in first.extra_args else "SQLite"
    assert text_of(browser, "main > p") == (
        f"Tutorial apps written for SwiftData and Core Data, running on Linux over {store}.")
