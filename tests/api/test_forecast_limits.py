"""What one seat can make the forecast workers do: one forecast in flight per game, a seat's
asks throttled, the time budget bounded, the seed the server's own; the task handed to the
queue only once its row is committed."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from deck_tracker.models import Forecast
from tests.conftest import Table, create_table

DOTR = {"host": {"name": "Ada", "hero": "Wizard"}}
QUICK = {"nights": 1, "samples": 40, "budget_seconds": 5}


@pytest.fixture
def dotr(transactional_db: None) -> Table:
    return create_table(DOTR)


def ask(table: Table, client: Any = None, **chosen: Any) -> Any:
    return (client or table.host).post(table.url("forecasts/"), {**QUICK, **chosen}, format="json")


def seat_rate() -> int:
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["forecast"]
    return int(rate.split("/")[0])


def test_a_seat_asking_too_often_is_throttled_and_the_next_seat_is_not(dotr: Table) -> None:
    answers = [ask(dotr, samples=40 + n).status_code for n in range(seat_rate())]
    assert all(status in (200, 202) for status in answers), answers
    refused = ask(dotr, samples=39)
    assert refused.status_code == 429, refused.content
    assert refused.json()["code"] == "throttled" and refused["Retry-After"]
    assert ask(dotr, dotr.player, samples=39).status_code in (200, 202)


def test_while_a_forecast_of_the_game_is_in_flight_asking_again_gives_that_one(
    dotr: Table,
) -> None:
    first = ask(dotr).json()
    # A worker busy with it (or the queue still holding it).
    Forecast.objects.filter(pk=first["id"]).update(status=Forecast.Status.RUNNING)
    again = ask(dotr, dotr.player, samples=80, nights=3)
    assert again.status_code == 200, again.content
    assert again.json()["id"] == first["id"]
    assert Forecast.objects.filter(game_id=dotr.game_id).count() == 1
    # Once it is done, the table may ask for another.
    Forecast.objects.filter(pk=first["id"]).update(status=Forecast.Status.DONE)
    assert ask(dotr, dotr.player, samples=80, nights=3).status_code == 202


def test_the_time_budget_is_bounded_by_the_server(dotr: Table) -> None:
    limit = settings.FORECAST_MAX_BUDGET_SECONDS
    refused = ask(dotr, budget_seconds=limit + 1)
    assert refused.status_code == 400
    assert "budget_seconds" in refused.json()["fields"]
    assert ask(dotr, budget_seconds=limit).status_code == 202
    assert Forecast.objects.filter(game_id=dotr.game_id).count() == 1


def test_the_server_chooses_the_seed_and_a_seat_may_only_replay_a_finished_one(
    dotr: Table,
) -> None:
    chosen = ask(dotr, seed="all-minions-on-orc-valley")
    assert chosen.status_code == 400, chosen.content
    assert "seed" in chosen.json()["fields"]
    assert not Forecast.objects.filter(game_id=dotr.game_id).exists()
    done = ask(dotr).json()
    assert done["status"] == "done" and done["settings"]["seed"]
    replay = ask(dotr, dotr.player, seed=done["settings"]["seed"])
    assert replay.status_code == 200
    assert replay.json()["id"] == done["id"] and replay.json()["result"] == done["result"]
    # The same seed with other settings names no finished forecast: nothing new is computed.
    other = ask(dotr, seed=done["settings"]["seed"], samples=41)
    assert other.status_code == 400
    assert Forecast.objects.filter(game_id=dotr.game_id).count() == 1


@pytest.mark.django_db
def test_the_forecast_is_handed_to_the_queue_only_once_its_row_is_committed(
    django_capture_on_commit_callbacks: Any,
) -> None:
    table = create_table(DOTR)
    with django_capture_on_commit_callbacks(execute=False) as handed_over:
        asked = ask(table)
    # Within the request's transaction nothing was computed nor queued yet.
    assert asked.status_code == 202 and asked.json()["status"] == "queued"
    assert len(handed_over) == 1
    handed_over[0]()  # the commit: now the task runs (in-process here)
    read = table.host.get(table.url(f"forecasts/{asked.json()['id']}/")).json()
    assert read["status"] == "done"


def test_a_queue_that_refuses_the_forecast_after_its_row_is_committed_does_not_fail_the_ask(
    dotr: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deck_tracker.tasks import forecast_computed

    def broker_down(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("the broker refused the task")

    monkeypatch.setattr(forecast_computed, "delay", broker_down)
    asked = ask(dotr)
    # The row is committed: the table reads it as queued (a later ask or retry computes it).
    assert asked.status_code == 202, asked.content
    assert asked.json()["status"] == "queued"
    assert Forecast.objects.filter(game_id=dotr.game_id).count() == 1
