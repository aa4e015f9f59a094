"""A Global Effect the app does not know, read at the table: Ada's phone runs the night, the
Global Effect comes up, Bea's phone shows "Read the card you drew" with its title and its two
effects, the parts the card does not show left empty, and both phones see the night finish."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game
from tests.browser.live_api import call
from tests.browser.test_read_card import LIVE_SECONDS, _act, _seat
from tests.helpers import a_face

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_global_effect_is_read_with_only_what_the_card_shows(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bea = phones
    base = live_server.url
    game = call(
        base, "games/", {"host": {"name": "Ada", "hero": "wizard"}, "expansions": ["dragon"]}
    )
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "rogue"}
    )
    # A new Quest dealt at the setup is read first by its holder (Bea's by Bea's phone).
    bea_seat = {"id": game["id"], "token": joined["token"]}
    while reading := call(base, f"games/{game['id']}/", token=game["token"])["state"]["reading"]:
        holder = bea_seat if reading[0].get("seat") == "2" else game
        seen = call(base, f"games/{game['id']}/", token=holder["token"])["state"]["reading"]
        _act(base, holder, "read_card", {"face": a_face(seen[0])})
    row = Game.objects.get(pk=game["id"])
    cards = game_cards(row.state)
    pile = row.state["decks"]["darkness_spreads"]["draw"]
    unread = next(c for c in pile if cards[c].kind == "good" and cards[c].data.get("title") is None)
    row.state["decks"]["darkness_spreads"]["draw"] = [c for c in pile if c != unread] + [unread]
    row.save(update_fields=["state"])
    _act(base, game, "end_turn", {})

    _seat(ada, base, game["id"], game["join_code"], "1", game["token"])
    _seat(bea, base, game["id"], game["join_code"], "2", joined["token"])
    ada.get_by_test_id("night-turn").get_by_text("has drawn the evening's Hero Cards").wait_for()
    ada.get_by_test_id("run-night").click()
    sheet = bea.locator("dialog[data-testid=read-card]")
    sheet.wait_for(timeout=LIVE_SECONDS * 1000)
    text = sheet.inner_text()
    assert "The Good Global Effect drawn" in text
    assert "Immediate Effect" in text and "Ongoing Effect" in text
    sheet.locator("input[name=title]").fill("Fair Winds")
    sheet.locator("textarea[name=ongoing]").fill("Heroes move 1 extra space by horse (made up).")
    shot(bea, "73-read-a-global-effect")
    sheet.get_by_test_id("read-card-submit").click()

    for page in (ada, bea):
        page.locator(".night-card[data-event=turn_passed]").wait_for(timeout=LIVE_SECONDS * 1000)
        page.locator("dialog[data-testid=read-card]").wait_for(state="detached")
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["reading"] == []
    row = Game.objects.get(pk=game["id"])
    assert game_cards(row.state)[unread].data["title"] == "Fair Winds"
    assert game_cards(row.state)[unread].data["immediate"] is None
    assert ada.errors == [] and bea.errors == []  # type: ignore[attr-defined]
