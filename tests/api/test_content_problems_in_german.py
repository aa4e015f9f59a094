"""A content problem on a German phone: a value the table enters that the pack refuses (a count
out of bounds, a kind the card cannot be), a file of entries that is no such file, read in
German words naming the card and the field in words: never a file, a path nor a field id."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import client_for
from tests.english import english_in, english_sentences

pytestmark = pytest.mark.django_db

STRIKES = "values.decks/box_facts/bag-strike/data.count"
KIND = "values.decks/varthrax/varthrax-01/data.kind"
# What a reader must never meet: where the pack keeps a value.
RAW = ("decks/", "data.", "box_facts", "bag-strike", "varthrax-01", "overlay", ".json", "field '")


@pytest.fixture
def table() -> dict[str, Any]:
    created = client_for().post(
        "/api/v1/games/",
        {"system": "talisman-dragon", "host": {"name": "Ann", "hero": "Conjurer"}},
        format="json",
    )
    assert created.status_code == 201, created.content
    game = created.json()
    return {"id": game["id"], "seat": client_for(game["token"])}


def correct(table: dict[str, Any], path: str, value: Any, language: str) -> Any:
    return table["seat"].put(
        f"/api/v1/games/{table['id']}/content/entries/",
        {"pack": "talisman-dragon", "path": path, "value": value, "expected_version": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def words_of(response: Any) -> list[str]:
    body = response.json()
    return [body["detail"], *[w for words in body.get("fields", {}).values() for w in words]]


@pytest.mark.parametrize(
    ("path", "value", "german", "english"),
    [
        (
            STRIKES,
            99,
            "Drachenschlag-Marker im Beutel, Anzahl: höchstens 60",
            "Dragon Strike tokens in the bag, number: at most 60",
        ),
        (
            KIND,
            "dragon",
            "Varthrax-Karte 1, Art: keiner der angebotenen Werte",
            "Varthrax Card 1, kind: not one of the values offered",
        ),
    ],
)
def test_a_value_the_pack_refuses_reads_in_the_readers_words(
    table: dict[str, Any], path: str, value: Any, german: str, english: str
) -> None:
    refused = correct(table, path, value, "de")
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] == "invalid_overlay"
    assert refused.json()["detail"] == german
    assert refused.json()["fields"] == {path: [german]}  # the key says where, for the form
    words = words_of(refused)
    assert not [w for w in words if any(raw in w for raw in RAW)], words
    assert english_in(words, english_sentences()) == []
    assert correct(table, path, value, "en").json()["detail"] == english


def test_a_file_that_is_no_file_of_entries_is_refused_in_german(table: dict[str, Any]) -> None:
    refused = table["seat"].post(
        f"/api/v1/games/{table['id']}/content/import/",
        {"file": {"format": "something-else", "format_version": 1, "packs": {}}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert refused.status_code == 400, refused.content
    assert refused.json()["detail"] == "Das ist keine Datei mit Einträgen dieser Version der App."
    assert english_in(words_of(refused), english_sentences()) == []
