"""The seed tutorial's scenario in the Shop, as a user clicks through it."""

from selenium.webdriver.common.by import By

from harness import cart_ids, cart_tab, click_and_wait, notice, text_of, wait_until


def open_cart_menu(browser):
    menu = browser.find_element(By.CSS_SELECTOR, "details.menu")
    if menu.get_attribute("open") is None:
        menu.find_element(By.TAG_NAME, "summary").click()
    wait_until(browser, lambda d: menu.find_element(By.XPATH, ".//button[normalize-space()='SD Add']").is_displayed())
    return menu


def add_to_cart(browser):
    menu = open_cart_menu(browser)
    click_and_wait(browser, menu.find_element(By.XPATH, ".//button[normalize-space()='SD Add']"))


def link(browser, label):
    return browser.find_element(By.XPATH, f"//main//a[normalize-space()='{label}'] | //main//button[normalize-space()='{label}']")


def test_the_tutorial_scenario(showcase, browser):
    browser.get(showcase.url + "/shop")
    first = text_of(browser, "main h1")
    assert first
    assert cart_tab(browser) == "SDCart (0)"
    # The cart menu is closed until opened; it holds "Add", "SD Add", "Empty CoreCart" and "Empty SDCart".
    assert not browser.find_element(By.XPATH, "//button[normalize-space()='SD Add']").is_displayed()

    # Next: another product.
    click_and_wait(browser, link(browser, "Next"))
    product = text_of(browser, "main h1")
    assert product != first
    price = text_of(browser, "main .price")
    assert price.startswith("$")

    # Add: a confirmation, the count goes up.
    add_to_cart(browser)
    assert notice(browser) == f"“{product}” was added to the cart."
    assert cart_tab(browser) == "SDCart (1)"
    # A reload does not say it again.
    browser.refresh()
    wait_until(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    assert notice(browser) is None

    # Add again: the duplicate notice; nothing is added.
    add_to_cart(browser)
    assert notice(browser) == f"“{product}” is already in the cart."
    assert cart_tab(browser) == "SDCart (1)"

    # Add more.
    titles = [product]
    for _ in range(2):
        click_and_wait(browser, link(browser, "Next"))
        titles.append(text_of(browser, "main h1"))
        add_to_cart(browser)
        assert notice(browser) == f"“{titles[-1]}” was added to the cart."
    assert cart_tab(browser) == "SDCart (3)"

    # Open the cart: the three rows in the order added, with the total.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, 'header nav a[href="/shop/cart"]'))
    rows = browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")
    assert [row.find_element(By.TAG_NAME, "td").text for row in rows] == titles
    assert text_of(browser, "table.lines .total").startswith("$")

    # Delete one: Cancel keeps it, Delete removes it.
    click_and_wait(browser, rows[1].find_element(By.LINK_TEXT, "Delete"))
    assert text_of(browser, "main h1") == "Delete item?"
    click_and_wait(browser, link(browser, "Cancel"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")) == 3
    row = browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")[1]
    click_and_wait(browser, row.find_element(By.LINK_TEXT, "Delete"))
    click_and_wait(browser, link(browser, "Delete"))
    assert notice(browser) == f"“{titles[1]}” was removed from the cart."
    remaining = [row.find_element(By.TAG_NAME, "td").text for row in browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")]
    assert remaining == [titles[0], titles[2]]
    assert cart_tab(browser) == "SDCart (2)"

    # Restart the server: the cart is still there.
    showcase.restart()
    browser.get(showcase.url + "/shop/cart")
    remaining_after_restart = [row.find_element(By.TAG_NAME, "td").text for row in browser.find_elements(By.CSS_SELECTOR, "table.lines tbody tr")]
    assert remaining_after_restart == [titles[0], titles[2]]
    assert notice(browser) is None

    # Empty the cart: Cancel keeps it, "Delete all" empties it.
    click_and_wait(browser, link(browser, "Empty cart"))
    assert text_of(browser, "main h1") == "Empty cart?"
    click_and_wait(browser, link(browser, "Cancel"))
    assert len(cart_ids(showcase)) == 2
    click_and_wait(browser, link(browser, "Empty cart"))
    click_and_wait(browser, link(browser, "Delete all"))
    assert notice(browser) == "All items were deleted from the cart."
    assert text_of(browser, "main .empty") == "Your cart is empty."
    assert cart_tab(browser) == "SDCart (0)"
    assert cart_ids(showcase) == []

    # Empty again from the Display tab's cart menu: the tutorial's "already empty".
    browser.get(showcase.url + "/shop")
    menu = open_cart_menu(browser)
    click_and_wait(browser, menu.find_element(By.LINK_TEXT, "Empty SDCart"))
    assert text_of(browser, "main .card p") == "The cart is already empty."
