"""The Shop's Test tab: the tutorial's @StateObject versus @ObservedObject experiment."""

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def is_gone(element):
    """Whether `element`'s document has been replaced (chromedriver says so in one of two ways)."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        raise


def follow(browser, element, submit_with=None):
    """Clicks `element` (or types `submit_with` into it) and waits until the page it leads to has loaded."""
    page = browser.find_element(By.TAG_NAME, "html")
    try:
        if submit_with is None:
            element.click()
        else:
            element.send_keys(*submit_with)
    except WebDriverException as error:
        # Chromedriver sometimes reports this when the click's navigation replaced the document before it finished
        # its own bookkeeping; the click happened, and the wait below fails if it did not.
        if "does not belong to the document" not in str(error):
            raise
    WebDriverWait(browser, 20).until(lambda _: is_gone(page))
    WebDriverWait(browser, 20).until(lambda driver: driver.execute_script("return document.readyState") == "complete")


def panel(browser, slug):
    return browser.find_element(By.CSS_SELECTOR, f"section.panel.{slug}")


def titles(browser, slug):
    return [e.text for e in panel(browser, slug).find_elements(By.CSS_SELECTOR, ".wish-list .title")]


def result_row(browser, heading):
    row = browser.find_element(By.XPATH, f"//table[contains(@class,'result')]//tr[th[text()='{heading}']]")
    return [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]


def press(browser, slug, label):
    follow(browser, panel(browser, slug).find_element(By.XPATH, f".//button[text()='{label}']"))


def test_result_table_after_emptying_the_cart(showcase, browser):
    browser.get(showcase.url + "/shop")
    follow(browser, browser.find_element(By.LINK_TEXT, "Test"))
    assert browser.current_url.endswith("/shop/test")
    assert panel(browser, "state-object").find_element(By.TAG_NAME, "h2").text == "@StateObject"
    assert panel(browser, "observed-object").find_element(By.TAG_NAME, "h2").text == "@ObservedObject"
    assert result_row(browser, "Products in its list") == ["0", "0"]

    press(browser, "state-object", "API 조회")
    press(browser, "observed-object", "API 조회")
    kept = titles(browser, "state-object")
    assert len(kept) == 1 and len(titles(browser, "observed-object")) == 1
    assert result_row(browser, "Products in its list") == ["1", "1"]
    assert browser.find_element(By.CSS_SELECTOR, ".render-count").text == "1"

    follow(browser, browser.find_element(By.XPATH, "//button[text()='장바구니 초기화']"))
    assert titles(browser, "state-object") == kept
    assert titles(browser, "observed-object") == []
    assert result_row(browser, "Products in its list") == ["1", "0"]
    assert result_row(browser, "Its view model was made at TestView render") == ["#1", "#2"]
    assert browser.find_element(By.CSS_SELECTOR, ".render-count").text == "2"
    explanation = browser.find_element(By.CSS_SELECTOR, "section.explanation").text
    assert "@StateObject belongs to the sub-view's identity" in explanation
    assert "every render of TestView makes a new, empty one" in explanation

    # A reload keeps both panels as they are and shows no notice again.
    browser.refresh()
    assert titles(browser, "state-object") == kept and titles(browser, "observed-object") == []
    assert browser.find_elements(By.CSS_SELECTOR, "main .notice") == []


def test_add_to_the_shared_cart(showcase, browser):
    browser.get(showcase.url + "/shop/test")
    press(browser, "state-object", "API 조회")
    title = titles(browser, "state-object")[0]
    press(browser, "state-object", "담기")
    cart = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".cart-lines .title")]
    assert cart == [title]
    assert f"“{title}” was added to the cart" in browser.find_element(By.CSS_SELECTOR, "main .notice").text
    # The cart is the Shop's: the Cart tab shows it.
    follow(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Cart (1)"))
    assert title in browser.find_element(By.TAG_NAME, "main").text
    follow(browser, browser.find_element(By.LINK_TEXT, "Test"))
    follow(browser, browser.find_element(By.XPATH, "//button[text()='장바구니 초기화']"))
    assert "The cart is empty." in browser.find_element(By.CSS_SELECTOR, "section.cart").text
    assert titles(browser, "state-object") == [title]


def test_keyboard_and_narrow_screen(showcase, browser):
    browser.set_window_size(390, 844)
    browser.get(showcase.url + "/shop/test")
    width = browser.execute_script("return window.innerWidth")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    # Stacked on a phone: the @ObservedObject panel is below the @StateObject one.
    top = panel(browser, "state-object").rect["y"]
    assert panel(browser, "observed-object").rect["y"] > top
    button = panel(browser, "state-object").find_element(By.XPATH, ".//button[text()='API 조회']")
    assert browser.execute_script("arguments[0].focus(); return document.activeElement === arguments[0]", button)
    assert browser.find_elements(By.CSS_SELECTOR, "main script") == []
