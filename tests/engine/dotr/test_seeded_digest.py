"""Long seeded runs pinned by a digest: the same seed gives the same events and the same state.

Each game below (the base game, each expansion, all of them together, a scenario) plays many
nights through the command path, the War Status raised along the way. The digest covers every
stored event (type, texts, data, steps, changes) and the final state, so any change in what the
rules do, draw, or tell the table changes it. The expected values were taken before the night's
hot path was optimised, and taken again when rules changed on purpose (the guarded turn: each
night here says the table skips the evening draw; a dragon General's Darkness Spreads cards one
for one; the 4th All is Quiet card; player words in the texts; a Global Effect nobody
entered read at the table when drawn, answered here with a made-up face); an intended change of
a rule must update them, with the reason in the commit.
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
    "all_expansions": "434985b914696a4cb1be35bc48f887eda27a5ed9acf0104b66be317eacdb4bbc",
    "base": "4915b0e461fd732f20259149f244d3a511588e78af5aade12ee36744f7732a90",
    "companions_catacombs": "6f77e57c55def4c34c7664e0080fe98c8acf47aa71b1d0c523466e3b2e1dd70e",
    "dragon": "e499885d164c9fb59f8f06209ef3da6c04e7b0d6b6773db3274c02faf6f06278",
    "heros_calling": "d8bc7299e2baf0028227cf3339a24345faee9ef7f68a76e3f4e030e5ca6b17d1",
    "the_burning_land": "c22ab8324e23d6fccb134578ef9624ca1c983f77f92bb6c166a5cf2f54270434",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_long_seeded_run_gives_the_pinned_events_and_state(name: str) -> None:
    digests = [digest(play(SETUPS[name], f"digest-{name}-{n}", 40)) for n in range(4)]
    combined = hashlib.sha256("".join(digests).encode()).hexdigest()
    assert combined == EXPECTED[name]
