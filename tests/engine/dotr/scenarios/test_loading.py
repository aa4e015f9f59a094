"""Scenarios are data: the files are checked at load, and a bad one names its file, item, field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from deck_tracker.engine.content import ContentError
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.rules.dotr.scenarios.catalogue import (
    SCENARIOS_DIR,
    default_scenarios,
    describe_scenario,
    load_scenarios,
)

from . import start


def test_the_five_scenarios_of_the_rulebook_and_a_custom_mix() -> None:
    scenarios = default_scenarios()
    assert [(s.number, s.name) for s in scenarios.values()] == [
        (1, "Rampaging Dragons"),
        (2, "Realm in Flames"),
        (3, "Onslaught!"),
        (4, "The Land is Dying"),
        (5, "The Burning Land"),
        (None, "Your own mix"),
    ]
    described = describe_scenario(scenarios["the-land-is-dying"])
    assert described["agent"] == {"default": None, "allowed": "any"}
    assert described["rules"][0]["id"] == "hemlock_taints"
    assert described["rules"][0]["rule"].startswith("DX Scenario 4")


def broken(tmp_path: Path, name: str, change: dict[str, Any]) -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    doc = json.loads((SCENARIOS_DIR / name).read_text())
    (folder / name).write_text(json.dumps(doc | change))
    return folder


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"generals": ["brimstone", "sapphire", "gorgutt"]}, "generals", "exactly 4"),
        ({"generals": ["brimstone", "sapphire", "gorgutt", "smaug"]}, "generals", "'smaug'"),
        ({"agent": {"default": "el-fuego", "allowed": []}}, "agent.default", "allowed"),
        ({"rules": ["no_dragons"]}, "rules", "hemlock_taints"),
        ({"setup": [{"step": "fires_at", "locations": ["atlantis"]}]}, "setup.0.locations", ""),
        ({"colour": "red"}, "colour", "unknown field"),
    ],
)
def test_a_bad_file_names_the_file_the_item_and_the_field(
    tmp_path: Path, change: dict[str, Any], field: str, message: str
) -> None:
    folder = broken(tmp_path, "realm-in-flames.json", change)
    with pytest.raises(ContentError) as caught:
        load_scenarios(folder)
    error = caught.value
    assert error.file == "scenarios/realm-in-flames.json"
    assert error.item == "realm-in-flames"
    assert error.field == field
    assert message in str(error)
    assert str(error).startswith("scenarios/realm-in-flames.json: item 'realm-in-flames': field")


def test_two_files_may_not_share_an_id(tmp_path: Path) -> None:
    folder = broken(tmp_path, "onslaught.json", {})
    shutil.copy(folder / "onslaught.json", folder / "copy.json")
    with pytest.raises(ContentError, match="another scenario has this id"):
        load_scenarios(folder)


def test_an_unknown_scenario_or_a_choice_it_does_not_allow_is_refused() -> None:
    with pytest.raises(InvalidArguments) as caught:
        start("lord-of-the-rings")
    assert "scenario" in caught.value.fields
    with pytest.raises(InvalidArguments) as caught:
        start("rampaging-dragons", generals={"red": "balazarg"}, easier=["more_heroes"])
    assert set(caught.value.fields) == {"generals", "easier"}
    with pytest.raises(InvalidArguments) as caught:
        start("rampaging-dragons", options={"agent": "el-fuego"})
    assert caught.value.code == "option_not_used"
    assert caught.value.fields["options.agent"] == [
        "Rampaging Dragons uses no Agent of the Dark Lord."
    ]
