"""Tests of Companions & Catacombs, and the helpers they share.

A test starts a real game with the expansion (:func:`cc_game`), then arranges the table in one
recorded event (:func:`arrange`), so that replaying the log still gives the state; :func:`act`
proves a command replays, undoes and redoes exactly (as the base tests do).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.content import COLOURS, default_packs
from deck_tracker.engine.decks import all_cards
from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, refused

__all__ = [
    "CC",
    "act",
    "arrange",
    "at",
    "cc_game",
    "clear_board",
    "hand",
    "put",
    "refused",
    "stack",
]

CC = default_packs()["dotr-companions-catacombs"]
BASE = default_packs()["dotr-base"]
COLOUR_OF = {"orcs": "green", "undead": "black", "demons": "red", "dragonkin": "blue"}


def cc_game(
    hero: str = "Dwarf",
    *,
    seed: str = "cc",
    expansions: tuple[str, ...] = ("companions_catacombs",),
    options: dict[str, Any] | None = None,
    table_decks: list[str] | None = None,
    **setup: Any,
) -> GameLog:
    """A game with Companions & Catacombs (Ada's ``hero`` in seat 1), its board emptied. Its
    recruits state each Companion's cost when paying it, unless the test chooses to read it
    once when revealed (setting companion_cost_unknown)."""
    config: dict[str, Any] = {
        "host": {"name": "Ada", "hero": hero},
        "expansions": list(expansions),
        "options": {"companion_cost_unknown": "stated_when_recruited", **(options or {})},
        **setup,
    }
    if table_decks:
        config["table_decks"] = table_decks
    game = GameLog.start(config, seed=seed)
    clear_board(game)
    return game


def clear_board(game: GameLog) -> None:
    """No minion, crystal or token on the board; full supplies (one recorded event)."""
    board = {
        loc: {**space, "minions": dict.fromkeys(COLOURS, 0), "taint": 0, "trolls": 0,
              "spiders": 0, "warlords": 0}
        for loc, space in game.state["board"].items()
    }  # fmt: skip
    supply = {**game.state["supply"], "minions": dict.fromkeys(COLOURS, 25), "taint": 12,
              "trolls": 6, "spiders": 6, "warlords": 10}  # fmt: skip
    arrange(game, ("board", board), ("supply", supply))


def put(game: GameLog, loc: str, **counts: int) -> None:
    """Minions (orcs=2, ...) or tokens (trolls=1, spiders=1, warlords=1) onto ``loc``."""
    space = game.state["board"][loc]
    minions, supply = dict(space["minions"]), dict(game.state["supply"]["minions"])
    changes: list[tuple[Any, ...]] = []
    for kind, count in counts.items():
        if kind in COLOUR_OF:
            minions[COLOUR_OF[kind]] += count
            supply[COLOUR_OF[kind]] -= count
        else:
            changes.append(("board", loc, kind, int(space.get(kind, 0)) + count))
            changes.append(("supply", kind, int(game.state["supply"][kind]) - count))
    arrange(game, ("board", loc, "minions", minions), ("supply", "minions", supply), *changes)


def hand(game: GameLog, deck: str = "hero", seat: str = "1") -> list[str]:
    return list(game.state["decks"][deck]["hands"].get(seat, []))


def deal(game: GameLog, cards: list[str], seat: str = "1") -> None:
    """The seat's Hero Card hand becomes ``cards`` (the others go back to the draw pile)."""
    deck = game.state["decks"]["hero"]
    held = deck["hands"].get(seat, [])
    draw = [c for c in deck["draw"] if c not in cards] + [c for c in held if c not in cards]
    discard = [c for c in deck["discard"] if c not in cards]
    box = [c for c in deck["box"] if c not in cards]
    arrange(
        game,
        ("decks", "hero", "draw", draw),
        ("decks", "hero", "discard", discard),
        ("decks", "hero", "box", box),
        ("decks", "hero", "hands", seat, list(cards)),
    )


def colour_cards(colour: str, count: int) -> list[str]:
    found = [c.id for c in BASE.deck("hero").cards if c.data.get("colour") == colour]
    return found[:count]


def specials(count: int) -> list[str]:
    return [c.id for c in BASE.deck("hero").cards if c.kind == "special"][:count]


def assert_decks_conserved(game: GameLog) -> None:
    """Every card of every deck is in exactly one pile."""
    for pack in (BASE, CC):
        for name, spec in pack.decks.items():
            if name in game.state["decks"]:
                assert sorted(all_cards(game.state["decks"][name])) == sorted(spec.card_ids()), name


def events_of(game: GameLog, since: int = 0) -> list[str]:
    return [event.type for event in game.events[since:]]
