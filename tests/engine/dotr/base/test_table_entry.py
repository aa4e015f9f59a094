"""Table-state entry: what the heroes did on the physical board, recorded and checked.

Every command is one undoable event naming its rule; supplies follow the board so that what is on
the board plus what is in the supply never changes.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.errors import EngineError, InvalidArguments
from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, new_game, refused

GENERALS = ("gorgutt", "balazarg", "varkolak", "sapphire")


def totals(game: GameLog) -> dict[str, int]:
    """Board plus supply, per kind of piece: constant through any table entry."""
    state = game.state
    count: Counter[str] = Counter()
    for space in state["board"].values():
        count.update({f"minion:{c}": n for c, n in space["minions"].items()})
        count["taint"] += space.get("taint", 0)
        count["gates"] += bool(space.get("gate"))
    count.update({f"minion:{c}": n for c, n in state["supply"]["minions"].items()})
    count["taint"] += state["supply"]["taint"]
    count["gates"] += state["supply"]["gates"]
    return dict(count)


BASE_TOTALS = {
    "minion:green": 25,
    "minion:black": 25,
    "minion:red": 25,
    "minion:blue": 25,
    "taint": 12,
    "gates": 5,
}


def space(game: GameLog, location: str) -> dict[str, Any]:
    return dict(game.state["board"][location])


# ------------------------------------------------------------------------------------------
# Minions
# ------------------------------------------------------------------------------------------


def test_defeated_minions_return_to_the_supply() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 3, "green": 1}}})
    outcome = act(game, "defeat_minions", {"location": "dark-woods", "minions": {"black": 2}})
    assert space(game, "dark-woods")["minions"] == {"green": 1, "black": 1, "red": 0, "blue": 0}
    assert game.state["supply"]["minions"]["black"] == 24
    assert totals(game) == BASE_TOTALS
    event = outcome.events[0]
    assert event.type == "minions_defeated"
    assert event.data == {"location": "dark-woods", "minions": {"black": 2}}
    assert event.steps[0]["rule"].startswith("Combat")


def test_no_removing_minions_that_are_not_there() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 1}}})
    refused(
        game,
        "defeat_minions",
        {"location": "dark-woods", "minions": {"black": 2}},
        "not_enough_minions",
    )
    refused(
        game,
        "defeat_minions",
        {"location": "dark-woods", "minions": {"red": 1}},
        "not_enough_minions",
    )
    refused(
        game,
        "defeat_minions",
        {"location": "dark-woods", "minions": {"purple": 1}},
        "unknown_colour",
    )
    refused(
        game,
        "defeat_minions",
        {"location": "dark-woods", "minions": {"black": 0}},
        "invalid_arguments",
    )
    refused(
        game,
        "defeat_minions",
        {"location": "dark-woods", "minions": {"black": -1}},
        "invalid_arguments",
    )


def test_locations_by_id_name_or_alias() -> None:
    """Content ids are slugs ('Heaven's Glade' -> 'heavens-glade'); names and aliases work too."""
    game = new_game(board={"heavens-glade": {"minions": {"blue": 2}}})
    act(game, "defeat_minions", {"location": "Heaven's Glade", "minions": {"blue": 1}})
    act(game, "defeat_minions", {"location": "HEAVENS GLADE", "minions": {"blue": 1}})
    assert space(game, "heavens-glade")["minions"]["blue"] == 0


def test_unknown_location_refused() -> None:
    game = new_game()
    for name, args in (
        ("defeat_minions", {"minions": {"black": 1}}),
        ("heal_taint", {}),
        ("build_gate", {}),
        ("move_hero", {}),
        ("set_location", {"taint": 1, "reason": "typo"}),
    ):
        refused(game, name, {"location": "Atlantis", **args}, "unknown_location")


# ------------------------------------------------------------------------------------------
# Tainted Crystals
# ------------------------------------------------------------------------------------------


def test_heal_the_land_removes_a_tainted_crystal() -> None:
    game = new_game(board={"blood-flats": {"taint": 2}})
    act(game, "heal_taint", {"location": "blood-flats"})
    assert space(game, "blood-flats")["taint"] == 1
    assert game.state["supply"]["taint"] == 11
    act(game, "heal_taint", {"location": "blood-flats", "count": 1})
    assert totals(game) == BASE_TOTALS


def test_no_healing_a_crystal_that_is_not_there() -> None:
    game = new_game(board={"blood-flats": {"taint": 1}})
    refused(game, "heal_taint", {"location": "blood-flats", "count": 2}, "no_taint_here")
    refused(game, "heal_taint", {"location": "dark-woods"}, "no_taint_here")


# ------------------------------------------------------------------------------------------
# Generals and the War Status
# ------------------------------------------------------------------------------------------


def test_wounding_a_general() -> None:
    game = new_game()
    outcome = act(game, "wound_general", {"general": "Gorgutt", "wounds": 2})
    assert game.state["generals"]["gorgutt"]["wounds"] == 2
    assert not game.state["generals"]["gorgutt"]["defeated"]
    assert outcome.events[0].type == "general_wounded"
    assert game.state["war_status"] == "early"


def test_war_status_advances_early_mid_mid_late() -> None:
    """content-facts: 'War Status: Early, Mid, Mid, Late; it advances one space per General
    defeated.' (The Hero's Calling: 'Advance 1 space for each General defeated.')"""
    game = new_game()
    seen = []
    for general, life in (("sapphire", 4), ("varkolak", 5), ("balazarg", 6)):
        outcome = act(game, "wound_general", {"general": general, "wounds": life})
        assert game.state["generals"][general]["defeated"]
        assert outcome.events[0].type == "general_defeated"
        seen.append((game.state["war_level"], game.state["war_status"]))
    assert seen == [(1, "mid"), (2, "mid"), (3, "late")]
    assert game.state["outcome"] is None


def test_general_defeated_by_wounds_over_several_battles() -> None:
    game = new_game()
    act(game, "wound_general", {"general": "sapphire", "wounds": 3})
    act(game, "wound_general", {"general": "sapphire", "wounds": 3})
    assert game.state["generals"]["sapphire"] == {
        **game.state["generals"]["sapphire"],
        "wounds": 4,
        "defeated": True,
    }


def test_no_wounding_a_defeated_general() -> None:
    game = new_game()
    game.execute("wound_general", {"general": "sapphire", "wounds": 4})
    refused(game, "wound_general", {"general": "sapphire"}, "general_defeated")
    refused(game, "wound_general", {"general": "Brimstone"}, "unknown_general")


def test_the_game_is_won_when_all_four_generals_are_defeated() -> None:
    """Object of the Game (rules summary, UBG): 'Players win by defeating all 4 Generals.'"""
    game = new_game()
    for general in GENERALS[1:]:
        game.execute("wound_general", {"general": general, "wounds": 6})
    outcome = act(game, "wound_general", {"general": "gorgutt", "wounds": 6})
    # ... then the fame the slaying blow earns is proposed (test_fame.py).
    assert [e.type for e in outcome.events] == ["general_defeated", "game_won", "fame_proposed"]
    result = game.state["outcome"]
    assert result["result"] == "won"
    assert "4 Generals" in result["rule"]
    assert game.state["war_status"] == "late"


def test_no_command_but_undo_and_redo_after_the_game_ended() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 1}, "taint": 1}})
    for general in GENERALS:
        game.execute("wound_general", {"general": general, "wounds": 6})
    for name, args in (
        ("defeat_minions", {"location": "dark-woods", "minions": {"black": 1}}),
        ("heal_taint", {"location": "dark-woods"}),
        ("wound_general", {"general": "gorgutt"}),
        ("build_gate", {"location": "dark-woods"}),
        ("move_hero", {"location": "dark-woods"}),
        ("wound_hero", {}),
        ("heal_hero", {}),
        ("set_location", {"location": "dark-woods", "taint": 0, "reason": "r"}),
    ):
        refused(game, name, args, "game_over")
    game.execute("undo")
    assert game.state["outcome"] is None
    assert not game.state["generals"]["sapphire"]["defeated"]
    assert game.state["war_level"] == 3
    game.execute("redo")
    assert game.state["outcome"]["result"] == "won"
    assert game.replay() == game.state


# ------------------------------------------------------------------------------------------
# Magic Gates
# ------------------------------------------------------------------------------------------


def test_build_a_magic_gate() -> None:
    game = new_game()
    act(game, "build_gate", {"location": "Bounty Bay"})
    assert space(game, "bounty-bay")["gate"] is True
    assert game.state["supply"]["gates"] == 4
    assert totals(game) == BASE_TOTALS


def test_no_magic_gate_at_an_inn() -> None:
    """FAQ: 'Can a magic gate be built at an Inn location? No ... Inns are restricted.'"""
    game = new_game()
    refused(game, "build_gate", {"location": "Chimera Inn"}, "no_gate_at_inn")
    refused(
        game,
        "set_location",
        {"location": "gryphon-inn", "gate": True, "reason": "r"},
        "no_gate_at_inn",
    )


def test_no_second_gate_where_one_stands() -> None:
    game = new_game(board={"bounty-bay": {"gate": True}})
    refused(game, "build_gate", {"location": "bounty-bay"}, "gate_already_here")


def test_only_five_magic_gates() -> None:
    """content-facts: 'Supply: 25 minions per colour, 12 Tainted Crystals, 5 Magic Gates.'"""
    game = new_game()
    for location in ("bounty-bay", "dark-woods", "blood-flats", "orc-valley", "windy-pass"):
        game.execute("build_gate", {"location": location})
    refused(game, "build_gate", {"location": "raven-forest"}, "supply_exhausted")
    assert totals(game) == BASE_TOTALS


# ------------------------------------------------------------------------------------------
# Heroes on the board
# ------------------------------------------------------------------------------------------


def test_move_a_hero() -> None:
    game = new_game()
    outcome = act(game, "move_hero", {"location": "Father Oak Forest", "seat": "2"})
    assert game.state["heroes"]["2"]["location"] == "father-oak-forest"
    assert outcome.events[0].data == {
        "seat": "2",
        "from": "monarch-city",
        "to": "father-oak-forest",
    }
    act(game, "move_hero", {"location": "monarch-city", "seat": "2"})
    refused(game, "move_hero", {"location": "monarch-city"}, "already_there")


def test_hero_commands_need_a_hero() -> None:
    game = new_game()
    refused(game, "move_hero", {"location": "dark-woods", "seat": "7"}, "unknown_seat")
    arrange(game, ("heroes", {"1": game.state["heroes"]["1"]}))
    for name, args in (
        ("move_hero", {"location": "dark-woods"}),
        ("wound_hero", {}),
        ("heal_hero", {}),
    ):
        refused(game, name, {**args, "seat": "2"}, "no_hero")


def test_wounds_and_healing_stay_between_0_and_the_heros_life() -> None:
    game = new_game()  # the Wizard has 5 life
    refused(game, "heal_hero", {}, "hero_at_full_life")
    act(game, "wound_hero", {"wounds": 2})
    assert game.state["heroes"]["1"]["life"] == 3
    act(game, "heal_hero", {"amount": 5})
    assert game.state["heroes"]["1"]["life"] == 5
    act(game, "wound_hero", {"wounds": 3})
    act(game, "heal_hero", {})  # at an Inn or in Monarch City: all life
    assert game.state["heroes"]["1"]["life"] == 5


def test_a_hero_at_0_life() -> None:
    """No base-game rule for a hero at 0 life is printed in the rulebooks we hold; the
    Companions & Catacombs rule is quoted to the table: 'The player starts a new Hero in Monarch
    City, drawing 2 new Hero Cards and a new Quest card.' Life never drops below 0."""
    game = new_game()
    outcome = act(game, "wound_hero", {"wounds": 9})
    assert game.state["heroes"]["1"]["life"] == 0
    event = outcome.events[0]
    assert event.data["wounds"] == 5 and event.data["slain"] is True
    assert "new Hero in Monarch City" in event.steps[-1]["text"]
    refused(game, "wound_hero", {}, "hero_has_no_life")
    act(game, "heal_hero", {"amount": 2})
    assert game.state["heroes"]["1"]["life"] == 2


# ------------------------------------------------------------------------------------------
# Corrections
# ------------------------------------------------------------------------------------------


def test_set_location_corrects_the_record_and_keeps_supplies_whole() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 2}, "taint": 1}})
    outcome = act(
        game,
        "set_location",
        {
            "location": "Dark Woods",
            "minions": {"black": 1, "green": 3},
            "taint": 2,
            "gate": True,
            "fire": True,
            "reason": "we forgot the overrun",
        },
    )
    assert space(game, "dark-woods") == {
        "minions": {"green": 3, "black": 1, "red": 0, "blue": 0},
        "taint": 2,
        "gate": True,
        "fire": True,
    }
    assert game.state["supply"]["minions"] == {"green": 22, "black": 24, "red": 25, "blue": 25}
    assert game.state["supply"]["taint"] == 10
    assert game.state["supply"]["gates"] == 4
    assert totals(game) == BASE_TOTALS
    assert outcome.events[0].data["reason"] == "we forgot the overrun"
    act(
        game,
        "set_location",
        {
            "location": "dark-woods",
            "minions": {"green": 0},
            "taint": 0,
            "gate": False,
            "fire": False,
            "reason": "healed",
        },
    )
    assert totals(game) == BASE_TOTALS


def test_set_location_refused_when_the_supply_cannot_cover_it() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 20}, "taint": 11}})
    refused(
        game,
        "set_location",
        {"location": "windy-pass", "minions": {"black": 6}, "reason": "r"},
        "supply_exhausted",
    )
    refused(
        game,
        "set_location",
        {"location": "windy-pass", "taint": 2, "reason": "r"},
        "supply_exhausted",
    )
    act(game, "set_location", {"location": "windy-pass", "minions": {"black": 5}, "reason": "r"})
    assert game.state["supply"]["minions"]["black"] == 0


def test_set_location_needs_a_reason_and_something_to_set() -> None:
    game = new_game()
    with pytest.raises(InvalidArguments) as caught:
        game.execute("set_location", {"location": "dark-woods", "taint": 1})
    assert "reason" in caught.value.fields
    refused(game, "set_location", {"location": "dark-woods", "reason": "r"}, "invalid_arguments")
    refused(
        game,
        "set_location",
        {"location": "dark-woods", "minions": {"pink": 1}, "reason": "r"},
        "unknown_colour",
    )
    refused(
        game,
        "set_location",
        {"location": "dark-woods", "minions": {"red": -1}, "reason": "r"},
        "invalid_arguments",
    )


def test_set_location_fire_follows_a_tracked_fire_supply() -> None:
    game = new_game()
    arrange(game, ("supply", "fire", 1))
    act(game, "set_location", {"location": "chimera-inn", "fire": True, "reason": "dragon"})
    assert game.state["supply"]["fire"] == 0
    refused(
        game,
        "set_location",
        {"location": "dark-woods", "fire": True, "reason": "r"},
        "supply_exhausted",
    )


# ------------------------------------------------------------------------------------------
# Any sequence of table entries
# ------------------------------------------------------------------------------------------

PLACES = ("dark-woods", "chimera-inn", "monarch-city", "blood-flats")
ENTRY = st.one_of(
    st.tuples(st.just("defeat_minions"), st.fixed_dictionaries({
        "location": st.sampled_from(PLACES),
        "minions": st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 3), min_size=1)})),
    st.tuples(st.just("heal_taint"), st.fixed_dictionaries({
        "location": st.sampled_from(PLACES), "count": st.integers(1, 2)})),
    st.tuples(st.just("build_gate"), st.fixed_dictionaries({
        "location": st.sampled_from(PLACES)})),
    st.tuples(st.just("set_location"), st.fixed_dictionaries({
        "location": st.sampled_from(PLACES), "reason": st.just("fix"),
        "minions": st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 30)),
        "taint": st.integers(0, 12), "gate": st.booleans()})),
    st.tuples(st.just("wound_general"), st.fixed_dictionaries({
        "general": st.sampled_from(GENERALS), "wounds": st.integers(1, 6)})),
    st.tuples(st.sampled_from(["wound_hero", "heal_hero"]), st.just({})),
    st.tuples(st.sampled_from(["undo", "redo"]), st.just({})),
)  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(st.lists(ENTRY, max_size=12))
def test_supplies_stay_whole_through_any_table_entry(entries: list[tuple[str, Any]]) -> None:
    """On the board plus in the supply: always 25 minions a colour, 12 crystals, 5 gates;
    no supply below 0; a refused entry changes nothing; the log replays to the state."""
    game = new_game(board={"dark-woods": {"minions": {"black": 2, "red": 1}, "taint": 1}})
    for name, args in entries:
        before = copy.deepcopy(game.state)
        try:
            game.execute(name, args)
        except EngineError:
            assert game.state == before
        assert totals(game) == BASE_TOTALS
        supply = game.state["supply"]
        assert min(supply["minions"].values()) >= 0 and supply["taint"] >= 0
        assert supply["gates"] >= 0
        life = game.state["heroes"]["1"]["life"]
        assert 0 <= life <= game.state["heroes"]["1"]["max_life"]
    assert game.replay() == game.state


def test_a_table_entry_reads_in_the_reader_s_language() -> None:
    """The same wound, read by an English and a German phone: the facts alike, the words not."""
    from deck_tracker.engine.views import view_event

    game = new_game()
    game.execute("move_hero", {"location": "orc-valley"})
    game.execute("wound_hero", {"wounds": 2})
    wounded = {**game.events[-1].as_record(), "seq": 2}
    english, german = view_event(wounded, "1", "en"), view_event(wounded, "1", "de")
    assert english["summary"] == "Wizard suffered 2 wounds (3 life left)."
    assert german["summary"] == "Zauberer hat 2 Wunden erlitten (noch 3 Leben)."
    assert german["steps"][0]["text"] == "Zauberer verliert 2 Lebensmarker."
    assert german["steps"][0]["rule"] == "Wunden: eine Wunde nimmt einen Lebensmarker"
    moved = {**game.events[-2].as_record(), "seq": 1}
    assert view_event(moved, "1", "de")["summary"] == "Zauberer ist nach Orktal gezogen."


def test_defeating_a_general_names_the_war_status_as_the_board_prints_it() -> None:
    """'Advance the War Status marker 1 space' when a General is defeated: to Mid War."""
    from deck_tracker.engine.i18n import render_text

    game = new_game()
    before = len(game.events)
    game.execute("wound_general", {"general": "Gorgutt", "wounds": 6})
    steps = [render_text(s["text"]) for e in game.events[before:] for s in e.steps]
    assert "Advance the War Status marker one space (Mid War)." in steps
