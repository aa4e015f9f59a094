"""The threat forecast: what the coming nights' Darkness Spreads cards may do to the board.

A Monte Carlo over the engine's own night (``base/night.py`` and every expansion rule its hooks
run): each sample shuffles what is left of the draw piles, resolves 1 to 3 nights back to back
(the heroes' turns in between are left aside: no Hero Card, no move, no fight) and notes what
happened. The figures are the share of samples, each with its 95 % Wilson interval.

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

The forecast never changes the game: it works on its own copies of the state.
"""

from __future__ import annotations

import math
import pickle
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from deck_tracker.engine.commands import run
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, Event, State
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.rules.dotr.base.board import (
    R_CITY,
    R_CITY_FAQ,
    R_LOSS_CITY,
    R_LOSS_CRYSTAL,
    R_LOSS_GENERAL,
    R_LOSS_MINIONS,
    R_LOSS_NO_CRYSTAL,
    R_OVERRUN,
    BoardData,
    board_for,
)
from deck_tracker.engine.rules.dotr.base.settings import default_settings
from deck_tracker.engine.rules.dotr.dragon.dangers import leave_dangers_aside
from deck_tracker.engine.rules.dotr.dragon.fire import R_ALL_FIRES

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

# Ways to lose, in the order the phone lists them.
LOSS_KINDS = (
    "general_in_city",
    "city_overrun",
    "taint_exhausted",
    *(f"minions_{colour}" for colour in COLOURS),
    "fire",
    "other",
)


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
    return known


def _resolve_night(state: State, rng_seed: int) -> tuple[State, tuple[str, ...]]:
    """One night on ``state`` (changed in place and returned) and the locations overrun in it."""
    state["pending"] = []
    # A card the table has not read yet cannot be forecast: a sampled night that meets one ends
    # there, and the next goes on without it.
    state["reading"] = []
    leave_dangers_aside(state)
    context = Context(state, rng=random.Random(rng_seed), actor=None)
    outcome = run(state, context, "night", {"skip_evening": True})
    return state, _overruns(outcome.events)


def _overruns(events: list[Event]) -> tuple[str, ...]:
    found = []
    for event in events:
        for step in event.steps:
            if step.get("rule") == R_OVERRUN and step.get("text", "").startswith("Overrun from "):
                found.append(step["text"][len("Overrun from ") :].split(":", 1)[0])
    return tuple(found)


@dataclass
class _Tally:
    """What the samples showed within one horizon (1, 2 or 3 nights)."""

    lost: int = 0
    loss_by: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LOSS_KINDS, 0))
    tainted: dict[str, int] = field(default_factory=dict)
    overrun: dict[str, int] = field(default_factory=dict)
    added: dict[str, float] = field(default_factory=dict)
    added_sq: dict[str, float] = field(default_factory=dict)
    advanced: dict[str, int] = field(default_factory=dict)
    reached: dict[str, int] = field(default_factory=dict)


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
            "A forecast needs a Defenders of the Realm game that is set up.", code="no_board"
        )
    if state.get("outcome"):
        raise RuleViolation("The game is over: there is no night to forecast.", code="game_over")
    problems: dict[str, list[str]] = {}
    if not 1 <= horizon <= MAX_HORIZON:
        problems["nights"] = [f"Must be between 1 and {MAX_HORIZON}."]
    if not 1 <= samples <= MAX_SAMPLES:
        problems["samples"] = [f"Must be between 1 and {MAX_SAMPLES}."]
    if not 0 < budget <= MAX_BUDGET_SECONDS:
        problems["budget_seconds"] = [f"Must be above 0 and at most {MAX_BUDGET_SECONDS:g}."]
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
) -> Forecast:
    """Sample ``samples`` futures of ``horizon`` nights (fewer if ``budget_seconds`` runs out).

    Sample ``i`` depends only on the state as a card counter knows it, ``seed`` and ``i``: the
    same call gives the same figures, and a shorter run gives the first samples of a longer one.
    """
    check_forecast(state, horizon, samples, budget_seconds)
    known = card_counter_state(state)
    blob = pickle.dumps(known)
    settings = {**default_settings(), **(known.get("settings") or {})}
    data = board_for(known, bool(settings["disputed_roads"]))
    locations = [loc for loc in data.names if loc in known["board"]]
    start_taint = {loc: known["board"][loc]["taint"] for loc in locations}
    start_count = {loc: sum(known["board"][loc]["minions"].values()) for loc in locations}
    generals = {
        g: dict(known["generals"][g])
        for g in data.general_names
        if g in (known.get("generals") or {}) and not known["generals"][g].get("defeated")
    }
    by_name = {name: loc for loc, name in data.names.items()}
    tallies = [_Tally() for _ in range(horizon)]
    started = clock()
    done = 0
    for index in range(samples):
        if clock() - started >= budget_seconds:
            break
        rng = random.Random(f"{seed}:{index}")
        sample: State = pickle.loads(blob)
        for deck in sample.get("decks", {}).values():
            rng.shuffle(deck["draw"])
        overrun: set[str] = set()
        for night in range(horizon):
            if not sample.get("outcome"):
                sample, spots = _resolve_night(sample, rng.getrandbits(64))
                overrun.update(by_name[name] for name in spots if name in by_name)
            _note(tallies[night], sample, data, overrun, start_taint, start_count, generals)
        done += 1
        if on_progress is not None and done % PROGRESS_EVERY == 0:
            on_progress(done, samples)
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


def _note(
    tally: _Tally,
    sample: State,
    data: BoardData,
    overrun: set[str],
    start_taint: dict[str, int],
    start_count: dict[str, int],
    generals: dict[str, dict[str, Any]],
) -> None:
    outcome = sample.get("outcome")
    if outcome and outcome.get("result") == "lost":
        tally.lost += 1
        tally.loss_by[loss_kind(outcome, sample, data)] += 1
    board = sample["board"]
    for loc, crystals in start_taint.items():
        if board[loc]["taint"] > crystals:
            tally.tainted[loc] = tally.tainted.get(loc, 0) + 1
        added = sum(board[loc]["minions"].values()) - start_count[loc]
        if added:
            tally.added[loc] = tally.added.get(loc, 0) + added
            tally.added_sq[loc] = tally.added_sq.get(loc, 0) + added * added
    for loc in overrun:
        tally.overrun[loc] = tally.overrun.get(loc, 0) + 1
    for general, before in generals.items():
        now = sample["generals"][general]
        if now.get("location") != before.get("location"):
            tally.advanced[general] = tally.advanced.get(general, 0) + 1
        if now.get("location") == data.city:
            tally.reached[general] = tally.reached.get(general, 0) + 1


def loss_kind(outcome: dict[str, Any], state: State, data: BoardData) -> str:
    """Which way the Realm fell (one of ``LOSS_KINDS``)."""
    rule = str(outcome.get("rule") or "")
    reason = f" {outcome.get('reason') or ''} "
    if rule == R_LOSS_GENERAL:
        return "general_in_city"
    if rule in (R_LOSS_CITY, R_CITY_FAQ, R_CITY) or "Monarch City" in rule:
        return "city_overrun" if "Fire" not in rule else "fire"
    if rule in (R_LOSS_CRYSTAL, R_LOSS_NO_CRYSTAL):
        return "taint_exhausted"
    if rule == R_LOSS_MINIONS:
        for names in (data.plural, data.singular):
            for colour in COLOURS:
                if f" {names[colour]} " in reason:
                    return f"minions_{colour}"
        return "other"
    if rule == R_ALL_FIRES or "Fire" in rule:
        return "fire"
    return "other"


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
        "locations": {
            loc: {
                "name": data.names[loc],
                "taint": wilson(tally.tainted.get(loc, 0), n),
                "overrun": wilson(tally.overrun.get(loc, 0), n),
                "minions_added": _mean(tally.added.get(loc, 0), tally.added_sq.get(loc, 0), n),
            }
            for loc in locations
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
