"""The service worker keeps the shell and what the phone has used, never every file up front."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""


def test_a_first_visit_keeps_what_the_phone_used_and_nothing_else(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    page, _ = phones
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Start a new game").wait_for()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # The worker has kept the shell and the home screen's files (sent to it by the page).
    page.wait_for_function(
        f"() => ({KEPT})().then(urls => urls.some(url => url.includes('screens/home')))"
    )
    kept = page.evaluate(KEPT)
    assert live_server.url + "/" in kept
    assert any("js/main" in url for url in kept)
    unused = ("screens/setup", "screens/table", "systems/", "tabs/", "vendor/", "/de/")
    for url in kept + requested:
        assert not any(part in url for part in unused), url
