"""The King's Champion Rewards: Minor and Major Fame, recorded per hero, proposed by the app.

Rulebook: Dragon expansion, "The King's Champion Rewards" (Minor and Major Fame Heroic Actions).
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.core import Event
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import render_text
from deck_tracker.engine.rules.dotr.kings_champion.fame import ACTIONS, fame_totals
from deck_tracker.engine.rules.dotr.kings_champion.fame_proposals import proposals_for
from tests.helpers import arrange, new_game, refused


def fame_of(game: GameLog, seat: str = "1") -> dict[str, Any]:
    entry: dict[str, Any] = game.state["fame"]["heroes"][seat]
    return entry


def proposals(game: GameLog) -> list[dict[str, Any]]:
    return list(game.state.get("fame", {}).get("proposals", []))


def proposed(game: GameLog) -> list[tuple[str | None, str, int]]:
    return [(p["seat"], p["action"], p["count"]) for p in proposals(game)]


# ------------------------------------------------------------------------------------------
# The Fame Guide
# ------------------------------------------------------------------------------------------


def test_the_fame_guide_lists_nine_minor_and_seven_major_heroic_actions() -> None:
    kinds = [action.kind for action in ACTIONS.values()]
    assert kinds.count("minor") == 9
    assert kinds.count("major") == 7
    assert ACTIONS["slaying_blow"].tokens == 2
    assert ACTIONS["slay_agent"].tokens == 2
    assert ACTIONS["wound_general"].per_wound


# ------------------------------------------------------------------------------------------
# Minor Fame: gold tokens, counted
# ------------------------------------------------------------------------------------------


def test_minor_fame_is_counted_in_gold_tokens() -> None:
    """'Attempt to Heal the Land - Gain 1 Minor Fame token' (regardless of success)."""
    game = new_game()
    outcome = game.execute("record_fame", {"action": "attempt_heal_land"})
    event = outcome.events[0]
    assert event.type == "fame_gained"
    assert event.data["minor"] == 1
    assert "1 gold Minor Fame token" in event.steps[0]["text"]
    assert "Attempt to Heal the Land" in event.steps[0]["rule"]
    assert fame_of(game)["minor"] == 1
    assert fame_of(game)["hero"] == "wizard"


def test_wound_a_general_gives_one_minor_fame_per_wound() -> None:
    game = new_game()
    game.execute("record_fame", {"action": "wound_general", "count": 3, "seat": "2"})
    assert fame_of(game, "2")["minor"] == 3
    assert fame_totals(game.state)["2"] == {"minor": 3, "major": 0, "total": 3}


def test_minor_fame_takes_no_token_values() -> None:
    game = new_game()
    with pytest.raises(InvalidArguments):
        game.execute("record_fame", {"action": "build_gate", "values": [3]})


# ------------------------------------------------------------------------------------------
# Major Fame: blue tokens from the cup
# ------------------------------------------------------------------------------------------


def test_the_cup_is_table_owned_by_default_so_the_player_enters_the_value_drawn() -> None:
    game = new_game()
    with pytest.raises(InvalidArguments) as caught:
        game.execute("record_fame", {"action": "complete_quest"})
    assert "draw 1 blue Major Fame token" in caught.value.fields["values"][0]
    game.execute("record_fame", {"action": "complete_quest", "values": [3]})
    assert fame_of(game)["major"] == [3]


def test_a_slaying_blow_draws_two_major_fame_tokens() -> None:
    """'Land Slaying Blow to a General - Draw 2 Major Fame tokens'."""
    game = new_game()
    with pytest.raises(InvalidArguments):
        game.execute("record_fame", {"action": "slaying_blow", "values": [2]})
    game.execute("record_fame", {"action": "slaying_blow", "values": [2, 4]})
    assert fame_totals(game.state)["1"] == {"minor": 0, "major": 6, "total": 6}


def test_an_app_owned_cup_draws_the_tokens_and_records_them() -> None:
    game = new_game()
    game.execute("set_fame_cup", {"values": [1, 2, 2, 3, 5]})
    assert game.state["fame"]["cup"] == {"owner": "app", "left": 5}
    outcome = game.execute("record_fame", {"action": "slaying_blow"})
    drawn = outcome.events[0].data["major"]
    assert len(drawn) == 2
    assert game.state["fame"]["cup"]["left"] == 3
    assert sorted(game.state["fame_cup"]["tokens"] + drawn) == [1, 2, 2, 3, 5]
    assert "the app drew" in outcome.events[0].steps[0]["text"]
    # The draw is in the event: replay and undo/redo never draw again.
    assert game.replay() == game.state
    game.execute("undo")
    assert game.state["fame_cup"]["tokens"] == [1, 2, 2, 3, 5]
    game.execute("redo")
    assert fame_of(game)["major"] == drawn


def test_an_app_owned_cup_refuses_entered_values_and_an_empty_draw() -> None:
    game = new_game()
    game.execute("set_fame_cup", {"values": [4]})
    with pytest.raises(InvalidArguments):
        game.execute("record_fame", {"action": "heal_land", "values": [2]})
    refused(game, "record_fame", {"action": "slaying_blow"}, "fame_cup_empty")


def test_entering_the_cup_mid_game_leaves_out_the_tokens_already_drawn() -> None:
    game = new_game()
    game.execute("record_fame", {"action": "complete_quest", "values": [3]})
    game.execute("set_fame_cup", {"values": [1, 3, 3, 5]})
    assert game.state["fame_cup"]["tokens"] == [1, 3, 5]
    game.execute("set_fame_cup", {"owner": "table"})
    assert game.state["fame"]["cup"] == {"owner": "table", "left": None}
    assert "fame_cup" not in game.state


def test_the_cup_content_is_shown_to_nobody() -> None:
    from deck_tracker.engine.views import view_state

    game = new_game()
    game.execute("set_fame_cup", {"values": [1, 2, 3]})
    view = view_state(game.state, "1")
    assert "fame_cup" not in view
    assert view["fame"]["cup"] == {"owner": "app", "left": 3}


# ------------------------------------------------------------------------------------------
# Proposals: the app proposes the fame a table entry implies
# ------------------------------------------------------------------------------------------


def test_wounding_a_general_proposes_minor_fame_per_wound_to_the_active_hero() -> None:
    game = new_game()
    outcome = game.execute("wound_general", {"general": "gorgutt", "wounds": 2}, actor="2")
    assert [e.type for e in outcome.events] == ["general_wounded", "fame_proposed"]
    assert proposed(game) == [("1", "wound_general", 2)]
    step = outcome.events[-1].steps[0]
    # The player is told where to confirm it, never a command and a number to type.
    assert step["text"].endswith(": confirm it or dismiss it on the Fame tab.")
    assert "confirm_fame" not in step["text"] and "1)" not in step["text"]
    german = render_text(step["msg"], "de")
    assert german.endswith(": bestätige oder verwirf ihn im Reiter Ruhm.")
    assert "confirm_fame" not in german
    assert "Wound a General" in step["rule"]


def test_the_slaying_blow_proposes_the_last_wounds_and_two_major_tokens() -> None:
    game = new_game()
    game.execute("wound_general", {"general": "sapphire", "wounds": 1})
    game.execute("wound_general", {"general": "sapphire", "wounds": 9})
    assert proposed(game)[1:] == [("1", "wound_general", 3), ("1", "slaying_blow", 1)]


def test_slaying_two_minions_and_attacking_three_propose_fame() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 3}}})
    game.execute("defeat_minions", {"location": "dark-woods", "minions": {"black": 2}})
    assert proposed(game) == [("1", "slay_two_minions", 1), ("1", "attack_three_minions", 1)]


def test_one_minion_slain_of_two_proposes_nothing() -> None:
    game = new_game(board={"dark-woods": {"minions": {"black": 2}}})
    outcome = game.execute("defeat_minions", {"location": "dark-woods", "minions": {"black": 1}})
    assert [e.type for e in outcome.events] == ["minions_defeated"]


def test_attacking_minions_in_monarch_city_proposes_minor_fame() -> None:
    game = new_game(board={"monarch-city": {"minions": {"red": 1}}})
    game.execute("defeat_minions", {"location": "monarch-city", "minions": {"red": 1}})
    assert proposed(game) == [("1", "attack_monarch_city", 1)]


def test_healing_the_land_proposes_the_attempt_and_the_success() -> None:
    game = new_game(board={"dark-woods": {"taint": 1}})
    game.execute("heal_taint", {"location": "dark-woods"})
    assert proposed(game) == [("1", "attempt_heal_land", 1), ("1", "heal_land", 1)]


def test_a_completed_quest_proposes_major_fame_to_its_hero() -> None:
    game = new_game()
    quest = "quest-amulet-of-the-gods"
    arrange(game, ("heroes", "2", "quests", [quest]), ("decks", "quest", "hands", "2", [quest]))
    game.execute("complete_quest", {"quest": quest, "seat": "2"}, actor="2")
    # The Amulet's test rolls dice: the attempt earns Minor Fame too.
    assert proposed(game) == [("2", "attempt_dice_quest", 1), ("2", "complete_quest", 1)]


def test_building_a_gate_proposes_minor_fame() -> None:
    game = new_game()
    game.execute("build_gate", {"location": "dark-woods"})
    assert proposed(game) == [("1", "build_gate", 1)]


@pytest.mark.parametrize(
    ("event_type", "data", "actions"),
    [
        ("rumors", {"seat": "2", "kept": 2}, ["rumors_two_cards"]),
        ("rumors", {"seat": "2", "kept": 1}, []),
        ("fire_extinguished", {}, ["attempt_put_out_fire", "put_out_fire"]),
        ("agent_slain", {}, ["attack_agent", "slay_agent"]),
        ("agent_wounded", {}, ["attack_agent"]),
    ],
)
def test_other_heroic_actions_are_proposed_from_their_events(
    event_type: str, data: dict[str, Any], actions: list[str]
) -> None:
    game = new_game()
    found = proposals_for(game.state, Event(type=event_type, data=data), {})
    assert [action for action, _, _ in found] == actions


def test_confirming_a_proposal_records_the_fame() -> None:
    game = new_game()
    game.execute("wound_general", {"general": "gorgutt", "wounds": 2})
    outcome = game.execute("confirm_fame", {"proposal": 1})
    assert outcome.events[0].data["proposal"] == 1
    assert fame_of(game)["minor"] == 2
    assert proposals(game) == []


def test_a_confirmed_major_proposal_asks_for_the_token_drawn() -> None:
    game = new_game()
    game.execute("build_gate", {"location": "dark-woods"})
    game.execute("wound_general", {"general": "varkolak", "wounds": 5})
    assert [p["action"] for p in proposals(game)] == ["build_gate", "wound_general", "slaying_blow"]
    with pytest.raises(InvalidArguments):
        game.execute("confirm_fame", {"proposal": 3})
    game.execute("confirm_fame", {"proposal": 3, "values": [2, 3], "seat": "2"})
    assert fame_totals(game.state)["2"]["major"] == 5


def test_a_proposal_may_be_dismissed_and_then_it_is_gone() -> None:
    game = new_game()
    game.execute("build_gate", {"location": "dark-woods"})
    game.execute("dismiss_fame", {"proposal": 1})
    assert proposals(game) == []
    refused(game, "confirm_fame", {"proposal": 1}, "no_such_proposal")


def test_undoing_the_table_entry_takes_its_proposal_back() -> None:
    game = new_game()
    game.execute("wound_general", {"general": "gorgutt"})
    game.execute("undo")
    assert proposals(game) == []
    assert game.replay() == game.state


def test_no_proposals_when_the_table_turns_them_off() -> None:
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "Wizard"}, "options": {"fame_proposals": False}}
    )
    outcome = game.execute("wound_general", {"general": "gorgutt"})
    assert [e.type for e in outcome.events] == ["general_wounded"]
