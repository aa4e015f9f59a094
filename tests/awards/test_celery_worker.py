"""The award task through a real Celery worker consuming from Redis.

The game ends through the API; the command's commit enqueues the task on Redis; a worker
started in this process (``celery.contrib.testing``: a real consumer, on its own queue so that
no other worker on the same Redis takes the message) records the game and the statistics.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deck_tracker.awards.models import GameRecord, PlayerStats
from deck_tracker.awards.tasks import game_result_recorded
from tests.celery_worker import NEEDS_REDIS, real_worker, tasks_on_redis, wait_for

from .conftest import Personas
from .test_history import won_with_ball

pytestmark = NEEDS_REDIS


@pytest.fixture
def on_redis() -> Iterator[None]:
    with tasks_on_redis():
        yield


def test_a_real_worker_records_the_finished_game(personas: Personas, on_redis: None) -> None:
    game = won_with_ball(personas)
    # The commands' commits enqueued the task on Redis; nothing ran in this process.
    assert not GameRecord.objects.exists()
    # The worker starts once the table is done writing (SQLite in memory locks whole tables).
    with real_worker():
        wait_for(
            lambda: (
                GameRecord.objects.filter(game_id=game["id"], rewards__card="duke").exists()
                and PlayerStats.objects.filter(player_id=personas.bea, wins=1).exists()
            )
        )
        # A redelivered message (the task run once more) changes nothing.
        result = game_result_recorded.delay(game["id"])
        assert result.get(timeout=20) == [personas.ada, personas.bea]
    assert GameRecord.objects.filter(game_id=game["id"]).count() == 1
    stats = PlayerStats.objects.get(player_id=personas.ada)
    assert (stats.games, stats.wins, stats.by_hero["wizard"]["fame"]) == (1, 1, 3)
