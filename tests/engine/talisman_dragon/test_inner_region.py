"""The Inner Region on the board overlay: Dragon Tower and Dragon Realm (rulebook p12-14)."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import InvalidArguments, RuleViolation

from .conftest import table


def in_tower(character: str = "Dragon Hunter", *, king: str = "varthrax", **options):
    game = table(character, options={"inner_region": "dragon-tower", **options})
    game.state["king"] = king
    game.state["characters"]["1"]["space"] = "portal-of-power"
    game.execute("enter_inner_region")
    game.execute("draw_dragon_token", {"token": "slumber"})
    return game


def place(game) -> str:
    return game.state["characters"]["1"]["inner"]["space"]


def test_example_of_moving_in_the_dragon_tower_a_kill_on_the_plain_of_peril_moves_two():
    # "The Dragon Hunter begins his turn on the Plain of Peril. The space instructs him to draw
    # one card ... Varthrax is the Dragon King, so [he] must draw one Varthrax Card ... encounters
    # a Fire Drake and kills it ... moves forward two spaces and ends his turn."
    game = in_tower()
    game.execute("tower_draw")
    [card] = game.state["tower_cards"]
    assert card.startswith("varthrax-")
    game.execute("tower_result", {"killed": 1})
    assert game.state["characters"]["1"]["inner"]["index"] == 2

    game.execute("next_turn")
    # "... the Dragon Card would be discarded at the end of his turn."
    assert game.state["decks"]["varthrax"]["discard"] == [card]
    assert game.state["tower_cards"] == []


def test_example_of_moving_in_the_dragon_tower_defeated_on_the_plain_moves_only_one():
    # "If the Dragon Slayer were defeated by the Fire Drake, he would only move forward one space"
    game = in_tower()
    game.execute("tower_draw")
    game.execute("tower_result", {"defeated": True})
    assert place(game) == "tower-stair-1"


def test_dragon_tower_defeated_on_a_stairway_moves_one_space_back_even_after_a_kill():
    game = in_tower()
    game.state["characters"]["1"]["inner"].update(index=2, space="tower-stair-2")
    game.execute("tower_draw", {"count": 2})
    game.execute("tower_result", {"killed": 1, "defeated": True})
    assert place(game) == "tower-stair-1"


def test_dragon_tower_a_stand_off_on_a_stairway_moves_forward_normally():
    game = in_tower()
    game.state["characters"]["1"]["inner"].update(index=1, space="tower-stair-1")
    game.execute("tower_draw", {"count": 1})
    game.execute("tower_result", {"killed": 0, "defeated": False})
    assert place(game) == "tower-stair-2"


def test_dragon_tower_the_number_printed_on_a_stairway_is_asked_once_and_remembered():
    game = in_tower()
    game.state["characters"]["1"]["inner"].update(index=1, space="tower-stair-1")
    with pytest.raises(InvalidArguments):
        game.execute("tower_draw")
    game.execute("tower_draw", {"count": 2})
    assert len(game.state["tower_cards"]) == 2
    assert game.state["tower_draws"] == {"tower-stair-1": 2}


def test_dragon_tower_cards_come_from_the_dragon_kings_deck():
    game = in_tower(king="cadorus")
    game.execute("tower_draw")
    assert game.state["tower_cards"][0].startswith("cadorus-")


def test_dragon_realm_moves_one_space_along_the_arrow_per_turn():
    game = table("Dragon Rider", options={"inner_region": "dragon-realm"})
    game.state["characters"]["1"]["space"] = "portal-of-power"
    game.execute("enter_inner_region")
    game.execute("inner_step")
    assert place(game) == "dragonstone-mines"
    with pytest.raises(RuleViolation):
        game.execute("inner_step")


def test_turning_back_goes_one_space_a_turn_to_the_plain_of_peril_then_may_leave():
    game = table("Dragon Rider", options={"inner_region": "dragon-realm"})
    game.state["characters"]["1"]["space"] = "portal-of-power"
    game.execute("enter_inner_region")
    game.state["characters"]["1"]["inner"].update(index=2, space="realm-space-3")
    game.execute("turn_back")
    game.execute("inner_step")
    assert place(game) == "dragonstone-mines"
    assert game.state["characters"]["1"]["inner"]["turned_back"] is True
    game.execute("draw_dragon_token", {"token": "slumber"})
    game.execute("next_turn")
    game.execute("inner_step")
    assert place(game) == "plain-of-peril"
    # "Once there, however, the character may move toward the Crown of Command or leave"
    assert game.state["characters"]["1"]["inner"]["turned_back"] is False
    game.execute("leave_inner_region")
    assert game.state["characters"]["1"]["space"] == "portal-of-power"
