"""Server time of the hot paths, on the configured database (SQLite unless DATABASE_URL is set).

Prints the median time of one `draw` and of one state GET on a game with about 10 and about
1,000 events (reading the state must not grow with the log), the time to replay a
1,000-event log, the server time of a Late War night, and the CPU of an action with the
player's stream message (a `shuffle` with an Idempotency-Key, then `SeatStream.read`). Runs in
a throw-away test database.
Usage: `python scripts/bench_api.py [--quick]` (--quick: 3 samples, a log of about 60 events).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

SAMPLES = 40
LONG_LOG = 1000


def main() -> None:
    global SAMPLES, LONG_LOG
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="a few seconds, small sizes: that it runs (CI)"
    )
    if parser.parse_args().quick:
        SAMPLES, LONG_LOG = 3, 60
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"join": None, "create": None}
    try:
        run()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


# CPU seconds of this process per timed request (the server's work and the in-process test
# client's; the database server's own CPU is not in it): steady on a busy machine, where wall
# time is not.
CPU: list[float] = []


def timed(call) -> float:
    start, cpu = time.perf_counter(), time.process_time()
    response = call()
    elapsed = time.perf_counter() - start
    CPU.append(time.process_time() - cpu)
    assert response.status_code in (200, 201), response.content[:300]
    return elapsed


def cpu_median(count: int) -> float:
    """The median CPU time of the last ``count`` timed requests, in ms."""
    return statistics.median(CPU[-count:]) * 1000


def run() -> None:
    from deck_tracker.engine import Event, replay
    from deck_tracker.models import Game, GameEvent

    print(f"database: {connection.vendor}; samples per figure: {SAMPLES}")
    cards = [f"card-{n:04d}" for n in range(1200)]
    created = (
        APIClient()
        .post(
            "/api/v1/games/",
            {"system": "generic", "decks": {"big": {"cards": cards, "auto_reshuffle": False}}},
            format="json",
        )
        .json()
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created['token']}")
    url = f"/api/v1/games/{created['id']}/"
    version = created["version"]

    def draw():
        nonlocal version
        response = client.post(
            url + "actions/",
            {"type": "draw", "args": {"deck": "big", "to": "table"}, "expected_version": version},
            format="json",
        )
        version = response.json()["version"]
        return response

    def events() -> int:
        return Game.objects.get(pk=created["id"]).last_seq

    while events() < 10:
        draw()
    for label in ("~10 events", f"~{LONG_LOG:,} events"):
        if label != "~10 events":
            while events() < LONG_LOG - SAMPLES // 2:
                draw()
        at = events()
        draws = [timed(draw) for _ in range(SAMPLES)]
        draw_cpu = cpu_median(SAMPLES)
        gets = [timed(lambda: client.get(url)) for _ in range(SAMPLES)]
        print(
            f"{label:>14} (log at {at}): draw median {statistics.median(draws) * 1000:6.2f} ms "
            f"({draw_cpu:.2f} ms CPU), state GET median {statistics.median(gets) * 1000:6.2f} ms "
            f"({cpu_median(SAMPLES):.2f} ms CPU)"
        )

    late_war_night()
    action_with_stream()

    game = Game.objects.get(pk=created["id"])
    start = time.perf_counter()
    rows = list(
        GameEvent.objects.filter(game=game)
        .order_by("seq")
        .values_list("type", "changes")[:LONG_LOG]
    )
    loaded = time.perf_counter()
    state = replay(Event(type=kind, changes=changes) for kind, changes in rows)
    done = time.perf_counter()
    print(
        f"replay of {len(rows)} events: {(done - start) * 1000:.1f} ms "
        f"({(loaded - start) * 1000:.1f} ms reading, {(done - loaded) * 1000:.1f} ms folding)"
    )
    assert len(rows) < game.last_seq or state == game.state


def action_with_stream() -> None:
    """An action as a phone sends it (with an ``Idempotency-Key``) and the message the
    player's open stream then sends (``SeatStream.read``, in process: no ASGI server): the
    CPU of this process for the pair, the in-process part of "server CPU per action"."""
    from deck_tracker.games import selectors
    from deck_tracker.games.services import hash_token
    from deck_tracker.live.stream import SeatStream

    cards = [f"card-{n:02d}" for n in range(60)]
    created = (
        APIClient()
        .post(
            "/api/v1/games/",
            {"system": "generic", "decks": {"big": {"cards": cards}}},
            format="json",
        )
        .json()
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created['token']}")
    url = f"/api/v1/games/{created['id']}/actions/"
    seat = selectors.seat_for_token_hash(token_hash=hash_token(created["token"]))
    stream = SeatStream(game_id=created["id"], seat=seat, after=0)
    stream.read()
    version = created["version"]
    cpu: list[float] = []
    for n in range(SAMPLES * 3):
        start = time.process_time()
        response = client.post(
            url,
            {"type": "shuffle", "args": {"deck": "big"}, "expected_version": version},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"bench-{n}",
        )
        messages, allowed = stream.read()
        cpu.append(time.process_time() - start)
        assert response.status_code == 200 and allowed and messages, response.content[:300]
        version = response.json()["version"]
    print(
        f"shuffle with its Idempotency-Key + the player's stream message: median "
        f"{statistics.median(cpu) * 1000:.2f} ms CPU (best {min(cpu) * 1000:.2f} ms)"
    )


def late_war_night() -> None:
    """A base game with three Generals defeated (Late War: 3 cards a night)."""
    created = (
        APIClient()
        .post("/api/v1/games/", {"host": {"name": "Ada", "hero": "Paladin"}}, format="json")
        .json()
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created['token']}")
    url = f"/api/v1/games/{created['id']}/actions/"
    game_url = f"/api/v1/games/{created['id']}/"
    version = created["version"]

    def act(type_: str, args: dict) -> object:
        nonlocal version
        response = client.post(
            url, {"type": type_, "args": args, "expected_version": version}, format="json"
        )
        assert response.status_code == 200, response.content[:300]
        version = response.json()["version"]
        return response

    for general in ("gorgutt", "balazarg", "varkolak"):
        act("wound_general", {"general": general, "wounds": 6})
    nights: list[float] = []
    night_cpu: list[float] = []
    gets: list[float] = []
    cards = 0
    for _ in range(SAMPLES):
        start, cpu = time.perf_counter(), time.process_time()
        # The night alone: the evening's draw is a step of its own (turn.md).
        response = act("night", {"skip_evening": True})
        nights.append(time.perf_counter() - start)
        night_cpu.append(time.process_time() - cpu)
        cards += sum(e["type"] == "darkness_spreads_card" for e in response.json()["events"])
        # The same game's plain state read, in the same run (the night's yardstick).
        gets.append(timed(lambda: client.get(game_url)))
        act("undo", {})
    night, get = statistics.median(nights) * 1000, statistics.median(gets) * 1000
    night_cpu_ms, get_cpu_ms = statistics.median(night_cpu) * 1000, cpu_median(SAMPLES)
    print(
        f"Late War night ({cards / SAMPLES:.1f} cards each): median {night:.2f} ms server time "
        f"({night_cpu_ms:.2f} ms CPU); that game's state GET {get:.2f} ms ({get_cpu_ms:.2f} ms "
        f"CPU): night / GET {night / get:.1f}x ({night_cpu_ms / get_cpu_ms:.1f}x in CPU)"
    )


if __name__ == "__main__":
    main()
