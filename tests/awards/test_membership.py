"""Membership by consent: Alice invites, Dave accepts or declines; any member may leave; an
invitation tells nothing about which names exist; who records games for whom."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.awards.api.throttles import InviteThrottle
from deck_tracker.awards.models import GameRecord

from ..conftest import client_for
from .conftest import Personas, act, make_account

pytestmark = pytest.mark.django_db(transaction=True)


def invite(personas: Personas, username: str) -> Any:
    return personas.alice.client.post(
        f"/api/v1/groups/{personas.group}/members/", {"username": username}, format="json"
    )


def test_an_invited_account_joins_only_by_accepting(personas: Personas) -> None:
    dave = make_account("dave")
    answer = invite(personas, "dave")
    assert answer.status_code == 200
    assert "dave" not in answer.json()["members"] and "dave" in answer.json()["invited"]
    group_url = f"/api/v1/groups/{personas.group}/"
    assert dave.client.get(group_url).status_code == 404
    waiting = dave.client.get("/api/v1/invitations/").json()
    assert [(i["group_name"], i["owner"]) for i in waiting] == [("Thursday table", "alice")]
    # Nobody else answers Dave's invitation.
    stolen = personas.charlie.client.post(f"/api/v1/invitations/{waiting[0]['id']}/accept/")
    assert stolen.status_code == 404
    accepted = dave.client.post(f"/api/v1/invitations/{waiting[0]['id']}/accept/")
    assert accepted.status_code == 200 and "dave" in accepted.json()["members"]
    assert dave.client.get(group_url).status_code == 200
    again = dave.client.post(f"/api/v1/invitations/{waiting[0]['id']}/accept/")
    assert again.status_code == 404


def test_a_declined_invitation_leaves_the_account_out(personas: Personas) -> None:
    dave = make_account("dave")
    invite(personas, "dave")
    invitation = dave.client.get("/api/v1/invitations/").json()[0]
    assert dave.client.post(f"/api/v1/invitations/{invitation['id']}/decline/").status_code == 204
    assert dave.client.get("/api/v1/invitations/").json() == []
    assert dave.client.get(f"/api/v1/groups/{personas.group}/").status_code == 404
    group = personas.alice.client.get(f"/api/v1/groups/{personas.group}/").json()
    assert "dave" not in group["members"] and "dave" not in group["invited"]


def test_inviting_an_unknown_name_answers_like_a_known_one(personas: Personas) -> None:
    make_account("dave")
    known, unknown = invite(personas, "dave"), invite(personas, "nobody-has-this")
    assert known.status_code == unknown.status_code == 200
    assert set(known.json()) == set(unknown.json())
    assert unknown.json()["invited"] == ["dave", "nobody-has-this"]


def test_invitations_are_throttled(personas: Personas, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(InviteThrottle, "rate", "4/hour", raising=False)
    # Alice's invitation of Bob (the personas) was the first of the hour.
    answers = [invite(personas, f"name{n}").status_code for n in range(4)]
    assert answers == [200, 200, 200, 429]


def test_a_member_may_leave_but_not_remove_others(personas: Personas) -> None:
    dave = make_account("dave")
    invite(personas, "dave")
    invitation = dave.client.get("/api/v1/invitations/").json()[0]
    dave.client.post(f"/api/v1/invitations/{invitation['id']}/accept/")
    members = f"/api/v1/groups/{personas.group}/members/"
    assert personas.bob.client.delete(f"{members}dave/").status_code == 403
    assert personas.bob.client.delete(f"{members}bob/").status_code == 204
    assert personas.bob.client.get(f"/api/v1/groups/{personas.group}/").status_code == 404
    assert personas.alice.client.delete(f"{members}alice/").status_code == 400
    group = personas.alice.client.get(f"/api/v1/groups/{personas.group}/").json()
    assert group["members"] == ["dave"]


def test_a_member_cannot_sit_as_the_owners_player(personas: Personas) -> None:
    body = {"host": {"name": "Ada", "hero": "Wizard"}, "player": personas.ada}
    forged = personas.bob.client.post("/api/v1/games/", body, format="json")
    assert forged.status_code == 403
    assert forged.json()["code"] == "player_is_another_account"
    assert forged.json()["fields"] == {"player": [forged.json()["detail"]]}
    # Nor the owner as the member's.
    body = {"host": {"name": "Bea", "hero": "Rogue"}, "player": personas.bea}
    assert personas.alice.client.post("/api/v1/games/", body, format="json").status_code == 403
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    joined = personas.bob.client.post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Ada", "player": personas.ada},
        format="json",
    )
    assert joined.status_code == 403
    assert GameRecord.objects.count() == 0


def test_only_the_owner_or_a_granted_recorder_seats_players_without_accounts(
    personas: Personas,
) -> None:
    cy = personas.alice.client.post(
        "/api/v1/players/", {"group": personas.group, "name": "Cy"}, format="json"
    ).json()["id"]
    body = {"host": {"name": "Cy", "hero": "Wizard"}, "player": cy}
    refused = personas.bob.client.post("/api/v1/games/", body, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_a_recorder"
    member = f"/api/v1/groups/{personas.group}/members/bob/"
    assert personas.bob.client.patch(member, {"can_record": True}, format="json").status_code == 403
    granted = personas.alice.client.patch(member, {"can_record": True}, format="json")
    assert granted.status_code == 200 and granted.json()["recorders"] == ["bob"]
    game = personas.bob.client.post("/api/v1/games/", body, format="json")
    assert game.status_code == 201, game.content
    host = game.json()
    act(client_for(host["token"]), host["id"], "end_game", {"result": "won", "reason": "Done."})
    assert GameRecord.objects.filter(group_id=personas.group).count() == 1


def test_history_comes_a_page_at_a_time(personas: Personas, settings: Any) -> None:
    games = [
        {"played_on": f"2024-{1 + n // 28:02d}-{1 + n % 28:02d}", "generals": ["S"],
         "minions": [], "result": "W"}
        for n in range(120)
    ]  # fmt: skip
    document = {"format": "dotr-award-tracker", "version": 1, "games": games}
    personas.alice.client.post(
        "/api/v1/awards/import/", {"group": personas.group, "document": document}, format="json"
    )
    first = personas.bob.client.get("/api/v1/history/").json()
    assert (len(first["records"]), first["count"], first["pages"], first["next"]) == (50, 120, 3, 2)
    last = personas.bob.client.get("/api/v1/history/?page=3").json()
    assert len(last["records"]) == 20 and last["next"] is None
    newest = personas.bob.client.get("/api/v1/history/?order=newest").json()["records"][0]
    assert newest["played_on"] == last["records"][-1]["played_on"]
    players = personas.bob.client.get("/api/v1/players/")
    assert players["X-Total-Count"] == "2" and "Link" not in players
