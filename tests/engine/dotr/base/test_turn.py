"""The turn sequence: the hero's actions, the evening's 2 Hero Cards, then the night.

The rulebook's order, as the content facts summarise it ("Evening: 2 Hero Cards") and the Dragon
expansion's FAQ repeats it: "you must discard down to 10 Hero Cards at the end of your turn after
you draw the Hero Cards for the turn"; the night's Darkness Spreads follows.
"""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.game import GameLog
from tests.helpers import act, refused, stand

from ..dragon import dragon_table


def two_heroes() -> GameLog:
    game = GameLog.start({"host": {"name": "Anna", "hero": "Wizard"}}, seed="turns")
    game.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    return game


def hand(game: GameLog, seat: str) -> list[str]:
    return game.state["decks"]["hero"]["hands"][seat]


def turn(game: GameLog) -> tuple[int, str, str]:
    t = game.state["turn"]
    return t["number"], t["active_seat"], t["phase"]


def test_the_first_night_waits_for_the_first_heros_evening_draw() -> None:
    """A new game starts with the first hero's actions; the night is refused before the evening
    draw and names the player who has not drawn."""
    game = two_heroes()
    assert turn(game) == (1, "1", "actions")
    message = refused(game, "night", {}, "evening_not_drawn")
    assert message.startswith("Anna has not drawn the evening's 2 Hero Cards yet")
    size = len(hand(game, "1"))
    act(game, "end_turn")
    assert len(hand(game, "1")) == size + 2
    assert turn(game) == (1, "1", "night")
    act(game, "night", {"seat": "1", "round": 1})
    assert turn(game) == (1, "2", "actions")
    began = [e for e in game.events if e.type == "night_began"][-1]
    assert began.summary.startswith("Night after Anna's turn: the Darkness Spreads")
    assert began.data["after_turn_of"] == "1" and began.data["evening_skipped"] is False
    passed = [e for e in game.events if e.type == "turn_passed"][-1]
    assert passed.summary == "Round 1: Bea's turn."


def test_the_table_may_skip_the_evening_draw_explicitly() -> None:
    game = two_heroes()
    size = len(hand(game, "1"))
    act(game, "night", {"seat": "1", "round": 1, "skip_evening": True})
    assert len(hand(game, "1")) == size  # no Hero Cards drawn
    skipped = next(e for e in game.events if e.type == "evening_skipped")
    assert skipped.summary == "Anna's evening draw is skipped by the table."
    assert turn(game) == (1, "2", "actions")


def test_a_night_sent_twice_for_the_same_turn_is_refused_never_run_for_the_next_hero() -> None:
    """A double tap on "Run the night": the second names Anna's turn, which has had its night."""
    game = two_heroes()
    game.execute("end_turn")
    game.execute("night", {"seat": "1", "round": 1})
    message = refused(game, "night", {"seat": "1", "round": 1}, "night_already_run")
    assert message == "The night after Anna's turn has already run: it is now Bea's turn."
    # Even with the skip flag: the night named has run.
    refused(game, "night", {"seat": "1", "round": 1, "skip_evening": True}, "night_already_run")
    assert turn(game) == (1, "2", "actions")


def test_a_second_night_without_naming_the_turn_waits_for_the_next_evening() -> None:
    game = two_heroes()
    game.execute("end_turn")
    game.execute("night")
    message = refused(game, "night", {}, "evening_not_drawn")
    assert message.startswith("Bea has not drawn")


def test_with_one_hero_the_round_tells_a_second_tap_from_the_next_turn() -> None:
    game = GameLog.start({"host": {"name": "Anna", "hero": "Wizard"}}, seed="alone")
    game.execute("end_turn")
    game.execute("night", {"seat": "1", "round": 1})
    assert turn(game) == (2, "1", "actions")
    refused(game, "night", {"seat": "1", "round": 1, "skip_evening": True}, "night_already_run")
    game.execute("end_turn")
    game.execute("night", {"seat": "1", "round": 2})
    assert turn(game) == (3, "1", "actions")


def test_a_night_naming_a_turn_that_is_not_the_current_one_is_refused() -> None:
    game = two_heroes()
    game.execute("end_turn")
    refused(game, "night", {"seat": "2", "round": 1}, "not_this_turn")
    refused(game, "night", {"seat": "9"}, "unknown_seat")


def test_the_evening_is_drawn_once_per_turn() -> None:
    game = two_heroes()
    game.execute("end_turn")
    refused(game, "end_turn", {}, "evening_done")


def test_undoing_the_night_returns_to_the_night_phase_of_the_same_turn() -> None:
    game = two_heroes()
    game.execute("end_turn")
    game.execute("night", {"seat": "1", "round": 1})
    game.execute("undo")
    assert turn(game) == (1, "1", "night")
    game.execute("night", {"seat": "1", "round": 1})
    assert turn(game) == (1, "2", "actions")


def test_no_hero_at_the_table_no_evening_to_wait_for() -> None:
    game = GameLog.start({"host": {"name": "Anna"}}, seed="empty")
    game.execute("night")
    assert game.state["turn"]["active_seat"] is None


def test_the_dragon_expansions_end_of_turn_dangers_come_before_the_evening_and_the_night() -> None:
    """DX: "any Hero ending their turn in a location On Fire suffers 1 wound due to fire damage";
    the dangers, the evening, then the night."""
    game = dragon_table({"red": "brimstone"}, hero="wizard")
    game.state["board"]["wolf-pass"]["fire"] = 1
    stand(game.state, "1", "wolf-pass")
    refused(game, "night", {}, "dangers_pending")  # the first step still owed
    with pytest.raises(RuleViolation) as waiting:
        game.execute("end_turn")
    assert waiting.value.code == "dangers_pending"
    # Skipping the evening's Hero Cards skips no wound: the dangers come first all the same.
    refused(game, "night", {"skip_evening": True}, "dangers_pending")
    game.execute("turn_end_dangers")
    refused(game, "night", {}, "evening_not_drawn")
    game.execute("end_turn")
    game.execute("night", {"seat": "1", "round": 1})
    assert turn(game) == (2, "1", "actions")
