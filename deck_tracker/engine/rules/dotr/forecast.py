"""The threat forecast: what the coming nights' Darkness Spreads cards may do to the board.

A Monte Carlo over the engine's own night (``base/night.py`` and every expansion rule its hooks
run): each sample shuffles what is left of the draw piles, resolves 1 to 3 nights back to back
(the heroes' turns in between are left aside: no Hero Card, no move, no fight) and notes what
happened. The figures are the share of samples, each with its 95 % Wilson interval. A base
game's sample keeps the board as arrays from its first night to its last (``ArrayNights``) and
notes each night from them; any other game's, night by night on the state (``run_night``).

What it reads, and why every seat gets the same forecast:

* the board, the supply, the Generals, the War Status and every public key (``base/view.py``):
  every seat sees them;
* of each draw pile, only its contents as a multiset (the pile is sorted before any sample, so
  its order is never read): a player counting the cards played knows as much. The order the game
  will really draw is never used, nor the game's seed: each sample shuffles the pile with its
  own generator, seeded by the forecast's seed and the sample's number.

Rules decisions (documented, since no rulebook speaks of forecasts):

* A choice the table owes (``state.pending``) is taken as settled without changing the board,
  before the first night and between nights, so that the night can be resolved.
* The dangers where the active hero ends the turn (fire, Zealots, Imps: the night waits for
  them at the table) are taken as settled too, before every night: the heroes' turns are left
  aside, and those dangers touch only the hero, never the board.
* A table-owned deck is drawn by the forecast itself (the table would draw the same cards).
* "Within N nights" counts what happened in any of the first N nights; once the game is lost
  nothing more happens, so a loss in night 1 is a loss within 2 and 3 nights too.
* Minions added: the minions on the location after the nights minus before (nothing removes
  minions during a night), Trolls and Giant Spiders not counted.
* A card the table is reading when the forecast is asked (``state.reading``) is taken as read
  without changing the board, like a pending choice; the rest of the night it interrupted is
  not resolved.
* A card the app does not know yet (a Global Effect, a Winds of War card, a Quest, ... nobody
  has entered) cannot be resolved by a sampled night: the sample ends where one comes up (the
  night stops there, as at the table, and no later night is sampled) and is counted as "unknown
  card met" (``unknown_card``) for that night and every later horizon. Its other figures are
  what the board showed when the card came up. The fast and the full path stop alike.

The forecast never changes the game: it works on its own copies of the state.
"""

from __future__ import annotations

import functools
import math
import pickle
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress, pairwise, repeat
from operator import add, is_not
from typing import Any

from deck_tracker.engine.commands import run
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Message, msg
from deck_tracker.engine.rules.dotr.base.array_night import (
    ArrayNights,
    ArrayPosition,
    KeptPosition,
    covered,
)
from deck_tracker.engine.rules.dotr.base.board import LOSS_CAUSES, BoardData, Tally, board_for
from deck_tracker.engine.rules.dotr.base.night import DS
from deck_tracker.engine.rules.dotr.base.settings import default_settings
from deck_tracker.engine.rules.dotr.dragon.dangers import leave_dangers_aside
from deck_tracker.engine.simulate import run_night

__all__ = [
    "LOSS_KINDS",
    "MAX_HORIZON",
    "MAX_SAMPLES",
    "Forecast",
    "card_counter_state",
    "check_forecast",
    "forecast",
    "wilson",
]

MAX_HORIZON = 3
MAX_SAMPLES = 100_000
MAX_BUDGET_SECONDS = 60.0
Z95 = 1.959963984540054
PROGRESS_EVERY = 50
_RANDOM = random.Random.random

# Ways to lose, in the order the phone lists them (the rules name the one that ended a game).
LOSS_KINDS = LOSS_CAUSES


def wilson(hits: int, n: int) -> dict[str, float]:
    """The share ``hits / n`` with its 95 % Wilson score interval (sound at 0 % and 100 %)."""
    if n <= 0:
        return {"p": 0.0, "low": 0.0, "high": 1.0}
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"p": p, "low": max(0.0, centre - half), "high": min(1.0, centre + half)}


def _mean(total: float, squares: float, n: int) -> dict[str, float]:
    """A mean with its 95 % normal interval."""
    if n <= 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    mean = total / n
    variance = max(0.0, squares / n - mean * mean) * (n / (n - 1) if n > 1 else 0.0)
    half = Z95 * math.sqrt(variance / n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


def card_counter_state(state: State) -> State:
    """The state as a card counter knows it: every draw pile as a multiset (its order sorted
    away), owned by the app, no undo history and no pending choice."""
    known: State = pickle.loads(pickle.dumps(state))
    for deck in known.get("decks", {}).values():
        deck["draw"] = sorted(deck["draw"])
        deck["owner"] = "app"
    known["history"] = {"done": [], "undone": []}
    known["pending"] = []
    known["reading"] = []
    return known


def _shuffled(pile: list[str], rng: random.Random) -> list[str]:
    """The pile in a uniformly random order: sorted by independent uniform keys (a random
    permutation, as ``rng.shuffle`` gives, several times faster on long piles)."""
    keys = list(map(_RANDOM, repeat(rng, len(pile))))
    return list(map(pile.__getitem__, sorted(range(len(pile)), key=keys.__getitem__)))


def _shuffled_aside(pile: list[str], rng: random.Random) -> None:
    """What :func:`_shuffled` draws from ``rng`` for ``pile``, drawn, the order left aside (a
    pile the nights never read: the random source goes on as after the shuffle)."""
    deque(map(_RANDOM, repeat(rng, len(pile))), maxlen=0)


def _quiet_night(state: State, rng: random.Random, tally: Tally) -> State:
    """One night from ``state`` through the engine's night for simulation (``run_night``: no
    event log, no texts, copy on write): ``state`` is left as it was."""
    state = {**state, "pending": []}
    leave_dangers_aside(state)
    return run_night(state, rng, tally=tally)


def _full_night(state: State, rng: random.Random, tally: Tally) -> State:
    """The same night through the full command path (a ``Context`` on a copy: the event log,
    the undo journal and the table's texts): slower, the same figures."""
    state = pickle.loads(pickle.dumps(state))
    state["pending"] = []
    leave_dangers_aside(state)
    context = Context(state, rng=rng, actor=None)
    context.tally = tally
    run(state, context, "night", {"skip_evening": True})
    return state


@dataclass
class _Tally:
    """What the samples showed within one horizon (1, 2 or 3 nights)."""

    lost: int = 0
    unknown: int = 0
    loss_by: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LOSS_KINDS, 0))
    # Per location, in the order of the forecast's locations (``_Start.locations``): while the
    # samples run, what this night alone changed; then, summed, what the first N nights did.
    tainted: list[int] = field(default_factory=list)
    added: list[int] = field(default_factory=list)
    added_sq: list[int] = field(default_factory=list)
    overrun: dict[str, int] = field(default_factory=dict)
    advanced: dict[str, int] = field(default_factory=dict)
    reached: dict[str, int] = field(default_factory=dict)

    def general(self, general: str, was: dict[str, Any], now: dict[str, Any], city: str) -> None:
        """A General's place before and after: did it advance, did it reach Monarch City."""
        if now.get("location") != was.get("location"):
            self.advanced[general] = self.advanced.get(general, 0) + 1
        if now.get("location") == city:
            self.reached[general] = self.reached.get(general, 0) + 1


@dataclass
class Forecast:
    """The figures of one forecast, and how far it got (samples reached, time spent)."""

    seed: str
    horizon: int
    target_samples: int
    budget_seconds: float
    samples: int
    elapsed_seconds: float
    nights: list[dict[str, Any]]
    labels: dict[str, str]

    @property
    def complete(self) -> bool:
        return self.samples >= self.target_samples

    def as_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "horizon": self.horizon,
            "target_samples": self.target_samples,
            "samples": self.samples,
            "budget_seconds": self.budget_seconds,
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "complete": self.complete,
            "confidence": 0.95,
            "nights": self.nights,
            "loss_labels": self.labels,
        }


def check_forecast(state: State, horizon: int, samples: int, budget: float) -> None:
    """Refuse a forecast that cannot run (not a set-up game, a game over, bad settings)."""
    if state.get("system") != "dotr" or "board" not in state:
        raise RuleViolation(
            msg("error.dotr.forecast.forecast_needs_defenders_realm_game"), code="no_board"
        )
    if state.get("outcome"):
        raise RuleViolation(msg("error.dotr.forecast.game_over_there_no_night"), code="game_over")
    problems: dict[str, list[Message]] = {}
    if not 1 <= horizon <= MAX_HORIZON:
        problems["nights"] = [msg("error.field.between", low=1, high=MAX_HORIZON)]
    if not 1 <= samples <= MAX_SAMPLES:
        problems["samples"] = [msg("error.field.between", low=1, high=MAX_SAMPLES)]
    if not 0 < budget <= MAX_BUDGET_SECONDS:
        problems["budget_seconds"] = [
            msg("error.field.above_zero_at_most", maximum=f"{MAX_BUDGET_SECONDS:g}")
        ]
    if problems:
        raise InvalidArguments(problems)


def forecast(
    state: State,
    *,
    seed: str,
    horizon: int = MAX_HORIZON,
    samples: int = 2000,
    budget_seconds: float = 10.0,
    on_progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
    full_path: bool = False,
) -> Forecast:
    """Sample ``samples`` futures of ``horizon`` nights (fewer if ``budget_seconds`` runs out).

    Sample ``i`` depends only on the state as a card counter knows it, ``seed`` and ``i``: the
    same call gives the same figures, and a shorter run gives the first samples of a longer one.
    A base game's sample runs its nights on arrays (``ArrayNights``), any other night by night
    through the engine's night for simulation (``run_night``); ``full_path`` runs every night
    through the full command path instead, for the same figures (a check, slower).
    """
    check_forecast(state, horizon, samples, budget_seconds)
    known = card_counter_state(state)
    resolve = _full_night if full_path else _quiet_night
    settings = {**default_settings(), **(known.get("settings") or {})}
    data = board_for(known, bool(settings["disputed_roads"]))
    locations = [loc for loc in data.names if loc in known["board"]]
    start_taint = {loc: known["board"][loc]["taint"] for loc in locations}
    start_count = {loc: sum(known["board"][loc]["minions"].values()) for loc in locations}
    generals = {
        g: known["generals"][g]
        for g in data.general_names
        if g in (known.get("generals") or {}) and not known["generals"][g].get("defeated")
    }
    start = _Start(known["board"], start_taint, start_count, generals)
    decks: dict[str, dict[str, Any]] = known.get("decks", {})
    zeros = [0] * len(locations)
    tallies = [
        _Tally(tainted=list(zeros), added=list(zeros), added_sq=list(zeros)) for _ in range(horizon)
    ]
    # A base game's samples run on arrays from the first night to the last (the board never
    # written back to a state between nights); any other runs night by night on the state.
    arrays = _ArrayNotes.of(known, start) if not full_path else None
    started = clock()
    done = 0
    for index in range(samples):
        if clock() - started >= budget_seconds:
            break
        rng = random.Random(f"{seed}:{index}")
        on_arrays = 0
        if arrays is not None:
            draw: list[str] = []
            for name, deck in decks.items():
                if name == DS:
                    draw = _shuffled(deck["draw"], rng)
                else:
                    _shuffled_aside(deck["draw"], rng)
            on_arrays = arrays.sample(ArrayNights(arrays.position, rng, draw), tallies)
            if on_arrays < horizon:
                # A night the arrays leave to the command path: the sample again from its
                # start, on the state, noted from that night on.
                rng = random.Random(f"{seed}:{index}")
        if on_arrays < horizon:
            # Every draw pile shuffled (a new list: the known state is shared by every sample).
            sample: State = {
                **known,
                "decks": {
                    name: {**deck, "draw": _shuffled(deck["draw"], rng)}
                    for name, deck in decks.items()
                },
            }
            _state_sample(sample, rng, resolve, tallies, data, start, noted_from=on_arrays)
        done += 1
        if on_progress is not None and done % PROGRESS_EVERY == 0:
            on_progress(done, samples)
    # Each night noted what its own night changed on the board: within N nights is the sum of
    # the first N.
    for earlier, tally in pairwise(tallies):
        for mine, theirs in (
            (tally.tainted, earlier.tainted),
            (tally.added, earlier.added),
            (tally.added_sq, earlier.added_sq),
        ):
            mine[:] = map(add, mine, theirs)
    elapsed = clock() - started
    if on_progress is not None:
        on_progress(done, samples)
    nights = [
        _figures(tally, night + 1, done, data, locations, generals)
        for night, tally in enumerate(tallies)
    ]
    return Forecast(
        seed=seed,
        horizon=horizon,
        target_samples=samples,
        budget_seconds=budget_seconds,
        samples=done,
        elapsed_seconds=elapsed,
        nights=nights,
        labels=loss_labels(data),
    )


def loss_labels(data: BoardData) -> dict[str, str]:
    """Each way to lose in the players' words, the minions named as this game names them."""
    city = data.names[data.city]
    return {
        "general_in_city": f"A General enters {city}",
        "city_overrun": f"{city} is overrun",
        "taint_exhausted": "The Tainted Crystals run out",
        **{f"minions_{c}": f"The {data.plural[c]} run out" for c in COLOURS},
        "fire": "Fire",
        "other": "Another way",
    }


def _state_sample(
    sample: State,
    rng: random.Random,
    resolve: Callable[[State, random.Random, Tally], State],
    tallies: list[_Tally],
    data: BoardData,
    start: _Start,
    *,
    noted_from: int = 0,
) -> None:
    """One sample's nights on the state, each through ``resolve``; the nights from
    ``noted_from`` on are noted (the earlier ones were noted on arrays)."""
    overrun: set[str] = set()
    lost_by: str | None = None
    before = start.board
    for night, tally in enumerate(tallies):
        # Once lost nothing more happens; once a card the app does not know came up (the night
        # waits for it to be read) the sample ends there.
        if not sample.get("outcome") and not sample.get("reading"):
            counted = Tally()
            sample = resolve(sample, rng, counted)
            if counted.overruns:
                overrun.update(loc for loc in counted.overruns if loc in start.taint)
            lost_by = counted.lost_by
        if night >= noted_from:
            _note(tally, sample, data, overrun, start, lost_by, before)
        before = sample["board"]


class _ArrayNotes:
    """What a sample on arrays needs to note its nights as :func:`_note` notes them from the
    state: the position read once, and each location of the arrays (by its index there) with
    its place in the forecast's locations and its minions at the start."""

    __slots__ = ("city", "count", "generals", "place", "position", "taint")

    def __init__(self, position: ArrayPosition, start: _Start) -> None:
        self.position = position
        locs = position.layout.locs
        where = {loc: k for k, loc in enumerate(start.locations)}
        self.place = [where[loc] for loc in locs]
        self.count = [start.count[loc] for loc in locs]
        self.taint = start.taint
        self.generals = start.generals
        self.city = position.data.city

    @classmethod
    def of(cls, known: State, start: _Start) -> _ArrayNotes | None:
        """The notes for samples of ``known`` on arrays, or None: not a position the nights on
        arrays cover (an expansion, an overlay...), or a location the forecast does not list."""
        if not covered(known):
            return None
        position = KeptPosition(known)
        if not set(position.layout.locs) <= set(start.taint):
            return None
        return cls(position, start)

    def sample(self, nights: ArrayNights, tallies: list[_Tally]) -> int:
        """The sample's nights, one after another on the same arrays, each noted in its tally;
        the number of nights noted (fewer than the horizon when a night is left to the command
        path: that night and the later ones are the caller's)."""
        overrun: set[str] = set()
        tainted_before: set[int] = set()
        added_before: dict[int, int] = {}
        rows, place, count = nights.rows, self.place, self.count
        for night, tally in enumerate(tallies):
            if nights.lost is None:
                if not nights.night():
                    return night
                if nights.overruns:
                    overrun.update(loc for loc in nights.overruns if loc in self.taint)
                # Only what this night changed, as the change since the night before. A crystal
                # is never taken off during the nights: a location given one stays tainted.
                tainted, added_to, added_sq = tally.tainted, tally.added, tally.added_sq
                for i in nights.tainted:
                    if i not in tainted_before:
                        tainted_before.add(i)
                        tainted[place[i]] += 1
                for i in nights.changed:
                    added = sum(rows[i]) - count[i]
                    was = added_before.get(i, 0)
                    if added != was:
                        added_before[i] = added
                        k = place[i]
                        added_to[k] += added - was
                        added_sq[k] += added * added - was * was
            lost = nights.lost
            if lost is not None:
                tally.lost += 1
                loss_by = tally.loss_by
                loss_by[lost.cause if lost.cause in loss_by else "other"] += 1
            for loc in overrun:
                tally.overrun[loc] = tally.overrun.get(loc, 0) + 1
            if nights.generals:
                for general, now in nights.generals.items():
                    was_at = self.generals.get(general)
                    if was_at is not None:
                        tally.general(general, was_at, now, self.city)
        return len(tallies)


@dataclass(frozen=True)
class _Start:
    """The position every sample starts from: its board, crystals, minions and Generals."""

    board: dict[str, Any]
    taint: dict[str, int]
    count: dict[str, int]
    generals: dict[str, dict[str, Any]]

    @functools.cached_property
    def rows(self) -> tuple[tuple[str, Any, int, int], ...]:
        """Each location with its space, crystals and minions at the start (read in a loop)."""
        return tuple(
            (loc, self.board[loc], crystals, self.count[loc])
            for loc, crystals in self.taint.items()
        )

    @functools.cached_property
    def locations(self) -> tuple[str, ...]:
        """The locations of :attr:`rows`, in the same order."""
        return tuple(self.taint)


def _note(
    tally: _Tally,
    sample: State,
    data: BoardData,
    overrun: set[str],
    start: _Start,
    lost_by: str | None,
    before: dict[str, Any],
) -> None:
    """What the sample shows after this many nights; of the board, only what this night changed
    from ``before`` (the board after the night before, the start's for the first): the figures
    of a location within N nights are the sum of these changes over the first N (the caller
    adds them up). A location or General the nights never wrote is still the very object it
    was (copy on write): nothing changed there."""
    outcome = sample.get("outcome")
    if outcome and outcome.get("result") == "lost":
        tally.lost += 1
        tally.loss_by[lost_by if lost_by in tally.loss_by else "other"] += 1
    if sample.get("reading"):
        tally.unknown += 1
    board = sample["board"]
    if board is not before:
        # Only the spaces this night wrote are new objects: found in one pass in C.
        tainted, added_to, added_sq = tally.tainted, tally.added, tally.added_sq
        rows, locations = start.rows, start.locations
        written = map(is_not, map(board.__getitem__, locations), map(before.__getitem__, locations))
        for k in compress(range(len(rows)), written):
            loc, _was, crystals, minions = rows[k]
            space, old = board[loc], before[loc]
            tainted[k] += (space["taint"] > crystals) - (old["taint"] > crystals)
            added = sum(space["minions"].values()) - minions
            was_added = sum(old["minions"].values()) - minions
            if added != was_added:
                added_to[k] += added - was_added
                added_sq[k] += added * added - was_added * was_added
    for loc in overrun:
        tally.overrun[loc] = tally.overrun.get(loc, 0) + 1
    generals = sample["generals"]
    for general, was in start.generals.items():
        now = generals[general]
        if now is not was:
            tally.general(general, was, now, data.city)


def _figures(
    tally: _Tally,
    nights: int,
    n: int,
    data: BoardData,
    locations: list[str],
    generals: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    return {
        "nights": nights,
        "loss": wilson(tally.lost, n),
        "loss_by": {kind: wilson(count, n) for kind, count in tally.loss_by.items()},
        "unknown_card": wilson(tally.unknown, n),
        "locations": {
            loc: {
                "name": data.names[loc],
                "taint": wilson(tally.tainted[k], n),
                "overrun": wilson(tally.overrun.get(loc, 0), n),
                "minions_added": _mean(tally.added[k], tally.added_sq[k], n),
            }
            for k, loc in enumerate(locations)
        },
        "generals": {
            general: {
                "name": data.general_names[general],
                "advance": wilson(tally.advanced.get(general, 0), n),
                "reaches_city": wilson(tally.reached.get(general, 0), n),
            }
            for general in generals
        },
    }
