"""Defenders of the Realm: the registries its base rules run, and the shape of each hook.

The base rules run hooks at fixed points (a minion placed, a General moved, a card resolved, the
setup, every command's observers); the expansions and scenarios fill them. Each registry is
declared here with a :class:`typing.Protocol` for its hooks, so mypy checks every hook's
signature where ``hooks.py`` lists it. ``hooks.load`` fills the registries once, in the order
``hooks.py`` declares, when the engine loads the system; they are then plain lists and dicts,
so running a hook costs what it cost before.

This module imports only the generic engine: the base rules and the expansions read the
registries from here without importing one another (the folders stay floors: ``registry`` <
``base`` < the expansions < ``scenarios`` < ``hooks``, the one module that imports them all).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from deck_tracker.engine.commands import Observer, observers_for
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.i18n import Text

if TYPE_CHECKING:
    from deck_tracker.engine.content import Card, Pack

    from .base.board import Realm
    from .base.expansions import Expansion
    from .base.settings import Setting

__all__ = [
    "AFTER_PLACED",
    "BEFORE_MINIONS",
    "CARD_RESOLVED",
    "COMPOSERS",
    "EXPANSIONS",
    "GENERAL_MOVED",
    "GENERAL_MOVERS",
    "GENERAL_ONLY_PLANS",
    "HERO_ENTERED",
    "PLACEMENT_BLOCKS",
    "READ_ANSWERS",
    "READ_RESUMES",
    "SETTINGS",
    "SETUP_EXPANDERS",
    "SETUP_READ",
    "TO_HIT_MODIFIERS",
    "UNCOUNTED",
    "AfterPlaced",
    "BeforeMinions",
    "CardResolved",
    "Composer",
    "GeneralMoved",
    "GeneralMover",
    "GeneralOnlyPlan",
    "HeroEntered",
    "InPlay",
    "PlacementBlock",
    "ReadAnswer",
    "ReadResume",
    "SetupExpander",
    "SetupRead",
    "ToHitModifier",
    "Uncounted",
    "expand_setup",
    "in_play",
    "observers_in_play",
]


# ---------------------------------------------------------------------------------------------
# The shape of each hook (positional parameters: a hook may name them as it likes).
# ---------------------------------------------------------------------------------------------
class PlacementBlock(Protocol):
    """(realm, location, by_general) -> (rule, reason) when nothing may be placed there."""

    def __call__(
        self, realm: Realm, location: str, by_general: bool, /
    ) -> tuple[Text, Text] | None: ...


class AfterPlaced(Protocol):
    """(realm, location, colour, count, source) after minions land; source is "card",
    "general" (the minions a General brings) or "spread" (an overrun's or a Quick Flying's)."""

    def __call__(
        self, realm: Realm, location: str, colour: str, count: int, source: str, /
    ) -> None: ...


class GeneralMover(Protocol):
    """(realm, general, target, minions) -> True when the rule moved the General itself."""

    def __call__(self, realm: Realm, general: str, target: str | None, minions: int, /) -> bool: ...


class GeneralMoved(Protocol):
    """(realm, general) after any General moved."""

    def __call__(self, realm: Realm, general: str, /) -> None: ...


class ToHitModifier(Protocol):
    """(state, location, colour) -> added to the roll needed to hit (dragon/minions.py)."""

    def __call__(self, state: State, location: str, colour: str, /) -> int: ...


class Uncounted(Protocol):
    """Resolves a card that does not count as a Darkness Spreads card (and emits its event);
    another card is drawn in its place. A rule that makes the night wait for the table
    (Sterling's landing place) returns what keeps the night's rest: it is given the night's
    continuation (``night.continue_night``'s arguments) to hold."""

    def __call__(self, realm: Realm, card: Card, /) -> Callable[[dict[str, Any]], None] | None: ...


class CardResolved(Protocol):
    """After a card is resolved: True when the rule keeps it instead of the discard pile."""

    def __call__(self, realm: Realm, card: Card, /) -> bool: ...


class GeneralOnlyPlan(Protocol):
    """(war level) -> for each card of the night, whether it only moves its General."""

    def __call__(self, war_level: int, /) -> tuple[bool, ...]: ...


class SetupExpander(Protocol):
    """A setup request -> the setup the base rules read (a new dict)."""

    def __call__(self, setup: dict[str, Any], /) -> dict[str, Any]: ...


class BeforeMinions(Protocol):
    """Once the board and the decks are ready, before the Generals and first minions."""

    def __call__(self, ctx: Context, realm: Realm, /) -> None: ...


class SetupRead(Protocol):
    """After minions of the setup read late at the table were placed, with their locations."""

    def __call__(self, ctx: Context, locations: list[str], /) -> None: ...


class ReadAnswer(Protocol):
    """(ctx, prompt, face) -> the overlay piece a read card's answer makes."""

    def __call__(
        self, ctx: Context, prompt: dict[str, Any], face: dict[str, Any], /
    ) -> dict[str, Any]: ...


class ReadResume(Protocol):
    """(ctx, prompt, face): what goes on once the card is read."""

    def __call__(self, ctx: Context, prompt: dict[str, Any], face: dict[str, Any], /) -> None: ...


class HeroEntered(Protocol):
    """After a hero entered the game with its first hand."""

    def __call__(self, ctx: Context, seat: str, /) -> None: ...


# (key of an expansion's composition in the state, the builder of its pack).
Composer = tuple[Callable[[State], Any], Callable[[State], "Pack"]]

# ---------------------------------------------------------------------------------------------
# The registries: filled by ``hooks.load`` in the order ``hooks.py`` declares.
# ---------------------------------------------------------------------------------------------
# Board (base/board.py)
PLACEMENT_BLOCKS: list[PlacementBlock] = []
AFTER_PLACED: list[AfterPlaced] = []
GENERAL_MOVERS: list[GeneralMover] = []
GENERAL_MOVED: list[GeneralMoved] = []
# Combat (dragon/minions.py)
TO_HIT_MODIFIERS: list[ToHitModifier] = []
# Night (base/night.py): card kind -> its rule; then the rules that may keep a resolved card.
UNCOUNTED: dict[str, Uncounted] = {}
CARD_RESOLVED: list[CardResolved] = []
# ``extra_cards_general_only`` choice -> its plan (choices not listed: base/settings.py).
GENERAL_ONLY_PLANS: dict[str, GeneralOnlyPlan] = {}
# Setup (base/setup.py)
SETUP_EXPANDERS: list[SetupExpander] = []
BEFORE_MINIONS: list[BeforeMinions] = []
SETUP_READ: list[SetupRead] = []
# Read the card (base/read_card.py): a prompt's card kind -> its answer (kinds not listed: the
# base game's); a prompt's ``resume`` rule -> what goes on (rules not listed: the base game's).
READ_ANSWERS: dict[str, ReadAnswer] = {}
READ_RESUMES: dict[str, ReadResume] = {}
HERO_ENTERED: list[HeroEntered] = []
# Expansions (base/expansions.py), in the order their hooks run at setup.
EXPANSIONS: dict[str, Expansion] = {}
# Content (base/packs.py): expansion -> (key of its composition in the state, builder).
COMPOSERS: dict[str, Composer] = {}
# Settings (base/settings.py): every documented choice, by name, in the order shown at setup.
SETTINGS: dict[str, Setting] = {}
# Rules that follow every command, in the order they run.
OBSERVERS: list[Observer] = []
# A rule of the night or an observer -> the expansions in which it acts (any one of them in
# play); a rule not listed acts in every game.
ACTS_IN: dict[object, tuple[str, ...]] = {}


@dataclasses.dataclass(frozen=True)
class InPlay:
    """The rules of the night, and the observers, that act in a game with these expansions, in
    their declared order (a subset of the registries: those ``ACTS_IN`` lets in)."""

    placement_blocks: tuple[PlacementBlock, ...]
    after_placed: tuple[AfterPlaced, ...]
    general_movers: tuple[GeneralMover, ...]
    general_moved: tuple[GeneralMoved, ...]
    card_resolved: tuple[CardResolved, ...]
    observers: tuple[Observer, ...]


_T = TypeVar("_T")

# The rules in play per set of expansions (emptied by ``hooks.load``).
IN_PLAY: dict[tuple[str, ...], InPlay] = {}


def in_play(state: State) -> InPlay:
    """The rules of the night and the observers that act in this game (cached per expansion
    set: a game's expansions never change once it is set up)."""
    key = tuple(state.get("expansions") or ())
    found = IN_PLAY.get(key)
    if found is None:
        found = IN_PLAY[key] = _select(frozenset(key))
    return found


def _select(expansions: frozenset[str]) -> InPlay:
    def acting(rules: list[_T]) -> tuple[_T, ...]:
        return tuple(
            rule for rule in rules if rule not in ACTS_IN or expansions.intersection(ACTS_IN[rule])
        )

    return InPlay(
        placement_blocks=acting(PLACEMENT_BLOCKS),
        after_placed=acting(AFTER_PLACED),
        general_movers=acting(GENERAL_MOVERS),
        general_moved=acting(GENERAL_MOVED),
        card_resolved=acting(CARD_RESOLVED),
        observers=acting(OBSERVERS),
    )


def observers_in_play(state: State, name: str) -> tuple[Observer, ...]:
    """The observers that follow the command ``name`` in this game (``commands.run``): those in
    play that follow it (``Observer.follows``), cached per expansion set and command."""
    key = (tuple(state.get("expansions") or ()), name)
    found = OBSERVERS_AFTER.get(key)
    if found is None:
        found = OBSERVERS_AFTER[key] = observers_for(name, in_play(state).observers)
    return found


# The observers in play per set of expansions and command (emptied by ``hooks.load``).
OBSERVERS_AFTER: dict[tuple[tuple[str, ...], str], tuple[Observer, ...]] = {}


def expand_setup(setup: dict[str, Any]) -> dict[str, Any]:
    for expand in SETUP_EXPANDERS:
        setup = expand(setup)
    return setup
