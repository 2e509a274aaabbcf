"""The Shop's Core Data cart follows another window without a reload: the CoreCart tab's list and the Display
tab's CoreCart count. Two browsers, each with its own cookies and connections, as two people (or a person and a
second device) would have.

That a page was not reloaded is checked by a value the test leaves in its `window`: a reload would drop it. Every
wait is on what the page shows (`wait_until`), bounded only by `PATIENCE` so that a broken stream fails instead of
hanging the suite."""

import pytest

from selenium.webdriver.common.by import By

from harness import api, click_and_wait, mark_document, not_reloaded, notice, text_of, wait_until


def core_cart_tab(browser) -> str:
    return text_of(browser, 'header nav a[href="/shop/corecart"]')


def cart_rows(browser):
    """The titles listed, read in one script so that a list swapped in the meantime cannot be half read."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('table.lines tbody tr'), row => row.cells[0].innerText);")


def add_to_core_cart(browser):
    menu = browser.find_element(By.CSS_SELECTOR, "details.menu")
    if menu.get_attribute("open") is None:
        menu.find_element(By.TAG_NAME, "summary").click()
    button = menu.find_element(By.XPATH, ".//button[normalize-space()='Add']")
    wait_until(browser, lambda d: button.is_displayed())
    click_and_wait(browser, button)


def control(browser, label):
    return browser.find_element(By.XPATH, f"//main//a[normalize-space()='{label}'] | //main//button[normalize-space()='{label}']")


# Chromium has SharedWorker; without it (Chrome on Android) the pages elect a leader tab through Web Locks.
@pytest.mark.parametrize("design", ["shared-worker", "leader-tab"])
def test_the_core_cart_follows_another_window(showcase, browser, new_browser, design):
    reader, other = browser, new_browser()
    for window in (reader, other):
        if design == "leader-tab":
            window.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "window.SharedWorker = undefined;"})
    reader.get(showcase.url + "/shop/corecart")
    assert text_of(reader, "main .empty") == "Your cart is empty."
    mark_document(reader)
    other.get(showcase.url + "/shop?id=1")
    assert core_cart_tab(other) == "CoreCart (0)"

    # The other window adds on Display: the CoreCart list shows the row, and its tab the count, in place.
    add_to_core_cart(other)
    assert notice(other) == "“Essence Mascara Lash Princess” was added to the cart."
    wait_until(reader, lambda d: cart_rows(d) == ["Essence Mascara Lash Princess"], "the CoreCart list did not follow the add")
    assert core_cart_tab(reader) == "CoreCart (1)"
    assert not_reloaded(reader)

    # Another client adds through the JSON API: both follow, Display's count too (without a reload).
    mark_document(other)
    status, _ = api(showcase.url + "/api/shop/corecart", "POST", {"productID": 16})
    assert status == 201
    wait_until(reader, lambda d: cart_rows(d) == ["Essence Mascara Lash Princess", "Apple"], "the CoreCart list did not follow the API")
    wait_until(other, lambda d: core_cart_tab(d) == "CoreCart (2)", "Display's CoreCart count did not follow the API")
    assert text_of(reader, "main .total") == "$11.98"
    assert not_reloaded(reader) and not_reloaded(other)

    # The reader deletes a row behind its confirmation: the other window's count follows.
    row = reader.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")[0]
    click_and_wait(reader, row.find_element(By.LINK_TEXT, "Delete"))
    click_and_wait(reader, control(reader, "Delete"))
    assert notice(reader) == "“Essence Mascara Lash Princess” was removed from the cart."
    wait_until(other, lambda d: core_cart_tab(d) == "CoreCart (1)", "Display's CoreCart count did not follow the delete")
    assert not_reloaded(other)

    # The other window empties the cart (NSBatchDeleteRequest): the reader's list follows, its notice stays.
    mark_document(reader)
    other.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    click_and_wait(other, other.find_element(By.LINK_TEXT, "Empty CoreCart"))
    click_and_wait(other, control(other, "Delete all"))
    assert notice(other) == "All items were deleted from the cart."
    wait_until(reader, lambda d: d.find_elements(By.CSS_SELECTOR, "main .empty"), "the CoreCart list did not follow emptying it")
    assert text_of(reader, "main .empty") == "Your cart is empty."
    assert core_cart_tab(reader) == "CoreCart (0)"
    assert notice(reader) == "“Essence Mascara Lash Princess” was removed from the cart."
    assert not_reloaded(reader)
    # The SwiftData cart was never touched.
    assert text_of(reader, 'header nav a[href="/shop/cart"]') == "SDCart (0)"
