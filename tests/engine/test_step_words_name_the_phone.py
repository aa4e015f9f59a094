"""A step that sends the table to the phone names the control as the phone shows it, in the
reader's language: never a command's name ("Recruit choose")."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "deck_tracker" / "engine" / "locale"
CLIENT = ROOT / "frontend" / "static" / "frontend" / "locale"
POINTER = {"en": re.compile(r"\(Enter: ([^)]+)\)"), "de": re.compile(r"\(Eintragen: ([^)]+)\)")}


def test_every_pointer_to_the_enter_tab_names_a_control_the_phone_shows() -> None:
    for language, pointer in POINTER.items():
        words = json.loads((CLIENT / language / "table.json").read_text())
        labels = {value for key, value in words.items() if key.startswith("action.")}
        tab = json.loads((CLIENT / language / "core.json").read_text())["tab.enter"]
        named = [
            found
            for path in (ENGINE / language).glob("*.json")
            for found in pointer.findall(path.read_text())
        ]
        assert named, language
        assert [name for name in named if name not in labels] == [], language
        assert pointer.pattern.startswith(rf"\({tab}: ")
