"""Play a few games through the API on the configured database and leave them there.

For CI: ``manage.py verify_games`` then replays them (and every game earlier runs left) against
their snapshots. Generic games draw, discard, shuffle, undo and redo at random; a Defenders of
the Realm game plays nights and turns, wounds and heals, undoes and redoes. Prints what it played.
Usage: ``python scripts/play_games.py [games]`` (default 6).
"""

from __future__ import annotations

import logging
import os
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

CARDS = [f"c{n:02d}" for n in range(1, 31)]


def seated(setup: dict[str, Any]) -> tuple[APIClient, str]:
    created = APIClient().post("/api/v1/games/", setup, format="json")
    assert created.status_code == 201, created.content
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created.json()['token']}")
    return client, f"/api/v1/games/{created.json()['id']}/"


def act(client: APIClient, url: str, action: str, args: dict[str, Any]) -> int:
    version = client.get(url).json()["version"]
    body = {"type": action, "args": args, "expected_version": version}
    return int(client.post(url + "actions/", body, format="json").status_code)


def play_generic(rng: random.Random) -> int:
    client, url = seated({"system": "generic", "decks": {"test": {"cards": CARDS}}})
    accepted = 0
    for _ in range(30):
        hand = client.get(url).json()["state"]["hands"].get("1", [])
        action, args = rng.choice(
            [
                ("draw", {"deck": "test", "count": rng.randint(1, 3)}),
                ("draw", {"deck": "test", "to": "table"}),
                ("discard", {"deck": "test", "cards": hand[:1]}),
                ("shuffle", {"deck": "test"}),
                ("undo", {}),
                ("redo", {}),
                ("end_game", {"result": "abandoned", "reason": "a test"}),
            ]
        )
        accepted += act(client, url, action, args) == 200
    return accepted


def play_dotr(rng: random.Random) -> int:
    client, url = seated({})
    accepted = 0
    for _ in range(25):
        action = rng.choice(
            ["night", "night", "end_turn", "wound_hero", "heal_hero", "undo", "redo"]
        )
        accepted += act(client, url, action, {}) == 200
    return accepted


def main() -> None:
    logging.disable(logging.WARNING)  # the refused actions are part of the play
    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
        name: None for name in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    }
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    rng = random.Random(games)
    for number in range(games):
        accepted = play_dotr(rng) if number % 3 == 2 else play_generic(rng)
        print(f"game {number + 1}: {accepted} accepted actions")


if __name__ == "__main__":
    main()
