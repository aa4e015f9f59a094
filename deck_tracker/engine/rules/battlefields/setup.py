"""Setting up a Battlefields game: seats and sides, hands, Generals, objectives, the first turn.

The setup (``POST /api/v1/games/`` with ``{"system": "battlefields", "options": {...}}``) takes
the settings of ``settings.py`` plus ``generals`` (``{side: [names]}``, the mode's number each;
omitted, they are numbered) and ``library`` (the tiles and cards a table taught in an earlier
game: ``state["library"]`` of that game). The host sits as a player of ``host_side``; each
phone that joins takes the next free position in the seating order.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.content import overlay_hash
from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation

from .field import start_objectives
from .hands import R_HANDS, R_ORDER, hand_limits, position_label, seating, turn_order
from .settings import MODES, resolve_settings
from .tiles import PACK_ID, tile_ids

__all__ = ["seat_hook", "setup_battlefields"]

R_SEATS = (
    "Setup 1: 2 players face each other; 4 alternate minion, hero, minion, hero; "
    "3: the solo player faces the pair"
)
R_GENERALS = "Setup 5: each side chooses 2 Generals (Skirmish), 3 (Standard) or all 4 (Heroic)"
R_DICE = "Setup 6: the battle dice within reach of all players"
POSITIONS = "ABCD"


def _generals(raw: Any, count: int) -> dict[str, list[str]]:
    raw = raw or {}
    if not isinstance(raw, dict):
        raise InvalidArguments({"options.generals": ["An object {side: [names]}."]})
    chosen: dict[str, list[str]] = {}
    for side, label in (("minions", "Minion"), ("heroes", "Hero")):
        names = raw.get(side) or [f"{label} General {i + 1}" for i in range(count)]
        if (
            not isinstance(names, list)
            or len(names) != count
            or not all(isinstance(n, str) and 0 < len(n) <= 60 for n in names)
            or len(set(names)) != count
        ):
            raise InvalidArguments(
                {f"options.generals.{side}": [f"{count} different names for this mode."]}
            )
        chosen[side] = list(names)
    return chosen


def _library(raw: Any, tiles: list[str]) -> dict[str, Any]:
    library: dict[str, Any] = {"tiles": {}, "cards": {"minions": {}, "heroes": {}}}
    if raw is None:
        return library
    if not isinstance(raw, dict):
        raise InvalidArguments({"options.library": ["The library of an earlier game."]})
    from .tiles import check_taught_values

    for tile_id, values in (raw.get("tiles") or {}).items():
        if tile_id not in tiles or not isinstance(values, dict):
            raise InvalidArguments({f"options.library.tiles.{tile_id}": ["Unknown tile."]})
        library["tiles"][tile_id] = check_taught_values(values)
    from .cards import check_known_card

    for side in ("minions", "heroes"):
        for key, card in ((raw.get("cards") or {}).get(side) or {}).items():
            library["cards"][side][key] = check_known_card(card, f"options.library.cards.{side}")
    return library


def setup_battlefields(ctx: Context, setup: dict[str, Any]) -> None:
    """A Battlefields table, ready for the objectives to be chosen."""
    options = setup.get("options") or {}
    settings = resolve_settings(options)
    mode = MODES[settings["mode"]]
    ctx.set("settings", settings)
    overlay = (setup.get("overlays") or {}).get(PACK_ID)
    if overlay:
        ctx.set("overlays", {PACK_ID: {"hash": overlay_hash(overlay), "data": overlay}})
    tiles = tile_ids(ctx.state)
    ctx.set("library", _library(options.get("library"), tiles))
    players = settings["players"]
    sides = seating(players, settings["solo_side"])
    limits = hand_limits(players)
    host = POSITIONS[sides.index(settings["host_side"])]
    ctx.set(
        "players",
        {
            POSITIONS[i]: {
                "side": side,
                "seat": "1" if POSITIONS[i] == host else None,
                "hand": limits[i],
                "hand_limit": limits[i],
                "short": False,
            }
            for i, side in enumerate(sides)
        },
    )
    order = turn_order(players, settings["solo_side"])
    ctx.set("order", order)
    generals = _generals(options.get("generals"), mode.generals)
    ctx.set(
        "sides",
        {
            side: {
                "deck": settings["deck_size"]
                - sum(limits[i] for i, s in enumerate(sides) if s == side),
                "discard": 0,
                "generals": generals[side],
                "won": [],
            }
            for side in ("minions", "heroes")
        },
    )
    ctx.set("tiles", {tile: "pile" for tile in tiles})
    ctx.set("battlefields", {})
    ctx.set("field_order", [])
    ctx.set("dice", None)
    ctx.set("turn", {"number": 1, "index": 0, "position": order[0], "action": None, "attack": None})
    ctx.set("mode", mode.as_dict())
    hands = "; ".join(
        f"{position_label(ctx.state, p)}: {info['hand']} cards"
        for p, info in ctx.state["players"].items()
    )
    ctx.emit(
        "battlefields_set_up",
        f"A {mode.name} war of {players} players: {mode.battlefields} battlefields or "
        f"{mode.same_colour} of one colour win it.",
        data={"mode": settings["mode"], "players": players, "order": order},
        steps=[
            Step(f"Seat the players: {', '.join(sides)}.", R_SEATS),
            Step(f"Each side shuffles its deck and draws: {hands}.", R_HANDS),
            Step(
                "Generals: minions "
                + ", ".join(generals["minions"])
                + "; heroes "
                + ", ".join(generals["heroes"])
                + ".",
                R_GENERALS,
            ),
            Step("Place the battle dice within reach of all players.", R_DICE),
            Step(
                "Turn order: " + ", ".join(position_label(ctx.state, p) for p in order) + ".",
                R_ORDER,
            ),
        ],
    )
    start_objectives(ctx)


def seat_hook(ctx: Context, seat: str) -> None:
    """A phone joining takes the next free position in seating order."""
    for position, player in ctx.state["players"].items():
        if player["seat"] is None:
            ctx.set("players", position, "seat", seat)
            ctx.emit(
                "side_taken",
                f"{position_label(ctx.state, position)} takes a seat.",
                data={"seat": seat, "position": position, "side": player["side"]},
                steps=[Step(f"Sit with the {player['side']}.", R_SEATS)],
            )
            return
    raise RuleViolation("Every player's seat is taken.", code="table_full")
