"""Helpers the engine's rules tests share (one home; a folder's own set-ups stay in its package).

Commands: :func:`act` runs one and checks undo, redo and replay; :func:`refused` checks a refusal
(its code, and the state left untouched); :func:`arrange` writes a test position as one event.

A test may build a board position directly: :func:`table` starts a real game, then
:func:`clear_board` empties it (supplies full again) so that :func:`put` can lay out exactly the
minions a rule or an FAQ answer talks about; :func:`realm` gives a fresh resolution over it.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from deck_tracker.engine.content import COLOURS, default_packs
from deck_tracker.engine.core import Context, Event, State
from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rng import rng_for
from deck_tracker.engine.rules.dotr.base.board import CRYSTALS, MINIONS_PER_COLOUR, Realm

DS = "darkness_spreads"
COLOUR_OF = {"orcs": "green", "undead": "black", "demons": "red", "dragonkin": "blue"}


def table(hero: str | None = "wizard", seed: str = "dotr-test", **options: Any) -> GameLog:
    """A fresh game (host in seat 1 playing ``hero``) with the given settings."""
    setup: dict[str, Any] = {"host": {"name": "Ada", "hero": hero}, "options": options}
    return GameLog.start(setup, seed=seed)


def clear_board(state: State) -> None:
    """No minion and no crystal anywhere; full supplies (the Generals stay where they are)."""
    for space in state["board"].values():
        space["minions"] = dict.fromkeys(COLOURS, 0)
        space["taint"] = 0
    state["supply"]["minions"] = dict.fromkeys(COLOURS, MINIONS_PER_COLOUR)
    state["supply"]["taint"] = CRYSTALS


def put(state: State, loc: str, **counts: int) -> None:
    """Add minions to ``loc`` from the supply: ``put(state, "thorny-woods", orcs=2)``."""
    minions = dict(state["board"][loc]["minions"])
    supply = dict(state["supply"]["minions"])
    for kind, count in counts.items():
        colour = COLOUR_OF[kind]
        minions[colour] += count
        supply[colour] -= count
    state["board"][loc]["minions"] = minions
    state["supply"]["minions"] = supply


def taint(state: State, loc: str, crystals: int = 1) -> None:
    state["board"][loc]["taint"] += crystals
    state["supply"]["taint"] -= crystals


def realm(state: State, *, setup: bool = False) -> Realm:
    return Realm(Context(state, rng=random.Random(0), actor=None), setup=setup)


def minions(state: State, loc: str) -> dict[str, int]:
    return dict(state["board"][loc]["minions"])


def total(state: State, loc: str) -> int:
    return sum(state["board"][loc]["minions"].values())


def crystals(state: State, loc: str | None = None) -> int:
    if loc is None:
        return sum(space["taint"] for space in state["board"].values())
    count: int = state["board"][loc]["taint"]
    return count


def on_top(state: State, *cards: str) -> None:
    """Put ``cards`` on top of the Darkness Spreads draw pile, the first to be drawn first."""
    deck = state["decks"][DS]
    rest = [c for c in deck["draw"] if c not in cards]
    deck["discard"] = [c for c in deck["discard"] if c not in cards]
    deck["draw"] = rest + list(reversed(cards))


def check_conservation(state: State) -> None:
    """25 minions per colour and 12 crystals, between the board and the supply."""
    for colour in COLOURS:
        on_board = sum(space["minions"][colour] for space in state["board"].values())
        assert on_board + state["supply"]["minions"][colour] == MINIONS_PER_COLOUR, colour
    assert crystals(state) + state["supply"]["taint"] == CRYSTALS


def steps_of(log: GameLog, event_type: str) -> list[dict[str, str]]:
    return [step for e in log.events if e.type == event_type for step in e.steps]


def set_war_level(log: GameLog, level: int) -> None:
    """Raise the War Status as a recorded event (so that the log still replays)."""
    if log.state.get("war_level") == level:
        return
    ctx = Context(log.state, rng=random.Random(0), actor=None)
    ctx.set("war_level", level)
    ctx.set("war_status", ("early", "mid", "mid", "late")[level])
    event = ctx.emit("war_status_set", f"Test: War Status level {level}.")
    log.events.append(Event.from_record(json.loads(json.dumps(event.as_record()))))


# ------------------------------------------------------------------------------------------
# Commands on a game, checked for undo, redo and replay
# ------------------------------------------------------------------------------------------
PACK = default_packs()["dotr-base"]
HERO_CARDS = [card.id for card in PACK.deck("hero").cards]
QUESTS = [card.id for card in PACK.deck("quest").cards]
SPECIALS = [card.id for card in PACK.deck("hero").cards if card.kind == "special"]


def colour_cards(colour: str) -> list[str]:
    return [c.id for c in PACK.deck("hero").cards if c.data.get("colour") == colour]


# ------------------------------------------------------------------------------------------
# A base game (the real setup), then arranged for each test in one recorded event
# ------------------------------------------------------------------------------------------


def arrange(game: GameLog, *changes: tuple[Any, ...]) -> None:
    """Write ``(key, ..., value)`` changes as one event of the log, so replay still holds."""
    ctx = Context(game.state, rng=rng_for(game.seed, 0), actor=None)
    for *path, value in changes:
        ctx.set(*path, value)
    ctx.emit("test_arranged", "The test arranged the table.")
    game.events.append(Event.from_record(json.loads(json.dumps(ctx.events[0].as_record()))))


def new_game(
    *,
    hands: dict[str, list[str]] | None = None,
    hero_owner: str = "app",
    hero_draw: list[str] | None = None,
    hero_discard: list[str] | None = None,
    locations: dict[str, str] | None = None,
    board: dict[str, dict[str, Any]] | None = None,
    seed: str = "heroes",
) -> GameLog:
    """A base game: Ada's Wizard (seat 1, active) and Bea's Rogue (seat 2) in Monarch City.

    Then, for the test: the hands are ``hands`` (else empty), no Quest is held, the board is
    empty but for ``board``, and ``hero_draw`` lies on top of the Hero deck's draw pile.
    """
    setup: dict[str, Any] = {"host": {"name": "Ada", "hero": "Wizard"}}
    if hero_owner == "table":
        setup["table_decks"] = ["hero"]
    game = GameLog.start(setup, seed=seed)
    game.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    hands = {"1": [], "2": [], **(hands or {})}
    placed = {card for hand in hands.values() for card in hand}
    placed |= set(hero_discard or []) | set(hero_draw or [])
    rest = [card for card in HERO_CARDS if card not in placed]
    random.Random(seed).shuffle(rest)
    spaces = {
        loc: {"minions": dict.fromkeys(COLOURS, 0), "taint": 0, "gate": False}
        for loc in PACK.locations
    }
    supply = {"minions": dict.fromkeys(COLOURS, 25), "taint": 12, "gates": 5}
    for loc, patch in (board or {}).items():
        for colour, n in patch.get("minions", {}).items():
            spaces[loc]["minions"][colour] = n
            supply["minions"][colour] -= n
        spaces[loc]["taint"] = patch.get("taint", 0)
        supply["taint"] -= patch.get("taint", 0)
        spaces[loc]["gate"] = bool(patch.get("gate"))
        supply["gates"] -= bool(patch.get("gate"))
        if "fire" in patch:
            spaces[loc]["fire"] = patch["fire"]
    where = locations or {}
    arrange(
        game,
        ("decks", "hero", "draw", rest + list(hero_draw or [])),
        ("decks", "hero", "discard", list(hero_discard or [])),
        ("decks", "hero", "hands", hands),
        ("decks", "quest", "draw", list(QUESTS)),
        ("decks", "quest", "hands", {"1": [], "2": []}),
        ("board", spaces),
        ("supply", supply),
        *(("heroes", seat, "quests", []) for seat in ("1", "2")),
        *(("heroes", seat, "location", where.get(seat, "monarch-city")) for seat in ("1", "2")),
    )
    return game


def without_bookkeeping(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("version", "history")}


def act(game: GameLog, name: str, args: dict[str, Any] | None = None, actor: str = "1") -> Any:
    """Run a command and prove it: replay equals the state, undo restores it, redo redoes it."""
    before = copy.deepcopy(game.state)
    outcome = game.execute(name, args or {}, actor=actor)
    after = copy.deepcopy(game.state)
    assert game.replay() == game.state
    game.execute("undo", actor=actor)
    assert without_bookkeeping(game.state) == without_bookkeeping(before)
    assert game.replay() == game.state
    game.execute("redo", actor=actor)
    assert without_bookkeeping(game.state) == without_bookkeeping(after)
    assert game.replay() == game.state
    return outcome


def refused(game: GameLog, name: str, args: dict[str, Any], code: str, actor: str = "1") -> str:
    before = copy.deepcopy(game.state)
    with pytest.raises(EngineError) as caught:
        game.execute(name, args, actor=actor)
    assert caught.value.code == code, caught.value.detail
    assert game.state == before
    return caught.value.detail


# ------------------------------------------------------------------------------------------
# What a table enters for the Dragon expansion's unpublished cards, and test positions
# ------------------------------------------------------------------------------------------
def _flight(card_id: str, name: str, lands: str, placements: list[tuple[str, str, int]]) -> dict:
    return {
        "id": card_id,
        "name": name,
        "kind": "standard",
        "data": {
            "placements": [
                {"location": where, "colour": colour, "count": count}
                for where, colour, count in placements
            ],
            "general": "brimstone",
            "general_to": lands,
            "general_minions": 0,
        },
    }


# What a table might have entered (the numbers are invented for the tests).
ENTERED: dict[str, Any] = {
    "values": {
        **{f"generals/{g}/life": 6 for g in ("brimstone", "onyx", "hemlock")},
        "generals/high-dragon-sapphire/life": 5,
        **{
            f"generals/{g}/starting_minions": 3
            for g in ("brimstone", "onyx", "hemlock", "high-dragon-sapphire")
        },
        "decks/darkness_spreads/dx-sterling-1/data.location": "wolf-pass",
        "decks/darkness_spreads/dx-sterling-2/data.location": "serpent-swamp",
        # The 12 new Quests, entered (made up; done anywhere, naming no General).
        **{
            f"decks/quest/dx-quest-{n}/data.{field}": value
            for n in range(1, 13)
            for field, value in (
                ("title", f"A made-up new Quest {n}"),
                ("test", "Spend an action (made up)."),
                ("reward", "Draw 1 Hero Card (made up)."),
                ("location_rule", "none"),
            )
        },
    },
    "cards": {
        "darkness_spreads": [
            _flight(
                "dx-brimstone-wolf-pass", "Wolf Pass", "wolf-pass", [("blood-flats", "blue", 1)]
            ),
            _flight(
                "dx-brimstone-mermaid-harbor",
                "Mermaid Harbor",
                "mermaid-harbor",
                [("bounty-bay", "black", 1)],
            ),
            _flight(
                "dx-brimstone-crystal-hills",
                "Crystal Hills",
                "crystal-hills",
                [("withered-hills", "red", 2)],
            ),
        ]
    },
}


def give(state: State, seat: str, *cards: str) -> None:
    """Move Hero Cards into a seat's hand (from wherever they are), for a test position."""
    deck = state["decks"]["hero"]
    for pile in ("draw", "discard", "box", "table"):
        deck[pile] = [c for c in deck[pile] if c not in cards]
    for other, hand in deck["hands"].items():
        deck["hands"][other] = [c for c in hand if c not in cards]
    deck["hands"][seat] = [*deck["hands"].get(seat, []), *cards]


def stand(state: State, seat: str, location: str) -> None:
    state["heroes"][seat]["location"] = location


def stack(game: GameLog, deck: str, *cards: str) -> None:
    """``cards`` on top of ``deck``'s draw pile, the first to be drawn first."""
    pile = [c for c in game.state["decks"][deck]["draw"] if c not in cards]
    arrange(game, ("decks", deck, "draw", pile + list(reversed(cards))))


def at(game: GameLog, location: str, seat: str = "1") -> None:
    arrange(game, ("heroes", seat, "location", location))


# ------------------------------------------------------------------------------------------
# Cards read at the table (read-the-card prompts)
# ------------------------------------------------------------------------------------------
def a_face(prompt: dict[str, Any], colour: str | None = None, location: str | None = None) -> dict:
    """What a table might read from the card a prompt asks about (made up, valid by its form)."""
    properties = prompt["schema"]["properties"]
    if prompt.get("fields"):  # a card's printed values (a Quest, a Companion's cost, a room)
        face: dict[str, Any] = {}
        for name in prompt["schema"]["required"]:
            field = properties[name]
            if name == "location_rule":
                face[name] = "none"  # a Quest done anywhere (no location to name)
            elif "oneOf" in field:
                face[name] = field["oneOf"][0]["const"]
            elif field.get("type") == "integer":
                face[name] = max(int(field.get("minimum", 0)), min(1, int(field.get("maximum", 1))))
            else:
                face[name] = f"Made up for the test ({name.replace('_', ' ')})"
        return face
    if prompt["kind"] == "special":
        return {"title": "A made-up Special card", "text": "Nothing happens (made up)."}
    if prompt["kind"] in ("good", "bad"):
        return {"title": "A made-up Global Effect", "ongoing": "Nothing happens (made up)."}
    if prompt["kind"] == "winds_of_war":
        return {
            "title": "A made-up Winds of War card",
            "prevention": "Nothing happens (made up).",
            "action": "Nothing happens (made up).",
        }
    if prompt["kind"] == "winds_of_war_board":
        return {"deck_size": 4}
    if prompt["kind"] == "general":
        return {
            name: max(int(field.get("minimum", 0)), min(3, int(field.get("maximum", 3))))
            for name, field in properties.items()
        }
    item = properties["placements"]["items"]["properties"]
    return {
        "placements": [
            {
                "location": location or item["location"]["oneOf"][0]["const"],
                "colour": colour or item["colour"]["oneOf"][0]["const"],
                "count": 1,
            }
        ],
        "general": properties["general"]["default"],
        "general_to": properties["general_to"]["oneOf"][0]["const"],
        "general_minions": 1,
    }


def read_all(game: GameLog, actor: str = "1") -> int:
    """Answer every card waiting to be read; how many there were."""
    count = 0
    while game.state.get("reading"):
        prompt = game.state["reading"][0]
        # A card in a hidden hand (a new Quest) is read by its holder.
        reader = prompt.get("seat") or actor
        game.execute("read_card", {"face": a_face(prompt)}, actor=reader)
        count += 1
    return count


def form_words(schema: Any) -> list[str]:
    """Every title, description and choice title of a form (a JSON Schema), in order."""
    found: list[str] = []
    if isinstance(schema, list):
        for item in schema:
            found += form_words(item)
    elif isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("title", "description") and isinstance(value, str):
                found.append(value)
            else:
                found += form_words(value)
    return found
