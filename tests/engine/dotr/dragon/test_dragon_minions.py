"""3. The dragons' minions: Zealots, Imps, Dragon Masters, Fire Elementals (DX)."""

from __future__ import annotations

import pytest

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.dragon.minions import assign_hits, to_hit
from tests.helpers import give, minions, put, read_all, realm, stand, total

from . import dragon_table, empty

FOUR_DRAGONS = {
    "red": "brimstone",
    "black": "onyx",
    "green": "hemlock",
    "blue": "high-dragon-sapphire",
}


def at(log: GameLog, location: str, **counts: int) -> None:
    """Put minions (by colour) on ``location`` from the supply."""
    state = log.state
    for colour, count in counts.items():
        state["board"][location]["minions"][colour] += count
        state["supply"]["minions"][colour] -= count


def test_dragon_masters_need_a_6_with_four_dragons_and_a_5_with_three() -> None:
    """DX: "If all 4 Generals are Dragons, the player would need to roll a 6 in battle to defeat
    a Dragon Master. If 3 Dragons are active, a 5+ would be needed"."""
    log = dragon_table(FOUR_DRAGONS, dragon_darkness_spreads="one_for_one")
    read_all(log)
    empty(log)
    assert to_hit(log.state, "blue") == 6
    stand(log.state, "1", "greenleaf-village")
    at(log, "greenleaf-village", blue=1)
    log.execute("attack_minions", {"rolls": [5]})
    assert minions(log.state, "greenleaf-village")["blue"] == 1  # a 5 misses with 4 dragons
    log.execute("wound_general", {"general": "onyx", "wounds": 6})  # 3 dragons left
    assert to_hit(log.state, "blue") == 5
    log.execute("attack_minions", {"rolls": [5]})
    assert minions(log.state, "greenleaf-village")["blue"] == 0


def test_zealots_berserk_the_rogue_against_3_zealots() -> None:
    """DX example: "The Rogue attacks 3 Zealots and rolls 3 dice getting a 2, 2, 5 - defeating
    1. She now suffers 1 wound to the Berserk skill because 2 Zealots remain. She attacks again
    with her final action (brave little Rogue) rolling a 1, 3 - both misses. She again suffers 1
    wound from the Berserk skill and would suffer 2 more wounds, but uses her skill Hide in the
    Shadows and therefore takes no additional wounds."""
    log = dragon_table({"black": "onyx"}, hero="rogue")
    empty(log)
    stand(log.state, "1", "enchanted-glade")
    at(log, "enchanted-glade", black=3)
    life = log.state["heroes"]["1"]["life"]
    log.execute("attack_minions", {"rolls": [2, 2, 5]})
    assert minions(log.state, "enchanted-glade")["black"] == 2
    assert log.state["heroes"]["1"]["life"] == life - 1
    log.execute("attack_minions", {"rolls": [1, 3]})
    assert minions(log.state, "enchanted-glade")["black"] == 2
    assert log.state["heroes"]["1"]["life"] == life - 2
    log.execute("turn_end_dangers")
    assert log.state["heroes"]["1"]["life"] == life - 2  # hidden from the end-of-turn wounds
    rules = [s["rule"] for e in log.events for s in e.steps]
    assert any(r.startswith("Zealots, Berserk") for r in rules)
    assert any(r.startswith("The Rogue, Hide in the Shadows") for r in rules)


def test_zealots_berserk_armor_blocks_each_round_and_one_at_the_end_of_the_turn() -> None:
    """DX: "Heroes that have armor protection can block the wound each round, as well as 1 at
    the end of the turn if in a space with the minions." """
    log = dragon_table({"black": "onyx"}, hero="paladin")
    empty(log)
    stand(log.state, "1", "enchanted-glade")
    at(log, "enchanted-glade", black=3)
    life = log.state["heroes"]["1"]["life"]
    log.execute("attack_minions", {"rolls": [6, 1, 1]})
    assert log.state["heroes"]["1"]["life"] == life
    log.execute("turn_end_dangers")
    assert log.state["heroes"]["1"]["life"] == life - 1  # 2 Zealots, armor ignores 1


def test_zealots_the_cleric_adds_one_against_them() -> None:
    """DX: "the Cleric adds +1 to each die rolled in combat with Zealots"."""
    log = dragon_table({"black": "onyx"}, hero="cleric")
    empty(log)
    stand(log.state, "1", "enchanted-glade")
    at(log, "enchanted-glade", black=1)
    log.execute("attack_minions", {"rolls": [3]})
    assert minions(log.state, "enchanted-glade")["black"] == 0


def test_imps_quick_flying_next_to_a_location_that_already_has_an_imp() -> None:
    """DX: "each time 1 Imp is placed, the Quick Flying skill will cause 1 Imp to be placed in
    each adjacent location that does not currently have an Imp on it, similar to an overrun."""
    log = dragon_table({"green": "hemlock"})
    state = empty(log)
    put(state, "ancient-ruins", orcs=1)  # an Imp already there ('orcs' are the green figures)
    realm(state).place("green", 1, "greenleaf-village")
    assert minions(state, "greenleaf-village")["green"] == 1
    assert minions(state, "ancient-ruins")["green"] == 1  # already had one: none added
    for neighbour in ("bounty-bay", "dancing-stone", "mountains-of-mist"):
        assert minions(state, neighbour)["green"] == 1
    assert minions(state, "monarch-city")["green"] == 1
    # Like an overrun, the Imps that flew in do not fly on.
    assert total(state, "wolf-pass") == 0 and total(state, "blizzard-mountains") == 0


def test_imps_mischievous_a_random_hero_card_per_imp_instead_of_wounds() -> None:
    """DX: "Heroes lose 1 Random Hero Card rather than take wounds for each Imp at the location
    in which the Heroes end their turn" (the app draws them at random)."""
    log = dragon_table({"green": "hemlock"}, hero="wizard")
    empty(log)
    stand(log.state, "1", "heavens-glade")
    at(log, "heavens-glade", green=2)
    give(log.state, "1", "hero-wolf-pass-1", "hero-wolf-pass-2", "hero-blood-flats-1")
    hand = list(log.state["decks"]["hero"]["hands"]["1"])
    life = log.state["heroes"]["1"]["life"]
    log.execute("turn_end_dangers")
    after = log.state["decks"]["hero"]["hands"]["1"]
    lost = log.events[-1].data["cards_lost"]
    assert len(lost) == 2 and set(lost) <= set(hand) and len(after) == len(hand) - 2
    assert set(lost) <= set(log.state["decks"]["hero"]["discard"])
    assert log.state["heroes"]["1"]["life"] == life


@pytest.mark.parametrize(("hero", "sky"), [("dwarf", False), ("eagle-rider", True)])
def test_imps_mischievous_armor_and_the_eagle_rider_in_the_air_prevent_it(
    hero: str, sky: bool
) -> None:
    """FAQ: "Heroes that have armor protection from Minion wounds also are protected from Imps
    stealing their cards. The Eagle Rider when his combat style is Flying is also protected"."""
    log = dragon_table({"green": "hemlock"}, hero=hero)
    empty(log)
    stand(log.state, "1", "heavens-glade")
    at(log, "heavens-glade", green=2)
    hand = list(log.state["decks"]["hero"]["hands"]["1"])
    log.execute("turn_end_dangers", {"sky_attack": sky})
    assert log.state["decks"]["hero"]["hands"]["1"] == hand


def test_imps_hemlocks_slayer_clears_imps_by_entering() -> None:
    """DX: "The Hero merely needs to move into a location with 1 or more Imps to slay them (no
    combat action is necessary)."""
    log = dragon_table({"green": "hemlock"})
    empty(log)
    log.execute("wound_general", {"general": "hemlock", "wounds": 6})
    log.execute("become_slayer", {"general": "hemlock"})
    at(log, "greenleaf-village", green=2, black=1)
    log.execute("move_hero", {"location": "greenleaf-village"})
    assert minions(log.state, "greenleaf-village") == {
        "green": 0,
        "black": 1,
        "red": 0,
        "blue": 0,
    }
    assert any(e.type == "imps_slain" for e in log.events)


def test_fire_elementals_need_a_4() -> None:
    log = dragon_table({"red": "brimstone"})
    empty(log)
    assert to_hit(log.state, "red") == 4
    stand(log.state, "1", "windy-pass")
    at(log, "windy-pass", red=2)
    log.execute("attack_minions", {"rolls": [3, 4]})
    assert minions(log.state, "windy-pass")["red"] == 1


def test_combat_each_die_defeats_the_hardest_minion_it_reaches() -> None:
    assert sorted(assign_hits([5, 3], [("blue", 5), ("green", 3)])) == ["blue", "green"]
    assert assign_hits([4], [("blue", 5), ("green", 3)]) == ["green"]
    assert assign_hits([2, 2], [("green", 3)]) == []
