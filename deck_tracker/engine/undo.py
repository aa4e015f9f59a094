"""Undo and redo, shared by the whole table.

Every undoable command leaves an entry on the state's history (``history.done``) and its exact
inverse in storage. Undo replays that inverse, so a drawn card goes back where it was and an
undone shuffle restores the old order; redo replays the command's own changes, so it reveals the
same card again. A new undoable command clears the redo list.
"""

from __future__ import annotations

from typing import Any

from .commands import HISTORY_ROOT, Reason, command
from .core import Change, Context, Replayed, State
from .decks import seat_label
from .i18n import Text, msg


def undo_target(state: State) -> dict[str, Any] | None:
    done = state.get(HISTORY_ROOT, {}).get("done", [])
    return done[-1] if done else None


def redo_target(state: State) -> dict[str, Any] | None:
    undone = state.get(HISTORY_ROOT, {}).get("undone", [])
    return undone[-1] if undone else None


def _replay(ctx: Context, changes: list[Change]) -> None:
    for op, path, *value in changes:
        if op == "set":
            ctx.set(*path, value[0])
        elif op == "put":
            ctx.put(*path, value[0])
        elif op == "take":
            ctx.take(*path, value[0])
        else:
            ctx.delete(*path)


def _label(ctx: Context, target: dict[str, Any]) -> Text:
    """The replayed action in the reader's language: the message of its first event's summary,
    given with its changes (``label_msg``); the history keeps only its English (``label``)."""
    label = ctx.replayed.label_msg if ctx.replayed else None
    return label or str(target["label"])


def _replayed(ctx: Context) -> Replayed:
    if ctx.replayed is None:  # the caller did not give the stored changes (engine.play does)
        raise RuntimeError("undo and redo need the changes they replay (Context.replayed)")
    return ctx.replayed


def _nothing_to_undo(state: State, actor: str | None) -> Reason | None:
    return None if undo_target(state) else msg("core.undo.nothing_to_undo")


def _nothing_to_redo(state: State, actor: str | None) -> Reason | None:
    return None if redo_target(state) else msg("core.undo.nothing_to_redo")


@command("undo", undoable=False, unavailable=_nothing_to_undo)
def undo(ctx: Context, args: dict[str, Any]) -> None:
    """Undo the table's last action, whoever made it."""
    history = ctx.get(HISTORY_ROOT)
    target = history["done"][-1]
    _replay(ctx, _replayed(ctx).changes)
    ctx.take(HISTORY_ROOT, "done", 1)
    ctx.put(HISTORY_ROOT, "undone", [target])
    ctx.emit(
        "action_undone",
        msg("core.undo.undid", player=seat_label(ctx.state, ctx.actor), action=_label(ctx, target)),
        data={"undoes": target["version"], "type": target["type"], "label": target["label"]},
    )


@command("redo", undoable=False, unavailable=_nothing_to_redo)
def redo(ctx: Context, args: dict[str, Any]) -> None:
    """Redo the last undone action."""
    history = ctx.get(HISTORY_ROOT)
    target = history["undone"][-1]
    _replay(ctx, _replayed(ctx).changes)
    ctx.take(HISTORY_ROOT, "undone", 1)
    ctx.put(HISTORY_ROOT, "done", [target])
    ctx.emit(
        "action_redone",
        msg("core.undo.redid", player=seat_label(ctx.state, ctx.actor), action=_label(ctx, target)),
        data={"redoes": target["version"], "type": target["type"], "label": target["label"]},
    )
