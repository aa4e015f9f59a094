"""A Treasure Room card nobody has entered, read at the table when the Dungeon run draws it.

CC 'Treasure Rooms': "Once a Dungeon is entered, the player shuffles the Treasure Room cards
(both the Treasure Room deck and its discard pile) and draws 1 Treasure Room card. The Hero must
explore Dungeon Rooms until they reach the Exploration Goal shown at the top of the card." The
app holds the deck's 10 cards ("H. Treasure Rooms Deck (10 cards)") whether or not their faces
are entered; the card drawn is read once, and the run goes on exactly as with a known card.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import render_text
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import act, arrange, at, refused

from . import assert_decks_conserved, cc_game
from .test_dungeons import UNDEAD_DRAGON

CRYPT = {"title": "Crypt of the Bone King", "exploration_goal": 4}


def _at_the_dungeon(overlays: dict[str, Any] | None = None) -> GameLog:
    """Ada's hero at the starting Dungeon (Ancient Ruins); the Undead Dragon, the one Treasure
    Room the rulebook names, set aside so that the card drawn is one nobody entered."""
    extra = {"overlays": {"dotr-companions-catacombs": overlays}} if overlays else {}
    game = cc_game(starting_dungeon_roll=1, **extra)
    treasures = game.state["decks"]["treasure_room"]
    arrange(
        game,
        ("decks", "treasure_room", "draw", [c for c in treasures["draw"] if c != UNDEAD_DRAGON]),
        ("decks", "treasure_room", "box", [UNDEAD_DRAGON]),
    )
    at(game, "ancient-ruins")
    return game


def _without_reading(state: dict[str, Any]) -> dict[str, Any]:
    skip = ("overlays", "version", "history", "reading")
    return {key: value for key, value in state.items() if key not in skip}


def _told(event: Any) -> dict[str, Any]:
    """What the table reads of an event: its summary, steps and data."""
    return {"summary": event.summary, "steps": event.steps, "data": event.data}


def test_the_treasure_room_drawn_is_read_at_the_table_and_the_run_begins_with_its_goal() -> None:
    game = _at_the_dungeon()
    deck = game.state["decks"]["treasure_room"]
    assert deck["owner"] == "app" and len(deck["draw"]) + len(deck["box"]) == 10
    outcome = act(game, "enter_dungeon", {})
    assert [e.type for e in outcome.events] == ["card_to_read"]
    prompt = in_language(game.state["reading"][0], "en")  # its words are kept as message ids
    drawn = prompt["card"]
    assert prompt["deck"] == "treasure_room" and prompt["name"] == "A Treasure Room card"
    assert prompt["schema"]["title"] == "Treasure Room card"
    assert prompt["schema"]["required"] == ["title", "exploration_goal"]
    assert prompt["detail"] == "drawn as Dwarf enters the Dungeon"
    assert outcome.events[0].summary == (
        "Read the card you drew: A Treasure Room card (drawn as Dwarf enters the Dungeon)."
    )
    german = render_text(outcome.events[0].as_record()["summary_msg"], "de")
    # The hero by the name a German phone knows him by (it read "Dwarf" there before).
    assert "Eine Schatzkammerkarte (gezogen, als Zwerg das Verlies betritt)." in german
    # The card lies face up while it is read; the run has not begun.
    assert game.state["decks"]["treasure_room"]["table"] == [drawn]
    assert "dungeon_run" not in game.state
    refused(game, "reveal_dungeon_room", {}, "card_unread")
    refused(game, "read_card", {"face": {"title": "Crypt", "exploration_goal": 0}},
            "invalid_arguments")  # fmt: skip
    refused(game, "read_card", {"face": {"exploration_goal": 4}}, "invalid_arguments")

    answer = act(game, "read_card", {"face": CRYPT})
    assert [e.type for e in answer.events] == ["card_read", "dungeon_entered"]
    assert answer.events[0].data["entry"] == {
        "values": {
            f"decks/treasure_room/{drawn}/data.title": "Crypt of the Bone King",
            f"decks/treasure_room/{drawn}/data.exploration_goal": 4,
        }
    }
    entered = answer.events[-1]
    assert entered.summary.endswith("(goal 4).")
    assert entered.steps[1]["text"] == (
        "Shuffle the Treasure Room cards; draw Crypt of the Bone King: Exploration Goal 4."
    )
    run = game.state["dungeon_run"]
    assert run["treasure"] == drawn and run["goal"] == 4 and run["total"] == 0
    assert game.state["reading"] == []
    assert game_cards(game.state)[drawn].data["exploration_goal"] == 4
    assert_decks_conserved(game)


def test_a_treasure_room_read_at_the_table_plays_exactly_as_one_entered_before() -> None:
    """The same Dungeon entered, the Treasure Room read when drawn or entered before the game
    (the group's next game): the same card drawn, the same run, the same words, the same table."""
    read = _at_the_dungeon()
    read.execute("enter_dungeon", {})
    entry = read.execute("read_card", {"face": CRYPT}).events[0].data["entry"]
    known = _at_the_dungeon(overlays=entry)
    outcome = known.execute("enter_dungeon", {})
    assert [e.type for e in outcome.events] == ["dungeon_entered"]  # not asked again
    assert _told(outcome.events[0]) == _told(read.events[-1])
    assert _without_reading(read.state) == _without_reading(known.state)
    # The run goes on alike: the same Dungeon Room turned next.
    turned = [game.execute("reveal_dungeon_room", {}).events for game in (known, read)]
    assert [_told(e) for e in turned[0]] == [_told(e) for e in turned[1]]
    assert _without_reading(read.state) == _without_reading(known.state)


def test_a_marked_treasure_room_nobody_entered_is_read_when_the_next_hero_enters() -> None:
    """Hero Death in a Dungeon: the Treasure Room card stays with that Dungeon. A table that
    gave only the printed goal of the card it drew reads the card when the next hero enters."""
    game = cc_game(starting_dungeon_roll=1, table_decks=["treasure_room"])
    at(game, "ancient-ruins")
    game.execute("enter_dungeon", {"goal": 5})
    marked = game.state["dungeon_run"]["treasure"]
    game.execute("wound_hero", {"wounds": 5})
    game.execute("dungeon_death", {})
    assert game.state["dungeons"]["ancient-ruins"]["treasure_room"] == marked
    at(game, "ancient-ruins")
    outcome = act(game, "enter_dungeon", {})
    assert [e.type for e in outcome.events] == ["card_to_read"]
    assert game.state["reading"][0]["card"] == marked
    answer = act(game, "read_card", {"face": CRYPT})
    assert [e.type for e in answer.events] == ["card_read", "dungeon_entered"]
    assert "Crypt of the Bone King" in answer.events[-1].steps[1]["text"]
    assert game.state["dungeon_run"]["goal"] == 4
