"""8. All is Quiet removal; 9. New Quests and New Special Hero Cards; 10. 5 and 6 players;
12. Royal Blessing tokens (DX)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import ENTERED, give

from . import DS, dragon_table

QUEST = "quest"
SCOUT_VARKOLAK = "quest-scout-the-general-varkolak"


def _kinds(state: dict, deck: str, pile: str = "draw") -> Counter[str]:
    return Counter(game_cards(state)[c].kind for c in state["decks"][deck][pile])


def test_all_is_quiet_removed_by_default_with_the_expansion_kept_on_request() -> None:
    """DX: "It is recommended that the All is Quiet Cards be removed from the Darkness Spreads
    Deck. If you want an easier game, leave them in"."""
    state = dragon_table().state
    assert _kinds(state, DS)["all_is_quiet"] == 0
    assert _kinds(state, DS, "box")["all_is_quiet"] == 4  # the base game's 3, the expansion's 1
    assert _kinds(dragon_table(all_is_quiet=True).state, DS)["all_is_quiet"] == 4


def test_new_quests_a_quest_whose_target_is_not_in_the_game_is_discarded_and_replaced() -> None:
    """DX: "If a Quest surfaces that cannot be achieved because the focus of the quest is not in
    the game ... the quest is simply discarded with no effect and a new one drawn." """
    log = dragon_table({"black": "onyx"})
    state = log.state
    deck = state["decks"][QUEST]
    deck["draw"] = [c for c in deck["draw"] if c != SCOUT_VARKOLAK] + [SCOUT_VARKOLAK]
    held = list(state["heroes"]["1"]["quests"])
    log.execute("draw_quest")
    assert SCOUT_VARKOLAK in state["decks"][QUEST]["discard"]
    assert SCOUT_VARKOLAK not in state["heroes"]["1"]["quests"]
    assert len(state["heroes"]["1"]["quests"]) == len(held) + 1
    assert any(e.type == "quests_replaced" for e in log.events)


def test_new_quests_all_twelve_join_the_deck_and_follow_their_general() -> None:
    """DX 'New Quests': "Players should take the 12 new Quest Cards and shuffle them into the
    Quest Deck the first time they play using the Dragon Expansion, regardless of any other
    components they may choose to use in the game." All 12, entered or not."""
    entered = copy.deepcopy(ENTERED)
    prefix = "decks/quest/dx-quest-1/data"
    entered["values"] |= {
        f"{prefix}.title": "Scout the Black Dragon",
        f"{prefix}.test": "Spend an action where Onyx stands.",
        f"{prefix}.reward": "Draw 2 Hero Cards.",
        f"{prefix}.location_rule": "general_location",
        f"{prefix}.general": "onyx",
    }
    with_onyx = dragon_table({"black": "onyx"}, entered=entered).state
    quests = [*with_onyx["decks"][QUEST]["draw"], *with_onyx["heroes"]["1"]["quests"]]
    assert {f"dx-quest-{n}" for n in range(1, 13)} <= set(quests)
    assert len(quests) == 24 + 12  # the base game's 24 Quests and the 12 new ones
    log = dragon_table(entered=entered)  # Varkolak plays: that Quest cannot be achieved
    deck = log.state["decks"][QUEST]
    deck["draw"] = [c for c in deck["draw"] if c != "dx-quest-1"] + ["dx-quest-1"]
    log.execute("draw_quest")
    assert "dx-quest-1" in log.state["decks"][QUEST]["discard"]


def test_new_special_hero_cards_six_dealt_to_the_box_unseen_the_rest_in_the_hero_deck() -> None:
    """DX: "combine them with the 6 New Special Hero Cards. Once all the Special Hero Cards are
    shuffled, deal 6 into the box without looking at them. Now shuffle the remaining Special
    Hero Cards into the Hero Deck." The table owns the 6 new cards whether or not their text is
    entered: 22 Specials, 6 boxed, 16 in play (11 with 6 players, 5 more boxed)."""
    entered = copy.deepcopy(ENTERED)
    for n in (1, 2):
        prefix = f"decks/hero/dx-special-{n}/data"
        entered["values"] |= {
            f"{prefix}.title": f"New Special {n}",
            f"{prefix}.summary": "Entered for the test.",
            f"{prefix}.dice": 2,
        }
    for state in (dragon_table(entered=entered).state, dragon_table().state):
        boxed = _kinds(state, "hero", "box")["special"]
        hero = state["decks"]["hero"]
        in_play = [*hero["draw"], *hero["hands"]["1"]]
        specials = Counter(game_cards(state)[c].kind for c in in_play)["special"]
        assert (boxed, specials) == (6, 16)
        assert {c for c in game_cards(state) if c.startswith("dx-special-")} == {
            f"dx-special-{n}" for n in range(1, 7)
        }
    six = dragon_table(player_count=6).state
    hero = six["decks"]["hero"]
    in_play = [*hero["draw"], *(c for hand in hero["hands"].values() for c in hand)]
    assert Counter(game_cards(six)[c].kind for c in in_play)["special"] == 11


def test_an_unentered_new_special_is_a_card_read_from_the_physical_card() -> None:
    """An unentered slot is still a card of the deck: its name says so, and drawn, the step
    tells the table to read the physical card and carry it out."""
    log = dragon_table()
    card = game_cards(log.state)["dx-special-3"]
    assert card.name.endswith("(not yet entered: read the physical card)")
    hero = log.state["decks"]["hero"]
    pile = [c for c in hero["draw"] if c != "dx-special-3"]
    box = [c for c in hero["box"] if c != "dx-special-3"]
    log.state["decks"]["hero"] = {**hero, "draw": [*pile, "dx-special-3"], "box": box}
    outcome = log.execute("end_turn", {"count": 1})
    assert "dx-special-3" in log.state["decks"]["hero"]["hands"]["1"]
    texts = [s["text"] for s in outcome.events[0].steps]
    assert any("is not entered in the app" in t and "read it and carry it out" in t for t in texts)


def test_five_players_no_all_is_quiet_random_heroes_one_card_hand_limit_8() -> None:
    """DX Rules for 5 Players: no All Is Quiet; "Shuffle Heroes and deal 1 to each player";
    "Players start with 1 Hero Card rather than 2"; "Maximum Hand Size ... is now 8"."""
    log = dragon_table(player_count=5, hero="wizard")
    state = log.state
    assert _kinds(state, DS)["all_is_quiet"] == 0
    assert len(state["decks"]["hero"]["hands"]["1"]) == 1
    heroes = {
        dragon_table(player_count=5, hero="wizard", seed=seed).state["heroes"]["1"]["hero"]
        for seed in "abcdefgh"
    }
    assert len(heroes) > 1  # dealt at random, whatever was asked
    log.execute("join", {"name": "Bea", "hero": "rogue"}, actor=None)
    assert state["heroes"]["2"]["hero"] != state["heroes"]["1"]["hero"]
    give(state, "1", *[c for c in state["decks"]["hero"]["draw"][:8]])
    log.execute("end_turn", {"count": 0})
    owed = [p for p in state["pending"] if p["type"] == "hand_limit"]
    assert owed == [{"type": "hand_limit", "seat": "1", "discard": 1}]


def test_six_players_no_starting_cards_hand_limit_7_five_more_specials_removed() -> None:
    """DX Rules for 6 Players: "Shuffle all Special cards and remove 5 randomly"; "Players start
    with zero Hero Cards"; "Maximum Hand Size for Hero Cards is now 7"."""
    state = dragon_table(player_count=6).state
    assert state["decks"]["hero"]["hands"]["1"] == []
    assert _kinds(state, "hero", "box")["special"] == 11  # setting six_player_specials
    assert _kinds(dragon_table(player_count=6, six_player_specials="instead").state, "hero",
                  "box")["special"] == 5  # fmt: skip


def test_royal_blessing_tokens_are_counted_and_each_use_recorded() -> None:
    """DX: the Royal Blessing rules are not printed; the app counts and records their use."""
    log = dragon_table(royal_blessings=2)
    log.execute("use_royal_blessing", {"note": "Heal 2 wounds (house rule)"})
    log.execute("use_royal_blessing")
    blessings = log.state["royal_blessings"]
    assert blessings["tokens"] == 0 and len(blessings["used"]) == 2
    assert blessings["used"][0] == {"seat": "1", "round": 1, "note": "Heal 2 wounds (house rule)"}
    with pytest.raises(RuleViolation) as none_left:
        log.execute("use_royal_blessing")
    assert none_left.value.code == "no_blessing_left"
