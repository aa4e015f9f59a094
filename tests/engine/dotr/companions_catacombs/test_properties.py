"""Properties of Companions & Catacombs games: whatever the Events and nights, minions,
crystals, tokens and cards are conserved, and the log replays to the state."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.game import GameLog
from tests.helpers import a_face

from . import assert_decks_conserved

TOKENS = {"trolls": 6, "spiders": 6, "warlords": 10}
SCOUTS = ["thorny-woods", "dark-woods", "fire-river", "blizzard-mountains"]


def check(game: GameLog) -> None:
    state = game.state
    for colour in COLOURS:
        on_board = sum(space["minions"][colour] for space in state["board"].values())
        assert on_board + state["supply"]["minions"][colour] == 25
    crystals = sum(space["taint"] for space in state["board"].values())
    assert crystals + state["supply"]["taint"] == 12
    for token, count in TOKENS.items():
        on_board = sum(space[token] for space in state["board"].values())
        assert on_board + state["supply"][token] == count, token
    assert_decks_conserved(game)


def settle(game: GameLog) -> None:
    """Answer every choice owed, as a table might."""
    for _ in range(20):
        if game.state.get("outcome"):
            return
        recruitment = game.state.get("recruitment") or {}
        waiting = recruitment.get("waiting")
        pending = [p for p in game.state.get("pending") or [] if p["type"] != "recruitment"]
        if game.state.get("reading"):  # a Companion's cost read from the card, once
            game.execute("read_card", {"face": a_face(game.state["reading"][0])})
        elif waiting:
            answer: dict[str, Any] = {"minions": {"red": 1, "blue": 1}, "locations": SCOUTS}
            game.execute("recruit_choose", {waiting["asks"]: answer[waiting["asks"]]})
        elif pending and pending[0]["type"] == "token_destination":
            colour = pending[0]["colours"][0] if pending[0]["colours"] else None
            game.execute("place_token", {"location": pending[0]["options"][0], "colour": colour})
        elif pending and pending[0]["type"] == "warlords":
            game.execute(
                "place_warlords", {"locations": pending[0]["options"][: pending[0]["count"]]}
            )
        elif pending and pending[0]["type"] == "hand_limit":
            cards = game.state["decks"]["hero"]["hands"][pending[0]["seat"]][
                : pending[0]["discard"]
            ]
            game.execute("discard_to_limit", {"cards": cards, "seat": pending[0]["seat"]})
        elif recruitment:
            game.execute("hire", {})
        else:
            return


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(min_size=1, max_size=6),
    counts=st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=6),
    token_overrun=st.sampled_from(["each_colour_present", "table_picks_colour"]),
)
def test_recruits_and_nights_conserve_everything(
    seed: str, counts: list[int], token_overrun: str
) -> None:
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "Dwarf"}, "expansions": ["companions_catacombs"],
         "options": {"token_overrun": token_overrun, "warlord_ties": "table_picks"}},
        seed=seed,
    )  # fmt: skip
    check(game)
    for count in counts:
        if game.state.get("outcome"):
            break
        inn = (
            "gryphon-inn"
            if game.state["heroes"]["1"]["location"] == "chimera-inn"
            else "chimera-inn"
        )
        game.execute("move_hero", {"location": inn})
        available = len(game.state["decks"]["companion"]["draw"])
        if available >= count:
            game.execute("recruit", {"count": count})
            settle(game)
        check(game)
        if not game.state.get("outcome"):
            game.execute("end_turn", {})
            settle(game)
            game.execute("night", {"skip_evening": True})
            settle(game)
        check(game)
    assert game.replay() == game.state
