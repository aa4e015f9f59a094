"""The server offers the choices, for a game with every expansion: through the list of actions
(GET /api/v1/games/{id}/actions/), every argument of every available action that names a thing
of the game (a seat, a place, a General, a card in a pile or a hand, a Companion, a Relic, an
ability card, a minion colour) comes with its legal choices, each titled as printed, and no
title is an id. The only arguments a player types are words (a reason, a note, what a card
says); the only fixed lists are plain words ("won", "green")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import client_for
from tests.helpers import a_face

from .test_dotr_api import act, create

pytestmark = pytest.mark.django_db

ID = re.compile(r"^[a-z0-9]+([-_][a-z0-9]+)+$")
EVERY_EXPANSION = {
    "host": {"name": "Ada", "hero": "Wizard"},
    "expansions": ["dragon", "companions_catacombs", "heros_calling"],
    "options": {"sterling": True, "winds_of_war": True, "hc_base_heroes": True},
    "starting_dungeon_roll": 2,
}
# Words a player writes: a reason, a note, a reward's effect, an ability card's name and text,
# what a card read at the table says (its form is the prompt's own schema).
FREE_WORDS = {
    ("end_game", "reason"), ("end_global_effect", "reason"), ("set_location", "reason"),
    ("grant_reward", "effect"), ("grant_reward", "note"), ("set_reward_effect", "effect"),
    ("use_royal_blessing", "note"), ("read_ability", "name"), ("read_ability", "level_1"),
    ("read_ability", "level_2"), ("read_ability", "level_3"), ("read_card", "face"),
}  # fmt: skip
# Fixed lists of plain words (each one a player reads as it is).
WORD_ENUMS = {
    ("end_game", "result"): {"won", "lost", "abandoned"},
    ("rumors", "colour"): {"green", "black", "red", "blue"},
    ("place_token", "colour"): {"green", "black", "red", "blue"},
    ("hire", "cost_colour"): {"green", "black", "red", "blue", "yellow", "purple"},
    ("set_fame_cup", "owner"): {"app", "table"},
}
# The generic commands of every game system (a deck, a pile, a seat of the table): the phone
# builds them from the table it shows (its decks, piles and hands by name); the setup
# checklist is ticked row by row on the Setup tab, and what the table did on the board row by
# row on the At the table panel (the steps it lists); joining a table is its own screen.
GENERIC = {"draw", "discard", "shuffle", "peek", "put_back", "take", "box", "claim_seat",
           "join", "tick_setup_step", "tick_table_step", "record_fame"}  # fmt: skip


def listed(token: str, game_id: str) -> list[dict[str, Any]]:
    response = client_for(token).get(f"/api/v1/games/{game_id}/actions/")
    assert response.status_code == 200, response.content
    return list(response.json()["actions"])


def ok(token: str, game_id: str, kind: str, args: dict[str, Any]) -> dict[str, Any]:
    response = act(token, game_id, kind, args)
    assert response.status_code == 200, response.content
    return dict(response.json())


def read_pending(game_id: str, tokens: dict[str, str]) -> None:
    """Every card waiting to be read at the table answered, each by the seat that may see it
    (a Quest drawn into a hand by its holder)."""
    for _ in range(12):
        reading = client_for(tokens["1"]).get(f"/api/v1/games/{game_id}/").json()["state"]
        if not reading.get("reading"):
            return
        seat = reading["reading"][0].get("seat") or "1"
        state = client_for(tokens[seat]).get(f"/api/v1/games/{game_id}/").json()["state"]
        ok(tokens[seat], game_id, "read_card", {"face": a_face(state["reading"][0])})
    raise AssertionError("cards still waiting to be read")


def problems(actions: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(arguments naming a thing without choices, titles that are ids or keys)."""
    missing: list[str] = []
    ids: list[str] = []
    for action in actions:
        if not action["available"] or action["type"] in GENERIC:
            continue
        for arg, schema in action["args"]["properties"].items():
            key = (action["type"], arg)
            where = f"{action['type']}.{arg}"
            items = schema.get("items") or {}
            kind = schema.get("type")
            names = kind == "string" or (kind == "array" and items.get("type") == "string")
            counted = kind == "object"
            if key in FREE_WORDS or not (names or counted):
                continue
            enum = schema.get("enum") or items.get("enum")
            if enum is not None:
                if set(enum) - WORD_ENUMS.get(key, set()):
                    missing.append(f"{where}: a fixed list {enum}")
                continue
            choices = schema.get("oneOf", items.get("oneOf"))
            titled = [p.get("title") for p in (schema.get("properties") or {}).values()]
            if choices is None and not titled:
                missing.append(where)
                continue
            for title in [c.get("title") for c in choices or []] + titled:
                if not title or ID.match(title) or "_" in title or "{" in title:
                    ids.append(f"{where}: {title!r}")
    return missing, ids


def test_every_argument_naming_a_thing_is_offered_by_its_printed_name() -> None:
    game = create(EVERY_EXPANSION)
    token, game_id = game["token"], game["id"]
    joined = client_for().post(
        "/api/v1/games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
        format="json",
    )  # fmt: skip
    assert joined.status_code in (200, 201), joined.content
    bea = joined.json()["token"]
    positions = []
    # At the start of the game, on both phones.
    positions += [listed(token, game_id), listed(bea, game_id)]
    # The cards the app does not know yet (the Quests dealt) are read at the table first.
    tokens = {"1": token, "2": bea}
    read_pending(game_id, tokens)
    positions += [listed(token, game_id), listed(bea, game_id)]
    # The Hero's Calling: ability cards entered, a hero to build.
    for name, kind in (("Fury", "combat"), ("Ice Wall", "control"), ("Gale", "movement")):
        ok(token, game_id, "read_ability", {"name": name, "type": kind, "level_1": "As printed."})
    positions.append(listed(token, game_id))
    # Companions revealed at an Inn (hire, the Hero Cards paid).
    ok(token, game_id, "move_hero", {"location": "Chimera Inn"})
    ok(token, game_id, "recruit", {"count": 3})
    positions.append(listed(token, game_id))
    # A Companion whose cost the app does not know yet is read from its card, then hired.
    read_pending(game_id, tokens)
    positions.append(listed(token, game_id))
    # Bea's Dungeon run: the app draws the Treasure Room (one nobody has entered is read as it
    # is drawn) and turns the rooms, then the escaping Minions and, once the goal is reached,
    # the Relic.
    state = client_for(token).get(f"/api/v1/games/{game_id}/").json()["state"]
    ok(bea, game_id, "move_hero", {"location": next(iter(state["dungeons"]))})
    ok(bea, game_id, "enter_dungeon", {})
    positions.append(listed(bea, game_id))
    read_pending(game_id, tokens)
    positions.append(listed(bea, game_id))
    # The app draws the Dungeon Room deck: a room nobody has entered is read as it is turned.
    ok(bea, game_id, "reveal_dungeon_room", {})
    read_pending(game_id, tokens)
    positions.append(listed(bea, game_id))
    ok(bea, game_id, "resolve_dungeon_room", {})
    read_pending(game_id, tokens)
    positions.append(listed(bea, game_id))
    available = {a["type"] for actions in positions for a in actions if a["available"]}
    assert {"choose_abilities", "hire", "resolve_dungeon_room", "fight_treasure_room"} <= available
    missing, ids = set(), set()
    for actions in positions:
        found_missing, found_ids = problems(actions)
        missing |= set(found_missing)
        ids |= set(found_ids)
    assert sorted(missing) == []
    assert sorted(ids) == []
