"""The dragon token draw at the start of each turn (rulebook p6-7)."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import GameLog

from .conftest import table

MIX = {"varthrax": 3, "cadorus": 3, "grilipus": 3, "strike": 1, "rage": 1, "slumber": 1}


def test_drawing_dragon_tokens_a_scale_goes_on_its_lord():
    game = table("Conjurer")
    game.execute("draw_dragon_token", {"token": "cadorus"})
    assert game.state["lords"]["cadorus"]["scales"] == 1


def test_one_token_per_turn_unless_a_dragon_strike_owes_two_more():
    game = table("Conjurer")
    game.execute("draw_dragon_token", {"token": "strike"})
    game.execute("draw_dragon_token", {"token": "grilipus"})
    game.execute("draw_dragon_token", {"token": "varthrax"})
    with pytest.raises(RuleViolation):
        game.execute("draw_dragon_token", {"token": "varthrax"})


def test_the_turn_does_not_end_before_its_dragon_token_is_drawn():
    game = table("Conjurer", "Minotaur")
    with pytest.raises(RuleViolation):
        game.execute("next_turn")


def test_a_bag_at_the_table_is_told_the_token_and_the_apps_bag_is_not():
    with pytest.raises(InvalidArguments):
        table("Conjurer").execute("draw_dragon_token", {})
    app = table("Conjurer", options={"token_draw": "app", "bag_mix": MIX})
    with pytest.raises(InvalidArguments):
        app.execute("draw_dragon_token", {"token": "rage"})


def test_the_app_draws_only_once_it_knows_the_bags_mix():
    with pytest.raises(InvalidArguments) as refused:
        table("Conjurer", options={"token_draw": "app"})
    assert "options.bag_mix" in refused.value.fields


def test_the_apps_draw_is_seeded_recorded_and_replayed_the_same_through_undo_and_redo():
    draws = []
    for _ in range(2):
        game = GameLog.start(
            {
                "system": "talisman-dragon",
                "host": {"name": "Ann", "hero": "Conjurer"},
                "options": {"token_draw": "app", "bag_mix": MIX},
            },
            seed="same-seed",
        )
        first = game.execute("draw_dragon_token").events[0].data["token"]
        game.execute("undo")
        again = game.execute("redo")
        draws.append(first)
        assert game.state["decks"]["dragon_tokens"]["discard"][0].startswith(first)
        assert len(game.state["decks"]["dragon_tokens"]["draw"]) == sum(MIX.values()) - 1
        assert again.events
        assert game.replay() == game.state
    assert draws[0] == draws[1]


def test_a_dragon_rage_with_no_dragon_king_does_nothing():
    game = table("Conjurer")
    outcome = game.execute("draw_dragon_token", {"token": "rage"})
    rage = next(event for event in outcome.events if event.type == "dragon_rage")
    assert rage.data["lord"] is None
