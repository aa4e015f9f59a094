"""What may be played on a battlefield, and when a side has won it.

A card on a battlefield is a dict: ``name``, ``number`` (None for a chameleon), ``colour``
(``red``/``black``/``blue``/``green``/``chameleon``), ``swords``, ``protection``
(``none``/``armor``/``scales``/``flying``), ``special_attack``, ``stunned`` and ``player`` (the
position that played it). Each side's cards are kept in the order played.

Rules decisions:

* The descending chain is each side's own (the rulebook: "the next card *he* plays").
* A stunned card keeps its number in the chain (Resolving Battles); a chameleon has no number and
  takes no place in it.
* "Identical" is the same name and number (Player Turn in Detail, B). A side may not add a card
  identical to one it has on any battlefield, unless the battlefield has a set mark: then the
  copy joins the set (restore the card otherwise).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from deck_tracker.engine.i18n import Message, Text, msg, name

from .tiles import TileRules

__all__ = [
    "R_COLOUR",
    "R_DESCENDING",
    "R_IDENTICAL",
    "R_LOOPING",
    "R_NO_CHAMELEONS",
    "R_PARITY",
    "Refusal",
    "allowed_numbers",
    "identical",
    "play_refusal",
    "victory",
]

R_DESCENDING = msg("bf.rule.descending")
R_LOOPING = msg("bf.rule.looping")
R_COLOUR = msg("bf.rule.colour")
R_PARITY = msg("bf.rule.parity")
R_NO_CHAMELEONS = msg("bf.rule.no_chameleons")
R_IDENTICAL = msg("bf.rule.identical")
R_NOT_TAUGHT = msg("bf.rule.not_taught")
R_ACTIVATE = msg("bf.rule.activate")
R_SET = msg("bf.rule.set")
R_TOTAL = msg("bf.rule.total")
R_MAIN = msg("bf.rule.main")


@dataclass(frozen=True)
class Refusal:
    code: str
    detail: Message
    rule: Text


def identical(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["name"].casefold() == b["name"].casefold() and a["number"] == b["number"])


def _numbers(chain: Sequence[dict[str, Any]]) -> list[int]:
    return [card["number"] for card in chain if card["number"] is not None]


def _has_looped(numbers: Sequence[int]) -> bool:
    return any(later > earlier for earlier, later in pairwise(numbers))


def allowed_numbers(chain: Sequence[dict[str, Any]], *, second_loop: bool = False) -> list[int]:
    """The numbers a side may play next on a descending battlefield (1 to 10)."""
    numbers = _numbers(chain)
    if not numbers:
        return list(range(1, 11))
    first, last = numbers[0], numbers[-1]
    looped = _has_looped(numbers)
    allowed = []
    for value in range(1, 11):
        if value in numbers:
            continue
        if looped:
            ok = first < value < last or (second_loop and value > last)
        else:
            ok = value < last or value > first
        if ok:
            allowed.append(value)
    return allowed


def _chain_refusal(number: int, chain: Sequence[dict[str, Any]], second_loop: bool) -> Refusal:
    numbers = _numbers(chain)
    first, last = numbers[0], numbers[-1]
    if number > last and (number <= first or _has_looped(numbers)):
        return Refusal(
            "looping",
            msg(
                "error.bf.conditions.looping_again"
                if _has_looped(numbers)
                else "error.bf.conditions.looping",
                first=first,
                last=last,
            ),
            R_LOOPING,
        )
    return Refusal(
        "descending_order",
        msg(
            "error.bf.conditions.descending_looped"
            if _has_looped(numbers)
            else "error.bf.conditions.descending",
            first=first,
            last=last,
        ),
        R_DESCENDING,
    )


def play_refusal(
    tile: TileRules,
    card: dict[str, Any],
    chain: Sequence[dict[str, Any]],
    own_cards_anywhere: Sequence[dict[str, Any]],
    *,
    second_loop: bool = False,
) -> Refusal | None:
    """Why ``card`` may not be played on ``tile`` by a side whose cards there are ``chain``."""
    if not tile.taught:
        return Refusal(
            "tile_not_taught", msg("error.bf.conditions.not_taught", tile=tile.name), R_NOT_TAUGHT
        )
    if card["colour"] == "chameleon":
        if tile.no_chameleons:
            return Refusal(
                "no_chameleons",
                msg("error.bf.conditions.no_chameleons", tile=tile.name),
                R_NO_CHAMELEONS,
            )
        return None
    if tile.arrow_colour != "any" and card["colour"] != tile.arrow_colour:
        colour = name(f"bf-colour:{tile.arrow_colour}", tile.arrow_colour)
        return Refusal(
            "wrong_colour", msg("error.bf.conditions.wrong_colour", colour=colour), R_COLOUR
        )
    number = card["number"]
    if tile.parity != "any" and (number % 2 == 0) != (tile.parity == "even"):
        return Refusal(
            "wrong_parity",
            msg(
                "error.bf.conditions.even_only"
                if tile.parity == "even"
                else "error.bf.conditions.odd_only"
            ),
            R_PARITY,
        )
    if not tile.set_size and any(identical(card, other) for other in own_cards_anywhere):
        return Refusal(
            "identical_in_play",
            msg("error.bf.conditions.identical", card=card["name"], number=number),
            R_IDENTICAL,
        )
    descending = tile.descending and not tile.final_total and _numbers(chain)
    if descending and number not in allowed_numbers(chain, second_loop=second_loop):
        return _chain_refusal(number, chain, second_loop)
    return None


def _active(cards: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [card for card in cards if not card["stunned"]]


def _largest_set(active: list[dict[str, Any]], main: str | None, wild: int) -> int:
    groups: list[int] = []
    for card in active:
        if card["number"] is None or (main and card["name"].casefold() != main.casefold()):
            continue
        groups.append(sum(1 for other in active if identical(card, other)))
    return max(groups, default=0) + wild if groups or not main else 0


def victory(
    tile: TileRules, side: str, cards: Sequence[dict[str, Any]], *, chameleons_in_sets: bool
) -> Text | None:
    """The rule by which ``side``'s ``cards`` win ``tile``, or None while they do not."""
    if not (tile.activate or tile.set_size or tile.final_total):
        return None
    active = _active(cards)
    main = tile.main_character(side)
    if main and not any(card["name"].casefold() == main.casefold() for card in active):
        return None
    if tile.activate and len(active) < tile.activate:
        return None
    if tile.final_total and sum(card["number"] or 0 for card in active) < tile.final_total:
        return None
    if tile.set_size:
        wild = sum(1 for card in active if card["number"] is None) if chameleons_in_sets else 0
        if _largest_set(active, main, wild) < tile.set_size:
            return None
    rules = [
        rule
        for rule, used in (
            (R_ACTIVATE, tile.activate),
            (R_SET, tile.set_size),
            (R_TOTAL, tile.final_total),
            (R_MAIN, main),
        )
        if used
    ]
    if not rules:
        return ""
    # The rules that won it, one after the other ("A; B").
    return functools.reduce(
        lambda first, then: msg("bf.rule.and_then", first=first, then=then), rules
    )
