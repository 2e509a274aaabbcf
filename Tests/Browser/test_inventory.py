"""Inventory: the Core Data tutorial (Add, Find with `name CONTAINS %@`, Clear, the list sorted by name, Delete), as a
user goes through it, and the data surviving a restart."""

from selenium.webdriver.common.by import By

from harness import api, click_and_wait, notice


def rows(browser):
    return [(row.find_element(By.CSS_SELECTOR, "td.name").text, row.find_element(By.CSS_SELECTOR, "td.quantity").text)
            for row in browser.find_elements(By.CSS_SELECTOR, "table.products tbody tr")]


def fill(browser, name, quantity):
    for field, value in (("name", name), ("quantity", quantity)):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)


def test_add_find_clear_delete_and_restart(showcase, browser):
    browser.get(showcase.url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/inventory']"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Inventory"
    assert rows(browser) == []

    for name, quantity in (("pear", "3"), ("apple", "10"), ("pineapple", "1")):
        fill(browser, name, quantity)
        click_and_wait(browser, browser.find_element(By.ID, "add"))
        assert notice(browser) == f"“{name}” was added."
    # Sorted by name; the fields are empty after an Add.
    assert rows(browser) == [("apple", "10"), ("pear", "3"), ("pineapple", "1")]
    assert browser.find_element(By.ID, "name").get_attribute("value") == ""

    # A blank name is refused with a message; what was typed stays.
    fill(browser, "   ", "7")
    click_and_wait(browser, browser.find_element(By.ID, "add"))
    assert "Enter a name: a product needs one." in notice(browser)
    assert browser.find_element(By.ID, "quantity").get_attribute("value") == "7"
    assert len(rows(browser)) == 3

    # Clear empties the fields.
    click_and_wait(browser, browser.find_element(By.ID, "clear"))
    assert browser.find_element(By.ID, "quantity").get_attribute("value") == ""

    # Find: the names containing the text, on the Results page.
    fill(browser, "pp", "")
    click_and_wait(browser, browser.find_element(By.ID, "find"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Results"
    assert browser.current_url.endswith("/inventory/results?name=pp"), "Find sends the name alone"
    assert "Names containing “pp”" in browser.find_element(By.ID, "results-heading").text
    assert rows(browser) == [("apple", "10"), ("pineapple", "1")]
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Back to the inventory"))

    # Delete one row.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete pineapple']"))
    assert notice(browser) == "“pineapple” was deleted."
    assert rows(browser) == [("apple", "10"), ("pear", "3")]

    # The JSON API sees the same products; a restart keeps them.
    assert [p["name"] for p in api(showcase.url + "/api/inventory/products")[1]["products"]] == ["apple", "pear"]
    showcase.restart()
    browser.get(showcase.url + "/inventory")
    assert rows(browser) == [("apple", "10"), ("pear", "3")]
