"""The tutorial's Core Data cart (the CoreCart tab), as a user clicks through it: "Add" on Display, the CoreCart tab
shows it, the duplicate notice, delete behind a confirmation, empty behind a confirmation, add again."""

from selenium.webdriver.common.by import By

from harness import api, cart_ids, click_and_wait, notice, text_of, wait_until


def core_cart_ids(showcase):
    """The product IDs in the Core Data cart, in order, from its JSON API."""
    status, cart = api(showcase.url + "/api/shop/corecart")
    assert status == 200, cart
    return [item["productID"] for item in cart["items"]]


def core_cart_tab(browser) -> str:
    return text_of(browser, 'header nav a[href="/shop/corecart"]')


def add_to_core_cart(browser):
    menu = browser.find_element(By.CSS_SELECTOR, "details.menu")
    if menu.get_attribute("open") is None:
        menu.find_element(By.TAG_NAME, "summary").click()
    button = menu.find_element(By.XPATH, ".//button[normalize-space()='Add']")
    wait_until(browser, lambda d: button.is_displayed())
    click_and_wait(browser, button)


def control(browser, label):
    return browser.find_element(By.XPATH, f"//main//a[normalize-space()='{label}'] | //main//button[normalize-space()='{label}']")


def rows(browser):
    return [row.find_element(By.TAG_NAME, "td").text for row in browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")]


def test_the_core_data_cart_scenario(showcase, browser):
    browser.get(showcase.url + "/shop?id=1")
    tabs = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "header nav a")]
    assert tabs[-4:] == ["Display", "CoreCart (0)", "SDCart (0)", "Test"]

    # "Add": the Core Data cart gets it, the SwiftData cart does not.
    add_to_core_cart(browser)
    assert notice(browser) == "“Essence Mascara Lash Princess” was added to the cart."
    assert core_cart_tab(browser) == "CoreCart (1)"
    assert core_cart_ids(showcase) == [1]
    assert cart_ids(showcase) == []

    # The same product again: the duplicate notice, nothing added.
    add_to_core_cart(browser)
    assert notice(browser) == "“Essence Mascara Lash Princess” is already in the cart."
    assert core_cart_ids(showcase) == [1]

    # Another product through Next.
    click_and_wait(browser, control(browser, "Next"))
    second = text_of(browser, "main h1")
    add_to_core_cart(browser)
    assert notice(browser) == f"“{second}” was added to the cart."

    # The CoreCart tab shows both, in the order added.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, 'header nav a[href="/shop/corecart"]'))
    assert text_of(browser, "main h1") == "CoreCart"
    assert rows(browser) == ["Essence Mascara Lash Princess", second]

    # Delete one: Cancel keeps it, Delete removes it.
    row = browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")[0]
    click_and_wait(browser, row.find_element(By.LINK_TEXT, "Delete"))
    assert text_of(browser, "main h1") == "Delete item?"
    click_and_wait(browser, control(browser, "Cancel"))
    assert rows(browser) == ["Essence Mascara Lash Princess", second]
    row = browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")[0]
    click_and_wait(browser, row.find_element(By.LINK_TEXT, "Delete"))
    click_and_wait(browser, control(browser, "Delete"))
    assert notice(browser) == "“Essence Mascara Lash Princess” was removed from the cart."
    assert rows(browser) == [second]
    assert core_cart_tab(browser) == "CoreCart (1)"

    # A restart keeps it (Cart.sqlite).
    showcase.restart()
    browser.get(showcase.url + "/shop/corecart")
    assert rows(browser) == [second]

    # Empty: Cancel keeps it, "Delete all" empties it (NSBatchDeleteRequest, merged into every context).
    click_and_wait(browser, control(browser, "Empty cart"))
    assert text_of(browser, "main h1") == "Empty cart?"
    click_and_wait(browser, control(browser, "Cancel"))
    assert rows(browser) == [second]
    click_and_wait(browser, control(browser, "Empty cart"))
    click_and_wait(browser, control(browser, "Delete all"))
    assert notice(browser) == "All items were deleted from the cart."
    assert text_of(browser, "main .empty") == "Your cart is empty."
    assert core_cart_tab(browser) == "CoreCart (0)"
    assert core_cart_ids(showcase) == []

    # The Display menu's "Empty CoreCart" on an empty cart: the tutorial's "already empty".
    browser.get(showcase.url + "/shop?id=1")
    browser.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Empty CoreCart"))
    assert text_of(browser, "main .card p") == "The cart is already empty."

    # Add again: the emptied product is no duplicate.
    browser.get(showcase.url + "/shop?id=1")
    add_to_core_cart(browser)
    assert notice(browser) == "“Essence Mascara Lash Princess” was added to the cart."
    assert core_cart_ids(showcase) == [1]
