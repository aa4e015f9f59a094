"""HC rule 6, Setup switches: purple Hero Cards out unless Companions & Catacombs is in; All is
Quiet out; the War Status card replaces the placard; no Slayer; 3 starting Hero Cards; Rumors
draw 3 per action."""

from __future__ import annotations

import pytest

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, at, refused, stack

from . import hc_game

BASE = default_packs()["dotr-base"]
SPECIALS = {c.id for c in BASE.deck("hero").cards if c.kind == "special"}
QUIET = {c.id for c in BASE.deck("darkness_spreads").cards if c.kind == "all_is_quiet"}


def test_purple_hero_cards_are_removed_unless_companions_and_catacombs_is_in() -> None:
    """'Remove all Purple Hero cards from the Hero deck, unless using the Companions and
    Catacombs expansion.'"""
    game = hc_game()
    deck = game.state["decks"]["hero"]
    assert set(deck["box"]) == SPECIALS
    assert not SPECIALS & {*deck["draw"], *deck["hands"]["1"]}
    with_cc = hc_game("companions_catacombs")
    assert with_cc.state["decks"]["hero"]["box"] == []
    assert game.replay() == game.state


def test_all_is_quiet_is_removed() -> None:
    """'Remove all All is Quiet cards from the Darkness Spreads deck.'"""
    game = hc_game()
    assert set(game.state["decks"]["darkness_spreads"]["box"]) == QUIET
    assert game.state["settings"]["all_is_quiet"] is False
    with pytest.raises(InvalidArguments):
        hc_game(all_is_quiet=True)


def test_the_war_status_card_replaces_the_placard() -> None:
    """'Replace the War Status placard from the base game with the new War Status card ... Place
    the War Status Token on top of the first box - Early War (Level 1).'"""
    game = hc_game()
    assert game.state["settings"]["extra_cards_general_only"] == "war_status_card"
    assert game.state["heros_calling"]["war_status_name"] == "Early War"
    assert game.state["heros_calling"]["hero_level"] == "I"
    with pytest.raises(InvalidArguments):
        hc_game(extra_cards_general_only="j")


def test_no_slayer_is_assigned_after_defeating_a_general() -> None:
    """'Do not assign a Slayer after defeating a General.' The app refuses to record one."""
    game = hc_game()
    outcome = act(game, "wound_general", {"general": "Gorgutt", "wounds": 6})
    level = next(e for e in outcome.events if e.type == "hero_level")
    assert any("Slayer" in step["text"] for step in level.steps)
    refused(game, "become_slayer", {"general": "gorgutt"}, "no_slayer_in_heros_calling")
    assert not game.state.get("slayers")
    base = GameLog.start({"host": {"name": "Ada", "hero": "Dwarf"}}, seed="hc")
    act(base, "wound_general", {"general": "Gorgutt", "wounds": 6})
    act(base, "become_slayer", {"general": "gorgutt"})
    assert base.state["slayers"] == {"green": "1"}


def test_three_starting_hero_cards() -> None:
    """'Deal 3 Hero cards, instead of 2, to each player at the start of the game.'"""
    game = hc_game()
    game.execute("join", {"name": "Bea", "hero": "Brann"}, actor=None)
    hands = game.state["decks"]["hero"]["hands"]
    assert (len(hands["1"]), len(hands["2"])) == (3, 3)
    assert len(game.state["decks"]["quest"]["hands"]["1"]) == 1


def test_rumors_draw_3_per_action() -> None:
    """'Draw 3 Hero cards, instead of 2, when listening for Rumors at the Inn.'"""
    game = hc_game()
    at(game, "chimera-inn")
    green = [c.id for c in BASE.deck("hero").cards if c.data.get("colour") == "green"][:3]
    arrange(game, ("decks", "hero", "hands", "1", []))
    stack(game, "hero", *green)
    outcome = act(game, "rumors", {"colour": "green"})
    assert outcome.events[0].data["kept"] == 3
