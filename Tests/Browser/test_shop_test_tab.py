"""The Shop's Test tab: the tutorial's @StateObject versus @ObservedObject experiment."""

from selenium.webdriver.common.by import By

from harness import cart_tab, click_and_wait, keyboard, notice, overflows_sideways, text_of


def panel(browser, slug):
    return browser.find_element(By.CSS_SELECTOR, f"section.panel.{slug}")


def titles(browser, slug):
    return [e.text for e in panel(browser, slug).find_elements(By.CSS_SELECTOR, ".wish-list .title")]


def result_row(browser, heading):
    row = browser.find_element(By.XPATH, f"//table[contains(@class,'result')]//tr[th[text()='{heading}']]")
    return [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]


def press(browser, slug, label):
    click_and_wait(browser, panel(browser, slug).find_element(By.XPATH, f".//button[text()='{label}']"))


def empty_the_cart(browser):
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='장바구니 초기화']"))


def test_result_table_after_emptying_the_cart(showcase, browser):
    browser.get(showcase.url + "/shop")
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Test"))
    assert browser.current_url.endswith("/shop/test")
    assert panel(browser, "state-object").find_element(By.TAG_NAME, "h2").text == "@StateObject"
    assert panel(browser, "observed-object").find_element(By.TAG_NAME, "h2").text == "@ObservedObject"
    assert result_row(browser, "Products in its list") == ["0", "0"]

    press(browser, "state-object", "API 조회")
    press(browser, "observed-object", "API 조회")
    kept = titles(browser, "state-object")
    assert len(kept) == 1 and len(titles(browser, "observed-object")) == 1
    assert result_row(browser, "Products in its list") == ["1", "1"]
    assert text_of(browser, ".render-count") == "1"

    empty_the_cart(browser)
    assert notice(browser) == "The cart was emptied (0 items), so TestView rendered again."
    assert titles(browser, "state-object") == kept
    assert titles(browser, "observed-object") == []
    assert result_row(browser, "Products in its list") == ["1", "0"]
    assert result_row(browser, "Its view model was made at TestView render") == ["#1", "#2"]
    assert text_of(browser, ".render-count") == "2"
    explanation = text_of(browser, "section.explanation")
    assert "@StateObject belongs to the sub-view's identity" in explanation
    assert "every render of TestView makes a new, empty one" in explanation

    # A reload keeps both panels as they are and shows no notice again.
    browser.refresh()
    assert titles(browser, "state-object") == kept and titles(browser, "observed-object") == []
    assert notice(browser) is None


def test_add_to_the_shared_cart(showcase, browser):
    browser.get(showcase.url + "/shop/test")
    press(browser, "state-object", "API 조회")
    title = titles(browser, "state-object")[0]
    press(browser, "state-object", "담기")
    cart = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".cart-lines .title")]
    assert cart == [title]
    assert f"“{title}” was added to the cart" in notice(browser)
    assert cart_tab(browser) == "SDCart (1)"
    # The cart is the Shop's: the Cart tab shows it.
    click_and_wait(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "SDCart (1)"))
    assert title in text_of(browser, "main")
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Test"))
    empty_the_cart(browser)
    assert "The cart is empty." in text_of(browser, "section.cart")
    assert titles(browser, "state-object") == [title]


def test_keyboard_and_narrow_screen(showcase, new_browser):
    narrow = new_browser(width=390, height=844)
    narrow.get(showcase.url + "/shop/test")
    assert overflows_sideways(narrow) == []
    # Stacked on a phone: the @ObservedObject panel is below the @StateObject one.
    assert panel(narrow, "observed-object").rect["y"] > panel(narrow, "state-object").rect["y"]
    # The experiment with the keyboard alone: fetch in the @StateObject panel, then empty the cart.
    keyboard.tab_to(narrow, "API 조회")
    keyboard.enter(narrow)
    assert len(titles(narrow, "state-object")) == 1
    keyboard.tab_to(narrow, "장바구니 초기화")
    keyboard.enter(narrow)
    assert len(titles(narrow, "state-object")) == 1
    assert text_of(narrow, ".render-count") == "2"
    assert overflows_sideways(narrow) == []
    assert narrow.find_elements(By.CSS_SELECTOR, "main script") == []
