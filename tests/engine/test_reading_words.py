"""Every word a card waiting to be read shows is a message of the catalogues, stored by id: a
German reader never meets an English title, explanation or choice in its form."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.content import default_packs, value_schema
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.reading import form_ids, in_language, seen_by
from deck_tracker.engine.rules.dotr.base import reading
from deck_tracker.engine.rules.dotr.base.quests import QUEST, QUEST_FIELDS, QUEST_LABELS
from deck_tracker.engine.rules.dotr.companions_catacombs.dungeon_runs import (
    ROOM_FIELDS,
    TREASURE_FIELDS,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.dungeons import ROOMS, TREASURES
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import COMPANION
from deck_tracker.engine.rules.dotr.companions_catacombs.recruit import COST_FIELDS, COST_LABELS
from deck_tracker.engine.rules.dotr.dragon import global_effects
from tests.helpers import form_words

ASKED = {
    QUEST: (QUEST_FIELDS, QUEST_LABELS),
    COMPANION: (COST_FIELDS, COST_LABELS),
    ROOMS: (ROOM_FIELDS, {}),
    TREASURES: (TREASURE_FIELDS, {}),
}


def asked_forms() -> list[tuple[str, dict[str, Any]]]:
    """The form of every printed value a card read at the table may ask (as ``ask_fields`` and
    ``ask_general`` word it)."""
    forms = []
    for pack in default_packs().values():
        for deck, (fields, labels) in ASKED.items():
            spec = pack.decks.get(deck)
            cards = {card.id for card in spec.cards} if spec is not None else set()
            for key, field in fields.items():
                for fill in pack.fillables.values():
                    if fill.item in cards and fill.field == field:
                        schema = reading._not_null(value_schema(pack, fill))
                        schema |= {"description": fill.description}
                        forms.append((fill.id, reading._labelled(schema, labels.get(key) or {})))
        for fill in pack.fillables.values():
            if fill.item in pack.generals and fill.field in reading.FIELD_WORDS:
                schema = reading._not_null(value_schema(pack, fill))
                about = reading._general_about(pack, fill.item, fill.field, fill.description)
                forms.append((fill.id, schema | {"description": about}))
    return forms


def test_every_value_a_card_to_read_asks_is_worded_in_the_catalogue() -> None:
    forms = asked_forms()
    assert len(forms) > 100
    # What stays a plain string once the prompt stores its form by id: English a German reads.
    unknown = {text for _, form in forms for text in form_words(form_ids(form))}
    assert unknown == set()


@pytest.mark.parametrize(
    "form",
    [reading._special_form(), global_effects._form("Good"), global_effects._form("Bad")],
    ids=["special", "good", "bad"],
)
def test_the_forms_of_a_special_card_and_a_global_effect_are_worded_in_the_catalogue(
    form: dict[str, Any],
) -> None:
    assert form_words(form) == []  # every title a message id, none an English string


def test_a_prompt_keeps_ids_and_reads_in_german_and_in_english() -> None:
    prompt = {
        "id": 3,
        "deck": QUEST,
        "card": "dx-quest-05",
        "kind": "quest",
        "name": msg("reading.name.new_quest"),
        "printed": False,
        "title": msg("reading.title.read_card"),
        "detail": msg("reading.detail.in_hand"),
        "schema": {"type": "object", "title": msg("reading.form.quest"), "properties": {}},
        "seat": "1",
        "public_title": msg("reading.public.player", player="Ada"),
        "resume": {"rule": "quest", "seat": "1"},
    }
    mine = seen_by(prompt, "1")
    assert in_language(mine, "en") == mine | {
        "name": "A new Quest of the Dragon expansion",
        "title": "Read the card you drew",
        "detail": "in your hand",
        "public_title": "Ada is reading a card",
        "schema": {"type": "object", "title": "Quest card", "properties": {}},
    }
    assert in_language(mine, "de") == mine | {
        "name": "Ein neuer Auftrag der Drachen-Erweiterung",
        "title": "Lies die gezogene Karte vor",
        "detail": "auf deiner Hand",
        "public_title": "Ada liest eine Karte",
        "schema": {"type": "object", "title": "Auftragskarte", "properties": {}},
    }
    assert in_language(seen_by(prompt, "2"), "de-AT") == {
        "id": 3, "seat": "1", "private": True, "title": "Ada liest eine Karte",
        "name": "eine Karte", "detail": "",
    }  # fmt: skip
    # A printed name reads by its card's name; what the table entered stays as entered.
    printed = {**prompt, "name": "Torgg", "printed": True, "card": "companion-torgg"}
    assert in_language(printed, "de")["name"] == "Torgg"
    # A pack's own words become ids when the prompt is asked; the table's own words stay.
    assert form_ids({"title": "Title"}) == {"title": msg("reading.field.title")}
    assert form_ids({"title": "Crypt of the Bone King"}) == {"title": "Crypt of the Bone King"}


def test_a_prompt_stored_before_prompts_kept_ids_reads_as_it_was_kept() -> None:
    old = {
        "id": 1, "deck": "darkness_spreads", "card": "ds-01", "kind": "standard",
        "name": "Orc Valley", "printed": True, "title": "Read the card you drew",
        "detail": "Darkness Spreads 2/3", "schema": {"title": "Darkness Spreads card"},
    }  # fmt: skip
    assert in_language(old, "de")["title"] == "Read the card you drew"
    assert in_language(old, "de")["schema"] == {"title": "Darkness Spreads card"}
