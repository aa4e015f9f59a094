"""Companions & Catacombs cards the app does not know yet, read at the table once: a
Companion's cost when it is first revealed, a Dungeon Room when it is turned. The decks hold
their true number of cards ("F. Companion Deck (39 cards)", "G. Dungeon Rooms Deck (31
cards)"), and the game goes on exactly as with a known card."""

from __future__ import annotations

from deck_tracker.engine import describe_commands
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import act, arrange, at, refused, stack

from . import cc_game, colour_cards, deal, hand
from .test_dungeons import KEEP, UNDEAD_DRAGON

INN = "chimera-inn"
READ = {"companion_cost_unknown": "read_when_revealed"}
TORGG_COST = {"colour": "red", "cards": 2}


def _recruiting(*cards: str, overlays: dict | None = None):  # type: ignore[no-untyped-def]
    game = cc_game(options=READ, **({"overlays": overlays} if overlays else {}))
    at(game, INN)
    stack(game, "companion", *cards)
    return game


def test_the_companion_deck_holds_its_39_cards_costs_entered_or_not() -> None:
    """ "F. Companion Deck (39 cards)"; "The Companion deck holds 15 Event cards and 24
    Companion cards" (without the Dragon expansion Land Ablaze goes back to the box)."""
    deck = cc_game(options=READ).state["decks"]["companion"]
    assert len(deck["draw"]) + len(deck["box"]) == 39


def test_a_companion_revealed_whose_cost_is_unknown_is_read_once_then_recruited() -> None:
    """Recruit 3: "the player must discard the number and color of Hero Cards indicated in the
    upper left corner of the Companion card." The cost icon is not transcribed: the table reads
    it from Torgg's card when he is revealed, and the recruitment goes on with it."""
    game = _recruiting("companion-torgg", "companion-karmata")
    deal(game, colour_cards("red", 2))
    outcome = act(game, "recruit", {"count": 1})
    assert [e.type for e in outcome.events] == ["recruit_began", "card_to_read"]
    prompt = in_language(game.state["reading"][0], "en")  # its words are kept as message ids
    assert prompt["name"] == "Torgg" and prompt["schema"]["required"] == ["colour", "cards"]
    titles = {o["const"]: o["title"] for o in prompt["schema"]["properties"]["colour"]["oneOf"]}
    assert titles["yellow"] == "Yellow (any one colour)"
    refused(game, "hire", {"companion": "companion-torgg", "cards": colour_cards("red", 2)},
            "card_unread")  # fmt: skip
    answer = act(game, "read_card", {"face": TORGG_COST})
    assert [e.type for e in answer.events] == ["card_read", "recruit_ready"]
    assert answer.events[0].data["entry"] == {
        "values": {
            "decks/companion/companion-torgg/data.cost.colour": "red",
            "decks/companion/companion-torgg/data.cost.cards": 2,
        }
    }
    # Known now: the cost is offered as printed and the payment checked against it.
    refused(game, "hire", {"companion": "companion-torgg", "cards": colour_cards("red", 1)},
            "wrong_payment")  # fmt: skip
    act(game, "hire", {"companion": "companion-torgg", "cards": colour_cards("red", 2)})
    assert hand(game, "companion") == ["companion-torgg"]
    assert game.state["heroes"]["1"]["companion_colours"] == {"companion-torgg": "red"}


def test_a_second_game_of_the_table_knows_the_cost_and_does_not_ask() -> None:
    game = _recruiting("companion-torgg")
    game.execute("recruit", {"count": 1})
    entry = game.execute("read_card", {"face": TORGG_COST}).events[0].data["entry"]
    again = _recruiting("companion-torgg", overlays={"dotr-companions-catacombs": entry})
    outcome = again.execute("recruit", {"count": 1})
    assert [e.type for e in outcome.events] == ["recruit_began", "recruit_ready"]
    hire = {a["type"]: a for a in describe_commands(again.state, "1", hidden=frozenset())}["hire"]
    offered = hire["args"]["properties"]["companion"]["oneOf"]
    assert [o["title"] for o in offered] == ["Torgg (2 red cards)"]


def test_a_dungeon_room_nobody_entered_is_read_when_turned_and_counts_its_exploration() -> None:
    """Dungeon Rules 1, 3: "The Dungeon Room cards are revealed and resolved one card at a
    time"; "Each Dungeon Room has an Exploration Number (0, 1, or 2) which, once completed,
    counts toward the Exploration Goal of a Treasure Room card." The app draws the room deck;
    a room nobody entered lies face up while the table reads it."""
    game = cc_game(starting_dungeon_roll=1, table_decks=["treasure_room"])  # the Undead Dragon
    tokens = game.state["decks"]["dungeon_token"]
    placed = tokens["table"][0]
    rooms = game.state["decks"]["dungeon_room"]
    assert rooms["owner"] == "app" and len(rooms["draw"]) == 31
    arrange(
        game,
        ("dungeons", "ancient-ruins", "token", KEEP),
        ("decks", "dungeon_token", "table", [KEEP]),
        ("decks", "dungeon_token", "draw", [t for t in tokens["draw"] if t != KEEP] + (
            [placed] if placed != KEEP else [])),
        ("decks", "dungeon_room", "draw", [c for c in rooms["draw"] if c != "dungeon-room-12"]
         + ["dungeon-room-12"]),
    )  # fmt: skip
    at(game, "ancient-ruins")
    game.execute("enter_dungeon", {"card": UNDEAD_DRAGON})
    outcome = act(game, "reveal_dungeon_room", {})
    assert [e.type for e in outcome.events] == ["card_to_read"]
    assert game.state["decks"]["dungeon_room"]["table"] == ["dungeon-room-12"]
    assert game.state["dungeon_run"]["current"] is None
    refused(game, "resolve_dungeon_room", {"completed": True}, "card_unread")
    face = {"title": "Collapsing Hall", "exploration": 2, "text": "Roll 2 dice (made up)."}
    answer = act(game, "read_card", {"face": face})
    assert [e.type for e in answer.events] == ["card_read", "dungeon_room_revealed"]
    assert answer.events[-1].summary == "Dungeon Room: Collapsing Hall (Exploration 2)."
    assert game.state["dungeon_run"]["current"] == {"card": "dungeon-room-12", "exploration": 2}
    act(game, "resolve_dungeon_room", {"completed": True})
    assert game.state["dungeon_run"]["total"] == 2
    assert game_cards(game.state)["dungeon-room-12"].data["exploration"] == 2


def _without_reading(state: dict) -> dict:
    skip = ("overlays", "version", "history", "reading")
    return {key: value for key, value in state.items() if key not in skip}


def test_a_cost_read_at_the_table_plays_exactly_as_a_cost_entered_before() -> None:
    """The same recruitment, Torgg's cost entered before the game or read when he is revealed:
    the same Companion hired, the same cards paid, the same table afterwards."""
    entered = {
        "values": {
            "decks/companion/companion-torgg/data.cost.colour": "red",
            "decks/companion/companion-torgg/data.cost.cards": 2,
        }
    }
    known = _recruiting("companion-torgg", overlays={"dotr-companions-catacombs": entered})
    read = _recruiting("companion-torgg")
    for game in (known, read):
        deal(game, colour_cards("red", 2))
        game.execute("recruit", {"count": 1})
    read.execute("read_card", {"face": TORGG_COST})
    for game in (known, read):
        game.execute("hire", {"companion": "companion-torgg", "cards": colour_cards("red", 2)})
    assert _without_reading(read.state) == _without_reading(known.state)
