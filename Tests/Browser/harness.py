"""Helpers for the browser suite, importable from any test file: `from harness import axe_check, keyboard, ...`.

- `Showcase`: one running `showcase --port 0 --data-dir <tmp>` (the `showcase` fixture makes one per test).
- `make_browser(width, height, color_scheme)`: headless Chromium (the `browser` and `new_browser` fixtures use it).
- `axe_check(driver, impacts)`: axe-core's violations of those impacts (by default serious or critical) on the page
  shown (an empty list is a pass); `assert_accessible(driver, impacts)` fails the test with a readable report.
- `keyboard`: Tab to an element, press Enter, check that focus is visible — keyboard-only paths.
- `save_screenshot(driver, name)`: a PNG kept as a test artefact under `.build/browser-artifacts/pages/`.
- `csp_report(driver)`, `overflows_sideways(driver)`, `api(...)`, `wait_until(...)`: what the look and safety
  tests assert.
- `click_and_wait(driver, element)`, `type_and_submit(driver, field, text)`: a click or an Enter that leads to a
  new page, and the wait for it.
- `mark_document(driver)`, `not_reloaded(driver)`: that a live page changed in place, not by loading it again.
"""

import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".build" / "browser-artifacts"
PAGE_SCREENSHOTS = ARTIFACTS / "pages"

# How long a wait may last before it is a failure. Generous on purpose: these catch hangs (a starved connection
# waits about 60 s), never slowness; what things take is measured and printed, not asserted.
PATIENCE = 20


# MARK: The server


def showcase_binary() -> pathlib.Path:
    """The showcase built by `swift build` (debug unless SHOWCASE_BIN names another)."""
    explicit = os.environ.get("SHOWCASE_BIN")
    if explicit:
        return pathlib.Path(explicit)
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return pathlib.Path(bin_path) / "showcase"


class Showcase:
    """One running `showcase --port 0 --data-dir <tmp>`; `url` is where it answers (http://127.0.0.1:<port>).

    It runs without `KAKAO_REST_API_KEY`, so the BookStore is offline on its bundled responses: the suite never
    asks Kakao, and what the pages show does not depend on whoever runs it."""

    def __init__(self, binary: pathlib.Path, data_dir: pathlib.Path, extra_args=()):
        self.binary = binary
        self.data_dir = data_dir
        self.extra_args = list(extra_args)
        self.process = None
        self.url = None
        self.start()

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def start(self, port: int = 0):
        args = [str(self.binary), "--port", str(port), "--data-dir", str(self.data_dir), *self.extra_args]
        environment = {name: value for name, value in os.environ.items() if name != "KAKAO_REST_API_KEY"}
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
        deadline = time.monotonic() + 30
        line = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            found = re.search(r"serving (http://\S+?)/? ", line)
            if found:
                self.url = found.group(1).rstrip("/")
                return
        raise RuntimeError(f"showcase did not start: {line!r} {self.process.stderr.read() if self.process.poll() is not None else ''}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self):
        """Stops the server and starts it again on the same port and data directory."""
        port = self.port
        self.stop()
        self.start(port=port)


def api(url: str, method: str = "GET", body=None, headers=None):
    """One HTTP request outside the browser (to set up or check state): (status, parsed JSON or text)."""
    data = None
    fields = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
        fields.setdefault("Content-Type", "application/json")
    request = urllib.request.Request(url, data=data, method=method, headers=fields)
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text) if text else None
    except json.JSONDecodeError:
        return status, text


def cart_ids(showcase: Showcase):
    """The product IDs in the cart, in order, from the JSON API."""
    status, cart = api(showcase.url + "/api/shop/cart")
    assert status == 200, cart
    return [item["productID"] for item in cart["items"]]


# MARK: The browser


def make_browser(width: int = 1280, height: int = 900, color_scheme: str = "light", arguments=()):
    """Headless Chromium, `width` × `height` CSS pixels, `color_scheme` "light" or "dark" (prefers-color-scheme),
    with the browser's console log kept (see `console_messages`). `arguments` are further Chromium switches, for
    example `--host-resolver-rules=MAP attacker.test 127.0.0.1`."""
    assert color_scheme in ("light", "dark"), color_scheme
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--disable-extensions", "--no-first-run",
                     "--hide-scrollbars", *arguments):
        options.add_argument(argument)
    # Blink's preferred colour scheme: 0 dark, 1 light; it applies to every tab the browser opens.
    options.add_argument(f"--blink-settings=preferredColorScheme={0 if color_scheme == 'dark' else 1}")
    if color_scheme == "dark":
        options.add_argument("--force-dark-mode")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(PATIENCE * 3)
    driver.set_script_timeout(PATIENCE * 3)
    # The window size includes no browser chrome in headless mode; make the viewport exactly what was asked for.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": color_scheme}]})
    driver.color_scheme = color_scheme
    driver.viewport_width = width
    return driver


def wait_until(driver, condition, message: str = "", timeout: float = PATIENCE):
    """Waits for `condition(driver)` to be truthy and returns it; fails after `timeout` seconds."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition, message)


def text_of(driver, css: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, css).text.strip()


def cart_tab(driver) -> str:
    """The SDCart tab's label, for example "SDCart (2)"."""
    return text_of(driver, 'header nav a[href="/shop/cart"]')


def notice(driver):
    """The page's notice banner text, or None."""
    banners = driver.find_elements(By.CSS_SELECTOR, "main .notice")
    return banners[0].text.strip() if banners else None


def navigated(driver, previous_document):
    """A condition: the tab shows a new document (the old one's <html> element is gone) that has loaded."""
    def condition(d):
        try:
            current = d.find_element(By.TAG_NAME, "html")
        except Exception:
            return False
        if current == previous_document:
            return False
        return d.execute_script("return document.readyState") == "complete"
    return condition


def mark_document(driver):
    """Leaves a value in the page's `window`, which loading another document (a reload too) drops."""
    driver.execute_script("window.liveTestMark = 'still here';")


def not_reloaded(driver) -> bool:
    """Whether the page is still the document `mark_document` marked."""
    return driver.execute_script("return window.liveTestMark === 'still here';")


def click_and_wait(driver, element):
    """Clicks `element` (a link or a submit button) and waits for the next page to have loaded."""
    before = driver.find_element(By.TAG_NAME, "html")
    label = element.text or element.get_attribute("aria-label") or element.tag_name
    try:
        element.click()
    except WebDriverException as error:
        # Chromedriver can report the element "does not belong to the document" when the click's navigation
        # replaced the document before chromedriver finished its own bookkeeping: the click happened (and if it
        # did not, the wait below fails).
        if "does not belong to the document" not in str(error):
            raise
    wait_until(driver, navigated(driver, before), f"no new page after clicking {label!r}")


def type_and_submit(driver, field, text: str):
    """Types `text` into `field` (after clearing it), presses Enter to submit its form, and waits for the next
    page to have loaded."""
    field.clear()
    field.send_keys(text)
    keyboard.enter(driver)


# MARK: Accessibility


# axe-core's impacts: what the suite fails by default, and every one (for pages held to no violation at all).
SERIOUS_IMPACTS = ("serious", "critical")
EVERY_IMPACT = ("minor", "moderate", "serious", "critical")


def axe_check(driver, impacts=SERIOUS_IMPACTS):
    """Runs axe-core (as bundled by axe-selenium-python) on the page shown and returns its violations whose impact
    is in `impacts`, each as {"id", "impact", "help", "nodes": [html…]}. An empty list is a pass."""
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    found = []
    for violation in results["violations"]:
        if violation.get("impact") in impacts:
            found.append({
                "id": violation["id"],
                "impact": violation["impact"],
                "help": violation["help"],
                "nodes": [node.get("html", "") for node in violation["nodes"]][:5],
            })
    return found


def assert_accessible(driver, impacts=SERIOUS_IMPACTS):
    """Fails with axe-core's report when the page shown has violations of `impacts` (by default serious or
    critical; `EVERY_IMPACT` for none at all)."""
    violations = axe_check(driver, impacts)
    assert not violations, (
        f"axe-core: {'/'.join(impacts)} violations on {driver.current_url} "
        f"({getattr(driver, 'color_scheme', '?')}):\n" + json.dumps(violations, indent=2)
    )


# MARK: Keyboard


class keyboard:
    """Keyboard-only navigation: Tab moves focus as a user would, Enter activates."""

    @staticmethod
    def focused(driver):
        return driver.switch_to.active_element

    @staticmethod
    def press(driver, key, times: int = 1):
        actions = ActionChains(driver)
        for _ in range(times):
            actions.send_keys(key)
        actions.perform()

    @staticmethod
    def tab(driver, backwards: bool = False):
        if backwards:
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        else:
            keyboard.press(driver, Keys.TAB)
        return keyboard.focused(driver)

    @staticmethod
    def tab_to(driver, matches, limit: int = 40):
        """Presses Tab until the focused element satisfies `matches(element)` (or has that visible text, when
        `matches` is a string), checking on the way that every element focused shows its focus. Returns it."""
        if isinstance(matches, str):
            label = matches
            matches = lambda element: element.text.strip() == label  # noqa: E731
        for _ in range(limit):
            element = keyboard.tab(driver)
            assert keyboard.focus_is_visible(driver), f"focus is not visible on {element.get_attribute('outerHTML')[:120]}"
            if matches(element):
                return element
        raise AssertionError(f"Tab never reached the element ({limit} presses) on {driver.current_url}")

    @staticmethod
    def enter(driver, wait_for_page: bool = True):
        """Presses Enter on the focused element; by default waits for the page it leads to."""
        before = driver.find_element(By.TAG_NAME, "html")
        keyboard.press(driver, Keys.ENTER)
        if wait_for_page:
            wait_until(driver, navigated(driver, before), "Enter did not lead to a new page")

    @staticmethod
    def focus_is_visible(driver) -> bool:
        """Whether the focused element matches :focus-visible and draws an outline (or a box shadow) for it."""
        return driver.execute_script("""
            const element = document.activeElement;
            if (!element || element === document.body) return false;
            if (!element.matches(':focus-visible')) return false;
            const style = getComputedStyle(element);
            const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
            return outline || style.boxShadow !== 'none';
        """)


# MARK: The look and the Content-Security-Policy


def save_screenshot(driver, name: str) -> pathlib.Path:
    """Saves the whole page as `.build/browser-artifacts/pages/<name>-<scheme>-<width>.png` and returns the path."""
    PAGE_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    path = PAGE_SCREENSHOTS / f"{safe}-{getattr(driver, 'color_scheme', 'light')}-{getattr(driver, 'viewport_width', 0)}.png"
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    height = int(metrics["cssContentSize"]["height"])
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": driver.viewport_width, "height": max(height, 1), "scale": 1},
    })
    import base64
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def overflows_sideways(driver):
    """The elements wider than the viewport (nothing may scroll sideways), as short HTML snippets; [] is a pass."""
    return driver.execute_script("""
        const width = document.documentElement.clientWidth;
        const wide = [];
        if (document.documentElement.scrollWidth > width) wide.push('document: ' + document.documentElement.scrollWidth + 'px');
        for (const element of document.body.querySelectorAll('*')) {
            const box = element.getBoundingClientRect();
            if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) wide.push(element.outerHTML.slice(0, 100));
        }
        return wide;
    """)


def console_messages(driver):
    """The browser console's messages since the last call (Chromium reports CSP violations there)."""
    return [entry["message"] for entry in driver.get_log("browser")]


def csp_report(driver, messages=None):
    """What on the page shown breaks the Content-Security-Policy: inline scripts, <style> elements, style=
    attributes, inline event handlers, and the console's CSP violation reports (of `messages` when given, a
    caller's `console_messages`, else read now). [] is a pass."""
    found = driver.execute_script("""
        const found = [];
        for (const s of document.querySelectorAll('script:not([src])')) found.push('inline script: ' + s.outerHTML.slice(0, 80));
        for (const s of document.querySelectorAll('style')) found.push('style element: ' + s.outerHTML.slice(0, 80));
        for (const e of document.querySelectorAll('[style]')) found.push('style attribute: ' + e.outerHTML.slice(0, 80));
        for (const e of document.querySelectorAll('*')) {
            for (const a of e.attributes) if (a.name.startsWith('on')) found.push('handler: ' + e.outerHTML.slice(0, 80));
        }
        return found;
    """)
    if messages is None:
        messages = console_messages(driver)
    found += [m for m in messages if "Content Security Policy" in m or "Refused to" in m]
    return found


# MARK: Timings


def print_timings(path=ARTIFACTS / "timings.json"):
    """Prints the medians and maxima the connection tests recorded (scripts/browser-tests.sh calls it at the end)."""
    if not path.exists():
        return
    for test, measures in json.loads(path.read_text()).items():
        print(f"{test}:")
        for measure, value in measures.items():
            if isinstance(value, dict):
                print(f"  {measure}: {value['count']} × median {value['median_ms']} ms, max {value['max_ms']} ms")
            else:
                print(f"  {measure}: {value}")
