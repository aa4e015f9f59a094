"""Companion abilities that change how many Hero Cards a rule deals (CC Companion cards)."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, at, stack

from . import cc_game, colour_cards


def with_companion(companion: str) -> GameLog:
    game = cc_game()
    deck = game.state["decks"]["companion"]
    arrange(
        game,
        ("heroes", "1", "companions", [companion]),
        ("decks", "companion", "hands", "1", [companion]),
        ("decks", "companion", "draw", [c for c in deck["draw"] if c != companion]),
        ("decks", "hero", "hands", "1", []),
    )
    return game


def test_giddeon_iv_draws_one_more_hero_card_each_evening() -> None:
    """Giddeon IV: 'Draw 1 additional Hero card in the Evening Phase of each turn.'"""
    game = with_companion("companion-giddeon-iv")
    outcome = act(game, "end_turn", {})
    assert outcome.events[0].data["count"] == 3


def test_captain_xeva_draws_one_more_ending_on_a_treasure_chest() -> None:
    """Captain Xeva, Booty: 'When ending a turn in a location with a Treasure Chest, draw 1
    extra Hero cards.' Bounty Bay has a Treasure Chest; Thorny Woods has none."""
    game = with_companion("companion-captain-xeva")
    at(game, "bounty-bay")
    assert act(game, "end_turn", {}).events[0].data["count"] == 3
    elsewhere = with_companion("companion-captain-xeva")
    at(elsewhere, "thorny-woods")
    assert act(elsewhere, "end_turn", {}).events[0].data["count"] == 2


def test_april_raven_draws_two_more_hero_cards_at_rumors() -> None:
    """April Raven: 'Draw 2 additional Hero cards when taking a Rumors at the Inn Action.'"""
    game = with_companion("companion-april-raven")
    at(game, "chimera-inn")
    stack(game, "hero", *colour_cards("green", 4))
    outcome = act(game, "rumors", {"colour": "green"})
    assert outcome.events[0].data["kept"] == 4
