"""What an argument may name now, with the names a player reads: the phone's pickers.

Each function here is an ``Offer`` (``engine/commands.py``): given the state and the seat asking,
the legal choices of one argument, as ``Choice(value, title)``. They read only what that seat
may see: a hand is offered to its own seat (or to the engine's own callers, ``actor`` None),
never to another phone. The rulebook folders attach them to their commands' arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deck_tracker.engine.commands import Choice, Offer
from deck_tracker.engine.core import State
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.table import FACTIONS, location_name

__all__ = [
    "card_choices",
    "card_title",
    "colour_choices",
    "hand_of",
    "location_choices",
    "own_hand",
]


def card_title(state: State, card_id: str) -> str:
    """A card as printed: a Hero Card with its colour, a Special Card marked as one."""
    card = game_cards(state).get(card_id)
    if card is None:
        return "A card not known yet"
    data: dict[str, Any] = dict(card.data or {})
    name = str(data.get("title") or card.name)
    if card.kind == "special":
        return f"{name} (Special)"
    colour = data.get("colour")
    return f"{name} ({colour})" if colour and card.kind != "special" else name


def card_choices(state: State, cards: Iterable[str]) -> list[Choice]:
    return [Choice(card, card_title(state, card)) for card in cards]


def hand_of(state: State, seat: str | None, deck: str = "hero") -> list[str]:
    hands = ((state.get("decks") or {}).get(deck) or {}).get("hands") or {}
    return list(hands.get(seat or "", []))


def own_hand(deck: str = "hero", *, kind: str | None = None) -> Offer:
    """The asking seat's own hand of ``deck`` (only cards of ``kind`` when given)."""

    def offer(state: State, actor: str | None) -> list[Choice]:
        cards = hand_of(state, actor, deck)
        if kind is not None:
            known = game_cards(state)
            cards = [c for c in cards if getattr(known.get(c), "kind", None) == kind]
        return card_choices(state, cards)

    return offer


def location_choices(state: State, actor: str | None = None) -> list[Choice]:
    board = state.get("board") or {}
    return sorted(
        (Choice(location, location_name(state, location)) for location in board),
        key=lambda choice: choice.title,
    )


def colour_choices(maximum: int | None = None) -> Offer:
    """The minion colours, by their faction's name (``maximum`` of each for a count)."""

    def offer(state: State, actor: str | None) -> list[Choice]:
        return [Choice(colour, plural, maximum) for colour, (_one, plural) in FACTIONS.items()]

    return offer
