"""Several phones at once: stale versions, idempotent retries, and real threads on PostgreSQL."""

from __future__ import annotations

import threading
import uuid
from collections import Counter

import pytest
from django.db import connection, transaction

from deck_tracker.games import services
from deck_tracker.models import Game, GameAction, GameEvent, Seat
from tests.conftest import GENERIC_SETUP, Table, client_for, create_table, using_postgres


@pytest.mark.django_db
def test_a_stale_version_is_refused_with_what_changed(table: Table):
    seen = table.version(table.player)
    table.act(table.host, "draw", {"deck": "test", "count": 2, "to": "table"})
    response = table.act(table.player, "draw", {"deck": "test"}, expected_version=seen)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "stale_version"
    assert body["current_version"] == seen + 1
    assert [event["type"] for event in body["changes"]] == ["cards_drawn"]
    assert "state" not in body  # the events are enough to catch up; the state is not resent
    assert table.state(table.player)["decks"]["test"]["draw_size"] == 18
    assert table.state(table.player)["hands"]["2"] == []  # nothing was drawn for the player


@pytest.mark.django_db
def test_a_phone_too_far_behind_gets_the_state_instead_of_the_events(table: Table, settings):
    settings.STALE_CHANGES_MAX = 3
    seen = table.version(table.player)
    for _ in range(4):
        table.act(table.host, "draw", {"deck": "test", "to": "table"})
    response = table.act(table.player, "draw", {"deck": "test"}, expected_version=seen)
    assert response.status_code == 409
    body = response.json()
    assert body["current_version"] == seen + 4
    assert body["changes"] == []
    assert body["state"]["decks"]["test"]["draw_size"] == 16


@pytest.mark.django_db
def test_of_two_writers_that_read_the_same_version_the_second_is_refused(table: Table):
    """The compare-and-swap, with the interleaving forced: both read version N, one commits,
    the other's UPDATE finds no row at version N, and it writes nothing."""
    host = Seat.objects.get(game_id=table.game_id, number=1)
    player = Seat.objects.get(game_id=table.game_id, number=2)
    first, second = (Game.objects.get(pk=table.game_id) for _ in range(2))
    version = first.version
    with transaction.atomic():
        services._apply(game=first, actor=host, name="draw", args={"deck": "test"},
                        expected_version=version)  # fmt: skip
    events_before = GameEvent.objects.filter(game_id=table.game_id).count()
    with pytest.raises(services.StaleVersion) as refused, transaction.atomic():
        services._apply(game=second, actor=player, name="draw", args={"deck": "test"},
                        expected_version=version)  # fmt: skip
    assert refused.value.current_version == version + 1
    assert [event["type"] for event in refused.value.changes] == ["cards_drawn"]
    assert GameEvent.objects.filter(game_id=table.game_id).count() == events_before
    assert table.version() == version + 1
    assert table.state(table.player)["hands"]["2"] == []
    assert len(table.state()["hands"]["1"]) == 1


@pytest.mark.django_db
def test_a_repeated_idempotency_key_replays_the_stored_response(table: Table):
    key = str(uuid.uuid4())
    version = table.version()
    first = table.act(
        table.host, "draw", {"deck": "test"}, expected_version=version, HTTP_IDEMPOTENCY_KEY=key
    )
    again = table.act(
        table.host, "draw", {"deck": "test"}, expected_version=version, HTTP_IDEMPOTENCY_KEY=key
    )
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert table.version() == version + 1
    assert len(table.state()["hands"]["1"]) == 1


@pytest.mark.django_db
def test_a_different_idempotency_key_acts_again(table: Table):
    first = table.act(table.host, "draw", {"deck": "test"}, HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    second = table.act(table.host, "draw", {"deck": "test"}, HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert second.json()["version"] == first.json()["version"] + 1
    assert len(table.state()["hands"]["1"]) == 2


@pytest.mark.django_db
def test_an_idempotency_key_reused_for_another_request_is_refused(table: Table):
    key = str(uuid.uuid4())
    table.act(table.host, "draw", {"deck": "test"}, HTTP_IDEMPOTENCY_KEY=key)
    response = table.act(table.host, "shuffle", {"deck": "test"}, HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_key_reused"


@pytest.mark.django_db
def test_game_creation_with_an_idempotency_key_creates_one_game(db):
    client = client_for()
    key = str(uuid.uuid4())
    first = client.post("/api/v1/games/", GENERIC_SETUP, format="json", HTTP_IDEMPOTENCY_KEY=key)
    again = client.post("/api/v1/games/", GENERIC_SETUP, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert again.json() == first.json()
    assert Game.objects.count() == 1


THREADS = 6
DRAWS_EACH = 50


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_six_phones_drawing_at_once_lose_and_double_nothing():
    cards = [f"card-{n:03d}" for n in range(THREADS * DRAWS_EACH)]
    table = create_table(
        {"system": "generic", "decks": {"big": {"cards": cards, "auto_reshuffle": False}}}
    )
    tokens = [table.host_token, table.player_token]
    for n in range(THREADS - 2):
        joined = client_for().post(
            "/api/v1/games/join/", {"join_code": table.join_code, "name": f"P{n}"}, format="json"
        )
        tokens.append(joined.json()["token"])
    start = threading.Barrier(THREADS)
    conflicts = Counter()
    errors: list[str] = []

    def phone(index: int) -> None:
        client = client_for(tokens[index])
        try:
            start.wait()
            version = client.get(table.url()).json()["version"]
            applied = 0
            while applied < DRAWS_EACH:
                response = client.post(
                    table.url("actions/"),
                    {"type": "draw", "args": {"deck": "big"}, "expected_version": version},
                    format="json",
                )
                if response.status_code == 409:
                    conflicts[index] += 1
                    version = response.json()["current_version"]
                    continue
                if response.status_code != 200:
                    errors.append(f"{response.status_code} {response.content[:200]!r}")
                    return
                version = response.json()["version"]
                applied += 1
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    game = Game.objects.get(pk=table.game_id)
    hands = game.state["decks"]["big"]["hands"]
    drawn = [card for hand in hands.values() for card in hand]
    assert sorted(drawn) == sorted(cards)  # every card drawn exactly once
    assert all(len(hand) == DRAWS_EACH for hand in hands.values())
    draw_events = GameEvent.objects.filter(game=game, type="cards_drawn")
    assert draw_events.count() == THREADS * DRAWS_EACH
    seqs = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    applied_actions = GameAction.objects.filter(game=game).exclude(version=0).count()
    assert game.version == applied_actions == THREADS * DRAWS_EACH + THREADS - 1  # draws + joins
    assert sum(conflicts.values()) > 0  # the phones really did collide
