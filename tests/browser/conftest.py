"""Two phones at one table: Debian's Chromium driven by Playwright against a live server.

Each test gets two browser contexts at 375 x 812 (two phones, each with its own localStorage,
so its own seat tokens). Screenshots of the main screens go to test-artifacts/screenshots/.
Without /usr/bin/chromium every browser test is skipped, saying so.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 375, "height": 812}
# A browser test whose wait for the screen timed out (Playwright's TimeoutError, nothing else: a
# wrong word or number fails at once) runs once more, as Playwright's own runner retries on CI.
# A loaded two-core machine can starve one page of both cores for 20 s; the run's summary names
# every test that needed its second run ("R" and "1 rerun"), so none passes unseen.
RETRY_ON = [r"^TimeoutError: "]  # matched against "TypeName: message"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("rerunfailures"):  # `-p no:rerunfailures`: no retry
        return
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1, only_rerun=RETRY_ON))


@pytest.fixture(autouse=True)
def _streams_that_stay_open(settings: Any) -> None:
    # The API tests shorten every stream to 0.3 s; a phone keeps its stream open for a while,
    # as it does in production (it reconnects from the last event id when the server closes it).
    settings.STREAM_MAX_SECONDS = 20


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(
            f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)"
        )
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    # An expect(...) waits for what the player sees as long as a phone's own waits do (below).
    sync_api.expect.set_options(timeout=20_000)
    # Playwright's sync API runs its own event loop; Django must still allow DB access here.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_api.sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield chromium
            finally:
                chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


# Counts the page's own requests (the live stream, which stays open, left out), so that a test
# can wait for the screen to settle as an event: no request in flight, none started, and two
# frames drawn since (``settle``), instead of sleeping a while and hoping it was long enough.
TRACK_REQUESTS = """(() => {
  let inFlight = 0, started = 0;
  const original = window.fetch.bind(window);
  const isStream = (input) => /\\/stream\\/(\\?|$)/.test(String(input?.url ?? input));
  window.fetch = (input, init) => {
    if (isStream(input)) return original(input, init);
    inFlight += 1;
    started += 1;
    const done = () => { inFlight -= 1; };
    return original(input, init).then(
      (response) => {
        response.clone().arrayBuffer().then(done, done);
        return response;
      },
      (error) => { done(); throw error; },
    );
  };
  Object.defineProperty(window, "__requestsInFlight", { get: () => inFlight });
  Object.defineProperty(window, "__requestsStarted", { get: () => started });
})();"""

SETTLED = """() => {
  const inFlight = window.__requestsInFlight ?? 0, started = window.__requestsStarted ?? 0;
  const seen = (window.__settle ??= { started: -1, quiet: 0 });
  if (inFlight > 0 || started !== seen.started) {
    seen.started = started;
    seen.quiet = 0;
    return false;
  }
  seen.quiet += 1;
  return seen.quiet >= 2;
}"""


def track_requests(context: Any) -> Any:
    """Every page of ``context`` counts its requests (for ``settle``); the context returned."""
    context.add_init_script(TRACK_REQUESTS)
    return context


def settle(page: Any) -> None:
    """Wait until the page is still: no request in flight or newly started for two frames in a
    row (the screen drawn from every answer it asked for). An event, not a fixed time."""
    page.evaluate("() => { delete window.__settle; }")
    page.wait_for_function(SETTLED, polling="raf")


def _phone(browser: Any) -> Any:
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme="dark",
    )
    context.set_default_timeout(20_000)  # a generous bound for a loaded machine, not a measure
    return track_requests(context)


@pytest.fixture
def phones(browser: Any, live_server: Any) -> Iterator[tuple[Any, Any]]:
    """Two phones (pages in separate contexts) with console errors collected on each."""
    contexts = [_phone(browser), _phone(browser)]
    pages = []
    for name, context in zip(("phone-1", "phone-2"), contexts, strict=True):
        page = context.new_page()
        page.errors = []  # type: ignore[attr-defined]
        page.on(
            "pageerror", lambda error, page=page, name=name: page.errors.append(f"{name}: {error}")
        )
        # Whatever the Content-Security-Policy blocks counts as an error of the page.
        page.on(
            "console",
            lambda message, page=page, name=name: (
                "Content Security Policy" in message.text
                and page.errors.append(f"{name}: {message.text}")
            ),
        )
        # Failed API answers are printed (pytest shows them when a test fails).
        page.on(
            "response",
            lambda r, name=name: r.status >= 500 and print(f"{name}: {r.status} {r.url}"),
        )
        page.on(
            "requestfailed",
            lambda r, name=name: (
                "/stream/" not in r.url and print(f"{name}: failed {r.url} {r.failure}")
            ),
        )
        pages.append(page)
    try:
        yield pages[0], pages[1]
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def shot() -> Any:
    """Save a screenshot of a page as a test artifact: shot(page, "board")."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page: Any, name: str, *, full_page: bool = False) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
