"""Encountering and claiming dragon scales on the board (rulebook p10-11)."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import RuleViolation

from .conftest import moved, seat_of, steps, table, turn_of


def test_example_of_encountering_a_dragon_scale_the_fire_wizard_ignores_the_ruins():
    # "The Fire Wizard lands on the Ruins, which contains a Grilipus dragon scale. Grilipus is
    # not the Dragon King, so the Fire Wizard may choose to encounter the space or the dragon
    # scale ... draws one Grilipus Card ... must ignore all of the instructions on the space."
    game = table("Fire Wizard")
    game.state["board_scales"] = {"ruins": "grilipus"}
    game.state["king"] = "varthrax"
    outcome = moved(game, "Fire Wizard", "ruins", encounter="scale")

    drawn = game.state["encounter"]["cards"]
    assert game.state["encounter"]["lord"] == "grilipus"
    assert len(drawn) == 1 and drawn[0].startswith("grilipus-")
    assert game.state["decks"]["grilipus"]["table"] == drawn
    assert len(game.state["decks"]["grilipus"]["draw"]) == 55
    assert "Ignore everything printed on the Ruins." in [s["text"] for s in steps(outcome)]


def test_a_scale_that_is_not_the_kings_leaves_the_space_to_choose():
    game = table("Fire Wizard")
    game.state["board_scales"] = {"ruins": "grilipus"}
    game.state["king"] = "varthrax"
    moved(game, "Fire Wizard", "ruins", encounter="space")

    assert game.state["encounter"] is None
    assert len(game.state["decks"]["grilipus"]["draw"]) == 56


def test_example_of_claiming_the_minotaur_must_encounter_the_kings_scale_and_claims_it():
    # "The Minotaur lands on the Tavern with the Conjurer and a Varthrax dragon scale. Varthrax
    # is the Dragon King, so the Minotaur must encounter the dragon scale; he may not encounter
    # the Tavern or Conjurer instead ... attacks the Fire Drake and defeats it ... claims the
    # dragon scale because he killed an Enemy from a Dragon Card."
    game = table("Minotaur", "Conjurer")
    game.state["board_scales"] = {"tavern": "varthrax"}
    game.state["king"] = "varthrax"
    game.state["characters"][seat_of(game, "Conjurer")]["space"] = "tavern"
    turn_of(game, "Minotaur")
    for choice in ("space", "character"):
        with pytest.raises(RuleViolation) as refused:
            game.execute("move", {"space": "tavern", "encounter": choice})
        assert refused.value.code == "kings_scale_first"

    game.execute("move", {"space": "tavern", "encounter": "scale"})
    assert game.state["encounter"]["lord"] == "varthrax"
    game.execute("claim_scale", {"enemy": "Fire Drake"})

    minotaur = game.state["characters"][seat_of(game, "Minotaur")]
    assert minotaur["scales"] == {"varthrax": 1}
    assert "tavern" not in game.state["board_scales"]


def test_claiming_needs_a_scale_on_the_characters_space():
    game = table("Minotaur")
    moved(game, "Minotaur", "tavern")
    with pytest.raises(RuleViolation) as refused:
        game.execute("claim_scale", {"enemy": "Fire Drake"})
    assert refused.value.code == "not_available"


def test_the_kings_scale_on_the_sentinel_closes_the_bridge_inward_not_outward():
    game = table("Dragon Rider")
    game.state["king"] = "cadorus"
    game.state["board_scales"] = {"sentinel": "cadorus"}
    moved(game, "Dragon Rider", "sentinel", encounter="scale")
    with pytest.raises(RuleViolation) as refused:
        game.execute("move", {"space": "hills-3"})
    assert refused.value.code == "crossing_closed"

    # Another way across (a card that carries the character) is not the Sentinel's bridge.
    game.execute("move", {"space": "hills-3", "crossing": "other"})
    assert game.state["characters"]["1"]["space"] == "hills-3"
    game.execute("move", {"space": "woods-2"})
    assert game.state["characters"]["1"]["space"] == "woods-2"


def test_the_kings_scale_on_the_portal_of_power_closes_the_inner_region_not_the_way_out():
    game = table("Dragon Rider")
    game.state["king"] = "grilipus"
    game.state["board_scales"] = {"portal-of-power": "grilipus"}
    game.state["characters"]["1"]["space"] = "portal-of-power"
    with pytest.raises(RuleViolation) as refused:
        game.execute("enter_inner_region")
    assert refused.value.code == "crossing_closed"

    game.state["king"] = "cadorus"
    game.execute("enter_inner_region")
    game.state["king"] = "grilipus"
    game.execute("leave_inner_region")
    assert game.state["characters"]["1"]["space"] == "portal-of-power"
