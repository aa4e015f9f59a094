"""Crowning the Dragon King (rulebook p8-9) and the Crown frozen (p14)."""

from __future__ import annotations

from deck_tracker.engine.rules.talisman_dragon.content import default_pack

from .conftest import moved, scales_on, seat_of, steps, table, turn_of


def test_example_of_crowning_the_conjurer_crowns_varthrax_one_scale_to_her_space_two_discarded():
    # "The Conjurer draws a Varthrax dragon scale at the start of her turn ... which brings his
    # total to three dragon scales ... the Conjurer takes one dragon scale from Varthrax and
    # places it on her space. The remaining two dragon scales on Varthrax are discarded."
    game = table("Conjurer", "Minotaur")
    moved(game, "Conjurer", "chapel")
    game.execute("draw_dragon_token", {"token": "varthrax"})
    scales_on(game, "varthrax", 1, by="Minotaur")
    assert game.state["lords"]["varthrax"]["scales"] == 2
    assert game.state["king"] is None

    turn_of(game, "Conjurer")
    outcome = game.execute("draw_dragon_token", {"token": "varthrax"})

    assert game.state["king"] == "varthrax"
    assert game.state["board_scales"] == {"chapel": "varthrax"}
    assert game.state["lords"]["varthrax"]["scales"] == 0
    assert game.state["discarded_scales"]["varthrax"] == 2
    texts = [step["text"] for step in steps(outcome)]
    assert "Place the Crown token on the Varthrax card." in texts
    assert "Place a Varthrax scale on the Chapel." in texts
    # "... and the Conjurer continues her turn."
    assert game.state["turn"]["seat"] == seat_of(game, "Conjurer")
    assert game.replay() == game.state


def test_crowning_placement_when_the_space_has_a_scale_goes_to_the_next_space_counterclockwise():
    game = table("Conjurer")
    outer = [space.id for space in default_pack().regions["outer"]]
    here = outer.index("ruins")
    game.state["board_scales"] = {"ruins": "grilipus", outer[here + 1]: "cadorus"}
    moved(game, "Conjurer", "ruins")
    game.execute("draw_dragon_token", {"token": "varthrax"})
    scales_on(game, "varthrax", 2, by="Conjurer")

    assert game.state["board_scales"][outer[here + 2]] == "varthrax"
    assert game.state["board_scales"]["ruins"] == "grilipus"


def test_crowning_placement_wraps_round_the_region_and_stays_in_it():
    game = table("Conjurer")
    outer = [space.id for space in default_pack().regions["outer"]]
    game.state["board_scales"] = {space: "cadorus" for space in outer[1:]}
    moved(game, "Conjurer", outer[-1], encounter="scale")
    game.execute("draw_dragon_token", {"token": "grilipus"})
    scales_on(game, "grilipus", 2, by="Conjurer")

    assert game.state["board_scales"][outer[0]] == "grilipus"
    assert not any(space in game.state["board_scales"] for space in ("castle", "temple"))


def test_crowning_when_every_space_of_the_region_has_a_scale_it_is_discarded_and_the_king_rages():
    game = table("Conjurer")
    middle = [space.id for space in default_pack().regions["middle"]]
    game.state["board_scales"] = {space: "cadorus" for space in middle}
    game.state["king"] = "cadorus"
    game.state["characters"]["1"]["space"] = "temple"
    scales_on(game, "varthrax", 2, by="Conjurer")
    turn_of(game, "Conjurer")
    game.execute("next_turn")
    outcome = game.execute("draw_dragon_token", {"token": "varthrax"})

    assert game.state["board_scales"] == {space: "cadorus" for space in middle}
    assert game.state["discarded_scales"]["varthrax"] == 3
    assert game.state["king"] == "varthrax"
    region_full = next(event for event in outcome.events if event.type == "region_full")
    # "... the character must suffer the Dragon Rage of the Dragon King instead"
    assert region_full.data["rage_of"] == "varthrax"


def test_crowning_a_character_in_the_inner_region_places_no_scale_all_three_discarded():
    game = table("Dragon Hunter")
    game.state["characters"]["1"]["space"] = "portal-of-power"
    game.execute("enter_inner_region")
    scales_on(game, "cadorus", 3, by="Dragon Hunter")

    assert game.state["king"] == "cadorus"
    assert game.state["board_scales"] == {}
    assert game.state["discarded_scales"]["cadorus"] == 3
    assert game.state["lords"]["cadorus"]["scales"] == 0


def test_the_crown_does_not_move_while_a_character_is_on_the_crown_of_command():
    # "If three dragon scales are placed on a Draconic Lord while any characters are on the
    # Crown of Command, one dragon scale ... is placed on a space and the two remaining dragon
    # scales on the card are discarded as normal. However, the Crown token is not moved."
    game = table("Dragon Rider", "Fire Wizard")
    game.state["king"] = "varthrax"
    rider = seat_of(game, "Dragon Rider")
    game.state["characters"][rider]["inner"] = {
        "side": "dragon-tower",
        "index": 6,
        "space": "crown-of-command",
        "turned_back": False,
    }
    game.state["characters"][rider]["space"] = "crown-of-command"
    moved(game, "Fire Wizard", "graveyard")
    scales_on(game, "grilipus", 3, by="Fire Wizard")

    assert game.state["king"] == "varthrax"
    assert game.state["board_scales"] == {"graveyard": "grilipus"}
    assert game.state["discarded_scales"]["grilipus"] == 2
