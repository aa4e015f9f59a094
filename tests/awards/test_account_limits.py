"""How much one account can make the server keep: groups it owns, players in its groups."""

from __future__ import annotations

from typing import Any

from deck_tracker.awards.models import Player, PlayerGroup

from .conftest import Personas


def new_group(account: Any, name: str) -> Any:
    return account.client.post("/api/v1/groups/", {"name": name}, format="json")


def new_player(personas: Personas, name: str, client: Any = None) -> Any:
    return (client or personas.alice.client).post(
        "/api/v1/players/", {"group": personas.group, "name": name}, format="json"
    )


def test_an_account_owns_at_most_so_many_groups(personas: Personas, settings: Any) -> None:
    settings.ACCOUNT_MAX_GROUPS = 3  # Alice owns one already
    assert [new_group(personas.alice, f"Table {n}").status_code for n in (2, 3)] == [201, 201]
    refused = new_group(personas.alice, "Table 4")
    assert refused.status_code == 409, refused.content
    assert refused.json()["code"] == "too_many_groups"
    assert PlayerGroup.objects.filter(owner=personas.alice.user).count() == 3
    # Bob is a member of one of Alice's groups: his own groups are counted apart.
    assert new_group(personas.bob, "Bob's table").status_code == 201


def test_the_groups_of_an_account_hold_at_most_so_many_players(
    personas: Personas, settings: Any
) -> None:
    settings.ACCOUNT_MAX_PLAYERS = 4  # Ada and Bea are in Alice's group
    assert [new_player(personas, name).status_code for name in ("Cy", "Di")] == [201, 201]
    refused = new_player(personas, "Ed")
    assert refused.status_code == 409, refused.content
    assert refused.json()["code"] == "too_many_players"
    # Another group of Alice's shares the same count.
    other = new_group(personas.alice, "Sunday table").json()["id"]
    elsewhere = personas.alice.client.post(
        "/api/v1/players/", {"group": other, "name": "Fay"}, format="json"
    )
    assert elsewhere.status_code == 409
    assert Player.objects.filter(group__owner=personas.alice.user).count() == 4


def test_an_import_cannot_bring_more_players_than_the_account_may_keep(
    personas: Personas, settings: Any
) -> None:
    settings.ACCOUNT_MAX_PLAYERS = 3
    document = {
        "format": "dotr-award-tracker",
        "version": 1,
        "players": [{"name": "Cy"}, {"name": "Di"}],
        "games": [{"played_on": "2025-01-02", "generals": ["S"], "minions": [], "result": "W"}],
    }
    refused = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": personas.group, "document": document}, format="json"
    )
    assert refused.status_code == 409, refused.content
    assert refused.json()["code"] == "too_many_players"
    assert Player.objects.filter(group_id=personas.group).count() == 2
