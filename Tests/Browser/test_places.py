"""Places: the Vacation in Vegas tutorial, as a user goes through it."""

from selenium.webdriver.common.by import By

from harness import api, click_and_wait, keyboard, notice, overflows_sideways, text_of, type_and_submit

SAMPLES = ["Bellagio", "Excalibur", "Luxor", "Paris", "Stratosphere", "Treasure Island"]


def names(browser):
    return [element.text for element in browser.find_elements(By.CSS_SELECTOR, "ul.places .name")]


def starred(browser):
    rows = browser.find_elements(By.CSS_SELECTOR, "ul.places li")
    return [row.find_element(By.CSS_SELECTOR, ".name").text for row in rows if row.find_elements(By.CSS_SELECTOR, ".star")]


def search(browser, text):
    type_and_submit(browser, browser.find_element(By.ID, "search"), text)


def submit_form(browser):
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form.fields button[type=submit]"))


def open_place(browser, showcase, name):
    browser.get(showcase.url + "/places")
    click_and_wait(browser, browser.find_element(By.XPATH, f"//ul[@class='places']//a[.//span[@class='name' and text()='{name}']]"))
    assert text_of(browser, "h1").startswith(name)


def test_list_search_and_interested_filter(showcase, browser):
    browser.get(showcase.url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/places']"))
    assert names(browser) == SAMPLES
    assert starred(browser) == ["Bellagio", "Excalibur", "Paris"]
    pictures = browser.find_elements(By.CSS_SELECTOR, "ul.places img")
    assert len(pictures) == 6
    assert all(browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", p) == 320 for p in pictures)
    assert all("/picture.svg?v=" in p.get_attribute("src") for p in pictures)

    for text in ["lu", "LU", "Lúxor"]:
        search(browser, text)
        assert names(browser) == ["Luxor"], text
    assert browser.find_element(By.ID, "search").get_attribute("value") == "Lúxor"

    search(browser, "a")
    toggle = browser.find_element(By.CSS_SELECTOR, "button.toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and "☆" in toggle.text
    click_and_wait(browser, toggle)
    toggle = browser.find_element(By.CSS_SELECTOR, "button.toggle")
    assert toggle.get_attribute("aria-pressed") == "true" and "★" in toggle.text
    assert names(browser) == ["Bellagio", "Excalibur", "Paris"]
    assert "interested only" in text_of(browser, ".summary")
    search(browser, "island")  # the filter stays on while searching
    assert names(browser) == []
    assert "No place matches." in text_of(browser, "main")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button.toggle"))
    assert names(browser) == ["Treasure Island"]

    # Korean names are found too.
    status, _ = api(showcase.url + "/api/places", "POST", {"name": "벨라지오 분수", "latitude": 36.113, "longitude": -115.174})
    assert status == 201
    search(browser, "분수")
    assert names(browser) == ["벨라지오 분수"]


def test_samples_come_on_first_run_only(showcase, browser):
    open_place(browser, showcase, "Luxor")
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Delete"))
    assert text_of(browser, "h1") == "Delete “Luxor”?"
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button.danger"))
    assert notice(browser) == "“Luxor” was deleted."
    assert names(browser) == [n for n in SAMPLES if n != "Luxor"]

    showcase.restart()
    browser.get(showcase.url + "/places")
    assert names(browser) == [n for n in SAMPLES if n != "Luxor"]

    _, listed = api(showcase.url + "/api/places")
    for place in listed["places"]:
        assert api(showcase.url + "/api/places/" + place["id"], "DELETE")[0] == 204
    showcase.restart()
    browser.get(showcase.url + "/places")
    assert names(browser) == []
    assert "There are no places yet." in text_of(browser, "main")


def test_adding_an_existing_name_updates_it_and_says_so(showcase, browser):
    browser.get(showcase.url + "/places")
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Add a place"))
    browser.find_element(By.ID, "name").send_keys("Luxor")
    browser.find_element(By.ID, "latitude").send_keys("36.0956")
    browser.find_element(By.ID, "longitude").send_keys("-115.1762")
    browser.find_element(By.ID, "interested").click()
    submit_form(browser)
    assert notice(browser) == ("A place called “Luxor” already existed, so it was updated with these values "
                               "instead of adding a second one.")
    assert text_of(browser, ".position") == "36.0956° N, 115.1762° W"
    browser.refresh()
    assert notice(browser) is None
    browser.get(showcase.url + "/places")
    assert names(browser) == SAMPLES
    assert starred(browser) == ["Bellagio", "Excalibur", "Luxor", "Paris"]

    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Add a place"))
    browser.find_element(By.ID, "name").send_keys("High Roller")
    browser.find_element(By.ID, "latitude").send_keys("36.1176")
    browser.find_element(By.ID, "longitude").send_keys("-115.1680")
    submit_form(browser)
    assert notice(browser) == "“High Roller” was added."
    # The notice belongs to that page: the list does not repeat it.
    browser.get(showcase.url + "/places")
    assert notice(browser) is None


def test_bad_input_is_explained_next_to_the_fields_and_kept(showcase, browser):
    browser.get(showcase.url + "/places/new")
    browser.find_element(By.ID, "name").send_keys("   ")
    browser.find_element(By.ID, "latitude").send_keys("north")
    browser.find_element(By.ID, "longitude").send_keys("-200")
    submit_form(browser)
    assert text_of(browser, "#name-error") == "Enter a name."
    assert text_of(browser, "#latitude-error") == "A latitude is a number from -90 to 90, such as 36.1129."
    assert text_of(browser, "#longitude-error") == "A longitude is a number from -180 to 180, such as -115.1765."
    assert browser.find_element(By.ID, "latitude").get_attribute("value") == "north"
    assert browser.find_element(By.ID, "longitude").get_attribute("aria-invalid") == "true"
    browser.get(showcase.url + "/places")
    assert names(browser) == SAMPLES

    # Renaming onto another place's name is refused next to the name.
    open_place(browser, showcase, "Luxor")
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Edit"))
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Paris")
    submit_form(browser)
    assert "Another place is already called “Paris”" in text_of(browser, "#name-error")


def test_interest_edit_images_and_map(showcase, browser):
    open_place(browser, showcase, "Luxor")
    click_and_wait(browser, browser.find_element(By.XPATH, "//button[contains(., 'Interested')]"))
    assert notice(browser) == "“Luxor” is marked as interesting."
    picture = browser.find_element(By.CSS_SELECTOR, "img.picture").get_attribute("src")
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Edit"))
    assert browser.find_element(By.ID, "interested").is_selected()
    browser.find_element(By.ID, "interested").click()
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Luxor Las Vegas")
    submit_form(browser)
    assert notice(browser) == "“Luxor Las Vegas” was saved."
    assert "Not marked as interesting." in text_of(browser, "main")
    # A renamed place is drawn anew, at a new URL (the old one may stay cached).
    assert browser.find_element(By.CSS_SELECTOR, "img.picture").get_attribute("src") != picture

    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Show Images"))
    figures = browser.find_elements(By.CSS_SELECTOR, ".gallery figure")
    assert [f.find_element(By.TAG_NAME, "figcaption").text.replace(" ★", "").replace("(interested)", "").strip()
            for f in figures] == ["Bellagio", "Excalibur", "Luxor Las Vegas", "Paris", "Stratosphere", "Treasure Island"]
    for figure in figures:
        image = figure.find_element(By.TAG_NAME, "img")
        assert browser.execute_script("return arguments[0].naturalWidth", image) == 320
        assert image.get_attribute("alt")
    assert "pyramid" in figures[2].find_element(By.TAG_NAME, "img").get_attribute("alt")

    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Map"))
    links = browser.find_elements(By.CSS_SELECTOR, "svg.map-canvas a")
    assert len(links) == 6
    labels = [link.find_element(By.CSS_SELECTOR, "text.label").text for link in links]
    assert sorted(labels) == sorted(["Bellagio", "Excalibur", "Luxor Las Vegas", "Paris", "Stratosphere", "Treasure Island"])
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.map-canvas .marker.interested")) == 3
    # A map link is reached with Tab, shows its focus, and opens its place with Enter.
    keyboard.tab_to(browser, lambda element: element.get_attribute("aria-label") == "Stratosphere")
    keyboard.enter(browser)
    assert text_of(browser, "h1") == "Stratosphere"
    browser.get(showcase.url + "/places/map")
    strat = browser.find_element(By.XPATH, "//*[local-name()='a'][.//*[local-name()='text' and text()='Stratosphere']]")
    click_and_wait(browser, strat.find_element(By.CSS_SELECTOR, "text.label"))
    assert text_of(browser, "h1") == "Stratosphere"


def test_narrow_screen(showcase, new_browser):
    status, long = api(showcase.url + "/api/places", "POST", {"name": "W" * 100, "latitude": 36.17, "longitude": -115.14})
    assert status == 201
    narrow = new_browser(width=390, height=844)
    assert narrow.execute_script("return window.innerWidth") == 390
    for path in ["/places/" + long["id"], "/places", "/places/images", "/places/map", "/places/new",
                 "/places?search=lu&interested=true"]:
        narrow.get(showcase.url + path)
        assert overflows_sideways(narrow) == [], path
    open_place(narrow, showcase, "Treasure Island")
    assert overflows_sideways(narrow) == []
    # Pages work without any script of their own.
    assert narrow.find_elements(By.CSS_SELECTOR, "script") == []


def test_dark_scheme(showcase, new_browser):
    dark = new_browser(color_scheme="dark")
    dark.get(showcase.url + "/places/map")
    assert dark.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(28, 28, 30)"
    assert dark.execute_script("return getComputedStyle(document.querySelector('.map .land')).fill") == "rgb(35, 40, 42)"
