"""Threat forecasts through the API: asked once per game version and settings, computed by the
Celery task (in-process here, as without a broker), read back, stale once the game moves on."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from deck_tracker.models import Forecast, Game
from tests.conftest import GENERIC_SETUP, Table, client_for, create_table, using_postgres

DOTR = {"host": {"name": "Ada", "hero": "Wizard"}}
QUICK = {"nights": 2, "samples": 120, "budget_seconds": 10}


@pytest.fixture
def dotr(transactional_db: None) -> Table:
    # Committed for real: the task is handed over once the forecast's row is committed.
    return create_table(DOTR)


def ask(table: Table, client: Any = None, **settings: Any) -> Any:
    return (client or table.host).post(
        table.url("forecasts/"), {**QUICK, **settings}, format="json"
    )


def test_a_forecast_is_computed_and_read_back(dotr: Table) -> None:
    asked = ask(dotr)
    assert asked.status_code == 202, asked.content
    body = asked.json()
    assert body["status"] == "done"
    assert body["stale"] is False
    assert body["game_version"] == dotr.version()
    assert body["progress"] == {"samples": 120, "target": 120}
    result = body["result"]
    assert result["samples"] == 120 and result["complete"] is True
    assert [night["nights"] for night in result["nights"]] == [1, 2]
    # Every figure carries its interval.
    first = result["nights"][0]
    assert first["loss"]["low"] <= first["loss"]["p"] <= first["loss"]["high"]
    assert first["generals"]["gorgutt"]["name"] == "Gorgutt"
    assert first["locations"]["orc-valley"]["name"] == "Orc Valley"
    assert result["loss_labels"]["minions_green"] == "The Orcs run out"
    read = dotr.host.get(dotr.url(f"forecasts/{body['id']}/"))
    assert read.status_code == 200
    assert read.json() == body


def test_asking_again_gives_the_same_forecast_to_every_seat(dotr: Table) -> None:
    first = ask(dotr).json()
    again = ask(dotr)
    assert again.status_code == 200
    assert again.json()["id"] == first["id"]
    by_player = ask(dotr, dotr.player)
    assert by_player.status_code == 200
    assert by_player.json()["result"] == first["result"]
    other = ask(dotr, samples=60)
    assert other.status_code == 202 and other.json()["id"] != first["id"]


def test_the_forecast_never_changes_the_game(dotr: Table) -> None:
    before = Game.objects.get(pk=dotr.game_id)
    ask(dotr)
    after = Game.objects.get(pk=dotr.game_id)
    assert (after.version, after.last_seq, after.state) == (
        before.version,
        before.last_seq,
        before.state,
    )


def test_a_forecast_of_an_older_version_is_stale(dotr: Table) -> None:
    old = ask(dotr).json()
    night = dotr.act(dotr.host, "night", {"skip_evening": True})
    assert night.status_code == 200, night.content
    read = dotr.host.get(dotr.url(f"forecasts/{old['id']}/")).json()
    assert read["stale"] is True
    assert read["current_version"] == read["game_version"] + 1
    fresh = ask(dotr).json()
    assert fresh["id"] != old["id"] and fresh["stale"] is False


def test_bad_requests_get_a_code(dotr: Table) -> None:
    too_far = ask(dotr, nights=4)
    assert too_far.status_code == 400
    assert too_far.json()["code"] == "invalid" and "nights" in too_far.json()["fields"]
    assert dotr.outsider.post(dotr.url("forecasts/"), QUICK, format="json").status_code in (
        403,
        404,
    )
    unknown = dotr.host.get(dotr.url("forecasts/00000000-0000-0000-0000-000000000000/"))
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    mine = ask(dotr).json()
    other = create_table(DOTR)
    assert other.host.get(other.url(f"forecasts/{mine['id']}/")).status_code == 404


def test_a_game_without_a_board_cannot_be_forecast(db: None) -> None:
    generic = create_table(GENERIC_SETUP)
    refused = ask(generic)
    assert refused.status_code == 400
    assert refused.json()["code"] == "no_board"


def test_the_forecast_endpoints_are_in_the_served_schema(client: Any, db: None) -> None:
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert "post" in paths["/api/v1/games/{game_id}/forecasts/"]
    assert "get" in paths["/api/v1/games/{game_id}/forecasts/{forecast_id}/"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_two_seats_asking_at_once_share_one_forecast() -> None:
    table = create_table(DOTR)
    start = threading.Barrier(2)
    answers: list[Any] = []

    def seat(token: str) -> None:
        try:
            start.wait()
            answers.append(
                client_for(token).post(table.url("forecasts/"), QUICK, format="json").json()
            )
        finally:
            connection.close()

    threads = [
        threading.Thread(target=seat, args=(t,)) for t in (table.host_token, table.player_token)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(answers) == 2
    assert answers[0]["id"] == answers[1]["id"]
    assert Forecast.objects.filter(game_id=table.game_id).count() == 1
    assert {answer["status"] for answer in answers} <= {"queued", "running", "done"}
