"""A group's content entries from its account holders, away from any table: members see and
export them, the owner (or a member who records games) imports a friend's file; an outsider
sees nothing. What is imported is what the group's next game knows."""

from __future__ import annotations

import pytest

from tests.api.test_content_owners import brimstone_is_read
from tests.helpers import ENTERED

from .conftest import Personas

pytestmark = pytest.mark.django_db

LIFE = "values.generals/brimstone/life"
QUEST_RULE = "values.decks/quest/dx-quest-1/data.location_rule"
FILE = {
    "format": "dotr-companion-entries",
    "format_version": 1,
    "owner": "Friends",
    "packs": {"dotr-dragon": ENTERED},
}


def url(personas: Personas, tail: str = "") -> str:
    return f"/api/v1/groups/{personas.group}/content/{tail}"


def test_the_owner_imports_a_friends_file_and_the_groups_next_game_knows_it(personas):
    # The Burning Land brings Brimstone back: nobody entered his card, so the table reads it.
    assert brimstone_is_read(personas.alice.client, personas.ada)
    imported = personas.alice.client.post(url(personas, "import/"), {"file": FILE}, format="json")
    assert imported.status_code == 200, imported.content
    report = imported.json()
    cards = sum(len(entries) for entries in ENTERED["cards"].values())
    # A new Quest dealt to Ada at the setup may have been read already: the file agrees with it.
    assert len(report["added"]) + report["unchanged"] == len(ENTERED["values"]) + cards
    assert report["conflicts"] == []
    # The group's next game knows his card; a game of no group still reads it.
    assert not brimstone_is_read(personas.alice.client, personas.ada)
    assert brimstone_is_read(personas.charlie.client)
    # Bob, a member, sees the entries and exports them; they are the file's.
    listed = personas.bob.client.get(url(personas)).json()
    life = next(e for p in listed["packs"] for e in p["entries"] if e["path"] == LIFE)
    assert (listed["owner_name"], life["item"], life["shown"]) == (
        "Thursday table",
        "Brimstone",
        "6",
    )
    quest = next(e for p in listed["packs"] for e in p["entries"] if e["path"] == QUEST_RULE)
    # A Quest's location rule reads in words, never as the value kept ("none").
    assert (quest["item"], quest["field"], quest["shown"]) == (
        "Dragon expansion Quest 1",
        "where it is done",
        "Anywhere (no location)",
    )
    offered = quest["schema"]["anyOf"][0]["oneOf"]
    assert [o["title"] for o in offered] == [
        "At one location",
        "At any location of one colour",
        "Where a General stands",
        "Anywhere (no location)",
    ]
    exported = personas.bob.client.get(url(personas, "export/")).json()
    assert exported["packs"]["dotr-dragon"]["values"] == ENTERED["values"]


def test_a_member_who_does_not_record_and_an_outsider_cannot_import(personas):
    bob = personas.bob.client.post(url(personas, "import/"), {"file": FILE}, format="json")
    assert bob.status_code == 403
    charlie = personas.charlie.client.post(url(personas, "import/"), {"file": FILE}, format="json")
    assert charlie.status_code == 404
    assert personas.charlie.client.get(url(personas, "export/")).status_code == 404
    assert personas.alice.client.get(url(personas)).json()["packs"] == []
