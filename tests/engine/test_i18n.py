"""Messages rendered when read, in the reader's language; old events keep their English."""

from __future__ import annotations

from deck_tracker.engine import i18n
from deck_tracker.engine.core import Step
from deck_tracker.engine.views import view_event


def orcs(n: int) -> dict[str, object]:
    return i18n.count(n, "minion:green", "Orc", "Orcs")


def test_a_step_reads_in_english_and_in_german() -> None:
    step = Step(
        i18n.msg(
            "dotr.place.minions",
            minions=orcs(2),
            location=i18n.name("location:orc-valley", "Orc Valley"),
        ),
        i18n.msg("dotr.rule.place"),
    ).as_dict()
    record = {"seq": 1, "type": "night", "summary": "Night", "steps": [step]}

    english = view_event(record, None, "en")["steps"][0]
    german = view_event(record, None, "de-DE")["steps"][0]

    assert english["text"] == "Place 2 Orcs on Orc Valley."
    assert german["text"].startswith("Lege 2 Orks auf ")
    assert german["rule"] != english["rule"]
    # What the record keeps for readers that know no messages: the English.
    assert step["text"] == "Place 2 Orcs on Orc Valley."


def test_one_takes_the_singular_in_both_languages() -> None:
    message = i18n.msg("dotr.place.minions", minions=orcs(1), location="X")
    assert i18n.render(message, "en") == "Place 1 Orc on X."
    assert i18n.render(message, "de") == "Lege 1 Ork auf X."


def test_an_event_written_before_messages_reads_as_it_was() -> None:
    old = {
        "seq": 7,
        "type": "night",
        "summary": "The night: 2 cards",
        "steps": [{"text": "Place 2 Undead on Mermaid Harbor.", "rule": "Darkness Spreads"}],
    }
    viewed = view_event(old, None, "de")
    assert viewed["summary"] == "The night: 2 cards"
    assert viewed["steps"][0]["text"] == "Place 2 Undead on Mermaid Harbor."


def test_a_name_the_catalogue_lacks_shows_as_entered() -> None:
    taught = i18n.name("location:somewhere-new", "Somewhere New")
    assert i18n.render_value(taught, "de") == "Somewhere New"


def test_unknown_languages_fall_back_to_english() -> None:
    assert i18n.normalise_language("fr-CA") == "en"
    assert i18n.normalise_language("de_AT") == "de"
    quiet = i18n.msg("dotr.night.all_is_quiet")
    assert i18n.render(quiet, "xx") == "All is Quiet: nothing happens."


def test_lists_join_with_the_languages_and() -> None:
    assert i18n.render_value(i18n.listing(["A", "B", "C"]), "en") == "A, B and C"
    assert i18n.render_value(i18n.listing(["A", "B"]), "de") == "A und B"


def test_who_acts_reads_in_the_readers_language_when_no_name_is_known() -> None:
    from deck_tracker.engine.decks import player_name, seat_label
    from deck_tracker.engine.rules.dotr.base import turn

    state = {"seats": {"1": {"name": "Ada", "hero": "wizard"}, "2": {"name": "", "hero": "rogue"}}}

    def undid(who: object, language: str) -> str:
        return i18n.render(i18n.msg("core.undo.undid", player=who, action="x"), language)

    assert undid(seat_label(state, "1"), "de") == "Ada (wizard) hat rückgängig gemacht: x"
    assert undid(seat_label(state, None), "en") == "The table undid: x"
    assert undid(seat_label(state, None), "de") == "Der Tisch hat rückgängig gemacht: x"
    assert undid(seat_label(state, "2"), "en") == "A player (rogue) undid: x"
    assert undid(seat_label(state, "2"), "de") == "Jemand (rogue) hat rückgängig gemacht: x"
    assert undid(player_name(state, "2"), "de") == "Jemand hat rückgängig gemacht: x"
    assert undid(turn.player_name(state, "2"), "de") == "Der Tisch hat rückgängig gemacht: x"
    assert undid(turn.player_name(state, None), "en") == "The table undid: x"


def test_a_message_missing_a_value_reads_as_its_text_not_an_error() -> None:
    # A message stored without one of its values (an older event) still reads, in both languages.
    assert i18n.render(i18n.msg("dotr.night.draw"), "en") == (
        "Draw {count} Darkness Spreads cards, resolving each in turn."
    )
    assert i18n.render(i18n.msg("dotr.night.draw"), "de").startswith("Ziehe {count} Karten")


def test_a_message_quoting_a_name_reads_it_quoted() -> None:
    refused = i18n.msg("error.core.commands.unknown_action", name="fly")
    assert i18n.render(refused, "en") == "Unknown action 'fly'."
