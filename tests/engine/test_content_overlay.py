"""Content players enter: fillable fields, open decks and the overlay (content/overlay.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deck_tracker.engine.content import (
    DEFAULT_PACKS_DIR,
    ContentError,
    apply_overlay,
    default_packs,
    load_pack,
    missing_required,
    overlay_hash,
)

DRAGON = default_packs()["dotr-dragon"]
QUEST_1 = "decks/quest/dx-quest-1/data"


def test_the_shipped_packs_declare_what_players_enter_and_hold_null_until_then() -> None:
    base = default_packs()["dotr-base"]
    assert base.fillables == {} and base.open_decks == {}
    assert DRAGON.generals["brimstone"].life is None
    spec = DRAGON.fillables["generals/brimstone/life"]
    assert (spec.type, spec.minimum, spec.required) == ("int", 1, True)
    assert set(DRAGON.open_decks) == {"darkness_spreads", "hero", "sterling", "winds_of_war"}
    assert {s.id for s in missing_required(DRAGON, {"brimstone"})} == {
        "generals/brimstone/life",
        "generals/brimstone/starting_minions",
    }


def test_an_overlay_fills_values_and_adds_cards_checked_by_the_loader() -> None:
    pack = apply_overlay(
        DRAGON,
        {
            "values": {
                "generals/onyx/life": 7,
                "decks/darkness_spreads/dx-sterling-1/data.location": "wolf-pass",
            },
            "cards": {
                "winds_of_war": [
                    {
                        "id": "wow-entered",
                        "name": "An entered card",
                        "kind": "winds_of_war",
                        "data": {"title": "T", "action": "A", "prevention": "P"},
                    }
                ]
            },
        },
    )
    assert pack.generals["onyx"].life == 7
    assert pack.card("darkness_spreads", "dx-sterling-1").data["location"] == "wolf-pass"
    assert pack.card("winds_of_war", "wow-entered").provenance == ("entered",)
    assert DRAGON.generals["onyx"].life is None  # the shipped pack is untouched
    assert apply_overlay(DRAGON, {}) is DRAGON


@pytest.mark.parametrize(
    ("overlay", "item", "field"),
    [
        ({"values": {"generals/onyx/life": 0}}, "onyx", "life"),
        ({"values": {"generals/onyx/life": "seven"}}, "onyx", "life"),
        ({"values": {"generals/onyx/to_hit": 9}}, "onyx", "to_hit"),
        (
            {"values": {"decks/darkness_spreads/dx-sterling-1/data.location": "atlantis"}},
            "dx-sterling-1",
            "data.location",
        ),
        (
            {"values": {"generals/onyx/life": 3, "generals/onyx/major_wound_at_or_below": 4}},
            "onyx",
            "major_wound_at_or_below",
        ),
    ],
)
def test_overlay_errors_name_the_overlay_the_item_and_the_field(
    overlay: dict, item: str, field: str
) -> None:
    with pytest.raises(ContentError) as error:
        apply_overlay(DRAGON, overlay)
    message = str(error.value)
    assert message.startswith("overlay") and item in message and field in message
    assert (error.value.item, error.value.field) == (item, field)


def test_a_card_is_checked_once_its_required_fields_are_entered() -> None:
    partly = {"values": {f"{QUEST_1}.title": "Half entered"}}
    assert apply_overlay(DRAGON, partly).card("quest", "dx-quest-1").data["test"] is None
    wrong = {
        "values": {
            f"{QUEST_1}.title": "A Quest",
            f"{QUEST_1}.test": "Go there.",
            f"{QUEST_1}.reward": "A reward.",
            f"{QUEST_1}.location_rule": "at_location",
        }
    }
    with pytest.raises(ContentError) as error:
        apply_overlay(DRAGON, wrong)
    assert "dx-quest-1" in str(error.value) and "data.location" in str(error.value)


def test_cards_go_only_into_open_decks_of_their_kinds_and_fields_must_be_declared() -> None:
    card = {"id": "x-1", "name": "X", "kind": "quest", "data": {}}
    for overlay, field in (
        ({"cards": {"quest": [card]}}, "cards.quest"),
        ({"cards": {"darkness_spreads": [card]}}, "kind"),
        ({"values": {"generals/onyx/colour": "red"}}, "values.generals/onyx/colour"),
        ({"pack": "dotr-base"}, "pack"),
        ({"extra": 1}, "extra"),
    ):
        with pytest.raises(ContentError) as error:
            apply_overlay(DRAGON, overlay)
        assert error.value.field == field


def test_a_pack_may_declare_fillable_fields_in_fillable_json(tmp_path: Path) -> None:
    folder = tmp_path / "dotr-base"
    shutil.copytree(DEFAULT_PACKS_DIR / "dotr-base", folder)
    (folder / "fillable.json").write_text(
        json.dumps(
            {
                "fields": [
                    {
                        "id": "generals/gorgutt/to_hit",
                        "type": "int",
                        "minimum": 2,
                        "maximum": 6,
                        "description": "A house rule's to-hit.",
                    }
                ],
                "decks": {
                    "quest": {"description": "House Quests.", "max_cards": 2, "kinds": ["quest"]}
                },
            }
        )
    )
    pack = load_pack(folder)
    assert "generals/gorgutt/to_hit" in pack.fillables and "quest" in pack.open_decks
    quest = {
        "id": "house-quest",
        "name": "A house Quest",
        "kind": "quest",
        "data": {"location": None, "location_rule": "none", "test": "T", "reward": "R"},
    }
    filled = apply_overlay(
        pack, {"values": {"generals/gorgutt/to_hit": 4}, "cards": {"quest": [quest]}}
    )
    assert filled.generals["gorgutt"].to_hit == 4
    assert filled.card("quest", "house-quest").name == "A house Quest"
    with pytest.raises(ContentError):
        apply_overlay(
            pack, {"cards": {"quest": [quest, {**quest, "id": "b"}, {**quest, "id": "c"}]}}
        )


def test_overlay_hashes_are_stable() -> None:
    one = {"values": {"a": 1, "b": 2}, "cards": {}}
    assert overlay_hash(one) == overlay_hash({"cards": {}, "values": {"b": 2, "a": 1}})
    assert overlay_hash(one) != overlay_hash({"values": {"a": 1}, "cards": {}})
