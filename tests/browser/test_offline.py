"""A phone that loses the network: the last known table, read-only, and nothing lost.

The phone opens a game while online (its service worker keeps the app, the phone keeps the
table it saw). Offline, it says so with the time the table was last seen, refuses an action
clearly (kept for a retry), and opens again after a reload; back online it catches up with
what another phone did meanwhile.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OFFLINE = "[data-testid=offline]"


def life_of(page: Any) -> str:
    return page.inner_text("[data-testid=hero-card] .life small")


def test_offline_the_table_shows_as_last_seen_and_catches_up(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    bea = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    page.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": "1",
            "seats": {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    page.goto(f"{base}/game/{game['id']}#me")
    page.locator("[data-testid=hero-card]").wait_for()
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    page.wait_for_function(
        "id => Object.keys(localStorage).some(k => k.startsWith('dotr.last.' + id))",
        arg=game["id"],
    )
    assert life_of(page) == "5 / 5 life"
    assert not page.locator(OFFLINE).count()

    # The network goes: the table stays, read-only, saying since when.
    page.context.set_offline(True)
    banner = page.locator(OFFLINE)
    banner.wait_for()
    assert "Offline: showing the table as last seen at" in banner.inner_text()
    shot(page, "offline-banner")

    # Another phone acts meanwhile (the server has it; this phone cannot know yet).
    version = call(base, f"games/{game['id']}/", token=bea["token"])["version"]
    call(
        base,
        f"games/{game['id']}/actions/",
        {"type": "wound_hero", "args": {"wounds": 2}, "expected_version": version},
        token=bea["token"],
    )

    # An action while offline is not sent, and says so; nothing changes on screen.
    page.get_by_role("button", name="Lose a life token").click()
    notice = page.locator("[data-testid=notice][data-code=offline]")
    notice.wait_for()
    assert "Not sent" in notice.inner_text()
    assert "nothing changed" in notice.inner_text()
    assert notice.get_by_role("button", name="Retry").is_visible()
    assert life_of(page) == "5 / 5 life"
    shot(page, "offline-refused")

    # Reloaded without a network: the app and the last table still open, read-only.
    page.reload()
    page.locator(OFFLINE).wait_for()
    page.locator("[data-testid=hero-card]").wait_for()
    assert "last seen at" in page.inner_text(OFFLINE)
    assert "Wizard" in page.inner_text("[data-testid=hero-card]")
    assert not page.locator("text=could not be opened").count()
    page.click("[data-tab=board]")
    page.locator("[data-testid=map]").wait_for()
    assert page.locator("[data-location=monarch-city]").count() == 1
    shot(page, "offline-reloaded")

    # Back online: the banner goes and the table catches up with the other phone's change.
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.locator(OFFLINE).wait_for(state="detached")
    page.click("[data-tab=me]")
    page.locator("[data-testid=hero-card]").wait_for()
    others = page.inner_text("[data-seat='2']")
    assert "Bea" in others
    live = call(base, f"games/{game['id']}/", token=game["token"])
    page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=live]').dataset.version) >= v",
        arg=live["version"],
    )
    assert life_of(page) == "5 / 5 life"  # Anna's hero: the offline tap was never applied
    page.click("[data-tab=log]")
    page.locator("[data-testid=events]", has_text="Rogue suffered 2 wounds").wait_for()
    shot(page, "offline-caught-up")
