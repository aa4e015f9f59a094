"""Property tests of the generic deck engine, through any sequence of commands.

Whatever the table does (draws, discards, shuffles, peeks, boxes, takes, puts back, undos and
redos), every card is in exactly one pile, replaying the log gives the snapshot, and undo then
redo returns the same state.
"""

from __future__ import annotations

import copy
from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from deck_tracker.engine.decks import all_cards
from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog

CARDS = [f"k{n}" for n in range(12)]
SEATS = ["1", "2"]


class DeckTable(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game = GameLog.start(
            {"system": "generic", "decks": {"d": {"cards": CARDS, "peek": True}}}, seed="stateful"
        )
        self.game.execute("join", {"name": "Bea"}, actor=None)

    def deck(self) -> dict:
        return self.game.state["decks"]["d"]

    def attempt(self, name: str, args: dict | None = None, actor: str = "1") -> bool:
        before = copy.deepcopy(self.game.state)
        try:
            self.game.execute(name, args or {}, actor=actor)
        except EngineError:
            assert self.game.state == before, f"a refused {name} changed the state"
            return False
        return True

    @rule(
        count=st.integers(1, 5),
        to=st.sampled_from(["hand", "table", "discard"]),
        seat=st.sampled_from(SEATS),
    )
    def draw(self, count: int, to: str, seat: str) -> None:
        self.attempt("draw", {"deck": "d", "count": count, "to": to}, actor=seat)

    @rule(seat=st.sampled_from(SEATS), data=st.data())
    def discard(self, seat: str, data: st.DataObject) -> None:
        hand = self.deck()["hands"].get(seat, [])
        cards = (
            data.draw(st.lists(st.sampled_from(hand), unique=True, max_size=3)) if hand else ["k0"]
        )
        self.attempt("discard", {"deck": "d", "cards": cards}, actor=seat)

    @rule(include=st.booleans())
    def shuffle(self, include: bool) -> None:
        self.attempt("shuffle", {"deck": "d", "include_discard": include})

    @rule(count=st.integers(1, 4), seat=st.sampled_from(SEATS))
    def peek(self, count: int, seat: str) -> None:
        self.attempt("peek", {"deck": "d", "count": count}, actor=seat)

    @rule(source=st.sampled_from(["hand", "table", "discard", "draw"]), data=st.data())
    def box(self, source: str, data: st.DataObject) -> None:
        pile = self.deck()["hands"]["1"] if source == "hand" else self.deck()[source]
        card = data.draw(st.sampled_from(pile)) if pile else "k1"
        self.attempt("box", {"deck": "d", "cards": [card], "from": source})

    @rule(source=st.sampled_from(["discard", "box", "table"]), data=st.data())
    def take(self, source: str, data: st.DataObject) -> None:
        pile = self.deck()[source]
        card = data.draw(st.sampled_from(pile)) if pile else "k2"
        self.attempt("take", {"deck": "d", "cards": [card], "from": source})

    @rule(position=st.sampled_from(["top", "bottom", "random"]), data=st.data())
    def put_back(self, position: str, data: st.DataObject) -> None:
        hand = self.deck()["hands"]["1"]
        card = data.draw(st.sampled_from(hand)) if hand else "k3"
        self.attempt("put_back", {"deck": "d", "cards": [card], "position": position})

    @rule(seat=st.sampled_from(SEATS))
    def undo(self, seat: str) -> None:
        self.attempt("undo", actor=seat)

    @rule(seat=st.sampled_from(SEATS))
    def redo(self, seat: str) -> None:
        self.attempt("redo", actor=seat)

    @precondition(lambda self: bool(self.game.state["history"]["done"]))
    @rule()
    def undo_then_redo_returns_the_same_state(self) -> None:
        before = copy.deepcopy(self.game.state)
        self.game.execute("undo")
        self.game.execute("redo")
        after = self.game.state
        assert {k: v for k, v in after.items() if k != "version"} == {
            k: v for k, v in before.items() if k != "version"
        }
        assert after["version"] == before["version"] + 2

    @invariant()
    def every_card_is_in_exactly_one_pile(self) -> None:
        assert Counter(all_cards(self.deck())) == Counter(CARDS)

    @invariant()
    def replay_equals_the_snapshot(self) -> None:
        assert self.game.replay() == self.game.state


DeckTable.TestCase.settings = settings(max_examples=150, stateful_step_count=30, deadline=None)
test_deck_engine_through_any_sequence = DeckTable.TestCase


def test_undo_restores_a_draw_exactly_and_redo_reveals_the_same_cards():
    game = GameLog.start({"system": "generic", "decks": {"d": {"cards": CARDS}}}, seed="s")
    before = copy.deepcopy(game.state["decks"])
    game.execute("draw", {"deck": "d", "count": 3})
    drawn = list(game.state["decks"]["d"]["hands"]["1"])
    game.execute("undo")
    assert game.state["decks"] == before
    game.execute("redo")
    assert game.state["decks"]["d"]["hands"]["1"] == drawn


def test_every_random_outcome_is_recorded_and_reproducible_from_the_seed():
    one = GameLog.start({"system": "generic", "decks": {"d": {"cards": CARDS}}}, seed="same")
    two = GameLog.start({"system": "generic", "decks": {"d": {"cards": CARDS}}}, seed="same")
    other = GameLog.start({"system": "generic", "decks": {"d": {"cards": CARDS}}}, seed="other")
    for game in (one, two, other):
        game.execute("shuffle", {"deck": "d"})
    assert one.state == two.state
    assert one.state["decks"]["d"]["draw"] != other.state["decks"]["d"]["draw"]
    shuffled = next(e for e in one.events if e.type == "deck_shuffled")
    assert shuffled.hidden["order"] == one.state["decks"]["d"]["draw"]
