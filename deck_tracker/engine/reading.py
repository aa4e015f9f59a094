"""Read-the-card prompts: a card the app does not know yet is read from the table, once.

When a rule meets a card whose face nobody has entered (a dragon General's Darkness Spreads
card, his starting minions, ...), it does not fail: it asks the table to read the card. The
prompt is kept in ``state["reading"]`` (a list, the first is answered first)::

    {"id": n, "deck": deck or None, "card": card id or None, "kind": the card's kind,
     "pack": the content pack the answer belongs to, "name": what the players hold,
     "schema": JSON Schema of the answer, "resume": what the rules do once it is read}

A prompt shows only the card that came up (its slot), never the order of a pile. A card drawn
into a hand (a Quest) is read by its holder only: its prompt names the seat (``"seat"``) and
every other seat sees only that the holder is reading a card (``"public_title"``,
:func:`seen_by`), never its name, form or answer. While one is
pending, every command that would move the game is refused with the code ``card_unread``;
``read_card`` (the game system's) answers it and carries on what was interrupted, and undo and
redo work as for any other step.
"""

from __future__ import annotations

from typing import Any

from .core import Context, State
from .errors import RuleViolation
from .i18n import Message, msg, render_text

__all__ = [
    "ANSWER",
    "READING",
    "ask",
    "carry_on",
    "last_read_id",
    "pending_reads",
    "refuse_while_unread",
    "seen_by",
    "settle",
    "unread_reason",
]

READING = "reading"
ANSWER = "read_card"
# Commands that never move the game past a prompt (undo and redo step back through it).
_ALWAYS = frozenset({ANSWER, "undo", "redo", "join", "claim_seat"})


def pending_reads(state: State) -> list[dict[str, Any]]:
    return list(state.get(READING) or [])


def ask(ctx: Context, prompt: dict[str, Any]) -> dict[str, Any]:
    """Add a prompt (numbered) to the game's pending reads."""
    pending = pending_reads(ctx.state)
    number = 1 + max((int(p.get("id", 0)) for p in pending), default=0)
    entry = {**prompt, "id": number}
    ctx.set(READING, [*pending, entry])
    return entry


def carry_on(ctx: Context, since: int, then: dict[str, Any]) -> bool:
    """The prompts asked after ``since`` (the highest id before) wait, and the last one carries
    ``then`` in its ``resume``: what the interrupted command does once it is read. False when
    none was asked (nothing waits)."""
    pending = pending_reads(ctx.state)
    if not any(int(p.get("id", 0)) > since for p in pending):
        return False
    last = max(pending, key=lambda p: int(p.get("id", 0)))
    resume = {**dict(last.get("resume") or {}), "then": then}
    ctx.set(READING, [({**p, "resume": resume} if p is last else p) for p in pending])
    return True


def last_read_id(state: State) -> int:
    """The highest prompt number pending (0: none)."""
    pending = state.get(READING)
    if not pending:
        return 0
    return max((int(p.get("id", 0)) for p in pending), default=0)


def reading_now(state: State) -> bool:
    """Whether a card is being read at the table (a prompt is pending)."""
    return bool(state.get(READING))


def settle(ctx: Context, prompt: dict[str, Any]) -> None:
    ctx.set(READING, [p for p in pending_reads(ctx.state) if p.get("id") != prompt["id"]])


def seen_by(prompt: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """A prompt as ``seat`` sees it: whole for everyone, or for its holder only (a card in a
    hidden hand); the others learn only that a card is being read."""
    holder = prompt.get("seat")
    if holder is None or holder == seat:
        return {k: v for k, v in prompt.items() if k != "resume"}
    title = str(prompt.get("public_title") or "A player is reading a card")
    return {
        "id": prompt["id"],
        "seat": holder,
        "private": True,
        "title": title,
        "name": "a card",
        "detail": "",
    }


def unread_reason(state: State, name: str, undoable: bool) -> str | None:
    """Why a command waits: a card on the table is still to be read (None: it may run)."""
    reason = unread_message(state, name, undoable)
    return None if reason is None else render_text(reason)


def unread_message(state: State, name: str, undoable: bool) -> Message | None:
    """:func:`unread_reason` as a message, read in the reader's language."""
    pending = pending_reads(state)
    if not pending or name in _ALWAYS or not undoable:
        return None
    first = pending[0]
    if first.get("seat") is not None:
        if first.get("public_title"):
            return msg("error.core.reading.wait_for_reader", title=first["public_title"])
        return msg("error.core.reading.wait_for_a_reader")
    if "name" in first:
        return msg("error.core.reading.read_card_first", name=first["name"])
    return msg("error.core.reading.read_a_card_first")


def refuse_while_unread(state: State, name: str, undoable: bool) -> None:
    """A command that would move the game waits for the card on the table to be read."""
    reason = unread_message(state, name, undoable)
    if reason:
        raise RuleViolation(reason, code="card_unread")
