"""2. Brimstone's Dragon Flight and fire (DX 'Brimstone', 'Fire Elementals', 'Putting Out
Fires')."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.game import GameLog
from tests.helpers import crystals, give, minions, on_top, realm, set_war_level, stand, total

from . import dragon_table, empty

WOLF_PASS = "dx-brimstone-wolf-pass"


def brimstone(**options: object) -> GameLog:
    log = dragon_table({"red": "brimstone"}, **options)
    empty(log)
    return log


def night(log: GameLog, *cards: str) -> list[dict]:
    on_top(log.state, *cards)
    before = len(log.events)
    log.execute("night", {"skip_evening": True})
    return [e.data for e in log.events[before:] if e.type == "darkness_spreads_card"]


def test_dragon_flight_brimstone_lands_where_his_card_shows_and_sets_it_on_fire() -> None:
    """DX: "a Location will appear with the Dragon Flight icon identifying that the Red Dragon
    immediately moves to that location ... he can move all over the board. When he moves, as
    soon as he lands, he sets the location On Fire - placing one of the 10 Fire Tokens"."""
    log = brimstone()
    assert log.state["supply"]["fire"] == 10
    night(log, WOLF_PASS)  # Fire River to Wolf Pass: no path joins them
    state = log.state
    assert state["generals"]["brimstone"]["location"] == "wolf-pass"
    assert state["board"]["wolf-pass"]["fire"] == 1 and state["supply"]["fire"] == 9
    assert minions(state, "blood-flats")["blue"] == 1  # the card's placements as usual
    rules = [s["rule"] for e in log.events if e.type == "darkness_spreads_card" for s in e.steps]
    assert any(r.startswith("Dragon Flight") for r in rules)


def test_dragon_flight_a_general_only_card_moves_him_too() -> None:
    """DX: "The Red Dragon General will always move when his icon is activated"."""
    log = brimstone()
    set_war_level(log, 1)  # Mid War: the 2nd card only moves its General
    cards = night(log, "ds-all-is-quiet-1", WOLF_PASS)
    assert cards[1]["general_only"] is True
    assert log.state["generals"]["brimstone"]["location"] == "wolf-pass"
    assert total(log.state, "blood-flats") == 0


def test_fire_at_most_one_token_per_location() -> None:
    """DX: "There is a limit of 1 Fire Token per location"."""
    log = brimstone()
    night(log, WOLF_PASS)
    night(log, "dx-brimstone-mermaid-harbor")
    night(log, WOLF_PASS)
    assert log.state["board"]["wolf-pass"]["fire"] == 1
    assert log.state["supply"]["fire"] == 8


def test_fire_three_fire_elementals_set_a_location_on_fire() -> None:
    """DX: "Fire Elementals are magical living flames that will set a location On Fire when 3
    are present"."""
    state = brimstone().state
    board = realm(state)
    board.place("red", 2, "windy-pass")
    assert not state["board"]["windy-pass"]["fire"]
    board.place("red", 1, "windy-pass")
    assert state["board"]["windy-pass"]["fire"] == 1 and state["supply"]["fire"] == 9


def test_fire_a_location_on_fire_taints_with_three_minions_of_any_type() -> None:
    """DX: "When a location is On Fire, it now only takes 3 of any Minion type present to Taint
    the location" (a taint without an overrun)."""
    state = brimstone().state
    state["board"]["windy-pass"]["fire"] = 1
    state["supply"]["fire"] -= 1
    board = realm(state)
    board.place("green", 2, "windy-pass")
    assert crystals(state, "windy-pass") == 0
    board.place("blue", 1, "windy-pass")
    assert crystals(state, "windy-pass") == 1
    assert board.overruns == 0 and total(state, "windy-pass") == 3


def test_fire_three_of_a_kind_setting_needs_three_of_one_type() -> None:
    state = brimstone(fire_taint="three_of_a_kind").state
    state["board"]["windy-pass"]["fire"] = 1
    board = realm(state)
    board.place("green", 2, "windy-pass")
    board.place("blue", 1, "windy-pass")
    assert crystals(state, "windy-pass") == 0


def test_fire_entering_a_burning_location_costs_two_actions() -> None:
    log = brimstone()
    night(log, WOLF_PASS)
    log.execute("move_hero", {"location": "wolf-pass"})
    entered = [e for e in log.events if e.type == "entered_fire"]
    assert entered and "2 actions" in entered[0].steps[0]["text"]


@pytest.mark.parametrize("hero", ["paladin", "rogue"])
def test_fire_ending_a_turn_there_costs_one_wound_armor_and_hiding_do_not_stop_it(
    hero: str,
) -> None:
    """DX: "any Hero ending their turn in a location On Fire suffers 1 wound due to fire damage.
    Fire wounds are not blocked by armor or special abilities like Hiding in the Shadows"."""
    log = dragon_table({"red": "brimstone"}, hero=hero)
    empty(log)
    night(log, WOLF_PASS)
    stand(log.state, "1", "wolf-pass")
    life = log.state["heroes"]["1"]["life"]
    with pytest.raises(RuleViolation) as waiting:
        log.execute("end_turn")
    assert waiting.value.code == "dangers_pending"
    log.execute("turn_end_dangers")
    assert log.state["heroes"]["1"]["life"] == life - 1
    log.execute("end_turn")  # the evening follows


def test_put_out_fires_a_four_or_more_on_either_die_puts_it_out() -> None:
    """DX: "spending 1 Action to discard a Hero Card matching the color of the location On
    Fire. Roll 2 Dice - a roll of 4+ on either die extinguishes the fire and removes the Fire
    Token from the board, returning it to the surplus Fire Tokens"."""
    log = brimstone()
    night(log, WOLF_PASS)
    state = log.state
    stand(state, "1", "wolf-pass")
    give(state, "1", "hero-wolf-pass-1", "hero-wolf-pass-2", "hero-blood-flats-1")
    with pytest.raises(RuleViolation) as wrong:
        log.execute("put_out_fire", {"card": "hero-blood-flats-1", "rolls": [6, 6]})
    assert wrong.value.code == "wrong_card"  # Blood Flats is red, Wolf Pass blue
    log.execute("put_out_fire", {"card": "hero-wolf-pass-1", "rolls": [1, 3]})
    assert state["board"]["wolf-pass"]["fire"] == 1
    assert "hero-wolf-pass-1" in state["decks"]["hero"]["discard"]
    assert "put_out_fire_failed" in [e.type for e in log.events[-3:]]
    log.execute("put_out_fire", {"card": "hero-wolf-pass-2", "rolls": [2, 4]})
    assert state["board"]["wolf-pass"]["fire"] == 0 and state["supply"]["fire"] == 10
    assert "fire_put_out" in [e.type for e in log.events[-3:]]


def test_brimstone_activated_with_all_fires_placed_takes_monarch_city() -> None:
    """DX: "When Brimstone is activated to move and all 10 of the Fire Tokens are on the board,
    Brimstone automatically attacks Monarch City and defeats the Heroes and the Realm."""
    log = brimstone()
    state = log.state
    burning = [loc for loc, space in state["board"].items() if space["minions"] is not None][:10]
    for loc in burning:
        state["board"][loc]["fire"] = 1
    state["supply"]["fire"] = 0
    night(log, "dx-brimstone-crystal-hills")
    assert state["outcome"]["result"] == "lost"
    assert "Fire Token" in state["outcome"]["reason"]
    assert state["generals"]["brimstone"]["location"] == "fire-river"
    assert log.events[-1].type == "game_lost"


def test_the_fire_tokens_setting_follows_the_rules_10_or_the_component_list_8() -> None:
    assert brimstone().state["supply"]["fire"] == 10
    assert brimstone(fire_tokens=8).state["supply"]["fire"] == 8
    assert "fire" not in dragon_table().state["supply"]  # Balazarg plays red: no fire
