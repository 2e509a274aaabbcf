"""Two showcase processes on one PostgreSQL database (`showcase --database`), as several app servers behind a load
balancer would run: what one server saves, the other serves — in its JSON API and on its live pages — and unique
conflicts from both at once leave one row.

The database is a fresh one on the session's throwaway PostgreSQL server (`postgres_database` in conftest.py).

`showcase --database` opens the SwiftData apps' stores there, and the Core Data apps' (the Core Data cart, the
Inventory) through OpenCoreData's PostgreSQL store, each in a schema of its own.
"""

import threading
import time

from selenium.webdriver.common.by import By

from harness import PATIENCE, api, cart_ids, cart_tab, click_and_wait, text_of, wait_until



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

    # The Core Data apps notice only their own process's saves, so the other server's page shows the product when
    # it is loaded (or reloaded): the row is in the shared database, not in the first server's memory.
    status, listed = api(second.url + "/api/inventory/products")
    assert status == 200, listed
    assert [(product["name"], product["quantity"]) for product in listed["products"]] == [("quince", "4")]
    browser.get(second.url + "/inventory")
    assert [row.text for row in browser.find_elements(By.CSS_SELECTOR, "table.products tbody tr td.name")] == [
        "quince"]


def test_a_core_data_cart_item_added_through_one_server_is_in_the_others_api(showcase_pair):
    first, second = showcase_pair
    status, item = api(first.url + "/api/shop/corecart", "POST", {"productID": 3})
    assert status == 201, item
    status, cart = api(second.url + "/api/shop/corecart")
    assert status == 200, cart
    assert [entry["productID"] for entry in cart["items"]] == [3]
    # The other server refuses the same product: the unique constraint holds across servers.
    status, _ = api(second.url + "/api/shop/corecart", "POST", {"productID": 3})
    assert status == 409
