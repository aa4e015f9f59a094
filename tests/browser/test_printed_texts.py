"""The printed texts (a Quest's test and reward, a hero's abilities) are not in the Board's
first load: the Me tab reads them when it shows them. A space's roads come from the map's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deck_tracker.models import Game
from tests.browser.live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_me_tab_shows_a_quests_test_and_reward_and_the_heros_abilities(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    page = phones[0]
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Eagle Rider"}})
    # A Quest in Ada's hand, written straight into the saved state (drawing one has its tests).
    row = Game.objects.get(pk=game["id"])
    state = row.state
    state["heroes"]["1"]["quests"] = ["quest-amulet-of-the-gods"]
    row.state = state
    row.save(update_fields=["state"])
    page.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": "1",
            "seats": {"1": {"token": game["token"], "name": "Ada", "hero": "Eagle Rider"}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))

    # The Board: a tap on Amarak Peak lists the spaces its roads lead to, by name.
    page.goto(f"{base}/game/{game['id']}")
    page.locator("[data-location=amarak-peak]").tap()
    sheet = page.get_by_role("dialog")
    sheet.get_by_role("heading", name="Amarak Peak").wait_for()
    roads = sheet.locator(".neighbours").inner_text()
    for name in ["Eagle Peak Pass", "Ghost Marsh", "Mccorm Highlands", "Thorny Woods"]:
        assert name.lower() in roads.lower()
    page.keyboard.press("Escape")
    sheet.wait_for(state="hidden")

    page.goto(f"{base}/game/{game['id']}#me")
    quests = page.get_by_test_id("quests")
    quests.get_by_text("Amulet of the Gods").wait_for()
    # The rulebook's card: "Spend 1 action in the Dark Woods and roll 4 dice; a single 6 wins it."
    quests.get_by_text("a single 6 wins it").wait_for()
    quests.get_by_text("Reward: +1 on every combat die, against Generals too.").wait_for()
    card = page.get_by_test_id("hero-card")
    card.get_by_text("Abilities").click()
    card.get_by_text("Eagle Flight: one action flies up to 4 spaces").wait_for()
    assert page.errors == []
