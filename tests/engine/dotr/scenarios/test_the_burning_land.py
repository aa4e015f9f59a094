"""Scenario 5, The Burning Land, and the custom mix."""

from __future__ import annotations

import pytest

from deck_tracker.awards.codes import game_codes
from deck_tracker.engine.content import default_packs
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import give, realm, refused, stand

from . import DS, HERO, fires, kinds, start, steps_of

ABLAZE = [
    "brookdale-village",
    "chimera-inn",
    "eagle-nest-inn",
    "gryphon-inn",
    "mccorm-highlands",
    "monarch-city",
    "seabird-port",
]
BRIMSTONE_CARDS = ["dx-brimstone-crystal-hills", "dx-brimstone-mermaid-harbor",
                   "dx-brimstone-wolf-pass"]  # fmt: skip


def test_the_burning_land_setup() -> None:
    """'Set up the game using the original 4 Generals and their minions. No Agent ... All 4 All
    is Quiet Cards ... place an On Fire Token on all three Inns, Brookdale Village, McCorm
    Highlands, Seabird Port, and Monarch City.'"""
    game = start("the-burning-land", players=2)
    state = game.state
    assert sorted(state["generals"]) == ["balazarg", "gorgutt", "sapphire", "varkolak"]
    assert sorted(game_codes(state)[1]) == ["D", "DK", "O", "U"]
    assert not state.get("agent")
    assert kinds(state, DS, "draw")["all_is_quiet"] == 4
    assert fires(state) == ABLAZE == sorted(state["scenario"]["starting_fires"])
    assert state["supply"]["fire"] == 10 - 7
    texts = [step["text"] for step in steps_of(game, "scenario_set")]
    assert sum("Fire Token" in text for text in texts) == 7
    assert sum("Special rule" in text for text in texts) == 5


def test_heroes_ending_the_turn_on_fire_collect_no_hero_cards() -> None:
    game = start("the-burning-land")
    hand = len(game.state["decks"][HERO]["hands"]["1"])
    game.execute("turn_end_dangers", {})  # the fire's wound (Dragon expansion)
    outcome = game.execute("end_turn", {})
    assert [e.type for e in outcome.events][:2] == ["evening", "no_hero_cards_on_fire"]
    assert len(game.state["decks"][HERO]["hands"]["1"]) == hand
    assert outcome.events[1].steps[0]["rule"] == "DX Scenario 5, Locations On Fire"
    elsewhere = start("the-burning-land", seed="elsewhere")
    stand(elsewhere.state, "1", "dark-woods")
    elsewhere.execute("end_turn", {})
    assert len(elsewhere.state["decks"][HERO]["hands"]["1"]) == 4


def test_no_rumors_at_a_burning_inn() -> None:
    game = start("the-burning-land")
    stand(game.state, "1", "chimera-inn")
    refused(game, "rumors", {"colour": "red"}, "inn_on_fire")


def test_the_fires_of_monarch_city_and_the_inns_need_a_special_card() -> None:
    """'These Fires can only be removed by using the (special) purple cards to douse flames.
    Special cards used to put out flames are not discarded from the game, but placed in the
    discard pile of the Hero Cards'."""
    game = start("the-burning-land")
    state = game.state
    give(state, "1", "special-battle-luck-1")
    refused(game, "put_out_fire", {"card": "special-battle-luck-1"}, "no_matching_card")
    refused(game, "douse_fire", {"card": "special-battle-luck-1", "location": "dark-woods"},
            "not_a_city_fire")  # fmt: skip
    game.execute("douse_fire", {"card": "special-battle-luck-1", "location": "monarch-city"})
    assert not state["board"]["monarch-city"]["fire"]
    assert state["supply"]["fire"] == 4
    assert state["decks"][HERO]["discard"][-1] == "special-battle-luck-1"
    other = start("rampaging-dragons")
    refused(other, "douse_fire", {"card": "x", "location": "monarch-city"}, "not_available")


def test_brimstone_returns_when_a_general_falls_while_the_fires_burn() -> None:
    """'As soon as a General is defeated, The Red Dragon enters play. The decks (Both Hero and
    Darkness Spreads) will need to be reshuffled with the Red Dragon cards added. Brimstone will
    have no minions; the Red Minion tokens remain Demons.'"""
    game = start("the-burning-land")
    state = game.state
    outcome = game.execute("wound_general", {"general": "sapphire", "wounds": 5})
    assert "brimstone_returns" in [e.type for e in outcome.events]
    assert state["generals"]["brimstone"]["location"] == "fire-river"
    assert state["generals"]["brimstone"]["no_minions"] is True
    assert set(BRIMSTONE_CARDS) <= set(state["decks"][DS]["draw"])
    assert sorted(game_codes(state)[1]) == ["D", "DK", "O", "U"]  # Demons, no Fire Elementals
    assert game.replay() == state
    game.execute("undo")
    assert "brimstone" not in state["generals"]
    assert not set(BRIMSTONE_CARDS) & set(state["decks"][DS]["draw"])


def test_brimstone_stays_away_when_the_fires_are_out_in_time() -> None:
    game = start("the-burning-land")
    state = game.state
    for loc in ABLAZE:
        state["board"][loc]["fire"] = 0
    outcome = game.execute("wound_general", {"general": "sapphire", "wounds": 5})
    assert "brimstone_prevented" in [e.type for e in outcome.events]
    assert "brimstone" not in state["generals"]
    game.execute("wound_general", {"general": "varkolak", "wounds": 5})
    assert "brimstone" not in state["generals"]


def test_the_setting_may_count_only_the_fires_of_the_inns_and_monarch_city() -> None:
    game = start("the-burning-land", options={"burning_land_fires": "inns_and_city"})
    for loc in ("chimera-inn", "eagle-nest-inn", "gryphon-inn", "monarch-city"):
        game.state["board"][loc]["fire"] = 0
    game.execute("wound_general", {"general": "sapphire", "wounds": 5})
    assert "brimstone" not in game.state["generals"]


def test_brimstone_moving_while_monarch_city_burns_loses_the_game() -> None:
    """'If Brimstone enters the game and Monarch City is on Fire when he is activated to move,
    he immediately moves to Monarch City and the game is lost by the Heroes.'"""
    game = start("the-burning-land")
    game.execute("wound_general", {"general": "sapphire", "wounds": 5})
    state = game.state
    board = realm(state)
    with pytest.raises(Exception, match="On Fire"):
        board.advance_general("brimstone", "wolf-pass", 0)
    assert state["outcome"]["result"] == "lost"
    assert state["generals"]["brimstone"]["location"] == "monarch-city"


def test_a_custom_mix_of_generals_agent_sterling_winds_and_global_effects() -> None:
    game = start(
        "custom",
        generals={"red": "brimstone", "black": "onyx"},
        options={"agent": "agent-of-hemlock", "sterling": True, "winds_of_war": True,
                 "global_effects_good": 2, "global_effects_bad": 1, "player_count": 5},
        easier=["royal_blessings"],
        players=5,
    )  # fmt: skip
    state = game.state
    assert sorted(state["generals"]) == ["brimstone", "gorgutt", "onyx", "sapphire"]
    assert state["agent"]["id"] == "agent-of-hemlock"
    assert "sterling" in state["decks"] and "winds_of_war" in state["decks"]
    effects = kinds(state, DS, "draw")
    assert (effects["good"], effects["bad"], effects["sterling"]) == (2, 1, 3)
    assert state["royal_blessings"]["tokens"] == 1
    assert len(state["heroes"]) == 5
    harder = start("custom", options={"harder_setup": True, "all_is_quiet": False})
    assert harder.state["settings"]["harder_setup"] is True


def test_the_burning_land_starts_with_nothing_entered_and_brimstone_is_read_when_he_returns() -> (
    None
):
    """'The decks (Both Hero and Darkness Spreads) will need to be reshuffled with the Red Dragon
    cards added': with nothing entered the game starts all the same; when Brimstone returns his
    cards go in, as many as Balazarg's, each read at the table when it comes up, and his life
    is read at the first wound."""
    game = start("the-burning-land", overlays={})
    state = game.state
    assert state["scenario"]["id"] == "the-burning-land"
    outcome = game.execute("wound_general", {"general": "sapphire", "wounds": 5})
    assert "brimstone_returns" in [e.type for e in outcome.events]
    cards = game_cards(state)
    his = [c for c in state["decks"][DS]["draw"] if cards[c].data.get("general") == "brimstone"]
    base = default_packs()["dotr-base"].deck(DS).cards
    balazarg = [c for c in base if c.data.get("general") == "balazarg"]
    assert len(his) == len(balazarg) == 13  # the Orcs are in play: his Orc Patrols card too
    assert all(cards[c].data.get("unread") for c in his)
    outcome = game.execute("wound_general", {"general": "brimstone", "wounds": 1})
    assert [e.type for e in outcome.events] == ["card_to_read"]
    prompt = in_language(state["reading"][0], "en")  # its words are kept as message ids
    assert prompt["name"] == "Brimstone's General card" and list(
        prompt["schema"]["properties"]
    ) == ["life"]
    outcome = game.execute("read_card", {"face": {"life": 7}})
    assert [e.type for e in outcome.events][:2] == ["card_read", "general_wounded"]
    assert outcome.events[1].summary == "Brimstone took 1 wound (1 of 7)."
    assert game.replay() == state
