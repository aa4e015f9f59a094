"""Accounts under concurrent requests, with real threads on PostgreSQL."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from deck_tracker.awards import services
from deck_tracker.awards.models import GroupInvitation, PlayerGroup

from ..conftest import client_for, using_postgres
from .conftest import make_account

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL"),
]


@pytest.fixture(autouse=True)
def _fast_hasher(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads released together; their answers' status codes."""
    start = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            start.wait()
            answers[index] = calls[index]().status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


SPELLINGS = [
    "alice",
    "ALICE",
    "Alice",
    "\uff41\uff4c\uff49\uff43\uff45",
    "\uff21\uff2c\uff29\uff23\uff25",
    "aLiCe",
]


def test_six_spellings_of_one_name_registered_at_once_make_one_account() -> None:
    def register(n: int) -> Callable[[], Any]:
        return lambda: APIClient().post(
            "/api/v1/accounts/",
            {"username": SPELLINGS[n], "password": "a-long-password"},
            format="json",
            REMOTE_ADDR=f"10.9.0.{n}",
        )

    answers = at_once([register(n) for n in range(len(SPELLINGS))])
    assert Counter(answers) == {201: 1, 400: 5}
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["alice"]


def test_one_invitation_accepted_from_four_phones_at_once_joins_once() -> None:
    alice, dave = make_account("alice"), make_account("dave")
    group = PlayerGroup.objects.create(owner=alice.user, name="Thursday table")
    alice.client.post(f"/api/v1/groups/{group.pk}/members/", {"username": "dave"}, format="json")
    invitation = GroupInvitation.objects.get()
    url = f"/api/v1/invitations/{invitation.pk}/accept/"
    phones = [client_for(dave.token) for _ in range(4)]
    answers = at_once([lambda phone=phone: phone.post(url) for phone in phones])
    assert Counter(answers) == {200: 1, 404: 3}
    assert list(group.members.values_list("username", flat=True)) == ["dave"]
    assert not GroupInvitation.objects.exists()


def test_the_last_group_an_account_may_own_asked_from_four_phones_at_once_is_made_once(
    settings: Any,
) -> None:
    settings.ACCOUNT_MAX_GROUPS = 2
    alice = make_account("alice")
    PlayerGroup.objects.create(owner=alice.user, name="Thursday table")
    phones = [client_for(services.account_token_create(user=alice.user)) for _ in range(4)]
    answers = at_once(
        [
            lambda phone=phone, n=n: phone.post("/api/v1/groups/", {"name": f"T{n}"}, format="json")
            for n, phone in enumerate(phones)
        ]
    )
    assert Counter(answers) == {201: 1, 409: 3}
    assert PlayerGroup.objects.filter(owner=alice.user).count() == 2
