"""6. Winds of War (DX 'Winds of War')."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.views import view_state
from tests.helpers import ENTERED, give, minions, on_top, stand

from . import DS, dragon_table, empty

SPECIALS = ("special-magic-gate", "special-hammer-of-valor", "special-spell-of-purity")
SIEGE = "wow-siege-of-the-capital"
WOW = "winds_of_war"
COUNT = "decks/winds_of_war_board/wow-board/data.deck_size"


def counted(count: int | None) -> dict[str, Any]:
    """What the table entered, with the Winds of War deck counted (None: not counted)."""
    values = dict(ENTERED["values"])
    if count is not None:
        values[COUNT] = count
    return {**ENTERED, "values": values}


def winds(count: int | None = 1, **options: Any) -> GameLog:
    log = dragon_table(winds_of_war=True, all_is_quiet=True, entered=counted(count), **options)
    empty(log)
    give(log.state, "1", *SPECIALS)
    return log


def test_winds_of_war_at_the_third_card_the_top_card_is_turned_and_the_table_chooses() -> None:
    """DX: "When Special Hero Cards are played for their Special Action ... they are placed on
    the Winds of War Board ... any Quiet Night Cards are also added to the board. When 3 Cards
    appear on the board, a Winds of War card is triggered. Turn over the top Winds of War Card
    and either perform the Prevention required or activate the card's Action. ... Then discard
    the 3 Special Cards that triggered the event to the box"."""
    log = winds()
    state = log.state
    log.execute("play_special", {"card": SPECIALS[0]})
    on_top(state, "ds-all-is-quiet-1")
    log.execute("night", {"skip_evening": True})  # a Quiet Night card goes on the board too
    assert [p["card"] for p in state["winds_of_war"]["board"]] == [SPECIALS[0], "ds-all-is-quiet-1"]
    assert "ds-all-is-quiet-1" not in state["decks"][DS]["discard"]
    assert not state.get("pending")
    log.execute("play_special", {"card": SPECIALS[1]})  # the 3rd card
    assert state["pending"][0]["type"] == "winds_of_war"
    assert state["pending"][0]["card"] == SIEGE
    # Siege of the Capital, Action: 1 minion of the location's colour next to Monarch City
    # where minions stand, 2 where none do.
    state["board"]["wolf-pass"]["minions"]["blue"] = 1
    state["supply"]["minions"]["blue"] -= 1
    log.execute("winds_of_war", {"choice": "action"})
    assert minions(state, "wolf-pass")["blue"] == 2
    assert minions(state, "dancing-stone")["black"] == 2
    assert state["winds_of_war"]["board"] == []
    assert SPECIALS[0] in state["decks"]["hero"]["box"]
    assert SPECIALS[1] in state["decks"]["hero"]["box"]
    assert "ds-all-is-quiet-1" in state["decks"][DS]["box"]
    assert SIEGE in state["decks"]["winds_of_war"]["discard"]


def test_winds_of_war_the_prevention_of_siege_of_the_capital() -> None:
    """ "Prevention: Each Hero is moved to Monarch City and discards 2 random Hero Cards." """
    log = winds()
    state = log.state
    stand(state, "1", "wolf-pass")
    for card in SPECIALS:
        log.execute("play_special", {"card": card})
    hand = len(state["decks"]["hero"]["hands"]["1"])
    log.execute("winds_of_war", {"choice": "prevention"})
    assert state["heroes"]["1"]["location"] == "monarch-city"
    assert len(state["decks"]["hero"]["hands"]["1"]) == hand - 2


def test_without_winds_of_war_a_played_special_is_discarded() -> None:
    log = dragon_table()
    give(log.state, "1", SPECIALS[0])
    log.execute("play_special", {"card": SPECIALS[0]})
    assert SPECIALS[0] in log.state["decks"]["hero"]["discard"]


# ------------------------------------------------------------------------------------------
# The deck's true number of cards; a card the app does not know is read when it is turned
# ------------------------------------------------------------------------------------------

# What a table might read from a Winds of War card (made up: no card but Siege is published).
RAID = {
    "title": "Raiders at Wolf Pass",
    "prevention": "Made up: each hero goes to Wolf Pass and discards 1 random Hero Card.",
    "action": "Made up: add 2 Dragonkin to Wolf Pass.",
    "action_minions": [{"location": "wolf-pass", "colour": "blue", "count": 2}],
    "prevention_move_to": "wolf-pass",
    "prevention_discards": 1,
}


def wow_on_top(state: dict[str, Any], card: str) -> None:
    pile = state["decks"][WOW]["draw"]
    assert card in pile
    state["decks"][WOW]["draw"] = [*(c for c in pile if c != card), card]


def played(log: GameLog, count: int = 3) -> list[str]:
    before = len(log.events)
    for card in SPECIALS[:count]:
        log.execute("play_special", {"card": card})
    return [e.type for e in log.events[before:]]


def test_the_deck_holds_as_many_cards_as_the_table_counted() -> None:
    """DX: "Shuffle the Winds of War cards and place them on the designated space on the board."
    How many there are is printed nowhere: the table counts them once, and the deck holds that
    many, the cards the app knows (Siege of the Capital, printed in the rulebook) and the rest
    to be read when turned."""
    state = winds(count=5).state
    deck = state["decks"][WOW]
    held = deck["draw"] + deck["discard"]
    assert len(held) == 5 and SIEGE in held
    cards = game_cards(state)
    assert sum(1 for c in held if cards[c].data.get("unread")) == 4
    counted_event = next(e for e in winds(count=5).events if e.type == "winds_of_war_counted")
    assert counted_event.data["overlay_values"] == {COUNT: 5}  # kept for the table's next games


def test_a_card_the_app_does_not_know_is_read_when_turned_then_the_table_chooses() -> None:
    """ "Turn over the top Winds of War Card and either perform the Prevention required or
    activate the card's Action": the card turned is read (its Prevention and its Action as
    printed), and the choice is carried out as if it had been known."""
    log = winds(count=3)
    state = log.state
    wow_on_top(state, "wow-card-2")
    types = played(log)
    assert types[-2:] == ["special_played", "card_to_read"]
    prompt = state["reading"][0]
    assert (prompt["card"], prompt["kind"]) == ("wow-card-2", WOW)
    assert {"title", "prevention", "action", "action_minions"} <= set(
        prompt["schema"]["properties"]
    )
    assert state["pending"][0] == {"type": WOW, "card": "wow-card-2", "id": 1}
    with pytest.raises(RuleViolation) as waiting:
        log.execute("winds_of_war", {"choice": "action"})
    assert waiting.value.code == "card_unread"
    before = len(log.events)
    log.execute("read_card", {"face": RAID})
    read, turned = log.events[before:]
    assert (read.type, turned.type) == ("card_read", "winds_of_war_turned")
    assert "Raiders at Wolf Pass" in turned.steps[0]["text"]
    assert read.data["entry"]["cards"][WOW][0]["id"] == "wow-card-2"
    assert game_cards(state)["wow-card-2"].name == "Raiders at Wolf Pass"
    log.execute("winds_of_war", {"choice": "action"})
    assert minions(state, "wolf-pass")["blue"] == 2
    assert "wow-card-2" in state["decks"][WOW]["discard"]
    assert all(c in state["decks"]["hero"]["box"] for c in SPECIALS)


def test_a_card_read_once_is_known_in_the_next_game() -> None:
    log = winds(count=3)
    wow_on_top(log.state, "wow-card-1")
    played(log)
    log.execute("read_card", {"face": RAID})
    entry = next(e for e in log.events if e.type == "card_read").data["entry"]
    known = counted(3)
    known["cards"] = {**known["cards"], **entry["cards"]}
    again = dragon_table(winds_of_war=True, all_is_quiet=True, entered=known)
    empty(again)
    give(again.state, "1", *SPECIALS)
    wow_on_top(again.state, "wow-card-1")
    played(again)
    assert not again.state.get("reading")
    assert again.state["pending"][0]["card"] == "wow-card-1"
    held = again.state["decks"][WOW]["draw"] + again.state["decks"][WOW]["discard"]
    assert len(held) + 1 == 3  # still 3 cards: the one turned, Siege, one to read


def test_the_prevention_of_a_card_read_moves_the_heroes_and_discards_at_random() -> None:
    log = winds(count=2)
    state = log.state
    wow_on_top(state, "wow-card-1")
    played(log)
    log.execute("read_card", {"face": RAID})
    hand = len(state["decks"]["hero"]["hands"]["1"])
    log.execute("winds_of_war", {"choice": "prevention"})
    assert state["heroes"]["1"]["location"] == "wolf-pass"
    assert len(state["decks"]["hero"]["hands"]["1"]) == hand - 1
    steps = [s["text"] for s in log.events[-1].steps]
    assert any(s.startswith("Wizard goes to Wolf Pass") for s in steps)


def test_a_deck_nobody_counted_is_counted_when_its_first_card_is_turned() -> None:
    """Skipped at setup, the count is asked the first time it matters: then the deck holds that
    many cards and its top card is turned."""
    log = winds(count=None)
    state = log.state
    assert state["decks"][WOW]["draw"] + state["decks"][WOW]["discard"] == [SIEGE]
    assert played(log)[-1] == "card_to_read"
    prompt = in_language(state["reading"][0], "en")  # its words are kept as message ids
    assert prompt["name"] == "The Winds of War deck"
    assert prompt["schema"]["required"] == ["deck_size"]
    before = len(log.events)
    log.execute("read_card", {"face": {"deck_size": 4}})
    read = log.events[before]
    assert read.data["entry"] == {"values": {COUNT: 4}}
    deck = state["decks"][WOW]
    turned = state["pending"][0]["card"]
    assert turned is not None and len(deck["draw"]) + 1 == 4
    if turned == SIEGE:
        assert not state.get("reading")
    else:
        assert state["reading"][0]["card"] == turned  # the card turned is read next


def test_a_quiet_night_that_turns_an_unknown_card_waits_for_it_then_the_night_goes_on() -> None:
    """ "Additionally, any Quiet Night Cards are also added to the board": the 3rd card comes in
    the night; the card it turns is read, and then the night draws its next card."""
    log = winds(count=3)
    state = log.state
    state["war_level"] = 1  # Mid War: 2 cards a night
    played(log, 2)
    wow_on_top(state, "wow-card-2")
    on_top(state, "ds-all-is-quiet-1", "ds-blood-flats-bounty-bay")
    before = len(log.events)
    log.execute("night", {"skip_evening": True})
    types = [e.type for e in log.events[before:]]
    assert "turn_passed" not in types and "card_to_read" in types
    assert state["reading"][0]["card"] == "wow-card-2"
    before = len(log.events)
    log.execute("read_card", {"face": RAID})
    types = [e.type for e in log.events[before:]]
    assert types == ["card_read", "winds_of_war_turned", "darkness_spreads_card", "turn_passed"]
    assert log.events[before + 2].data["card"] == "ds-blood-flats-bounty-bay"


def test_a_table_held_deck_names_a_card_the_app_does_not_know_and_reads_it() -> None:
    log = winds(count=3, table_decks=[WOW])
    state = log.state
    played(log)
    assert state["pending"][0]["card"] is None
    log.execute("winds_of_war", {"choice": "action", "card": "wow-card-1"})
    assert state["reading"][0]["card"] == "wow-card-1"
    before = len(log.events)
    log.execute("read_card", {"face": RAID})
    assert [e.type for e in log.events[before:]] == ["card_read", "winds_of_war"]
    assert minions(state, "wolf-pass")["blue"] == 2
    assert not state.get("pending")


@pytest.mark.parametrize("seat", ["1", "2"])
def test_the_prompt_shows_only_the_card_turned(seat: str) -> None:
    log = winds(count=6)
    wow_on_top(log.state, "wow-card-4")
    played(log)
    seen = view_state(log.state, seat)["reading"]
    assert [p["card"] for p in seen] == ["wow-card-4"]
    assert "resume" not in seen[0]
    text = str(seen)
    assert not any(c in text for c in log.state["decks"][WOW]["draw"])
