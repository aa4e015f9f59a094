"""Two phones at one table, end to end through the web client (and so through the REST API).

Phone 1 creates a game with the wizard, phone 2 joins it by its code; a night run on phone 1
shows on phone 2's board without a reload; an undo on phone 2 shows on phone 1; phone 2 acting
on a stale state is refused, says why, and shows the fresh state.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# How long a live change may take to reach the other phone before the test gives up: a generous
# bound on a loaded machine, not a measurement (scripts/bench_*.py print the figures).
LIVE_SECONDS = 20.0


def version_of(page: Any) -> int:
    return int(page.get_attribute("[data-testid=live]", "data-version"))


def wait_for_version(page: Any, version: int, timeout_ms: float) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('[data-testid=live]')?.dataset.version) >= v",
        arg=version,
        timeout=timeout_ms,
    )


def create_game_with_the_wizard(page: Any, base: str, shot: Any) -> str:
    page.goto(base + "/")
    page.get_by_role("link", name="Start a new game").click()
    page.locator("[data-step=expansions]").wait_for()
    shot(page, "01-wizard-expansions")
    page.get_by_role("button", name="Next").click()
    page.locator("[data-step=scenario]").wait_for()
    page.locator("input[name=scenario][value=custom]").check()
    page.get_by_role("button", name="Next").click()
    page.locator("[data-step=generals]").wait_for()
    shot(page, "02-wizard-generals")
    page.get_by_role("button", name="Next").click()
    page.locator("[data-step=options]").wait_for()
    page.locator("[data-testid=settings-main]").wait_for()
    page.uncheck("input[name=all_is_quiet]")  # a custom rule setting: a toggle
    shot(page, "03-wizard-options")
    page.get_by_role("button", name="Next").click()
    page.locator("[data-step=players]").wait_for()
    page.fill("input[name=host-name]", "Ada")
    page.click("label[for=host-hero-wizard]")
    shot(page, "03-wizard-players-and-heroes")
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    page.locator(".qr svg").wait_for()
    shot(page, "04-setup-checklist-and-qr")
    page.click(".setup-tab details.settings-facts summary")
    # The custom setting took, named as the setup screen names it.
    facts = page.locator(".setup-tab dl.facts")
    expect(facts).to_contain_text("All is Quiet cards")
    expect(facts).to_contain_text("Take them out")
    code = page.inner_text("[data-testid=join-code]").strip()
    assert len(code) >= 6
    return code


def join_by_code(page: Any, base: str, code: str, shot: Any) -> None:
    page.goto(base + "/")
    page.fill("input[name=code]", code)
    page.get_by_role("button", name="Join", exact=True).click()
    page.fill("input[name=name]", "Bea")
    page.click("label[for=hero-rogue]")
    shot(page, "05-join")
    page.get_by_role("button", name="Take a seat").click()
    page.locator("[data-testid=map]").wait_for()


def test_two_phones_share_one_table(phones: tuple[Any, Any], live_server: Any, shot: Any) -> None:
    host, guest = phones
    base = live_server.url
    code = create_game_with_the_wizard(host, base, shot)
    join_by_code(guest, base, code, shot)

    host.get_by_test_id("start-playing").click()
    host.locator("[data-testid=map]").wait_for()
    host.locator("[data-location=monarch-city]").wait_for()
    # The guest's hero entering reaches the host by itself.
    host.wait_for_function(
        "() => document.querySelectorAll('.hero-text').length >= 2",
        timeout=LIVE_SECONDS * 1000,
    )
    shot(host, "06-board")
    guest.wait_for_function(
        "() => document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )

    # Ada ends her turn (the evening's 2 Hero Cards), then goes to the night.
    host.click("[data-tab=me]")
    host.get_by_test_id("end-turn").click()
    host.get_by_test_id("go-to-night").click()
    # A night on phone 1 shows on phone 2's board, without a reload.
    wait_for_version(guest, version_of(host), LIVE_SECONDS * 1000)
    board_before = guest.inner_html("[data-testid=map]")
    version_before = version_of(guest)
    host.get_by_test_id("run-night").click()
    host.locator(".night-card[data-event=darkness_spreads_card]").first.wait_for()
    # The night's events may come by the stream before the answer brings the new state.
    wait_for_version(host, version_before + 1, 5000)
    night_version = version_of(host)
    assert night_version > version_before
    # The guest's map is drawn again from the new state.
    guest.wait_for_function(
        "v => Number(document.querySelector('[data-testid=map]').dataset.version) >= v",
        arg=night_version,
        timeout=LIVE_SECONDS * 1000,
    )
    shot(host, "07-night-steps")
    shot(guest, "08-board-after-the-night")
    # ... and shows what the host's board shows.
    cards = host.locator(".night-card[data-event=darkness_spreads_card] h3").all_inner_texts()
    host.click("[data-tab=board]")
    host.wait_for_function(
        "v => Number(document.querySelector('[data-testid=map]')?.dataset.version) >= v",
        arg=night_version,
    )
    board_after = guest.inner_html("[data-testid=map]")
    assert host.inner_html("[data-testid=map]") == board_after
    if not all("All is Quiet" in card for card in cards):  # a quiet night changes nothing
        assert board_after != board_before

    # Undo on phone 2, labelled with who did what; phone 1 sees it.
    guest.click("[data-tab=log]")
    undo = guest.get_by_test_id("undo")
    assert "Ada" in undo.inner_text() and "Night" in undo.inner_text()
    shot(guest, "09-log-undo")
    host.click("[data-tab=log]")
    undo.click()
    guest.wait_for_function(
        "v => Number(document.querySelector('[data-testid=live]').dataset.version) > v",
        arg=night_version,
    )
    undo_version = version_of(guest)
    wait_for_version(host, undo_version, LIVE_SECONDS * 1000)
    redo = host.get_by_test_id("redo")
    host.wait_for_function(
        "() => !document.querySelector('[data-testid=redo]').disabled", timeout=LIVE_SECONDS * 1000
    )
    assert "Night" in redo.inner_text()
    shot(host, "10-log-after-remote-undo")

    # Phone 2 acts on a stale state: refused, told why, shown the fresh state.
    # Cut phone 2's live stream: it reconnects when the network comes back, and cannot.
    guest.route("**/stream/**", lambda route: route.abort())
    guest.evaluate("() => window.dispatchEvent(new Event('online'))")
    guest.wait_for_function(
        "() => !document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )
    stale_version = version_of(guest)
    token = host.evaluate(
        "() => Object.values(JSON.parse(localStorage['dotr.games']))[0].seats['1'].token"
    )
    game_id = host.url.split("/game/")[1].split("?")[0].split("#")[0]
    moved = act_through_the_api(base, game_id, token, "wound_hero", {"wounds": 1}, stale_version)
    guest.get_by_test_id(
        "redo"
    ).click()  # still labelled with the night: the guest has not seen the wound
    notice = guest.get_by_test_id("notice")
    notice.wait_for()
    assert notice.get_attribute("data-code") == "stale_version"
    assert "Not applied" in notice.inner_text()
    assert "Wizard" in notice.inner_text()  # what changed meanwhile
    wait_for_version(guest, moved["version"], 2000)
    guest.wait_for_function("() => document.querySelector('[data-testid=redo]').disabled")
    shot(guest, "11-stale-refused")
    guest.unroute("**/stream/**")

    assert host.errors == [] and guest.errors == []


def act_through_the_api(
    base: str, game_id: str, token: str, kind: str, args: dict, version: int
) -> Any:
    request = urllib.request.Request(
        f"{base}/api/v1/games/{game_id}/actions/",
        data=json.dumps({"type": kind, "args": args, "expected_version": version}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)
