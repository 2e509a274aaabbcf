"""The home page, as a user first sees it."""

from selenium.webdriver.common.by import By


def test_home_lists_the_apps_and_opens_the_shop(showcase, browser):
    browser.get(showcase.url + "/")
    links = browser.find_elements(By.CSS_SELECTOR, "main a")
    assert any("shop" in (link.get_attribute("href") or "") for link in links)
    browser.find_element(By.CSS_SELECTOR, "main a[href='/shop']").click()
    assert browser.current_url.rstrip("/").endswith("/shop")
    assert browser.find_element(By.TAG_NAME, "h1").text.strip() != ""
