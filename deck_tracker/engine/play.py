"""The verbs the Django side calls: set a game up, apply a command, what a seat sees, a night for
simulation. Each returns what to store; how a command is run (its context, its random source,
what undo replays, a stale command merged) stays inside the engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .commands import run
from .core import Brings, Context, Event, Replayed, State, fold
from .game import replay_target_version, start_game
from .i18n import DEFAULT_LANGUAGE
from .merge import changed_paths, rebase
from .rng import rng_for
from .simulate import run_night
from .systems import get_system
from .views import view_state

__all__ = [
    "Applied",
    "Brings",
    "Started",
    "StoredCommand",
    "StoredCommands",
    "apply",
    "brings_anything",
    "replay",
    "setup",
    "simulate",
    "view",
]


@dataclass(frozen=True)
class Started:
    """A new game: its state (version 0) and its setup events."""

    state: State
    events: list[Event]


@dataclass(frozen=True)
class StoredCommand:
    """A command as stored: its undo entry (the changes that undo it, and those that redo it)
    and its label as a message (its first event's summary), when there is one."""

    backward: list[Any]
    forward: list[Any]
    label_msg: Any = None


class StoredCommands(Protocol):
    """The stored command of a version of the game (an undo or a redo replays it)."""

    def __call__(self, version: int, /) -> StoredCommand: ...


@dataclass(frozen=True)
class Applied:
    """What to store of a command applied: its events, the new state (the one given, changed
    in place; ``state["version"]`` is the new version) and its undo entry."""

    events: list[Event]
    state: State
    undo: StoredCommand

    @property
    def version(self) -> int:
        return int(self.state["version"])


def setup(request: Any, *, seed: str) -> Started:
    """A new game from the setup request (refused with ``InvalidArguments``)."""
    state, events = start_game(request, seed=seed)
    return Started(state, events)


def apply(
    state: State,
    name: str,
    args: Any,
    *,
    seed: str,
    seq: int,
    actor: str | None,
    stored: StoredCommands,
    brings: Brings | None = None,
    missed: Iterable[Sequence[Any]] | None = None,
) -> Applied | None:
    """Run the command ``name`` on ``state`` (changed in place) for ``actor``.

    ``seed`` and ``seq`` (the sequence number its first event takes) decide its random
    outcomes; ``stored`` gives an undo or a redo the command it replays; ``brings``, what the
    seat's player brings to a join or a claim. With ``missed`` (the changes of the events
    written since the version the phone saw), the command is merged onto the current state when
    it leaves those parts alone, else None (the state untouched): the phone must look again.
    """
    replayed = None
    version = replay_target_version(state, name)
    if version is not None:
        command = stored(version)
        replayed = Replayed(
            command.backward if name == "undo" else command.forward, command.label_msg or None
        )
    context = Context(state, rng=rng_for(seed, seq), actor=actor, replayed=replayed, brings=brings)
    if missed is not None:
        outcome = rebase(state, context, name, args, changed=changed_paths(missed))
        if outcome is None:
            return None
    else:
        outcome = run(state, context, name, args)
    first = outcome.events[0].summary_msg if outcome.events else None
    return Applied(outcome.events, state, StoredCommand(outcome.backward, outcome.forward, first))


def brings_anything(state: State, seat: str, brings: Brings) -> bool:
    """Whether what the seat's player brings changes anything in this game (a claim of the
    seat is then worth a command)."""
    system = get_system(state.get("system", ""))
    return bool(system and system.brought and system.brought(state, seat, brings))


def replay(events: Iterable[Event]) -> State:
    """The state that stored events leave, folded from the first (``verify_games``)."""
    return fold(events)


def view(state: State, seat: str | None, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """What ``seat`` sees of the game (None: a spectator), the game system's words (names,
    places) in ``language``."""
    return view_state(state, seat, language)


def simulate(
    state: State, seed: int | str | random.Random, *, actor: str | None = None, tally: Any = None
) -> State:
    """One night for simulation (a forecast, ``engine/simulate.py``): the state it leaves; the
    state given is never changed."""
    return run_night(state, seed, actor=actor, tally=tally)
