"""Password rules at registration and password change; one spelling per username."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from ..conftest import client_for
from .conftest import Personas

pytestmark = pytest.mark.django_db


def register(username: str, password: str = "a-long-password") -> Any:
    return APIClient().post(
        "/api/v1/accounts/", {"username": username, "password": password}, format="json"
    )


@pytest.mark.parametrize("password", ["password", "12345678", "aaaaaaaa", "weak1234"])
def test_a_weak_password_is_refused_at_registration(password: str) -> None:
    refused = register("weak1", password)
    assert refused.status_code == 400
    body = refused.json()
    assert body["code"] == "invalid"
    assert body["fields"]["password"]  # the validators' own messages
    assert register("weak1").status_code == 201


def test_each_rule_a_password_breaks_is_named() -> None:
    messages = register("dora", "12345678").json()["fields"]["password"]
    assert "This password is too common." in messages
    assert "This password is entirely numeric." in messages


def test_changing_the_password_applies_the_rules_and_ends_other_tokens(
    personas: Personas,
) -> None:
    other = client_for(
        APIClient()
        .post(
            "/api/v1/accounts/token/",
            {"username": "alice", "password": "a-long-password"},
            format="json",
        )
        .json()["token"]
    )
    url = "/api/v1/accounts/password/"
    weak = personas.alice.client.post(
        url, {"current_password": "a-long-password", "new_password": "password"}, format="json"
    )
    assert weak.status_code == 400 and weak.json()["fields"]["new_password"]
    wrong = personas.alice.client.post(
        url, {"current_password": "nope", "new_password": "a-better-secret"}, format="json"
    )
    assert wrong.status_code == 400 and "current_password" in wrong.json()["fields"]
    changed = personas.alice.client.post(
        url,
        {"current_password": "a-long-password", "new_password": "a-better-secret"},
        format="json",
    )
    assert changed.status_code == 204
    assert personas.alice.client.get("/api/v1/accounts/me/").status_code == 200
    assert other.get("/api/v1/accounts/me/").status_code == 401
    signed_in = APIClient().post(
        "/api/v1/accounts/token/",
        {"username": "alice", "password": "a-better-secret"},
        format="json",
    )
    assert signed_in.status_code == 201


def test_a_fullwidth_or_capitalised_name_is_the_same_name(personas: Personas) -> None:
    for spelling in ("\uff21\uff2c\uff29\uff23\uff25", "\uff41\uff4c\uff49\uff43\uff45", "ALICE"):
        taken = register(spelling)
        assert taken.status_code == 400, (spelling, taken.content)
        assert taken.json()["code"] == "username_taken"


def test_a_name_is_stored_and_signed_in_with_in_any_spelling() -> None:
    made = register("\uff24\uff4f\uff52\uff41")  # fullwidth "Dora"
    assert made.status_code == 201
    assert made.json()["username"] == "dora"
    signed_in = APIClient().post(
        "/api/v1/accounts/token/", {"username": "DORA", "password": "a-long-password"},
        format="json",
    )  # fmt: skip
    assert signed_in.status_code == 201


def test_a_name_mixing_look_alike_scripts_is_refused() -> None:
    cyrillic_a = "\u0430lice"  # a Cyrillic "a", then Latin "lice"
    refused = register(cyrillic_a)
    assert refused.status_code == 400
    assert "username" in refused.json()["fields"]
    assert register("\u0438\u0432\u0430\u043d").status_code == 201  # wholly Cyrillic


@pytest.mark.parametrize("username", ["", " ", "a" * 151, "with space", "semi;colon"])
def test_odd_names_are_refused_never_a_500(username: str) -> None:
    response = register(username)
    assert response.status_code == 400
    assert "username" in response.json()["fields"]


def test_a_null_character_is_refused_never_a_500() -> None:
    assert register("al\x00ice").status_code == 400
