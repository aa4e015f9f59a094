"""Setting up a base game, the settings, and heroes entering the game."""

from __future__ import annotations

from collections import Counter

import pytest

from deck_tracker.engine.content import COLOURS, default_packs
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.settings import (
    SETTINGS,
    describe_settings,
    resolve_settings,
)
from deck_tracker.engine.views import view_state
from tests.helpers import DS, check_conservation, crystals, minions, table, total

PACK = default_packs()["dotr-base"]


def test_the_default_game_is_a_full_base_game_of_defenders_of_the_realm() -> None:
    log = GameLog.start({})
    state = log.state
    assert state["system"] == "dotr"
    assert set(state["board"]) == set(PACK.locations)
    assert set(state["decks"]) == {"darkness_spreads", "hero", "quest"}
    assert state["war_level"] == 0 and state["war_status"] == "early"
    assert state["settings"] == resolve_settings({})
    assert state["heroes"] == {} and state["turn"] == {
        "number": 1,
        "active_seat": None,
        "phase": "actions",
    }
    check_conservation(state)
    assert log.replay() == state


def test_supplies_are_25_minions_per_colour_12_crystals_and_5_gates_less_the_printed_gate() -> None:
    """content-facts: "Supply: 25 minions per colour, 12 Tainted Crystals, 5 Magic Gates.\""""
    state = table().state
    on_board = sum(space["gate"] for space in state["board"].values())
    assert on_board == 1 and state["board"]["dancing-stone"]["gate"]
    assert state["supply"]["gates"] == 4
    assert state["supply"]["taint"] == 12
    check_conservation(state)


def test_each_general_starts_on_its_space_with_three_of_its_minions() -> None:
    """content-facts Setup: "each General starts with 3 of its minions".
    The Generals' own spaces may get more from the setup cards."""
    state = table().state
    for general in PACK.generals.values():
        entry = state["generals"][general.id]
        assert (entry["location"], entry["path_index"]) == (general.start, 0)
        assert entry["wounds"] == 0 and entry["defeated"] is False
        assert minions(state, general.start)[general.colour] >= 3


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e"])
def test_the_setup_puts_30_minions_on_the_board_with_no_taint(seed: str) -> None:
    """content-facts Setup: 3 cards place 2 minions per location, 3 more place 1 (30 minions
    in all); overruns and taint are off during setup in the normal game."""
    log = table(seed=seed)
    state = log.state
    on_board = sum(sum(space["minions"].values()) for space in state["board"].values())
    assert on_board == 30
    assert crystals(state) == 0
    cards = [e.data for e in log.events if e.type == "setup_card"]
    assert [c["count"] for c in cards] == [2, 2, 2, 1, 1, 1]
    kinds = {c.id: c.kind for c in PACK.deck(DS).cards}
    assert all(kinds[c["card"]] == "standard" for c in cards)


def test_no_general_moves_during_setup() -> None:
    state = table().state
    assert all(g["path_index"] == 0 for g in state["generals"].values())


def test_the_setup_cards_are_shuffled_back_into_the_deck_by_default() -> None:
    state = table().state
    assert len(state["decks"][DS]["draw"]) == 56 and state["decks"][DS]["discard"] == []


def test_the_setup_cards_stay_in_the_discard_pile_with_the_setting_off() -> None:
    log = table(setup_cards_reshuffled=False)
    used = next(e.data["cards"] for e in log.events if e.type == "setup_cards_done")
    deck = log.state["decks"][DS]
    assert deck["discard"] == used and len(deck["draw"]) == 56 - len(used)


def test_harder_setup_allows_taint_so_balazargs_three_demons_taint_scorpion_canyon() -> None:
    """UBG variant: "Allow Overruns and Tainting on the game set up"."""
    state = table(harder_setup=True).state
    assert crystals(state, "scorpion-canyon") >= 1
    check_conservation(state)


def test_all_is_quiet_cards_go_to_the_box_when_the_setting_is_off() -> None:
    """Dragon expansion: "It is recommended that the All is Quiet Cards be removed"."""
    deck = table(all_is_quiet=False).state["decks"][DS]
    assert sorted(deck["box"]) == ["ds-all-is-quiet-1", "ds-all-is-quiet-2", "ds-all-is-quiet-3"]
    assert len(deck["draw"]) == 53


def test_the_host_hero_starts_in_monarch_city_with_its_life_two_hero_cards_and_a_quest() -> None:
    """content-facts Setup: "heroes start in Monarch City with 2 Hero Cards and 1 Quest"."""
    log = table(hero="Eagle Rider")
    state = log.state
    hero = state["heroes"]["1"]
    assert hero["hero"] == "eagle-rider"
    assert (hero["location"], hero["life"], hero["max_life"]) == ("monarch-city", 4, 4)
    assert len(state["decks"]["hero"]["hands"]["1"]) == 2
    assert state["decks"]["quest"]["hands"]["1"] == hero["quests"] and len(hero["quests"]) == 1
    assert hero["completed_quests"] == []
    assert state["seats"]["1"]["hero"] == "Eagle Rider"
    assert state["turn"] == {"number": 1, "active_seat": "1", "phase": "actions"}
    entered = next(e for e in log.events if e.type == "hero_entered")
    assert entered.private["1"]["hero_cards"] == state["decks"]["hero"]["hands"]["1"]
    assert "hero_cards" not in entered.data


def test_heroes_are_found_by_id_or_name_in_any_case() -> None:
    assert table(hero="EAGLE-RIDER").state["heroes"]["1"]["hero"] == "eagle-rider"
    assert table(hero="eagle rider").state["heroes"]["1"]["hero"] == "eagle-rider"


def test_an_unknown_hero_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        table(hero="Barbarian")
    assert refused.value.code == "unknown_hero"


def test_a_player_joining_with_a_hero_enters_the_realm() -> None:
    log = table()
    log.execute("join", {"name": "Bea", "hero": "rogue"}, actor=None)
    hero = log.state["heroes"]["2"]
    assert hero["hero"] == "rogue" and hero["location"] == "monarch-city" and hero["life"] == 6
    assert len(log.state["decks"]["hero"]["hands"]["2"]) == 2
    assert log.replay() == log.state


def test_a_hero_already_taken_at_the_table_is_refused_and_nothing_changes() -> None:
    log = table()
    before = log.replay()
    with pytest.raises(RuleViolation) as refused:
        log.execute("join", {"name": "Bea", "hero": "Wizard"}, actor=None)
    assert refused.value.code == "hero_taken"
    assert log.state == before


def test_a_seat_without_a_hero_gets_nothing_and_the_first_hero_to_join_starts() -> None:
    log = table(hero=None)
    assert log.state["heroes"] == {} and log.state["turn"]["active_seat"] is None
    log.execute("join", {"name": "Bea"}, actor=None)
    assert log.state["heroes"] == {}
    log.execute("join", {"name": "Cy", "hero": "Dwarf"}, actor=None)
    assert log.state["turn"]["active_seat"] == "3"


def test_table_owned_decks_are_not_dealt_by_the_app() -> None:
    log = GameLog.start(
        {"host": {"name": "Ada", "hero": "wizard"}, "table_decks": ["hero", "quest"]}
    )
    state = log.state
    assert state["decks"]["hero"]["owner"] == "table"
    assert state["decks"]["hero"]["hands"]["1"] == []
    assert state["heroes"]["1"]["quests"] == []
    steps = [s["text"] for e in log.events if e.type == "hero_entered" for s in e.steps]
    assert any("record them" in text for text in steps)


def test_a_table_owned_darkness_spreads_deck_may_name_its_setup_cards() -> None:
    named = [
        "ds-blood-flats-bounty-bay",
        "ds-orc-valley-bounty-bay",
        "ds-wolf-pass-dancing-stone",
        "ds-thorny-woods-dancing-stone",
        "ds-serpent-swamp-wolf-pass",
        "ds-scorpion-canyon-gryphon-forest",
    ]
    log = GameLog.start({"table_decks": [DS], "setup_cards": named})
    assert [e.data["card"] for e in log.events if e.type == "setup_card"] == named
    assert minions(log.state, "bounty-bay")["blue"] == 4
    assert total(log.state, "wolf-pass") == 3


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"options": {"colour_blind": True}}, "options.colour_blind"),
        ({"options": {"harder_setup": "yes"}}, "options.harder_setup"),
        ({"options": {"harder_setup": 1}}, "options.harder_setup"),
        ({"options": {"extra_cards_general_only": "x"}}, "options.extra_cards_general_only"),
        ({"options": ["harder_setup"]}, "options"),
        ({"table_decks": ["relics"]}, "table_decks"),
        ({"table_decks": "hero"}, "table_decks"),
        ({"table_decks": ["hero", "hero"]}, "table_decks"),
        ({"setup_cards": ["ds-all-is-quiet-1"]}, "setup_cards"),
        ({"table_decks": [DS], "setup_cards": ["ds-all-is-quiet-1"] * 6}, "setup_cards"),
    ],
)
def test_bad_setups_are_refused_naming_the_field(setup: dict, field: str) -> None:
    with pytest.raises(InvalidArguments) as refused:
        GameLog.start(setup)
    assert field in refused.value.fields


def test_every_setting_is_documented_with_default_values_description_and_source() -> None:
    described = {s["name"]: s for s in describe_settings()}
    for name in (
        "disputed_roads",
        "harder_setup",
        "extra_cards_general_only",
        "monarch_city_overrun",
        "all_is_quiet",
    ):
        assert name in described
    for entry in described.values():
        assert entry["default"] in entry["allowed"]
        assert entry["description"] and entry["source"]
    assert resolve_settings(None) == {name: s.default for name, s in SETTINGS.items()}
    assert described["all_is_quiet"]["default"] is True
    assert described["disputed_roads"]["default"] is False
    assert described["monarch_city_overrun"]["default"] == "base"


def test_disputed_roads_setting_adds_the_one_source_roads() -> None:
    from deck_tracker.engine.rules.dotr.base.board import board_data

    assert "whispering-woods" not in board_data("dotr-base", False).adjacency["orc-valley"]
    assert "whispering-woods" in board_data("dotr-base", True).adjacency["orc-valley"]


def test_every_setup_step_names_its_rule() -> None:
    log = table()
    steps = [s for e in log.events for s in e.steps]
    assert len(steps) > 20
    assert all(s["text"] and s["rule"] for s in steps)
    types = Counter(e.type for e in log.events)
    assert types["setup_card"] == 6 and types["generals_placed"] == 1


def test_every_seat_sees_the_whole_board() -> None:
    log = table()
    log.execute("join", {"name": "Bea", "hero": "rogue"}, actor=None)
    views = [view_state(log.state, seat) for seat in ("1", "2", None)]
    for key in (
        "board",
        "supply",
        "generals",
        "war_status",
        "war_level",
        "heroes",
        "turn",
        "pending",
        "settings",
    ):
        assert key in views[0]
        assert views[0][key] == views[1][key] == views[2][key]
    assert views[0]["board"]["thorny-woods"]["minions"].keys() == set(COLOURS)


@pytest.mark.parametrize(
    "setup",
    [
        {},
        {"host": {"name": "Ada", "hero": "wizard"}},
        {"host": {"name": "Ada", "hero": "rogue"}, "options": {"all_is_quiet": False}},
        {"host": {"name": "Ada", "hero": "dwarf"}, "options": {"setup_cards_reshuffled": False}},
        {"host": {"name": "Ada", "hero": "cleric"}, "options": {"harder_setup": True}},
        {"host": {"name": "Ada", "hero": "ranger"}, "table_decks": [DS, "hero", "quest"]},
    ],
)
def test_the_setup_log_replays_to_the_same_state(setup: dict) -> None:
    log = GameLog.start(setup, seed="replay")
    assert log.replay() == log.state
    log.execute("join", {"name": "Bea", "hero": "paladin"}, actor=None)
    assert log.replay() == log.state
