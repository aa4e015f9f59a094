"""Property: whatever tokens are drawn and wherever characters stand, every scale drawn is on a
Lord, on the board, in a play area or discarded; never lost, never doubled; replay agrees."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.rules.talisman_dragon.content import default_pack

from .conftest import moved, table

LORDS = ("varthrax", "cadorus", "grilipus")
SPACES = [space.id for spaces in default_pack().regions.values() for space in spaces]
STEP = st.one_of(
    st.tuples(st.just("token"), st.sampled_from((*LORDS, "strike", "rage", "slumber"))),
    st.tuples(st.just("move"), st.sampled_from(SPACES)),
    st.tuples(st.just("claim"), st.just("Drake")),
    st.tuples(st.just("undo"), st.just("")),
)


def scales_accounted(state) -> int:
    on_lords = sum(lord["scales"] for lord in state["lords"].values())
    claimed = sum(sum(c["scales"].values()) for c in state["characters"].values())
    return on_lords + len(state["board_scales"]) + claimed + sum(state["discarded_scales"].values())


@settings(max_examples=40, deadline=None)
@given(st.lists(STEP, max_size=40))
def test_scales_are_conserved_through_any_draws_moves_claims_and_undos(steps):
    game = table("Conjurer", "Minotaur")
    moved(game, "Conjurer", "city")
    moved(game, "Minotaur", "city")
    for kind, value in steps:
        try:
            if kind == "token":
                if not game.state["turn"]["tokens_owed"]:
                    game.execute("next_turn")
                game.execute("draw_dragon_token", {"token": value})
            elif kind == "move":
                scale = game.state["board_scales"].get(value)
                choice = "scale" if scale and scale == game.state["king"] else "space"
                game.execute("move", {"space": value, "encounter": choice})
            elif kind == "claim":
                game.execute("claim_scale", {"enemy": value})
            else:
                game.execute("undo")
        except EngineError:
            continue
    # Each scale token drawn and not undone is one entry of the shared history.
    drawn = sum(
        1
        for entry in game.state["history"]["done"]
        if entry["type"] == "draw_dragon_token" and entry["label"].endswith("dragon scale.")
    )
    assert scales_accounted(game.state) == drawn
    assert game.replay() == game.state
