"""Every path that slays a hero returns their Companions, and every Hero deck obeys The Hero's
Calling, through the API.

* Companions & Catacombs, Companion Rules 2: "In the event that a Hero is slain, all their
  Companions are returned to the Companion deck and the deck shuffled."
* The Hero's Calling, Setup: "Remove all Purple Hero cards from the Hero deck, unless using the
  Companions and Catacombs expansion."
* The Dragon expansion: "any Hero ending their turn in a location On Fire suffers 1 wound due to
  fire damage."
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.conftest import Table, create_table

from .test_each_hero_moves_its_own_hand import SETUP, arrange, burning_under_ada, stored

pytestmark = pytest.mark.django_db


@pytest.fixture
def realm(db: None) -> Table:
    table = create_table(SETUP)
    arrange(table, ("reading", []))
    return table


def ada_with_two_companions_and_one_life(table: Table) -> tuple[list[str], list[str]]:
    """Ada (seat 1) has hired two Companions and has 1 life token left."""
    deck = stored(table)["decks"]["companion"]
    companions = [c for c in deck["draw"] if c.startswith("companion-")][:2]
    draw = [c for c in deck["draw"] if c not in companions]
    arrange(
        table,
        ("decks", "companion", "draw", draw),
        ("decks", "companion", "hands", "1", companions),
        ("heroes", "1", "companions", companions),
        ("heroes", "1", "life", 1),
    )
    return companions, draw


def assert_returned_and_shuffled(table: Table, companions: list[str], draw: list[str]) -> None:
    state = stored(table)
    assert state["heroes"]["1"]["life"] == 0
    assert not state["heroes"]["1"].get("companions")
    deck = state["decks"]["companion"]
    assert not deck["hands"].get("1")
    assert sorted(deck["draw"]) == sorted([*draw, *companions])
    assert deck["draw"] != [*draw, *companions]  # shuffled, not laid on the bottom


def test_a_hero_slain_by_fire_at_the_end_of_the_turn_returns_their_companions(realm: Table):
    """Ada ends her turn On Fire with 1 life token: the fire slays her, and her two Companions go
    back into the Companion deck, which is shuffled."""
    companions, draw = ada_with_two_companions_and_one_life(realm)
    burning_under_ada(realm)
    response = realm.act(realm.host, "turn_end_dangers")
    assert response.status_code == 200, response.content
    assert_returned_and_shuffled(realm, companions, draw)
    fell = [e for e in response.json()["events"] if e["type"] == "hero_fell"]
    assert len(fell) == 1 and fell[0]["steps"][0]["rule"]


def test_a_hero_slain_by_the_agent_returns_their_companions(realm: Table):
    """The Agent attacks Ada (1 life token left) for 2 wounds: slain, her Companions return."""
    companions, draw = ada_with_two_companions_and_one_life(realm)
    arrange(realm, ("agent", {"id": "agent-of-onyx", "location": "monarch-city", "wounds": 0}))
    response = realm.act(realm.host, "agent_attacks", {"wounds": 2})
    assert response.status_code == 200, response.content
    assert_returned_and_shuffled(realm, companions, draw)


def test_a_wound_that_leaves_life_keeps_the_companions(realm: Table):
    companions, _ = ada_with_two_companions_and_one_life(realm)
    arrange(realm, ("heroes", "1", "life", 2))
    burning_under_ada(realm)
    response = realm.act(realm.host, "turn_end_dangers")
    assert response.status_code == 200, response.content
    assert stored(realm)["heroes"]["1"]["companions"] == companions


def purple_cards(state: dict[str, Any]) -> list[str]:
    """The Special (purple) cards in the Hero deck's draw pile and in every hand."""
    deck, cards = state["decks"]["hero"], game_cards(state)
    held = [card for hand in deck["hands"].values() for card in hand]
    return [c for c in [*deck["draw"], *held] if cards[c].kind == "special"]


def create_with(expansions: list[str]) -> dict[str, Any]:
    table = create_table({"host": {"name": "Ada", "hero": "Aria"}, "expansions": expansions})
    return stored(table)


def test_the_heros_calling_with_the_dragon_takes_every_purple_card_out_of_the_hero_deck():
    """HC Setup: "Remove all Purple Hero cards from the Hero deck" - the Dragon expansion's
    Special Hero Cards too, so none is dealt into a starting hand."""
    state = create_with(["dragon", "heros_calling"])
    assert purple_cards(state) == []
    boxed = state["decks"]["hero"]["box"]
    dragon_specials = [c for c in boxed if game_cards(state)[c].kind == "special"]
    assert len(dragon_specials) > 6  # more than the 6 the Dragon expansion boxes by itself


def test_the_heros_calling_with_companions_and_catacombs_keeps_the_purple_cards():
    """HC Setup: "... unless using the Companions and Catacombs expansion"."""
    state = create_with(["dragon", "companions_catacombs", "heros_calling"])
    assert purple_cards(state)
