"""Property: what a seat is told by a deck command depends only on what it can see.

Seat 2 sees its own hand and the public piles (discard, table); seat 1's hand, the draw pile
and the box are hidden from it. Rearranging the hidden cards (every pile keeping its size) never
changes the answer to anything seat 2 sends: accepted, or the same refusal in English and
German. The one documented exception is a deck the table keeps, searched or drawn from by
naming cards (docs/hidden-information.md): there the refusal names no hidden card.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog

CARDS = [f"k{n:02d}" for n in range(12)]
OWNERS = st.sampled_from(["app", "table"])
COMMANDS = st.sampled_from(["draw", "discard", "put_back", "take", "box"])
SOURCES = st.sampled_from(["hand", "table", "discard", "box", "draw"])


def table_with(owner: str, piles: list[str]) -> GameLog:
    """A two-seat table whose deck's cards lie where ``piles`` says (one pile per card)."""
    game = GameLog.start(
        {"system": "generic", "decks": {"d": {"cards": CARDS, "owner": owner}}}, seed="hide"
    )
    game.execute("join", {"name": "Bea"}, actor=None)
    deck = game.state["decks"]["d"]
    placed: dict[str, list[str]] = {"draw": [], "discard": [], "box": [], "table": []}
    hands: dict[str, list[str]] = {"1": [], "2": []}
    for card, pile in zip(CARDS, piles, strict=True):
        if pile.startswith("hand"):
            hands[pile[-1]].append(card)
        else:
            placed[pile].append(card)
    deck.update(placed, hands=hands)
    return game


HIDDEN = ("hand1", "draw", "box")
PILES = st.lists(
    st.sampled_from(["draw", "discard", "box", "table", "hand1", "hand2"]),
    min_size=len(CARDS),
    max_size=len(CARDS),
)


def rearranged(piles: list[str], order: list[int]) -> list[str]:
    """The same piles, the hidden ones' cards dealt among them in another order."""
    slots = [i for i, pile in enumerate(piles) if pile in HIDDEN]
    shuffled = [slots[i] for i in order if i < len(slots)]
    moved = list(piles)
    for slot, source in zip(slots, shuffled, strict=True):
        moved[slot] = piles[source]
    return moved


def answer(game: GameLog, command: str, args: dict[str, Any]) -> tuple[str, ...]:
    try:
        game.execute(command, args, actor="2")
    except EngineError as refused:
        return (refused.code, refused.detail_in("en"), refused.detail_in("de"))
    return ("accepted",)


@settings(max_examples=300, deadline=None)
@given(
    owner=OWNERS,
    piles=PILES,
    order=st.permutations(range(len(CARDS))),
    command=COMMANDS,
    source=SOURCES,
    seat=st.sampled_from([None, "1", "2"]),
    named=st.lists(st.sampled_from(CARDS), min_size=1, max_size=len(CARDS), unique=True),
)
def test_what_a_seat_is_told_depends_only_on_what_it_can_see(
    owner: str,
    piles: list[str],
    order: list[int],
    command: str,
    source: str,
    seat: str | None,
    named: list[str],
) -> None:
    args: dict[str, Any] = {"deck": "d", "cards": named}
    if command == "draw":
        args["count"] = len(named)
        if owner == "app":
            args.pop("cards")
    else:
        args["from"] = source
    if seat is not None:
        args["seat"] = seat
    told = answer(table_with(owner, piles), command, args)
    searched_at_the_table = owner == "table" and (command == "draw" or source in ("draw", "box"))
    if searched_at_the_table:
        hidden = [card for card, pile in zip(CARDS, piles, strict=True) if pile in HIDDEN]
        assert not [card for card in hidden if any(card in words for words in told[1:])], told
        return
    assert answer(table_with(owner, rearranged(piles, order)), command, args) == told
