"""How fast the engine resolves the enemy's turn: Darkness Spreads cards per second, one core.

Runs many nights from fresh setups (a new seed each game) and prints figures; overrun cascades,
taint and General moves are part of every resolved card. The figures:

* ``engine``: the rules alone, the ``night`` command run through the command dispatcher on a
  live state (what the Django service does inside its transaction, without the database);
* ``long game``: the same, the first half of each game's nights, late in a long game: its undo
  history first filled with 240 commands (shuffles of the Quest deck, not timed), so that each
  night writes to a long history and some trim it at 250 entries;
* ``simulation``: the same games through ``run_night`` (the same rules without the event log,
  the undo history and the table's texts: what a forecast samples; target 100,000 cards/s),
  the clock read once around all the nights, the setups and seeded random sources made before
  it starts; beside it, for one release, the figure as taken before (the clock read around each
  night);
* ``nights``: 10,000 nights of one Late War board through ``run_night``, each from the same
  position with its Darkness Spreads draw pile shuffled, the shuffles and the nights drawing
  on one seeded stream (the engine alone, without the forecast's own work): the shuffled
  positions are made before the clock starts; beside it, for one release, the figure with the
  benchmark's shuffle inside the clock, as taken before (the same nights and cards);
* ``forecast``: the threat forecast itself (``engine.forecast``) of that board, 10,000 samples
  of one night: every draw pile shuffled per sample, the night, the figures noted; target: the
  10,000 nights in at most 2 s;
* ``game log``: the ``night`` command through ``GameLog.execute``, which also copies every event
  as the database would store it (JSON round trip).

The process pins itself to one CPU (``os.sched_setaffinity``, where the system has it) and says
so. Times are CPU time of this process (``time.process_time``), so other work on the machine
does not inflate them much; each figure is the best of ``--repeat`` runs (default 3), since a
busy machine only ever slows a run down. A game stops at its loss; the War Status is raised
along the way (Early, Mid, Mid, Late) so that nights of 2 and 3 cards are measured too.

    .venv/bin/python scripts/bench_engine.py [--games N] [--nights N] [--repeat N]
        [--profile [engine|forecast]]
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import os
import pstats
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deck_tracker.engine import forecast
from deck_tracker.engine.commands import run
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.game import GameLog, start_game
from deck_tracker.engine.rng import rng_for
from deck_tracker.engine.rules.dotr.base.board import Tally
from deck_tracker.engine.simulate import run_night

SETUP: dict[str, Any] = {"host": {"name": "Bench", "hero": "wizard"}}
DS = "darkness_spreads"
SHUFFLE = {"deck": "quest"}
# The undo history of a long game: UNDO_DEPTH + UNDO_TRIM (250) entries at most, kept per game.
LONG_GAME_HISTORY = 240
FORECAST_SAMPLES = 10_000


def _war_level(night: int) -> int:
    return min(3, night // 6)


OVERRUNS = [0]


def bench_engine(
    games: int, nights: int, profiler: cProfile.Profile | None = None, *, history: int = 0
) -> tuple[int, int, float]:
    """(cards, nights, seconds) through the dispatcher on a live state (``profiler``: enabled
    around each command only, not the setups). ``history``: each game's undo history first
    filled with that many commands (shuffles of a deck, not timed), as late in a long game."""
    cards = played = 0
    elapsed = 0.0
    for game in range(games):
        state, _ = start_game(SETUP, seed=f"bench-{game}")
        seq = 100
        for _ in range(history):
            seq += 1
            run(state, Context(state, rng=rng_for("bench", seq), actor="1"), "shuffle", SHUFFLE)
        for night in range(nights):
            if state.get("outcome"):
                break
            state["war_level"] = _war_level(night)
            seq += 1
            rng = rng_for("bench", seq)  # seeding (a SHA-512 of the seed) is not the engine's
            start = time.process_time()
            if profiler is not None:
                profiler.enable()
            ctx = Context(state, rng=rng, actor="1")
            outcome = run(state, ctx, "night", {"skip_evening": True})
            if profiler is not None:
                profiler.disable()
            elapsed += time.process_time() - start
            resolved = [e for e in outcome.events if e.type == "darkness_spreads_card"]
            cards += len(resolved)
            OVERRUNS[0] += sum(e.data["overruns"] for e in resolved)
            played += 1
    return cards, played, elapsed


@contextlib.contextmanager
def _prepared_frozen() -> Iterator[None]:
    """The objects made before the clock (setups, random sources, positions: many thousands)
    left out of the garbage collector's passes while it runs (``gc.freeze``): the per-night
    timing never had so many alive at once; the collector still scans what the nights make."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def bench_simulation(games: int, nights: int) -> tuple[int, int, float]:
    """(cards, nights, seconds) of the same games through ``run_night``'s path, the clock read
    once around all of them: each game's fresh setup and its nights' seeded random sources are
    made before the clock starts, so the time is the nights' (and each night's new tally, and its
    war level set on the state the night before returned, as ``bench_engine`` does)."""
    prepared = [
        (
            start_game(SETUP, seed=f"bench-{game}")[0],
            [rng_for("bench", 101 + n) for n in range(nights)],
        )
        for game in range(games)
    ]
    cards = played = 0
    with _prepared_frozen():
        start = time.process_time()
        for state, rngs in prepared:
            for night, rng in enumerate(rngs):
                if state.get("outcome"):
                    break
                state["war_level"] = _war_level(night)  # each night's state is a new dict
                tally = Tally()
                state = run_night(state, rng, tally=tally)
                cards += tally.cards
                played += 1
        return cards, played, time.process_time() - start


def bench_simulation_clock_per_night(games: int, nights: int) -> tuple[int, int, float]:
    """:func:`bench_simulation` as earlier figures were taken: the clock read before and after
    each night, the seeded random source made between nights (kept for one release, so that
    those figures stay comparable)."""
    cards = played = 0
    elapsed = 0.0
    for game in range(games):
        state, _ = start_game(SETUP, seed=f"bench-{game}")
        seq = 100
        for night in range(nights):
            if state.get("outcome"):
                break
            state = {**state, "war_level": _war_level(night)}
            seq += 1
            tally, rng = Tally(), rng_for("bench", seq)
            start = time.process_time()
            state = run_night(state, rng, tally=tally)
            elapsed += time.process_time() - start
            cards += tally.cards
            played += 1
    return cards, played, elapsed


def late_war_board() -> State:
    """A board six Mid War nights into a game (the first seed that survives them), now Late War."""
    for attempt in range(100):
        log = GameLog.start(SETUP, seed=f"late-war-{attempt}")
        for _ in range(6):
            log.state["war_level"] = 2
            log.execute("night", {"skip_evening": True})
            if log.state.get("outcome"):
                break
        else:
            return {**log.state, "war_level": 3}
    raise RuntimeError("no seed survives six Mid War nights")


def _shuffled_nights(board: State, samples: int) -> list[tuple[State, random.Random]]:
    """The ``samples`` positions of :func:`bench_forecast_with_shuffle`, each with its draw pile
    shuffled and the random source as its night finds it: the same shuffles and the same nights
    on one seeded stream, made before the clock starts (each night is run here once, untimed, to
    bring the stream to the next shuffle)."""
    deck = board["decks"][DS]
    rng = random.Random("forecast")
    nights: list[tuple[State, random.Random]] = []
    for _ in range(samples):
        draw = list(deck["draw"])
        rng.shuffle(draw)
        position = {**board, "decks": {**board["decks"], DS: {**deck, "draw": draw}}}
        night_rng = random.Random(0)
        night_rng.setstate(rng.getstate())
        nights.append((position, night_rng))
        run_night(position, rng, tally=Tally())
    return nights


def bench_forecast(board: State, samples: int) -> tuple[int, float]:
    """(cards, seconds) of ``samples`` nights from ``board``, its draw pile shuffled each time:
    the nights alone, their positions and random sources prepared before the clock starts."""
    nights = _shuffled_nights(board, samples)
    cards = 0
    with _prepared_frozen():
        start = time.process_time()
        for position, rng in nights:
            tally = Tally()
            run_night(position, rng, tally=tally)
            cards += tally.cards
        return cards, time.process_time() - start


def bench_forecast_with_shuffle(board: State, samples: int) -> tuple[int, float]:
    """:func:`bench_forecast` as earlier figures were taken, each draw pile shuffled inside the
    clock (kept for one release, so that those figures stay comparable)."""
    deck = board["decks"][DS]
    cards = 0
    rng = random.Random("forecast")  # one seeded stream: the forecast is reproducible
    start = time.process_time()
    for _ in range(samples):
        draw = list(deck["draw"])
        rng.shuffle(draw)
        position = {**board, "decks": {**board["decks"], DS: {**deck, "draw": draw}}}
        tally = Tally()
        run_night(position, rng, tally=tally)
        cards += tally.cards
    return cards, time.process_time() - start


def bench_threat_forecast(board: State, samples: int) -> tuple[int, float]:
    """(samples, seconds) of the forecast of ``board``, ``samples`` one-night samples."""
    start = time.process_time()
    result = forecast(
        board, seed="bench", horizon=1, samples=samples, budget_seconds=60, clock=time.process_time
    )
    return result.samples, time.process_time() - start


def _best(runs: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    return min(runs, key=lambda run: run[-1])


def bench_gamelog(games: int, nights: int) -> tuple[int, int, float]:
    cards = played = 0
    elapsed = 0.0
    for game in range(games):
        log = GameLog.start(SETUP, seed=f"bench-log-{game}")
        for night in range(nights):
            if log.state.get("outcome"):
                break
            log.state["war_level"] = _war_level(night)
            start = time.process_time()
            outcome = log.execute("night", {"skip_evening": True})
            elapsed += time.process_time() - start
            cards += sum(1 for e in outcome.events if e.type == "darkness_spreads_card")
            played += 1
    return cards, played, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds (CI)")
    parser.add_argument(
        "--profile",
        nargs="?",
        const="engine",
        choices=("engine", "forecast"),
        help="print where the time goes (cProfile) in the engine bench or in the forecast",
    )
    options = parser.parse_args()
    if options.quick:
        options.games, options.nights, options.repeat = 6, 8, 1
    forecast_samples = 200 if options.quick else FORECAST_SAMPLES

    if options.profile:
        # The process's CPU time as the profiler's clock: other work on a shared machine does not
        # land on whatever function was running.
        board = late_war_board() if options.profile == "forecast" else {}
        profiler = cProfile.Profile(time.process_time)
        if options.profile == "forecast":
            profiler.enable()
            bench_threat_forecast(board, forecast_samples // 4)
            profiler.disable()
        else:
            bench_engine(options.games, options.nights, profiler)  # the commands only
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(25)
        stats.sort_stats("tottime").print_stats(10)
        return

    cpu = _pin_to_one_cpu()
    print(f"one core: {cpu}; best of {options.repeat} runs, CPU time of this process")
    setup_start = time.process_time()
    for game in range(50):
        start_game(SETUP, seed=f"setup-{game}")
    setup_rate = 50 / (time.process_time() - setup_start)

    repeat = range(options.repeat)
    cards, nights, seconds = _best([bench_engine(options.games, options.nights) for _ in repeat])
    print(
        f"engine:     {cards} cards in {nights} nights over {options.games} games, "
        f"{seconds:.2f} s -> {cards / seconds:,.0f} cards/s ({nights / seconds:,.0f} nights/s)"
    )
    print(f"            {OVERRUNS[0] // options.repeat} overruns resolved within those cards")
    cards, nights, seconds = _best(
        [
            bench_engine(options.games, options.nights // 2, history=LONG_GAME_HISTORY)
            for _ in repeat
        ]
    )
    print(
        f"long game:  the same, late in a long game (an undo history of {LONG_GAME_HISTORY} "
        f"commands first, through the trim at 250), {cards} cards in {nights} nights, "
        f"{seconds:.2f} s -> {cards / seconds:,.0f} cards/s"
    )
    cards, nights, seconds = _best(
        [bench_simulation(options.games, options.nights) for _ in repeat]
    )
    old_cards, old_nights, old_seconds = _best(
        [bench_simulation_clock_per_night(options.games, options.nights) for _ in repeat]
    )
    if (old_cards, old_nights) != (cards, nights):
        raise RuntimeError(f"not the same nights: {old_cards} cards, {old_nights} nights")
    print(
        f"simulation: the same games through run_night ({cards} cards in {nights} nights), "
        f"{seconds:.2f} s -> {cards / seconds:,.0f} cards/s ({nights / seconds:,.0f} nights/s; "
        "target: 100,000 cards/s)"
    )
    print(f"            with a clock read per night: {old_cards / old_seconds:,.0f} cards/s")
    board = late_war_board()
    cards, seconds = _best([bench_forecast(board, forecast_samples) for _ in repeat])
    old_cards, old_seconds = _best(
        [bench_forecast_with_shuffle(board, forecast_samples) for _ in repeat]
    )
    if old_cards != cards:
        raise RuntimeError(f"not the same nights: {old_cards} cards with the shuffle")
    print(
        f"nights:     {forecast_samples:,} Late War nights through run_night ({cards} cards) in "
        f"{seconds:.2f} s -> {forecast_samples / seconds:,.0f} nights/s, "
        f"{cards / seconds:,.0f} cards/s"
    )
    print(f"            with the benchmark's shuffle: {old_cards / old_seconds:,.0f} cards/s")
    samples, seconds = _best([bench_threat_forecast(board, forecast_samples) for _ in repeat])
    print(
        f"forecast:   {samples:,} one-night samples of that board in {seconds:.2f} s -> "
        f"{samples / seconds:,.0f} samples/s (target: 10,000 nights in 2 s)"
    )
    cards, nights, seconds = _best(
        [bench_gamelog(max(1, options.games // 3), options.nights) for _ in repeat]
    )
    print(
        f"game log:   {cards} cards in {nights} nights, {seconds:.2f} s -> "
        f"{cards / seconds:,.0f} cards/s (with JSON copies of every event)"
    )
    print(f"setup:      {setup_rate:,.0f} fresh setups/s")


def _pin_to_one_cpu() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (this system cannot pin a process)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


if __name__ == "__main__":
    main()
