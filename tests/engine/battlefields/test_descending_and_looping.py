"""Battlefields rulebook, Descending order and Looping, quoted in each test."""

from __future__ import annotations

from deck_tracker.engine.rules.battlefields.conditions import allowed_numbers

from . import card, play, refused, war

DESCENDING = {"descending": True, "activate": 6}


def chain(*numbers: int) -> list[dict[str, object]]:
    return [{"name": f"c{n}", "number": n, "stunned": False} for n in numbers]


def test_descending_order_a_9_is_followed_by_an_8_or_lower() -> None:
    """'if a player played a card with value 9, the next card he plays in this battle must be 8
    or lower.'"""
    assert [n for n in allowed_numbers(chain(9)) if n < 9] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert 9 not in allowed_numbers(chain(9))


def test_descending_order_after_a_6_the_next_is_5_or_lower() -> None:
    """'If the next card played was 6, the player will next have to play cards of 5 or lower.'"""
    game = war(tiles={"red-1": DESCENDING})
    play(game, "red-1", card("Orc Captain", 9))
    play(game, "blue-1", card("Dwarf", 8, "blue"))
    play(game, "red-1", card("Goblin", 6))
    play(game, "blue-1", card("Elf", 7, "blue"))
    # 7 and 8 lie between the last card (6) and the first (9): neither descending nor a loop.
    detail = refused(game, "play_card", {"battlefield": "red-1", **card("Troll", 8)}, "looping")
    assert "higher than the last (6) must be higher than 9" in detail
    refused(game, "play_card", {"battlefield": "red-1", **card("Ogre", 7)}, "looping")
    play(game, "red-1", card("Imp", 5), end=False)
    minions = game.state["battlefields"]["red-1"]["cards"]["minions"]
    assert [c["number"] for c in minions] == [9, 6, 5]


def test_looping_from_a_first_card_of_7_allows_10_9_or_8_and_never_7_or_lower() -> None:
    """'if the first card played on a battlefield has value 7, then at some point the player may
    ... play a card of value 10, 9 or 8.' 'A player can never repeat, or lay a card with a value
    lower than, the starting card in the battle when looping.'"""
    assert [n for n in allowed_numbers(chain(7, 3)) if n > 3] == [8, 9, 10]
    game = war(tiles={"red-1": DESCENDING})
    play(game, "red-1", card("Wraith", 7))
    play(game, "blue-1", card("Dwarf", 8, "blue"))
    play(game, "red-1", card("Ghoul", 3))
    play(game, "blue-1", card("Elf", 7, "blue"))
    for number in (7, 6, 5, 4):
        refused(
            game, "play_card", {"battlefield": "red-1", **card(f"M{number}", number)}, "looping"
        )
    play(game, "red-1", card("Lich", 10))
    play(game, "blue-1", card("Ranger", 6, "blue"))
    # Once looped, the chain descends from 10 and never reaches the first card (7) again.
    refused(game, "play_card", {"battlefield": "red-1", **card("Zombie", 2)}, "descending_order")
    refused(game, "play_card", {"battlefield": "red-1", **card("Skeleton", 7)}, "descending_order")
    play(game, "red-1", card("Vampire", 9), end=False)


def test_a_stunned_card_keeps_its_place_in_the_chain() -> None:
    """'while a card is stunned it has a value of zero, but keeps its position in the descending
    chain, i.e. cards played after it must take its number into account.'"""
    stunned = [{"name": "Orc", "number": 5, "stunned": True}]
    assert max(n for n in allowed_numbers(stunned) if n < 5) == 4
    assert 5 not in allowed_numbers(stunned)


def test_arrow_colour_and_even_odd_refuse_other_cards_but_not_chameleons() -> None:
    """'Arrow colour: determines the permitted colours'; 'Even/Odd: only cards meeting that
    condition may be played'; chameleons 'can be assigned any colour'."""
    game = war(tiles={"red-1": {"arrow_colour": "red", "parity": "even", "activate": 4}})
    refused(game, "play_card", {"battlefield": "red-1", **card("Orc", 4, "green")}, "wrong_colour")
    refused(game, "play_card", {"battlefield": "red-1", **card("Orc", 5, "red")}, "wrong_parity")
    play(game, "red-1", card("Shapeshifter", None, "chameleon"), end=False)


def test_no_chameleon_cards_on_a_battlefield_that_forbids_them() -> None:
    """'No chameleon cards: this icon forbids the use of wild cards on this battlefield.'"""
    game = war(tiles={"red-1": {"no_chameleons": True, "activate": 3}})
    refused(
        game,
        "play_card",
        {"battlefield": "red-1", **card("Shapeshifter", None, "chameleon")},
        "no_chameleons",
    )
