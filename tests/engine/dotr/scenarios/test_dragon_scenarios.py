"""Scenarios 1 to 4: Rampaging Dragons, Realm in Flames, Onslaught!, The Land is Dying."""

from __future__ import annotations

import pytest

from deck_tracker.awards.codes import game_codes
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.setup import setup_counts
from tests.helpers import clear_board, realm

from . import DS, HERO, QUEST, fires, hand_kinds, in_play, kinds, start, steps_of

BASE_DS = 56  # the base Darkness Spreads cards, 3 of them All is Quiet
SPECIALS = 22  # the base 16 Special Hero Cards and the 6 new ones (entered or not)
GLOBAL_EFFECTS = {"good": 3, "bad": 2}  # in the deck, their text entered or not


# ------------------------------------------------------------------------------------------
# Scenario 1: Rampaging Dragons
# ------------------------------------------------------------------------------------------


def test_rampaging_dragons_setup() -> None:
    """'Generals: Brimstone, Sapphire, Hemlock, Onyx. Minions: Fire Elementals, Dragon Masters,
    Imps, Zealots. Agent: None. ... discard 6 into the box ... there are no All is Quiet cards.'"""
    game = start("rampaging-dragons", players=2)
    state = game.state
    assert sorted(state["generals"]) == ["brimstone", "hemlock", "high-dragon-sapphire", "onyx"]
    assert sorted(game_codes(state)[1]) == ["DM", "FE", "I", "Z"]
    assert state["settings"]["agent"] == "none" and not state.get("agent")
    assert kinds(state, DS, "draw")["all_is_quiet"] == 0
    assert kinds(state, DS, "box")["all_is_quiet"] == 4  # the base game's 3, the expansion's 1
    assert kinds(state, HERO, "box") == {"special": 6}
    held = sum(hand_kinds(state, seat)["special"] for seat in ("1", "2"))
    assert kinds(state, HERO, "draw")["special"] + held == SPECIALS - 6 == 16
    assert state["supply"]["fire"] == 10 and fires(state) == []
    for seat in ("1", "2"):
        assert sum(hand_kinds(state, seat).values()) == 2
        assert len(state["heroes"][seat]["quests"]) == 1
    rule = steps_of(game, "scenario_set")[-1]
    assert "no All is Quiet card" in rule["text"] and rule["rule"].startswith("DX Scenario 1")
    assert game.replay() == state


def test_rampaging_dragons_easier() -> None:
    """'Keep 1 or More All is Quiet cards; Choose Which Special cards are discarded; Use 1 or more
    Royal Blessing Tokens; Shuffle 4 Good and only 1 Bad Global Effect'."""
    specials = [c for c, card in game_cards(start("rampaging-dragons").state).items()
                if card.kind == "special" and c.startswith("special-")][:6]  # fmt: skip
    game = start(
        "rampaging-dragons",
        easier=["keep_all_is_quiet", "choose_special_cards", "royal_blessings",
                "four_good_one_bad"],
        boxed_specials=specials,
    )  # fmt: skip
    state = game.state
    assert kinds(state, DS, "draw")["all_is_quiet"] == 4
    assert sorted(state["decks"][HERO]["box"]) == sorted(specials)
    assert state["royal_blessings"]["tokens"] == 1
    assert (state["settings"]["global_effects_good"], state["settings"]["global_effects_bad"]) == (
        4,
        1,
    )
    effects = kinds(state, DS, "draw")
    assert (effects["good"], effects["bad"]) == (4, 1)
    with pytest.raises(InvalidArguments):
        start("rampaging-dragons", boxed_specials=specials)


# ------------------------------------------------------------------------------------------
# Scenario 2: Realm in Flames
# ------------------------------------------------------------------------------------------


def test_realm_in_flames_setup() -> None:
    """'Generals: Balazarg, Sapphire, Gorgutt, Onyx ... Agent: El Fuego'; 3 Darkness Spreads
    cards set 2 spaces each On Fire before the minions; 'Add 2 All is Quiet cards'."""
    game = start("realm-in-flames", players=3)
    state = game.state
    assert sorted(state["generals"]) == ["balazarg", "gorgutt", "onyx", "sapphire"]
    assert sorted(game_codes(state)[1]) == ["D", "DK", "O", "Z"]
    assert state["agent"]["id"] == "el-fuego"
    types = [e.type for e in game.events]
    assert types.index("scenario_fires") < types.index("generals_placed")
    fired = next(e for e in game.events if e.type == "scenario_fires")
    cards = game_cards(state)
    spaces = {p["location"] for c in fired.data["cards"] for p in cards[c].data["placements"]}
    assert len(fired.data["cards"]) == 3
    assert sorted(spaces) == fires(state) == sorted(fired.data["fires"])
    assert state["supply"]["fire"] == 10 - len(spaces)
    assert kinds(state, DS, "draw")["all_is_quiet"] == 2
    assert kinds(state, DS, "box")["all_is_quiet"] == 2


def test_realm_in_flames_fires_taint_during_the_setup() -> None:
    """'On Fire rules apply and Tainted Lands may occur': 3 minions on a burning space taint it."""
    for seed in ("a", "b", "c", "d", "e", "f", "g", "h"):
        state = start("realm-in-flames", seed=seed).state
        for loc in fires(state):
            if sum(state["board"][loc]["minions"].values()) >= 3:
                assert state["board"][loc]["taint"] == 1, (seed, loc)
        unburnt = [s for loc, s in state["board"].items() if not s.get("fire")]
        assert all(space["taint"] == 0 for space in unburnt)


def test_darius_deals_each_player_a_special_card() -> None:
    """'6 plus the number of players are dealt into the box ... each player is dealt 1 card
    randomly as part of their starting hand. The other Special cards are now placed back into the
    box': 6 stay in the box, each hero holds 2 Hero Cards and 1 more Special."""
    state = start("realm-in-flames", players=4).state
    assert kinds(state, HERO, "box") == {"special": 6}
    for seat in ("1", "2", "3", "4"):
        assert sum(hand_kinds(state, seat).values()) == 3
        assert hand_kinds(state, seat)["special"] >= 1
    assert len(in_play(state, HERO)) == 96 + 6 - 6  # the 6 new Specials in, 6 boxed


# ------------------------------------------------------------------------------------------
# Scenario 3: Onslaught!
# ------------------------------------------------------------------------------------------


def test_onslaught_places_more_minions_with_overruns() -> None:
    """'When placing 2 Minions you will use 4 cards rather than 3. When placing 1 minion, use 5
    cards rather than 3. During this placement, overruns and tainted lands can occur.'"""
    game = start("onslaught")
    assert setup_counts(game.state) == (2, 2, 2, 2, 1, 1, 1, 1, 1)
    placed = [e.data["count"] for e in game.events if e.type == "setup_card"]
    assert placed == [2, 2, 2, 2, 1, 1, 1, 1, 1]
    assert game.state["settings"]["harder_setup"] is True


def test_onslaught_generals_advance_before_the_heroes_respond() -> None:
    """'Flip over 2 Darkness Spreads Cards ... 2 Generals will be 1 step closer to Monarch City,
    or 1 General will be 2 Steps closer', then the deck is shuffled."""
    for seed in ("a", "b", "c"):
        state = start("onslaught", seed=seed).state
        assert sum(g["path_index"] for g in state["generals"].values()) == 2
        assert state["decks"][DS]["discard"] == []
        assert len(in_play(state, DS)) == BASE_DS + sum(GLOBAL_EFFECTS.values()) - 3


def test_onslaught_hands_and_quests() -> None:
    """2 Specials to each player before 6 go to the box, then 4 Hero Cards; 2 Quests, keep 1."""
    game = start("onslaught", players=2)
    state = game.state
    assert kinds(state, HERO, "box") == {"special": 6}
    for seat in ("1", "2"):
        assert sum(hand_kinds(state, seat).values()) == 6
        assert hand_kinds(state, seat)["special"] >= 2
        assert len(state["heroes"][seat]["quests"]) == 2
    first, second = state["heroes"]["1"]["quests"]
    game.execute("keep_quest", {"quest": first})
    assert state["heroes"]["1"]["quests"] == [first]
    assert second in state["decks"][QUEST]["draw"]
    game.execute("keep_quest", {"quest": state["heroes"]["2"]["quests"][1]}, actor="2")
    assert state["scenario"]["quest_choice"] == {}
    # The base game's 24 Quests and the 12 new ones, less the 2 kept.
    assert len(state["decks"][QUEST]["draw"]) == 24 + 12 - 2
    assert game.replay() == state


def test_onslaught_generals_chosen_or_dealt_at_random_with_any_agent() -> None:
    """'The Players may choose the Generals or randomly determine Generals and Minions';
    'The Players may add a Dark Agent, by choice or randomly'."""
    chosen = start("onslaught", generals={"black": "onyx"}, options={"agent": "el-fuego"}).state
    assert "onyx" in chosen["generals"] and chosen["agent"]["id"] == "el-fuego"
    dealt = start("onslaught", generals="random", seed="r").state
    colours = sorted(g["colour"] for g in dealt["generals"].values())
    assert colours == ["black", "blue", "green", "red"]


# ------------------------------------------------------------------------------------------
# Scenario 4: The Land is Dying
# ------------------------------------------------------------------------------------------


def test_the_land_is_dying_setup() -> None:
    """'Generals: Hemlock, Sapphire, Varkolak, Balazarg. Minions: Imps, Dragonkin, Undead,
    Demons'; 'All 4 All is Quiet cards should be added to the Darkness Spreads Deck'; no Agent
    unless the table chooses one."""
    state = start("the-land-is-dying").state
    assert sorted(state["generals"]) == ["balazarg", "hemlock", "sapphire", "varkolak"]
    assert sorted(game_codes(state)[1]) == ["D", "DK", "I", "U"]
    assert kinds(state, DS, "draw")["all_is_quiet"] == 4 and not kinds(state, DS, "box")
    assert state["settings"]["agent"] == "none"
    with_agent = start("the-land-is-dying", options={"agent": "agent-of-onyx"}).state
    assert with_agent["agent"]["id"] == "agent-of-onyx"


def test_hemlock_taints_the_space_he_moves_into() -> None:
    """'Each time that Hemlock moves, place a Tainted Crystal on the space he moves into.'"""
    game = start("the-land-is-dying")
    state = game.state
    clear_board(state)
    board = realm(state)
    board.advance_general("hemlock", "next", 0)
    where = state["generals"]["hemlock"]["location"]
    assert state["board"][where]["taint"] == 1
    assert state["supply"]["taint"] == 11
    assert any("venomous" in step.as_dict()["text"] for step in board.steps)
    other = start("rampaging-dragons").state
    clear_board(other)
    realm(other).advance_general("hemlock", "next", 0)
    assert other["supply"]["taint"] == 12
