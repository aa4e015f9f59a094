"""A Talisman: The Dragon table read on a German phone through the API: the game view (its
spaces, Regions, scales, Lords, characters, the Tower) and every event of a game played from
setup to the King slain read in German words, never English; the English phone reads English."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import client_for
from tests.english import english_in, english_names, english_sentences

pytestmark = pytest.mark.django_db

SETUP = {
    "system": "talisman-dragon",
    "host": {"name": "Ann", "hero": "Conjurer"},
    "options": {"inner_region": "dragon-tower", "lord_lives": {"varthrax": 2}},
}


def read(token: str, path: str, language: str) -> Any:
    response = client_for(token).get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content
    return response.json()


def ok(token: str, game_id: str, type: str, args: dict[str, Any] | None = None) -> Any:
    version = read(token, f"/api/v1/games/{game_id}/", "en")["version"]
    response = client_for(token).post(
        f"/api/v1/games/{game_id}/actions/",
        {"type": type, "args": args or {}, "expected_version": version},
        format="json",
    )
    assert response.status_code == 200, response.content
    return response.json()


def a_whole_game() -> tuple[str, str, str]:
    """Ann's Conjurer and Bea's Dragon Hunter: Varthrax crowned, his scale met and claimed, a
    Dragon Rage cancelled, a new character, the Dragon Tower climbed and the King slain."""
    created = client_for().post("/api/v1/games/", SETUP, format="json")
    assert created.status_code == 201, created.content
    game = created.json()
    joined = client_for().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Dragon Hunter"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    game_id, ann, bea = game["id"], game["token"], joined.json()["token"]
    ok(ann, game_id, "move", {"space": "chapel"})
    ok(ann, game_id, "draw_dragon_token", {"token": "strike"})
    ok(ann, game_id, "draw_dragon_token", {"token": "rage"})  # nobody is Dragon King yet
    ok(ann, game_id, "draw_dragon_token", {"token": "varthrax"})
    ok(ann, game_id, "next_turn")
    ok(bea, game_id, "move", {"space": "sentinel"})
    ok(bea, game_id, "draw_dragon_token", {"token": "varthrax"})
    ok(bea, game_id, "next_turn")
    ok(ann, game_id, "draw_dragon_token", {"token": "varthrax"})  # crowned: a scale on the Chapel
    ok(ann, game_id, "next_turn")
    ok(bea, game_id, "draw_dragon_token", {"token": "slumber"})
    ok(bea, game_id, "next_turn")
    ok(ann, game_id, "draw_dragon_token", {"token": "cadorus"})
    ok(ann, game_id, "move", {"space": "chapel", "encounter": "scale"})
    card = read(ann, f"/api/v1/games/{game_id}/", "en")["state"]["dragon_cards_out"][0]
    read_out = {"deck": card["deck"], "card": card["card"], "name": "Wyrmling", "kind": "enemy"}
    ok(ann, game_id, "name_dragon_card", read_out)
    ok(ann, game_id, "claim_scale", {"enemy": "Wyrmling"})
    ok(ann, game_id, "set_opponents", {"lords": ["varthrax"]})
    ok(ann, game_id, "next_turn")
    ok(bea, game_id, "draw_dragon_token", {"token": "grilipus"})
    ok(bea, game_id, "next_turn")
    ok(ann, game_id, "draw_dragon_token", {"token": "rage"})
    ok(ann, game_id, "cancel_dragon_rage", {"lord": "varthrax"})
    ok(ann, game_id, "new_character", {"name": "Fire Wizard"})
    ok(ann, game_id, "next_turn")
    ok(bea, game_id, "draw_dragon_token", {"token": "slumber"})
    ok(bea, game_id, "move", {"space": "portal-of-power"})
    ok(bea, game_id, "enter_inner_region")
    ok(bea, game_id, "tower_draw")
    ok(bea, game_id, "tower_result", {"killed": 5})
    ok(bea, game_id, "attack_king", {"result": "won"})
    ok(bea, game_id, "attack_king", {"result": "won", "with": "craft"})
    return game_id, ann, bea


def test_a_german_phone_reads_a_whole_talisman_game_without_english() -> None:
    game_id, ann, bea = a_whole_game()
    sentences, names = english_sentences(), english_names("names_td.json")
    german = read(bea, f"/api/v1/games/{game_id}/", "de")
    english = read(bea, f"/api/v1/games/{game_id}/", "en")
    assert german["state"]["outcome"]["result"] == "won"
    assert german["state"]["outcome"]["reason"] == (
        "Bea (Drachenjäger) hat Varthrax das letzte Leben genommen."
    )
    assert english["state"]["outcome"]["reason"] == (
        "Bea's Dragon Hunter removed the last life of Varthrax."
    )
    events = read(ann, f"/api/v1/games/{game_id}/events/", "de")
    events = events if isinstance(events, list) else events["events"]
    assert {e["type"] for e in events} >= {"dragon_card_named", "scale_claimed", "king_slain"}
    worded = {
        "view": {k: german["state"][k] for k in VIEW_WORDS},
        "events": [{"summary": e["summary"], "steps": e["steps"]} for e in events],
    }
    found = english_in(worded, sentences, names)
    assert found == [], "\n".join(found)

    # The board as the German phone names it; the English phone's as the English rules print it.
    state = german["state"]
    assert [r["name"] for r in state["board_scales_by_region"]] == [
        "Äußere Region",
        "Mittlere Region",
    ]
    assert state["track"]["name"] == "Drachenturm"
    assert english["state"]["track"]["name"] == "Dragon Tower"
    assert state["track"]["spaces"][-1]["name"] == "Krone der Macht"
    assert state["track"]["spaces"][-1]["here"] == ["Bea (Drachenjäger)"]
    assert english["state"]["track"]["spaces"][-1]["here"] == ["Bea's Dragon Hunter"]
    assert [k["name"] for k in state["token_kinds"]][-3:] == [
        "Drachenschlag", "Drachenzorn", "Drachenschlummer"
    ]  # fmt: skip
    ann_view, bea_view = state["characters_view"]
    assert (ann_view["label"], ann_view["where"]) == (
        "Ann (Feuermagier)",
        "noch nicht auf dem Spielplan",
    )
    assert bea_view["where"] == "auf dem Feld Krone der Macht"
    assert english["state"]["characters_view"][1]["where"] == "on the Crown of Command"
    # The card named as an Enemy reads as a "Feind" in the log, never the raw kind "enemy".
    named = next(e for e in events if e["type"] == "dragon_card_named")
    assert named["summary"] == "Eine Karte von Varthrax ist Wyrmling (Feind)."
    english_events = read(ann, f"/api/v1/games/{game_id}/events/", "en")
    english_events = (
        english_events if isinstance(english_events, list) else english_events["events"]
    )
    named_en = next(e for e in english_events if e["type"] == "dragon_card_named")
    assert named_en["summary"] == "A Varthrax Card is the Wyrmling (enemy)."


# What the German phone reads of the Talisman view: its names and words (ids left aside).
VIEW_WORDS = (
    "lords_view",
    "board_scales_by_region",
    "characters_view",
    "track",
    "king_name",
    "token_kinds",
    "dragon_cards_out",
    "system_name",
    "outcome",
)
