"""Joining by a code typed the way people type: any case, spaces, dashes, a stray mark, and the
letters that look like digits; the heroes already taken, with the players who play them."""

from __future__ import annotations

import pytest

from deck_tracker.games.selectors import normalise_join_code
from deck_tracker.games.services import JOIN_CODE_ALPHABET, _new_join_code
from deck_tracker.models import Game
from tests.conftest import client_for

from .test_dotr_api import create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("ab-c 12", "ABC12"),
        ("  7pjz-q9du ", "7PJZQ9DU"),
        ("7PJZ.Q9DU!", "7PJZQ9DU"),
        ("o0-Il1", "00111"),  # O read as 0, I and l as 1
        ("\uff17\uff30\uff2a\uff3a", "7PJZ"),  # full-width, as some keyboards type
        ("ÅB—C", "BC"),  # marks outside the code's alphabet are dropped
        ("- -", ""),
    ],
)
def test_a_typed_code_is_read_forgivingly(typed: str, read: str) -> None:
    assert normalise_join_code(typed) == read


def test_codes_are_drawn_without_the_look_alike_letters() -> None:
    assert not set("ILO") & set(JOIN_CODE_ALPHABET)
    code = _new_join_code()
    assert normalise_join_code(code) == code


def _with_code(game: dict, code: str) -> None:
    Game.objects.filter(pk=game["id"]).update(join_code=code)


@pytest.mark.parametrize(
    "typed", ["ab-c 1O2d", "AB C1 02D", "abc1o2d.", "ABCl-02D", " a b c i 0 2 d "]
)
def test_a_messy_code_joins_the_table(typed: str) -> None:
    game = create({"host": {"name": "Ada", "hero": "Wizard"}})
    _with_code(game, "ABC102D")
    response = client_for().post(
        "/api/v1/games/join/", {"join_code": typed, "name": "Bea", "hero": "Rogue"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["game_id"] == game["id"]


def test_a_code_of_no_table_is_still_unknown() -> None:
    create({"host": {"name": "Ada", "hero": "Wizard"}})
    for typed in ["ZZZZ-ZZZZ", "--"]:
        response = client_for().post(
            "/api/v1/games/join/", {"join_code": typed, "name": "Bea"}, format="json"
        )
        assert response.status_code == 404
        assert response.json()["code"] == "unknown_join_code"


def test_the_preview_names_the_players_and_the_heroes_they_play() -> None:
    game = create({"host": {"name": "Ada", "hero": "Wizard"}})
    _with_code(game, "ABC102D")
    client_for().post(
        "/api/v1/games/join/",
        {"join_code": "ABC102D", "name": "Bea", "hero": "Eagle Rider"},
        format="json",
    )
    client_for().post("/api/v1/games/join/", {"join_code": "ABC102D", "name": "Cy"}, format="json")
    response = client_for().get("/api/v1/games/join/abc-1o2d/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["join_code"] == "ABC102D"
    assert body["players"] == ["Ada", "Bea", "Cy"]
    assert body["heroes_taken"] == [
        {"hero": "wizard", "name": "Wizard", "player": "Ada"},
        {"hero": "eagle-rider", "name": "Eagle Rider", "player": "Bea"},
    ]
    # No hidden card, no token, no draw order: only the names.
    assert set(body) == {"join_code", "system", "hero_choice", "players", "heroes_taken"}
    assert body["hero_choice"] == "pack"
    missing = client_for().get("/api/v1/games/join/ZZZZ/")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_join_code"


def test_a_taken_hero_is_refused_naming_the_player_who_plays_it() -> None:
    game = create({"host": {"name": "Ada", "hero": "Wizard"}})
    refused = client_for().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Wizard"},
        format="json",
    )
    assert refused.status_code == 400
    body = refused.json()
    assert body["code"] == "hero_taken"
    assert "Ada" in body["detail"] and "seat" not in body["detail"]


@pytest.mark.parametrize(
    ("setup", "choice"),
    [
        # HC 'Constructing a Hero': "Heroes in The Hero's Calling are constructed by combining
        # 3 ability cards": a joining player names the hero built, never picks a base hero.
        ({"expansions": ["heros_calling"]}, "built"),
        ({"expansions": ["heros_calling"], "options": {"hc_base_heroes": True}}, "pack_or_built"),
        ({"expansions": ["dragon"]}, "pack"),
        ({"system": "talisman-dragon"}, "character"),
        ({"system": "battlefields"}, "none"),
    ],
)
def test_the_preview_says_what_a_joining_player_of_that_game_names(
    setup: dict[str, object], choice: str
) -> None:
    game = create({"host": {"name": "Ada"}, **setup})
    body = client_for().get(f"/api/v1/games/join/{game['join_code']}/").json()
    assert body["hero_choice"] == choice


def test_a_heros_calling_hero_joins_by_the_name_its_player_gives_it() -> None:
    game = create({"host": {"name": "Ada", "hero": "Aria"}, "expansions": ["heros_calling"]})
    joined = (
        client_for()
        .post(
            "/api/v1/games/join/",
            {"join_code": game["join_code"], "name": "Bea", "hero": "Brannoc the Bold"},
            format="json",
        )
        .json()
    )
    preview = client_for().get(f"/api/v1/games/join/{game['join_code']}/").json()
    assert [(h["name"], h["player"]) for h in preview["heroes_taken"]] == [
        ("Aria", "Ada"),
        ("Brannoc the Bold", "Bea"),
    ]
    assert joined["state"]["heroes"][joined["seat_id"]]["life"] == 5
