"""Confronting the Dragon King on the Crown of Command (rulebook p14)."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import RuleViolation

from .conftest import seat_of, table, turn_of


def on_crown(game, seat: str) -> None:
    game.state["characters"][seat]["inner"] = {
        "side": "dragon-tower",
        "index": 6,
        "space": "crown-of-command",
        "turned_back": False,
    }
    game.state["characters"][seat]["space"] = "crown-of-command"


def test_each_defeat_of_the_king_removes_a_life_and_the_last_one_wins_the_game():
    game = table("Dragon Hunter", options={"lord_lives": {"varthrax": 2}})
    game.state["king"] = "varthrax"
    on_crown(game, "1")
    game.execute("attack_king", {"result": "won"})
    assert game.state["lords"]["varthrax"]["wounds"] == 1
    assert game.state["outcome"] is None
    game.execute("attack_king", {"result": "won", "with": "craft"})
    assert game.state["outcome"]["result"] == "won"
    assert game.state["outcome"]["winner"] == "1"


def test_a_stand_off_ends_the_turn_and_the_attack_resumes_next_turn():
    game = table("Dragon Hunter", options={"lord_lives": {"varthrax": 3}})
    game.state["king"] = "varthrax"
    on_crown(game, "1")
    game.execute("attack_king", {"result": "stand_off"})
    with pytest.raises(RuleViolation):
        game.execute("attack_king", {"result": "won"})
    game.execute("draw_dragon_token", {"token": "slumber"})
    game.execute("next_turn")
    game.execute("draw_dragon_token", {"token": "slumber"})
    game.execute("attack_king", {"result": "won"})
    assert game.state["lords"]["varthrax"]["wounds"] == 1


def test_a_character_killed_with_nobody_else_on_the_crown_heals_the_king():
    game = table("Dragon Hunter", "Minotaur", options={"lord_lives": {"cadorus": 4}})
    game.state["king"] = "cadorus"
    on_crown(game, "1")
    game.execute("attack_king", {"result": "won"})
    game.execute("attack_king", {"result": "defeated", "killed": True})
    assert game.state["lords"]["cadorus"]["wounds"] == 0
    assert game.state["characters"]["1"]["inner"] is None


def test_a_character_killed_while_another_holds_the_crown_leaves_the_king_wounded():
    game = table("Dragon Hunter", "Minotaur", options={"lord_lives": {"cadorus": 4}})
    game.state["king"] = "cadorus"
    on_crown(game, "1")
    on_crown(game, seat_of(game, "Minotaur"))
    game.execute("attack_king", {"result": "won"})
    game.execute("attack_king", {"result": "defeated", "killed": True})
    assert game.state["lords"]["cadorus"]["wounds"] == 1


def test_the_kings_lives_are_asked_for_when_unknown():
    game = table("Dragon Hunter")
    game.state["king"] = "grilipus"
    on_crown(game, "1")
    with pytest.raises(RuleViolation) as refused:
        game.execute("attack_king", {"result": "won"})
    assert refused.value.code == "lives_unknown"
    game.execute("set_lord_lives", {"lord": "grilipus", "lives": 1})
    game.execute("attack_king", {"result": "won"})
    assert game.state["outcome"]["result"] == "won"


def test_on_the_crown_of_command_the_character_may_not_turn_back():
    game = table("Dragon Hunter", "Minotaur")
    on_crown(game, "1")
    turn_of(game, "Dragon Hunter")
    with pytest.raises(RuleViolation) as refused:
        game.execute("turn_back")
    assert refused.value.code == "on_crown"
