"""The libraries' documentation (DocC's single-page app, built by `make docs`) as a reader uses it, under the
showcase's Content-Security-Policy."""

import pathlib
import shutil
import tempfile

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from harness import ROOT, Showcase, api, console_messages, csp_report, wait_until

DOCS = ROOT / ".build" / "docs"


def heading(driver):
    """The page's main heading once DocC has rendered it ("" until then). Read in one script: DocC's app replaces
    the heading element as it renders, so an element found first and read after can be gone by then (a stale
    element reference)."""
    return driver.execute_script("const found = document.querySelector('main h1'); return found ? found.innerText.trim() : ''")


def main_text(driver):
    """The rendered text of the page's <main>, read in one script for the same reason as `heading`."""
    return driver.execute_script("const found = document.querySelector('main'); return found ? found.innerText : ''")


def csp_violations(driver):
    """csp_report without the style attributes DocC's app sets once running: it sets them through the CSSOM
    (`element.style`), which the policy allows (Chromium reports what it refuses in the console, and csp_report
    includes those). The served HTML is checked for style attributes by itself (`served_html_is_clean`). Also
    every file the app asked for and did not get (the console's "Failed to load resource"), such as a
    `theme-settings.json` the catalog does not have."""
    messages = console_messages(driver)
    found = [found for found in csp_report(driver, messages) if not found.startswith("style attribute:")]
    return found + [message for message in messages if "Failed to load resource" in message]


def served_html_is_clean(url):
    """The page as served, before any script ran: no inline script, <style> outside <noscript>, or style=."""
    status, html = api(url)
    assert status == 200
    outside_noscript = html.split("<noscript>")[0] + html.split("</noscript>")[-1]
    assert "<script>" not in html and "style=" not in html and "<style" not in outside_noscript, html[:400]


def open_link(driver, text):
    """Clicks the first link in the page's content whose text is `text` (a topic's link to a symbol reads
    "class NSManagedObject"), once DocC has rendered it. The app may render again meanwhile: a link that went
    stale is looked for again."""

    def click(d):
        try:
            for link in d.find_elements(By.CSS_SELECTOR, "main a"):
                shown = link.text.strip()
                if shown == text or shown.endswith(" " + text):
                    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
                    link.click()
                    return True
        except StaleElementReferenceException:
            pass
        return False

    wait_until(driver, click, f"no link {text!r} on {driver.current_url}")


def test_docs_open_from_the_home_page_and_show_an_article_and_a_symbol(showcase, browser):
    if not (DOCS / "OpenSwiftData" / "index.html").exists():
        pytest.fail("the documentation is not built: run `make docs` (make test does) before the browser suite")
    browser.get(showcase.url + "/")
    browser.find_element(By.CSS_SELECTOR, "main a[href='/docs']").click()
    wait_until(browser, lambda d: heading(d) == "Documentation", "the /docs page did not open")
    assert csp_report(browser) == []

    browser.find_element(By.LINK_TEXT, "OpenSwiftData").click()
    wait_until(browser, lambda d: heading(d) == "OpenSwiftData", "DocC did not render the module page")
    served_html_is_clean(browser.current_url)
    wait_until(browser, lambda d: "model layer" in main_text(d), "the module page has no abstract")

    open_link(browser, "Getting started")
    wait_until(browser, lambda d: heading(d) == "Getting started", "the article did not open")
    wait_until(browser, lambda d: "A complete program" in main_text(d) and "@Model" in main_text(d),
               "the article's text did not render")

    browser.back()
    wait_until(browser, lambda d: heading(d) == "OpenSwiftData", "back did not return to the module page")
    open_link(browser, "ModelContainer")
    wait_until(browser, lambda d: heading(d) == "ModelContainer", "the symbol page did not open")
    assert "/docs/OpenSwiftData/documentation/openswiftdata/modelcontainer" in browser.current_url
    wait_until(browser, lambda d: "schema" in main_text(d).lower(), "the symbol page does not mention the schema")
    assert csp_violations(browser) == []

    browser.get(showcase.url + "/docs")
    browser.find_element(By.LINK_TEXT, "OpenCoreData").click()
    wait_until(browser, lambda d: heading(d) == "OpenCoreData", "DocC did not render OpenCoreData's page")
    open_link(browser, "NSManagedObject")
    wait_until(browser, lambda d: heading(d) == "NSManagedObject", "the symbol page did not open")
    assert csp_violations(browser) == []


def test_docs_say_how_to_build_them_when_they_are_not_built(showcase_bin, browser):
    data_dir = pathlib.Path(tempfile.mkdtemp(prefix="showcase-browser-"))
    empty = pathlib.Path(tempfile.mkdtemp(prefix="showcase-docs-"))
    server = Showcase(showcase_bin, data_dir, extra_args=["--docs-dir", str(empty)])
    try:
        browser.get(server.url + "/docs")
        text = main_text(browser)
        assert "make docs" in text and "OpenSwiftData (not built)" in text
        browser.get(server.url + "/docs/OpenSwiftData/documentation/openswiftdata/")
        assert "make docs" in main_text(browser)
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
        shutil.rmtree(empty, ignore_errors=True)
