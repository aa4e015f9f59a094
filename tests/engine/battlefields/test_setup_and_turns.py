"""Battlefields rulebook, Setup and Game Play: seats, hands, objectives, turn order."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog

from . import refused, war


def positions_in_turn(game: GameLog, turns: int) -> list[str]:
    seen = []
    for _ in range(turns):
        seen.append(game.state["turn"]["position"])
        game.execute("gather_troops", {"count": 1})
        game.execute("finish_turn", {})
    return seen


def test_three_players_the_solo_player_plays_between_each_opponents_turn() -> None:
    """'Player A plays alone against players B and C. Player A takes a turn, then player B, then
    player A again, and finally player C.'"""
    game = war(players=3)
    assert positions_in_turn(game, 8) == ["A", "B", "A", "C", "A", "B", "A", "C"]
    assert [game.state["players"][p]["side"] for p in "ABC"] == ["minions", "heroes", "heroes"]


def test_the_game_always_begins_with_the_invaders_turn() -> None:
    """'The game always begins with the invaders' turn.' A solo hero player plays second."""
    game = war(players=3, solo_side="heroes")
    assert positions_in_turn(game, 4) == ["B", "A", "C", "A"]
    assert game.state["players"]["B"]["side"] == "minions"
    two = war(host_side="heroes")
    assert two.state["players"][two.state["turn"]["position"]]["side"] == "minions"
    assert two.state["players"]["B"]["seat"] == "1"  # the host plays the heroes


def test_four_players_sit_alternating_minion_hero_minion_hero() -> None:
    game = war(players=4)
    assert [game.state["players"][p]["side"] for p in "ABCD"] == [
        "minions",
        "heroes",
        "minions",
        "heroes",
    ]
    assert positions_in_turn(game, 4) == ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("players", "hands"),
    [(2, [7, 7]), (3, [8, 4, 4]), (4, [5, 5, 5, 5])],
)
def test_gather_the_troops_hands_per_player_count(players: int, hands: list[int]) -> None:
    """'2 players: each player takes 7 cards. 3 players: the players of the paired team take 4
    cards each, the solo player takes 8 cards. 4 players (team game): each player takes 5.'"""
    game = war(players=players)
    assert [p["hand"] for p in game.state["players"].values()] == hands
    for side in ("minions", "heroes"):
        held = sum(p["hand"] for p in game.state["players"].values() if p["side"] == side)
        assert game.state["sides"][side]["deck"] == 52 - held


@pytest.mark.parametrize(("mode", "generals"), [("skirmish", 2), ("standard", 3), ("heroic", 4)])
def test_choose_generals_per_mode(mode: str, generals: int) -> None:
    """'Each side chooses 2 generals (Skirmish), 3 generals (Standard game), or all 4 (Heroic).'"""
    game = war(mode=mode)
    assert len(game.state["sides"]["heroes"]["generals"]) == generals
    assert len(game.state["sides"]["minions"]["generals"]) == generals


def test_objectives_minions_then_heroes_choose_a_primary_colour_then_one_at_random() -> None:
    """'The minion player(s) choose one primary battlefield colour (not purple) ... then the hero
    player(s) do the same. Randomly choose 1 additional battlefield.'"""
    game = GameLog.start({"system": "battlefields", "options": {"tile_draws": "app"}})
    assert game.state["pending"] == {"kind": "objective", "side": "minions"}
    refused(game, "choose_objective", {"tile": "capital"}, "purple_objective")
    game.execute("choose_objective", {"tile": "black-2"})
    assert game.state["pending"] == {"kind": "objective", "side": "heroes"}
    game.execute("choose_objective", {"tile": "green-3"})
    assert game.state["pending"] is None
    assert game.state["field_order"][:2] == ["black-2", "green-3"]
    assert len(game.state["field_order"]) == 3  # the app drew the third, recorded in the log
    assert game.replay() == game.state


def test_a_battlefield_not_yet_taught_refuses_plays_until_the_table_reads_it() -> None:
    game = GameLog.start({"system": "battlefields"})
    game.execute("choose_objective", {"tile": "red-2"})
    game.execute("choose_objective", {"tile": "blue-2"})
    game.execute("draw_battlefields", {"tiles": ["capital"]})
    play = {"battlefield": "red-2", "name": "Orc", "number": 5, "colour": "red", "swords": 1}
    refused(game, "play_card", play, "tile_not_taught")
    game.execute(
        "teach_tile",
        {"tile": "red-2", "title": "Blood Flats", "activate": 3, "reward_count": 2},
    )
    game.execute("play_card", play)
    assert game.state["library"]["tiles"]["red-2"]["title"] == "Blood Flats"


def test_a_card_entered_once_is_remembered_and_a_later_entry_must_agree() -> None:
    game = war(tiles={"red-1": {"activate": 4}, "blue-1": {"activate": 4}})
    game.execute(
        "play_card",
        {"battlefield": "red-1", "name": "Dark Wizard", "number": 7, "colour": "red", "swords": 2},
    )
    game.execute("finish_turn", {})
    game.execute("gather_troops", {"count": 1})
    game.execute("finish_turn", {})
    known = game.state["library"]["cards"]["minions"]["dark-wizard"]
    assert known["swords"] == 2
    refused(
        game,
        "play_card",
        {"battlefield": "blue-1", "name": "Dark Wizard", "number": 6},
        "card_differs",
    )


def test_undo_takes_back_a_play_and_replaying_the_log_gives_the_state() -> None:
    game = war(tiles={"red-1": {"activate": 4}})
    before = repr(game.state["battlefields"])
    game.execute(
        "play_card",
        {"battlefield": "red-1", "name": "Orc", "number": 4, "colour": "red", "swords": 1},
    )
    game.execute("undo", {})
    assert repr(game.state["battlefields"]) == before
    game.execute("redo", {})
    assert game.state["battlefields"]["red-1"]["cards"]["minions"][0]["name"] == "Orc"
    assert game.replay() == game.state


def test_only_the_seat_holding_the_turn_takes_its_action() -> None:
    """A phone that joined holds the next free position; another seat cannot take its turn."""
    game = war()
    game.execute("join", {"name": "Bea"}, actor=None)
    assert game.state["players"]["B"]["seat"] == "2"
    with pytest.raises(EngineError) as caught:
        game.execute("gather_troops", {"count": 1}, actor="2")
    assert caught.value.code == "not_available"
    assert "Host (minions)'s turn" in caught.value.detail
