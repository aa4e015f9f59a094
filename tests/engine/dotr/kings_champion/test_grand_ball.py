"""The Grand Ball after a victory (Dragon expansion, "The King's Champion Rewards").

'Place the King's Champion Card on the board and shuffle the remaining Grand Ball Cards and deal 3
of them face up on the board. Starting with the player that achieved the highest total fame
points (Minor+Major Fame), that Hero is honored ... and awarded the King's Champion Card. The Hero
with the second highest points now has their choice of remaining cards, then the third highest
and the fourth. If playing with more than 4 Heroes, no further rewards are given out.'
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.kings_champion.grand_ball import CHAMPION, OTHERS
from tests.helpers import read_all, refused

HEROES = ("Wizard", "Rogue", "Cleric", "Paladin", "Dwarf", "Ranger")


def victory(
    minor: list[int],
    major: list[list[int]] | None = None,
    seed: str = "ball",
    won: bool = True,
    **options: Any,
) -> GameLog:
    """A won game whose heroes (seat 1, 2, ...) earned this Minor and Major Fame."""
    setup: dict[str, Any] = {"host": {"name": "P1", "hero": HEROES[0]}, "options": options}
    if len(minor) > 4:  # the Dragon expansion's Rules for 5 or 6 Players
        setup |= {"expansions": ["dragon"], "options": {**options, "player_count": len(minor)}}
    game = GameLog.start(setup, seed=seed)
    for number in range(2, len(minor) + 1):
        game.execute("join", {"name": f"P{number}", "hero": HEROES[number - 1]}, actor=None)
    read_all(game)  # the Dragon expansion's new Quests dealt are read by their holders
    for index, count in enumerate(minor):
        seat = str(index + 1)
        if count:
            game.execute("record_fame", {"action": "wound_general", "count": count, "seat": seat})
        for value in (major or [[]] * len(minor))[index]:
            game.execute("record_fame", {"action": "heal_land", "values": [value], "seat": seat})
    if won:
        win(game)
    return game


def win(game: GameLog) -> None:
    game.execute("end_game", {"result": "won", "reason": "All the Generals are defeated."})


def ball(game: GameLog) -> dict[str, Any]:
    state: dict[str, Any] = game.state["grand_ball"]
    return state


def awards(game: GameLog) -> dict[str, str]:
    return {award["seat"]: award["card"] for award in ball(game)["awards"]}


def test_with_two_heroes_the_champion_then_the_second_chooses_one_of_three() -> None:
    game = victory([2, 5])
    outcome = game.execute("grand_ball")
    assert outcome.events[0].type == "grand_ball_begun"
    assert ball(game)["order"] == ["2", "1"]
    assert ball(game)["champion"] == "2"
    offered = ball(game)["offered"]
    assert len(offered) == 3 and len(set(offered)) == 3 and CHAMPION not in offered
    assert set(offered) <= set(OTHERS)
    assert ball(game)["next"] == "1"
    texts = [step["text"] for step in outcome.events[0].steps]
    assert texts[0] == "1. P2 (Rogue): 5 fame (5 Minor + 0 Major)."
    game.execute("choose_reward", {"card": offered[1]}, actor="1")
    assert awards(game) == {"2": CHAMPION, "1": offered[1]}
    assert ball(game)["done"] and ball(game)["next"] is None
    assert ball(game)["remaining"] == [offered[0], offered[2]]
    assert game.replay() == game.state


def test_with_four_heroes_the_2nd_3rd_and_4th_choose_in_order() -> None:
    game = victory([1, 4, 3, 2])
    game.execute("grand_ball")
    assert ball(game)["order"] == ["2", "3", "4", "1"]
    first, second, third = ball(game)["offered"]
    refused(game, "choose_reward", {"card": first, "seat": "4"}, "not_your_choice")
    game.execute("choose_reward", {"card": third}, actor="3")
    assert ball(game)["next"] == "4"
    outcome = game.execute("choose_reward", {"card": "Folk Hero" if "folk-hero" in
                                             (first, second) else first}, actor="4")  # fmt: skip
    # The 4th has a single card left: it is handed over without asking.
    assert [e.type for e in outcome.events][-2:] == ["reward_chosen", "grand_ball_done"]
    assert set(awards(game)) == {"1", "2", "3", "4"}
    assert awards(game)["2"] == CHAMPION
    assert {awards(game)[s] for s in ("3", "4", "1")} == {first, second, third}
    assert ball(game)["remaining"] == []


def test_with_five_heroes_the_fifth_is_cheered_but_given_nothing() -> None:
    game = victory([5, 4, 3, 2, 1])
    outcome = game.execute("grand_ball")
    assert ball(game)["order"] == ["1", "2", "3", "4", "5"]
    cheer = [s["text"] for s in outcome.events[0].steps if "cheer" in s["text"]]
    assert len(cheer) == 1 and "P5" in cheer[0]
    for _ in range(2):
        game.execute(
            "choose_reward", {"card": ball(game)["remaining"][0]}, actor=ball(game)["next"]
        )
    assert ball(game)["done"]
    assert set(awards(game)) == {"1", "2", "3", "4"}


def test_a_single_hero_is_the_kings_champion_and_the_ball_ends() -> None:
    game = victory([0])
    game.execute("grand_ball")
    assert awards(game) == {"1": CHAMPION}
    assert ball(game)["done"]


def test_fame_is_minor_plus_major() -> None:
    game = victory([4, 1], [[], [2, 2]])
    game.execute("grand_ball")
    assert ball(game)["fame"]["2"] == {"minor": 1, "major": 4, "total": 5}
    assert ball(game)["champion"] == "2"


def test_ties_go_to_more_major_fame_then_the_earlier_seat_by_default() -> None:
    game = victory([3, 1, 3], [[], [2], []])
    game.execute("grand_ball")
    assert ball(game)["ties"] == "major_fame"
    assert ball(game)["order"] == ["2", "1", "3"]


def test_ties_by_seat_order_when_the_table_says_so() -> None:
    game = victory([3, 1, 3], [[], [2], []], grand_ball_ties="seat_order")
    game.execute("grand_ball")
    assert ball(game)["order"] == ["1", "2", "3"]


def test_random_ties_are_drawn_once_and_recorded() -> None:
    orders = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        game = victory([2, 2, 2, 0], seed=seed, grand_ball_ties="random")
        game.execute("grand_ball")
        orders.add(tuple(ball(game)["order"][:3]))
        assert ball(game)["order"][3] == "4"
        assert game.replay() == game.state
        game.execute("undo")
        game.execute("redo")
        assert game.replay() == game.state
    assert len(orders) > 1


def test_the_table_may_deal_its_own_three_cards() -> None:
    game = victory([1, 2])
    with pytest.raises(Exception):  # noqa: B017 - any refusal, the state is unchanged
        game.execute("grand_ball", {"cards": ["duke", "duke", "land"]})
    game.execute("grand_ball", {"cards": ["Duke", "Folk Hero", "stables"]})
    assert ball(game)["offered"] == ["duke", "folk-hero", "stables"]
    refused(game, "choose_reward", {"card": "mayor"}, "reward_not_offered")


def test_no_grand_ball_after_a_defeat_and_only_one_ball() -> None:
    game = GameLog.start({"host": {"name": "P1", "hero": "Wizard"}})
    refused(game, "grand_ball", {}, "not_available")
    game.execute("end_game", {"result": "lost", "reason": "Monarch City fell."})
    refused(game, "grand_ball", {}, "not_available")
    won = victory([1])
    won.execute("grand_ball")
    refused(won, "grand_ball", {}, "not_available")


def test_fame_is_closed_once_the_ball_begins() -> None:
    game = victory([1, 2])
    game.execute("record_fame", {"action": "build_gate"})
    game.execute("grand_ball")
    refused(game, "record_fame", {"action": "build_gate"}, "not_available")


def test_a_reward_from_an_earlier_game_is_granted_at_setup() -> None:
    game = GameLog.start({"host": {"name": "P1", "hero": "Wizard"}})
    outcome = game.execute(
        "grant_reward", {"card": "duke", "note": "on 2025-01-01", "effect": "One extra action."}
    )
    event = outcome.events[0]
    assert event.type == "reward_granted"
    assert "Duke" in event.steps[0]["text"] and "One extra action." in event.steps[0]["text"]
    assert game.state["rewards"]["held"] == [
        {"seat": "1", "hero": "wizard", "card": "duke", "source": "earlier_game",
         "note": "on 2025-01-01"}
    ]  # fmt: skip
    refused(game, "grant_reward", {"card": "Duke"}, "reward_already_held")
    refused(game, "grant_reward", {"card": "crown"}, "unknown_reward")


def test_entered_effects_are_repeated_when_the_card_is_given() -> None:
    game = victory([2, 1])
    game.execute("set_reward_effect", {"card": CHAMPION, "effect": "Start with 1 extra card."})
    outcome = game.execute("grand_ball")
    assert any("Start with 1 extra card." in s["text"] for s in outcome.events[0].steps)


def _with_an_open_proposal() -> GameLog:
    """Won, with one fame proposal the table neither confirmed nor dismissed: P1 wounded
    Gorgutt once (the app proposes 1 Minor Fame for it)."""
    game = victory([2, 5], won=False)
    game.execute("wound_general", {"general": "gorgutt", "wounds": 1}, actor="1")
    win(game)
    [proposal] = game.state["fame"]["proposals"]
    assert proposal["seat"] == "1" and proposal["action"] == "wound_general"
    return game


def test_the_ball_does_not_begin_over_unconfirmed_fame_unless_the_table_says_so() -> None:
    # 'Starting with the player that achieved the highest total fame points (Minor+Major Fame)':
    # a proposal nobody confirmed is no fame, so the table is told before the ranking is made.
    game = _with_an_open_proposal()
    error = refused(game, "grand_ball", {}, "fame_unconfirmed")
    assert "1 deed awaits confirmation" in str(error)
    assert "grand_ball" not in game.state or not game.state.get("grand_ball")
    outcome = game.execute("grand_ball", {"leave_unconfirmed": True})
    assert outcome.events[0].type == "grand_ball_begun"
    assert ball(game)["fame"]["1"]["total"] == 2  # the gate was not counted


def test_the_ball_begins_at_once_when_the_proposal_is_settled_first() -> None:
    game = _with_an_open_proposal()
    game.execute("confirm_fame", {"proposal": game.state["fame"]["proposals"][0]["id"]})
    game.execute("grand_ball")
    assert ball(game)["fame"]["1"]["total"] == 3


def test_a_reward_tapped_on_another_phone_waits_for_the_choosers_confirmation() -> None:
    game = victory([1, 4, 3, 2])
    game.execute("grand_ball")
    assert ball(game)["next"] == "3"
    first, second, _third = ball(game)["offered"]
    outcome = game.execute("choose_reward", {"card": first}, actor="1")
    assert outcome.events[0].type == "reward_proposed"
    assert ball(game)["proposal"] == {"seat": "3", "card": first, "by": "1"}
    assert "3" not in awards(game) and ball(game)["next"] == "3"
    # Only the chooser confirms; anyone else is told who does.
    error = refused(game, "confirm_reward", {}, "not_available", actor="2")
    assert "P3" in str(error)
    # The chooser may choose another card instead: the proposal goes.
    game.execute("choose_reward", {"card": second}, actor="3")
    assert awards(game)["3"] == second and ball(game)["proposal"] is None
    game.execute("choose_reward", {"card": first}, actor="2")
    assert ball(game)["proposal"]["seat"] == "4"
    outcome = game.execute("confirm_reward", {}, actor="4")
    assert awards(game)["4"] == first and ball(game)["done"]
    assert game.replay() == game.state
