"""The undo and redo labels, and the log's undo entries, in the reader's language: the state
keeps each action's label in English, the phone set to German reads it in German."""

from __future__ import annotations

import pytest

from tests.conftest import Table

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def test_the_undo_and_redo_labels_read_in_the_phones_language(table: Table) -> None:
    drawn = table.act(table.host, "draw", {"deck": "test", "count": 2})
    assert drawn.status_code == 200, drawn.content
    english = table.state()["history"]["undo"]["label"]
    german = table.host.get(table.url(), **GERMAN).json()["state"]["history"]
    assert english == "Ada (Wizard) drew 2 cards from Test into their hand."
    assert (
        german["undo"]["label"].startswith("Ada (Wizard) ")
        and "drew" not in german["undo"]["label"]
    )
    assert german["recent"][-1]["label"] == german["undo"]["label"]
    assert table.host.get(table.url() + "?lang=de").json()["state"]["history"] == german
    # The English reader and the stored state are unchanged.
    assert table.host.get(table.url()).json()["state"]["history"]["undo"]["label"] == english

    undone = table.act(table.host, "undo", **GERMAN)
    assert undone.status_code == 200, undone.content
    entry = undone.json()["events"][-1]
    assert entry["type"] == "action_undone"
    assert entry["summary"].endswith("hat rückgängig gemacht: " + german["undo"]["label"])
    assert undone.json()["state"]["history"]["redo"]["label"] == german["undo"]["label"]
    # The same entry in an English reader's log keeps its English words.
    english_log = table.host.get(table.url("events/")).json()["events"]
    assert english_log[-1]["summary"] == "Ada (Wizard) undid: " + english

    redone = table.act(table.host, "redo", **GERMAN)
    assert redone.json()["events"][-1]["summary"].endswith(
        "hat wiederhergestellt: " + german["undo"]["label"]
    )
