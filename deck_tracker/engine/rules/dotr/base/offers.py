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
from deck_tracker.engine.rules.dotr.base.table import FACTIONS, board_choices, packs_of

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


# Every location of the board, by its printed name (defined beside LOCATION).
location_choices = board_choices


def colour_choices(maximum: int | None = None) -> Offer:
    """The minion colours, by their faction's name (``maximum`` of each for a count)."""

    def offer(state: State, actor: str | None) -> list[Choice]:
        return [Choice(colour, plural, maximum) for colour, (_one, plural) in FACTIONS.items()]

    return offer


def table_deck(deck: str) -> Offer:
    """A deck the table holds itself: the cards that may be the one it turned, by name (sorted
    by name: the app knows what remains, never an order). Nothing when the app draws it."""

    def offer(state: State, actor: str | None) -> list[Choice]:
        held = (state.get("decks") or {}).get(deck) or {}
        if held.get("owner") != "table":
            return []
        remaining = dict.fromkeys(held.get("draw") or [])
        return sorted(card_choices(state, remaining), key=lambda choice: str(choice.title))

    return offer


def held_by_hero(key: str = "quests") -> Offer:
    """The asking seat's hero's open (or completed) Quests, face up on the table."""

    def offer(state: State, actor: str | None) -> list[Choice]:
        hero = (state.get("heroes") or {}).get(actor or "") or {}
        return card_choices(state, hero.get(key) or [])

    return offer


def boxed_specials(state: State, actor: str | None = None) -> list[Choice]:
    """The Special Hero Cards put back in the box (used ones a card lets a hero take back)."""
    boxed = ((state.get("decks") or {}).get("hero") or {}).get("box") or []
    known = game_cards(state)
    specials = [c for c in dict.fromkeys(boxed) if getattr(known.get(c), "kind", "") == "special"]
    return card_choices(state, specials)


def free_heroes(state: State, actor: str | None = None) -> list[Choice]:
    """The heroes of the game's packs that no seat plays, by name."""
    taken = {str(hero.get("hero")) for hero in (state.get("heroes") or {}).values()}
    found: dict[str, str] = {}
    for pack in packs_of(state):
        for hero_id, hero in pack.heroes.items():
            if hero_id not in taken:
                found.setdefault(hero_id, str(hero.name))
    return sorted((Choice(h, name) for h, name in found.items()), key=lambda c: str(c.title))
