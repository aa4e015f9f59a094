"""Idempotency-Key on every write: one reservation per caller and key, no token kept in storage.

The callers: a seat (its token), an account, or, creating or joining anonymously, the client's
address (``REMOTE_ADDR`` here).
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from deck_tracker.models import Game, GameAction, IdempotencyRecord, Seat
from tests.conftest import GENERIC_SETUP, Table, client_for, create_table, using_postgres

ALICE_ADDRESS = "127.0.0.11"
MALLORY_ADDRESS = "127.0.0.66"


def create(key: str, address: str = ALICE_ADDRESS) -> Any:
    return APIClient().post(
        "/api/v1/games/",
        GENERIC_SETUP,
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
        REMOTE_ADDR=address,
    )


def join(join_code: str, key: str, address: str = ALICE_ADDRESS) -> Any:
    return APIClient().post(
        "/api/v1/games/join/",
        {"join_code": join_code, "name": "Cy"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
        REMOTE_ADDR=address,
    )


def draw(table: Table, client: APIClient, key: str, version: int) -> Any:
    return table.act(client, "draw", {"deck": "test"}, expected_version=version,
                     HTTP_IDEMPOTENCY_KEY=key)  # fmt: skip


def stored_text() -> str:
    return json.dumps(list(IdempotencyRecord.objects.values("scope", "key", "body", "salt")))


@pytest.mark.django_db
def test_a_repeated_create_answers_the_same_game_and_a_token_that_works():
    key = str(uuid.uuid4())
    first, again = create(key), create(key)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Game.objects.count() == 1
    replayed_token = again.json()["token"]
    assert client_for(replayed_token).get(f"/api/v1/games/{first.json()['id']}/").status_code == 200


@pytest.mark.django_db
def test_stored_answers_hold_no_token_nor_the_key(table: Table):
    keys = [str(uuid.uuid4()) for _ in range(3)]
    created, joined = create(keys[0]), join(table.join_code, keys[1])
    reissued = table.host.post(table.url("seats/2/token/"), HTTP_IDEMPOTENCY_KEY=keys[2])
    assert reissued.status_code == 201
    text = stored_text()
    assert IdempotencyRecord.objects.count() == 3
    for token in (created.json()["token"], joined.json()["token"], reissued.json()["token"]):
        assert token not in text
    assert not any(key in text for key in keys)
    again = table.host.post(table.url("seats/2/token/"), HTTP_IDEMPOTENCY_KEY=keys[2])
    assert again.json() == reissued.json()
    assert client_for(again.json()["token"]).get(table.url()).status_code == 200


@pytest.mark.django_db
def test_another_caller_with_the_same_key_gets_its_own_game():
    key = str(uuid.uuid4())
    alice, mallory = create(key, ALICE_ADDRESS), create(key, MALLORY_ADDRESS)
    assert alice.status_code == mallory.status_code == 201
    assert mallory.json()["id"] != alice.json()["id"]
    assert mallory.json()["token"] != alice.json()["token"]
    assert Game.objects.count() == 2


@pytest.mark.django_db
def test_another_seat_with_the_same_key_acts_for_itself(table: Table):
    key, version = str(uuid.uuid4()), table.version()
    host = draw(table, table.host, key, version)
    player = draw(table, table.player, key, version + 1)
    assert host.status_code == player.status_code == 200
    assert player.json()["version"] == version + 2
    assert len(table.state(table.player)["hands"]["2"]) == 1


@pytest.mark.django_db
def test_an_account_is_the_caller_whichever_way_it_signs_in(db):
    from tests.awards.conftest import make_account

    account = make_account("dora")
    key = str(uuid.uuid4())
    first = account.client.post("/api/v1/groups/", {"name": "Friday"}, format="json",
                                HTTP_IDEMPOTENCY_KEY=key)  # fmt: skip
    again = account.client.post("/api/v1/groups/", {"name": "Friday"}, format="json",
                                HTTP_IDEMPOTENCY_KEY=key)  # fmt: skip
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert account.client.get("/api/v1/groups/").json() == [first.json()]


@pytest.mark.django_db
def test_a_refused_request_is_not_stored_and_may_be_sent_again(table: Table):
    key, version = str(uuid.uuid4()), table.version()
    stale = draw(table, table.host, key, version + 5)
    assert stale.status_code == 409
    assert IdempotencyRecord.objects.count() == 0
    retried = table.act(table.host, "draw", {"deck": "test"}, expected_version=version + 5,
                        HTTP_IDEMPOTENCY_KEY=key)  # fmt: skip
    assert retried.status_code == 409  # the same request: refused again, not replayed
    fixed = draw(table, table.host, str(uuid.uuid4()), version)
    assert fixed.status_code == 200


@pytest.mark.django_db
def test_an_overlong_key_is_refused(table: Table):
    response = draw(table, table.host, "k" * 201, table.version())
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_idempotency_key"


# ------------------------------------------------------------------------------------------
# Two requests with one key at the same moment, on PostgreSQL with real threads
# ------------------------------------------------------------------------------------------

ROUNDS = 5


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; their responses, in order."""
    start = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            start.wait()
            results[index] = calls[index]()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def same_answer(responses: list[Any], status: int) -> None:
    assert [r.status_code for r in responses] == [status] * len(responses), [
        r.content[:200] for r in responses
    ]
    assert all(r.json() == responses[0].json() for r in responses)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL")
def test_two_creates_with_one_key_at_once_make_one_game():
    for _ in range(ROUNDS):
        key = str(uuid.uuid4())
        alice = at_once(lambda k=key: create(k), lambda k=key: create(k))
        same_answer(alice, 201)
        mallory = create(key, MALLORY_ADDRESS)
        assert mallory.status_code == 201
        assert mallory.json()["id"] != alice[0].json()["id"]
    assert Game.objects.count() == ROUNDS * 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL")
def test_two_joins_with_one_key_at_once_make_one_seat():
    table = create_table(GENERIC_SETUP)
    for _ in range(ROUNDS - 2):  # a table seats six
        key = str(uuid.uuid4())
        same_answer(at_once(lambda k=key: join(table.join_code, k),
                            lambda k=key: join(table.join_code, k)), 201)  # fmt: skip
    other = join(table.join_code, key, MALLORY_ADDRESS)
    assert other.status_code == 201
    assert Seat.objects.filter(game_id=table.game_id).count() == 2 + (ROUNDS - 2) + 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL")
def test_two_actions_with_one_key_at_once_apply_once():
    table = create_table(GENERIC_SETUP)
    for _ in range(ROUNDS):
        key, version = str(uuid.uuid4()), table.version()
        host_draw = lambda k=key, v=version: draw(table, table.host, k, v)  # noqa: E731
        same_answer(at_once(host_draw, host_draw), 200)
        mine = draw(table, table.player, key, version + 1)
        assert mine.status_code == 200
    hands = table.state()["hands"]
    assert len(hands["1"]) == len(table.state(table.player)["hands"]["2"]) == ROUNDS
    assert GameAction.objects.filter(game_id=table.game_id, type="draw").count() == ROUNDS * 2


@pytest.mark.django_db(transaction=True)
def test_a_refusal_with_a_key_answers_as_without_one_and_keeps_nothing():
    """In a reservation the command takes no savepoint: each refusal still answers as it does
    without a key (its changes, its words in the reader's language), nothing is kept, and the
    connection serves the next request."""
    table = create_table(GENERIC_SETUP)
    version = table.version()
    cases = [
        ("draw", {"deck": "test"}, version + 5, {}),  # stale: from the future
        ("draw", {"deck": "nowhere"}, version, {}),  # the engine refuses
        ("draw", {"deck": "nowhere"}, version, {"HTTP_ACCEPT_LANGUAGE": "de"}),
        ("no_such_action", {}, version, {}),
    ]
    for type_, args, expected, headers in cases:
        plain = table.act(table.host, type_, args, expected_version=expected, **headers)
        keyed = table.act(table.host, type_, args, expected_version=expected,
                          HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()), **headers)  # fmt: skip
        assert plain.status_code >= 400
        assert (keyed.status_code, keyed.json()) == (plain.status_code, plain.json())
    assert IdempotencyRecord.objects.count() == 0
    assert table.version() == version
    seen = table.version(table.player)
    table.act(table.host, "draw", {"deck": "test", "to": "table"})
    stale = table.act(table.player, "draw", {"deck": "test"}, expected_version=seen,
                      HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))  # fmt: skip
    assert stale.status_code == 409
    assert [e["type"] for e in stale.json()["changes"]] == ["cards_drawn"]
    done = draw(table, table.host, str(uuid.uuid4()), table.version())
    assert done.status_code == 200
    assert IdempotencyRecord.objects.count() == 1
