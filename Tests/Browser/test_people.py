"""People: the SwiftData CRUD tutorial, as a user goes through it."""

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


def rows(browser):
    return [(row.find_element(By.CSS_SELECTOR, "td.name").text, row.find_elements(By.TAG_NAME, "td")[1].text)
            for row in browser.find_elements(By.CSS_SELECTOR, "table.people tbody tr")]


def add(browser, name, age):
    browser.find_element(By.ID, "name").send_keys(name)
    browser.find_element(By.ID, "age").send_keys(age)
    follow(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))


def notice(browser):
    found = browser.find_elements(By.CSS_SELECTOR, "main .notice")
    return found[0].text if found else None


def test_add_list_edit_delete(showcase, browser):
    browser.get(showcase.url + "/")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/people']"))
    assert "이름" in browser.find_element(By.CSS_SELECTOR, "label[for=name]").text
    assert "나이" in browser.find_element(By.CSS_SELECTOR, "label[for=age]").text
    assert "데이터" in browser.find_element(By.ID, "data-heading").text
    assert rows(browser) == []

    add(browser, "홍길동", "30")
    assert notice(browser) == "“홍길동” (30) was added."
    add(browser, "  Ada ", "036")
    add(browser, "Ada", "9")
    assert rows(browser) == [("Ada", "9"), ("Ada", "36"), ("홍길동", "30")]
    browser.refresh()
    assert notice(browser) is None

    follow(browser, browser.find_element(By.CSS_SELECTOR, "a[aria-label='Edit 홍길동, 30']"))
    assert browser.find_element(By.ID, "age").get_attribute("value") == "30"
    age = browser.find_element(By.ID, "age")
    age.clear()
    age.send_keys("31")
    follow(browser, browser.find_element(By.XPATH, "//button[text()='Save']"))
    assert notice(browser) == "“홍길동” (31) was saved."

    # Delete asks first; Cancel keeps the person.
    follow(browser, browser.find_element(By.CSS_SELECTOR, "a[aria-label='Delete Ada, 9']"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Delete “Ada”?"
    follow(browser, browser.find_element(By.LINK_TEXT, "Cancel"))
    assert len(rows(browser)) == 3
    follow(browser, browser.find_element(By.CSS_SELECTOR, "a[aria-label='Delete Ada, 9']"))
    follow(browser, browser.find_element(By.CSS_SELECTOR, "main form button.danger"))
    assert notice(browser) == "“Ada” (9) was deleted."
    assert rows(browser) == [("Ada", "36"), ("홍길동", "31")]


def test_validation_messages_next_to_the_fields(showcase, browser):
    browser.get(showcase.url + "/people")
    add(browser, "   ", "abc")
    assert browser.find_element(By.ID, "name-error").text == "Enter a name (이름)."
    assert browser.find_element(By.ID, "age-error").text == "The age (나이) must be a whole number from 0 to 150, such as 36."
    assert browser.find_element(By.ID, "age").get_attribute("value") == "abc"
    assert browser.find_element(By.ID, "name").get_attribute("aria-invalid") == "true"
    assert rows(browser) == []

    browser.find_element(By.ID, "name").send_keys("Methuselah")
    age = browser.find_element(By.ID, "age")
    age.clear()
    age.send_keys("151")
    follow(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))
    assert browser.find_elements(By.ID, "name-error") == []
    assert browser.find_element(By.ID, "age-error").text == "The age (나이) must be a whole number from 0 to 150, such as 36."
    assert "Methuselah" in browser.find_element(By.ID, "name").get_attribute("value")
    age = browser.find_element(By.ID, "age")
    age.clear()
    age.send_keys("150")
    follow(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))
    assert rows(browser) == [("Methuselah", "150")]


def test_person_links_survive_a_restart(showcase, browser):
    browser.get(showcase.url + "/people")
    add(browser, "Grace", "85")
    edit_url = browser.find_element(By.CSS_SELECTOR, "a[aria-label='Edit Grace, 85']").get_attribute("href")
    showcase.restart()
    browser.get(edit_url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Edit “Grace”"
    assert browser.find_element(By.ID, "age").get_attribute("value") == "85"


def test_narrow_screen(showcase, browser):
    browser.set_window_size(390, 844)
    browser.get(showcase.url + "/people")
    add(browser, "Alexandrina Victoria of Saxe-Coburg and Gotha", "81")
    add(browser, "x" * 100, "1")
    width = browser.execute_script("return window.innerWidth")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
