"""An event's English texts are rendered when first read (stored, sent), not when the rules emit
it: what a reader gets is exactly what rendering at emit time gave, for every event of long
seeded games of each expansion."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.engine import core
from deck_tracker.engine.core import Context, Event, Step
from deck_tracker.engine.i18n import as_message, msg, name, render_text
from tests.engine.dotr.test_seeded_digest import SETUPS, play


def _eager(type: str, summary: Any, steps: list[Step]) -> dict[str, Any]:
    """The texts as the context rendered them at emit time before they were made lazy."""
    record: dict[str, Any] = {"type": type, "summary": render_text(summary)}
    record["steps"] = [step.as_dict() for step in steps]
    message = as_message(summary)
    if message is not None:
        record["summary_msg"] = message
    return record


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_texts_read_after_the_command_are_those_rendered_when_emitted(
    setup: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered_at_emit: list[str] = []
    emit = Context.emit

    def emit_and_render(
        self: Context, type: str, summary: Any, *, steps: Iterable[Step] = (), **parts: Any
    ) -> Event:
        steps = list(steps)
        rendered_at_emit.append(json.dumps(_eager(type, summary, steps), sort_keys=True))
        return emit(self, type, summary, steps=steps, **parts)

    monkeypatch.setattr(core.Context, "emit", emit_and_render)
    read: list[str] = []
    for seed in range(3):
        game = play(SETUPS[setup], f"lazy-{setup}-{seed}", 30)
        read += [
            json.dumps(
                {
                    key: value
                    for key, value in event.as_record().items()
                    if key in ("type", "summary", "steps", "summary_msg")
                },
                sort_keys=True,
            )
            for event in game.events
        ]
    assert len(read) > 40
    assert read == rendered_at_emit


def test_an_event_reads_its_texts_once_and_keeps_what_is_set() -> None:
    ctx = Context({}, rng=__import__("random").Random(1), actor="1")
    place = name("location:orc-valley", "Orc Valley")
    event = ctx.emit(
        "x",
        msg("dotr.board.taint", location=place, left=3),
        steps=[Step(msg("dotr.board.taint", location=place, left=3), "a rule as typed")],
    )
    assert event.summary_msg == msg("dotr.board.taint", location=place, left=3)
    assert event.summary == render_text(event.summary_msg)
    assert event.steps == [
        {
            "text": event.summary,
            "rule": "a rule as typed",
            "msg": msg("dotr.board.taint", location=place, left=3),
        }
    ]
    assert event.steps is event.steps  # rendered once, then kept
    event.summary = "typed over"
    assert event.as_record()["summary"] == "typed over"
    again = Event.from_record(event.as_record())
    assert again == event and again.as_record() == event.as_record()
    plain = ctx.emit("y", "Plain English")
    assert (plain.summary, plain.summary_msg, plain.steps) == ("Plain English", None, [])


# Plain parameters (words, numbers) and the values a kept English must never be confused with:
# a bool reads "yes"/"no", a name or a count from the catalogue.
_PLAIN_VALUES = st.one_of(
    st.text(max_size=12),
    st.integers(min_value=-5, max_value=5),
    st.booleans(),
    st.floats(min_value=0, max_value=3, allow_nan=False),
    st.sampled_from([name("location:orc-valley", "Orc Valley"), msg("core.seat.a_player"), None]),
)
_IDS = st.sampled_from(
    ["dotr.turn.evening_skipped", "dotr.turn.round", "dotr.board.taint", "no.such.message"]
)


@settings(max_examples=300, deadline=None)
@given(
    events=st.lists(
        st.tuples(
            _IDS,
            st.dictionaries(
                st.sampled_from(["player", "number", "location", "left", "count"]),
                _PLAIN_VALUES,
                max_size=3,
            ),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_a_summary_read_again_alike_is_the_one_rendered(
    events: list[tuple[str, dict[str, Any]]],
) -> None:
    """A summary's English kept by what its message is made of (``core._english``) is the text
    rendering it gives, however often alike messages are read, whatever their parameters."""
    ctx = Context({}, rng=__import__("random").Random(1), actor="1")
    for _ in range(2):  # the second time, the kept English where there is one
        for id, params in events:
            said = msg(id, **params)
            assert ctx.emit("x", said).summary == render_text(said)
