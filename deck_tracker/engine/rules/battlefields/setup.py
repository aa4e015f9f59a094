"""Setting up a Battlefields game: seats and sides, hands, Generals, objectives, the first turn.

The setup (``POST /api/v1/games/`` with ``{"system": "battlefields", "options": {...}}``) takes
the settings of ``settings.py`` plus ``generals`` (``{side: [names]}``, the mode's number each;
omitted, they are numbered) and ``library`` (the tiles and cards a table taught in an earlier
game: ``state["library"]`` of that game). The host sits as a player of ``host_side``; each
phone that joins takes the next free position in the seating order.
"""

from __future__ import annotations

import functools
from typing import Any

from deck_tracker.engine.content import overlay_hash
from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import msg, name

from .field import start_objectives
from .hands import (
    R_HANDS,
    R_ORDER,
    hand_limits,
    position_label,
    position_ref,
    seating,
    side_ref,
    turn_order,
)
from .settings import MODES, resolve_settings
from .tiles import PACK_ID, tile_ids

__all__ = ["seat_hook", "setup_battlefields"]

R_SEATS = msg("bf.rule.seats")
R_GENERALS = msg("bf.rule.generals")
R_DICE = msg("bf.rule.dice")
POSITIONS = "ABCD"


def _generals(raw: Any, count: int) -> dict[str, list[str]]:
    raw = raw or {}
    if not isinstance(raw, dict):
        raise InvalidArguments({"options.generals": [msg("error.bf.setup.object_side_names")]})
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
                {
                    f"options.generals.{side}": [
                        msg("error.bf.setup.different_names_this_mode", count=count)
                    ]
                }
            )
        chosen[side] = list(names)
    return chosen


def _library(raw: Any, tiles: list[str]) -> dict[str, Any]:
    library: dict[str, Any] = {"tiles": {}, "cards": {"minions": {}, "heroes": {}}}
    if raw is None:
        return library
    if not isinstance(raw, dict):
        raise InvalidArguments({"options.library": [msg("error.bf.setup.library_earlier_game")]})
    from .tiles import check_taught_values

    for tile_id, values in (raw.get("tiles") or {}).items():
        if tile_id not in tiles or not isinstance(values, dict):
            raise InvalidArguments(
                {f"options.library.tiles.{tile_id}": [msg("error.bf.setup.unknown_tile")]}
            )
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
    # "Ada (minions): 7 cards; Hero player: 7 cards", each part in the reader's language.
    hands = functools.reduce(
        lambda first, then: msg("bf.rule.and_then", first=first, then=then),
        [
            msg("bf.setup.hand_of", who=position_ref(ctx.state, p), number=info["hand"])
            for p, info in ctx.state["players"].items()
        ],
    )
    ctx.emit(
        "battlefields_set_up",
        msg(
            "bf.setup.war_players_battlefields_one_colour",
            name=name(f"bf-mode:{settings['mode']}", mode.name),
            players=players,
            battlefields=mode.battlefields,
            same_colour=mode.same_colour,
        ),
        data={"mode": settings["mode"], "players": players, "order": order},
        steps=[
            Step(
                msg(
                    "bf.setup.seat_players",
                    items=functools.reduce(
                        lambda first, then: msg("bf.setup.comma", first=first, then=then),
                        [side_ref(side) for side in sides],
                    ),
                ),
                R_SEATS,
            ),
            Step(msg("bf.setup.each_side_shuffles_deck_draws", hands=hands), R_HANDS),
            Step(
                msg(
                    "bf.setup.generals",
                    minions=", ".join(generals["minions"]),
                    heroes=", ".join(generals["heroes"]),
                ),
                R_GENERALS,
            ),
            Step(msg("bf.setup.place_battle_dice_within_reach"), R_DICE),
            Step(
                msg(
                    "bf.setup.turn_order",
                    items=", ".join(position_label(ctx.state, p) for p in order),
                ),
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
                msg("bf.setup.takes_seat", position_label=position_ref(ctx.state, position)),
                data={"seat": seat, "position": position, "side": player["side"]},
                steps=[Step(msg("bf.setup.sit_with", side=side_ref(player["side"])), R_SEATS)],
            )
            return
    raise RuleViolation(msg("error.bf.setup.every_player_s_seat_taken"), code="table_full")
