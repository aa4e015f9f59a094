"""The service worker keeps the shell and what the phone has used, never every file up front."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.live_api import game_of_two

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


def test_a_first_visit_of_a_game_keeps_the_shell_without_asking_for_it_again(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    page, _ = phones
    base = live_server.url
    game, _ = game_of_two(base, {"host": {"name": "Ada", "hero": "Wizard"}})
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": "1",
            "seats": {"1": {"token": game["token"], "name": "Ada", "hero": None}},
            "updated": 1,
        }
    }
    # The phone holds its seat, as the create screen leaves it, and opens the game first.
    page.context.add_init_script(
        f"localStorage.setItem('dotr.games', {json.dumps(json.dumps(saved))});"
    )
    sent: list[tuple[str, int]] = []  # each page asked for, and the bytes of its body received
    page.context.on(
        "requestfinished",
        lambda request: (
            "/api/" not in request.url
            and "/static/" not in request.url
            and sent.append((request.url, request.sizes()["responseBodySize"]))
        ),
    )
    page.goto(f"{base}/game/{game['id']}")
    page.locator("[data-testid=map]").wait_for()  # the Board comes after the game's state
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(f"() => ({KEPT})().then(urls => urls.includes('{base}/'))")
    page.wait_for_function(
        f"() => ({KEPT})().then(urls => urls.some(u => u.includes('/tabs/board')))"
    )
    # Every route is the same shell: the worker took it from the browser's cache, not from the
    # server (no body came twice; before, it asked for "/" and received it whole).
    assert [url for url, size in sent if size > 0] == [f"{base}/game/{game['id']}"], sent
    page.context.set_offline(True)
    page.reload()
    page.locator("[data-testid=live]").wait_for()
    page.context.set_offline(False)
