"""Checks for the cards of the expansion decks (Companions & Catacombs, The Hero's Calling).

``content.py`` calls :func:`check_expansion_card` for every card of a deck it has no checker of
its own for. A value printed on a card but not legible or not published in the sources is
``null`` in the pack: players fill it once (through the content overlay) or play the deck
table-owned. The checks accept ``null`` there and check the value once it is filled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .content import _CardChecker, _Where

__all__ = [
    "ABILITY_TYPES",
    "COMPANION_COLOURS",
    "EVENT_EFFECTS",
    "check_expansion_card",
]

#: Companion costs: the four Hero Card colours, yellow (any one colour) and purple (Specials).
COMPANION_COLOURS: tuple[str, ...] = ("green", "black", "red", "blue", "yellow", "purple")
#: The 15 Event cards of the Companion deck, by the rule that resolves each.
EVENT_EFFECTS: tuple[str, ...] = (
    "warlords",
    "betrayal",
    "troll_renegades",
    "thieves",
    "land_ablaze",
    "inside_information",
    "patriotism",
    "infiltrating_spies",
    "heavy_casualties",
    "giant_spiders",
    "empty_inn",
    "dungeon",
    "enemy_scouts",
    "bar_fight",
    "darkness_spreads",
)
ABILITY_TYPES: tuple[str, ...] = ("combat", "control", "movement")
PETS: tuple[str, ...] = ("raven", "voidwalker", "wolf")

Check = Callable[["_CardChecker", str, Mapping[str, Any], "_Where"], None]


def _kind(kind: str, allowed: tuple[str, ...], w: _Where) -> None:
    if kind not in allowed:
        w.fail("kind", f"{kind!r} is not one of {', '.join(allowed)}")


def _optional_text(data: Mapping[str, Any], key: str, w: _Where) -> None:
    value = data.get(key)
    if value is not None and (not isinstance(value, str) or not value.strip()):
        w.fail(f"data.{key}", "expected a non-empty string or null (not yet entered)")


def _texts(data: Mapping[str, Any], key: str, w: _Where, *, nullable_items: bool) -> int:
    value = data.get(key)
    if not isinstance(value, (list, tuple)) or not value:
        w.fail(f"data.{key}", "expected a non-empty list")
    for i, entry in enumerate(value):
        if entry is None and nullable_items:
            continue
        if not isinstance(entry, str) or not entry.strip():
            w.fail(f"data.{key}[{i}]", "expected a non-empty string" + " or null" * nullable_items)
    return len(value)


def _optional_int(data: Mapping[str, Any], key: str, w: _Where, low: int, high: int) -> None:
    if key not in data:
        w.fail(f"data.{key}", "missing (null when not yet entered)")
    value = data[key]
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        w.fail(f"data.{key}", f"expected an integer from {low} to {high}, or null")


def _companion(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("event", "companion"), w)
    if kind == "event":
        effect = data.get("effect")
        if effect not in EVENT_EFFECTS:
            w.fail("data.effect", f"{effect!r} is not one of {', '.join(EVENT_EFFECTS)}")
        _texts(data, "text", w, nullable_items=False)
        if not isinstance(data.get("shuffle"), bool):
            w.fail("data.shuffle", "expected true or false ('Shuffle the Companion Cards')")
        if effect == "dungeon":
            table = data.get("roll_table")
            if not isinstance(table, (list, tuple)) or len(table) != 6:
                w.fail("data.roll_table", "expected the 6 locations for rolls 1 to 6")
            for i, loc in enumerate(table):
                if not isinstance(loc, str) or loc not in checker.locations:
                    w.fail(f"data.roll_table[{i}]", f"unknown location {loc!r}")
        return
    checker.text(data, "title", w)
    _texts(data, "abilities", w, nullable_items=False)
    for flag in ("discard_to_use", "retrieves_special"):
        if not isinstance(data.get(flag), bool):
            w.fail(f"data.{flag}", "expected true or false")
    cost = data.get("cost")
    if not isinstance(cost, Mapping):
        w.fail("data.cost", "expected an object {colour, cards} (null values until entered)")
    colour = cost.get("colour")
    if colour is not None and colour not in COMPANION_COLOURS:
        w.fail("data.cost.colour", f"{colour!r} is not one of {', '.join(COMPANION_COLOURS)}")
    _optional_int(cost, "cards", w, 0, 6)


def _dungeon_room(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("dungeon_room",), w)
    _optional_int(data, "exploration", w, 0, 2)
    _optional_text(data, "text", w)


def _treasure_room(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("treasure_room",), w)
    _optional_int(data, "exploration_goal", w, 1, 20)
    for key in ("encounter", "reward", "penalty"):
        _optional_text(data, key, w)


def _relic(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("relic",), w)
    _optional_text(data, "text", w)


def _dungeon_token(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("dungeon_token",), w)
    relics = data.get("relics")
    if not isinstance(relics, (list, tuple)) or len(relics) != 2:
        w.fail("data.relics", "expected the 2 Relics the token holds (null until entered)")
    for i, relic in enumerate(relics):
        if relic is not None and (not isinstance(relic, str) or not relic):
            w.fail(f"data.relics[{i}]", "expected a Relic card id or null")


def _ability(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("ability",), w)
    kind_of = data.get("type")
    if kind_of is not None and kind_of not in ABILITY_TYPES:
        w.fail("data.type", f"{kind_of!r} is not one of {', '.join(ABILITY_TYPES)} (or null)")
    pet = data.get("pet")
    if pet is not None and pet not in PETS:
        w.fail("data.pet", f"{pet!r} is not one of {', '.join(PETS)} (or null)")
    if _texts(data, "levels", w, nullable_items=True) != 3:
        w.fail("data.levels", "expected the texts of levels 1, 2 and 3 (null until entered)")


def _war_status(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("war_status",), w)
    levels = data.get("levels")
    if not isinstance(levels, (list, tuple)) or len(levels) != 4:
        w.fail("data.levels", "expected the card's 4 levels")
    for i, level in enumerate(levels):
        fld = f"data.levels[{i}]"
        if not isinstance(level, Mapping):
            w.fail(fld, "expected an object")
        for key in ("name", "hero_level"):
            if not isinstance(level.get(key), str) or not level[key]:
                w.fail(f"{fld}.{key}", "expected a non-empty string")
        cards = level.get("cards")
        if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 3:
            w.fail(f"{fld}.cards", "expected 1, 2 or 3 Darkness Spreads cards")
        only = level.get("general_only")
        if not isinstance(only, (list, tuple)) or not all(
            isinstance(n, int) and 1 <= n <= cards for n in only
        ):
            w.fail(f"{fld}.general_only", "expected the numbers of the General-only cards")


CHECKS: dict[str, Check] = {
    "companion": _companion,
    "dungeon_room": _dungeon_room,
    "treasure_room": _treasure_room,
    "relic": _relic,
    "dungeon_token": _dungeon_token,
    "ability": _ability,
    "war_status": _war_status,
}


def check_expansion_card(
    deck: str, checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where
) -> None:
    """Check a card of an expansion deck; decks this module does not know are left alone."""
    check = CHECKS.get(deck)
    if check is not None:
        check(checker, kind, data, w)


# The Dragon expansion's own decks (Global Effects, Winds of War, Sterling, Agents).
from .content_checks_dragon import DRAGON_CHECKS  # noqa: E402

CHECKS.update(DRAGON_CHECKS)
