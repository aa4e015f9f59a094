"""A hostile player against the accounts: guessing the staff password at the admin's sign-in,
guessing a password with a stolen token, look-alike usernames, and a flood meant to wash the
throttle counts away."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from deck_tracker.awards.api.throttles import SignInAddressThrottle, SignInUsernameThrottle

from .conftest import Personas

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password"


@pytest.fixture(autouse=True)
def _small_rates(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    monkeypatch.setattr(SignInAddressThrottle, "rate", "3/min", raising=False)
    monkeypatch.setattr(SignInUsernameThrottle, "rate", "5/hour", raising=False)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The admin's pages without collected static files.
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    }


def admin_sign_in(client: Client, username: str, password: str, address: str) -> Any:
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
    )


def is_staff_session(client: Client) -> bool:
    return client.get("/admin/").status_code == 200


# ---- 8. The admin's sign-in is throttled like the API's ---------------------------------


def test_guessing_the_staff_password_at_the_admin_is_throttled_per_address() -> None:
    get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    browser = Client()
    wrong = [admin_sign_in(browser, "root", f"guess-{n}", "10.9.0.1") for n in range(3)]
    assert [answer.status_code for answer in wrong] == [200, 200, 200]  # the form, again
    right = admin_sign_in(browser, "root", PASSWORD, "10.9.0.1")
    assert right.status_code == 429
    assert int(right["Retry-After"]) > 0
    assert not is_staff_session(browser)
    # Another address is not held back by this one's guesses.
    assert admin_sign_in(Client(), "root", PASSWORD, "10.9.0.2").status_code == 302


def test_the_admin_and_the_api_share_the_counts_of_one_username() -> None:
    get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    for n in range(4):
        answer = APIClient().post(
            "/api/v1/accounts/token/",
            {"username": "ROOT", "password": f"guess-{n}"},
            format="json",
            REMOTE_ADDR=f"10.9.1.{n}",
        )
        assert answer.status_code == 401
    assert admin_sign_in(Client(), "root", "guess-4", "10.9.2.1").status_code == 200
    browser = Client()
    assert admin_sign_in(browser, "root", PASSWORD, "10.9.2.2").status_code == 429
    assert not is_staff_session(browser)


# ---- 11. Usernames: no look-alikes, one lookup, one throttle key ------------------------


def register(username: str) -> Any:
    return APIClient().post(
        "/api/v1/accounts/", {"username": username, "password": PASSWORD}, format="json"
    )


@pytest.mark.parametrize(
    "name",
    [
        "alice\n",  # a trailing newline passes a pattern ending in "$"
        "v\u0131ctim",  # dotless i (U+0131): "victim" to the eye
        "victim\u1e59",  # r with a dot above
        "victimr\u0307",  # the same, typed with a combining dot
    ],
)
def test_look_alike_usernames_are_refused(name: str) -> None:
    refused = register(name)
    assert refused.status_code == 400, refused.content
    assert "username" in refused.json()["fields"]
    assert not get_user_model().objects.exclude(username__in=["alice", "victim"]).exists()


@pytest.mark.parametrize("name", ["josé", "Müller", "straße", "øyvind", "жанна"])
def test_names_of_real_languages_are_still_welcome(name: str) -> None:
    assert register(name).status_code == 201


def test_a_dotless_i_never_signs_in_as_the_account_with_a_dotted_one(personas: Personas) -> None:
    # On PostgreSQL, UPPER() of "al" + dotless i (U+0131) + "ce" is "ALICE": a case-insensitive
    # lookup found Alice.
    answer = APIClient().post(
        "/api/v1/accounts/token/",
        {"username": "al\u0131ce", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.9.4.1",
    )
    assert answer.status_code == 401
    session = APIClient().post(
        "/api/v1/accounts/session/",
        {"username": "AL\u0131CE", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.9.4.2",
    )
    assert session.json()["code"] == "authentication_failed"


def test_an_account_named_before_names_were_normalised_still_signs_in() -> None:
    get_user_model().objects.create_user("Ada.Lovelace", password=PASSWORD)
    answer = APIClient().post(
        "/api/v1/accounts/token/",
        {"username": "ada.lovelace", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.9.4.3",
    )
    assert answer.status_code == 201, answer.content


def test_guessing_the_current_password_with_a_stolen_token_is_throttled(
    personas: Personas,
) -> None:
    url = "/api/v1/accounts/password/"
    answers = [
        personas.alice.client.post(
            url,
            {"current_password": f"guess-{n}", "new_password": "a-better-secret"},
            format="json",
            REMOTE_ADDR=f"10.9.5.{n}",
        )
        for n in range(6)
    ]
    assert [a.status_code for a in answers] == [400] * 5 + [429]
    # The guesses counted against Alice's name: signing in as her waits too.
    sign_in = APIClient().post(
        "/api/v1/accounts/token/",
        {"username": "alice", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.9.5.9",
    )
    assert sign_in.status_code == 429
    right = personas.alice.client.post(
        url,
        {"current_password": PASSWORD, "new_password": "a-better-secret"},
        format="json",
        REMOTE_ADDR="10.9.5.10",
    )
    assert right.status_code == 429


def test_a_flood_of_other_names_does_not_wash_away_the_count_of_one(
    personas: Personas, settings: Any
) -> None:
    # Every database cache of the app kept small, so that a flood fills it (Redis is not
    # culled; it should run with a policy that evicts nothing, see docs/accounts.md).
    settings.CACHES = {
        alias: {**spec, "OPTIONS": {**spec.get("OPTIONS", {}), "MAX_ENTRIES": 20}}
        if "Redis" not in spec["BACKEND"]
        else spec
        for alias, spec in settings.CACHES.items()
    }

    def guess(username: str, address: str) -> int:
        return (
            APIClient()
            .post(
                "/api/v1/accounts/token/",
                {"username": username, "password": "guess"},
                format="json",
                REMOTE_ADDR=address,
            )
            .status_code
        )

    assert [guess("alice", f"10.9.6.{n}") for n in range(5)] == [401] * 5
    flood = [guess(f"nobody{n}", f"10.9.7.{n}") for n in range(50)]
    assert flood == [401] * 50
    assert guess("alice", "10.9.8.1") == 429
    assert guess("alice", "10.9.8.2") == 429
