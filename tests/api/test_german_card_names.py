"""A German phone reads the cards of its hand by their German names: the content a table reads
(``?view=table``) names each card, and each pack, in the reader's language."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def cards_of(pack: str, deck: str, language: str) -> dict[str, str]:
    answer = (
        APIClient().get(f"/api/v1/content/{pack}/?view=table", HTTP_ACCEPT_LANGUAGE=language).json()
    )
    return {card["id"]: card["name"] for card in answer["decks"][deck]["cards"]}


def test_hero_cards_and_quests_are_named_in_german_on_a_german_phone() -> None:
    hero = cards_of("dotr-base", "hero", "de")
    assert hero["hero-unicorn-forest-1"] == "Einhornwald"  # named after its location
    assert hero["special-magic-gate"] == "Magisches Tor"
    quests = cards_of("dotr-base", "quest", "de")
    english = cards_of("dotr-base", "quest", "en")
    assert quests["quest-amulet-of-the-gods"] != english["quest-amulet-of-the-gods"]
    assert english["quest-amulet-of-the-gods"] == "Amulet of the Gods"


def test_the_base_game_and_the_dungeon_tokens_are_named_in_german() -> None:
    answer = (
        APIClient().get("/api/v1/content/dotr-base/?view=table", HTTP_ACCEPT_LANGUAGE="de").json()
    )
    assert answer["name"] == "Defenders of the Realm (Grundspiel)"
    tokens = cards_of("dotr-companions-catacombs", "dungeon_token", "de")
    assert tokens["dungeon-ruins-of-amaraks-keep"] == "Ruinen von Amaraks Feste"
    companions = cards_of("dotr-companions-catacombs", "companion", "de")
    assert companions["event-betrayal"] == "Verrat"
    assert companions["companion-jax-steele"] == "Jax Steele"  # a name, as printed
