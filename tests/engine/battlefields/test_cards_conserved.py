"""Property: whatever the table does (plays, gathering, Special cards, lost cards, battles won,
undo, redo), each side's cards stay 52: deck + discard + hands + on the battlefields; and the
log replays to the state."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog

from . import card, war

MOVES = st.lists(
    st.one_of(
        st.tuples(st.just("play_card"), st.sampled_from(["red-1", "blue-1"]), st.integers(1, 10)),
        st.tuples(st.just("gather_troops"), st.integers(1, 3)),
        st.just(("finish_turn",)),
        st.tuples(st.just("play_special_card"), st.sampled_from(["A", "B"])),
        st.tuples(st.just("lose_cards"), st.sampled_from(["A", "B"]), st.integers(1, 2)),
        st.just(("attack",)),
        st.just(("undo",)),
        st.just(("redo",)),
    ),
    max_size=30,
)


def counted(game: GameLog, side: str) -> int:
    state = game.state
    on_field = sum(len(b["cards"][side]) for b in state["battlefields"].values())
    hands = sum(p["hand"] for p in state["players"].values() if p["side"] == side)
    return int(state["sides"][side]["deck"] + state["sides"][side]["discard"] + hands + on_field)


def attempt(game: GameLog, move: tuple[Any, ...], serial: int) -> None:
    name = move[0]
    args: dict[str, Any] = {}
    if name == "play_card":
        colour = "red" if move[1] == "red-1" else "blue"
        args = {"battlefield": move[1], **card(f"Card {serial}", move[2], colour)}
    elif name == "gather_troops":
        args = {"count": move[1]}
    elif name == "play_special_card":
        args = {"name": "Ambush", "player": move[1]}
    elif name == "lose_cards":
        args = {"player": move[1], "count": move[2]}
    elif name == "attack":
        args = {"target": 0}
    with contextlib.suppress(EngineError):
        game.execute(name, args)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MOVES)
def test_cards_are_conserved_through_any_sequence(moves: list[tuple[Any, ...]]) -> None:
    game = war(
        tiles={"red-1": {"activate": 3}, "blue-1": {"activate": 2, "descending": True}},
        tile_draws="app",
    )
    for serial, move in enumerate(moves):
        attempt(game, move, serial)
        assert counted(game, "minions") == 52
        assert counted(game, "heroes") == 52
        assert all(p["hand"] >= 0 for p in game.state["players"].values())
    assert game.replay() == game.state
