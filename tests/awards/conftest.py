"""Personas of the award tracker: Alice owns a group, Bob is a member of it, Charlie is an
outsider with an account of his own. Each talks to the API with an account token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from deck_tracker.awards import services

from ..conftest import client_for


@dataclass
class Account:
    user: Any
    token: str
    client: APIClient


def make_account(username: str) -> Account:
    user = get_user_model().objects.create_user(username=username, password="a-long-password")
    token = services.account_token_create(user=user)
    return Account(user=user, token=token, client=client_for(token))


@dataclass
class Personas:
    alice: Account
    bob: Account
    charlie: Account
    group: int
    ada: int  # players of Alice's group
    bea: int

    def play(
        self,
        *,
        host: tuple[Account, int | None, str],
        guests: list[tuple[Account | None, int | None, str, str]] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Create a game (the host's account, player, hero) and seat the guests; the created
        game's body with the clients of every seat (``seats``)."""
        account, player, hero = host
        body = {"host": {"name": "Host", "hero": hero}, **(setup or {})}
        if player is not None:
            body["player"] = player
        created = account.client.post("/api/v1/games/", body, format="json")
        assert created.status_code == 201, created.content
        game = created.json()
        game["seats"] = {"1": client_for(game["token"])}
        for guest_account, guest_player, name, guest_hero in guests or []:
            client = guest_account.client if guest_account else APIClient()
            joined = client.post(
                "/api/v1/games/join/",
                {
                    "join_code": game["join_code"],
                    "name": name,
                    "hero": guest_hero,
                    "player": guest_player,
                },
                format="json",
            )
            assert joined.status_code == 201, joined.content
            game["seats"][joined.json()["seat_id"]] = client_for(joined.json()["token"])
        return game


def act(seat: APIClient, game_id: str, type: str, args: dict[str, Any] | None = None) -> Any:
    version = seat.get(f"/api/v1/games/{game_id}/").json()["version"]
    response = seat.post(
        f"/api/v1/games/{game_id}/actions/",
        {"type": type, "args": args or {}, "expected_version": version},
        format="json",
    )
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def personas(db: None) -> Personas:
    alice, bob, charlie = make_account("alice"), make_account("bob"), make_account("charlie")
    group = alice.client.post("/api/v1/groups/", {"name": "Thursday table"}, format="json")
    assert group.status_code == 201, group.content
    group_id = group.json()["id"]
    added = alice.client.post(
        f"/api/v1/groups/{group_id}/members/", {"username": "bob"}, format="json"
    )
    assert added.status_code == 200, added.content
    invitation = bob.client.get("/api/v1/invitations/").json()[0]
    accepted = bob.client.post(f"/api/v1/invitations/{invitation['id']}/accept/")
    assert accepted.status_code == 200, accepted.content
    ada = alice.client.post(
        "/api/v1/players/", {"group": group_id, "name": "Ada", "account": "alice"}, format="json"
    )
    bea = alice.client.post(
        "/api/v1/players/", {"group": group_id, "name": "Bea", "account": "bob"}, format="json"
    )
    assert ada.status_code == bea.status_code == 201, (ada.content, bea.content)
    return Personas(
        alice=alice,
        bob=bob,
        charlie=charlie,
        group=group_id,
        ada=ada.json()["id"],
        bea=bea.json()["id"],
    )
