"""Password guessing: sign-in and registration are throttled per address and per username tried,
whoever is signed in (Charlie's own token or session does not lift the limit on Alice's name)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.awards.api.throttles import SignInAddressThrottle, SignInUsernameThrottle

from .conftest import Personas

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _small_rates(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    monkeypatch.setattr(SignInAddressThrottle, "rate", "3/min", raising=False)
    monkeypatch.setattr(SignInUsernameThrottle, "rate", "5/hour", raising=False)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def guess(client: APIClient, path: str, n: int, address: str = "10.0.0.1") -> Any:
    return client.post(
        path,
        {"username": "alice", "password": f"guess-{n}"},
        format="json",
        REMOTE_ADDR=address,
    )


@pytest.mark.parametrize("path", ["/api/v1/accounts/token/", "/api/v1/accounts/session/"])
def test_the_attackers_own_account_does_not_lift_the_address_limit(
    personas: Personas, path: str
) -> None:
    anonymous = APIClient()
    wrong = [guess(anonymous, path, n) for n in range(3)]
    assert {answer.json()["code"] for answer in wrong} == {"authentication_failed"}
    assert guess(anonymous, path, 3).status_code == 429
    # Charlie signs in with his own token, then with his own session: still 429.
    assert guess(personas.charlie.client, path, 4).status_code == 429
    browser = APIClient()
    browser.force_login(personas.charlie.user)
    assert guess(browser, path, 5).status_code == 429
    right = personas.charlie.client.post(
        path,
        {"username": "alice", "password": "a-long-password"},
        format="json",
        REMOTE_ADDR="10.0.0.1",
    )
    assert right.status_code == 429
    assert right.json()["code"] == "throttled"


def test_one_username_from_many_addresses_is_limited(personas: Personas) -> None:
    path = "/api/v1/accounts/token/"
    answers = [guess(APIClient(), path, n, address=f"10.0.1.{n}").status_code for n in range(6)]
    assert answers == [401] * 5 + [429]
    # The same name in another spelling counts for the same account.
    fullwidth = APIClient().post(
        path,
        {"username": "\uff41\uff4c\uff49\uff43\uff45", "password": "a-long-password"},
        format="json",
        REMOTE_ADDR="10.0.2.1",
    )
    assert fullwidth.status_code == 429
    # Another name from a fresh address is not held back.
    bob = APIClient().post(
        path, {"username": "bob", "password": "a-long-password"}, format="json",
        REMOTE_ADDR="10.0.2.2",
    )  # fmt: skip
    assert bob.status_code == 201


def test_registration_is_throttled_per_address_signed_in_or_not(personas: Personas) -> None:
    made = [
        personas.charlie.client.post(
            "/api/v1/accounts/",
            {"username": f"sock{n}", "password": "a-long-password"},
            format="json",
            REMOTE_ADDR="10.0.3.1",
        ).status_code
        for n in range(4)
    ]
    assert made == [201, 201, 201, 429]
