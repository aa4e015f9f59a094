"""The checklists of the physical table, shared by every phone: each tick is a command (seen live,
undoable).

A step is named by its key, ``"<seq>.<index>"``: the setup event's number in the game's log and
the step's place in it, as every phone sees them. ``state.checklist`` maps the keys ticked to
``True``; unticking removes the key. Ticks of different steps touch different parts of the state,
so two phones ticking at once are merged rather than refused (``merge.py``).

The steps the table owes during play (what a night, an event, a card or a choice asks of the
physical board) are ticked the same way with ``tick_table_step``, in ``state.table_steps``. The
phones list the steps of the events since the last night began; older ticks matter no more, so
past ``TABLE_TICKS_MAX`` the oldest (lowest event number) are forgotten.
"""

from __future__ import annotations

import re
from typing import Any

from deck_tracker.engine.i18n import msg

from .commands import Arg, command
from .core import Context, State
from .decks import seat_label
from .errors import InvalidArguments

STEP_KEY = re.compile(r"^[0-9]{1,9}\.[0-9]{1,3}$")
MAX_TICKS = 500
TABLE_TICKS_MAX = 300
TABLE_STEPS_AT_ONCE = 60

__all__ = ["tick_setup_step", "tick_table_step"]


def _step(state: State, args: dict[str, Any], actor: str | None) -> list[tuple[str, ...]]:
    return [("checklist", str(args["step"]))]


@command(
    "tick_setup_step",
    args={
        "step": Arg(
            "str",
            required=True,
            description="The step's key: its setup event's number and its place there, e.g. 3.0.",
        ),
        "done": Arg("bool", default=True, description="False to untick it."),
        "label": Arg("str", description="The step's text, for the log."),
    },
    touches=_step,
)
def tick_setup_step(ctx: Context, args: dict[str, Any]) -> None:
    """Tick (or untick) a step of the setup checklist for every phone at the table."""
    key: str = args["step"]
    if not STEP_KEY.match(key):
        raise InvalidArguments({"step": [msg("error.core.checklist.step_s_key_e_g")]})
    ticked = dict(ctx.state.get("checklist") or {})
    done: bool = args["done"]
    if done and key not in ticked and len(ticked) >= MAX_TICKS:
        raise InvalidArguments(
            {"step": [msg("error.core.checklist.most_steps_can_be_ticked", max_ticks=MAX_TICKS)]}
        )
    if done:
        ctx.set("checklist", key, True)
    else:
        ctx.delete("checklist", key)
    who = seat_label(ctx.state, ctx.actor)
    what = args["label"] or msg("core.checklist.a_setup_step")
    ctx.emit(
        "setup_step_ticked",
        (
            msg("core.checklist.ticked", who=who, what=what)
            if done
            else msg("core.checklist.unticked", who=who, what=what)
        ),
        data={"step": key, "done": done},
    )


def _table_steps(state: State, args: dict[str, Any], actor: str | None) -> list[tuple[str, ...]]:
    return [("table_steps", str(key)) for key in args["steps"]]


def _order(key: str) -> tuple[int, int]:
    seq, index = key.split(".")
    return int(seq), int(index)


@command(
    "tick_table_step",
    args={
        "steps": Arg(
            "list[str]",
            required=True,
            max_items=TABLE_STEPS_AT_ONCE,
            description="The steps' keys: each its event's number and its place there, e.g. "
            "41.0 (several at once: the board matches).",
        ),
        "done": Arg("bool", default=True, description="False to untick them."),
        "label": Arg("str", description="The step's text (or what the steps are), for the log."),
    },
    touches=_table_steps,
)
def tick_table_step(ctx: Context, args: dict[str, Any]) -> None:
    """Tick (or untick) what the table did on the physical board, for every phone at the table."""
    keys: list[str] = list(dict.fromkeys(args["steps"]))
    if not keys or not all(STEP_KEY.match(key) for key in keys):
        raise InvalidArguments({"steps": [msg("error.core.checklist.steps_keys")]})
    done: bool = args["done"]
    for key in keys:
        if done:
            ctx.set("table_steps", key, True)
        else:
            ctx.delete("table_steps", key)
    ticked = ctx.state.get("table_steps") or {}
    if len(ticked) > TABLE_TICKS_MAX:
        for key in sorted(ticked, key=_order)[: len(ticked) - TABLE_TICKS_MAX]:
            ctx.delete("table_steps", key)
    who = seat_label(ctx.state, ctx.actor)
    what = args["label"] or msg("core.checklist.steps_at_table", count=len(keys))
    ctx.emit(
        "table_step_ticked",
        (
            msg("core.checklist.ticked", who=who, what=what)
            if done
            else msg("core.checklist.unticked", who=who, what=what)
        ),
        data={"steps": keys, "done": done},
    )
