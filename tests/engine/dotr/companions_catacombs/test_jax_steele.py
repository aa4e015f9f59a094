"""Jax Steele as printed (Companions & Catacombs rulebook, the Companion cards):

"Jax Steele / Traveling Bard. Spinning tales of triumph from tavern to tavern. / May re-roll
failed Quest dice, once per turn. / When gaining a new Quest, draw 2 Quest cards and keep 1."
"""

from __future__ import annotations

from deck_tracker.engine.content import default_packs


def test_jax_steele_has_both_printed_abilities() -> None:
    deck = default_packs()["dotr-companions-catacombs"].deck("companion")
    jax = next(card for card in deck.cards if card.name == "Jax Steele")
    assert jax.data["title"] == "Traveling Bard"
    assert list(jax.data["abilities"]) == [
        "May re-roll failed Quest dice, once per turn.",
        "When gaining a new Quest, draw 2 Quest cards and keep 1.",
    ]
