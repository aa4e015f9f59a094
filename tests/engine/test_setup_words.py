"""The setup screen's words in German: settings, scenarios and the games offered. Their English
is written where they are defined; the English catalogue must agree with it."""

from __future__ import annotations

import json

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import LOCALE_DIR
from deck_tracker.engine.rules.dotr.base.expansions import describe_setup_options
from deck_tracker.engine.rules.dotr.scenarios.catalogue import default_scenarios, describe_scenario
from deck_tracker.engine.setup_words import english_words
from deck_tracker.engine.views import view_event


def test_the_english_catalogue_agrees_with_the_definitions() -> None:
    """A setting or scenario whose words change must be written again (scripts/setup_words.py),
    so the German catalogue is asked for the new words (scripts/check_i18n.py)."""
    path = LOCALE_DIR / "en" / "setup_words.json"
    written = {k: v for k, v in json.loads(path.read_text()).items() if k != "_about"}
    assert written == english_words()


def test_a_setting_reads_in_german_and_in_english() -> None:
    english = {o["name"]: o for o in describe_setup_options({"expansions": ["dragon"]})["options"]}
    german = {
        o["name"]: o for o in describe_setup_options({"expansions": ["dragon"]}, "de")["options"]
    }
    assert english["monarch_city_overrun"]["title"] == "A 4th minion in Monarch City"
    assert german["monarch_city_overrun"]["title"] == "Ein 4. Scherge in Monarch City"
    assert [c["label"] for c in german["monarch_city_overrun"]["choices"]] == [
        "Sie sammeln sich (5 verlieren das Spiel)",
        "Ein 4. Scherge verliert das Spiel",
    ]
    assert (
        german["monarch_city_overrun"]["description"]
        == english["monarch_city_overrun"]["description"]
    )


def test_a_scenario_reads_in_german() -> None:
    scenario = default_scenarios()["the-land-is-dying"]
    german = describe_scenario(scenario, "de")
    assert german["name"] == "Das Land stirbt"
    assert german["rules"][0]["text"] == (
        "Jedes Mal, wenn Hemlock zieht, kommt ein Verderbniskristall auf das Feld, das er betritt."
    )
    assert describe_scenario(scenario)["name"] == "The Land is Dying"


def test_a_table_opened_and_a_deck_made_read_in_german() -> None:
    game = GameLog.start(
        {"system": "generic", "host": {"name": "Ada", "hero": "Wizard"},
         "decks": {"loot": {"cards": ["a", "b", "c"]}}}
    )  # fmt: skip
    records = [e.as_record() | {"seq": n} for n, e in enumerate(game.events)]
    english = [view_event(r, None, "en")["summary"] for r in records]
    german = [view_event(r, None, "de")["summary"] for r in records]
    assert english[0] == "Ada opened a table (generic)."
    assert german[0] == "Ada hat einen Tisch eröffnet (generic)."
