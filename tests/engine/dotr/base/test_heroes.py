"""The heroes' cards: the evening, the 10 card hand limit, Rumors at the Inn and Quests.

Rules tests read like the rulebook; each command's undo restores the state exactly and replaying
the log gives the same state.
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.decks import all_cards
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import GameLog
from tests.helpers import (
    HERO_CARDS,
    QUESTS,
    SPECIALS,
    act,
    arrange,
    colour_cards,
    new_game,
    refused,
)


def hand(game: GameLog, seat: str) -> list[str]:
    return list(game.state["decks"]["hero"]["hands"][seat])


def pending(game: GameLog) -> list[dict[str, Any]]:
    return list(game.state.get("pending") or [])


def assert_cards_conserved(game: GameLog) -> None:
    assert sorted(all_cards(game.state["decks"]["hero"])) == sorted(HERO_CARDS)
    assert sorted(all_cards(game.state["decks"]["quest"])) == sorted(QUESTS)


# ------------------------------------------------------------------------------------------
# The evening
# ------------------------------------------------------------------------------------------


def test_evening_draws_two_hero_cards() -> None:
    """FAQ (Ranger example): 'He ends his turn by Drawing 2 cards ...'."""
    game = new_game(hero_draw=["hero-unicorn-forest-1", SPECIALS[0]])
    outcome = act(game, "end_turn")
    assert hand(game, "1") == [SPECIALS[0], "hero-unicorn-forest-1"]
    evening = outcome.events[0]
    assert evening.private == {"1": {"cards": [SPECIALS[0], "hero-unicorn-forest-1"]}}
    assert "cards" not in evening.data
    assert evening.steps[0]["rule"].startswith("Evening")
    assert pending(game) == []
    assert_cards_conserved(game)


def test_evening_happens_once_a_turn() -> None:
    game = new_game()
    act(game, "end_turn")
    refused(game, "end_turn", {}, "evening_done")


def test_evening_with_a_table_owned_hero_deck_names_the_cards() -> None:
    game = new_game(hero_owner="table")
    with pytest.raises(InvalidArguments):
        game.execute("end_turn", {})
    refused(game, "end_turn", {"cards": [HERO_CARDS[0]]}, "invalid_arguments")
    act(game, "end_turn", {"cards": HERO_CARDS[:2]})
    assert hand(game, "1") == HERO_CARDS[:2]


def test_evening_count_for_cards_and_abilities_that_change_it() -> None:
    """Dragon expansion: 'Heroes that end their turn on them [On Fire] may not collect Hero
    Cards'; Companions & Catacombs: 'Draw 1 additional Hero card in the Evening Phase'."""
    game = new_game()
    act(game, "end_turn", {"count": 0})
    assert hand(game, "1") == []
    game = new_game()
    act(game, "end_turn", {"count": 3})
    assert len(hand(game, "1")) == 3


def test_hero_deck_reshuffles_its_discard_when_empty() -> None:
    """The Hero deck: when its draw pile runs out, the discard pile is shuffled to form a new
    one (the content pack marks the Hero deck auto_reshuffle, the Quest deck not)."""
    last = HERO_CARDS[0]
    game = new_game(hands={"2": HERO_CARDS[1:80]}, hero_discard=HERO_CARDS[80:], hero_draw=[last])
    assert game.state["decks"]["hero"]["draw"] == [last]  # one card left to draw
    outcome = act(game, "end_turn")
    types = [event.type for event in outcome.events]
    assert "deck_reshuffled" in types
    assert hand(game, "1")[0] == last
    assert hand(game, "1")[1] in HERO_CARDS[80:]
    assert game.state["decks"]["hero"]["discard"] == []
    assert_cards_conserved(game)


def test_no_evening_without_an_active_hero() -> None:
    game = new_game()
    arrange(game, ("turn", {"number": 1, "active_seat": None}))
    refused(game, "end_turn", {}, "no_active_seat")


# ------------------------------------------------------------------------------------------
# The 10 card hand limit
# ------------------------------------------------------------------------------------------


def test_10_card_hand_limit_after_you_draw_the_hero_cards_for_the_turn() -> None:
    """FAQ: 'When you are the active player, you must discard down to 10 Hero Cards at the end
    of your turn after you draw the Hero Cards for the turn.'"""
    game = new_game(hands={"1": HERO_CARDS[:9]})
    outcome = act(game, "end_turn")
    assert len(hand(game, "1")) == 11
    assert pending(game) == [{"type": "hand_limit", "seat": "1", "discard": 1}]
    assert outcome.events[-1].type == "hand_limit"
    assert "10 Hero Cards" in outcome.events[-1].steps[0]["rule"]


def test_ten_cards_is_within_the_limit() -> None:
    game = new_game(hands={"1": HERO_CARDS[:8]})
    act(game, "end_turn")
    assert len(hand(game, "1")) == 10
    assert pending(game) == []


def test_non_active_player_over_the_limit_after_a_general_battle_discards_at_end_of_turn() -> None:
    """FAQ: 'If it is not your turn and you go over the limit by participating in a victorious
    battle with a General, you must discard down at the end of the active player's turn as well
    - you may not keep cards over the limit of 10.'"""
    game = new_game(hands={"1": HERO_CARDS[:3], "2": HERO_CARDS[10:19]})
    # Both heroes beat a General: 'All players involved ... gain the 3 Hero Card reward'.
    act(game, "draw", {"deck": "hero", "count": 3}, actor="2")
    assert len(hand(game, "2")) == 12
    assert pending(game) == []  # nothing owed before the end of the active player's turn
    act(game, "end_turn")
    assert pending(game) == [{"type": "hand_limit", "seat": "2", "discard": 2}]
    act(game, "discard_to_limit", {"seat": "2", "cards": hand(game, "2")[:2]}, actor="2")
    assert len(hand(game, "2")) == 10
    assert pending(game) == []


def test_discard_to_limit_names_exactly_the_cards_owed() -> None:
    game = new_game(hands={"1": HERO_CARDS[:10]})
    game.execute("end_turn")
    assert pending(game) == [{"type": "hand_limit", "seat": "1", "discard": 2}]
    refused(game, "discard_to_limit", {"cards": HERO_CARDS[:1]}, "wrong_discard_count")
    refused(game, "discard_to_limit", {"cards": HERO_CARDS[:3]}, "wrong_discard_count")
    refused(
        game, "discard_to_limit", {"cards": [HERO_CARDS[0], HERO_CARDS[50]]}, "card_not_in_pile"
    )
    refused(
        game, "discard_to_limit", {"cards": HERO_CARDS[:2], "seat": "2"}, "no_hand_limit", actor="2"
    )
    outcome = act(game, "discard_to_limit", {"cards": HERO_CARDS[:2]})
    assert outcome.events[0].data["cards"] == HERO_CARDS[:2]
    assert game.state["decks"]["hero"]["discard"][-2:] == HERO_CARDS[:2]
    assert pending(game) == []
    assert_cards_conserved(game)


def test_hand_limit_keeps_other_pending_entries() -> None:
    game = new_game(hands={"1": HERO_CARDS[:10]})
    other = {"type": "something_else", "seat": "2"}
    arrange(game, ("pending", [other]))
    act(game, "end_turn")
    act(game, "discard_to_limit", {"cards": HERO_CARDS[:2]})
    assert pending(game) == [other]


def test_night_waits_for_the_hand_limit() -> None:
    """The Night is refused while a hand limit discard is owed; then it passes the turn."""
    game = new_game(hands={"1": HERO_CARDS[:10]})
    game.execute("end_turn")
    assert refused(game, "night", {}, "pending_choice") == (
        "First Ada discards down to the hand limit."
    )
    game.execute("discard_to_limit", {"cards": HERO_CARDS[:2]})
    game.execute("night")
    assert game.state["turn"]["active_seat"] == "2"


def test_turns_of_a_real_game_evening_then_night() -> None:
    """A base game as set up: each hero's turn ends with 2 Hero Cards, then the night."""
    game = GameLog.start({"host": {"name": "Ada", "hero": "Wizard"}}, seed="rounds")
    game.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    for seat in ("1", "2", "1"):
        assert game.state["turn"]["active_seat"] == seat
        size = len(hand(game, seat))
        act(game, "end_turn", actor=seat)
        assert len(hand(game, seat)) == size + 2
        refused(game, "end_turn", {}, "evening_done", actor=seat)
        game.execute("night", actor=seat)
    assert game.state["turn"]["number"] == 2
    assert game.replay() == game.state
    assert_cards_conserved(game)


# ------------------------------------------------------------------------------------------
# Rumors at the Inn
# ------------------------------------------------------------------------------------------


def test_rumors_keep_the_declared_colour_and_specials() -> None:
    """Rumors at the Inn (The Hero's Calling rules summary): 'Declare a color and draw 2 Hero
    cards for each Action spent (...). Keep all Hero cards that match the declared color, as
    well as any Purple (Special) cards drawn.'"""
    red, blue = colour_cards("red"), colour_cards("blue")
    game = new_game(locations={"1": "chimera-inn"}, hero_draw=[blue[0], SPECIALS[0], red[0]])
    outcome = act(game, "rumors", {"colour": "red", "actions": 1})
    # The top two cards are red[0] and SPECIALS[0]: both kept.
    assert hand(game, "1") == [red[0], SPECIALS[0]]
    assert outcome.events[0].data["discarded"] == []
    game = new_game(locations={"1": "chimera-inn"}, hero_draw=[SPECIALS[0], blue[0], red[0]])
    act(game, "rumors", {"colour": "red"})
    assert hand(game, "1") == [red[0]]
    assert game.state["decks"]["hero"]["discard"] == [blue[0]]
    assert_cards_conserved(game)


def test_rumors_draw_two_cards_per_action_up_to_two_actions() -> None:
    """The Hero's Calling rules summary: 'A Hero may spend up to 2 Actions at the Inn to listen
    for rumors.'"""
    game = new_game(locations={"1": "gryphon-inn"})
    outcome = act(game, "rumors", {"colour": "green", "actions": 2})
    data = outcome.events[-1].data
    assert data["kept"] + len(data["discarded"]) == 4
    refused(game, "rumors", {"colour": "green"}, "rumors_limit")
    with pytest.raises(InvalidArguments):
        new_game(locations={"1": "gryphon-inn"}).execute(
            "rumors", {"colour": "green", "actions": 3}
        )


def test_rumors_one_action_then_another() -> None:
    game = new_game(locations={"1": "gryphon-inn"})
    act(game, "rumors", {"colour": "black"})
    act(game, "rumors", {"colour": "blue"})
    refused(game, "rumors", {"colour": "blue"}, "rumors_limit")


def test_rumors_not_in_monarch_city() -> None:
    """FAQ: 'While there are certainly Inns in the city, players may NOT use Rumor Actions in
    Monarch City.'"""
    game = new_game()
    detail = refused(game, "rumors", {"colour": "red"}, "no_rumors_in_monarch_city")
    assert "Monarch City" in detail


def test_rumors_only_at_an_inn() -> None:
    game = new_game(locations={"1": "dark-woods"})
    refused(game, "rumors", {"colour": "red"}, "not_at_inn")


def test_rumors_not_at_an_inn_on_fire() -> None:
    """Dragon expansion: 'no Heroes can conduct Rumors at the Inn Actions' while On Fire."""
    game = new_game(locations={"1": "eagle-nest-inn"}, board={"eagle-nest-inn": {"fire": True}})
    refused(game, "rumors", {"colour": "red"}, "inn_on_fire")


def test_rumors_are_the_active_heros_action() -> None:
    game = new_game(locations={"1": "chimera-inn", "2": "chimera-inn"})
    refused(game, "rumors", {"colour": "red", "seat": "2"}, "not_your_turn", actor="2")
    # Nor does another phone listen for the active hero: the cards would go into their hand.
    refused(game, "rumors", {"colour": "red"}, "not_your_seat", actor="2")
    act(game, "rumors", {"colour": "red"}, actor="1")
    assert len(hand(game, "2")) == 0


def test_rumors_with_a_table_owned_deck_name_the_cards() -> None:
    red, green = colour_cards("red"), colour_cards("green")
    game = new_game(locations={"1": "chimera-inn"}, hero_owner="table")
    refused(game, "rumors", {"colour": "red"}, "invalid_arguments")
    refused(game, "rumors", {"colour": "red", "cards": [red[0]]}, "invalid_arguments")
    act(game, "rumors", {"colour": "red", "cards": [red[0], green[0]]})
    assert hand(game, "1") == [red[0]]
    assert game.state["decks"]["hero"]["discard"] == [green[0]]


def test_rumors_unknown_colour_refused() -> None:
    game = new_game(locations={"1": "chimera-inn"})
    refused(game, "rumors", {"colour": "purple"}, "invalid_arguments")


# ------------------------------------------------------------------------------------------
# Quests
# ------------------------------------------------------------------------------------------


def test_draw_quest() -> None:
    game = new_game()
    outcome = act(game, "draw_quest", {"seat": "2"}, actor="2")
    quest = outcome.events[-1].data["cards"][0]
    assert game.state["heroes"]["2"]["quests"] == [quest]
    assert game.state["decks"]["quest"]["hands"]["2"] == [quest]
    assert_cards_conserved(game)


def test_quest_deck_does_not_reshuffle() -> None:
    game = new_game()
    for _ in QUESTS:
        game.execute("draw_quest")
    refused(game, "draw_quest", {}, "not_enough_cards")


def test_completed_quest_is_kept_and_a_failed_one_discarded() -> None:
    """FAQ: 'If they fail to get the required die roll, they discard the quest as a failure.'"""
    game = new_game()
    first = game.execute("draw_quest").events[-1].data["cards"][0]
    second = game.execute("draw_quest").events[-1].data["cards"][0]
    act(game, "complete_quest", {"quest": first})
    assert game.state["heroes"]["1"]["completed_quests"] == [first]
    assert game.state["heroes"]["1"]["quests"] == [second]
    refused(game, "complete_quest", {"quest": first}, "no_such_quest")
    act(game, "discard_quest", {"quest": second})
    assert game.state["decks"]["quest"]["discard"] == [second]
    act(game, "discard_quest", {"quest": first, "completed": True})
    assert game.state["heroes"]["1"] == {
        **game.state["heroes"]["1"],
        "quests": [],
        "completed_quests": [],
    }
    assert_cards_conserved(game)


def test_commands_need_a_hero() -> None:
    game = new_game()
    arrange(game, ("heroes", {"1": game.state["heroes"]["1"]}))
    refused(game, "draw_quest", {"seat": "2"}, "no_hero")
    refused(game, "draw_quest", {"seat": "9"}, "unknown_seat")


def test_no_hero_command_after_the_game_ended() -> None:
    game = new_game(locations={"1": "chimera-inn"}, hands={"1": HERO_CARDS[:12]})
    arrange(game, ("outcome", {"result": "lost", "reason": "test", "rule": "test"}))
    for name, args in (
        ("end_turn", {}),
        ("rumors", {"colour": "red"}),
        ("draw_quest", {}),
        ("discard_to_limit", {"cards": HERO_CARDS[:2]}),
    ):
        refused(game, name, args, "game_over")
