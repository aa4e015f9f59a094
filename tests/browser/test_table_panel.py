"""At the table: what the physical board still owes, on every tab of every phone. A night's steps
stay listed until a phone ticks them (the other phone sees the tick), and a pending choice holds
the night back, saying why, until the panel's button settles it, through taps only."""

from __future__ import annotations

from typing import Any

import pytest

from .live_api import call, read_every_card
from .test_grand_ball import act
from .test_phone_shell import sit_at
from .test_player_words import developer_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement
PHONE = {"width": 390, "height": 844}
PANEL = "[data-testid=table-panel]"
STEP = "[data-testid=table-steps] input[type=checkbox]"
# The night's card, drawn from the table's own deck after Sterling's card.
CARD = "ds-blood-flats-bounty-bay"


def test_a_night_puts_its_steps_on_both_phones_and_sterling_landing_is_chosen_by_taps(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    anna, bea = phones
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Anna", "hero": "Wizard"},
            "expansions": ["dragon", "companions_catacombs"],
            "options": {"sterling": True},
            "table_decks": ["darkness_spreads"],
        },
    )
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    # This deal gives a hero a new Quest, read by its holder: reading it owes the board nothing.
    assert read_every_card(base, game, {"2": joined["token"]}) >= 1
    for phone in (anna, bea):
        phone.set_viewport_size(PHONE)
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    sit_at(bea, base, game["id"], game["join_code"],
           {"2": {"token": joined["token"], "name": "Bea", "hero": "Rogue"}})  # fmt: skip
    # Nothing is owed before the first night: no panel on the Board.
    assert anna.locator(PANEL).count() == 0

    # Anna's night, from the table's own deck: Sterling's card (her Location not entered in
    # the app), then a Darkness Spreads card.
    night = {"skip_evening": True, "cards": ["dx-sterling-3", CARD], "seat": "1", "round": 1}
    act(base, game["id"], game["token"], "night", night)

    # Both phones list the night's steps on the Board: Sterling's card, then the night waits
    # where she lands (the Dragon rulebook places her at once; she guards the rest of the night).
    for phone in (anna, bea):
        phone.locator(PANEL).get_by_text("First choose where Sterling lands").wait_for(
            timeout=LIVE_MS
        )
    panel = bea.locator(PANEL)
    assert "Place Sterling on the Location printed on the card drawn" in panel.inner_text()
    assert "where the card shows" not in panel.inner_text()
    assert "Place 1 Dragonkin on Bounty Bay." not in panel.inner_text()
    assert developer_words(panel.inner_text()) == []
    shot(bea, "table-panel-01-night-waits-for-sterling")

    # Anna settles it from the panel: the form offers the places by name, she picks one.
    choose = anna.locator(f"{PANEL} [data-pending=sterling_location] [data-testid=settle-choice]")
    anna.wait_for_function(
        "() => !document.querySelector("
        "'[data-pending=sterling_location] [data-testid=settle-choice]').disabled",
        timeout=LIVE_MS,
    )
    choose.click()
    sheet = anna.locator("dialog.sheet")
    sheet.locator("select[name=location]").select_option(label="Wolf Pass")
    assert sheet.locator("input[type=text]").count() == 0
    sheet.locator("button[type=submit]").click()
    sheet.wait_for(state="detached")

    # The choice is gone from both phones and the night went on: its steps on both.
    for phone in (anna, bea):
        phone.locator(PANEL).get_by_text("Place 1 Dragonkin on Bounty Bay.").wait_for(
            timeout=LIVE_MS
        )
    bea.wait_for_function(
        "() => !document.querySelector('[data-pending=sterling_location]')", timeout=LIVE_MS
    )
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["sterling"]["location"] == "wolf-pass"
    assert state["pending"] == []
    bea.locator(PANEL).get_by_text("Place Sterling on Wolf Pass.").wait_for(timeout=LIVE_MS)
    total = panel.locator(STEP).count()
    assert total > 5
    assert bea.get_by_test_id("table-panel-count").inner_text().endswith(f"{total} steps to do")
    shot(bea, "table-panel-02-settled")

    # Bea ticks the Dragonkin step: on Anna's phone, on another tab, it is done (off the list).
    anna.click("[data-tab=me]")
    anna.locator(PANEL).get_by_text("Place 1 Dragonkin on Bounty Bay.").wait_for()
    row = panel.locator("li", has_text="Place 1 Dragonkin on Bounty Bay.")
    key = row.locator("input").get_attribute("data-step")
    row.locator("label").click()
    anna.wait_for_function(
        f"() => !document.querySelector(`{PANEL} input[data-step='{key}']`)", timeout=LIVE_MS
    )
    assert (
        anna.get_by_test_id("table-panel-count").inner_text().endswith(f"{total - 1} steps to do")
    )
    assert "Place 1 Demon on Blood Flats." in anna.locator(PANEL).inner_text()
    # The tick is the table's, not one phone's.
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["table_steps"] == {key: True}
    shot(anna, "table-panel-03-ticked-on-the-other-phone")

    # The board matches: one tap ticks what is left, and the panel leaves both phones.
    left = bea.locator(STEP).count()
    bea.get_by_test_id("table-steps-all").click()
    for phone in (anna, bea):
        phone.wait_for_function(f"() => !document.querySelector('{PANEL}')", timeout=LIVE_MS)
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert len(state["table_steps"]) == left + 1
    assert anna.errors == [] and bea.errors == []
