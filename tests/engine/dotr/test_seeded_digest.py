"""Long seeded runs pinned by a digest: the same seed gives the same events and the same state.

Each game below (the base game, each expansion, all of them together, a scenario) plays many
nights through the command path, the War Status raised along the way. The digest covers every
stored event (type, texts, data, steps, changes) and the final state, so any change in what the
rules do, draw, or tell the table changes it. The expected values were taken before the night's
hot path was optimised; an intended change of a rule must update them, with the reason in the
commit.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog
from tests.helpers import ENTERED

SETUPS: dict[str, dict[str, Any]] = {
    "base": {"host": {"name": "Ada", "hero": "wizard"}},
    "dragon": {
        "host": {"name": "Ada", "hero": "wizard"},
        "expansions": ["dragon"],
        "overlays": {"dotr-dragon": ENTERED},
    },
    "companions_catacombs": {
        "host": {"name": "Ada", "hero": "Dwarf"},
        "expansions": ["companions_catacombs"],
    },
    "heros_calling": {"host": {"name": "Ada", "hero": "Aria"}, "expansions": ["heros_calling"]},
    "all_expansions": {
        "host": {"name": "Ada", "hero": "wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        "overlays": {"dotr-dragon": ENTERED},
    },
    "the_burning_land": {
        "host": {"name": "Ada", "hero": "Wizard"},
        "scenario": "the-burning-land",
        "overlays": {"dotr-dragon": ENTERED},
    },
}


def play(setup: dict[str, Any], seed: str, nights: int) -> GameLog:
    """Nights until the game ends or a choice is pending (War Status raised every 5 nights)."""
    game = GameLog.start(setup, seed=seed)
    for night in range(nights):
        if game.state.get("outcome") or game.state.get("pending"):
            break
        game.state["war_level"] = min(3, night // 5)
        try:
            game.execute("night", {})
        except EngineError:
            break
    return game


def digest(game: GameLog) -> str:
    records = [event.as_record() for event in game.events]
    text = json.dumps({"events": records, "state": game.state}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


EXPECTED: dict[str, str] = {
    "all_expansions": "bd6854b1254e2c44c3a87dfbd46dc724a5a5b4b1e5e025dd5cf5d273f9283576",
    "base": "13c2a1e712e0ccd2272e13c0c6b59f2b6877293bd50fcd67962b14125721ae94",
    "companions_catacombs": "af41e8c33500df1cbcb67a6f81b26e3ca5bb3eac7800d56a764f3620bb68520b",
    "dragon": "7b39c2200e00094310f05bd1396a0558abce7063bd6869efdb5caecad2d97dd6",
    "heros_calling": "bd17df1129dc3b2ba708b0b6f34b22384b0dfde07ce536229c0678d51ce0e19e",
    "the_burning_land": "3101d3a580b21c7bf6078b57df995945fe7db2423b3e7c6bd7c0c06916a18f23",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_long_seeded_run_gives_the_pinned_events_and_state(name: str) -> None:
    digests = [digest(play(SETUPS[name], f"digest-{name}-{n}", 40)) for n in range(4)]
    combined = hashlib.sha256("".join(digests).encode()).hexdigest()
    assert combined == EXPECTED[name]
