"""The BookStore (/books), as a user goes through the tutorial: search, open, save, save again, save another, delete
one, undo, undo, redo, delete all — with real clicks and typing, checking what the page shows and what the store
file holds after every step, and after restarts; then paging, and the keyboard alone. Offline: the suite's
showcase runs without a Kakao key, on the bundled real responses. How every BookStore page looks (light and dark,
1280 and 390 pixels, axe-core, the Content-Security-Policy) is in test_look.py."""

import sqlite3
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By

from harness import click_and_wait, keyboard, notice, text_of

FIRST = "9788996991342"  # 미움받을 용기
SECOND = "9791186560655"  # 미움받을 용기(특별 합본호)(한정판)(양장본 HardCover)


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


def saved_titles(browser):
    return [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".saved-books .title")]


def button_enabled(browser, identifier):
    return browser.find_element(By.ID, identifier).is_enabled()


def button(browser, label):
    return browser.find_element(By.XPATH, f"//button[normalize-space()='{label}']")


def result_links(browser):
    return browser.find_elements(By.CSS_SELECTOR, ".results li.book a.book-link")


def search(browser, showcase, query):
    """Types `query` into the search box and presses Enter, as a user does."""
    browser.get(showcase.url + "/books")
    box = browser.find_element(By.ID, "query")
    box.clear()
    box.send_keys(query)
    keyboard.enter(browser)


def test_tutorial_scenario_through_the_pages(showcase, browser):
    browser.get(showcase.url + "/")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/books']"))
    assert text_of(browser, "h1") == "검색"
    assert "오프라인" in text_of(browser, ".notice.offline")

    # Search.
    search(browser, showcase, "미움받을 용기")
    assert "“미움받을 용기” 검색 결과 15권 · 1쪽" in text_of(browser, ".results-summary")
    rows = browser.find_elements(By.CSS_SELECTOR, ".results li.book")
    assert len(rows) == 10
    assert rows[0].find_element(By.CSS_SELECTOR, ".authors").text == "기시미 이치로, 고가 후미타케"
    assert "판매가 13,410원" in rows[0].text
    results_url = browser.current_url

    # Open the first book, save it.
    click_and_wait(browser, rows[0].find_element(By.CSS_SELECTOR, "a.book-link"))
    assert text_of(browser, "h1") == "미움받을 용기"
    assert text_of(browser, "dd.translators") == "전경아"
    assert text_of(browser, "dd.date") == "2014-11-17"
    assert notice(browser) is None
    click_and_wait(browser, button(browser, "담기"))
    assert notice(browser) == "책이 리스트에 추가되었습니다."
    assert stored(showcase) == [FIRST]
    browser.refresh()
    assert notice(browser) is None  # a one-time notice, never repeated

    # Save again: already saved.
    click_and_wait(browser, button(browser, "담기"))
    assert notice(browser) == "이미 담긴 책입니다."
    assert stored(showcase) == [FIRST]

    # Close: back to the same query and page.
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "닫기"))
    closed = urlsplit(browser.current_url)
    assert closed.path == urlsplit(results_url).path == "/books"
    assert parse_qs(closed.query) == {"query": ["미움받을 용기"], "page": ["1"]}
    assert "“미움받을 용기” 검색 결과 15권 · 1쪽" in text_of(browser, ".results-summary")
    assert browser.find_element(By.ID, "query").get_attribute("value") == "미움받을 용기"

    # Save another.
    click_and_wait(browser, result_links(browser)[1])
    click_and_wait(browser, button(browser, "담기"))
    assert notice(browser) == "책이 리스트에 추가되었습니다."
    assert stored(showcase) == [FIRST, SECOND]

    # The saved books: nothing undone yet, so Redo is disabled.
    click_and_wait(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "담은 책 리스트"))
    assert len(saved_titles(browser)) == 2
    assert button_enabled(browser, "undo") and not button_enabled(browser, "redo")

    # Delete one, behind a confirmation.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, f"a[href='/books/saved/{FIRST}/delete']"))
    assert "삭제할까요" in text_of(browser, "h1")
    click_and_wait(browser, button(browser, "삭제"))
    assert notice(browser) == "“미움받을 용기” 책을 리스트에서 삭제했습니다."
    assert saved_titles(browser) == ["미움받을 용기(특별 합본호)(한정판)(양장본 HardCover)"]
    assert stored(showcase) == [SECOND]

    # Undo: it is back.
    click_and_wait(browser, browser.find_element(By.ID, "undo"))
    assert notice(browser) == "마지막 변경을 되돌렸습니다 (Undo)."
    assert saved_titles(browser)[0] == "미움받을 용기" and len(saved_titles(browser)) == 2
    assert button_enabled(browser, "undo") and button_enabled(browser, "redo")
    assert stored(showcase) == [FIRST, SECOND]

    # Undo: the second save is gone.
    click_and_wait(browser, browser.find_element(By.ID, "undo"))
    assert saved_titles(browser) == ["미움받을 용기"]
    assert stored(showcase) == [FIRST]

    # Redo: the second save again.
    click_and_wait(browser, browser.find_element(By.ID, "redo"))
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
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "전체 삭제"))
    assert "담은 책 2권을 모두 삭제할까요?" in text_of(browser, "main")
    click_and_wait(browser, button(browser, "모두 삭제"))
    assert notice(browser) == "담은 책 2권을 모두 삭제했습니다."
    assert text_of(browser, ".saved-books .empty") == "담은 책이 없습니다"
    assert stored(showcase) == []
    click_and_wait(browser, browser.find_element(By.LINK_TEXT, "전체 삭제"))
    assert text_of(browser, "main .empty") == "담은 책이 없습니다."

    showcase.restart()
    browser.get(showcase.url + "/books/saved")
    assert text_of(browser, ".saved-books .empty") == "담은 책이 없습니다"
    assert stored(showcase) == []


def test_paging_follows_is_end_and_offline_misses_are_honest(showcase, browser):
    # Kakao has more than the bundled page 1, but page 2 is not bundled: no Next to a dead end; the page says why.
    for query in ["우주", "미움받을 용기"]:
        search(browser, showcase, query)
        assert not browser.find_elements(By.CSS_SELECTOR, "a[rel='prev']")
        assert not browser.find_elements(By.CSS_SELECTOR, "a[rel='next']")
        assert text_of(browser, ".results .more-offline") == "더 많은 결과는 Kakao REST API 키가 있어야 볼 수 있습니다."
        assert len(browser.find_elements(By.CSS_SELECTOR, ".results li.book")) == 10

    # A page that is not bundled, asked for by its URL, says so and leads back.
    browser.get(showcase.url + "/books?query=%EC%9A%B0%EC%A3%BC&page=2")
    assert "2쪽이 없습니다" in text_of(browser, ".results .empty")
    assert not browser.find_elements(By.CSS_SELECTOR, "a[rel='next']")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[rel='prev']"))
    assert len(browser.find_elements(By.CSS_SELECTOR, ".results li.book")) == 10

    search(browser, showcase, "해리포터")
    assert "오프라인에서는 “해리포터”의 검색 결과가 없습니다." in text_of(browser, ".results .empty")
    assert not browser.find_elements(By.CSS_SELECTOR, ".results li.book")

    # Kakao's `Q&amp;A` is decoded once and shown as text.
    search(browser, showcase, "미움받을 용기")
    click_and_wait(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "아들러 선생님 고민있어요"))
    contents = text_of(browser, "p.contents")
    assert "‘Q&A’" in contents and "&amp;" not in contents


def has_id(identifier):
    return lambda element: element.get_attribute("id") == identifier


def has_class(name):
    return lambda element: name in (element.get_attribute("class") or "").split()


def is_control(label):
    return lambda element: element.text.strip() == label and element.tag_name in ("a", "button")


def test_the_bookstore_with_the_keyboard_only(showcase, browser):
    """Search, open, save, the saved tab, delete behind its confirmation, Undo: Tab and Enter only, every stop on
    the way showing its focus (keyboard.tab_to checks that)."""
    browser.get(showcase.url + "/books")
    keyboard.tab_to(browser, has_id("query")).send_keys("이펙티브")
    keyboard.enter(browser)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".results li.book")) == 5

    keyboard.tab_to(browser, has_class("book-link"))
    keyboard.enter(browser)
    assert text_of(browser, "h1") == "Effective C#(이펙티브)(3판)"
    keyboard.tab_to(browser, is_control("담기"))
    keyboard.enter(browser)
    assert notice(browser) == "책이 리스트에 추가되었습니다."

    keyboard.tab_to(browser, is_control("담은 책 리스트 (1)"))
    keyboard.enter(browser)
    assert saved_titles(browser) == ["Effective C#(이펙티브)(3판)"]
    keyboard.tab_to(browser, lambda element: element.get_attribute("aria-label") == "“Effective C#(이펙티브)(3판)” 삭제")
    keyboard.enter(browser)
    keyboard.tab_to(browser, is_control("취소"))
    keyboard.enter(browser)
    assert len(saved_titles(browser)) == 1
    keyboard.tab_to(browser, lambda element: element.get_attribute("aria-label") == "“Effective C#(이펙티브)(3판)” 삭제")
    keyboard.enter(browser)
    keyboard.tab_to(browser, is_control("삭제"))
    keyboard.enter(browser)
    assert notice(browser) == "“Effective C#(이펙티브)(3판)” 책을 리스트에서 삭제했습니다."
    assert stored(showcase) == []

    # Undo brings it back, Redo deletes it again.
    keyboard.tab_to(browser, is_control("Undo"))
    keyboard.enter(browser)
    assert saved_titles(browser) == ["Effective C#(이펙티브)(3판)"]
    assert len(stored(showcase)) == 1
    keyboard.tab_to(browser, is_control("Redo"))
    keyboard.enter(browser)
    assert text_of(browser, ".saved-books .empty") == "담은 책이 없습니다"
