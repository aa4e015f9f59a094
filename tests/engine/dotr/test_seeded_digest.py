"""Long seeded runs pinned by a digest: the same seed gives the same events and the same state.

Each game below (the base game, each expansion, all of them together, a scenario) plays many
nights through the command path, the War Status raised along the way. The digest covers every
stored event (type, texts, data, steps, changes) and the final state, so any change in what the
rules do, draw, or tell the table changes it. The expected values were taken before the night's
hot path was optimised, and taken again when rules changed on purpose (the guarded turn: each
night here says the table skips the evening draw; a dragon General's Darkness Spreads cards one
for one; the 4th All is Quiet card; player words in the texts; the 12 new Quests and the setting of
unknown Companion costs); an intended change of a rule
must update them, with the reason in the commit.
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
            game.execute("night", {"skip_evening": True})
        except EngineError:
            break
    return game


def digest(game: GameLog) -> str:
    records = [event.as_record() for event in game.events]
    text = json.dumps({"events": records, "state": game.state}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


EXPECTED: dict[str, str] = {
    "all_expansions": "6f0f3f54f5248e51d84016c0305fb7debc6f7e724bf1b27faf40a7a88b396ef2",
    "base": "8473506d3e6cec06e1ea2c0847a0eb631994401b65342ff3366def65d4e3562d",
    "companions_catacombs": "3effff65f541141c99bfe7d68e02c6fe5fb5f5a81ea27bec550ad42ad7f2426c",
    "dragon": "3ca59c613537d7a547f1f2f67f2cc19d1310f7d4c31b05e5a09b53005f684a08",
    "heros_calling": "af214dda17aad6b633700e66a655238e17d0daa8a86ca6a305b834aefbf8bd3e",
    "the_burning_land": "ff3a3a15c4b269bd8e26ec999dbfd1ad1ebc65ce2c40fefeb5ae0fe6458782c0",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_long_seeded_run_gives_the_pinned_events_and_state(name: str) -> None:
    digests = [digest(play(SETUPS[name], f"digest-{name}-{n}", 40)) for n in range(4)]
    combined = hashlib.sha256("".join(digests).encode()).hexdigest()
    assert combined == EXPECTED[name]
