"""Accounts, groups and players through the API: Alice owns, Bob is a member, Charlie is out."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from ..conftest import client_for
from .conftest import Personas

pytestmark = pytest.mark.django_db


def test_register_then_use_the_token() -> None:
    anonymous = APIClient()
    created = anonymous.post(
        "/api/v1/accounts/", {"username": "dora", "password": "a-long-password"}, format="json"
    )
    assert created.status_code == 201, created.content
    token = created.json()["token"]
    assert token.startswith("acct_")
    me = client_for(token).get("/api/v1/accounts/me/")
    assert me.json()["username"] == "dora"
    taken = anonymous.post(
        "/api/v1/accounts/", {"username": "Dora", "password": "a-long-password"}, format="json"
    )
    assert taken.status_code == 400
    assert taken.json()["code"] == "username_taken"


def test_a_token_for_a_password_and_its_revocation(personas: Personas) -> None:
    anonymous = APIClient()
    wrong = anonymous.post(
        "/api/v1/accounts/token/", {"username": "alice", "password": "wrong-password"},
        format="json",
    )  # fmt: skip
    assert wrong.status_code == 401
    assert wrong.json()["code"] == "authentication_failed"
    made = anonymous.post(
        "/api/v1/accounts/token/", {"username": "alice", "password": "a-long-password"},
        format="json",
    )  # fmt: skip
    client = client_for(made.json()["token"])
    assert client.get("/api/v1/groups/").status_code == 200
    assert client.delete("/api/v1/accounts/token/").status_code == 204
    refused = client.get("/api/v1/groups/")
    assert refused.status_code == 401
    assert set(refused.json()) == {"code", "detail"}


def test_the_tracker_needs_an_account() -> None:
    for path in ("/api/v1/groups/", "/api/v1/players/", "/api/v1/history/"):
        response = APIClient().get(path)
        assert response.status_code == 401, path
        assert response.json()["code"] == "not_authenticated"
        assert response["WWW-Authenticate"] == "Bearer"


def test_a_seat_token_is_not_an_account(personas: Personas) -> None:
    game = personas.play(host=(personas.alice, None, "Wizard"))
    assert game["seats"]["1"].get("/api/v1/groups/").status_code == 401


def test_a_browser_session_works_with_its_csrf_token(personas: Personas) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    signed_in = browser.post(
        "/api/v1/accounts/session/", {"username": "bob", "password": "a-long-password"},
        format="json",
    )  # fmt: skip
    assert signed_in.status_code == 200
    assert browser.get("/api/v1/accounts/me/").json()["username"] == "bob"
    no_csrf = browser.post("/api/v1/groups/", {"name": "Bob's"}, format="json")
    assert no_csrf.status_code == 403
    csrf = browser.cookies["csrftoken"].value
    made = browser.post("/api/v1/groups/", {"name": "Bob's"}, format="json", HTTP_X_CSRFTOKEN=csrf)
    assert made.status_code == 201, made.content


def test_each_persona_sees_the_group_as_it_should(personas: Personas) -> None:
    url = f"/api/v1/groups/{personas.group}/"
    owner = personas.alice.client.get(url).json()
    assert owner["is_owner"] and owner["members"] == ["bob"]
    member = personas.bob.client.get(url)
    assert member.status_code == 200 and not member.json()["is_owner"]
    assert personas.charlie.client.get(url).status_code == 404
    assert [g["id"] for g in personas.bob.client.get("/api/v1/groups/").json()] == [personas.group]
    assert personas.charlie.client.get("/api/v1/groups/").json() == []


def test_only_the_owner_changes_the_group(personas: Personas) -> None:
    url = f"/api/v1/groups/{personas.group}/"
    change = {"reward_carry_over": "always", "fame_cup": [1, 2, 3]}
    assert personas.bob.client.patch(url, change, format="json").status_code == 403
    assert personas.charlie.client.patch(url, change, format="json").status_code == 404
    changed = personas.alice.client.patch(url, change, format="json")
    assert changed.status_code == 200
    assert changed.json()["reward_carry_over"] == "always"
    bad = personas.alice.client.patch(url, {"reward_effects": {"crown": "x"}}, format="json")
    assert bad.status_code == 400
    assert "reward_effects" in bad.json()["fields"]
    assert personas.bob.client.delete(url).status_code == 403
    assert personas.alice.client.delete(url).status_code == 204


def test_players_of_a_group(personas: Personas) -> None:
    listed = personas.bob.client.get(f"/api/v1/players/?group={personas.group}").json()
    assert [(p["name"], p["account"]) for p in listed] == [("Ada", "alice"), ("Bea", "bob")]
    assert personas.charlie.client.get("/api/v1/players/").json() == []
    assert personas.charlie.client.get(f"/api/v1/players/{personas.ada}/").status_code == 404
    by_member = personas.bob.client.post(
        "/api/v1/players/", {"group": personas.group, "name": "Cy"}, format="json"
    )
    assert by_member.status_code == 403
    twice = personas.alice.client.post(
        "/api/v1/players/", {"group": personas.group, "name": "Ada"}, format="json"
    )
    assert twice.status_code == 400 and twice.json()["code"] == "player_exists"
    stranger = personas.alice.client.post(
        "/api/v1/players/", {"group": personas.group, "name": "Cy", "account": "charlie"},
        format="json",
    )  # fmt: skip
    assert stranger.json()["code"] == "account_not_in_group"
    renamed = personas.alice.client.patch(
        f"/api/v1/players/{personas.bea}/", {"name": "Beatrix"}, format="json"
    )
    assert renamed.json()["name"] == "Beatrix"
    detail = personas.bob.client.get(f"/api/v1/players/{personas.bea}/").json()
    assert detail["stats"]["games"] == 0


def test_removal_from_a_group_ends_every_access_at_once(personas: Personas) -> None:
    """Bob is a member and one of the group's players; once removed he sees nothing of it."""
    group = personas.group
    reads = (
        f"/api/v1/groups/{group}/",
        f"/api/v1/players/{personas.bea}/",
        f"/api/v1/history/?group={group}",
        f"/api/v1/awards/export.json?group={group}",
        f"/api/v1/awards/export.csv?group={group}",
        f"/api/v1/awards/sheet/?group={group}",
    )
    assert [personas.bob.client.get(url).status_code for url in reads] == [200] * 6
    assert personas.alice.client.delete(f"/api/v1/groups/{group}/members/bob/").status_code == 204
    assert [personas.bob.client.get(url).status_code for url in reads] == [404] * 6
    assert personas.bob.client.get("/api/v1/groups/").json() == []
    # Bea stays in the group, no longer linked to Bob's account.
    assert personas.alice.client.get(f"/api/v1/players/{personas.bea}/").json()["account"] is None
