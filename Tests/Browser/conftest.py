"""The browser suite's fixtures: a showcase of its own per test, and headless Chromium driven through Selenium.

Every test gets a fresh server on a free port with a temporary data directory (`showcase` fixture) and a fresh
browser (`browser` fixture). When a test fails, a screenshot and the page's HTML are saved under
`.build/browser-artifacts/<test name>/` and their paths printed.
"""

import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".build" / "browser-artifacts"


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
    """One running `showcase --port 0 --data-dir <tmp>`; `url` is where it answers."""

    def __init__(self, binary: pathlib.Path, data_dir: pathlib.Path, extra_args=()):
        self.binary = binary
        self.data_dir = data_dir
        self.extra_args = list(extra_args)
        self.process = None
        self.url = None
        self.start()

    def start(self, port: int = 0):
        args = [str(self.binary), "--port", str(port), "--data-dir", str(self.data_dir), *self.extra_args]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
        port = int(self.url.rsplit(":", 1)[1])
        self.stop()
        self.start(port=port)


@pytest.fixture(scope="session")
def showcase_bin():
    binary = showcase_binary()
    if not binary.exists():
        pytest.exit(f"{binary} is missing: run `swift build --product showcase` first", returncode=2)
    return binary


@pytest.fixture
def showcase(showcase_bin):
    data_dir = pathlib.Path(tempfile.mkdtemp(prefix="showcase-browser-"))
    server = Showcase(showcase_bin, data_dir)
    yield server
    server.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def new_browser(width: int = 1280, height: int = 900, color_scheme: str = "light"):
    """Headless Chromium. `color_scheme` is "light" or "dark" (prefers-color-scheme)."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--disable-extensions", "--no-first-run"):
        options.add_argument(argument)
    if color_scheme == "dark":
        options.add_argument("--force-dark-mode")
        options.add_argument("--blink-settings=preferredColorScheme=0")
    else:
        options.add_argument("--blink-settings=preferredColorScheme=1")
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture
def browser(request):
    driver = new_browser()
    request.node.browser_drivers = [driver]
    yield driver
    driver.quit()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for index, driver in enumerate(getattr(item, "browser_drivers", [])):
        folder = ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]", "_", item.nodeid)
        folder.mkdir(parents=True, exist_ok=True)
        try:
            screenshot = folder / f"failure-{index}.png"
            page = folder / f"failure-{index}.html"
            driver.save_screenshot(str(screenshot))
            page.write_text(driver.page_source, encoding="utf-8")
            print(f"\nbrowser artefacts for {item.nodeid}: {screenshot} {page} (at {driver.current_url})")
        except Exception as error:  # the browser itself may be what failed
            print(f"\ncould not save browser artefacts for {item.nodeid}: {error}")
