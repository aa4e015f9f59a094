"""A real Celery worker for the tests that need one: it consumes from Redis, in a thread of the
test process (``celery.contrib.testing``), on a queue of this test run's own, so that no other
worker on the same Redis takes the message."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.conf import settings
from django.db import OperationalError

from dotr_companion.celery import app as celery_app

# This worker's Redis database when the suite runs in parallel (settings.py).
REDIS_URL = settings.REDIS_URL
QUEUE = f"test-worker-{uuid.uuid4().hex[:8]}"

# The marks of a module whose tests run a real worker.
NEEDS_REDIS = [
    pytest.mark.redis,
    pytest.mark.skipif(
        not REDIS_URL,
        reason="needs Redis for a real Celery worker: set REDIS_URL=redis://127.0.0.1:6379/0",
    ),
    pytest.mark.django_db(transaction=True),
]


@contextmanager
def real_worker() -> Iterator[None]:
    """A worker consuming this run's queue while the block runs."""
    from celery.contrib.testing.worker import start_worker

    with start_worker(
        celery_app, pool="solo", perform_ping_check=False, queues=[QUEUE], loglevel="WARNING"
    ):
        yield


@contextmanager
def tasks_on_redis() -> Iterator[None]:
    """Tasks go to Redis (not run in-process) on this run's queue."""
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
    """What ``check`` gives once it is truthy; fails after ``timeout`` seconds."""
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
