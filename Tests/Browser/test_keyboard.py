"""The Shop with the keyboard only: every action reachable with Tab and Enter, and focus always visible."""

from harness import cart_ids, cart_tab, keyboard, notice, text_of


def is_button(label):
    return lambda element: element.text.strip() == label and element.tag_name in ("button", "a", "summary")


def starts_with(prefix):
    return lambda element: element.text.strip().startswith(prefix)


def test_the_shop_with_the_keyboard_only(showcase, browser):
    browser.get(showcase.url + "/shop")
    added = []
    for _ in range(2):
        keyboard.tab_to(browser, "Cart menu")
        keyboard.enter(browser, wait_for_page=False)  # opens the menu
        keyboard.tab_to(browser, is_button("SD Add"))
        keyboard.enter(browser)
        added.append(text_of(browser, "main h1"))
        assert notice(browser) == f"“{added[-1]}” was added to the cart."
        keyboard.tab_to(browser, is_button("Next"))
        keyboard.enter(browser)
    assert cart_tab(browser) == "SDCart (2)"

    keyboard.tab_to(browser, starts_with("SDCart ("))
    keyboard.enter(browser)
    assert text_of(browser, "main h1") == "SDCart"

    # Delete the first row: Cancel first, then Delete.
    keyboard.tab_to(browser, lambda element: element.get_attribute("aria-label") == f"Delete {added[0]}")
    keyboard.enter(browser)
    keyboard.tab_to(browser, is_button("Cancel"))
    keyboard.enter(browser)
    assert len(cart_ids(showcase)) == 2
    keyboard.tab_to(browser, lambda element: element.get_attribute("aria-label") == f"Delete {added[0]}")
    keyboard.enter(browser)
    keyboard.tab_to(browser, is_button("Delete"))
    keyboard.enter(browser)
    assert notice(browser) == f"“{added[0]}” was removed from the cart."

    # Empty the cart.
    keyboard.tab_to(browser, is_button("Empty cart"))
    keyboard.enter(browser)
    keyboard.tab_to(browser, is_button("Delete all"))
    keyboard.enter(browser)
    assert notice(browser) == "All items were deleted from the cart."
    assert cart_ids(showcase) == []

    # Back to the shop and home, by keyboard too.
    keyboard.tab_to(browser, is_button("Find something on the Display tab."))
    keyboard.enter(browser)
    assert browser.current_url == showcase.url + "/shop"
    keyboard.tab_to(browser, is_button("Showcase"))
    keyboard.enter(browser)
    assert browser.current_url == showcase.url + "/"
