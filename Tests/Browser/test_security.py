"""Safe by default, probed from a real browser: another site's forms and scripts cannot change the cart, the
showcase's pages cannot be framed, a rebound host name is refused, and notices cannot be made up in a URL."""

import http.server
import threading

import pytest
from selenium.webdriver.common.by import By

from harness import api, cart_ids, click_and_wait, console_messages, notice, text_of, wait_until


class OtherSite:
    """A second local server, on another port: a page with forms and a script aimed at the showcase."""

    def __init__(self, showcase_url):
        target = showcase_url
        page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head><body>
<form id="add" method="post" action="{target}/shop/cart">
  <input type="hidden" name="productID" value="3"><button type="submit">Add</button></form>
<form id="delete" method="post" action="{target}/shop/cart/16/delete"><button type="submit">Delete</button></form>
<form id="empty" method="post" action="{target}/shop/cart/empty"><button type="submit">Empty</button></form>
<form id="api" method="post" action="{target}/api/shop/cart" enctype="text/plain">
  <input type="hidden" name='{{"productID":3,"x":"' value='"}}'><button type="submit">API</button></form>
<iframe id="frame" title="the shop" src="{target}/shop/cart/empty"></iframe>
<p id="fetched">not yet</p>
</body></html>
""".encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, host="127.0.0.1"):
        return f"http://{host}:{self.server.server_address[1]}/"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def other_site(showcase):
    site = OtherSite(showcase.url)
    yield site
    site.close()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])  # same site, other port; another site altogether
def test_another_sites_forms_cannot_change_the_cart(showcase, browser, other_site, host):
    api(showcase.url + "/api/shop/cart", "POST", {"productID": 16})
    for form, path in (("add", "/shop/cart"), ("delete", "/shop/cart/16/delete"), ("empty", "/shop/cart/empty"),
                       ("api", "/api/shop/cart")):
        browser.get(other_site.url(host))
        click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, f"#{form} button"))
        assert browser.current_url == showcase.url + path
        if form == "api":
            assert "Cross-site request refused" in browser.find_element(By.TAG_NAME, "body").text
        else:
            assert text_of(browser, "main h1") == "Request refused"
        assert cart_ids(showcase) == [16], form


def test_another_sites_script_cannot_post_to_the_api(showcase, browser, other_site):
    browser.get(other_site.url("localhost"))
    outcome = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0] + '/api/shop/cart', {method: 'POST', mode: 'no-cors',
              headers: {'Content-Type': 'text/plain'}, body: '{"productID": 3}'})
            .then(r => done('sent: ' + r.type), e => done('error: ' + e));
    """, showcase.url)
    assert outcome == "sent: opaque"  # the browser sent it; the server refused it
    assert cart_ids(showcase) == []


def test_pages_cannot_be_framed(showcase, browser, other_site):
    console_messages(browser)
    browser.get(other_site.url("localhost"))
    wait_until(browser, lambda d: any("frame-ancestors 'none'" in m for m in console_messages(d)),
               "Chromium did not refuse to frame the showcase")
    browser.switch_to.frame(browser.find_element(By.ID, "frame"))
    assert browser.execute_script("return location.href").startswith("chrome-error:")
    assert "Empty cart" not in browser.find_element(By.TAG_NAME, "body").text
    browser.switch_to.default_content()


def test_a_rebound_host_name_is_refused(showcase, new_browser):
    # A DNS-rebinding page: its name now points at 127.0.0.1, so the browser sends Host: attacker.test:<port>.
    browser = new_browser(arguments=["--host-resolver-rules=MAP attacker.test 127.0.0.1"])
    browser.get(f"http://attacker.test:{showcase.port}/shop/cart")
    assert text_of(browser, "main h1") == "Wrong host"
    browser.get(f"http://attacker.test:{showcase.port}/api/shop/cart")
    assert "does not serve the host" in browser.find_element(By.TAG_NAME, "body").text
    browser.get(f"http://localhost:{showcase.port}/shop/cart")
    assert text_of(browser, "main h1") == "SDCart"


def test_notices_cannot_be_made_up_in_the_url(showcase, browser):
    for query in ("id=50&notice=duplicate", "id=50&notice=added"):
        browser.get(f"{showcase.url}/shop?{query}")
        assert notice(browser) is None
    browser.get(f"{showcase.url}/shop/cart?notice=removed&id=1")
    assert notice(browser) is None
    browser.get(f"{showcase.url}/shop/cart?notice=emptied")
    assert notice(browser) is None
    assert cart_ids(showcase) == []
