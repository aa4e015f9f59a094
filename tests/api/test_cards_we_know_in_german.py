"""The "Cards we know" list on a German phone: what the table entered, named in German (the
card, General or tile it is about, what of it, the value in words), never in English. Words the
table typed itself are shown as typed."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.english import english_in, english_sentences

from .test_content_owners import entries_file, game, import_

pytestmark = pytest.mark.django_db

TILE = "decks/battlefield_tiles/red-1/data"
# What a table taught the app once, of several boxes: a General's life, Sterling's landing place,
# how a new Quest is done; a Battlefields tile's arrows; a Companion's cost; an ability card's
# type; a Dragon Card's kind. Nothing typed in words, so every word shown is the app's.
FILE = entries_file(
    {
        "dotr-dragon": {
            "values": {
                "generals/brimstone/life": 6,
                "decks/darkness_spreads/dx-sterling-1/data.location": "wolf-pass",
                "decks/quest/dx-quest-1/data.location_rule": "none",
            }
        },
        "battlefields": {
            "values": {
                f"{TILE}.arrow_colour": "red",
                f"{TILE}.parity": "even",
                f"{TILE}.descending": True,
                f"{TILE}.reward_count": 2,
            }
        },
        "dotr-companions-catacombs": {
            "values": {"decks/companion/companion-karmata/data.cost.colour": "green"}
        },
        "dotr-heros-calling": {"values": {"decks/ability/ability-raven/data.type": "combat"}},
        "talisman-dragon": {"values": {"decks/varthrax/varthrax-01/data.kind": "enemy"}},
    }
)


def read_words(body: Any) -> dict[str, Any]:
    """What the screen shows of each entry: the pack's name, the item, the field, the value, and
    the choices a correction offers (the schema's option titles)."""
    shown: dict[str, Any] = {}
    for pack in body["packs"]:
        shown[pack["pack"]] = pack["name"]
        for entry in pack["entries"]:
            titles = [
                option["title"]
                for part in (entry.get("schema") or {}).get("anyOf", [])
                for option in part.get("oneOf", [])
            ]
            shown[entry["path"]] = [entry["item"], entry["field"], entry["shown"], titles]
    return shown


def entries(table: dict[str, Any], language: str) -> dict[str, Any]:
    response = table["seat"].get(
        f"/api/v1/games/{table['id']}/content/", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200, response.content
    return read_words(response.json())


def test_the_cards_we_know_read_in_german_on_a_german_phone() -> None:
    table = game(APIClient())
    assert import_(table, FILE).status_code == 200
    german, english = entries(table, "de"), entries(table, "en")
    assert english_in(german, english_sentences()) == []
    assert german["values.generals/brimstone/life"][:3] == ["Brimstone", "Leben", "6"]
    sterling = german["values.decks/darkness_spreads/dx-sterling-1/data.location"]
    assert sterling[1:3] == ["Ort", "Wolfspass"]
    assert english["values.decks/darkness_spreads/dx-sterling-1/data.location"][2] == "Wolf Pass"
    arrows = german[f"values.{TILE}.arrow_colour"]
    assert arrows[:3] == ["Rotes Schlachtfeld 1", "Pfeilfarbe", "Rot"]
    assert arrows[3] == ["Beliebig", "Rot", "Schwarz", "Blau", "Grün"]
    assert german[f"values.{TILE}.descending"][2] == "ja"
    assert german["values.decks/companion/companion-karmata/data.cost.colour"][1:3] == [
        "Kosten (Farbe)",
        "Grün",
    ]
    assert german["values.decks/ability/ability-raven/data.type"][2] == "Kampf"
    assert german["values.decks/varthrax/varthrax-01/data.kind"][2] == "Feind"
    assert german["values.decks/quest/dx-quest-1/data.location_rule"][2] == "Überall (kein Ort)"


def test_an_import_report_reads_in_german() -> None:
    """The report of a friend's file names what it took in the reader's words."""
    table = game(APIClient())
    response = table["seat"].post(
        f"/api/v1/games/{table['id']}/content/import/",
        {"file": FILE},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 200, response.content
    added = response.json()["added"]
    words = [{k: a[k] for k in ("pack_name", "item", "field", "shown")} for a in added]
    assert english_in(words, english_sentences()) == []
    assert {a["kind"] for a in added} == {"value"}
