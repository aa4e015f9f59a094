"""A threat forecast through a real Celery worker consuming from Redis: queued by the request,
then running with its progress, then done with the samples its time budget allowed."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import OperationalError

from deck_tracker.models import Forecast
from dotr_companion.celery import app as celery_app
from tests.conftest import create_table

REDIS_URL = os.environ.get("REDIS_URL", "")
QUEUE = f"test-forecast-{uuid.uuid4().hex[:8]}"

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
    from celery.contrib.testing.worker import start_worker

    with start_worker(
        celery_app, pool="solo", perform_ping_check=False, queues=[QUEUE], loglevel="WARNING"
    ):
        yield


@pytest.fixture
def on_redis() -> Iterator[None]:
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


def wait_for(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found = check()
            if found:
                return found
        except OperationalError:  # SQLite: the worker thread holds the table; read again
            pass
        time.sleep(0.05)
    raise AssertionError("the worker did not do it in time")


def test_a_real_worker_computes_the_forecast_with_progress(on_redis: None) -> None:
    table = create_table({"host": {"name": "Ada", "hero": "Wizard"}})
    asked = table.host.post(
        table.url("forecasts/"),
        {"nights": 3, "samples": 100_000, "budget_seconds": 2},
        format="json",
    )
    assert asked.status_code == 202, asked.content
    body = asked.json()
    # Queued on Redis: nothing ran in this process.
    assert body["status"] == "queued" and body["result"] is None
    url = table.url(f"forecasts/{body['id']}/")
    with real_worker():
        running = wait_for(
            lambda: (
                (read := table.host.get(url).json())["status"] == "running"
                and read["progress"]["samples"] > 0
                and read
            )
        )
        assert 0 < running["progress"]["samples"] < 100_000
        done = wait_for(lambda: (read := table.host.get(url).json())["status"] == "done" and read)
    result = done["result"]
    # The 2 s budget stopped it; it says how far it got.
    assert result["complete"] is False
    assert 0 < result["samples"] < 100_000
    assert done["progress"] == {"samples": result["samples"], "target": 100_000}
    assert Forecast.objects.get(pk=body["id"]).position is None
