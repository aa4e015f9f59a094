"""Rules a phone must honour where a tap hides them: a Special Hero Card played for its action
goes onto the Winds of War board, not to the discard pile; a dragon's life is read from his
card, never preset."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game
from tests.browser.live_api import act, call
from tests.browser.test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement
GATE = "special-magic-gate"


def arrange(game_id: str, *changes: tuple[Any, ...]) -> None:
    """A test position in the stored game."""
    game = Game.objects.get(pk=game_id)
    for *path, value in changes:
        node = game.state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    game.save()


def stored(game_id: str) -> dict[str, Any]:
    return dict(Game.objects.get(pk=game_id).state)


def dragon_game(page: Any, base: str, options: dict[str, Any]) -> dict[str, Any]:
    game = call(base, "games/", {
        "host": {"name": "Anna", "hero": "Wizard"}, "expansions": ["dragon"], "options": options,
    })  # fmt: skip
    # The cards of the expansion the app does not know yet are left unread.
    arrange(game["id"], ("reading", []))
    return game


def test_a_special_played_for_its_action_goes_onto_the_winds_of_war_board(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """DX Winds of War: "When Special Hero Cards are played for their Special Action (not dice
    to attack a General) they are placed on the Winds of War Board as a Played Special Card." """
    anna, _ = phones
    base = live_server.url
    game = dragon_game(anna, base, {"winds_of_war": True})
    deck = stored(game["id"])["decks"]["hero"]
    arrange(
        game["id"],
        ("decks", "hero", "draw", [c for c in deck["draw"] if c != GATE]),
        ("decks", "hero", "hands", "1", [*deck["hands"]["1"], GATE]),
    )
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    anna.click("[data-tab=me]")
    play = anna.locator("[data-hand=hero] button.primary")
    for _ in range(5):  # a live update that redraws the hand clears the ticks: tick again
        anna.locator(f"[data-hand=hero] input[value={GATE}]").check()
        if play.is_enabled():
            break
    play.click()
    anna.get_by_test_id("special-action").click()
    anna.locator(f"[data-hand=hero] input[value={GATE}]").wait_for(state="detached")
    state = stored(game["id"])
    assert [c["card"] for c in state["winds_of_war"]["board"]] == [GATE]
    assert GATE not in state["decks"]["hero"]["discard"]
    assert anna.errors == []


def test_a_dragons_life_on_the_reading_form_is_empty_until_the_player_reads_it(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """A preset life of 1 let one hasty tap enter a dragon who falls at his first wound: the
    form shows no number the player did not read, and refuses to go on without one."""
    anna, _ = phones
    base = live_server.url
    game = call(base, "games/", {
        "host": {"name": "Anna", "hero": "Wizard"}, "expansions": ["dragon"],
        "generals": {"black": "onyx"},
    })  # fmt: skip
    # His life is read when he is first wounded (the setup's cards are left unread here).
    arrange(game["id"], ("reading", []))
    act(base, game, "wound_general", {"general": "onyx"})
    assert stored(game["id"])["reading"][0]["schema"]["required"] == ["life"]
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    sheet = anna.locator("dialog[data-testid=read-card]")
    sheet.wait_for()
    life = sheet.locator("input[name=life]")
    assert life.input_value() == ""
    sheet.get_by_test_id("read-card-submit").click()
    sheet.get_by_text("Fill in every part of the card.").wait_for()
    assert stored(game["id"])["reading"]  # nothing entered
    shot(anna, "rules-01-a-dragons-life-not-preset")
    assert anna.errors == []
