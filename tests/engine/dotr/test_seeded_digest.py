"""Long seeded runs pinned by a digest: the same seed gives the same events and the same state.

Each game below (the base game, each expansion, all of them together, a scenario) plays many
nights through the command path, the War Status raised along the way. The digest covers every
stored event (type, texts, data, steps, changes) and the final state, so any change in what the
rules do, draw, or tell the table changes it. The expected values were taken before the night's
hot path was optimised, and taken again when rules changed on purpose (the guarded turn: each
night here says the table skips the evening draw; a dragon General's Darkness Spreads cards one
for one; the 4th All is Quiet card; player words in the texts; the 12 new Quests and the setting
of unknown Companion costs; a Global Effect nobody entered read at the table when drawn, answered
here with a made-up face; the setting of a dragon's Hero Cards kept with every game's
settings; the Treasure Room deck held by the app, its unread cards read when drawn; a seat's
hero given by its id, "wizard", named as printed, "Ada (Wizard)"); an
intended change of a rule must update them, with the reason in the commit.
Message ids are left out: a text turned into a message must read, in English, exactly as before.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from deck_tracker.engine import i18n
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


MESSAGE_KEYS = ("msg", "rule_msg", "summary_msg")
OUTCOME_MESSAGES = ("reason_msg", "rule_msg")


def english(record: dict[str, Any]) -> dict[str, Any]:
    """A record as English text only: the digest pins what the table reads, not message ids.

    Turning a text into a message (engine/i18n.py) must leave its English rendering as it was.
    """
    record = {k: v for k, v in record.items() if k not in MESSAGE_KEYS}
    record["steps"] = [
        {k: v for k, v in step.items() if k not in MESSAGE_KEYS} for step in record["steps"]
    ]
    return record


def read_aloud(value: Any) -> Any:
    """Every message and name a record or the state keeps (a prompt's words are stored as
    message ids), read in English: the digest pins the words, not how they are stored."""
    if isinstance(value, dict):
        if i18n.is_message(value) or value.get("$") in ("name", "count", "list"):
            return i18n.render_value(value, "en")
        # A game's outcome keeps its words in English beside their messages: the words count.
        kept = OUTCOME_MESSAGES if "result" in value and "reason" in value else ()
        return {k: read_aloud(v) for k, v in value.items() if k not in kept}
    if isinstance(value, list):
        return [read_aloud(v) for v in value]
    return value


def digest(game: GameLog) -> str:
    records = [read_aloud(english(event.as_record())) for event in game.events]
    text = json.dumps({"events": records, "state": read_aloud(game.state)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


EXPECTED: dict[str, str] = {
    "all_expansions": "a4274d3c4e5add43a2570fa1c4cf3a2aa18259a504f0fa747d5a271c6b8f07a9",
    "base": "393596b7d46a4ce6136db79bf2cb003b0d0f1b377fcfad5411cb98538236f320",
    "companions_catacombs": "cec356f7ebcc9ca0ad5a72165db751b0f15b2ef5238ce87cedf2694b070c80d4",
    "dragon": "a4a1b9eb2b8291d1dddbd165d0862dbe546b7bc87ec9d80468312d673320d30d",
    "heros_calling": "5786f591caa084063e35fe1a6855214824e84b82374e12700de0d3852fc59c34",
    "the_burning_land": "5e58f8027305742634bb3e860fc922fc745cb672649d79071ce67872792f9467",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_long_seeded_run_gives_the_pinned_events_and_state(name: str) -> None:
    digests = [digest(play(SETUPS[name], f"digest-{name}-{n}", 40)) for n in range(4)]
    combined = hashlib.sha256("".join(digests).encode()).hexdigest()
    assert combined == EXPECTED[name]
