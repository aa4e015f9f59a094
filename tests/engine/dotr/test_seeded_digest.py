"""Long seeded runs pinned by a digest: the same seed gives the same events and the same state.

Each game below (the base game, each expansion, all of them together, a scenario) plays many
nights through the command path, the War Status raised along the way. The digest covers every
stored event (type, texts, data, steps, changes) and the final state, so any change in what the
rules do, draw, or tell the table changes it. The expected values were taken before the night's
hot path was optimised, and taken again when rules changed on purpose (the guarded turn: each
night here says the table skips the evening draw; a dragon General's Darkness Spreads cards one
for one; the 4th All is Quiet card; player words in the texts; a Global Effect nobody
entered read at the table when drawn, answered here with a made-up face; the setting of a
dragon's Hero Cards kept with every game's settings); an intended change of a rule must update
them, with the reason in the commit.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog
from tests.helpers import ENTERED, a_face

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
            while game.state.get("reading"):  # a card the app does not know: read it
                game.execute("read_card", {"face": a_face(game.state["reading"][0])})
        except EngineError:
            break
    return game


def digest(game: GameLog) -> str:
    records = [event.as_record() for event in game.events]
    text = json.dumps({"events": records, "state": game.state}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


EXPECTED: dict[str, str] = {
    "all_expansions": "cb13d5883eb5f2ec24d60f3180a18c53a9ea32c153db67e44e60ea87d249ffc1",
    "base": "0c2f9615775c3e44a6f7d62d7ea8502c13f4222e4c60313fd845b3dce2168378",
    "companions_catacombs": "44d69720f70c3f53110534b7d82c39e09b48782b6f7ecd78baaf69822f812fc9",
    "dragon": "b7473cff020b193720d7f8bc6b5c7b1567a9d129a846fdf749fadd9979bc1cb0",
    "heros_calling": "783e6f0887287496aff0a3b40bad7ca71d9a38cb0dc4131c39bb349545676804",
    "the_burning_land": "08d593bc7f065a713d8d65c74d2a3ad226feb6e69c1c0114b7b397b21e0970c1",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_long_seeded_run_gives_the_pinned_events_and_state(name: str) -> None:
    digests = [digest(play(SETUPS[name], f"digest-{name}-{n}", 40)) for n in range(4)]
    combined = hashlib.sha256("".join(digests).encode()).hexdigest()
    assert combined == EXPECTED[name]
