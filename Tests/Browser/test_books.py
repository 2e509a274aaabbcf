"""The BookStore (/books), as a user goes through the tutorial: search, open, save, save again, save another, delete
one, undo, undo, redo, delete all — with real clicks and typing, checking what the page shows and what the store
file holds after every step, and after restarts. Offline: the showcase runs without a Kakao key, on the bundled
real responses."""

import sqlite3
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import WebDriverWait

from conftest import new_browser

FIRST = "9788996991342"  # 미움받을 용기
SECOND = "9791186560655"  # 미움받을 용기(특별 합본호)(한정판)(양장본 HardCover)


@pytest.fixture(autouse=True)
def offline(monkeypatch):
    """The showcase started by the `showcase` fixture inherits the environment: make sure it has no key."""
    monkeypatch.delenv("KAKAO_REST_API_KEY", raising=False)


def follow(browser, element, *keys):
    """Clicks `element` (or types `keys` into it), then waits until the browser has left the page: a click on a link
    or a submit button returns before the next page is there, so reading at once could read the old page."""
    old = browser.find_element(By.TAG_NAME, "html")
    if keys:
        element.send_keys(*keys)
    else:
        element.click()
    WebDriverWait(browser, 30).until(staleness_of(old))


def stored(showcase):
    """The saved books' ISBNs in the list's order, read from the store file itself."""
    path = showcase.data_dir / "books.store"
    if not path.exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in connection.execute('SELECT "isbn" FROM "MarkedBookModel" ORDER BY "savedAt"')]
    finally:
        connection.close()


def notice(browser):
    found = browser.find_elements(By.CSS_SELECTOR, "main .notice:not(.offline)")
    return found[0].text.strip() if found else None


def saved_titles(browser):
    return [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".saved-books .title")]


def button_enabled(browser, identifier):
    return browser.find_element(By.ID, identifier).is_enabled()


def search(browser, showcase, query):
    browser.get(showcase.url + "/books")
    box = browser.find_element(By.ID, "query")
    box.clear()
    box.send_keys(query)
    follow(browser, box, Keys.ENTER)


def test_tutorial_scenario_through_the_pages(showcase, browser):
    browser.get(showcase.url + "/")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/books']"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "검색"
    assert "오프라인" in browser.find_element(By.CSS_SELECTOR, ".notice.offline").text

    # Search.
    search(browser, showcase, "미움받을 용기")
    assert "“미움받을 용기” 검색 결과 15권 · 1쪽" in browser.find_element(By.CSS_SELECTOR, ".results-summary").text
    rows = browser.find_elements(By.CSS_SELECTOR, ".results li.book")
    assert len(rows) == 10
    assert rows[0].find_element(By.CSS_SELECTOR, ".authors").text == "기시미 이치로, 고가 후미타케"
    assert "판매가 13,410원" in rows[0].text
    results_url = browser.current_url

    # Open the first book, save it.
    follow(browser, rows[0].find_element(By.CSS_SELECTOR, "a.book-link"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "미움받을 용기"
    assert browser.find_element(By.CSS_SELECTOR, "dd.translators").text == "전경아"
    assert browser.find_element(By.CSS_SELECTOR, "dd.date").text == "2014-11-17"
    assert notice(browser) is None
    follow(browser, browser.find_element(By.XPATH, "//button[text()='담기']"))
    assert notice(browser) == "책이 리스트에 추가되었습니다."
    assert stored(showcase) == [FIRST]
    browser.refresh()
    assert notice(browser) is None  # a one-time notice, never repeated

    # Save again: already saved.
    follow(browser, browser.find_element(By.XPATH, "//button[text()='담기']"))
    assert notice(browser) == "이미 담긴 책입니다."
    assert stored(showcase) == [FIRST]

    # Close: back to the same query and page.
    follow(browser, browser.find_element(By.LINK_TEXT, "닫기"))
    closed = urlsplit(browser.current_url)
    assert closed.path == urlsplit(results_url).path == "/books"
    assert parse_qs(closed.query) == {"query": ["미움받을 용기"], "page": ["1"]}
    assert "“미움받을 용기” 검색 결과 15권 · 1쪽" in browser.find_element(By.CSS_SELECTOR, ".results-summary").text
    assert browser.find_element(By.ID, "query").get_attribute("value") == "미움받을 용기"

    # Save another.
    follow(browser, browser.find_elements(By.CSS_SELECTOR, ".results li.book a.book-link")[1])
    follow(browser, browser.find_element(By.XPATH, "//button[text()='담기']"))
    assert notice(browser) == "책이 리스트에 추가되었습니다."
    assert stored(showcase) == [FIRST, SECOND]

    # The saved books: nothing undone yet, so Redo is disabled.
    follow(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "담은 책 리스트"))
    assert len(saved_titles(browser)) == 2
    assert button_enabled(browser, "undo") and not button_enabled(browser, "redo")

    # Delete one, behind a confirmation.
    follow(browser, browser.find_element(By.CSS_SELECTOR, f"a[href='/books/saved/{FIRST}/delete']"))
    assert "삭제할까요" in browser.find_element(By.TAG_NAME, "h1").text
    follow(browser, browser.find_element(By.XPATH, "//button[text()='삭제']"))
    assert notice(browser) == "“미움받을 용기” 책을 리스트에서 삭제했습니다."
    assert saved_titles(browser) == ["미움받을 용기(특별 합본호)(한정판)(양장본 HardCover)"]
    assert stored(showcase) == [SECOND]

    # Undo: it is back.
    follow(browser, browser.find_element(By.ID, "undo"))
    assert notice(browser) == "마지막 변경을 되돌렸습니다 (Undo)."
    assert saved_titles(browser)[0] == "미움받을 용기" and len(saved_titles(browser)) == 2
    assert button_enabled(browser, "undo") and button_enabled(browser, "redo")
    assert stored(showcase) == [FIRST, SECOND]

    # Undo: the second save is gone.
    follow(browser, browser.find_element(By.ID, "undo"))
    assert saved_titles(browser) == ["미움받을 용기"]
    assert stored(showcase) == [FIRST]

    # Redo: the second save again.
    follow(browser, browser.find_element(By.ID, "redo"))
    assert notice(browser) == "되돌린 변경을 다시 적용했습니다 (Redo)."
    assert len(saved_titles(browser)) == 2
    assert stored(showcase) == [FIRST, SECOND]
    browser.refresh()
    assert notice(browser) is None and len(saved_titles(browser)) == 2

    # A restart shows what the page showed; the undo history does not survive it.
    showcase.restart()
    browser.get(showcase.url + "/books/saved")
    assert len(saved_titles(browser)) == 2
    assert not button_enabled(browser, "undo") and not button_enabled(browser, "redo")

    # Delete all, behind a confirmation: the empty notice.
    follow(browser, browser.find_element(By.LINK_TEXT, "전체 삭제"))
    assert "담은 책 2권을 모두 삭제할까요?" in browser.find_element(By.TAG_NAME, "main").text
    follow(browser, browser.find_element(By.XPATH, "//button[text()='모두 삭제']"))
    assert notice(browser) == "담은 책 2권을 모두 삭제했습니다."
    assert browser.find_element(By.CSS_SELECTOR, ".saved-books .empty").text == "담은 책이 없습니다"
    assert stored(showcase) == []
    follow(browser, browser.find_element(By.LINK_TEXT, "전체 삭제"))
    assert browser.find_element(By.CSS_SELECTOR, "main .empty").text == "담은 책이 없습니다."

    showcase.restart()
    browser.get(showcase.url + "/books/saved")
    assert browser.find_element(By.CSS_SELECTOR, ".saved-books .empty").text == "담은 책이 없습니다"
    assert stored(showcase) == []


def test_paging_follows_is_end_and_offline_misses_are_honest(showcase, browser):
    search(browser, showcase, "우주")
    assert not browser.find_elements(By.CSS_SELECTOR, "a[rel='prev']")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "a[rel='next']"))
    assert "page=2" in browser.current_url
    assert "2쪽이 없습니다" in browser.find_element(By.CSS_SELECTOR, ".results .empty").text
    assert not browser.find_elements(By.CSS_SELECTOR, "a[rel='next']")
    follow(browser, browser.find_element(By.CSS_SELECTOR, "a[rel='prev']"))
    assert len(browser.find_elements(By.CSS_SELECTOR, ".results li.book")) == 10

    search(browser, showcase, "해리포터")
    text = browser.find_element(By.CSS_SELECTOR, ".results .empty").text
    assert "오프라인에서는 “해리포터”의 검색 결과가 없습니다." in text
    assert not browser.find_elements(By.CSS_SELECTOR, ".results li.book")

    # Kakao's `Q&amp;A` is decoded once and shown as text.
    search(browser, showcase, "미움받을 용기")
    follow(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "아들러 선생님 고민있어요"))
    contents = browser.find_element(By.CSS_SELECTOR, "p.contents").text
    assert "‘Q&A’" in contents and "&amp;" not in contents


def tab(browser):
    ActionChains(browser).send_keys(Keys.TAB).perform()
    return browser.switch_to.active_element


def test_keyboard_only_with_visible_focus(showcase, browser):
    browser.get(showcase.url + "/books")
    # Tab from the top of the page to the query box: every stop on the way shows a focus outline.
    active = None
    for _ in range(12):
        active = tab(browser)
        assert active.value_of_css_property("outline-style") not in ("none", ""), active.get_attribute("outerHTML")
        if active.get_attribute("id") == "query":
            break
    assert active.get_attribute("id") == "query"
    follow(browser, active, "이펙티브", Keys.ENTER)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".results li.book")) == 5
    # The first result is reachable by Tab and opens with Enter.
    for _ in range(12):
        active = tab(browser)
        if "book-link" in (active.get_attribute("class") or ""):
            break
    assert "book-link" in active.get_attribute("class")
    assert active.value_of_css_property("outline-style") not in ("none", "")
    follow(browser, active, Keys.ENTER)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Effective C#(이펙티브)(3판)"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_nothing_overflows_at_390_px(showcase, request, scheme):
    narrow = new_browser(width=390, height=844, color_scheme=scheme)
    request.node.browser_drivers = [narrow]
    request.addfinalizer(narrow.quit)  # after the failure report has saved its screenshot
    narrow.get(showcase.url + "/books?query=" + "미움받을 용기")
    follow(narrow, narrow.find_elements(By.CSS_SELECTOR, ".results li.book a.book-link")[1])
    follow(narrow, narrow.find_element(By.XPATH, "//button[text()='담기']"))
    pages = [
        "/books", "/books?query=미움받을 용기", "/books?query=우주&page=2",
        f"/books/book/{SECOND}?query=미움받을 용기&page=1", "/books/saved", f"/books/saved/{SECOND}/delete",
        "/books/saved/delete-all",
    ]
    for path in pages:
        narrow.get(showcase.url + path)
        overflow = narrow.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} overflows by {overflow}px in {scheme}"
        assert narrow.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        # The page's own background (a transparent one shows the browser's canvas, which follows the scheme).
        luminance = narrow.execute_script(
            "const [r, g, b, a] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);"
            "return a === 0 ? null : (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;")
        if luminance is not None:
            assert (luminance < 0.3) if scheme == "dark" else (luminance > 0.7), f"{path}: {luminance} in {scheme}"


def test_no_accessibility_violations(showcase, browser, request):
    """axe-core (bundled with axe-selenium-python, no network) on every BookStore page, in both colour schemes."""
    from axe_selenium_python import Axe

    search(browser, showcase, "미움받을 용기")
    follow(browser, browser.find_elements(By.CSS_SELECTOR, ".results li.book a.book-link")[0])
    follow(browser, browser.find_element(By.XPATH, "//button[text()='담기']"))
    pages = [
        "/books", "/books?query=미움받을 용기", "/books?query=우주&page=2", f"/books/book/{FIRST}?query=미움받을 용기&page=1",
        "/books/saved", f"/books/book/{FIRST}?from=saved", f"/books/saved/{FIRST}/delete", "/books/saved/delete-all",
    ]
    dark = new_browser(color_scheme="dark")
    request.node.browser_drivers = [browser, dark]
    request.addfinalizer(dark.quit)
    for scheme, driver in (("light", browser), ("dark", dark)):
        for path in pages:
            driver.get(showcase.url + path)
            axe = Axe(driver)
            axe.inject()
            violations = axe.run()["violations"]
            assert not violations, f"{path} ({scheme}): " + "; ".join(
                f"{v['id']}: {[node['target'] for node in v['nodes']]}" for v in violations)
