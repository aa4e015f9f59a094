"""Rules for 5 or 6 Players (Dragon expansion rulebook), whenever 5 or 6 heroes play.

"Rules for 5 Players: The following changes to basic game rules should be used to keep the
balance of a challenging game when adding a 5th Hero (player) to the game. Remove all of the
Darkness Spreads All Is Quiet cards from the deck. They will not be used in the game."
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.engine.dotr.scenarios import start
from tests.helpers import table

from . import DS, dragon_table

HEROES = ("rogue", "cleric", "paladin", "dwarf", "ranger", "sorceress")


def _quiet(state: dict[str, Any], pile: str = "draw") -> int:
    cards = game_cards(state)
    return Counter(cards[c].kind for c in state["decks"][DS][pile])["all_is_quiet"]


def _seat(game: GameLog, number: int) -> None:
    game.execute("join", {"name": f"P{number}", "hero": HEROES[number - 2]}, actor=None)


def test_a_base_game_refuses_player_count_naming_the_dragon_expansion() -> None:
    """The base game is for 1 to 4; the 5-6 player rules are the Dragon expansion's. Before, a
    base game took player_count 5 and played it as 4 (2 starting cards, hand limit 10)."""
    with pytest.raises(InvalidArguments) as caught:
        table(player_count=5)
    assert caught.value.code == "option_not_used"
    assert caught.value.fields == {
        "options.player_count": ['Only with the Dragon expansion ("dragon" in expansions).']
    }


def test_a_fifth_hero_joining_a_base_game_is_refused() -> None:
    game = table(hero="wizard")
    for number in range(2, 5):
        _seat(game, number)
    with pytest.raises(RuleViolation) as caught:
        _seat(game, 5)
    assert caught.value.code == "too_many_heroes"
    assert "Dragon expansion's Rules for 5 or 6 Players" in caught.value.detail
    assert len(game.state["seats"]) == 4  # nothing changed


def test_a_dragon_game_set_for_four_refuses_a_fifth_hero_set_for_five_takes_five() -> None:
    four = dragon_table()
    for number in range(2, 5):
        _seat(four, number)
    with pytest.raises(RuleViolation) as caught:
        _seat(four, 5)
    assert caught.value.code == "too_many_heroes"
    assert "options.player_count 5 or 6" in caught.value.detail
    five = dragon_table(player_count=5)
    for number in range(2, 6):
        _seat(five, number)
    assert len(five.state["heroes"]) == 5
    # "Players start with 1 Hero Card rather than 2": every hero who entered, the 5th too.
    assert all(len(hand) == 1 for hand in five.state["decks"]["hero"]["hands"].values())
    with pytest.raises(RuleViolation) as sixth:
        _seat(five, 6)
    assert "options.player_count 6" in sixth.value.detail


def test_six_players_start_with_zero_hero_cards_all_six_seated() -> None:
    """'Players start with zero Hero Cards rather than 2. Players will still gain 2 Hero Cards
    at the end of each turn.'"""
    six = dragon_table(player_count=6)
    for number in range(2, 7):
        _seat(six, number)
    assert all(hand == [] for hand in six.state["decks"]["hero"]["hands"].values())
    six.execute("end_turn", {"count": 2}, actor="1")
    assert len(six.state["decks"]["hero"]["hands"]["1"]) == 2


def test_the_fourth_all_is_quiet_card_is_removed_with_five_players() -> None:
    """'Remove all of the Darkness Spreads All Is Quiet cards from the deck': all 4 with the
    expansion (the base game's 3 and its own)."""
    state = dragon_table(player_count=5).state
    assert _quiet(state) == 0 and _quiet(state, "box") == 4


def test_a_scenario_with_all_is_quiet_cards_and_five_heroes_follows_the_setting() -> None:
    """The Land is Dying: 'All 4 All is Quiet cards should be added'; with 5 heroes the 5-6 player
    rules take them out (setting all_is_quiet_five_six, default removed) unless the table keeps
    the scenario's."""
    removed = start("the-land-is-dying", options={"player_count": 5}).state
    assert _quiet(removed) == 0 and _quiet(removed, "box") == 4
    kept = start(
        "the-land-is-dying", options={"player_count": 5, "all_is_quiet_five_six": "as_scenario"}
    ).state
    assert _quiet(kept) == 4
    assert _quiet(start("the-land-is-dying").state) == 4  # 1 to 4 heroes: as printed
    with pytest.raises(InvalidArguments) as caught:
        start("the-land-is-dying", options={"all_is_quiet_five_six": "as_scenario"})
    assert caught.value.code == "option_not_used"
    assert "Number of heroes is 5 or 6" in caught.value.fields["options.all_is_quiet_five_six"][0]
    with pytest.raises(InvalidArguments) as onslaught:
        start("rampaging-dragons", options={"player_count": 5, "all_is_quiet_five_six": "removed"})
    assert onslaught.value.fields["options.all_is_quiet_five_six"] == [
        "Rampaging Dragons puts no All is Quiet card in the deck."
    ]
