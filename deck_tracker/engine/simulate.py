"""Nights for simulation: the same rules as the ``night`` command, none of the bookkeeping.

A forecast samples many possible nights from one position. :func:`run_night` resolves one night
(the Darkness Spreads draws and everything they trigger, expansions included: the very
``night`` command, with the rules that follow every command) from a state and a seed, and
returns the resulting state. It differs from running the command in what it leaves out:

* no event log, no undo history, no version bump (``version`` and ``history`` are unchanged);
* no player-facing texts: the board rules skip the steps the table would read
  (:class:`~deck_tracker.engine.core.QuietContext`);
* the state handed in is never changed (copy on write), so one position serves every sample;
  the resulting state shares what the night left alone with it, so neither may be changed in
  place afterwards (the engine's own :class:`~deck_tracker.engine.core.Context` writes in place:
  give it a copy).

Everything else is identical: for the same random source the resulting state equals the state
the real command leaves, but for ``version`` and ``history`` (``tests/engine/dotr/
test_simulate.py`` checks it on every expansion). A refusal (the game is over, a choice is
pending) raises the command's own :class:`~deck_tracker.engine.errors.RuleViolation`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .commands import run
from .core import Event, QuietContext, State
from .systems import get_system

__all__ = ["night_events", "run_night"]


# A simulated night leaves the evening's Hero Cards aside: the turn guard is told so.
NIGHT_ARGS = {"skip_evening": True}


def run_night(
    state: State, seed: int | str | random.Random, *, actor: str | None = None, tally: Any = None
) -> State:
    """The state after one night from ``state``; ``seed`` seeds the draws and every roll.

    ``seed`` is an int or str (``random.Random(seed)``) or a ``random.Random`` to draw on
    (several nights in a row from one stream). The draws come from the Darkness Spreads draw
    pile in its stored order: a forecast that must not know the order shuffles the pile first.
    ``tally``: what the game system's rules count as they resolve (``Context.tally``; for
    Defenders of the Realm a ``board.Tally``: the overruns per location, the cards resolved, the
    way the Realm fell).

    A game system may resolve the night faster on its own terms (``System.simulate_night``:
    Defenders of the Realm's base game on arrays, ``rules/dotr/base/array_night.py``); it gives
    the same state, or hands the night back to the command path.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    name: Any = state.get("system")
    try:  # only names (text) are kept: any other value is looked up each time
        faster = _FASTER[name]
    except (KeyError, TypeError):
        faster = _faster_night(name)
    if faster is not None:
        # The game system's night on arrays, where it covers this night (the same state out).
        found = faster(state, rng, tally)
        if found is not None:
            return found
    return night_events(state, rng, actor=actor, tally=tally)[0]


# Each game system's faster night (``System.simulate_night``) by the system's name, or None.
_FASTER: dict[str, Callable[[State, Any, Any], State | None] | None] = {}


def _faster_night(name: Any) -> Callable[[State, Any, Any], State | None] | None:
    system = get_system(str(name or ""))
    faster = system.simulate_night if system is not None else None
    if isinstance(name, str) and system is not None:
        _FASTER[name] = faster  # a system, once loaded, stays as it is
    return faster


def night_events(
    state: State, seed: int | str | random.Random, *, actor: str | None = None, tally: Any = None
) -> tuple[State, list[Event]]:
    """:func:`run_night`, with the night's events (type, summary and data only)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    context = QuietContext(state, rng=rng, actor=actor)
    context.tally = tally
    outcome = run(context.state, context, "night", NIGHT_ARGS, bookkeeping=False)
    return context.state, outcome.events
