"""The setup checklist is a shared tab all game: a tick on one phone shows on the other, and the
shared undo takes it back on both."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.live_api import call
from tests.browser.test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement
FIRST = "[data-testid=checklist] input[type=checkbox] >> nth=0"


def test_a_tick_on_one_phone_is_seen_on_the_other_and_undone_for_both(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    anna, bea = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    sit_at(bea, base, game["id"], game["join_code"],
           {"2": {"token": joined["token"], "name": "Bea", "hero": "Rogue"}})  # fmt: skip
    for phone in (anna, bea):
        phone.click("[data-tab=setup]")
        phone.locator(FIRST).wait_for()
    total = anna.locator("[data-testid=checklist] li").count()
    assert total > 5
    assert not bea.locator(FIRST).is_checked()

    anna.locator(FIRST).check()
    bea.wait_for_function(
        "() => document.querySelector('[data-testid=checklist] input').checked", timeout=LIVE_MS
    )
    assert bea.inner_text("[data-testid=checklist-progress]").startswith(f"1 of {total} steps")
    shot(bea, "checklist-01-ticked-on-the-other-phone")

    # "Start playing" leaves the checklist where it was: a tab, still ticked.
    anna.get_by_test_id("start-playing").click()
    anna.locator("[data-testid=map]").wait_for()
    anna.click("[data-tab=setup]")
    assert anna.locator(FIRST).is_checked()

    # Bea undoes Anna's tick from the shared log: both phones show it unticked.
    bea.click("[data-tab=log]")
    undo = bea.get_by_test_id("undo")
    undo.wait_for()
    assert "Anna" in undo.inner_text() and "ticked" in undo.inner_text()
    undo.click()
    anna.wait_for_function(
        "() => !document.querySelector('[data-testid=checklist] input').checked", timeout=LIVE_MS
    )
    bea.click("[data-tab=setup]")
    bea.locator(FIRST).wait_for()
    assert not bea.locator(FIRST).is_checked()
    assert anna.inner_text("[data-testid=checklist-progress]").startswith(f"0 of {total} steps")
    shot(anna, "checklist-02-undone-on-both")
    assert anna.errors == [] and bea.errors == []


def test_late_in_a_long_game_the_setup_tab_still_lists_every_step(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    """The phone keeps only the recent log; the Setup tab reads the setup's steps again."""
    anna, _ = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    path = f"games/{game['id']}/"
    setup_steps = sum(len(event["steps"]) for event in game["events"])
    version = call(base, path, token=game["token"])["version"]
    for n in range(170):  # more than the 150 recent events a phone loads
        args = {"step": "1.0", "done": n % 2 == 0}
        body = {"type": "tick_setup_step", "args": args, "expected_version": version}
        version = call(base, path + "actions/", body, token=game["token"])["version"]
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    anna.click("[data-tab=setup]")
    anna.locator(FIRST).wait_for()
    assert anna.locator("[data-testid=checklist] li").count() == setup_steps
    assert anna.inner_text("[data-testid=checklist-progress]").startswith(
        f"0 of {setup_steps} steps"
    )
    assert anna.errors == []
