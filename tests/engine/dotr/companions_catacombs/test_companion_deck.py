"""CC rule 1, The Companion deck: 15 Event cards and 24 Companions, with their text; the costs
are a field players fill once, kept in the pack and exported with it."""

from __future__ import annotations

from deck_tracker.content.selectors import content_pack
from deck_tracker.engine.content import EVENT_EFFECTS
from tests.helpers import act, at, refused, stack

from . import CC, assert_decks_conserved, cc_game, colour_cards, deal

EVENTS = [
    "Warlords", "Betrayal", "Troll Renegades", "Thieves", "Land Ablaze", "Inside Information",
    "Patriotism", "Infiltrating Spies", "Heavy Casualties", "Giant Spiders", "Empty Inn",
    "Dungeon", "Enemy Scouts", "Bar Fight", "Darkness Spreads",
]  # fmt: skip
COMPANIONS = [
    "Karmata", "Dakk Wulfe", "Draco Helmfire", "Jake Drake", "Sir Crowsdell", "Captain Xeva",
    "Princess Karollyn", "Cyleene", "Torgg", "Stoneheart", "Celia Frost", "Giddeon IV",
    "April Raven", "Avena Lux", "Aya Thunderheart", "Briggette", "Valhyrik", "Balikk",
    "Sheena Dark", "Reyella the Bold", "Gareth Meerik", "Chumfoot", "Nightfeather", "Jax Steele",
]  # fmt: skip


def test_the_companion_deck_holds_the_15_events_and_24_companions_the_rulebook_transcribes() -> (
    None
):
    """'F. Companion Deck (39 cards): A. 15 Event cards, B. 24 Companion cards'."""
    cards = CC.deck("companion").cards
    assert len(cards) == 39 == CC.components["companion_cards"]
    assert [c.name for c in cards if c.kind == "event"] == EVENTS
    assert [c.name for c in cards if c.kind == "companion"] == COMPANIONS
    assert sorted(c.data["effect"] for c in cards if c.kind == "event") == sorted(EVENT_EFFECTS)
    for card in cards:
        assert card.provenance == ("CC",)
        text = card.data["text"] if card.kind == "event" else card.data["abilities"]
        assert text and all(line.strip() for line in text)


def test_events_that_shuffle_the_companion_cards_say_so() -> None:
    """Betrayal, Troll Renegades, Land Ablaze, Empty Inn and Darkness Spreads end with
    'Shuffle the Companion Cards.'"""
    shuffles = {c.name for c in CC.deck("companion").cards if c.data.get("shuffle")}
    assert shuffles == {
        "Betrayal",
        "Troll Renegades",
        "Land Ablaze",
        "Empty Inn",
        "Darkness Spreads",
    }


def test_companion_costs_are_a_field_players_fill_once_kept_in_the_pack_and_exported() -> None:
    """'The cost icon on each Companion card is not legible in the images and is not
    transcribed': every cost is null (colour and number of Hero Cards) until entered."""
    companions = [c for c in CC.deck("companion").cards if c.kind == "companion"]
    assert all(dict(c.data["cost"]) == {"colour": None, "cards": None} for c in companions)
    exported = content_pack("dotr-companions-catacombs")
    assert exported is not None
    karmata = next(c for c in exported["decks"]["companion"]["cards"] if c["name"] == "Karmata")
    assert karmata["data"]["cost"] == {"colour": None, "cards": None}
    assert karmata["data"]["title"] == "Sorceress Apprentice"


def test_discardable_companions_are_marked() -> None:
    """Companion Rules 3: only Companions whose card says so may be discarded."""
    discardable = {c.name for c in CC.deck("companion").cards if c.data.get("discard_to_use")}
    assert discardable == {
        "Dakk Wulfe",
        "Sir Crowsdell",
        "Giddeon IV",
        "Gareth Meerik",
        "Nightfeather",
    }
    retrieving = {c.name for c in CC.deck("companion").cards if c.data.get("retrieves_special")}
    assert retrieving == {"Giddeon IV", "Gareth Meerik"}


def test_setup_shuffles_the_companion_deck_without_land_ablaze_unless_dragon() -> None:
    """Setup 2: 'Shuffle the Companion and Event cards to form the Companion Deck.' NOTE: 'The
    Land Ablaze Event card is only used when playing with the Dragon Expansion.'"""
    game = cc_game()
    deck = game.state["decks"]["companion"]
    assert deck["owner"] == "app" and deck["auto_reshuffle"] is False
    assert deck["box"] == ["event-land-ablaze"] and len(deck["draw"]) == 38
    with_dragon = cc_game(expansions=("dragon", "companions_catacombs"))
    assert "event-land-ablaze" in with_dragon.state["decks"]["companion"]["draw"]
    assert_decks_conserved(game)
    assert game.replay() == game.state


def test_setup_puts_the_tokens_beside_the_board() -> None:
    """Setup 3 and Components: 6 Giant Spiders, 6 Trolls, 10 Warlords."""
    game = cc_game()
    supply = game.state["supply"]
    assert (supply["trolls"], supply["spiders"], supply["warlords"]) == (6, 6, 10)
    assert all(space["warlords"] == 0 for space in game.state["board"].values())


def test_the_app_holds_the_treasure_and_dungeon_room_decks_entered_or_not() -> None:
    """Room and Treasure contents are not published: the Dungeon Room deck ("G. Dungeon Rooms
    Deck (31 cards)") and the Treasure Room deck ("H. Treasure Rooms Deck (10 cards)") are the
    app's, all their cards, a card nobody entered read at the table when it comes up."""
    game = cc_game()
    decks = game.state["decks"]
    assert decks["dungeon_room"]["owner"] == "app"
    assert decks["treasure_room"]["owner"] == "app"
    assert len(decks["dungeon_room"]["draw"]) == 31 and len(decks["treasure_room"]["draw"]) == 10
    assert len(decks["relic"]["draw"]) == 8


def karmata_costs(colour: str, cards: int) -> dict[str, object]:
    return {
        "values": {
            "decks/companion/companion-karmata/data.cost.colour": colour,
            "decks/companion/companion-karmata/data.cost.cards": cards,
        }
    }


def test_a_cost_players_entered_is_what_recruiting_asks() -> None:
    """The entered cost is kept with the game (its overlay) and checked when recruiting."""
    from deck_tracker.engine.content import apply_overlay

    entered = apply_overlay(CC, karmata_costs("green", 1))
    assert dict(entered.card("companion", "companion-karmata").data["cost"]) == {
        "colour": "green", "cards": 1
    }  # fmt: skip
    game = cc_game(overlays={"dotr-companions-catacombs": karmata_costs("green", 1)})
    at(game, "chimera-inn")
    stack(game, "companion", "companion-karmata")
    deal(game, [*colour_cards("green", 1), *colour_cards("red", 1)])
    game.execute("recruit", {"count": 1})
    refused(game, "hire", {"companion": "companion-karmata", "cards": colour_cards("red", 1)},
            "wrong_payment")  # fmt: skip
    act(game, "hire", {"companion": "companion-karmata", "cards": colour_cards("green", 1)})
    assert game.state["heroes"]["1"]["companion_colours"] == {"companion-karmata": "green"}


def test_dungeon_decks_are_held_by_the_app_once_every_card_is_entered() -> None:
    """Decks whose cards players enter once: with every Exploration number entered the app
    shuffles and draws them."""
    values: dict[str, object] = {}
    for card in CC.deck("dungeon_room").cards:
        if card.data["exploration"] is None:
            values[f"decks/dungeon_room/{card.id}/data.exploration"] = 1
    for card in CC.deck("treasure_room").cards:
        if card.data["exploration_goal"] is None:
            values[f"decks/treasure_room/{card.id}/data.exploration_goal"] = 5
    game = cc_game(overlays={"dotr-companions-catacombs": {"values": values}},
                   starting_dungeon_roll=3)  # fmt: skip
    decks = game.state["decks"]
    assert decks["dungeon_room"]["owner"] == "app" and decks["treasure_room"]["owner"] == "app"
    at(game, "unicorn-forest")
    act(game, "enter_dungeon", {})
    assert game.state["dungeon_run"]["goal"] in (5, 6)
    act(game, "reveal_dungeon_room", {})
    assert game.state["dungeon_run"]["current"]["exploration"] in (0, 1, 2)
    assert_decks_conserved(game)
