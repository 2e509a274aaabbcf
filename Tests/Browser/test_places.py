"""Places: the Vacation in Vegas tutorial, as a user goes through it."""

import json
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.common.keys import Keys

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


SAMPLES = ["Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island"]


def names(browser):
    return [element.text for element in browser.find_elements(By.CSS_SELECTOR, "ul.places .name")]


def starred(browser):
    rows = browser.find_elements(By.CSS_SELECTOR, "ul.places li")
    return [row.find_element(By.CSS_SELECTOR, ".name").text for row in rows if row.find_elements(By.CSS_SELECTOR, ".star")]


def search(browser, text):
    field = browser.find_element(By.ID, "search")
    field.clear()
    follow(browser, field, submit_with=(text, Keys.ENTER))


def notice(browser):
    found = browser.find_elements(By.CSS_SELECTOR, "main .notice")
    return found[0].text if found else None


def api(showcase, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(showcase.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        text = response.read().decode()
        return response.status, (json.loads(text) if text else None)


def open_place(browser, showcase, name):
    browser.get(showcase.url + "/places")
    follow(browser, browser.find_element(By.XPATH, f"//ul[@class='places']//a[.//span[@class='name' and text()='{name}']]"))
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith(name)


def test_list_search_and_interested_filter(showcase, browser):
    browser.get(showcase.url + "/")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/places']"))
    assert names(browser) == SAMPLES
    assert starred(browser) == ["Bellagio", "Excalibur", "Paris"]
    pictures = browser.find_elements(By.CSS_SELECTOR, "ul.places img")
    assert len(pictures) == 6
    assert all(browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", p) == 320 for p in pictures)

    for text in ["lu", "LU", "Lúxor"]:
        search(browser, text)
        assert names(browser) == ["Luxor"], text
    assert browser.find_element(By.ID, "search").get_attribute("value") == "Lúxor"

    search(browser, "a")
    toggle = browser.find_element(By.CSS_SELECTOR, "button.toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and "☆" in toggle.text
    follow(browser, toggle)
    toggle = browser.find_element(By.CSS_SELECTOR, "button.toggle")
    assert toggle.get_attribute("aria-pressed") == "true" and "★" in toggle.text
    assert names(browser) == ["Bellagio", "Excalibur", "Paris"]
    assert "interested only" in browser.find_element(By.CSS_SELECTOR, ".summary").text
    search(browser, "island")  # the filter stays on while searching
    assert names(browser) == []
    assert "No place matches." in browser.find_element(By.TAG_NAME, "main").text
    follow(browser, browser.find_element(By.CSS_SELECTOR, "button.toggle"))
    assert names(browser) == ["Treasure Island"]

    # Korean names are found too.
    api(showcase, "POST", "/api/places", {"name": "벨라지오 분수", "latitude": 36.113, "longitude": -115.174})
    search(browser, "분수")
    assert names(browser) == ["벨라지오 분수"]


def test_samples_come_on_first_run_only(showcase, browser):
    open_place(browser, showcase, "Luxor")
    follow(browser, browser.find_element(By.LINK_TEXT, "Delete"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Delete “Luxor”?"
    follow(browser, browser.find_element(By.CSS_SELECTOR, "main form button.danger"))
    assert notice(browser) == "“Luxor” was deleted."
    assert names(browser) == [n for n in SAMPLES if n != "Luxor"]

    showcase.restart()
    browser.get(showcase.url + "/places")
    assert names(browser) == [n for n in SAMPLES if n != "Luxor"]

    _, listed = api(showcase, "GET", "/api/places")
    for place in listed["places"]:
        assert api(showcase, "DELETE", "/api/places/" + place["id"])[0] == 204
    showcase.restart()
    browser.get(showcase.url + "/places")
    assert names(browser) == []
    assert "There are no places yet." in browser.find_element(By.TAG_NAME, "main").text


def test_adding_an_existing_name_updates_it_and_says_so(showcase, browser):
    browser.get(showcase.url + "/places")
    follow(browser, browser.find_element(By.LINK_TEXT, "Add a place"))
    browser.find_element(By.ID, "name").send_keys("Luxor")
    browser.find_element(By.ID, "latitude").send_keys("36.0956")
    browser.find_element(By.ID, "longitude").send_keys("-115.1762")
    browser.find_element(By.ID, "interested").click()
    follow(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    assert notice(browser) == ("A place called “Luxor” already existed, so it was updated with these values "
                               "instead of adding a second one.")
    assert browser.find_element(By.CSS_SELECTOR, ".position").text == "36.0956° N, 115.1762° W"
    browser.refresh()
    assert notice(browser) is None
    browser.get(showcase.url + "/places")
    assert names(browser) == SAMPLES
    assert starred(browser) == ["Bellagio", "Excalibur", "Luxor", "Paris"]

    follow(browser, browser.find_element(By.LINK_TEXT, "Add a place"))
    browser.find_element(By.ID, "name").send_keys("High Roller")
    browser.find_element(By.ID, "latitude").send_keys("36.1176")
    browser.find_element(By.ID, "longitude").send_keys("-115.1680")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    assert notice(browser) == "“High Roller” was added."


def test_bad_input_is_explained_next_to_the_fields_and_kept(showcase, browser):
    browser.get(showcase.url + "/places/new")
    browser.find_element(By.ID, "name").send_keys("   ")
    browser.find_element(By.ID, "latitude").send_keys("north")
    browser.find_element(By.ID, "longitude").send_keys("-200")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    assert browser.find_element(By.ID, "name-error").text == "Enter a name."
    assert browser.find_element(By.ID, "latitude-error").text == "A latitude is a number from -90 to 90, such as 36.1129."
    assert browser.find_element(By.ID, "longitude-error").text == "A longitude is a number from -180 to 180, such as -115.1765."
    assert browser.find_element(By.ID, "latitude").get_attribute("value") == "north"
    assert browser.find_element(By.ID, "longitude").get_attribute("aria-invalid") == "true"
    browser.get(showcase.url + "/places")
    assert names(browser) == SAMPLES

    # Renaming onto another place's name is refused next to the name.
    open_place(browser, showcase, "Luxor")
    follow(browser, browser.find_element(By.LINK_TEXT, "Edit"))
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Paris")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    assert "Another place is already called “Paris”" in browser.find_element(By.ID, "name-error").text


def test_interest_edit_images_and_map(showcase, browser):
    open_place(browser, showcase, "Luxor")
    follow(browser, browser.find_element(By.XPATH, "//button[contains(., 'Interested')]"))
    assert notice(browser) == "“Luxor” is marked as interesting."
    follow(browser, browser.find_element(By.LINK_TEXT, "Edit"))
    assert browser.find_element(By.ID, "interested").is_selected()
    browser.find_element(By.ID, "interested").click()
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Luxor Las Vegas")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))
    assert notice(browser) == "“Luxor Las Vegas” was saved."
    assert "Not marked as interesting." in browser.find_element(By.TAG_NAME, "main").text

    follow(browser, browser.find_element(By.LINK_TEXT, "Show Images"))
    figures = browser.find_elements(By.CSS_SELECTOR, ".gallery figure")
    assert [f.find_element(By.TAG_NAME, "figcaption").text.replace(" ★", "").replace("(interested)", "").strip()
            for f in figures] == ["Bellagio", "Excalibur", "Luxor Las Vegas", "Paris", "Stratosphere", "Treasure Island"]
    for figure in figures:
        image = figure.find_element(By.TAG_NAME, "img")
        assert browser.execute_script("return arguments[0].naturalWidth", image) == 320
        assert image.get_attribute("alt")
    assert "pyramid" in figures[2].find_element(By.TAG_NAME, "img").get_attribute("alt")

    follow(browser, browser.find_element(By.LINK_TEXT, "Map"))
    links = browser.find_elements(By.CSS_SELECTOR, "svg.map-canvas a")
    assert len(links) == 6
    labels = [link.find_element(By.CSS_SELECTOR, "text.label").text for link in links]
    assert sorted(labels) == sorted(["Bellagio", "Excalibur", "Luxor Las Vegas", "Paris", "Stratosphere", "Treasure Island"])
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.map-canvas .marker.interested")) == 3
    strat = browser.find_element(By.XPATH, "//*[local-name()='a'][.//*[local-name()='text' and text()='Stratosphere']]")
    # Keyboard reachable: a map link takes focus.
    assert browser.execute_script("arguments[0].focus(); return document.activeElement === arguments[0]", strat)
    follow(browser, strat.find_element(By.CSS_SELECTOR, "text.label"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Stratosphere"


def test_narrow_screen(showcase, browser):
    status, long = api(showcase, "POST", "/api/places", {"name": "W" * 100, "latitude": 36.17, "longitude": -115.14})
    assert status == 201
    browser.set_window_size(390, 844)
    width = browser.execute_script("return window.innerWidth")
    browser.get(showcase.url + "/places/" + long["id"])
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    for path in ["/places", "/places/images", "/places/map", "/places/new", "/places?search=lu&interested=true"]:
        browser.get(showcase.url + path)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width, path
    open_place(browser, showcase, "Treasure Island")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    # Pages work without any script of their own.
    assert browser.find_elements(By.CSS_SELECTOR, "main script") == []


def test_dark_scheme(showcase):
    from conftest import new_browser
    driver = new_browser(color_scheme="dark")
    try:
        driver.get(showcase.url + "/places/map")
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        land = driver.execute_script("return getComputedStyle(document.querySelector('.map .land')).fill")
        assert background == "rgb(28, 28, 30)"
        assert land == "rgb(35, 40, 42)"
    finally:
        driver.quit()
