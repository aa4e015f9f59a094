"""What every seat sees of a Battlefields game: all of it is public but the cards in hands.

Beyond the state's keys, each battlefield carries its rules (``tile``) and, per side, what may
legally be played there next (``next``: numbers, colours, chameleons), and each side its score
toward the war (``score``). ``you`` is the position the seat plays.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, msg, name, render, render_value

from .conditions import allowed_numbers
from .hands import player_of, position_label
from .settings import MODES
from .tiles import CARD_COLOURS, TileRules, tile_rules
from .victory import war_score

__all__ = ["view_battlefields"]

PUBLIC_KEYS = ("mode", "order", "turn", "pending", "dice", "library", "tiles")


def next_plays(
    state: State, tile: TileRules, cards: list[dict[str, Any]], language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """What a side may play next on ``tile`` (a card identical to one in play aside); why
    nothing yet in the words of ``language``."""
    if not tile.taught:
        note = render(msg("bf.view.read_tile_first"), language)
        return {"numbers": [], "colours": [], "chameleons": False, "note": note}
    numbers = list(range(1, 11))
    if tile.descending and not tile.final_total:
        numbers = allowed_numbers(cards, second_loop=state["settings"]["second_loop"])
    if tile.parity != "any":
        numbers = [n for n in numbers if (n % 2 == 0) == (tile.parity == "even")]
    colours = list(CARD_COLOURS) if tile.arrow_colour == "any" else [tile.arrow_colour]
    return {"numbers": numbers, "colours": colours, "chameleons": not tile.no_chameleons}


def tile_in(tile: TileRules, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A tile's rules, a tile nobody has read yet named in ``language`` by its ``card:<id>``
    name ("Red battlefield 1", „Rotes Schlachtfeld 1“); a title the table read stays as read."""
    shown = tile.as_dict()
    if tile.title is None and tile.pack_name:
        named = render_value(name(f"card:{tile.id}", tile.pack_name), language)
        shown["name"] = shown["pack_name"] = named
    return shown


def _battlefield(state: State, tile_id: str, language: str) -> dict[str, Any]:
    battle = state["battlefields"][tile_id]
    tile = tile_rules(state, tile_id)
    return {
        "tile": tile_in(tile, language),
        "cards": battle["cards"],
        "generals": battle["generals"],
        "next": {
            side: next_plays(state, tile, battle["cards"][side], language)
            for side in battle["cards"]
        },
    }


def view_battlefields(
    state: State, seat: str | None, language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    mode = MODES[state["settings"]["mode"]]
    players = {
        position: {**player, "label": position_label(state, position)}
        for position, player in state["players"].items()
    }
    sides = {
        side: {
            **info,
            "score": war_score(state, side),
            "won_names": [tile_in(tile_rules(state, t), language)["name"] for t in info["won"]],
        }
        for side, info in state["sides"].items()
    }
    pile = [
        tile_in(tile_rules(state, tile_id), language)
        for tile_id, where in state["tiles"].items()
        if where in ("pile", "offered")
    ]
    return {
        **{key: state.get(key) for key in PUBLIC_KEYS},
        "players": players,
        "sides": sides,
        "goal": mode.as_dict(),
        "field": [_battlefield(state, tile_id, language) for tile_id in state["field_order"]],
        "tile_pile": pile,
        "you": player_of(state, seat),
    }
