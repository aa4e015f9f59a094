"""CC rule 2, Recruit: 1 action at an Inn, once per visit; 1-6 cards revealed, Events resolved
as they come; one Companion recruited by paying its cost; the rest discarded, not reshuffled."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import EngineError
from tests.helpers import act, arrange, at, refused, stack

from . import assert_decks_conserved, cc_game, colour_cards, deal, events_of, hand, specials

INN = "chimera-inn"


def recruiting_game(*cards: str, **options: object):  # type: ignore[no-untyped-def]
    game = cc_game(options=dict(options))
    at(game, INN)
    stack(game, "companion", *cards)
    return game


def test_a_recruit_of_4_cards_with_an_event_among_them() -> None:
    """Recruit 1-3: 'The player chooses a number between 1 and 6 ... flips over the number of
    Companion cards equal to the number ... Any Events are resolved when drawn ... then any
    remaining Companions are eligible to be Recruited.' Heavy Casualties: 'All Companions
    revealed this recruitment cost an additional card of any color.'"""
    game = recruiting_game(
        "companion-karmata", "event-heavy-casualties", "companion-torgg", "companion-jax-steele"
    )
    deal(game, [*colour_cards("red", 2), *colour_cards("blue", 1)])
    outcome = act(game, "recruit", {"count": 4})
    assert [e.type for e in outcome.events] == ["recruit_began", "companion_event", "recruit_ready"]
    assert game.state["decks"]["companion"]["table"] == [
        "companion-karmata", "event-heavy-casualties", "companion-torgg", "companion-jax-steele"
    ]  # fmt: skip
    assert game.state["recruitment"]["extra"] == 1
    assert outcome.events[-1].data["companions"] == [
        "companion-karmata", "companion-torgg", "companion-jax-steele"
    ]  # fmt: skip
    refused(game, "night", {}, "pending_choice")
    # Torgg's cost, as printed (entered by the players): 2 red Hero Cards; +1 of any colour.
    two_red = {"companion": "companion-torgg", "cost_colour": "red", "cost_cards": 2}
    refused(game, "hire", {**two_red, "cards": colour_cards("red", 2)}, "wrong_payment")
    paid = [*colour_cards("red", 2), *colour_cards("blue", 1)]
    act(game, "hire", {**two_red, "cards": paid})
    assert game.state["heroes"]["1"]["companions"] == ["companion-torgg"]
    assert hand(game, "companion") == ["companion-torgg"]
    assert hand(game) == []
    deck = game.state["decks"]["companion"]
    assert deck["table"] == []
    assert deck["discard"] == [
        "companion-karmata", "event-heavy-casualties", "companion-jax-steele"
    ]  # fmt: skip
    assert "recruitment" not in game.state and not game.state.get("pending")
    assert_decks_conserved(game)


def test_recruiting_is_done_at_an_inn() -> None:
    """'This new Recruit Action may only be performed at an Inn.'"""
    game = cc_game()
    refused(game, "recruit", {"count": 2}, "not_at_inn")


def test_only_one_companion_per_visit_to_an_inn() -> None:
    """NOTE: 'Only 1 Companion may be Recruited each time a Hero visits an Inn'."""
    game = recruiting_game("companion-karmata", "companion-torgg")
    deal(game, colour_cards("green", 1))
    game.execute("recruit", {"count": 1})
    game.execute("hire", {"companion": "companion-karmata", "cost_colour": "green",
                          "cost_cards": 1, "cards": colour_cards("green", 1)})  # fmt: skip
    refused(game, "recruit", {"count": 1}, "recruited_this_visit")
    game.execute("move_hero", {"location": "Monarch City"})
    game.execute("move_hero", {"location": INN})
    game.execute("recruit", {"count": 1})
    assert game.state["recruitment"]["cards"] == ["companion-torgg"]


def test_a_recruit_that_gains_no_companion_may_be_tried_again_by_default() -> None:
    """Setting recruit_limit_per_visit: the note limits Companions, not Recruit actions."""
    game = recruiting_game("companion-karmata", "companion-torgg")
    game.execute("recruit", {"count": 1})
    game.execute("hire", {})
    game.execute("recruit", {"count": 1})
    strict = recruiting_game("companion-karmata", recruit_limit_per_visit="one_recruit_action")
    strict.execute("recruit", {"count": 1})
    strict.execute("hire", {})
    refused(strict, "recruit", {"count": 1}, "recruited_this_visit")


def test_yellow_companions_take_any_one_colour() -> None:
    """'Any color card may be discarded to Recruit a Yellow Companion, however all cards
    discarded must be of the same color.'"""
    game = recruiting_game("companion-briggette")
    deal(game, [*colour_cards("green", 2), *colour_cards("red", 1)])
    game.execute("recruit", {"count": 1})
    yellow = {"companion": "companion-briggette", "cost_colour": "yellow", "cost_cards": 2}
    mixed = [colour_cards("green", 1)[0], colour_cards("red", 1)[0]]
    refused(game, "hire", {**yellow, "cards": mixed}, "wrong_payment")
    act(game, "hire", {**yellow, "cards": colour_cards("green", 2)})
    assert game.state["heroes"]["1"]["companion_colours"] == {"companion-briggette": "yellow"}
    assert game.state["decks"]["hero"]["discard"][-2:] == colour_cards("green", 2)


def test_purple_companions_take_special_cards_which_go_to_the_box() -> None:
    """'Special cards must be placed back into the box and out of the game to recruit a Purple
    Companion.'"""
    game = recruiting_game("companion-princess-karollyn")
    deal(game, [*specials(1), *colour_cards("blue", 1)])
    game.execute("recruit", {"count": 1})
    purple = {"companion": "companion-princess-karollyn", "cost_colour": "purple", "cost_cards": 1}
    refused(game, "hire", {**purple, "cards": colour_cards("blue", 1)}, "wrong_payment")
    act(game, "hire", {**purple, "cards": specials(1)})
    assert specials(1)[0] in game.state["decks"]["hero"]["box"]
    assert hand(game) == colour_cards("blue", 1)


def test_the_companion_limit_after_2_quests() -> None:
    """Companion Limits: '1 Companion + 1 for each Successful Quest completed ... Each Hero may
    only have 1 Companion of each color.' After 2 Quests: 3 Companions, no two of one colour."""
    game = recruiting_game("companion-torgg", "companion-stoneheart", "companion-cyleene")
    quests = list(game.state["decks"]["quest"]["draw"][:2])
    arrange(game, ("heroes", "1", "completed_quests", quests))
    deal(game, [*colour_cards("green", 2), *colour_cards("red", 2), *colour_cards("blue", 1)])
    costs = [("companion-torgg", "green"), ("companion-stoneheart", "red")]
    for companion, colour in costs:
        game.execute("recruit", {"count": 1})
        game.execute("hire", {"companion": companion, "cost_colour": colour, "cost_cards": 1,
                              "cards": colour_cards(colour, 1)})  # fmt: skip
        game.execute("move_hero", {"location": "Monarch City"})
        game.execute("move_hero", {"location": INN})
    game.execute("recruit", {"count": 1})
    same_colour = {"companion": "companion-cyleene", "cost_colour": "red", "cost_cards": 1}
    refused(game, "hire", {**same_colour, "cards": colour_cards("red", 2)[1:]}, "companion_colour")
    # A red card stays red: the hero recruits none (not the same card under another colour).
    act(game, "hire", {"companion": None})
    game.execute("move_hero", {"location": "Monarch City"})
    game.execute("move_hero", {"location": INN})
    stack(game, "companion", "companion-celia-frost")
    game.execute("recruit", {"count": 1})
    act(game, "hire", {"companion": "companion-celia-frost", "cost_colour": "blue",
                       "cost_cards": 1, "cards": colour_cards("blue", 1)})  # fmt: skip
    assert len(game.state["heroes"]["1"]["companions"]) == 3
    assert game.state["companion_costs"] == {
        "companion-torgg": "green", "companion-stoneheart": "red", "companion-celia-frost": "blue"
    }  # fmt: skip
    game.execute("move_hero", {"location": "Monarch City"})
    game.execute("move_hero", {"location": INN})
    stack(game, "companion", "companion-avena-lux")
    game.execute("recruit", {"count": 1})
    refused(game, "hire", {"companion": "companion-avena-lux", "cost_colour": "yellow",
                           "cost_cards": 0, "cards": []}, "companion_limit")  # fmt: skip


def test_a_companion_keeps_the_colour_it_was_recruited_as() -> None:
    """'Each Hero may only have 1 Companion of each color': with its cost not entered, a card's
    colour is the one it was paid with; back in the deck later, it cannot be hired as another."""
    game = recruiting_game("companion-torgg")
    deal(game, [*colour_cards("green", 2), *colour_cards("red", 1)])
    game.execute("recruit", {"count": 1})
    act(game, "hire", {"companion": "companion-torgg", "cost_colour": "green", "cost_cards": 1,
                       "cards": colour_cards("green", 1)})  # fmt: skip
    # Torgg leaves the hero and comes back to the top of the Companion deck.
    deck = game.state["decks"]["companion"]
    arrange(
        game,
        ("heroes", "1", "companions", []),
        ("heroes", "1", "companion_colours", {}),
        ("decks", "companion", "hands", "1", []),
        ("decks", "companion", "draw", [*deck["draw"], "companion-torgg"]),
    )
    game.execute("move_hero", {"location": "Monarch City"})
    game.execute("move_hero", {"location": INN})
    game.execute("recruit", {"count": 1})
    as_red = {"companion": "companion-torgg", "cost_colour": "red", "cost_cards": 1}
    refused(game, "hire", {**as_red, "cards": colour_cards("red", 1)}, "companion_colour_known")
    act(game, "hire", {"companion": "companion-torgg", "cost_cards": 1,
                       "cards": colour_cards("green", 2)[1:]})  # fmt: skip
    assert game.state["heroes"]["1"]["companion_colours"] == {"companion-torgg": "green"}


def test_the_companion_discard_pile_is_not_reshuffled_until_a_card_says_so() -> None:
    """Recruit 4: 'a discard pile that is not reshuffled until instructed to do so by a card'."""
    game = recruiting_game()
    deck = game.state["decks"]["companion"]
    arrange(game, ("decks", "companion", "draw", deck["draw"][-2:]),
            ("decks", "companion", "discard", deck["draw"][:-2]))  # fmt: skip
    with pytest.raises(EngineError) as refusal:
        game.execute("recruit", {"count": 3})
    assert refusal.value.code == "not_enough_cards"


def test_an_event_that_says_shuffle_returns_the_discard_pile_to_the_deck() -> None:
    """Empty Inn: '... Shuffle the Companion Cards.' (after this recruitment, by default)."""
    game = recruiting_game("event-empty-inn", "companion-torgg")
    before = len(game.state["decks"]["companion"]["draw"])
    game.execute("recruit", {"count": 2})
    deck = game.state["decks"]["companion"]
    assert deck["discard"] == [] and deck["table"] == []
    assert len(deck["draw"]) == before
    assert events_of(game)[-2:] == ["recruit_ended", "companion_deck_shuffled"]


def test_a_slain_heros_companions_go_back_into_the_deck_which_is_shuffled() -> None:
    """Companion Rules 2: 'all their Companions are returned to the Companion deck and the deck
    shuffled.'"""
    game = recruiting_game("companion-torgg")
    deal(game, colour_cards("green", 1))
    game.execute("recruit", {"count": 1})
    game.execute("hire", {"companion": "companion-torgg", "cost_colour": "green", "cost_cards": 1,
                          "cards": colour_cards("green", 1)})  # fmt: skip
    outcome = act(game, "wound_hero", {"wounds": 5})
    assert outcome.events[-1].type == "hero_fell"
    assert "companion-torgg" in game.state["decks"]["companion"]["draw"]
    assert game.state["heroes"]["1"]["companions"] == []
    assert_decks_conserved(game)


def test_a_companion_is_discarded_only_when_its_card_says_so() -> None:
    """Companion Rules 3; Giddeon IV: 'May discard Giddeon IV to retrieve 1 Special card from
    the box.'"""
    game = recruiting_game("companion-karmata")
    arrange(
        game,
        ("heroes", "1", "companions", ["companion-karmata", "companion-giddeon-iv"]),
        ("decks", "companion", "hands", "1", ["companion-karmata", "companion-giddeon-iv"]),
        ("decks", "companion", "draw", [c for c in game.state["decks"]["companion"]["draw"]
                                        if c not in ("companion-karmata", "companion-giddeon-iv")]),
        ("decks", "hero", "box", specials(1)),
        ("decks", "hero", "draw", [c for c in game.state["decks"]["hero"]["draw"]
                                   if c not in specials(1)]),
    )  # fmt: skip
    refused(game, "dismiss_companion", {"companion": "companion-karmata"}, "companion_stays")
    act(game, "dismiss_companion", {"companion": "companion-giddeon-iv", "special": specials(1)[0]})
    assert game.state["heroes"]["1"]["companions"] == ["companion-karmata"]
    assert specials(1)[0] in hand(game)
    assert_decks_conserved(game)
