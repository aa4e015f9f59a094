"""Export as JSON and CSV, import back (round trip), and the printable sheet."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from deck_tracker.awards.models import PlayerStats

from .conftest import Personas, act
from .test_history import won_with_ball

pytestmark = pytest.mark.django_db(transaction=True)


def lost_game(personas: Personas) -> None:
    game = personas.play(
        host=(personas.alice, personas.ada, "Paladin"),
        guests=[(None, None, "Guest", "Dwarf")],
    )
    act(game["seats"]["1"], game["id"], "end_game", {"result": "lost", "reason": "Taint."})


def filled(personas: Personas) -> None:
    personas.alice.client.patch(
        f"/api/v1/groups/{personas.group}/",
        {"fame_cup": [1, 2], "reward_effects": {"duke": "An extra action."}},
        format="json",
    )
    won_with_ball(personas)
    lost_game(personas)


def new_group(personas: Personas, name: str = "Restored") -> int:
    response = personas.alice.client.post("/api/v1/groups/", {"name": name}, format="json")
    group: int = response.json()["id"]
    return group


def export(personas: Personas, group: int, kind: str = "json") -> Any:
    response = personas.alice.client.get(f"/api/v1/awards/export.{kind}?group={group}")
    assert response.status_code == 200, response.content
    assert "attachment" in response["Content-Disposition"]
    return response.json() if kind == "json" else response.content.decode()


def test_json_round_trip(personas: Personas) -> None:
    filled(personas)
    document = export(personas, personas.group)
    assert document["format"] == "dotr-award-tracker"
    assert len(document["games"]) == 2
    guest = [h for h in document["games"][1]["heroes"] if h["player_name"] == "Guest"]
    assert guest[0]["player"] is None  # a name at the table, not a player of the group
    target = new_group(personas)
    # A player is linked to an account only if it is the owner's or a member's.
    personas.alice.client.post(
        f"/api/v1/groups/{target}/members/", {"username": "bob"}, format="json"
    )
    invitation = personas.bob.client.get("/api/v1/invitations/").json()[0]
    personas.bob.client.post(f"/api/v1/invitations/{invitation['id']}/accept/")
    imported = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": target, "document": document}, format="json"
    )
    assert imported.status_code == 200, imported.content
    assert imported.json() == {"games_created": 2, "games_skipped": 0, "players_created": 2}
    again = export(personas, target)
    assert again["group"].pop("name") == "Restored"
    assert document["group"].pop("name") == "Thursday table"
    assert again == document
    # Statistics are recomputed for the imported players (the task runs after commit).
    ada = PlayerStats.objects.get(player__group_id=target, player__name="Ada")
    assert (ada.games, ada.wins, ada.losses) == (2, 1, 1)


def test_importing_twice_adds_nothing(personas: Personas) -> None:
    filled(personas)
    document = export(personas, personas.group)
    again = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": personas.group, "document": document}, format="json"
    )
    assert again.json() == {"games_created": 0, "games_skipped": 2, "players_created": 0}


def test_csv_round_trip(personas: Personas) -> None:
    filled(personas)
    text = export(personas, personas.group, "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [row["result"] for row in rows] == ["W", "L"]
    assert rows[0]["champion"] == "Wizard (Ada)"
    assert rows[0]["duke"] == "Rogue (Bea)"
    assert rows[0]["generals"].split() and rows[1]["player_2"] == "Guest"
    target = new_group(personas)
    imported = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": target, "csv": text}, format="json"
    )
    assert imported.status_code == 200, imported.content
    assert imported.json()["games_created"] == 2
    assert export(personas, target, "csv") == text


def test_a_bad_file_names_each_problem_and_imports_nothing(personas: Personas) -> None:
    document = {
        "format": "dotr-award-tracker",
        "version": 1,
        "games": [
            {"played_on": "2025-02-30", "generals": ["S"], "minions": [], "result": "W"},
            {"played_on": "2025-03-01", "generals": ["s v"], "minions": [], "result": "X",
             "rewards": [{"card": "crown", "hero": "wizard", "player": "Ada"}]},
        ],
    }  # fmt: skip
    response = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": personas.group, "document": document}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_import"
    assert set(body["fields"]) == {
        "games.0.played_on",
        "games.1.generals",
        "games.1.result",
        "games.1.rewards.0.card",
    }
    assert export(personas, personas.group)["games"] == []
    bad_csv = personas.alice.client.post(
        "/api/v1/awards/import/",
        {"group": personas.group, "csv": "played_on,generals,result,duke\n2025-01-01,S,W,Ada\n"},
        format="json",
    )
    assert bad_csv.json()["fields"] == {"rows.1.duke": ["Write the reward as Hero (Player)."]}
    neither = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": personas.group}, format="json"
    )
    assert neither.status_code == 400


def test_only_the_owner_imports_and_outsiders_see_nothing(personas: Personas) -> None:
    filled(personas)
    document = export(personas, personas.group)
    by_member = personas.bob.client.post(
        "/api/v1/awards/import/", {"group": personas.group, "document": document}, format="json"
    )
    assert by_member.status_code == 403
    member = personas.bob.client.get(f"/api/v1/awards/export.json?group={personas.group}")
    assert member.status_code == 200
    for path in ("export.json", "export.csv", "sheet/"):
        response = personas.charlie.client.get(f"/api/v1/awards/{path}?group={personas.group}")
        assert response.status_code == 404, path
    assert personas.alice.client.get("/api/v1/awards/export.json").status_code == 400


def test_the_printable_sheet_is_laid_out_like_the_rulebooks_page(personas: Personas) -> None:
    filled(personas)
    response = personas.bob.client.get(f"/api/v1/awards/sheet/?group={personas.group}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    headers = ["Generals", "Minions", "W/L", "Champion", "Duke", "Land", "Mayor", "Stables",
               "Folk Hero", "Blessing"]  # fmt: skip
    positions = [html.index(f">{header}</th>") for header in headers]
    assert positions == sorted(positions)
    assert "@media print" in html and "landscape" in html
    assert 'Rogue</span><span class="player">Bea' in html
    assert "<dt>HDS</dt><dd>High Dragon Sapphire</dd>" in html
    assert "<dt>SKW</dt><dd>Skeleton Warriors</dd>" in html


def test_a_csv_import_into_a_new_group_keeps_a_guest_a_guest(personas: Personas) -> None:
    """A seat that sat as no player of the group (Guest, the Dwarf) is a name in the export, and
    stays a name after the CSV import: no player is made of it."""
    filled(personas)
    text = export(personas, personas.group, "csv")
    target = new_group(personas)
    imported = personas.alice.client.post(
        "/api/v1/awards/import/", {"group": target, "csv": text}, format="json"
    )
    assert imported.status_code == 200, imported.content
    document = export(personas, target)
    guest = [h for g in document["games"] for h in g["heroes"] if h["player_name"] == "Guest"]
    assert guest and all(h["player"] is None for h in guest)
    from deck_tracker.awards.models import Player

    assert not Player.objects.filter(group_id=target, name="Guest").exists()
    assert Player.objects.filter(group_id=target, name="Ada").exists()
