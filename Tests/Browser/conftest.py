"""The browser suite's fixtures: a showcase of its own per test, and headless Chromium driven through Selenium.

- `showcase`: a fresh server on a free port with a temporary data directory (`.url`, `.port`, `.restart()`,
  `.data_dir`), stopped after the test.
- `browser`: a Chromium window, 1280 × 900, light colour scheme.
- `new_browser(width=1280, height=900, color_scheme="light", arguments=())`: more windows (another size, dark
  mode, a second browser with its own cookies and connections, further Chromium switches); each is closed after
  the test.
- `postgres_database`: a fresh, empty PostgreSQL database (its `postgres://` URL) on the session's throwaway server —
  the one `OSD_POSTGRES_URL` names, or one `scripts/postgres-server.sh` starts for the session and stops after it.
- `showcase_pair`: two showcase processes on two ports, each with its own data directory, both on one
  `postgres_database` (`showcase --database`), stopped after the test.

When a test fails, a screenshot and the HTML of every browser it used are saved under
`.build/browser-artifacts/<test name>/` and their paths printed. Helpers (axe, keyboard, screenshots kept as
artefacts) are in `harness.py`; see README.md beside this file.
"""

import glob
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import uuid

import pytest

from harness import ARTIFACTS, ROOT, Showcase, make_browser, showcase_binary


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


@pytest.fixture(scope="session")
def postgres_server():
    """The server's URL (its `postgres` database): `OSD_POSTGRES_URL`, or a throwaway one for this session."""
    given = os.environ.get("OSD_POSTGRES_URL")
    if given:
        yield given
        return
    folder = tempfile.mkdtemp(prefix="showcase-postgres-")
    script = str(ROOT / "scripts" / "postgres-server.sh")
    try:
        started = subprocess.run([script, "start", folder], check=True, capture_output=True, text=True)
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run([script, "stop", folder], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def _psql():
    found = shutil.which("psql") or next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))), None)
    assert found, "psql is missing: scripts/postgres-server.sh installs Debian's postgresql, which has it"
    return found


@pytest.fixture
def postgres_database(postgres_server):
    """A new database on the session's server, dropped after the test: the URL of `postgres_server` with its name."""
    name = "browser_" + uuid.uuid4().hex[:12]
    subprocess.run([_psql(), postgres_server, "-q", "-c", f'CREATE DATABASE "{name}"'], check=True, capture_output=True)
    yield re.sub(r"/[^/?]*(\?.*)?$", f"/{name}", postgres_server)
    subprocess.run([_psql(), postgres_server, "-q", "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'],
                   capture_output=True)


@pytest.fixture
def showcase_pair(showcase_bin, postgres_database):
    """Two showcase processes on two ports sharing one database: a list of two `Showcase`s."""
    folders = [pathlib.Path(tempfile.mkdtemp(prefix="showcase-pair-")) for _ in range(2)]
    servers = []
    try:
        for folder in folders:
            servers.append(Showcase(showcase_bin, folder, extra_args=["--database", postgres_database]))
        yield servers
    finally:
        for server in servers:
            server.stop()
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def _register(request, driver):
    if not hasattr(request.node, "browser_drivers"):
        request.node.browser_drivers = []
    request.node.browser_drivers.append(driver)


def new_browser(width: int = 1280, height: int = 900, color_scheme: str = "light", arguments=()):
    """`from conftest import new_browser`: a Chromium the caller quits itself (tests should rather take the
    `new_browser` fixture, which closes what it opens); the same as `harness.make_browser`."""
    return make_browser(width, height, color_scheme, arguments)


@pytest.fixture(name="new_browser")
def new_browser_fixture(request):
    """A factory: `new_browser(width, height, color_scheme)` opens another Chromium, closed after the test."""
    opened = []

    def open_browser(width: int = 1280, height: int = 900, color_scheme: str = "light", arguments=()):
        driver = make_browser(width, height, color_scheme, arguments)
        opened.append(driver)
        _register(request, driver)
        return driver

    yield open_browser
    for driver in opened:
        driver.quit()


@pytest.fixture
def browser(new_browser):
    return new_browser()


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
