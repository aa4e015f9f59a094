"""A new Quest of the Dragon expansion drawn into Ada's hand is read on Ada's phone alone: her
phone shows the card's form by itself; Bea's phone says only "Ada is reading a card", never the
form nor what Ada enters; once Ada enters it, both phones go on."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game
from tests.browser.live_api import LIVE_SECONDS, act, call, game_of_two, open_game, read_every_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_new_quest_is_read_on_the_phone_of_the_hero_who_drew_it_only(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bea = phones
    base = live_server.url
    setup = {"host": {"name": "Ada", "hero": "wizard"}, "expansions": ["dragon"]}
    game, joined = game_of_two(base, setup, hero="rogue")
    read_every_card(base, game, {"2": joined["token"]})  # a new Quest dealt, read by its holder
    # A new Quest nobody has read yet on top of the Quest deck.
    row = Game.objects.get(pk=game["id"])
    pile = row.state["decks"]["quest"]["draw"]
    quest = next(c for c in pile if c.startswith("dx-quest-"))
    row.state["decks"]["quest"]["draw"] = [c for c in pile if c != quest] + [quest]
    row.save(update_fields=["state"])

    open_game(ada, base, game, "1", game["token"], tab="night")
    open_game(bea, base, game, "2", joined["token"], tab="night")
    for page in (ada, bea):
        page.get_by_test_id("run-night").wait_for()
    act(base, game, "draw_quest", {})

    sheet = ada.locator("dialog[data-testid=read-card]")
    sheet.wait_for(timeout=LIVE_SECONDS * 1000)
    assert "A new Quest of the Dragon expansion" in sheet.inner_text()
    banner = bea.get_by_test_id("reading-banner")
    banner.get_by_text("Ada is reading a card").wait_for(timeout=LIVE_SECONDS * 1000)
    assert bea.locator("dialog[data-testid=read-card]").count() == 0
    shot(bea, "73-someone-else-reads-a-quest")

    sheet.locator("[name=title]").fill("Hunt the Onyx Wyrm")
    sheet.locator("[name=test]").fill("Spend an action where Onyx stands.")
    sheet.locator("[name=reward]").fill("Gain the Wyrm Hide.")
    sheet.locator("select[name=location_rule]").select_option(label="Anywhere (no location)")
    shot(ada, "74-reading-a-new-quest")
    sheet.get_by_test_id("read-card-submit").click()

    for page in (ada, bea):
        page.get_by_test_id("reading-banner").wait_for(
            state="detached", timeout=LIVE_SECONDS * 1000
        )
    assert "Hunt the Onyx Wyrm" not in bea.inner_text("body")
    state = call(base, f"games/{game['id']}/", token=joined["token"])["state"]
    assert state["reading"] == [] and "Hunt the Onyx Wyrm" not in str(state)
    assert ada.errors == [] and bea.errors == []  # type: ignore[attr-defined]
