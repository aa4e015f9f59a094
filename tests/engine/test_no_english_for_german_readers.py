"""A German reader meets no English refusal, reason or prompt: every message a command may be
refused with (``error.*``), every reason an action is unavailable and every word a card to read
shows (``reading.*``), of every game system, is in the German catalogue and reads in German.

Refusals and prompts take a message id and its parameters only (``i18n.Message``, made by
``msg``): an English sentence handed to a refusal is a type error for mypy, and a ``TypeError``
when it runs."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Unavailable
from deck_tracker.engine.errors import InvalidArguments, RuleViolation, UnknownCommand

# What a refusal, a reason or a prompt may say: the catalogue sections they are written in.
SECTIONS = ("error.", "reading.", "dotr.pending.", "dotr.availability.", "core.commands.")
# A few words that say a text is still English (a German text never holds them as words).
ENGLISH_WORDS = re.compile(r"\b(the|must|only|first|your|cannot|already|with|is|are|has)\b")
# The games' own titles, printed in English on the German boxes too.
TITLES = re.compile(r"Defenders of the Realm|The Hero's Calling|Talisman: The Dragon")


def _fields(template: Any) -> set[str]:
    texts = template.values() if isinstance(template, dict) else [template]
    return {
        field.split("!")[0].split(".")[0]
        for text in texts
        if isinstance(text, str)
        for _, field, _, _ in string.Formatter().parse(text)
        if field
    }


def _words(template: Any) -> str:
    """A template's own words, without its fields."""
    texts = template.values() if isinstance(template, dict) else [template]
    return " ".join(
        literal
        for text in texts
        if isinstance(text, str)
        for literal, _, _, _ in string.Formatter().parse(text)
    )


def refusals_and_prompts() -> list[str]:
    english = i18n.catalogue("en")
    return sorted(
        key for key in english if key.startswith(SECTIONS) and key not in ("names", "words")
    )


def test_there_are_refusals_and_prompts_of_every_game_system() -> None:
    keys = refusals_and_prompts()
    for system in ("error.core.", "error.dotr.", "error.bf.", "error.td.", "reading."):
        assert any(key.startswith(system) for key in keys), system
    assert len(keys) > 400


@pytest.mark.parametrize("key", refusals_and_prompts())
def test_every_refusal_and_prompt_reads_in_german(key: str) -> None:
    english, german = i18n.catalogue("en"), i18n.catalogue("de")
    assert key in german, f"{key} has no German"
    # Sample parameters: a number for every field (a plural reads its "other" form).
    params = {field: 7 for field in _fields(english[key])}
    in_english = i18n.render(i18n.msg(key, **params), "en")
    in_german = i18n.render(i18n.msg(key, **params), "de")
    words = re.findall(r"[A-Za-z]{2,}", _words(english[key]))
    if len(words) >= 2:  # a sentence, not a template of fields or one technical word
        assert in_german != in_english, f"{key} reads in English: {in_german!r}"
        own_words = TITLES.sub("", _words(german[key]))
        assert not ENGLISH_WORDS.search(own_words), f"{key}: {german[key]!r}"


def test_a_refusal_takes_a_message_id_never_an_english_sentence() -> None:
    with pytest.raises(TypeError):
        RuleViolation("The game is over.")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        UnknownCommand("Unknown action 'x'.")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        InvalidArguments({"count": ["Must be an integer."]})  # type: ignore[list-item]
    refused = RuleViolation(i18n.msg("error.core.closing.only_ended"), code="not_ended")
    assert refused.detail == "Only a game that has ended can be closed."
    assert refused.detail_in("de") == "Nur ein beendetes Spiel kann abgeschlossen werden."
    reason = Unavailable(i18n.msg("error.bf.turns.war_over"), "war_over")
    assert i18n.render(reason.message, "de") == "Der Krieg ist vorbei."


def test_the_battlefields_order_of_play_is_refused_in_german() -> None:
    """Battlefields, Descending order: "if a player played a card with value 9, the next card he
    plays in this battle must be 8 or lower. If the next card played was 6, the player will next
    have to play cards of 5 or lower." A 6 again after the 9 and the 6 is refused, in German on
    a German phone (it read "The last card here was 6: the next must be lower." there before)."""
    from deck_tracker.engine.rules.battlefields.conditions import _chain_refusal, allowed_numbers

    chain = [{"number": 9, "name": "A"}, {"number": 6, "name": "B"}]
    assert [n for n in allowed_numbers(chain) if n < 9] == [1, 2, 3, 4, 5]
    again = _chain_refusal(6, chain, second_loop=False)
    assert again.code == "descending_order"
    assert i18n.render(again.detail, "en") == "The last card here was 6: the next must be lower."
    assert i18n.render(again.detail, "de") == (
        "Die letzte Karte hier war 6: die nächste muss niedriger sein."
    )
    # Looping: a card higher than the last "is permitted only if that card's value is higher
    # than the very first card played".
    higher = _chain_refusal(7, chain, second_loop=False)
    assert higher.code == "looping"
    assert i18n.render(higher.detail, "de").startswith("Die erste Karte hier war 9: ")


def test_the_companion_hire_form_names_the_cost_colour_and_its_colours_in_german() -> None:
    """Recruit 3: "the player must discard the number and color of Hero Cards indicated in the
    upper left corner of the Companion card" - a German phone read "Cost colour" and "yellow"
    in the hire form before."""
    from deck_tracker.engine.commands import REGISTRY, args_in, titles_in

    hire = REGISTRY["hire"]
    colour = hire.args["cost_colour"]
    schema = {"properties": {"cost_colour": colour.json_schema(colour.offered({}, None))}}
    german = args_in(hire, titles_in(schema, "de"), "de")["properties"]["cost_colour"]
    assert german["title"] == "Kostenfarbe"
    titles = {option["const"]: option["title"] for option in german["oneOf"]}
    assert titles["yellow"] == "Gelb (eine beliebige Farbe)" and titles["purple"].startswith("Lila")
    english = titles_in(schema, "en")["properties"]["cost_colour"]["oneOf"]
    assert {o["const"]: o["title"] for o in english}["yellow"] == "Yellow (any one colour)"


def test_a_german_phone_picks_a_location_by_its_german_name_in_german_order() -> None:
    from deck_tracker.engine.commands import Arg, titles_in
    from deck_tracker.engine.reading import alphabetical
    from deck_tracker.engine.rules.dotr.base.table import board_choices
    from tests.helpers import table

    state = table().state
    where = Arg("str", offers=board_choices)
    schema = where.json_schema(where.offered(state, None))
    english = [o["title"] for o in titles_in(schema, "en")["oneOf"]]
    german = [o["title"] for o in titles_in(schema, "de")["oneOf"]]
    assert english == sorted(english) and "Orc Valley" in english
    assert german != english
    assert german == sorted(german, key=alphabetical) and "Orktal" in german
