"""The server offers the choices: every argument that names a thing of the game comes with its
legal values now, titled as printed, so that a phone never asks for an id."""

from __future__ import annotations

import re
from typing import Any

from deck_tracker.engine import describe_commands
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import read_all

ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)+$")


def actions(game: GameLog, seat: str) -> dict[str, dict[str, Any]]:
    return {a["type"]: a for a in describe_commands(game.state, seat, hidden=frozenset())}


def offered(action: dict[str, Any], arg: str) -> dict[str, str]:
    schema = action["args"]["properties"][arg]
    choices = schema.get("oneOf") or schema.get("items", {}).get("oneOf")
    assert choices is not None, f"{action['type']}.{arg} offers no choices"
    return {choice["const"]: choice["title"] for choice in choices}


def recruiting() -> GameLog:
    """Ada (Wizard) at Chimera Inn reveals 3 Companions (seed s0: Dakk Wulfe, Valhyrik, Torgg);
    Bea (Rogue) plays too."""
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "Wizard"}, "expansions": ["companions_catacombs"]},
        seed="s0",
    )
    game.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    game.execute("move_hero", {"location": "Chimera Inn"})
    game.execute("recruit", {"count": 3})
    read_all(game)  # the Companions' costs, read from the cards once
    return game


def test_hire_offers_the_companions_revealed_by_name_and_the_recruiters_hand_to_her_only() -> None:
    game = recruiting()
    revealed = game.state["recruitment"]["cards"]
    hire = actions(game, "1")["hire"]
    companions = offered(hire, "companion")
    assert list(companions) == revealed
    cards = game_cards(game.state)
    assert [title.split(" (")[0] for title in companions.values()] == [
        cards[c].name for c in revealed
    ]
    assert next(iter(companions.values())).startswith("Dakk Wulfe")
    hand = game.state["decks"]["hero"]["hands"]["1"]
    paid = offered(hire, "cards")
    assert list(paid) == hand
    assert hire["args"]["properties"]["cards"]["uniqueItems"] is True
    # Bea's phone is not offered Ada's hand (a hand is its own seat's only).
    assert offered(actions(game, "2")["hire"], "cards") == {}
    for title in [*companions.values(), *paid.values()]:
        assert not ID.match(title) and "-" not in title.split(" (")[0], title


def test_a_special_is_offered_from_the_own_hand_or_the_action_says_why_not() -> None:
    # Dragon expansion, seed d14: Ada holds King's Guard Attack, Bea no Special Hero Card.
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "Wizard"}, "expansions": ["dragon"]}, seed="d14"
    )
    game.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    read_all(game)  # a new Quest dealt is read by its holder first
    play = actions(game, "1")["play_special"]
    assert play["available"] is True
    assert offered(play, "card") == {"special-kings-guard-attack": "King's Guard Attack (Special)"}
    play = actions(game, "2")["play_special"]
    assert play["available"] is False
    assert play["reason"] == "No Special Hero Card in your hand."


def test_escaping_minions_are_counted_by_faction_and_sent_to_named_locations() -> None:
    game = recruiting()
    room = actions(game, "1")["resolve_dungeon_room"]["args"]["properties"]
    assert {key: value["title"] for key, value in room["escaped"]["properties"].items()} == {
        "green": "Orcs",
        "black": "Undead",
        "red": "Demons",
        "blue": "Dragonkin",
    }
    assert room["escaped"]["additionalProperties"] is False
    # 'placed on any location that matches their color': the places of a Minion colour, each
    # titled with the Minions it takes; never Monarch City or an Inn.
    places = offered(actions(game, "1")["resolve_dungeon_room"], "escape_to")
    assert places["raven-forest"] == "Raven Forest (Orcs)"
    assert places["angel-tear-falls"] == "Angel Tear Falls (Undead)"
    assert "monarch-city" not in places and "chimera-inn" not in places
    titles = list(places.values())
    assert titles[0].endswith("(Orcs)") and titles[-1].endswith("(Dragonkin)")


# Arguments that name a thing of the game (a seat, a place, a General, a card, a Companion...).
NAMES_A_THING = {
    "seat", "location", "locations", "general", "quest", "companion", "relic", "escaped",
    "escape_to", "card", "special", "hero",
}  # fmt: skip
# The generic deck commands (draw, discard, ...) name piles and decks of any game system.
GENERIC = {"draw", "discard", "shuffle", "peek", "put_back", "take", "box", "claim_seat", "join"}


def test_every_thing_an_available_action_names_is_offered_with_a_printed_title() -> None:
    game = GameLog.start(
        {
            "host": {"name": "Ada", "hero": "Wizard"},
            "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        },
        seed="all",
    )
    game.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    missing, ids = [], []
    for seat in ("1", "2"):
        for action in describe_commands(game.state, seat, hidden=frozenset()):
            if not action["available"] or action["type"] in GENERIC:
                continue
            for arg, schema in action["args"]["properties"].items():
                if arg not in NAMES_A_THING:
                    continue
                choices = schema.get("oneOf", schema.get("items", {}).get("oneOf"))
                titled = [p.get("title") for p in (schema.get("properties") or {}).values()]
                if choices is None and not titled:
                    missing.append(f"{action['type']}.{arg}")
                    continue
                for title in [c["title"] for c in choices or []] + titled:
                    if not title or ID.match(title) or "_" in title:
                        ids.append(f"{action['type']}.{arg}: {title!r}")
    assert sorted(set(missing)) == [], sorted(set(missing))
    assert ids == []
