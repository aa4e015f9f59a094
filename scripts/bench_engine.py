"""How fast the engine resolves the enemy's turn: Darkness Spreads cards per second, one core.

Runs many nights from fresh setups (a new seed each game) and prints figures; overrun cascades,
taint and General moves are part of every resolved card. Two figures are printed:

* ``engine``: the rules alone, the ``night`` command run through the command dispatcher on a
  live state (what the Django service does inside its transaction, without the database);
* ``game log``: the same through ``GameLog.execute``, which also copies every event as the
  database would store it (JSON round trip).

Times are CPU time of this process (``time.process_time``), so other work on the machine does
not inflate them. A game stops at its loss; the War Status is raised along the way (Early, Mid,
Mid, Late) so that
nights of 2 and 3 cards are measured too.

    .venv/bin/python scripts/bench_engine.py [--games N] [--nights N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deck_tracker.engine import Context, GameLog, rng_for, run, start_game

SETUP: dict[str, Any] = {"host": {"name": "Bench", "hero": "wizard"}}


def _war_level(night: int) -> int:
    return min(3, night // 6)


OVERRUNS = [0]


def bench_engine(games: int, nights: int) -> tuple[int, int, float]:
    """(cards, nights, seconds) through the dispatcher on a live state."""
    cards = played = 0
    elapsed = 0.0
    for game in range(games):
        state, _ = start_game(SETUP, seed=f"bench-{game}")
        seq = 100
        for night in range(nights):
            if state.get("outcome"):
                break
            state["war_level"] = _war_level(night)
            seq += 1
            ctx = Context(state, rng=rng_for("bench", seq), actor="1")
            start = time.process_time()
            outcome = run(state, ctx, "night", {})
            elapsed += time.process_time() - start
            resolved = [e for e in outcome.events if e.type == "darkness_spreads_card"]
            cards += len(resolved)
            OVERRUNS[0] += sum(e.data["overruns"] for e in resolved)
            played += 1
    return cards, played, elapsed


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
            outcome = log.execute("night", {})
            elapsed += time.process_time() - start
            cards += sum(1 for e in outcome.events if e.type == "darkness_spreads_card")
            played += 1
    return cards, played, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args()

    if options.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        bench_engine(options.games, options.nights)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return

    setup_start = time.process_time()
    for game in range(50):
        start_game(SETUP, seed=f"setup-{game}")
    setup_rate = 50 / (time.process_time() - setup_start)

    cards, nights, seconds = bench_engine(options.games, options.nights)
    print(
        f"engine:   {cards} cards in {nights} nights over {options.games} games, "
        f"{seconds:.2f} s -> {cards / seconds:,.0f} cards/s ({nights / seconds:,.0f} nights/s)"
    )
    print(f"          {OVERRUNS[0]} overruns resolved within those cards (target: 20,000 cards/s)")
    cards, nights, seconds = bench_gamelog(max(1, options.games // 3), options.nights)
    print(
        f"game log: {cards} cards in {nights} nights, {seconds:.2f} s -> "
        f"{cards / seconds:,.0f} cards/s (with JSON copies of every event)"
    )
    print(f"setup:    {setup_rate:,.0f} fresh setups/s")


if __name__ == "__main__":
    main()
