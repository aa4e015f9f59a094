"""The setup screen's words in the reader's language: settings, scenarios, the games offered.

They are written in English where they are defined (``Setting`` values, the scenarios' files
and catalogues, each system's offered games) and read in another language from the
``setup_words`` catalogues (``locale/<language>/setup_words.json``). :func:`english_words`
gathers the English by catalogue key: ``scripts/setup_words.py`` writes the English catalogue
from it, and a test fails when the two disagree, so a new setting or scenario cannot go
unnoticed by the translations (``scripts/check_i18n.py`` then asks for its German).
"""

from __future__ import annotations

from typing import Any

from .i18n import DEFAULT_LANGUAGE, normalise_language
from .rules.battlefields.settings import SETTINGS as BATTLEFIELDS_SETTINGS
from .rules.dotr.registry import SETTINGS as DOTR_SETTINGS
from .rules.dotr.scenarios.catalogue import catalogue_words, default_scenarios, scenario_words
from .rules.talisman_dragon.settings import SETTINGS as TALISMAN_SETTINGS
from .settings import options_in, translated, word_key
from .systems import load_systems, offered_games

__all__ = ["english_words", "game_entry_in", "scenario_title"]

# The games the setup screen offers beside the systems' own (the Django side lists them).
FIXED_GAMES = {
    "standard": "Defenders of the Realm: the standard game",
    "custom-decks": "Any decks of your own (no board)",
}


def scenario_title(number: int | None, name: str) -> str:
    """A scenario's entry on the setup screen: "Scenario 3: Onslaught!"."""
    return f"Scenario {number}: {name}" if number else name


def english_words() -> dict[str, str]:
    """Every setup word a player reads, in English, by its catalogue key."""
    load_systems()
    words: dict[str, str] = {}
    for setting in (*DOTR_SETTINGS.values(), *BATTLEFIELDS_SETTINGS, *TALISMAN_SETTINGS):
        words.update(setting.english_words())
    words.update(catalogue_words())
    for scenario in default_scenarios().values():
        words.update(scenario_words(scenario))
        words[word_key("game", f"scenario-{scenario.id}", "name")] = scenario_title(
            scenario.number, scenario.name
        )
    for game_id, name in FIXED_GAMES.items():
        words[word_key("game", game_id, "name")] = name
    for entry in offered_games():
        words[word_key("game", entry["id"], "name")] = entry["name"]
    return dict(sorted(words.items()))


def game_entry_in(entry: dict[str, Any], language: str) -> dict[str, Any]:
    """A game offered by the setup screen (built in English), its words in ``language``."""
    if normalise_language(language) == DEFAULT_LANGUAGE:
        return entry
    return entry | {
        "name": translated(word_key("game", entry["id"], "name"), entry["name"], language),
        "options": options_in(entry.get("options") or [], language),
    }
