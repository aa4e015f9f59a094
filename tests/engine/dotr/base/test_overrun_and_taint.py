"""Overruns and taint: the base rules and every answer of the FAQ, on board positions built here.

The FAQ is the "Base Game Rules Clarifications / FAQ" at the end of the Dragon expansion
rulebook (shared/rules/dotr-dragon-expansion.txt).
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.core import State
from deck_tracker.engine.rules.dotr.base.board import OVERRUN_AT, GameOver, board_data, placed_fits
from tests.helpers import (
    check_conservation,
    clear_board,
    crystals,
    minions,
    put,
    realm,
    table,
    taint,
    total,
)

ADJ = board_data("dotr-base", False).adjacency


def board(**options: Any) -> State:
    state = table(**options).state
    clear_board(state)
    return state


def neighbours_of(loc: str) -> list[str]:
    return [n for n in ADJ[loc] if not n.endswith("-inn")]


def test_a_fourth_minion_taints_the_location_and_spreads_one_minion_to_each_neighbour() -> None:
    """Base rule: a 4th minion overruns; it is not placed, the location takes 1 crystal and
    every adjacent location 1 minion of the placed colour."""
    state = board()
    put(state, "pleasant-hill", orcs=2)
    realm(state).place("green", 2, "pleasant-hill")
    assert minions(state, "pleasant-hill")["green"] == 3
    assert crystals(state, "pleasant-hill") == 1
    for loc in neighbours_of("pleasant-hill"):
        assert minions(state, loc)["green"] == 1, loc
    check_conservation(state)


def test_faq_demons_tainting_with_a_third_demon_do_not_overrun() -> None:
    """FAQ: "Do Demons overrun when they Taint a Location with a 3rd Demon? No. Demons have the
    special skill of tainting a location when a 3rd Demon is placed on it, but this does not
    create an overrun. Overruns only occur whenever a 4th Minion is added to a location.\""""
    state = board()
    put(state, "raven-forest", demons=2)
    r = realm(state)
    r.place("red", 1, "raven-forest")
    assert minions(state, "raven-forest")["red"] == 3
    assert crystals(state, "raven-forest") == 1
    assert r.overruns == 0
    assert all(total(state, loc) == 0 for loc in neighbours_of("raven-forest"))


def test_faq_two_demons_added_to_two_demons_give_one_crystal_and_one_overrun() -> None:
    """FAQ: "If 3 Demons are on a location and 2 are to be added, does the location immediately
    taint 2 times? No, there can only be 1 tainted crystal placed in a location per turn.
    Regardless of how many Demons are being added to a location that already has 2 Demons, only
    1 tainted crystal would be added to that location. However if, by adding 2 Demons an overrun
    would also occur, then a Demon would be added to each surrounding location\""""
    state = board()
    put(state, "raven-forest", demons=2)
    r = realm(state)
    r.place("red", 2, "raven-forest")
    assert minions(state, "raven-forest")["red"] == 3
    assert crystals(state, "raven-forest") == 1
    assert r.overruns == 1
    for loc in neighbours_of("raven-forest"):
        assert minions(state, loc)["red"] == 1, loc
    assert crystals(state) == 1
    check_conservation(state)


def test_faq_placing_two_minions_when_three_are_present_gives_one_crystal_and_one_overrun() -> None:
    """FAQ: "Placing 2 Minions when 3 are present - are multiple tainted crystals and multiple
    overruns triggered? No - only 1 Tainted Crystal and 1 overrun will occur. When you have 3 of
    any type of minions on a location and are to place one or more new Minions of any type to
    that location, the location immediately becomes Tainted (only placing 1 Tainted Crystal
    regardless of type of Minions or number that was to be added) and the Minion type on the
    Darkness Spreads Card being added overruns to each surrounding location, meaning that 1
    Minion of that type is added to each surrounding location." The 2 minions are not placed."""
    state = board()
    put(state, "pleasant-hill", demons=1, undead=2)
    before = minions(state, "pleasant-hill")
    r = realm(state)
    r.place("green", 2, "pleasant-hill")
    assert minions(state, "pleasant-hill") == before
    assert crystals(state, "pleasant-hill") == 1
    assert r.overruns == 1
    for loc in neighbours_of("pleasant-hill"):
        assert minions(state, loc)["green"] == 1, loc
    assert state["supply"]["minions"]["green"] == 25 - len(neighbours_of("pleasant-hill"))


def test_faq_an_overrun_that_places_a_third_demon_taints_there_without_overrunning() -> None:
    """FAQ: "This overrun action may place a 3rd demon on a location if the overrun was Demons
    or a 4th minion on a location, and in doing so would cause an additional Tainted Crystal to
    be placed on the overrun location, but will not cause any additional overruns.\""""
    state = board()
    put(state, "raven-forest", demons=3)
    put(state, "blood-flats", demons=2)
    r = realm(state)
    r.place("red", 1, "raven-forest")
    assert minions(state, "blood-flats")["red"] == 3
    assert crystals(state, "blood-flats") == 1
    assert crystals(state, "raven-forest") == 1
    assert r.overruns == 1
    # Blood Flats did not overrun: its other neighbours got nothing.
    for loc in neighbours_of("blood-flats"):
        if loc != "raven-forest" and loc not in ADJ["raven-forest"]:
            assert total(state, loc) == 0, loc


def test_faq_an_overrun_minion_that_is_a_fourth_minion_stays_and_taints_there() -> None:
    """FAQ: the overrun "may place ... a 4th minion on a location, and in doing so would cause
    an additional Tainted Crystal to be placed on the overrun location, but will not cause any
    additional overruns." The minion stays: that location now holds 4."""
    state = board()
    put(state, "thorny-woods", orcs=3)
    put(state, "amarak-peak", dragonkin=3)
    r = realm(state)
    r.place("green", 1, "thorny-woods")
    assert total(state, "amarak-peak") == 4
    assert crystals(state, "amarak-peak") == 1
    assert r.overruns == 1
    for loc in neighbours_of("amarak-peak"):
        if loc != "thorny-woods":
            assert total(state, loc) == 0, loc
    check_conservation(state)


def test_faq_only_one_crystal_per_location_per_turn_however_many_minions_arrive() -> None:
    """FAQ: "there can only be 1 tainted crystal placed in a location per turn ... while only 1
    tainted crystal can be added to a single location on a turn, more than 1 tainted crystal
    could be added by being placed on newly overrun locations as well as the original location
    from which the overrun spawned." A night is one turn."""
    state = board()
    put(state, "thorny-woods", orcs=3)
    put(state, "heavens-glade", orcs=3)
    r = realm(state)
    r.place("green", 1, "thorny-woods")  # overrun: Heaven's Glade gets a 4th minion, taints
    r.place("green", 2, "heavens-glade")  # 3+ present: overrun, but no second crystal there
    r.place("green", 1, "thorny-woods")  # again: no second crystal on Thorny Woods
    assert crystals(state, "thorny-woods") == 1
    assert crystals(state, "heavens-glade") == 1
    assert r.overruns == 3
    # A new turn: a new crystal is allowed.
    realm(state).place("green", 1, "thorny-woods")
    assert crystals(state, "thorny-woods") == 2
    check_conservation(state)


def test_overruns_never_chain() -> None:
    """Overruns do not chain (content-facts; FAQ: "will not cause any additional overruns")."""
    state = board()
    put(state, "thorny-woods", orcs=3)
    put(state, "amarak-peak", orcs=3)
    put(state, "heavens-glade", orcs=3)
    r = realm(state)
    r.place("green", 1, "thorny-woods")
    assert r.overruns == 1
    assert total(state, "eagle-peak-pass") == 0
    assert total(state, "whispering-woods") == 0


def test_faq_inns_are_never_overrun_and_never_receive_minions() -> None:
    """FAQ design note: "The Inns are never overrun"."""
    state = board()
    put(state, "enchanted-glade", undead=3)
    r = realm(state)
    r.place("black", 1, "enchanted-glade")
    assert total(state, "eagle-nest-inn") == 0
    r.place("black", 2, "eagle-nest-inn")
    assert total(state, "eagle-nest-inn") == 0
    assert crystals(state, "eagle-nest-inn") == 0
    assert any("Inn" in step.as_dict()["text"] for step in r.steps)


def test_monarch_city_never_overruns_or_taints_in_the_base_game() -> None:
    """Base rules: no overrun and no taint in Monarch City; minions pile up there."""
    state = board()
    put(state, "monarch-city", demons=3)
    r = realm(state)
    r.place("red", 1, "monarch-city")
    assert minions(state, "monarch-city")["red"] == 4
    assert crystals(state) == 0
    assert r.overruns == 0
    assert state["outcome"] is None


def test_five_minions_in_monarch_city_lose_the_game() -> None:
    """Loss: "If 5 enemy minions are in Monarch City at any time" (UBG)."""
    state = board()
    put(state, "monarch-city", orcs=2, undead=2)
    with pytest.raises(GameOver):
        realm(state).place("blue", 1, "monarch-city")
    assert state["outcome"]["result"] == "lost"
    assert "Monarch City" in state["outcome"]["reason"]


def test_overrun_minions_enter_monarch_city_in_the_base_game() -> None:
    """An overrun next to the City sends a minion into it (no overrun or taint there)."""
    state = board()
    put(state, "father-oak-forest", orcs=3)
    put(state, "monarch-city", undead=3)
    realm(state).place("green", 1, "father-oak-forest")
    assert total(state, "monarch-city") == 4
    assert crystals(state, "monarch-city") == 0
    assert state["outcome"] is None


def test_dragon_faq_setting_a_fourth_minion_taints_monarch_city_and_loses() -> None:
    """Dragon Expansion FAQ v1.2: "adding a 4th Minion (or 3 Demons ...) will taint Monarch City
    causing them to lose the game" (setting monarch_city_overrun = dragon_faq)."""
    state = board(monarch_city_overrun="dragon_faq")
    put(state, "monarch-city", orcs=3)
    with pytest.raises(GameOver):
        realm(state).place("black", 1, "monarch-city")
    assert crystals(state, "monarch-city") == 1
    assert "tainted" in state["outcome"]["reason"]


def test_last_crystal_placed_setting_loses_when_the_12th_crystal_is_placed() -> None:
    """Setting taint_loss = last_crystal_placed (UBG): "The last of the 12 Tainted Crystals is
    added to the board"."""
    state = board(taint_loss="last_crystal_placed")
    taint(state, "dark-woods", 11)
    put(state, "raven-forest", demons=2)
    with pytest.raises(GameOver):
        realm(state).place("red", 1, "raven-forest")
    assert state["supply"]["taint"] == 0
    assert "last Tainted Crystal" in state["outcome"]["reason"]


def test_the_game_is_lost_when_a_crystal_is_needed_and_none_is_left() -> None:
    """Loss (default, taint_loss = crystal_unavailable): "a crystal is needed and none is
    left"; placing the 12th is not yet a loss."""
    state = board()
    taint(state, "dark-woods", 11)
    put(state, "raven-forest", demons=2)
    put(state, "blood-flats", demons=2)
    r = realm(state)
    r.place("red", 1, "raven-forest")
    assert state["outcome"] is None and state["supply"]["taint"] == 0
    with pytest.raises(GameOver):
        r.place("red", 1, "blood-flats")
    assert "none is left" in state["outcome"]["reason"]
    check_conservation(state)


def test_a_card_needing_more_minions_than_the_supply_holds_loses_the_game() -> None:
    """Loss: a card needs more minions of a colour than the supply holds."""
    state = board()
    put(state, "dark-woods", undead=2)
    state["supply"]["minions"]["black"] = 1  # the rest is elsewhere, as far as this test cares
    with pytest.raises(GameOver):
        realm(state).place("black", 2, "enchanted-glade")
    assert "supply" in state["outcome"]["reason"]


def test_every_minion_of_a_colour_on_the_board_is_not_yet_a_loss() -> None:
    """Content-facts: "all of a colour on the board is not yet a loss"."""
    state = board()
    state["supply"]["minions"]["black"] = 0
    realm(state).place("green", 1, "thorny-woods")
    assert state["outcome"] is None


def test_an_overrun_short_of_minions_places_none_and_is_no_loss_by_default() -> None:
    """Setting overrun_short_supply = no_loss (default): the missing minion is not placed."""
    state = board()
    put(state, "thorny-woods", orcs=3)
    state["supply"]["minions"]["green"] = 1
    r = realm(state)
    r.place("green", 1, "thorny-woods")
    assert state["outcome"] is None
    assert sum(total(state, loc) for loc in neighbours_of("thorny-woods")) == 1


def test_an_overrun_short_of_minions_loses_with_the_loss_setting() -> None:
    state = board(overrun_short_supply="loss")
    put(state, "thorny-woods", orcs=3)
    state["supply"]["minions"]["green"] = 1
    with pytest.raises(GameOver):
        realm(state).place("green", 1, "thorny-woods")


def test_no_overrun_and_no_taint_while_setting_up() -> None:
    """Setup: overruns and taint are off in the normal game (content-facts Setup)."""
    state = board()
    put(state, "raven-forest", demons=2)
    r = realm(state, setup=True)
    r.place("red", 2, "raven-forest")
    assert minions(state, "raven-forest")["red"] == 4
    assert crystals(state) == 0 and r.overruns == 0


def test_setup_crowding_cap_at_three_leaves_the_extra_minions_in_the_supply() -> None:
    state = board(setup_crowding="cap_at_three")
    put(state, "raven-forest", demons=2)
    realm(state, setup=True).place("red", 2, "raven-forest")
    assert total(state, "raven-forest") == 3
    check_conservation(state)


def test_every_step_names_its_rule() -> None:
    state = board()
    put(state, "raven-forest", demons=3)
    put(state, "blood-flats", demons=2)
    r = realm(state)
    r.place("red", 2, "raven-forest")
    assert r.steps
    assert all(step.rule and step.text for step in r.steps)
    assert any(
        step.as_dict()["rule"].startswith("Overrun: a 4th minion taints") for step in r.steps
    )


def test_placed_fits_is_the_rule_as_written_with_max() -> None:
    """``placed_fits`` compares where it called ``max(room, 0)``: the same for every count."""
    for present in range(-2, 12):
        for count in range(-2, 8):
            room = OVERRUN_AT - 1 - present
            assert placed_fits(present, count) == (count if count < room else max(room, 0))
