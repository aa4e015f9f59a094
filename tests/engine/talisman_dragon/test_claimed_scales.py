"""What claimed dragon scales do (rulebook p11)."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.rules.talisman_dragon.combat import attack_bonus

from .conftest import seat_of, table, turn_of


def test_example_of_using_dragon_scales_the_conjurer_adds_2_against_the_carrion_drake():
    # "The Conjurer has two dragon scales that match the Carrion Drake, so she adds 2 to her
    # attack score." The Shadow beside it is an Adventure Card: no scale matches it.
    game = table("Conjurer")
    game.state["characters"]["1"]["scales"] = {"grilipus": 2}
    outcome = game.execute("set_opponents", {"lords": ["grilipus"]})

    assert outcome.events[0].data["bonus"] == 2
    assert outcome.events[0].steps[0]["text"] == "Add 2 to Player 1's Conjurer's attack score."


def test_three_varthrax_scales_against_two_varthrax_enemies_add_6():
    # "The character has three dragon scales that match Varthrax, so he adds a total of six."
    assert attack_bonus({"varthrax": 3}, ["varthrax", "varthrax"]) == 6


def test_one_varthrax_and_two_cadorus_scales_against_mixed_enemies_add_3():
    # "One Enemy is from the Varthrax deck and the other Enemy is from the Cadorus deck. The
    # character has one dragon scale that matches Varthrax and two ... Cadorus ... total of three"
    game = table("Dragon Hunter")
    game.state["characters"]["1"]["scales"] = {"varthrax": 1, "cadorus": 2}
    outcome = game.execute("set_opponents", {"lords": ["varthrax", "cadorus"]})
    assert outcome.events[0].data["bonus"] == 3


def test_scales_that_match_no_opponent_add_nothing():
    assert attack_bonus({"grilipus": 4}, ["cadorus"]) == 0


def test_a_matching_scale_discarded_cancels_the_dragon_rage():
    game = table("Dragon Priestess")
    game.state["characters"]["1"]["scales"] = {"cadorus": 1, "grilipus": 1}
    with pytest.raises(RuleViolation) as refused:
        game.execute("cancel_dragon_rage", {"lord": "varthrax"})
    assert refused.value.code == "no_matching_scale"

    game.execute("cancel_dragon_rage", {"lord": "cadorus"})
    assert game.state["characters"]["1"]["scales"] == {"grilipus": 1}
    assert game.state["discarded_scales"]["cadorus"] == 1


def test_a_killed_characters_scales_pass_to_the_players_new_character():
    game = table("Minotaur", "Conjurer")
    minotaur = seat_of(game, "Minotaur")
    game.state["characters"][minotaur]["scales"] = {"varthrax": 2}
    turn_of(game, "Conjurer")
    # The Minotaur's player takes the new character, from their own phone.
    game.execute("new_character", {"name": "Dragon Rider"}, actor=minotaur)

    assert game.state["characters"][minotaur]["name"] == "Dragon Rider"
    assert game.state["characters"][minotaur]["scales"] == {"varthrax": 2}
