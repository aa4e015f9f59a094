"""6. Winds of War (DX 'Winds of War')."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from tests.helpers import give, minions, on_top, stand

from . import DS, dragon_table, empty

SPECIALS = ("special-magic-gate", "special-hammer-of-valor", "special-spell-of-purity")
SIEGE = "wow-siege-of-the-capital"


def winds(**options: object) -> GameLog:
    log = dragon_table(winds_of_war=True, all_is_quiet=True, **options)
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
