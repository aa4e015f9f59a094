"""Battlefields rulebook: sets, battle dice and stuns, restoring, short hands, Generals."""

from __future__ import annotations

import pytest

from deck_tracker.engine.rules.battlefields.dice import strike

from . import card, play, refused, war

SETS = {"red-1": {"set_size": 3}, "blue-1": {"set_size": 2}, "green-1": {"activate": 5}}


def test_the_healer_and_hemlock_set_example() -> None:
    """'the Hero player has 2 Dwarf cards and 1 Healer card in play on 3-set and 2-set
    battlefields. The Minion player has 2 Hemlocks and 2 Dark Wizard cards in play. The Hero
    player activates and places another Healer on a battlefield. The newly placed Healer attacks
    Hemlock (the highest-ranking minion on the battlefield) and, if successful, can stun only one
    of the Hemlock cards.'"""
    game = war(tiles=SETS)
    hemlock, wizard = card("Hemlock", 9, "black"), card("Dark Wizard", 7, "black")
    dwarf, healer = card("Dwarf", 8, "blue"), card("Healer", 3, "green")
    play(game, "red-1", hemlock)
    play(game, "blue-1", dwarf)
    play(game, "red-1", hemlock)  # identical cards side by side: only on a set battlefield
    play(game, "blue-1", healer)
    play(game, "red-1", wizard)
    play(game, "red-1", dwarf)
    play(game, "blue-1", wizard)
    # Another Healer: refused on a battlefield without a set mark, placed on a set battlefield.
    refused(game, "play_card", {"battlefield": "green-1", **healer}, "identical_in_play")
    play(game, "red-1", healer, end=False)
    minions = game.state["battlefields"]["red-1"]["cards"]["minions"]
    game.execute("attack", {"target": 0, "dice": ["single"]})
    minions = game.state["battlefields"]["red-1"]["cards"]["minions"]
    assert [(c["name"], c["stunned"]) for c in minions] == [
        ("Hemlock", True),
        ("Hemlock", False),
        ("Dark Wizard", False),
    ]
    assert game.state["outcome"] is None and game.state["sides"]["heroes"]["won"] == []


def test_a_set_of_identical_cards_wins_the_set_battlefield() -> None:
    """'Set: a mark with 2 or 3 cards requires that 2 or 3 identical cards be played.'"""
    game = war(tiles=SETS)
    play(game, "blue-1", card("Hemlock", 9, "black"))
    play(game, "green-1", card("Dwarf", 8, "blue"))
    play(game, "blue-1", card("Hemlock", 9, "black"), end=False)
    assert game.state["sides"]["minions"]["won"] == ["blue-1"]
    assert "blue-1" not in game.state["battlefields"]
    assert game.state["sides"]["minions"]["discard"] == 2  # both Hemlocks to the discard


@pytest.mark.parametrize(
    ("protection", "stunned", "singles", "doubles", "result"),
    [
        ("none", False, 1, 0, "stunned"),
        ("armor", False, 1, 0, "none"),
        ("scales", False, 1, 0, "none"),
        ("flying", False, 1, 0, "none"),
        ("armor", False, 2, 0, "stunned"),
        ("flying", False, 0, 1, "stunned"),
        ("none", False, 0, 0, "none"),
        ("none", True, 1, 0, "none"),
        ("none", True, 2, 0, "removed"),
        ("scales", True, 0, 1, "removed"),
    ],
)
def test_dice_combinations_stun_and_remove(
    protection: str, stunned: bool, singles: int, doubles: int, result: str
) -> None:
    """'1 single hit: the enemy is stunned ... Some characters ... can prevent them from being
    stunned (Armor, Scales or Flying). 2 single hits: the enemy is stunned. This also applies to
    enemies with Armor, Scales or the ability to Fly. 1 double hit: the enemy is stunned.' 'When
    attacking a stunned hero/minion, rolling 2 single hits or 1 double hit is enough to remove
    the stunned character from the battle.'"""
    target = {"name": "Dwarf", "protection": protection, "stunned": stunned}
    assert strike(target, singles, doubles)[0] == result


def test_a_stunned_card_cannot_be_attacked_while_another_stands_and_is_removed_by_a_double() -> (
    None
):
    """'You cannot attack a stunned hero/minion unless you have no other targets. When attacking
    a stunned hero/minion, rolling 2 single hits or 1 double hit is enough to remove [it].'"""
    game = war(tiles={"red-1": {"activate": 5}, "blue-1": {"activate": 5}})
    play(game, "red-1", card("Orc", 9, swords=2))
    play(game, "red-1", card("Dwarf", 8, "blue"))
    play(game, "red-1", card("Goblin", 5, swords=2), end=False)
    game.execute("attack", {"target": 0, "dice": ["single", "blank"]})  # the Dwarf is stunned
    game.execute("finish_turn", {})
    play(game, "red-1", card("Elf", 6, "blue", protection="flying"))
    play(game, "red-1", card("Imp", 3, swords=2), end=False)
    refused(game, "attack", {"target": 0, "dice": ["double", "blank"]}, "stunned_target")
    game.execute("attack", {"target": 1, "dice": ["single", "blank"]})  # Flying: no stun
    assert [c["stunned"] for c in game.state["battlefields"]["red-1"]["cards"]["heroes"]] == [
        True,
        False,
    ]
    game.execute("finish_turn", {})
    game.execute("gather_troops", {"count": 1})
    game.execute("finish_turn", {})
    play(game, "red-1", card("Troll", 2, swords=2), end=False)
    game.execute("attack", {"target": 1, "dice": ["single", "single"]})  # stuns even Flying
    game.execute("finish_turn", {})
    game.execute("gather_troops", {"count": 1})
    game.execute("finish_turn", {})
    game.execute("restore", {"battlefield": "red-1", "card": 3, "dice": ["single"]})
    game.execute("attack", {"target": 0, "dice": ["double", "blank"]})  # nothing else stands
    heroes = game.state["battlefields"]["red-1"]["cards"]["heroes"]
    assert [(c["name"], c["stunned"]) for c in heroes] == [("Elf", True)]
    assert game.state["sides"]["heroes"]["discard"] == 3  # the Dwarf and 2 gathered cards


def test_the_app_rolls_recorded_dice_and_replay_never_rolls_again() -> None:
    game = war(tiles={"red-1": {"activate": 5}, "blue-1": {"activate": 5}})
    play(game, "red-1", card("Dwarf", 8, "blue"))
    play(game, "red-1", card("Orc", 9, swords=3), end=False)
    outcome = game.execute("attack", {"target": 0})
    faces = outcome.events[-1].data["dice"]
    assert len(faces) == 3 and set(faces) <= {"blank", "single", "double"}
    assert game.replay() == game.state


def test_restoring_a_stunned_card_stands_it_up_and_one_die_decides_its_attack() -> None:
    """'When a fighter is restored, turn it upright again and roll 1 die. If a sword face comes
    up, the restored hero/minion may immediately attack.'"""
    game = war(tiles={"red-1": {"activate": 5}, "blue-1": {"activate": 5}})
    play(game, "red-1", card("Orc", 9))
    play(game, "red-1", card("Dwarf", 8, "blue"), end=False)
    game.execute("attack", {"target": 0, "dice": ["single"]})
    game.execute("finish_turn", {})
    game.execute("restore", {"battlefield": "red-1", "card": 0, "dice": ["blank"]})
    orc = game.state["battlefields"]["red-1"]["cards"]["minions"][0]
    assert orc["stunned"] is False
    assert game.state["turn"]["attack"] is None  # a blank: restored, but no attack
    assert game.state["sides"]["minions"]["discard"] == 1  # the Orc's twin
    game.execute("undo", {})
    game.execute("restore", {"battlefield": "red-1", "card": 0, "dice": ["single"]})
    assert game.state["turn"]["attack"]["index"] == 0


def test_a_player_made_to_discard_plays_short_until_a_battle_is_won() -> None:
    """'the player who discarded cards must play with an incomplete hand until one side wins a
    battle. After one side wins, each player with an incomplete hand draws cards up to their
    maximum hand size.'"""
    game = war(tiles={"red-1": {"activate": 1}, "blue-1": {"activate": 3}}, tile_draws="app")
    play(game, "blue-1", card("Undead", 6, swords=1))
    game.execute("lose_cards", {"player": "B", "count": 1, "cause": "Undead Fear"})
    game.execute("gather_troops", {"count": 2})
    game.execute("finish_turn", {})
    assert game.state["players"]["B"]["hand"] == 4  # short: no draw
    play(game, "red-1", card("Orc", 9), end=False)  # 1 card activates red-1: the minions win
    assert game.state["sides"]["minions"]["won"] == ["red-1"]
    assert game.state["players"]["B"] == {**game.state["players"]["B"], "hand": 7, "short": False}


def test_gather_troops_draws_as_many_at_the_end_of_the_turn_and_the_discard_reshuffles() -> None:
    """'If he discarded 1-3 cards, he draws the same number ... If the deck runs out, shuffle the
    discard pile and draw.'"""
    game = war(deck_size=20)
    assert game.state["sides"]["minions"]["deck"] == 13
    for _ in range(5):
        game.execute("gather_troops", {"count": 3})
        game.execute("finish_turn", {})
        game.execute("gather_troops", {"count": 1})
        game.execute("finish_turn", {})
    minions = game.state["sides"]["minions"]
    assert game.state["players"]["A"]["hand"] == 7
    assert minions["deck"] + minions["discard"] + 7 == 20


def test_a_general_supports_with_5_tokens_spent_at_any_time_and_leaves_with_the_battle() -> None:
    """'Place 5 tokens ... You may spend these crystals at any time (even on the opponent's
    turn) ... once the battle is won/lost, the General is removed from the game.'"""
    game = war(tiles={"red-1": {"activate": 2}}, tile_draws="app")
    game.execute("send_general", {"battlefield": "red-1", "general": "Minion General 1"})
    game.execute("finish_turn", {})
    game.execute(
        "spend_tokens", {"battlefield": "red-1", "general": "Minion General 1", "count": 2}
    )
    assert game.state["battlefields"]["red-1"]["generals"]["minions"][0]["tokens"] == 3
    refused(
        game,
        "spend_tokens",
        {"battlefield": "red-1", "general": "Minion General 1", "count": 4},
        "not_enough_tokens",
    )
    play(game, "red-1", card("Dwarf", 8, "blue"))
    play(game, "red-1", card("Orc", 9))
    play(game, "red-1", card("Elf", 7, "blue"), end=False)
    assert game.state["sides"]["heroes"]["won"] == ["red-1"]
    assert game.state["sides"]["minions"]["generals"] == ["Minion General 2"]


def test_special_cards_at_any_time_even_on_the_opponents_turn() -> None:
    game = war()
    game.execute("play_special_card", {"name": "Ambush", "player": "B"})
    assert game.state["players"]["B"]["hand"] == 6
    game.execute("gather_troops", {"count": 1})
    game.execute("finish_turn", {})
    game.execute("gather_troops", {"count": 1})
    game.execute("finish_turn", {})
    assert game.state["players"]["B"]["hand"] == 7  # drawn at the end of their own turn
