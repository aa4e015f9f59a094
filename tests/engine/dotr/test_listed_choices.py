"""What a game can list is offered as a choice with a player's words, in the reader's language:
never a raw key, and a base game lists no action of an expansion it does not play."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import describe_commands
from deck_tracker.engine.game import GameLog


def actions(game: GameLog, language: str = "en") -> dict[str, dict[str, Any]]:
    listed = describe_commands(game.state, "1", hidden=frozenset(), language=language)
    return {action["type"]: action for action in listed}


def titles(action: dict[str, Any], arg: str) -> dict[str, str]:
    return {c["const"]: c["title"] for c in action["args"]["properties"][arg]["oneOf"]}


def test_a_base_game_lists_no_action_of_an_expansion() -> None:
    game = GameLog.start({"host": {"name": "Ada", "hero": "Wizard"}}, seed="s0")
    listed = actions(game)
    assert {"hire", "recruit", "place_token", "put_out_fire", "sterling_lands"} & set(
        listed
    ) == set()
    assert {"move_hero", "end_turn", "defeat_minions"} <= set(listed)


def test_record_fame_offers_the_deeds_as_printed_in_the_readers_language() -> None:
    """King's Champion: 'Attack 3 Minions in a Location' earns 1 Minor Fame."""
    game = GameLog.start({"host": {"name": "Ada", "hero": "Wizard"}}, seed="s0")
    english = titles(actions(game)["record_fame"], "action")
    assert english["attack_three_minions"] == "Attack 3 Minions in a Location"
    assert not [title for title in english.values() if "_" in title]
    german = titles(actions(game, "de")["record_fame"], "action")
    assert german["attack_three_minions"] == "3 Schergen an einem Ort angreifen"


def test_a_companions_cost_colour_is_a_choice_yellow_included() -> None:
    """C&C: a Companion's cost is 'a number of Hero Cards of the colour shown'; yellow means
    cards of any one colour."""
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "Wizard"}, "expansions": ["companions_catacombs"]},
        seed="s0",
    )
    colours = titles(actions(game)["hire"], "cost_colour")
    assert colours["yellow"] == "Yellow (any one colour)"
    assert set(colours) == {"green", "black", "red", "blue", "yellow", "purple"}
    assert titles(actions(game, "de")["hire"], "cost_colour")["red"] == "Rot"
