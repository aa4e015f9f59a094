"""Player words in what the engine says: names, printed deck names, counts in the right number."""

from __future__ import annotations

from deck_tracker.engine.words import deck_name, plural
from tests.helpers import act, new_game


def test_a_count_takes_its_noun_in_the_right_number() -> None:
    assert plural(1, "wound") == "1 wound"
    assert plural(2, "wound") == "2 wounds"
    assert plural(0, "Hero Card") == "0 Hero Cards"
    # "1 Demon", never "1 Demons"; the Undead and Dragonkin stay as they are.
    assert plural(1, "Demon") == "1 Demon"
    assert plural(3, "Undead") == "3 Undead"
    assert plural(2, "Dragonkin") == "2 Dragonkin"


def test_decks_are_named_as_players_know_them() -> None:
    assert deck_name("darkness_spreads") == "Darkness Spreads"
    assert deck_name("hero") == "Hero Card"
    assert deck_name("dungeon_token") == "Dungeon token"
    assert deck_name("my_deck") == "My deck"  # a deck of the table's own, in words


def test_the_turn_passes_to_a_player_by_name() -> None:
    """After the night, the next hero's turn: "Round 1: Bea's turn", not "seat 2's turn"."""
    game = new_game()
    act(game, "end_turn")
    outcome = act(game, "night")
    passed = [event for event in outcome.events if event.type == "turn_passed"][-1]
    assert passed.summary == "Round 1: Bea's turn."
    assert passed.steps[0]["text"] == "Bea takes the next turn."


def test_the_evening_draw_counts_in_words() -> None:
    game = new_game()
    outcome = act(game, "end_turn")
    texts = [outcome.events[0].summary, *(step["text"] for step in outcome.events[0].steps)]
    assert "Evening: Wizard drew 2 Hero Cards." in texts
    assert not any("(s)" in text for text in texts)


def test_the_setup_names_the_decks_the_app_holds() -> None:
    """The setup step reads "The app holds the Darkness Spreads deck", not its key."""
    game = new_game()
    steps = [step["text"] for event in game.events for step in event.steps]
    assert any("The app holds the Darkness Spreads deck" in text for text in steps), steps
    assert not any("darkness_spreads" in text for text in steps)


def test_a_discard_names_the_cards_as_printed() -> None:
    """The log reads "Ada (Wizard) discarded Unicorn Forest (Hero Card).", not the card's id."""
    game = new_game(hands={"1": ["hero-unicorn-forest-1"]})
    outcome = act(game, "discard", {"deck": "hero", "cards": ["hero-unicorn-forest-1"]})
    assert outcome.events[0].summary == "Ada (Wizard) discarded Unicorn Forest (Hero Card)."
