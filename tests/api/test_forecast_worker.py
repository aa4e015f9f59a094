"""A threat forecast through a real Celery worker consuming from Redis: queued by the request,
then running with its progress, then done with the samples its time budget allowed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deck_tracker.models import Forecast
from tests.celery_worker import NEEDS_REDIS, real_worker, tasks_on_redis, wait_for
from tests.conftest import create_table

pytestmark = NEEDS_REDIS


@pytest.fixture
def on_redis() -> Iterator[None]:
    with tasks_on_redis():
        yield


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
