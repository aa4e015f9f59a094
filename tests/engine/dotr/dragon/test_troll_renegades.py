"""11. Troll Renegades (DX 'Renegade Troll Rules'); the tokens and the attack are shared with
Companions & Catacombs (board_tokens.py)."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from tests.helpers import crystals, put, realm, stand

from . import dragon_table, empty


def trolls(hero: str = "wizard") -> GameLog:
    log = dragon_table(troll_renegades=True, hero=hero)
    empty(log)
    log.execute("place_troll", {"location": "windy-pass"})
    stand(log.state, "1", "windy-pass")
    return log


def test_troll_renegades_a_troll_counts_as_a_minion() -> None:
    """DX: "Trolls count as 1 Minion on their location" (a 4th minion with 3 others)."""
    log = trolls()
    state = log.state
    assert state["supply"]["trolls"] == 7 and state["board"]["windy-pass"]["trolls"] == 1
    put(state, "windy-pass", demons=2)
    realm(state).place("green", 1, "windy-pass")  # 1 Troll + 2 + 1: the 4th minion overruns
    assert crystals(state, "windy-pass") == 1


def test_troll_renegades_three_dice_doubles_kill_it_a_miss_costs_a_wound() -> None:
    """DX: "To Attack Troll Renegades roll 3 Dice ... you must roll doubles of any number";
    "Attacks that fail to defeat the Troll result in a single wound to the hero that may be
    blocked by Armor (Paladin, Dwarf) or avoided by the Eagle Rider if in the air."""
    log = trolls()
    life = log.state["heroes"]["1"]["life"]
    log.execute("attack_troll", {"rolls": [1, 2, 3]})
    assert log.state["heroes"]["1"]["life"] == life - 1
    log.execute("attack_troll", {"rolls": [1, 3, 3]})
    assert log.state["board"]["windy-pass"]["trolls"] == 0
    assert log.state["supply"]["trolls"] == 8


def test_troll_renegades_armor_or_flight_blocks_the_wound() -> None:
    log = trolls(hero="eagle-rider")  # in the air: the wound is avoided, as armor blocks it
    life = log.state["heroes"]["1"]["life"]
    log.execute("attack_troll", {"rolls": [1, 2, 3], "armour": True})
    assert log.state["heroes"]["1"]["life"] == life


def test_troll_renegades_the_dwarf_and_paladin_may_re_roll() -> None:
    """DX: "The Dwarf and Paladin are natural Troll Slayers and may re-roll some or all dice"."""
    log = trolls(hero="dwarf")
    log.execute("attack_troll", {"rolls": [1, 2, 3]})
    assert log.state["pending"][0]["type"] == "troll_attack"
    log.execute("reroll_troll", {"dice": [2], "rolls": [2], "armour": True})
    assert log.state["board"]["windy-pass"]["trolls"] == 0
