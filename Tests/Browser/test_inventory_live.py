"""The Inventory follows another window without a reload: its list (keeping what is typed and the scroll
position) and a Find's Results page (re-running its query). Two browsers, each with its own cookies and
connections, as two people (or a person and a second device) would have.

That a page was not reloaded is checked by a value the test leaves in its `window`: a reload would drop it. Every
wait is on what the page shows (`wait_until`), bounded only by `PATIENCE` so that a broken stream fails instead of
hanging the suite."""

import pytest

from selenium.webdriver.common.by import By

from harness import api, click_and_wait, mark_document, not_reloaded, notice, text_of, wait_until


def inventory_rows(browser):
    """The names listed, read in one script so that a list swapped in the meantime cannot be half read."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('table.products tbody tr td.name'), cell => cell.innerText);")


def add_product(browser, name, quantity):
    for field, value in (("name", name), ("quantity", quantity)):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    click_and_wait(browser, browser.find_element(By.ID, "add"))
    assert notice(browser) == f"“{name}” was added."


# Chromium has SharedWorker; without it (Chrome on Android) the pages elect a leader tab through Web Locks.
@pytest.mark.parametrize("design", ["shared-worker", "leader-tab"])
def test_the_inventory_list_follows_another_window_keeping_fields_and_scroll(showcase, browser, new_browser, design):
    for index in range(12):
        status, _ = api(showcase.url + "/api/inventory/products", "POST", {"name": f"item {index:02}", "quantity": str(index)})
        assert status == 201
    reader = new_browser(width=1000, height=500)
    for window in (browser, reader):
        if design == "leader-tab":
            window.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "window.SharedWorker = undefined;"})
    reader.get(showcase.url + "/inventory")
    assert len(inventory_rows(reader)) == 12
    mark_document(reader)
    # Half-way through typing a product, and scrolled down the list.
    reader.find_element(By.ID, "name").send_keys("half-typed")
    reader.find_element(By.ID, "quantity").send_keys("4")
    reader.execute_script("window.scrollTo(0, 300);")
    wait_until(reader, lambda d: d.execute_script("return window.scrollY;") == 300)

    # The other window adds one: the list shows it in place.
    browser.get(showcase.url + "/inventory")
    add_product(browser, "apple", "10")
    wait_until(reader, lambda d: inventory_rows(d)[:1] == ["apple"], "the list did not follow the add")
    assert len(inventory_rows(reader)) == 13
    assert "(13)" in text_of(reader, "#list-heading")
    assert reader.find_element(By.ID, "name").get_attribute("value") == "half-typed"
    assert reader.find_element(By.ID, "quantity").get_attribute("value") == "4"
    assert reader.execute_script("return window.scrollY;") == 300
    assert not_reloaded(reader)

    # The other window deletes one, and another client one through the API: the list follows both.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete item 00']"))
    assert notice(browser) == "“item 00” was deleted."
    wait_until(reader, lambda d: "item 00" not in inventory_rows(d), "the list did not follow the delete")
    products = api(showcase.url + "/api/inventory/products")[1]["products"]
    status, _ = api(showcase.url + "/api/inventory/products/" + next(p["id"] for p in products if p["name"] == "item 11"), "DELETE")
    assert status == 204
    wait_until(reader, lambda d: "item 11" not in inventory_rows(d), "the list did not follow the API's delete")
    assert inventory_rows(reader) == ["apple"] + [f"item {index:02}" for index in range(1, 11)]
    assert reader.find_element(By.ID, "name").get_attribute("value") == "half-typed"
    assert not_reloaded(reader)

    # The reader's own Add still works from what it typed, and lists its product.
    click_and_wait(reader, reader.find_element(By.ID, "add"))
    assert notice(reader) == "“half-typed” was added."
    assert "half-typed" in inventory_rows(reader)
    wait_until(browser, lambda d: "half-typed" in inventory_rows(d), "the other window's list did not follow")


def test_a_finds_results_follow_another_window(showcase, browser, new_browser):
    api(showcase.url + "/api/inventory/products", "POST", {"name": "pineapple", "quantity": "1"})
    reader = new_browser()
    reader.get(showcase.url + "/inventory/results?name=pp")
    assert inventory_rows(reader) == ["pineapple"]
    mark_document(reader)

    # A product matching the query appears, one that does not stays away: the page re-runs its Find.
    browser.get(showcase.url + "/inventory")
    add_product(browser, "kiwi", "5")
    add_product(browser, "apple", "10")
    wait_until(reader, lambda d: inventory_rows(d) == ["apple", "pineapple"], "the Results page did not re-run its Find")
    assert "Names containing “pp” (2)" in text_of(reader, "#results-heading")
    assert reader.find_element(By.ID, "name").get_attribute("value") == "pp"

    # A delete in the other window leaves the results too.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete pineapple']"))
    wait_until(reader, lambda d: inventory_rows(d) == ["apple"], "the Results page did not follow the delete")
    assert not_reloaded(reader)

    # The last match goes through the API: the page says none is left.
    apple = next(p["id"] for p in api(showcase.url + "/api/inventory/products")[1]["products"] if p["name"] == "apple")
    assert api(showcase.url + "/api/inventory/products/" + apple, "DELETE")[0] == 204
    wait_until(reader, lambda d: d.find_elements(By.CSS_SELECTOR, "#inventory-results .empty"), "the Results page did not follow the API")
    assert text_of(reader, "#inventory-results .empty") == "No product's name contains “pp”."
    assert not_reloaded(reader)
