"""A card the app does not know, read at the table: Ada's phone runs the night, one of Onyx's
Darkness Spreads cards comes up, Bea's phone shows "Read the card you drew" by itself, Bea
enters it, and both phones see the night finish."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game
from tests.browser.live_api import call
from tests.helpers import a_face

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_SECONDS = 20.0  # a generous bound on a loaded machine, not a measurement


def _seat(page: Any, base: str, game_id: str, join_code: str, seat: str, token: str) -> None:
    page.goto(base + "/")
    saved = {
        game_id: {
            "joinCode": join_code,
            "active": seat,
            "seats": {seat: {"token": token, "name": "", "hero": ""}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    page.goto(f"{base}/game/{game_id}#night")
    page.get_by_test_id("run-night").wait_for()


def _act(base: str, game: dict[str, Any], type: str, args: dict[str, Any]) -> Any:
    version = call(base, f"games/{game['id']}/", token=game["token"])["version"]
    body = {"type": type, "args": args, "expected_version": version}
    return call(base, f"games/{game['id']}/actions/", body, token=game["token"])


def test_one_phone_draws_an_unknown_card_the_other_reads_it_both_see_the_night_finish(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bea = phones
    base = live_server.url
    setup = {
        "host": {"name": "Ada", "hero": "wizard"},
        "expansions": ["dragon"],
        "generals": {"black": "onyx"},
    }
    game = call(base, "games/", setup)
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "rogue"}
    )
    # The setup's own cards to read (Onyx's minions at the start, ...), answered beforehand.
    # A new Quest dealt is read by its holder (Bea's by Bea's phone).
    bea_seat = {"id": game["id"], "token": joined["token"]}
    while reading := call(base, f"games/{game['id']}/", token=game["token"])["state"]["reading"]:
        holder = bea_seat if reading[0].get("seat") == "2" else game
        seen = call(base, f"games/{game['id']}/", token=holder["token"])["state"]["reading"]
        _act(base, holder, "read_card", {"face": a_face(seen[0])})
    # One of Onyx's cards that nobody has entered lies on top of the Darkness Spreads deck.
    row = Game.objects.get(pk=game["id"])
    cards = game_cards(row.state)
    pile = row.state["decks"]["darkness_spreads"]["draw"]
    unread = next(c for c in pile if cards[c].data.get("unread"))
    row.state["decks"]["darkness_spreads"]["draw"] = [c for c in pile if c != unread] + [unread]
    row.save(update_fields=["state"])

    # Ada's turn ends the way the rules order it: she draws the evening's 2 Hero Cards, so the
    # night runs without asking whether to skip the draw.
    _act(base, game, "end_turn", {})

    _seat(ada, base, game["id"], game["join_code"], "1", game["token"])
    _seat(bea, base, game["id"], game["join_code"], "2", joined["token"])

    ada.get_by_test_id("night-turn").get_by_text("has drawn the evening's Hero Cards").wait_for()
    ada.get_by_test_id("run-night").click()
    # Bea's phone shows the card to read without a reload; so does Ada's.
    sheet = bea.locator("dialog[data-testid=read-card]")
    sheet.wait_for(timeout=LIVE_SECONDS * 1000)
    ada.locator("dialog[data-testid=read-card]").wait_for(timeout=LIVE_SECONDS * 1000)
    assert "Onyx Darkness Spreads card" in sheet.inner_text()
    assert "Read the card you drew" in sheet.inner_text()
    # Pickers and steppers, never a box to type an id into.
    assert sheet.locator("input[type=text], textarea").count() == 0
    shot(bea, "70-read-the-card-you-drew")

    sheet.locator("select[name='placements-0-location']").select_option(label="Dark Woods")
    sheet.locator("label.seg", has_text="Zealots").click()
    sheet.locator("select[name=general_to]").select_option(value="next")
    sheet.get_by_role("button", name="more Minions with the General").click()
    shot(bea, "71-read-the-card-filled")
    sheet.get_by_test_id("read-card-submit").click()

    # Both phones see the night finish: the card resolved, the turn passed.
    for page in (ada, bea):
        page.locator(".night-card[data-event=turn_passed]").wait_for(timeout=LIVE_SECONDS * 1000)
        page.locator("dialog[data-testid=read-card]").wait_for(state="detached")
        assert page.locator(".night-card[data-event=card_read]").count() == 1
    shot(ada, "72-the-night-finished")
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["reading"] == []
    assert ada.errors == [] and bea.errors == []  # type: ignore[attr-defined]
