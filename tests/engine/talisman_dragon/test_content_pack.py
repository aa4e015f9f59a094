"""The Talisman: The Dragon content pack: what it holds and how a bad file fails."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deck_tracker.engine.rules.talisman_dragon.content import PACK_DIR, PackError, load_pack


def test_the_pack_holds_the_three_lords_the_token_kinds_both_sides_and_the_regions_in_order():
    pack = load_pack()
    assert [lord.name for lord in pack.lords.values()] == ["Varthrax", "Cadorus", "Grilipus"]
    assert {kind.scale_of for kind in pack.token_kinds.values()} == {
        None,
        "varthrax",
        "cadorus",
        "grilipus",
    }
    assert set(pack.sides) == {"dragon-tower", "dragon-realm"}
    assert len(pack.regions["outer"]) == 24
    assert len(pack.regions["middle"]) == 16
    assert pack.crossings["sentinel"] == ("outer", "middle")
    assert pack.bag_mix is None  # printed in the box only


def test_a_bad_item_fails_naming_the_file_the_item_and_the_field(tmp_path: Path):
    broken = tmp_path / "talisman-dragon"
    shutil.copytree(PACK_DIR, broken)
    lords = json.loads((broken / "lords.json").read_text())
    lords["lords"][1]["deck_size"] = 0
    (broken / "lords.json").write_text(json.dumps(lords))
    with pytest.raises(PackError) as error:
        load_pack(broken)
    assert (error.value.file, error.value.item, error.value.field) == (
        "lords.json",
        "cadorus",
        "deck_size",
    )


def test_an_item_without_a_known_source_is_refused(tmp_path: Path):
    broken = tmp_path / "talisman-dragon"
    shutil.copytree(PACK_DIR, broken)
    board = json.loads((broken / "board.json").read_text())
    board["regions"][0]["source"] = "a friend"
    (broken / "board.json").write_text(json.dumps(board))
    with pytest.raises(PackError) as error:
        load_pack(broken)
    assert error.value.field == "source"
