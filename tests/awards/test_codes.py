"""The Award Tracker's abbreviations (Dragon expansion, "Award Tracker")."""

from __future__ import annotations

import pytest

from deck_tracker.awards.codes import game_codes, general_code, minion_code


@pytest.mark.parametrize(
    ("general", "code"),
    [("sapphire", "S"), ("varkolak", "V"), ("gorgutt", "G"), ("balazarg", "B"),
     ("high-dragon-sapphire", "HDS"), ("onyx", "OD"), ("hemlock", "HD"), ("brimstone", "BRD"),
     ("lord-vileheart", "LV"), ("gash-bloodclaw", "GBC"), ("ygzell", "YZ")],
)  # fmt: skip
def test_general_abbreviations(general: str, code: str) -> None:
    assert general_code(general) == code


@pytest.mark.parametrize(
    ("minion", "code"),
    [("dragonkin", "DK"), ("undead", "U"), ("orc", "O"), ("demon", "D"),
     ("dragon-master", "DM"), ("zealot", "Z"), ("imp", "I"), ("fire-elemental", "FE"),
     ("Nightmares", "N"), ("Skeleton Warriors", "SKW"), ("wolf-rider", "WR"), ("gluttons", "G"),
     ("blood-demons", "BD")],
)  # fmt: skip
def test_minion_abbreviations(minion: str, code: str) -> None:
    assert minion_code(minion) == code


def test_a_dragon_general_brings_its_minions_unless_the_game_says_otherwise() -> None:
    state = {
        "generals": {
            "brimstone": {"colour": "red"},
            "onyx": {"colour": "black"},
            "gorgutt": {"colour": "green"},
            "sapphire": {"colour": "blue"},
        }
    }
    assert game_codes(state) == (["BRD", "OD", "G", "S"], ["DK", "Z", "O", "FE"])
    # The Burning Land: Brimstone has no minions; the red ones remain Demons.
    state["minion_types"] = {"red": "demon"}
    assert game_codes(state)[1] == ["DK", "Z", "O", "D"]
