"""A dragon General's Hero Cards (DX 'Setting up the Hero and Darkness Spreads Card Decks':
"Replace Black General Varkolak's Darkness Spreads Cards with Black Dragon General Onyx's.
Replace the Hero Cards, too."). Nobody has published them: the deck holds as many of the
dragon's colour as the base General had (setting dragon_hero_cards), counted by colour, which is
what the rules read of a Hero Card."""

from __future__ import annotations

from collections import Counter

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.engine.dotr.companions_catacombs import cc_game
from tests.helpers import act, at, read_all, stack

from . import dragon_table

NOTHING = {"values": {}, "cards": {}}
BASE_HERO = default_packs()["dotr-base"].deck("hero").cards


def test_onyxs_hero_cards_replace_varkolaks_one_for_one_counted_by_colour() -> None:
    log = dragon_table({"black": "onyx"}, entered=NOTHING)
    read_all(log)
    state = log.state
    deck = state["decks"]["hero"]
    cards = game_cards(state)
    held = [cards[c] for c in [*deck["draw"], *deck["box"], *deck["hands"]["1"]]]
    black = [card for card in held if card.data.get("colour") == "black"]
    assert len(black) == Counter(c.data.get("colour") for c in BASE_HERO)["black"] == 20
    assert {card.data.get("general") for card in black} == {"onyx"}
    assert {card.name for card in black} == {"Onyx's Hero Card"}
    setup = next(e for e in log.events if e.type == "dragon_setup")
    assert any(
        "Take Varkolak's Hero Cards out of the Hero deck and shuffle Onyx's in" in step["text"]
        for step in setup.steps
    )


def test_a_hero_card_of_a_dragon_revealed_by_troll_renegades_is_placed_by_the_table() -> None:
    """CC 'Troll Renegades': "reveal a Hero card and place a Troll token on the location of the
    Hero card." The app knows a dragon's Hero Card by its colour only: it says so and the table
    places that Troll; the one on Mountains of Mist is the app's."""
    game = cc_game(expansions=("dragon", "companions_catacombs"), generals={"black": "onyx"})
    read_all(game)  # Onyx's General card, read at the setup
    at(game, "chimera-inn")
    onyx = [c for c in game.state["decks"]["hero"]["draw"] if c.startswith("dx-hero-onyx-")]
    stack(game, "hero", onyx[0])
    stack(game, "companion", "event-troll-renegades")
    act(game, "recruit", {"count": 1})
    assert game.state["board"]["mountains-of-mist"]["trolls"] == 1
    steps = [s["text"] for e in game.events if e.type == "companion_event" for s in e.steps]
    assert any("Onyx's Hero Card: the app does not know its location" in s for s in steps)
