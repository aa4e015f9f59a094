"""Never accept and ignore: an option the chosen packs and scenario would not use is refused.

One function answers which options a setup uses (``settings_in_use``); the setup refuses the
others with ``option_not_used``, each field saying what it needs.
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine import describe_setup_options
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.expansions import settings_in_use
from deck_tracker.engine.rules.dotr.base.settings import SETTINGS
from tests.helpers import ENTERED

SOURCE_CODES = (" J ", "(J", "JM", "UBG", "DX", "transcription slip", "not verified", "_")


def refused(**setup: Any) -> dict[str, list[str]]:
    with pytest.raises(InvalidArguments) as caught:
        GameLog.start({"host": {"name": "Ada", "hero": "wizard"}, **setup}, seed="options")
    assert caught.value.code == "option_not_used"
    return caught.value.fields


def test_a_base_game_uses_only_the_base_settings() -> None:
    in_use, not_used = settings_in_use({})
    assert "player_count" not in in_use and "sterling" not in in_use
    assert "recruit_limit_per_visit" not in in_use and "burning_land_fires" not in in_use
    assert {"harder_setup", "all_is_quiet", "taint_loss"} <= set(in_use)
    # Every setting is either used or not, with a reason.
    assert set(in_use) | set(not_used) == set(SETTINGS)


def test_expansion_settings_are_refused_without_their_expansion() -> None:
    fields = refused(options={"sterling": True, "warlord_ties": "alphabetical"})
    assert fields == {
        "options.sterling": ['Only with the Dragon expansion ("dragon" in expansions).'],
        "options.warlord_ties": [
            'Only with Companions and Catacombs ("companions_catacombs" in expansions).'
        ],
    }


def test_a_value_of_another_expansion_is_refused() -> None:
    fields = refused(options={"extra_cards_general_only": "war_status_card"})
    assert fields == {
        "options.extra_cards_general_only": [
            "As the War Status card shows: Only with The Hero's Calling "
            '("heros_calling" in expansions).'
        ]
    }


def test_a_setting_that_acts_only_with_another_value_is_refused_without_it() -> None:
    fields = refused(
        expansions=["dragon"],
        generals={"red": "brimstone"},
        overlays={"dotr-dragon": ENTERED},
        options={"six_player_specials": "instead", "sterling_pushes_brimstone": "previous"},
    )
    assert fields == {
        "options.six_player_specials": ["Only when Number of heroes is 6 (options.player_count)."],
        "options.sterling_pushes_brimstone": [
            "Only when Sterling, the Silver Dragon is With Sterling (options.sterling)."
        ],
    }


def test_what_a_scenario_or_the_heros_calling_fixes_is_refused() -> None:
    assert refused(scenario="the-land-is-dying", options={"all_is_quiet": True}) == {
        "options.all_is_quiet": ["The Land is Dying sets the All is Quiet cards."]
    }
    assert refused(scenario="onslaught", options={"harder_setup": False}) == {
        "options.harder_setup": ["Onslaught! places the first minions with overruns and taint."]
    }
    assert refused(scenario="realm-in-flames", options={"burning_land_fires": "inns_and_city"}) == {
        "options.burning_land_fires": ["Only in The Burning Land."]
    }
    fields = refused(expansions=["heros_calling"], options={"all_is_quiet": True})
    assert fields == {
        "options.all_is_quiet": ["The Hero's Calling puts the All is Quiet cards back in the box."]
    }


def test_the_description_speaks_player_words_and_keeps_the_record() -> None:
    described = describe_setup_options({"expansions": ["dragon"]})
    names = [option["name"] for option in described["options"]]
    assert "player_count" in names and "recruit_limit_per_visit" not in names
    assert "Only with Companions" in described["not_used"]["recruit_limit_per_visit"]
    for option in described["options"]:
        assert option["title"] and option["sentence"] and option["group"], option["name"]
        words = " ".join([option["title"], option["sentence"], option["group"]]
                         + [c["label"] for c in option["choices"]])  # fmt: skip
        assert not any(code in f" {words} " for code in SOURCE_CODES), option["name"]
        assert option["source"]  # the record stays, for the details view
    count = next(o for o in described["options"] if o["name"] == "player_count")
    assert count["choices"] == [
        {"value": 4, "label": "1 to 4"},
        {"value": 5, "label": "5"},
        {"value": 6, "label": "6"},
    ]
    assert count["advanced"] is False
    # The default shown is the one the game plays: the expansion removes All is Quiet.
    quiet = next(o for o in described["options"] if o["name"] == "all_is_quiet")
    assert quiet["default"] is False
    plain = describe_setup_options({})["options"]
    assert next(o for o in plain if o["name"] == "all_is_quiet")["default"] is True
    specials = next(o for o in described["options"] if o["name"] == "six_player_specials")
    assert specials["only_with"] == {"player_count": [6]}


def test_a_dragons_settings_are_refused_when_that_dragon_cannot_play() -> None:
    """Brimstone's fire, Hemlock's Imps: with the Generals known and neither among them (no El
    Fuego, no scenario fires), their settings would be ignored, so they are refused."""
    fields = refused(
        expansions=["dragon"],
        overlays={"dotr-dragon": ENTERED},
        options={"fire_tokens": 8, "imp_quick_flying": "card_locations"},
    )
    assert fields == {
        "options.fire_tokens": [
            "Only with fire in the game: Brimstone, El Fuego or a scenario that sets fires."
        ],
        "options.imp_quick_flying": [
            "Only with Hemlock's Imps (Hemlock or his Agent in the game)."
        ],
    }
    with_el_fuego = settings_in_use({"expansions": ["dragon"], "options": {"agent": "el-fuego"}})
    assert "fire_tokens" in with_el_fuego[0]
    burning = settings_in_use({"scenario": "the-burning-land"})[0]
    assert {"fire_tokens", "sterling_pushes_brimstone"} <= set(burning)  # he may return
    hemlock = settings_in_use({"expansions": ["dragon"], "generals": {"green": "hemlock"}})[0]
    assert "imp_quick_flying" in hemlock and "fire_tokens" not in hemlock
    dealt = settings_in_use({"scenario": "onslaught", "generals": "random"})[0]
    assert {"fire_tokens", "imp_quick_flying", "dragon_darkness_spreads"} <= set(dealt)


def test_each_label_names_its_own_value() -> None:
    """A toggle shows the label of True: it must say what True does."""
    assert SETTINGS["all_is_quiet"].label(True) == "Keep them in"
    assert SETTINGS["fame_proposals"].label(True) == "Suggest it"
    assert SETTINGS["harder_setup"].label(True) == "Harder setup"
    for setting in SETTINGS.values():
        assert not setting.labels or len(setting.labels) == len(setting.allowed), setting.name
