"""People: the SwiftData CRUD tutorial, as a user goes through it."""

from selenium.webdriver.common.by import By

from harness import click_and_wait, keyboard, notice, overflows_sideways, text_of


def rows(browser):
    return [(row.find_element(By.CSS_SELECTOR, "td.name").text, row.find_elements(By.TAG_NAME, "td")[1].text)
            for row in browser.find_elements(By.CSS_SELECTOR, "table.people tbody tr")]


def add(browser, name, age):
    browser.find_element(By.ID, "name").send_keys(name)
    browser.find_element(By.ID, "age").send_keys(age)
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))


def retype(browser, field_id, text):
    field = browser.find_element(By.ID, field_id)
    field.clear()
    field.send_keys(text)


def test_add_list_edit_delete(showcase, browser):
    browser.get(showcase.url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/people']"))
    assert "이름" in text_of(browser, "label[for=name]")
    assert "나이" in text_of(browser, "label[for=age]")
    assert "데이터" in text_of(browser, "#data-heading")
    assert rows(browser) == []

    add(browser, "홍길동", "30")
    assert notice(browser) == "“홍길동” (30) was added."
    add(browser, "  Ada ", "036")
    add(browser, "Ada", "9")
    assert rows(browser) == [("Ada", "9"), ("Ada", "36"), ("홍길동", "30")]
    browser.refresh()
    assert notice(browser) is None

    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[aria-label='Edit 홍길동, 30']"))
    assert browser.find_element(By.ID, "age").get_attribute("value") == "30"
    retype(browser, "age", "31")
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Save']"))
    assert notice(browser) == "“홍길동” (31) was saved."

    # Delete asks first; Cancel keeps the person.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[aria-label='Delete Ada, 9']"))
    assert text_of(browser, "h1") == "Delete “Ada”?"
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Cancel"))
    assert len(rows(browser)) == 3
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[aria-label='Delete Ada, 9']"))
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button.danger"))
    assert notice(browser) == "“Ada” (9) was deleted."
    assert rows(browser) == [("Ada", "36"), ("홍길동", "31")]


def test_validation_messages_next_to_the_fields(showcase, browser):
    browser.get(showcase.url + "/people")
    add(browser, "   ", "abc")
    assert text_of(browser, "#name-error") == "Enter a name (이름)."
    assert text_of(browser, "#age-error") == "The age (나이) must be a whole number from 0 to 150, such as 36."
    assert browser.find_element(By.ID, "age").get_attribute("value") == "abc"
    assert browser.find_element(By.ID, "name").get_attribute("aria-invalid") == "true"
    assert rows(browser) == []

    browser.find_element(By.ID, "name").send_keys("Methuselah")
    retype(browser, "age", "151")
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))
    assert browser.find_elements(By.ID, "name-error") == []
    assert text_of(browser, "#age-error") == "The age (나이) must be a whole number from 0 to 150, such as 36."
    assert "Methuselah" in browser.find_element(By.ID, "name").get_attribute("value")
    retype(browser, "age", "150")
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='추가하기']"))
    assert rows(browser) == [("Methuselah", "150")]


def test_person_links_survive_a_restart(showcase, browser):
    browser.get(showcase.url + "/people")
    add(browser, "Grace", "85")
    edit_url = browser.find_element(By.CSS_SELECTOR, "a[aria-label='Edit Grace, 85']").get_attribute("href")
    showcase.restart()
    browser.get(edit_url)
    assert text_of(browser, "h1") == "Edit “Grace”"
    assert browser.find_element(By.ID, "age").get_attribute("value") == "85"


def test_keyboard_only(showcase, browser):
    browser.get(showcase.url + "/people")
    keyboard.tab_to(browser, lambda element: element.get_attribute("id") == "name").send_keys("Alan")
    keyboard.tab_to(browser, lambda element: element.get_attribute("id") == "age").send_keys("41")
    keyboard.tab_to(browser, "추가하기")
    keyboard.enter(browser)
    assert notice(browser) == "“Alan” (41) was added."
    keyboard.tab_to(browser, lambda element: element.get_attribute("aria-label") == "Delete Alan, 41")
    keyboard.enter(browser)
    keyboard.tab_to(browser, "Delete")
    keyboard.enter(browser)
    assert notice(browser) == "“Alan” (41) was deleted."
    assert rows(browser) == []


def test_narrow_screen(showcase, new_browser):
    narrow = new_browser(width=390, height=844)
    narrow.get(showcase.url + "/people")
    add(narrow, "Alexandrina Victoria of Saxe-Coburg and Gotha", "81")
    add(narrow, "x" * 100, "1")
    assert narrow.execute_script("return window.innerWidth") == 390
    assert overflows_sideways(narrow) == []
