"""A Treasure Room goes by its name, in every language, never by the pack's numbered slot.

CC 'Treasure Rooms': "Once a Dungeon is entered, the player shuffles the Treasure Room cards
(both the Treasure Room deck and its discard pile) and draws 1 Treasure Room card. The Hero must
explore Dungeon Rooms until they reach the Exploration Goal shown at the top of the card." Nine
of the ten cards are not published: the pack holds them as "Treasure Room 2" to "Treasure Room
10" until the table reads one. What a phone shows for the card drawn is the name the table read
(the card as printed), or, not read yet, what it is (a Treasure Room and its goal).
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game
from tests.conftest import client_for

from .test_dotr_api import act, create

pytestmark = pytest.mark.django_db

NINE = "treasure-room-09"


def _at_a_dungeon(**setup: Any) -> dict[str, Any]:
    game = create(
        {"host": {"name": "Ada", "hero": "Dwarf"}, "expansions": ["companions_catacombs"], **setup}
    )
    row = Game.objects.get(pk=game["id"])
    state = row.state
    state["heroes"]["1"]["location"] = next(iter(state["dungeons"]))
    Game.objects.filter(pk=row.pk).update(state=state)
    return game


def _names(game: dict[str, Any], language: str) -> dict[str, str]:
    seen = client_for(game["token"]).get(
        f"/api/v1/games/{game['id']}/", HTTP_ACCEPT_LANGUAGE=language
    )
    return seen.json()["state"]["card_names"]


def test_a_treasure_room_read_at_the_table_goes_by_the_name_on_its_card() -> None:
    game = _at_a_dungeon(table_decks=["treasure_room"])
    drawn = act(game["token"], game["id"], "enter_dungeon", {"card": NINE})
    assert drawn.status_code == 200, drawn.content
    # Lying face up to be read: what it is, not "Treasure Room 9".
    assert _names(game, "en")[NINE] == "A Treasure Room card"
    assert _names(game, "de")[NINE] == "Eine Schatzkammerkarte"
    face = {"title": "Crypt of the Bone King", "exploration_goal": 4}
    read = act(game["token"], game["id"], "read_card", {"face": face})
    assert read.status_code == 200, read.content
    assert read.json()["state"]["dungeon_run"]["treasure"] == NINE
    # The name printed on the card, as the table read it, for an English and a German phone.
    assert _names(game, "en")[NINE] == "Crypt of the Bone King"
    assert _names(game, "de")[NINE] == "Crypt of the Bone King"


def test_a_treasure_room_whose_goal_alone_is_known_says_what_it_is() -> None:
    game = _at_a_dungeon(table_decks=["treasure_room"])
    entered = act(game["token"], game["id"], "enter_dungeon", {"card": NINE, "goal": 6})
    assert entered.status_code == 200, entered.content
    assert _names(game, "en")[NINE] == "Treasure Room (Exploration Goal 6)"
    assert _names(game, "de")[NINE] == "Schatzkammer (Erkundungsziel 6)"
    assert "Treasure Room 9" not in _names(game, "en").values()
