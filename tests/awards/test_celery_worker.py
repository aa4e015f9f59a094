"""The award task through a real Celery worker consuming from Redis.

The game ends through the API; the command's commit enqueues the task on Redis; a worker
started in this process (``celery.contrib.testing``: a real consumer, on its own queue so that
no other worker on the same Redis takes the message) records the game and the statistics.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.db import OperationalError

from deck_tracker.awards.models import GameRecord, PlayerStats
from deck_tracker.awards.tasks import game_result_recorded
from dotr_companion.celery import app as celery_app

from .conftest import Personas
from .test_history import won_with_ball

REDIS_URL = os.environ.get("REDIS_URL", "")
QUEUE = f"test-awards-{uuid.uuid4().hex[:8]}"

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(
        not REDIS_URL,
        reason="needs Redis for a real Celery worker: set REDIS_URL=redis://127.0.0.1:6379/0",
    ),
    pytest.mark.django_db(transaction=True),
]


@contextmanager
def real_worker() -> Iterator[None]:
    """A worker consuming this test's queue, in a thread of this process."""
    from celery.contrib.testing.worker import start_worker

    with start_worker(
        celery_app, pool="solo", perform_ping_check=False, queues=[QUEUE], loglevel="WARNING"
    ):
        yield


@pytest.fixture
def on_redis() -> Iterator[None]:
    """Tasks go to Redis (not run in-process) on a queue of this test's own."""
    saved = {
        "task_always_eager": celery_app.conf.task_always_eager,
        "task_default_queue": celery_app.conf.task_default_queue,
        "broker_url": celery_app.conf.broker_url,
    }
    celery_app.conf.update(task_always_eager=False, task_default_queue=QUEUE, broker_url=REDIS_URL)
    try:
        yield
    finally:
        celery_app.conf.update(saved)


def wait_for(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OperationalError:  # SQLite: the worker thread holds the table; read again
            pass
        time.sleep(0.1)
    raise AssertionError("the worker did not do it in time")


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
