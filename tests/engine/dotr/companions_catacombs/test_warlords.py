"""CC rule 3, Warlords: placement by War Status (Early: locations with 3 Minions; Mid and Late:
2 or 3, nearest Monarch City first, while tokens last); +1 to hit; gone when cleared."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.dragon.minions import to_hit
from tests.helpers import ENTERED, act, arrange, at, refused, set_war_level, stack

from . import cc_game, put


def warlords(game: GameLog) -> dict[str, int]:
    return {loc: s["warlords"] for loc, s in game.state["board"].items() if s["warlords"]}


def reveal_warlords(game: GameLog) -> None:
    at(game, "chimera-inn")
    stack(game, "companion", "event-warlords")
    act(game, "recruit", {"count": 1})


def test_warlord_placement_in_the_early_war() -> None:
    """'IN THE EARLY WAR: Add a Warlord to any location that has 3 Minions.'"""
    game = cc_game()
    put(game, "thorny-woods", orcs=3)
    put(game, "angel-tear-falls", undead=2, orcs=1)
    put(game, "bounty-bay", dragonkin=2)
    reveal_warlords(game)
    assert warlords(game) == {"angel-tear-falls": 1, "thorny-woods": 1}
    assert game.state["supply"]["warlords"] == 8


def test_warlord_placement_in_the_late_war_nearest_monarch_city_while_tokens_last() -> None:
    """'IN THE MID AND LATE WAR: Add a Warlord to any location that has 2 or 3 Minions, not to
    exceed Warlord tokens provided, starting with locations nearest Monarch City and working
    outward.' Bounty Bay is 1 road from the City, Angel Tear Falls 2, Thorny Woods 4."""
    game = cc_game()
    set_war_level(game, 3)
    put(game, "thorny-woods", orcs=2)
    put(game, "angel-tear-falls", undead=3)
    put(game, "bounty-bay", dragonkin=2)
    put(game, "blood-flats", demons=1)
    arrange(game, ("supply", "warlords", 2))
    reveal_warlords(game)
    assert warlords(game) == {"bounty-bay": 1, "angel-tear-falls": 1}
    assert game.state["supply"]["warlords"] == 0


def test_warlords_tied_at_one_distance_the_table_picks() -> None:
    """Setting warlord_ties: the rulebook orders by distance only."""
    game = cc_game()
    set_war_level(game, 1)
    put(game, "bounty-bay", dragonkin=2)
    put(game, "wolf-pass", orcs=2)
    arrange(game, ("supply", "warlords", 1))
    reveal_warlords(game)
    assert warlords(game) == {}
    assert game.state["pending"][0]["options"] == ["bounty-bay", "wolf-pass"]
    assert refused(game, "night", {}, "pending_choice") == "First choose where the Warlords go."
    act(game, "place_warlords", {"locations": ["Wolf Pass"]})
    assert warlords(game) == {"wolf-pass": 1} and not game.state["pending"]
    alphabetical = cc_game(options={"warlord_ties": "alphabetical"})
    set_war_level(alphabetical, 1)
    put(alphabetical, "bounty-bay", dragonkin=2)
    put(alphabetical, "wolf-pass", orcs=2)
    arrange(alphabetical, ("supply", "warlords", 1))
    reveal_warlords(alphabetical)
    assert warlords(alphabetical) == {"bounty-bay": 1}


def test_a_warlord_leaves_when_its_location_is_cleared() -> None:
    """'The Warlords cannot be attacked. When all Minions in their location are defeated, the
    Warlord token is removed from the board.'"""
    game = cc_game()
    put(game, "thorny-woods", orcs=3)
    reveal_warlords(game)
    act(game, "defeat_minions", {"location": "thorny-woods", "minions": {"green": 2}})
    assert warlords(game) == {"thorny-woods": 1}
    outcome = act(game, "defeat_minions", {"location": "thorny-woods", "minions": {"green": 1}})
    assert outcome.events[-1].type == "warlord_removed"
    assert warlords(game) == {} and game.state["supply"]["warlords"] == 10


def test_a_warlord_adds_1_to_hit_every_minion_there() -> None:
    """'A Warlord [...] adds +1 to hit every minion there': 3 Orcs (a 3 to hit) need a 4."""
    game = cc_game()
    put(game, "thorny-woods", orcs=3)
    put(game, "wolf-pass", orcs=3)
    reveal_warlords(game)
    assert to_hit(game.state, "green", "thorny-woods") == 4
    assert to_hit(game.state, "green", "greenleaf-village") == 3
    at(game, "thorny-woods")
    act(game, "attack_minions", {"rolls": [3, 3, 3]})
    assert game.state["board"]["thorny-woods"]["minions"]["green"] == 3
    assert warlords(game)["thorny-woods"] == 1
    # A 4 hits, and the cleared location loses its Warlord (no defeat_minions needed).
    outcome = act(game, "attack_minions", {"rolls": [4, 4, 4]})
    assert game.state["board"]["thorny-woods"]["minions"]["green"] == 0
    assert outcome.events[-1].type == "warlord_removed"
    assert warlords(game) == {"wolf-pass": 1} and game.state["supply"]["warlords"] == 9


def test_a_warlord_leaves_when_a_slayer_clears_its_location() -> None:
    """DX: a Slayer of the Imps slays them by entering: the emptied location loses its Warlord."""
    game = cc_game(
        expansions=("companions_catacombs", "dragon"),
        generals={"green": "hemlock"},
        overlays={"dotr-dragon": ENTERED},
        options={"dragon_darkness_spreads": "entered_only"},
    )
    act(game, "wound_general", {"general": "hemlock", "wounds": 6})
    act(game, "become_slayer", {"general": "hemlock"})
    put(game, "thorny-woods", orcs=3)
    reveal_warlords(game)
    assert warlords(game) == {"thorny-woods": 1}
    at(game, "dark-woods")
    outcome = act(game, "move_hero", {"location": "thorny-woods"})
    assert [e.type for e in outcome.events][-2:] == ["imps_slain", "warlord_removed"]
    assert warlords(game) == {} and game.state["supply"]["warlords"] == 10
