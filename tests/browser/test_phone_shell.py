"""The client as a phone app: installable, its shell offline, big tap targets, a dark theme,
catching up by itself after a sleep; screenshots of every main screen."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .conftest import settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE = "document.querySelector('[data-testid=live]')"
TAPPABLE = "button, a.button, select, input:not([type=checkbox]):not([type=radio]), .tab, .loc"


def post(base: str, path: str, body: dict, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}/api/v1/{path}", data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def sit_at(
    page: Any,
    base: str,
    game_id: str,
    join_code: str,
    seats: dict[str, dict],
    shown: str = "[data-testid=map]",
) -> None:
    """Give a phone its seat tokens, as the create and join screens leave them, and wait for
    its first screen (the map; a card to read covers the Board until it is read)."""
    page.goto(base + "/")
    saved = {
        game_id: {"joinCode": join_code, "active": next(iter(seats)), "seats": seats, "updated": 1}
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    page.goto(f"{base}/game/{game_id}")
    page.locator(shown).wait_for()


def small_targets(page: Any) -> list[str]:
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)]
          .filter(el => el.offsetParent !== null || el instanceof SVGElement)
          .map(el => [el, el.getBoundingClientRect()])
          .filter(([el, box]) => box.width > 0 && (box.width < 44 || box.height < 44))
          .map(([el, box]) => [
            el.tagName, el.className.baseVal ?? el.className,
            (el.textContent || el.name || '').trim().slice(0, 30),
            `${Math.round(box.width)}x${Math.round(box.height)}`,
          ].join(' '))""",
        TAPPABLE,
    )


def test_the_shell_is_installable_and_loads_offline(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    page.goto(base + "/")
    page.get_by_role("link", name="Start a new game").wait_for()
    shot(page, "00-home")
    manifest = page.evaluate(
        "() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == base + "/"
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # The service worker keeps the screens the phone has used (not every screen up front).
    page.goto(f"{base}/join/WXYZWXYZ")
    page.get_by_role("heading", name="Join table WXYZWXYZ").wait_for()
    page.context.set_offline(True)
    try:
        page.goto(base + "/")
        page.get_by_role("link", name="Start a new game").wait_for()
        page.goto(f"{base}/join/ABCDEFGH")  # any client route: the same shell
        page.get_by_role("heading", name="Join table ABCDEFGH").wait_for()
    finally:
        page.context.set_offline(False)


def test_the_table_at_phone_size(phones: tuple[Any, Any], live_server: Any, shot: Any) -> None:
    host, guest = phones
    base = live_server.url
    game = post(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}})
    joined = post(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    sit_at(
        host,
        base,
        game["id"],
        game["join_code"],
        {"1": {"token": game["token"], "name": "Ada", "hero": "Wizard"}},
    )
    sit_at(
        guest,
        base,
        game["id"],
        game["join_code"],
        {joined["seat_id"]: {"token": joined["token"], "name": "Bea", "hero": "Rogue"}},
    )

    # A dark theme, readable in a dim room.
    background = host.evaluate("() => getComputedStyle(document.body).backgroundColor")
    red, green, blue = (
        int(part) for part in background[background.index("(") + 1 : -1].split(",")[:3]
    )
    assert max(red, green, blue) < 40, background

    screens = {}
    for tab in ("board", "night", "me", "enter", "log"):
        host.click(f"[data-tab={tab}]")
        host.wait_for_function(
            f"() => document.getElementById('table-main').dataset.view === '{tab}'"
        )
        settle(host)
        screens[tab] = small_targets(host)
        shot(host, f"20-table-{tab}")
    assert all(not small for small in screens.values()), screens

    # Tap a space on the map: its sheet, then a combat result in few taps.
    host.click("[data-tab=board]")
    host.click("[data-location=monarch-city]", force=True)
    sheet = host.locator("dialog.sheet[open]")
    sheet.wait_for()
    shot(host, "21-location-sheet")
    assert not small_targets(host), small_targets(host)
    sheet.get_by_role("button", name="Correct this location").click()
    sheet.get_by_role("button", name="more Orcs").click()
    sheet.get_by_role("button", name="Correct this location").click()
    host.locator("dialog.sheet[open]").wait_for(state="detached")
    host.wait_for_function(
        "() => document.querySelector('[data-location=monarch-city]')"
        ".getAttribute('aria-label').includes('Orc')"
    )

    # The guest slept through it (no stream): waking, it catches up by itself.
    guest.route("**/stream/**", lambda route: route.abort())
    guest.evaluate("() => window.dispatchEvent(new Event('online'))")
    guest.wait_for_function(
        "() => !document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )
    after = post(
        base,
        f"games/{game['id']}/actions/",
        {"type": "wound_hero", "args": {}, "expected_version": host_version(host)},
        token=game["token"],
    )
    guest.unroute("**/stream/**")
    guest.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    guest.wait_for_function(f"() => Number({LIVE}.dataset.version) >= {after['version']}")
    guest.wait_for_function(
        "() => document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )
    guest.click("[data-tab=me]")
    guest.locator("[data-testid=hero-card]").wait_for()
    shot(guest, "22-guest-me")
    assert host.errors == [] and guest.errors == []


def host_version(page: Any) -> int:
    page.wait_for_function(
        "() => document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )
    settle(page)
    return int(page.get_attribute("[data-testid=live]", "data-version"))
