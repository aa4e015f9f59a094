"""CC rule 3, every Event card of the Companion deck as printed (Warlords: test_warlords.py).

Each test reveals the Event alone (a recruit of 1 card at Chimera Inn) unless it says otherwise.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, at, refused, stack

from . import assert_decks_conserved, cc_game, colour_cards, deal, hand, specials

INN = "chimera-inn"


def reveal(*cards: str, expansions: tuple[str, ...] = ("companions_catacombs",),
           rolls: list[int] | None = None, **options: Any) -> tuple[GameLog, Any]:  # fmt: skip
    game = cc_game(expansions=expansions, options=options, starting_dungeon_roll=6)
    at(game, INN)
    stack(game, "companion", *cards)
    args: dict[str, Any] = {"count": len(cards)}
    if rolls:
        args["rolls"] = rolls
    return game, act(game, "recruit", args)


def with_companions(game: GameLog, *companions: str) -> None:
    deck = game.state["decks"]["companion"]
    arrange(
        game,
        ("heroes", "1", "companions", list(companions)),
        ("decks", "companion", "hands", "1", list(companions)),
        ("decks", "companion", "draw", [c for c in deck["draw"] if c not in companions]),
    )


def test_betrayal_on_1_to_3_a_companion_betrays_the_hero() -> None:
    """'Roll a die; On a roll of 1-3, one of your Companions betrays you. Suffer 1 wound and
    discard 1 of your Companions at random. On a roll of 4+, all of your Companions remain
    loyal. Shuffle the Companion Cards.'"""
    game = cc_game()
    at(game, INN)
    with_companions(game, "companion-torgg", "companion-jax-steele")
    stack(game, "companion", "event-betrayal")
    act(game, "recruit", {"count": 1, "rolls": [2]})
    hero = game.state["heroes"]["1"]
    assert hero["life"] == 4 and len(hero["companions"]) == 1
    deck = game.state["decks"]["companion"]
    assert deck["discard"] == [] and "event-betrayal" in deck["draw"]  # shuffled back
    loyal = cc_game()
    at(loyal, INN)
    with_companions(loyal, "companion-torgg")
    stack(loyal, "companion", "event-betrayal")
    loyal.execute("recruit", {"count": 1, "rolls": [4]})
    assert loyal.state["heroes"]["1"]["companions"] == ["companion-torgg"]
    assert loyal.state["heroes"]["1"]["life"] == 5


def test_troll_renegades_mountains_of_mist_and_the_revealed_hero_cards_location() -> None:
    """'Place a Troll token on Mountains of Mist, then reveal a Hero card and place a Troll
    token on the location of the Hero card.'"""
    game = cc_game()
    at(game, INN)
    stack(game, "hero", "hero-unicorn-forest-1")
    stack(game, "companion", "event-troll-renegades")
    act(game, "recruit", {"count": 1})
    board = game.state["board"]
    assert board["mountains-of-mist"]["trolls"] == 1 and board["unicorn-forest"]["trolls"] == 1
    assert game.state["supply"]["trolls"] == 4
    assert game.state["decks"]["hero"]["discard"][-1] == "hero-unicorn-forest-1"


def test_troll_renegades_a_special_card_sends_the_troll_to_monarch_city() -> None:
    """'If the Hero card is a Special card, place the Troll token in Monarch City.'"""
    game = cc_game()
    at(game, INN)
    stack(game, "hero", specials(1)[0])
    stack(game, "companion", "event-troll-renegades")
    game.execute("recruit", {"count": 1})
    assert game.state["board"]["monarch-city"]["trolls"] == 1


def test_thieves_the_active_hero_discards_a_random_hero_card() -> None:
    """'The active Hero must discard a random Hero card.'"""
    game = cc_game()
    at(game, INN)
    deal(game, colour_cards("green", 3))
    stack(game, "companion", "event-thieves")
    act(game, "recruit", {"count": 1})
    assert len(hand(game)) == 2
    assert game.state["decks"]["hero"]["discard"][-1] in colour_cards("green", 3)


def test_land_ablaze_only_with_the_dragon_expansion() -> None:
    """'Reveal a Hero card until a card with a location. Place a Fire token on that location and
    discard the cards revealed.' NOTE: 'only used when playing with the Dragon Expansion.'"""
    game = cc_game(expansions=("dragon", "companions_catacombs"))
    at(game, INN)
    stack(game, "hero", specials(1)[0], "hero-withered-hills-1")
    stack(game, "companion", "event-land-ablaze")
    act(game, "recruit", {"count": 1})
    assert game.state["board"]["withered-hills"]["fire"]
    assert game.state["decks"]["hero"]["discard"][-2:] == [specials(1)[0], "hero-withered-hills-1"]
    assert "event-land-ablaze" in cc_game().state["decks"]["companion"]["box"]


def test_inside_information_draws_3_hero_cards_when_no_companion_is_recruited() -> None:
    """'If you choose to not recruit any Companions, draw 3 Hero cards.'"""
    game, _ = reveal("event-inside-information", "companion-torgg")
    act(game, "hire", {})
    assert len(hand(game)) == 2 + 3


def test_patriotism_makes_every_cost_wild() -> None:
    """'The cost of recruiting any Companions revealed this recruitment is considered wild.'"""
    game = cc_game()
    at(game, INN)
    deal(game, colour_cards("green", 1))
    stack(game, "companion", "event-patriotism", "companion-princess-karollyn")
    game.execute("recruit", {"count": 2})
    act(game, "hire", {"companion": "companion-princess-karollyn", "cost_colour": "purple",
                       "cost_cards": 1, "cards": colour_cards("green", 1)})  # fmt: skip
    assert game.state["decks"]["hero"]["box"] == []
    assert game.state["heroes"]["1"]["companions"] == ["companion-princess-karollyn"]


def test_infiltrating_spies_2_minions_of_the_players_choice_in_monarch_city() -> None:
    """'Place 2 Minions of your choice in Monarch City.'"""
    game, outcome = reveal("event-infiltrating-spies")
    assert outcome.events[-1].type == "recruit_choice"
    refused(game, "recruit_choose", {"minions": {"red": 3}}, "invalid_arguments")
    act(game, "recruit_choose", {"minions": {"red": 1, "blue": 1}})
    city = game.state["board"]["monarch-city"]["minions"]
    assert (city["red"], city["blue"]) == (1, 1)
    assert "recruitment" not in game.state


def test_heavy_casualties_each_companion_costs_one_more_card_of_any_colour() -> None:
    """'All Companions revealed this recruitment cost an additional card of any color.'"""
    game = cc_game()
    at(game, INN)
    deal(game, [*colour_cards("blue", 1), *specials(1)])
    stack(game, "companion", "companion-torgg", "event-heavy-casualties")
    game.execute("recruit", {"count": 2})
    act(game, "hire", {"companion": "companion-torgg", "cost_colour": "blue", "cost_cards": 1,
                       "cards": [*colour_cards("blue", 1), *specials(1)]})  # fmt: skip


def test_giant_spiders_darkness_spreads_cards_until_one_with_2_locations() -> None:
    """'Reveal Darkness Spreads cards until a card with 2 locations is revealed. Place a Giant
    Spider token on these 2 locations. Discard any revealed Darkness Spreads cards.'"""
    game = cc_game()
    at(game, INN)
    stack(game, "darkness_spreads", "ds-orc-patrols-1", "ds-amarak-peak-angel-tear-falls")
    stack(game, "companion", "event-giant-spiders")
    act(game, "recruit", {"count": 1})
    board = game.state["board"]
    assert board["amarak-peak"]["spiders"] == 1 and board["angel-tear-falls"]["spiders"] == 1
    assert sum(space["minions"]["green"] for space in board.values()) == 0  # the card is ignored
    assert game.state["decks"]["darkness_spreads"]["discard"][-2:] == [
        "ds-orc-patrols-1", "ds-amarak-peak-angel-tear-falls"
    ]  # fmt: skip


def test_empty_inn_no_companion_of_this_recruitment_may_be_recruited() -> None:
    """'Discard all drawn Companions this recruitment. They may not be recruited. Shuffle the
    Companion Cards.'"""
    game, outcome = reveal("companion-torgg", "event-empty-inn")
    assert [e.type for e in outcome.events][-2:] == ["recruit_ended", "companion_deck_shuffled"]
    assert game.state["decks"]["companion"]["discard"] == []
    assert "companion-torgg" in game.state["decks"]["companion"]["draw"]
    assert game.state["heroes"]["1"].get("companions") is None


def test_dungeon_a_die_roll_places_another_dungeon() -> None:
    """'Roll a die and place a Dungeon token in: 1. Ancient Ruins ... 6. Dragon's Teeth Range.'
    NOTE: 'If rolling a location that already has a Dungeon token, place a Taint crystal on the
    location and roll again. If rolling the same location on the re-roll, do not place an
    additional Taint Crystal, but simply roll again'."""
    game, _ = reveal("event-dungeon", rolls=[6, 6, 2])
    assert set(game.state["dungeons"]) == {"dragons-teeth-range", "serpent-swamp"}
    assert game.state["board"]["dragons-teeth-range"]["taint"] == 1
    assert game.state["supply"]["taint"] == 11


def test_enemy_scouts_4_minions_one_of_each_type_where_the_players_choose() -> None:
    """'Place 4 Minions (1 of each type, each in different locations). Players choose the
    locations.'"""
    game, _ = reveal("event-enemy-scouts")
    places = ["thorny-woods", "dark-woods", "fire-river", "blizzard-mountains"]
    refused(game, "recruit_choose", {"locations": [places[0]] * 4}, "invalid_arguments")
    act(game, "recruit_choose", {"locations": places})
    board = game.state["board"]
    colours = ["green", "black", "red", "blue"]
    assert [board[loc]["minions"][c] for loc, c in zip(places, colours, strict=True)] == [1] * 4


def test_bar_fight_one_wound_and_the_cost_is_one_card_less() -> None:
    """'Suffer 1 wound. The cost of recruiting a Companion is reduced by 1 card to a minimum of
    zero.'"""
    game = cc_game()
    at(game, INN)
    stack(game, "companion", "event-bar-fight", "companion-torgg")
    game.execute("recruit", {"count": 2})
    assert game.state["heroes"]["1"]["life"] == 4
    act(game, "hire", {"companion": "companion-torgg", "cost_colour": "red", "cost_cards": 1,
                       "cards": []})  # fmt: skip
    assert game.state["heroes"]["1"]["companions"] == ["companion-torgg"]


def test_darkness_spreads_a_card_resolved_in_full_besides_the_night() -> None:
    """'Reveal a Darkness Spreads card and perform all of the actions on the card. This does not
    replace the normal Night Phase of Darkness Spreads. Shuffle the Companion Cards.' The card:
    Blood Flats 1 Demon, Bounty Bay 1 Dragonkin; Gorgutt to Amarak Peak with 2 Orcs."""
    game = cc_game()
    at(game, INN)
    card = "ds-blood-flats-bounty-bay"
    stack(game, "darkness_spreads", card)
    stack(game, "companion", "event-darkness-spreads")
    act(game, "recruit", {"count": 1})
    board = game.state["board"]
    assert board["blood-flats"]["minions"]["red"] == 1
    assert board["bounty-bay"]["minions"]["blue"] == 1
    assert game.state["generals"]["gorgutt"]["location"] == "amarak-peak"
    assert board["amarak-peak"]["minions"]["green"] == 2
    assert game.state["decks"]["darkness_spreads"]["discard"][-1] == card
    assert game.state["turn"]["active_seat"] == "1"  # the Night has not happened
    assert_decks_conserved(game)
