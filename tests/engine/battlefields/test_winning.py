"""Battlefields rulebook, Winning a Battle and Winning the Game."""

from __future__ import annotations

import pytest

from deck_tracker.engine.rules.battlefields.victory import war_score, war_won

from . import card, play, refused, war


def won(mode: str, tiles: list[str]) -> bool:
    state = {"settings": {"mode": mode}, "library": {}, "sides": {"heroes": {"won": tiles}}}
    return war_won(state, "heroes")


@pytest.mark.parametrize(
    ("mode", "tiles", "expected"),
    [
        # 'Skirmish: to win the war, 3 battlefield victories are needed or 2 victories on
        # battlefields of the same colour.'
        ("skirmish", ["red-1", "blue-1", "green-1"], True),
        ("skirmish", ["red-1", "blue-1"], False),
        ("skirmish", ["red-1", "red-2"], True),
        # 'Standard level: ... 4 battlefield victories are needed or 3 victories on battlefields
        # of the same colour.'
        ("standard", ["red-1", "blue-1", "green-1"], False),
        ("standard", ["red-1", "blue-1", "green-1", "black-1"], True),
        ("standard", ["green-1", "green-2"], False),
        ("standard", ["green-1", "green-2", "green-3"], True),
        # 'Heroic level: ... 5 battlefield victories are needed ... or 3 victories on
        # battlefields of the same colour (for example, all 3 green battlefields).'
        ("heroic", ["red-1", "red-2", "blue-1", "blue-2"], False),
        ("heroic", ["red-1", "red-2", "blue-1", "blue-2", "black-1"], True),
        ("heroic", ["green-1", "green-2", "green-3"], True),
    ],
)
def test_victory_thresholds_per_mode(mode: str, tiles: list[str], expected: bool) -> None:
    assert won(mode, tiles) is expected


def test_the_capital_counts_as_2_battlefields_but_not_as_2_of_the_same_colour() -> None:
    """'the Capital (purple) counts as 2 battlefields, but not as 2 of the same colour'."""
    assert won("skirmish", ["capital", "red-1"]) is True  # 2 + 1 battlefields
    assert won("standard", ["capital", "red-1", "blue-1"]) is True  # 2 + 1 + 1
    assert won("skirmish", ["capital"]) is False  # 2 battlefields, no colour twice
    assert won("heroic", ["capital", "red-1", "red-2"]) is False  # 4, and red only twice
    score = war_score(
        {
            "settings": {"mode": "skirmish"},
            "library": {},
            "sides": {"heroes": {"won": ["capital"]}},
        },
        "heroes",
    )
    assert score == {"battlefields": 2, "colours": {}, "best_colour": 0}


def test_winning_a_battle_discards_both_sides_and_the_winner_chooses_the_next_battlefield() -> None:
    """'All cards (including generals) played on the battlefield on both sides go to the discard
    pile.' 'the winner of this battlefield takes the indicated number of battlefield tiles and
    chooses one of them to replace the departing one; the rest are returned to the pile'."""
    game = war(tiles={"red-1": {"activate": 2, "reward_count": 3}}, tile_draws="app")
    play(game, "red-1", card("Orc", 9))
    play(game, "red-1", card("Dwarf", 8, "blue"))
    play(game, "red-1", card("Goblin", 5), end=False)
    assert game.state["sides"]["minions"]["won"] == ["red-1"]
    assert game.state["sides"]["minions"]["discard"] == 2
    assert game.state["sides"]["heroes"]["discard"] == 1
    pending = game.state["pending"]
    assert pending["kind"] == "choose" and pending["side"] == "minions"
    assert len(pending["options"]) == 3
    refused(game, "finish_turn", {}, "not_available")
    game.execute("choose_battlefield", {"tile": pending["options"][1]})
    assert game.state["field_order"][-1] == pending["options"][1]
    assert [game.state["tiles"][t] for t in pending["options"]] == ["pile", "play", "pile"]
    game.execute("finish_turn", {})
    assert game.replay() == game.state


def test_the_curse_at_the_withered_hills_reward_must_always_be_activated() -> None:
    """'Note: the battlefield "The Curse at the Withered Hills" must always be activated.'"""
    game = war(tiles={"red-1": {"activate": 1}}, tile_draws="app")
    game.execute(
        "teach_tile",
        {
            "tile": "red-1",
            "title": "The Curse at the Withered Hills",
            "activate": 1,
            "reward_count": 1,
            "reward": "Each player discards a card.",
        },
    )
    play(game, "red-1", card("Orc", 9), end=False)
    assert game.state["pending"]["kind"] == "reward" and game.state["pending"]["must"] is True
    refused(game, "decide_reward", {"use": False}, "reward_required")
    game.execute("decide_reward", {"use": True})
    assert game.state["pending"] is None and len(game.state["field_order"]) == 3


def test_a_reward_with_may_is_the_winners_choice() -> None:
    game = war(tiles={"red-1": {"activate": 1, "reward": "You may draw a card."}}, tile_draws="app")
    play(game, "red-1", card("Orc", 9), end=False)
    game.execute("decide_reward", {"use": False})
    assert game.state["pending"] is None


def test_a_skirmish_is_won_by_2_battlefields_of_one_colour() -> None:
    game = war(
        objectives=("red-1", "red-2"),
        tiles={"red-1": {"activate": 1}, "red-2": {"activate": 1}, "green-1": {"activate": 5}},
        third="green-1",
    )
    play(game, "red-1", card("Orc", 9), end=False)
    assert game.state["pending"] == {
        "kind": "draw",
        "count": 1,
        "side": "minions",
        "purpose": "reward",
    }
    game.execute("draw_battlefields", {"tiles": ["blue-1"]})
    game.execute("finish_turn", {})
    game.execute("gather_troops", {"count": 1})
    game.execute("finish_turn", {})
    play(game, "red-2", card("Goblin", 5), end=False)
    assert game.state["outcome"]["side"] == "minions"
    assert game.state["outcome"]["result"] == "won"
    refused(game, "finish_turn", {}, "not_available")
