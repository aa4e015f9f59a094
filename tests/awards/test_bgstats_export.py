"""A finished game exported to BG Stats, checked against the app's documented import format
("Push plays to BG Stats from other apps or websites": one play as JSON, URL-encoded as `data`
to https://app.bgstatsapp.com/createPlay.html)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jsonschema
import pytest

from .conftest import Personas, act
from .test_history import history, won_with_ball

# Transactional: the tracker is updated by a task enqueued when the command commits.
pytestmark = pytest.mark.django_db(transaction=True)

# The fields BG Stats documents for a pushed play, with their types.
PLAY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["sourceName", "playDate", "game", "players"],
    "properties": {
        "sourceName": {"type": "string", "minLength": 1},
        "sourcePlayId": {"type": "string", "minLength": 1},
        "playDate": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"},
        "durationMin": {"type": "integer", "minimum": 0},
        "location": {"type": "string"},
        "comments": {"type": "string"},
        "board": {"type": "string"},
        "game": {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "bggId": {"type": "integer", "minimum": 1},
                "sourceGameId": {"type": "string"},
                "cooperative": {"type": "boolean"},
                "highestWins": {"type": "boolean"},
                "noPoints": {"type": "boolean"},
            },
            "additionalProperties": False,
        },
        "expansions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "bggId": {"type": "integer", "minimum": 1},
                    "sourceGameId": {"type": "string"},
                },
                "additionalProperties": False,
            },
        },
        "players": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "sourcePlayerId": {"type": "string"},
                    "role": {"type": "string"},
                    "score": {"type": ["number", "string"]},
                    "winner": {"type": "boolean"},
                    "startPlayer": {"type": "boolean"},
                    "rank": {"type": "integer"},
                    "team": {"type": "string"},
                },
                "additionalProperties": False,
            },
        },
    },
    "additionalProperties": False,
}


def exported(personas: Personas, uid: str) -> dict[str, Any]:
    response = personas.alice.client.get(f"/api/v1/history/{uid}/bgstats/")
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def test_a_won_game_exports_in_the_documented_format(personas: Personas) -> None:
    won_with_ball(personas)
    record = history(personas, group=personas.group)["records"][0]
    body = exported(personas, record["uid"])
    play = body["play"]
    jsonschema.validate(play, PLAY_SCHEMA)
    assert play["sourceName"] == "DotR Companion"
    assert play["sourcePlayId"] == record["uid"]
    assert play["game"]["name"] == "Defenders of the Realm"
    assert play["game"]["cooperative"] is True
    assert play["playDate"].startswith(record["played_on"])
    assert play["durationMin"] >= 0
    assert play["expansions"] == []
    players = {(p["name"], p["role"], p["winner"]) for p in play["players"]}
    assert players == {("Ada", "Wizard", True), ("Bea", "Rogue", True)}
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Ada"]
    assert "All four Generals fell." in play["comments"]
    assert "Ada: 3 minor" in play["comments"]
    # The link carries the same play, URL-encoded, to BG Stats' createPlay page.
    link = urlsplit(body["url"])
    assert (link.scheme, link.netloc, link.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    assert json.loads(parse_qs(link.query)["data"][0]) == play


def test_a_lost_game_with_an_expansion(personas: Personas) -> None:
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"), setup={"expansions": ["dragon"]}
    )
    act(game["seats"]["1"], game["id"], "end_game", {"result": "lost", "reason": "Orcs ran out."})
    record = history(personas, group=personas.group)["records"][0]
    play = exported(personas, record["uid"])["play"]
    jsonschema.validate(play, PLAY_SCHEMA)
    assert play["expansions"] == [
        {
            "name": "Defenders of the Realm: The Dragon Expansion",
            "sourceGameId": "defenders-of-the-realm-dragon",
        }
    ]
    assert [p["winner"] for p in play["players"]] == [False]
    assert play["comments"].startswith("Lost: Orcs ran out.")


def test_only_the_groups_accounts_may_export(personas: Personas) -> None:
    won_with_ball(personas)
    uid = history(personas, group=personas.group)["records"][0]["uid"]
    refused = personas.charlie.client.get(f"/api/v1/history/{uid}/bgstats/")
    assert refused.status_code == 404
    assert refused.json()["code"] == "not_found"
