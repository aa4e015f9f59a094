"""An action's answer is built by a plain function (``serializers.action_result_out``): it must be
exactly what ``ActionResultOutSerializer`` gives, member for member and byte for byte once
rendered, for the answers games really give and for the odd values the serializer would meet."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rest_framework.renderers import JSONRenderer

from api import serializers as s
from deck_tracker.games import services
from tests.conftest import GENERIC_SETUP, client_for, create_table

pytestmark = pytest.mark.django_db


def same_as_serializer(body: dict[str, Any]) -> None:
    plain = s.action_result_out(body)
    served = s.ActionResultOutSerializer(body).data
    assert plain == served
    assert JSONRenderer().render(plain) == JSONRenderer().render(served)


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every body ``game_act`` gives while the test plays."""
    seen: list[dict[str, Any]] = []
    real = services.game_act

    def recording(**kwargs: Any) -> dict[str, Any]:
        body = real(**kwargs)
        seen.append(body)
        return body

    monkeypatch.setattr(services, "game_act", recording)
    return seen


def test_the_answers_of_a_generic_game_are_the_serializers(answers):
    table = create_table(GENERIC_SETUP)
    for client, (kind, args) in [
        (table.host, ("shuffle", {"deck": "test"})),
        (table.host, ("draw", {"deck": "test", "to": "hand"})),
        (table.player, ("draw", {"deck": "test", "to": "table"})),
        (table.host, ("undo", {})),
    ]:
        response = table.act(client, kind, args, HTTP_ACCEPT_LANGUAGE="de")
        assert response.status_code == 200, response.content
    assert len(answers) == 4
    for body in answers:
        same_as_serializer(body)


def test_the_answers_of_a_night_are_the_serializers(answers):
    created = client_for().post(
        "/api/v1/games/", {"host": {"name": "Ada", "hero": "Paladin"}}, format="json"
    )
    game = created.json()
    host = client_for(game["token"])
    version = game["version"]
    for kind, args in [
        ("wound_general", {"general": "gorgutt", "wounds": 6}),
        ("night", {"skip_evening": True}),
        ("undo", {}),
        ("night", {"skip_evening": True}),
    ]:
        response = host.post(
            f"/api/v1/games/{game['id']}/actions/",
            {"type": kind, "args": args, "expected_version": version},
            format="json",
        )
        assert response.status_code == 200, response.content
        version = response.json()["version"]
    assert any(step for body in answers for event in body["events"] for step in event["steps"])
    for body in answers:
        same_as_serializer(body)


def test_odd_values_are_shaped_as_the_serializer_shapes_them():
    event = {
        "seq": "7",
        "version": 3,
        "type": "drew",
        "actor": None,
        "at": dt.datetime(2026, 1, 2, 3, 4, 5, 678000, tzinfo=dt.UTC),
        "summary": "",
        "steps": [{"text": "a", "rule": None, "places": ["x"]}, {"text": 5, "rule": "r"}],
        "data": {1: None, "b": [1, {"c": True}]},
        "private": {"1": {"hand": ["x"]}},
    }
    same_as_serializer({"version": 4, "last_seq": 7, "events": [event], "state": {2: "x"}})
    same_as_serializer(
        {
            "version": 0,
            "last_seq": 0,
            "events": [event | {"at": None, "actor": "2"}, event | {"at": "2026-01-02T03:04Z"}],
            "state": {},
        }
    )


def test_the_events_view_is_view_event_of_each_record():
    """``selectors.events_view`` builds each event as ``view_event`` would from the record with
    its words rendered (private parts for the seat, in each language)."""
    from deck_tracker.engine import view_event
    from deck_tracker.games import selectors
    from deck_tracker.models import GameEvent, Seat

    created = client_for().post(
        "/api/v1/games/", {"host": {"name": "Ada", "hero": "Paladin"}}, format="json"
    )
    game = created.json()
    host = client_for(game["token"])
    version = game["version"]
    for kind, args in [
        ("wound_general", {"general": "gorgutt", "wounds": 6}),
        ("night", {"skip_evening": True}),
    ]:
        response = host.post(
            f"/api/v1/games/{game['id']}/actions/",
            {"type": kind, "args": args, "expected_version": version},
            format="json",
        )
        assert response.status_code == 200, response.content
        version = response.json()["version"]
    events = list(GameEvent.objects.filter(game_id=game["id"]).order_by("seq"))
    assert any(event.private for event in events) and any(event.steps for event in events)
    for seat in Seat.objects.filter(game_id=game["id"]):
        for language in ("en", "de"):
            expected = []
            for event in events:
                record = selectors.event_record(event)
                record["summary"], record["steps"] = selectors._words(event, language)
                record["summary_msg"] = None
                expected.append(view_event(record, seat.key, language))
            assert selectors.events_view(events=events, seat=seat, language=language) == expected


@pytest.mark.parametrize(
    "body",
    [
        {"type": "draw", "args": {"deck": "test", 1: 2}, "expected_version": 3},
        {"type": "draw", "expected_version": 0},
        {"type": "x" * 40, "args": {}, "expected_version": 10**20},
        {"type": " draw", "args": {}, "expected_version": 1},
        {"type": "", "args": {}, "expected_version": 1},
        {"type": "x" * 41, "args": {}, "expected_version": 1},
        {"type": "dr\x00aw", "args": {}, "expected_version": 1},
        {"type": "drâw", "args": {}, "expected_version": 1},
        {"type": 5, "args": {}, "expected_version": 1},
        {"type": "draw", "args": None, "expected_version": 1},
        {"type": "draw", "args": [], "expected_version": 1},
        {"type": "draw", "args": {}, "expected_version": True},
        {"type": "draw", "args": {}, "expected_version": -1},
        {"type": "draw", "args": {}, "expected_version": "2"},
        {"type": "draw", "args": {}, "expected_version": 2.0},
        {"type": "draw", "args": {}},
        ["draw"],
    ],
)
def test_an_action_read_plainly_is_what_its_serializer_reads(body):
    """``action_in`` gives the serializer's ``validated_data``, or None (the serializer then
    answers); it never takes a body the serializer refuses."""
    plain = s.action_in(body)
    form = s.ActionSerializer(data=body)
    if plain is not None:
        assert form.is_valid() and plain == dict(form.validated_data)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_answers_events_are_the_events_read_back(answers, language):
    """The events of an answer (their English words taken from what was just written, for an
    English reader) are the events as read back from the database and rendered from their
    messages."""
    from deck_tracker.games import selectors
    from deck_tracker.models import GameEvent, Seat

    created = client_for().post(
        "/api/v1/games/", {"host": {"name": "Ada", "hero": "Paladin"}}, format="json"
    )
    game = created.json()
    host = client_for(game["token"])
    version = game["version"]
    for kind, args in [
        ("wound_general", {"general": "gorgutt", "wounds": 6}),
        ("night", {"skip_evening": True}),
        ("undo", {}),
        ("night", {"skip_evening": True}),
    ]:
        response = host.post(
            f"/api/v1/games/{game['id']}/actions/",
            {"type": kind, "args": args, "expected_version": version},
            format="json",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 200, response.content
        version = response.json()["version"]
    seat = Seat.objects.get(game_id=game["id"], number=1)
    selectors._rendered.clear()
    for body in answers:
        seqs = [event["seq"] for event in body["events"]]
        rows = list(GameEvent.objects.filter(game_id=game["id"], seq__in=seqs).order_by("seq"))
        assert body["events"] == selectors.events_view(events=rows, seat=seat, language=language)
