"""Fairness between tables on a real queue: one table's many asks hold one place in it, so
another table's forecast waits behind one forecast at most, never behind all of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deck_tracker.models import Forecast
from tests.api.test_forecast_limits import DOTR, ask
from tests.celery_worker import NEEDS_REDIS, real_worker, tasks_on_redis, wait_for
from tests.conftest import create_table

pytestmark = NEEDS_REDIS


@pytest.fixture
def on_redis() -> Iterator[None]:
    with tasks_on_redis():
        yield


def test_one_tables_many_asks_put_one_forecast_ahead_of_another_tables(on_redis: None) -> None:
    busy, other = create_table(DOTR), create_table(DOTR)
    for n in range(10):
        seat = busy.player if n % 2 else busy.host
        assert ask(busy, seat, samples=90_000 + n, budget_seconds=1).status_code in (200, 202)
    # Ten asks of one table queue one forecast: the other table's waits behind that one only.
    assert Forecast.objects.filter(game_id=busy.game_id).count() == 1
    waiting = ask(other, samples=50, budget_seconds=1).json()
    with real_worker():
        done = wait_for(
            lambda: (
                (read := other.host.get(other.url(f"forecasts/{waiting['id']}/")).json())["status"]
                == "done"
                and read
            )
        )
    assert done["result"]["samples"] > 0
