"""The group's cards (what its tables entered) are written by its owner and the members the owner
lets record games, on every path: the group's own endpoint, a group game's import and
correction, and what a seat reads out at the table. A member who does not record, a stranger
at the table and an ex-member's old seat read them, and write only their own game's."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.test_content_owners import BURNING_LAND, entries_file, read_new_quests, wound
from tests.helpers import ENTERED

from .conftest import Personas

pytestmark = pytest.mark.django_db

LIFE = "values.generals/brimstone/life"
ONYX = "values.generals/onyx/life"
ONE_VALUE = entries_file({"dotr-dragon": {"values": {"generals/brimstone/life": 1}}})


def group_cards(personas: Personas) -> dict[str, Any]:
    listed = personas.alice.client.get(f"/api/v1/groups/{personas.group}/content/").json()
    return {e["path"]: e["value"] for pack in listed["packs"] for e in pack["entries"]}


def alices_table_with(personas: Personas, guest: Any, player: int | None) -> dict[str, Any]:
    """Alice hosts the Burning Land as Ada; ``guest`` joins (as ``player``). The guest's seat."""
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"),
        guests=[(guest, player, "Guest", "Rogue")],
        setup={"scenario": BURNING_LAND["scenario"]},
    )
    read_dealt_quests(game)
    return {"id": game["id"], "seat": game["seats"]["2"]}


def read_dealt_quests(game: dict[str, Any]) -> None:
    """Each new Quest dealt at the setup is read by the seat it was dealt to (in its hand)."""
    for _ in range(10):
        for seat in game["seats"].values():
            reading = seat.get(f"/api/v1/games/{game['id']}/").json()["state"]["reading"]
            if reading and "card" in reading[0]:
                read_new_quests({"id": game["id"], "seat": seat})
                break
        else:
            return


def writes(table: dict[str, Any]) -> list[int]:
    """The seat imports a file and corrects an entry of the table's cards."""
    imported = table["seat"].post(
        f"/api/v1/games/{table['id']}/content/import/", {"file": ONE_VALUE}, format="json"
    )
    corrected = table["seat"].put(
        f"/api/v1/games/{table['id']}/content/entries/",
        {"pack": "dotr-dragon", "path": ONYX, "value": 2, "expected_version": 0},
        format="json",
    )
    return [imported.status_code, corrected.status_code]


def reads_brimstone(table: dict[str, Any]) -> None:
    """The seat wounds Sapphire to death; Brimstone returns, and the seat reads his card."""
    wound(table, "sapphire", 5)
    events = wound(table, "brimstone", 1)["events"]
    assert [e["type"] for e in events] == ["card_to_read"]
    url = f"/api/v1/games/{table['id']}/"
    version = table["seat"].get(url).json()["version"]
    read = table["seat"].post(
        url + "actions/",
        {"type": "read_card", "args": {"face": {"life": 3}},
         "expected_version": version},
        format="json",
    )  # fmt: skip
    assert read.status_code == 200, read.content


def test_a_member_who_does_not_record_writes_no_group_card_through_a_game(personas):
    table = alices_table_with(personas, personas.bob, personas.bea)
    assert writes(table) == [403, 403]
    reads_brimstone(table)  # the game goes on, and knows the card itself
    assert {LIFE, ONYX} & set(group_cards(personas)) == set()
    # The group's own endpoint answers the same.
    refused = personas.bob.client.post(
        f"/api/v1/groups/{personas.group}/content/import/", {"file": ONE_VALUE}, format="json"
    )
    assert refused.status_code == 403


def test_a_stranger_at_a_group_table_writes_no_group_card(personas):
    table = alices_table_with(personas, None, None)
    assert writes(table) == [403, 403]
    reads_brimstone(table)
    assert {LIFE, ONYX} & set(group_cards(personas)) == set()


def test_a_recorder_writes_the_group_cards_until_leaving_the_group(personas):
    granted = personas.alice.client.patch(
        f"/api/v1/groups/{personas.group}/members/bob/", {"can_record": True}, format="json"
    )
    assert granted.status_code == 200, granted.content
    table = alices_table_with(personas, personas.bob, personas.bea)
    imported = table["seat"].post(
        f"/api/v1/games/{table['id']}/content/import/",
        {"file": entries_file({"dotr-dragon": ENTERED})},
        format="json",
    )
    assert imported.status_code == 200, imported.content
    assert group_cards(personas)[LIFE] == 6
    # Bob leaves; his old seat still plays its game, but writes nothing of the group's.
    left = personas.bob.client.delete(f"/api/v1/groups/{personas.group}/members/bob/")
    assert left.status_code == 204
    before = group_cards(personas)
    assert writes(table) == [403, 403]
    assert group_cards(personas) == before


def test_an_ex_members_old_seat_does_not_teach_the_group_what_it_reads(personas):
    granted = personas.alice.client.patch(
        f"/api/v1/groups/{personas.group}/members/bob/", {"can_record": True}, format="json"
    )
    assert granted.status_code == 200
    table = alices_table_with(personas, personas.bob, personas.bea)
    assert (
        personas.bob.client.delete(f"/api/v1/groups/{personas.group}/members/bob/").status_code
        == 204
    )
    reads_brimstone(table)
    assert LIFE not in group_cards(personas)


def test_the_owners_own_seat_still_teaches_the_group(personas):
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"), setup={"scenario": "the-burning-land"}
    )
    read_dealt_quests(game)
    table = {"id": game["id"], "seat": game["seats"]["1"]}
    reads_brimstone(table)
    assert group_cards(personas)[LIFE] == 3
    assert APIClient().get(f"/api/v1/groups/{personas.group}/content/").status_code in (401, 403)
