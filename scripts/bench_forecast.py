"""How fast the threat forecast samples: futures (of 1 to 3 nights) per second, one core.

A Late War board (a real setup, then the War Status raised to Late) is forecast with a large
sample target and a fixed time budget; the figures are the samples reached, samples per second
and the Darkness Spreads cards resolved per second along the way. CPU time of this process
(``time.process_time``) is the forecast's clock, so other work on the machine does not count.

    .venv/bin/python scripts/bench_forecast.py [--seconds S] [--nights N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deck_tracker.engine import forecast
from deck_tracker.engine.game import GameLog

CARDS_PER_NIGHT = {"early": 1, "mid": 2, "late": 3}


def late_war_board() -> dict:
    log = GameLog.start({"host": {"name": "Bench", "hero": "wizard"}}, seed="bench-forecast")
    log.state["war_level"] = 3
    log.state["war_status"] = "late"
    return log.state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--nights", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds (CI)")
    options = parser.parse_args()
    if options.quick:
        options.seconds = 0.5
    state = late_war_board()
    result = forecast(
        state,
        seed="bench",
        horizon=options.nights,
        samples=100_000,
        budget_seconds=options.seconds,
        clock=time.process_time,
    )
    per_second = result.samples / result.elapsed_seconds
    cards = per_second * options.nights * CARDS_PER_NIGHT["late"]
    print(f"forecast: Late War board, {options.nights} night(s) a sample")
    print(f"  samples reached   {result.samples:>10,} in {result.elapsed_seconds:.2f} s CPU")
    print(f"  samples/second    {per_second:>10,.0f}")
    print(f"  cards/second      {cards:>10,.0f}  (at most; a lost sample stops early)")
    print(f"  10,000 samples in {10_000 / per_second:>10.2f} s")


if __name__ == "__main__":
    main()
