"""7. Global Effects (DX 'Global Effects', 'Establishing Global Effects')."""

from __future__ import annotations

from collections import Counter

import pytest

from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import on_top

from . import DS, dragon_table, empty

SHIP = "ge-ship-transports"
HEALING = "ge-the-healing-touch"
INNS = "ge-inns-closed"
# Blood Flats / Bounty Bay: Gorgutt advances to Amarak Peak (the next space of his path).
GORGUTT_MOVES = "ds-blood-flats-bounty-bay"
# Unicorn Forest / Crystal Hills: Gorgutt to the next space, always.
GORGUTT_NEXT = "ds-unicorn-forest-crystal-hills"


def night(log: GameLog, *cards: str) -> list[str]:
    on_top(log.state, *cards)
    before = len(log.events)
    log.execute("night", {"skip_evening": True})
    return [e.type for e in log.events[before:]]


def game() -> GameLog:
    log = dragon_table()  # the base Generals, with the expansion's Global Effects
    empty(log)
    return log


def test_global_effects_setup_5_in_the_deck_2_bad_and_3_good() -> None:
    """DX: "Take the 5 Bad Global Effects ... deal 3 to the box without looking at them ...
    Discard 2 [Good] into the box ... shuffle [the 5] into the Darkness Spreads Deck." The table
    owns the 10 cards, their text entered or not: 3 Good and 2 Bad in the deck, 5 boxed."""
    log = dragon_table()
    state = log.state
    cards = game_cards(state)
    kinds = Counter(cards[c].kind for c in state["decks"][DS]["draw"])
    assert kinds["bad"] == 2 and kinds["good"] == 3
    setup = next(e for e in log.events if e.type == "dragon_setup")
    boxed = Counter(cards[c].kind for c in setup.hidden["global_effects_boxed"])
    assert boxed == {"bad": 3, "good": 2}  # 5 to the box unseen
    one_each = dragon_table(global_effects_good=1, global_effects_bad=1).state
    kinds = Counter(cards[c].kind for c in one_each["decks"][DS]["draw"])
    assert kinds["bad"] == 1 and kinds["good"] == 1


@pytest.mark.parametrize(("good", "bad"), [(4, 3), (5, 0), (0, 5)])
def test_global_effects_custom_mixes_beyond_6_in_all_or_4_of_one_kind_are_refused(
    good: int, bad: int
) -> None:
    """DX: "no more than 6 Global Effects should ever appear in a game and no more than 4 of
    one type (Good or Bad)"."""
    with pytest.raises(InvalidArguments):
        dragon_table(global_effects_good=good, global_effects_bad=bad)


def test_global_effect_life_cycle_drawn_another_card_drawn_ended_by_a_later_move() -> None:
    """DX: "When a Global Effect is drawn, it is activated by placing it on the board ...
    Immediately draw another Darkness Spreads Card." It remains active until "A General moves";
    "if a General Moves on the turn the Global Effect is drawn, this movement will not cause a
    discard of the Global Effect Card"."""
    log = game()
    state = log.state
    types = night(log, SHIP, GORGUTT_MOVES)
    assert types.count("global_effect_drawn") == 1
    assert types.count("darkness_spreads_card") == 1  # the Global Effect did not count
    assert state["generals"]["gorgutt"]["location"] == "amarak-peak"  # moved the same turn
    assert state["global_effect"]["card"] == SHIP  # ... and the effect stays
    assert state["decks"][DS]["table"] == [SHIP]
    night(log, GORGUTT_NEXT)  # a later turn: Gorgutt moves again
    assert state["global_effect"] is None
    assert state["decks"][DS]["table"] == []
    assert SHIP in state["decks"][DS]["discard"]


def test_global_effect_a_second_one_on_the_same_turn_is_discarded_without_effect() -> None:
    """DX: "If a second Global Effect is drawn on the same turn, it (the second Global Effect
    Card) is discarded with no effect."""
    log = game()
    state = log.state
    types = night(log, SHIP, HEALING, GORGUTT_MOVES)
    assert types.count("global_effect_drawn") == 2
    assert state["global_effect"]["card"] == SHIP
    assert HEALING in state["decks"][DS]["discard"]
    assert types.count("darkness_spreads_card") == 1


def test_global_effect_a_new_one_replaces_the_active_one() -> None:
    log = game()
    night(log, SHIP, "ds-crystal-hills-mccorm-highlands")
    night(log, INNS, "ds-eagle-peak-pass-heavens-glade")
    state = log.state
    assert state["global_effect"]["card"] == INNS
    assert SHIP in state["decks"][DS]["discard"]


def test_global_effect_inns_closed_refuses_rumors_at_an_inn() -> None:
    log = game()
    night(log, INNS, "ds-crystal-hills-mccorm-highlands")
    log.state["heroes"]["1"]["location"] = "chimera-inn"
    with pytest.raises(RuleViolation) as closed:
        log.execute("rumors", {"colour": "red"})
    assert closed.value.code == "inns_closed"
    log.execute("end_global_effect", {"reason": "Test: the card says so."})
    assert log.state["global_effect"] is None


def test_global_effect_with_a_table_owned_deck_the_table_names_every_card_drawn() -> None:
    log = dragon_table(table_decks=["darkness_spreads"])
    empty(log)
    with pytest.raises(InvalidArguments):
        log.execute(
            "night", {"skip_evening": True, "cards": [SHIP]}
        )  # a Global Effect never ends a night's draw
    log.execute("night", {"skip_evening": True, "cards": [SHIP, GORGUTT_MOVES]})
    assert log.state["global_effect"]["card"] == SHIP


GOOD_FACE = {"title": "Fair Winds", "ongoing": "Made up: heroes move 1 extra space by horse."}


def test_a_global_effect_the_app_does_not_know_is_read_when_drawn_and_the_night_goes_on() -> None:
    """DX: "There are 10 Global Effect Cards provided in the Dragon Expansion ... 5 Good ... and
    5 Bad". "When a Global Effect is drawn, it is activated by placing it on the board ...
    Immediately draw another Darkness Spreads Card." One nobody entered is read from the card
    drawn (its Immediate and Ongoing Effect as printed), placed as if it had been known, and the
    night draws on; the next game of the table knows it."""
    log = game()
    state = log.state
    cards = game_cards(state)
    box = [c for c in cards if cards[c].kind in ("good", "bad") and c.startswith("ge-")]
    assert len(box) == 10  # the deck's true composition: every card of the box
    kept = [c for c in state["decks"][DS]["draw"] if c.startswith("ge-good-")]
    assert kept  # 3 Good of 5, only 2 of them entered: at least one unentered is in the deck
    types = night(log, kept[0], GORGUTT_MOVES)
    assert types[-1] == "card_to_read" and "turn_passed" not in types
    prompt = in_language(state["reading"][0], "en")  # its words are kept as message ids
    assert prompt["name"] == "The Good Global Effect drawn" and prompt["card"] == kept[0]
    assert set(prompt["schema"]["properties"]) == {"title", "immediate", "ongoing"}
    assert state["decks"][DS]["table"] == [kept[0]]  # face up beside the board meanwhile
    with pytest.raises(RuleViolation) as waiting:
        log.execute("night", {"skip_evening": True})
    assert waiting.value.code == "card_unread"
    before = len(log.events)
    log.execute("read_card", {"face": GOOD_FACE})
    types = [e.type for e in log.events[before:]]
    assert types == ["card_read", "global_effect_drawn", "darkness_spreads_card", "turn_passed"]
    # The table is told of the card it holds, never of an entry slot ("... 1 (to enter)").
    assert log.events[before].summary == (
        "The Good Global Effect drawn is read: the app knows it from now on."
    )
    assert state["global_effect"]["card"] == kept[0]
    assert game_cards(state)[kept[0]].data["title"] == "Fair Winds"
    drawn = next(e for e in log.events[before:] if e.type == "global_effect_drawn")
    assert "Fair Winds" in drawn.summary
    assert any("heroes move 1 extra space" in s["text"] for s in drawn.steps)
    assert state["generals"]["gorgutt"]["location"] == "amarak-peak"  # the card after it
    entry = log.events[before].data["entry"]
    assert entry == {"values": {
        f"decks/global_effects/{kept[0]}/data.title": "Fair Winds",
        f"decks/global_effects/{kept[0]}/data.ongoing": GOOD_FACE["ongoing"],
    }}  # fmt: skip


def test_a_global_effect_read_must_say_what_it_does() -> None:
    """A Global Effect has an Immediate or an Ongoing Effect: a title alone is refused."""
    log = game()
    kept = [c for c in log.state["decks"][DS]["draw"] if c.startswith("ge-good-")]
    night(log, kept[0], GORGUTT_MOVES)
    with pytest.raises(InvalidArguments):
        log.execute("read_card", {"face": {"title": "Fair Winds"}})
    assert log.state["reading"][0]["card"] == kept[0]


def test_a_second_global_effect_the_same_turn_is_discarded_unread() -> None:
    """DX: "If a second Global Effect is drawn on the same turn, it (the second Global Effect
    Card) is discarded with no effect": the app does not need its text, nothing is asked."""
    log = game()
    state = log.state
    kept = [c for c in state["decks"][DS]["draw"] if c.startswith("ge-good-")]
    types = night(log, SHIP, kept[0], GORGUTT_MOVES)
    assert "card_to_read" not in types and types[-1] == "turn_passed"
    assert not state.get("reading")
    assert state["global_effect"]["card"] == SHIP
    assert kept[0] in state["decks"][DS]["discard"]
