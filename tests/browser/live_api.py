"""The live server as the browser tests reach it: its REST API, as a phone the test does not
drive would call it, and a game of two players opened on the phones the test drives."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

from deck_tracker.engine.content import Card
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game
from tests.helpers import a_face

LIVE_SECONDS = 20.0  # a generous bound for the live stream on a loaded machine, not a measure


def call(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """GET ``/api/v1/<path>`` (or POST ``body``), with a seat token when given."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}/api/v1/{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def read_every_card(base: str, game: dict[str, Any], seats: dict[str, str] | None = None) -> int:
    """Answer every card the app waits to be read (the night resumes after each); a card in a
    hidden hand (a new Quest) by its holder's phone (``seats``: seat -> token). How many."""
    read = 0
    while reading := call(base, f"games/{game['id']}/", token=game["token"])["state"]["reading"]:
        token = {"1": game["token"], **(seats or {})}[reading[0].get("seat") or "1"]
        seen = call(base, f"games/{game['id']}/", token=token)
        body = {
            "type": "read_card",
            "args": {"face": a_face(seen["state"]["reading"][0])},
            "expected_version": seen["version"],
        }
        call(base, f"games/{game['id']}/actions/", body, token=token)
        read += 1
    return read


def act(base: str, game: dict[str, Any], type: str, args: dict[str, Any]) -> Any:
    """The seat of ``game["token"]`` sends ``type`` with ``args`` at the game's current version."""
    version = call(base, f"games/{game['id']}/", token=game["token"])["version"]
    body = {"type": type, "args": args, "expected_version": version}
    return call(base, f"games/{game['id']}/actions/", body, token=game["token"])


def game_of_two(
    base: str, setup: dict[str, Any], name: str = "Bea", hero: str = "Rogue"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game of ``setup`` (its host at seat 1) that a second player joined: (the created
    game with the host's token, the join answer with the second seat's token)."""
    game = call(base, "games/", setup)
    joined = call(base, "games/join/", {"join_code": game["join_code"], "name": name, "hero": hero})
    return game, joined


def open_game(
    page: Any, base: str, game: dict[str, Any], seat: str, token: str, name: str = "", tab: str = ""
) -> None:
    """The phone ``page`` holds ``seat``'s token, as the create and join screens leave it, and
    opens the game (at ``#tab`` when given); what to wait for is the caller's."""
    page.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": seat,
            "seats": {seat: {"token": token, "name": name, "hero": None}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    page.goto(f"{base}/game/{game['id']}" + (f"#{tab}" if tab else ""))


def a_night_draws_an_unread_card(
    ada: Any, bea: Any, base: str, setup: dict[str, Any], unread: Callable[[Card], bool]
) -> tuple[dict[str, Any], str]:
    """Ada (seat 1) and Bea (seat 2) at a game of ``setup``; the setup's cards read (a new
    Quest by its holder); the first Darkness Spreads card ``unread`` accepts on top of the deck;
    Ada's turn ended, her evening drawn; both phones on the Night tab; Ada's runs the night and
    Bea's shows the card to read. (The game, the card.)"""
    game, joined = game_of_two(base, setup, hero="rogue")
    read_every_card(base, game, {"2": joined["token"]})
    row = Game.objects.get(pk=game["id"])
    cards = game_cards(row.state)
    pile = row.state["decks"]["darkness_spreads"]["draw"]
    card = next(c for c in pile if unread(cards[c]))
    row.state["decks"]["darkness_spreads"]["draw"] = [c for c in pile if c != card] + [card]
    row.save(update_fields=["state"])
    # Ada's turn ends the way the rules order it: she draws the evening's 2 Hero Cards, so the
    # night runs without asking whether to skip the draw.
    act(base, game, "end_turn", {})
    for page, seat, token in ((ada, "1", game["token"]), (bea, "2", joined["token"])):
        open_game(page, base, game, seat, token, tab="night")
        page.get_by_test_id("run-night").wait_for()
    ada.get_by_test_id("night-turn").get_by_text("has drawn the evening's Hero Cards").wait_for()
    ada.get_by_test_id("run-night").click()
    bea.locator("dialog[data-testid=read-card]").wait_for(timeout=LIVE_SECONDS * 1000)
    return game, card
