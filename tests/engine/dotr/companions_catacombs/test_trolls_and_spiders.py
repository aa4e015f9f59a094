"""CC rule 4, Trolls and Giant Spiders: they count as Minions; one added where 3 Minions stand
taints the location and overruns its Minions, and goes to an overrun location the table picks.
Troll Slayers (Dwarf, Barbarian, Paladin, Adventurer) re-roll once."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from tests.helpers import act, at, refused, stack

from . import cc_game, put


def troll_renegades(game: GameLog, hero_card: str = "hero-unicorn-forest-1") -> None:
    at(game, "chimera-inn")
    stack(game, "hero", hero_card)
    stack(game, "companion", "event-troll-renegades")
    game.execute("recruit", {"count": 1})


def test_a_troll_added_where_3_minions_stand_taints_overruns_and_goes_where_the_table_picks() -> (
    None
):
    """Troll Renegade: 'If adding a Troll to a location that already has 3 Minions, the location
    Taints and the Minions on that location overrun to each adjacent location. The Troll may be
    placed on any of the overrun locations.' Mountains of Mist neighbours Greenleaf Village,
    Land of Amazons and Withered Hills."""
    game = cc_game()
    put(game, "mountains-of-mist", orcs=2, demons=1)
    troll_renegades(game)
    board = game.state["board"]
    assert board["mountains-of-mist"]["taint"] == 1 and board["mountains-of-mist"]["trolls"] == 0
    for neighbour in ("greenleaf-village", "land-of-amazons", "withered-hills"):
        assert board[neighbour]["minions"]["green"] == 1 and board[neighbour]["minions"]["red"] == 1
    choice = game.state["pending"][0]
    assert choice["type"] == "token_destination" and choice["token"] == "trolls"
    assert refused(game, "night", {}, "pending_choice") == "First choose where the Troll goes."
    refused(game, "place_token", {"location": "thorny-woods"}, "not_an_overrun_location")
    act(game, "place_token", {"location": "Withered Hills"})
    assert game.state["board"]["withered-hills"]["trolls"] == 1
    assert game.state["board"]["unicorn-forest"]["trolls"] == 1
    assert not game.state["pending"]


def test_trolls_and_giant_spiders_count_as_minions() -> None:
    """'Trolls count as a Minion on the location'; 'Giant Spiders count as a Minion'. Blood Flats
    with 2 Orcs and a Troll: the Demon of the card is the 4th minion, an overrun."""
    game = cc_game()
    put(game, "blood-flats", orcs=2, trolls=1)
    stack(game, "darkness_spreads", "ds-blood-flats-bounty-bay")
    game.execute("night", {"skip_evening": True})
    assert game.state["board"]["blood-flats"]["taint"] == 1
    assert game.state["board"]["blood-flats"]["minions"]["red"] == 0


def test_troll_slayers_reroll_once() -> None:
    """'To attack a Troll, spend 1 Action and roll 3 Dice. Doubles successfully defeats a Troll.'
    'TROLL SLAYERS: The Dwarf ... may re-roll any number of dice on their Attack on a Troll, one
    time.'"""
    game = cc_game("Dwarf")
    put(game, "monarch-city", trolls=1)
    act(game, "attack_troll", {"rolls": [1, 2, 3]})
    assert game.state["pending"][0]["type"] == "troll_attack"
    act(game, "reroll_troll", {"dice": [2], "rolls": [1]})
    assert game.state["board"]["monarch-city"]["trolls"] == 0
    assert game.state["supply"]["trolls"] == 6
    assert game.state["heroes"]["1"]["life"] == 5


def test_a_failed_troll_attack_costs_a_wound_unless_armour_blocks_it() -> None:
    """'Each Attack that the Troll is not defeated, the attacking Hero suffers 1 wound (the wound
    may be blocked by Armor).' The Wizard is no Troll Slayer."""
    game = cc_game("Wizard")
    put(game, "monarch-city", trolls=1)
    act(game, "attack_troll", {"rolls": [1, 2, 3]})
    assert game.state["heroes"]["1"]["life"] == 4 and not game.state.get("pending")
    act(game, "attack_troll", {"rolls": [4, 5, 6], "armour": True})
    assert game.state["heroes"]["1"]["life"] == 4
    act(game, "attack_troll", {"rolls": [6, 2, 6]})
    assert game.state["board"]["monarch-city"]["trolls"] == 0


def test_giant_spiders_are_slain_on_4_and_their_webs_cost_an_extra_action() -> None:
    """'You need a 4+ to slay a Giant Spider.' WEBS: 'Heroes must spend an extra Action to enter
    a Location with a Giant Spider ... Flight ... not affected'."""
    game = cc_game()
    put(game, "bounty-bay", spiders=1)
    outcome = act(game, "move_hero", {"location": "Bounty Bay"})
    assert outcome.events[-1].type == "webs"
    assert "extra Action" in outcome.events[-1].steps[0]["text"]
    act(game, "slay_spiders", {"count": 1})
    assert game.state["board"]["bounty-bay"]["spiders"] == 0
    assert game.state["supply"]["spiders"] == 6
    refused(game, "slay_spiders", {"count": 1}, "no_spiders_here")


def test_the_place_of_a_troll_is_offered_among_the_overrun_locations_only() -> None:
    """'The Troll may be placed on any of the overrun locations': the phone lists those three,
    by name, never the board's 45."""
    from deck_tracker.engine import describe_commands

    game = cc_game()
    put(game, "mountains-of-mist", orcs=2, demons=1)
    troll_renegades(game)
    listed = {a["type"]: a for a in describe_commands(game.state, "1", hidden=frozenset())}
    offered = listed["place_token"]["args"]["properties"]["location"]["oneOf"]
    assert sorted(choice["title"] for choice in offered) == [
        "Greenleaf Village",
        "Land of Amazons",
        "Withered Hills",
    ]
