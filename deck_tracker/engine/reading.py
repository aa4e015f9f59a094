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

A prompt keeps its words in English (the catalogue ``reading.*`` holds each of them, word for
word): :func:`in_language` shows it in the reader's language when the game is read, a printed
card name by its ``card:<id>`` name, the other words by the catalogue entry whose English they
are (:func:`words_of`); what the state and the events keep never changes.
"""

from __future__ import annotations

import re
import string
import unicodedata
from functools import cache
from typing import Any

from .core import Context, State
from .errors import RuleViolation
from .i18n import (
    DEFAULT_LANGUAGE,
    Message,
    Text,
    catalogue,
    msg,
    normalise_language,
    render_text,
    render_value,
)
from .i18n import name as named

__all__ = [
    "ANSWER",
    "READING",
    "ask",
    "carry_on",
    "in_language",
    "last_read_id",
    "pending_reads",
    "refuse_while_unread",
    "seen_by",
    "settle",
    "shown_name",
    "unread_reason",
    "words_of",
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
            return msg(
                "error.core.reading.wait_for_reader", title=words_of(str(first["public_title"]))
            )
        return msg("error.core.reading.wait_for_a_reader")
    if "name" in first:
        return msg("error.core.reading.read_card_first", name=shown_name(first))
    return msg("error.core.reading.read_a_card_first")


def refuse_while_unread(state: State, name: str, undoable: bool) -> None:
    """A command that would move the game waits for the card on the table to be read."""
    reason = unread_message(state, name, undoable)
    if reason:
        raise RuleViolation(reason, code="card_unread")


# ---- a prompt in the reader's language ---------------------------------------------------------
# The catalogue entries whose English is a prompt's words as kept ("Read the card you drew",
# "{player} is reading a card").
PHRASES = "reading."


@cache
def _phrases() -> tuple[dict[str, str], tuple[tuple[re.Pattern[str], str], ...]]:
    """The prompt's words known to the catalogue: exact texts, and patterns of those with fields
    (the most literal first)."""
    exact: dict[str, str] = {}
    patterns: list[tuple[int, re.Pattern[str], str]] = []
    for key, template in catalogue(DEFAULT_LANGUAGE).items():
        if not key.startswith(PHRASES) or not isinstance(template, str):
            continue
        parts = list(string.Formatter().parse(template))
        if all(field is None for _, field, _, _ in parts):
            exact.setdefault(template, key)
            continue
        regex = "".join(
            re.escape(literal) + (f"(?P<{field}>.+?)" if field else "")
            for literal, field, _, _ in parts
        )
        literal_size = sum(len(literal) for literal, _, _, _ in parts)
        patterns.append((literal_size, re.compile(regex, re.DOTALL), key))
    patterns.sort(key=lambda item: -item[0])
    return exact, tuple((pattern, key) for _, pattern, key in patterns)


@cache
def _names() -> dict[str, str]:
    """A name's English (a location, a General, a minion's plural) -> its ``names`` key."""
    found: dict[str, str] = {}
    singular: dict[str, str] = {}
    for key, value in catalogue(DEFAULT_LANGUAGE)["names"].items():
        if isinstance(value, str):
            found.setdefault(value, key)
        elif isinstance(value, dict) and isinstance(value.get("one"), str):
            singular.setdefault(value["one"], key)
    return singular | found


def words_of(text: str) -> Text:
    """A prompt's English words as a message (a catalogue entry, with its fields in their own
    words) or a name, read in any language; words no catalogue knows (what the table entered)
    stay as they are. Rendered in English, it gives ``text`` back unchanged."""
    exact, patterns = _phrases()
    if text in exact:
        return msg(exact[text])
    key = _names().get(text)
    if key is not None:
        return named(key, text)
    for pattern, key in patterns:
        found = pattern.fullmatch(text)
        if found is not None:
            return msg(key, **{k: words_of(v) for k, v in found.groupdict().items()})
    return text


def shown_name(prompt: dict[str, Any]) -> Text:
    """The card a prompt asks for: its printed name by its ``card:<id>`` name, or the words
    that stand for a card nobody has entered ("A Dungeon Room card", "Onyx Darkness Spreads
    card"); a name no catalogue holds (a card the table entered) as it is."""
    shown = str(prompt.get("name") or "")
    card = prompt.get("card")
    if card is not None and prompt.get("kind") != "general":
        key = f"card:{card}"
        printed = prompt.get("printed")
        if printed is None:
            printed = catalogue(DEFAULT_LANGUAGE)["names"].get(key) == shown
        if printed and key in catalogue(DEFAULT_LANGUAGE)["names"]:
            return named(key, shown)
    return words_of(shown)


def _schema_in(schema: Any, language: str) -> Any:
    """A form's titles, descriptions and choice titles in ``language``."""
    if isinstance(schema, list):
        return [_schema_in(item, language) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {
        key: (
            render_value(words_of(value), language)
            if key in ("title", "description") and isinstance(value, str)
            else _choices_in(value, language)
            if key == "oneOf" and isinstance(value, list)
            else _schema_in(value, language)
        )
        for key, value in schema.items()
    }


def _alphabetical(title: str) -> str:
    """A title as an index sorts it (the case and the accents aside: "Ä" beside "A")."""
    bare = unicodedata.normalize("NFKD", title.casefold())
    return "".join(c for c in bare if not unicodedata.combining(c))


def _choices_in(options: list[Any], language: str) -> list[Any]:
    """A pick's choices in ``language``; choices the English lists in alphabetical order (the
    locations of the board) are listed in the order of their words in ``language``."""
    worded = [_schema_in(option, language) for option in options]
    titles = [option.get("title") for option in options if isinstance(option, dict)]
    named = [title for title in titles if isinstance(title, str)]
    if len(named) == len(options) > 2 and named == sorted(named):
        worded.sort(key=lambda option: _alphabetical(str(option["title"])))
    return worded


def in_language(prompt: dict[str, Any], language: str) -> dict[str, Any]:
    """A prompt as :func:`seen_by` gives it, its words in ``language``: the title, the card's
    name, the detail, the public title and the form (English: the prompt as kept)."""
    language = normalise_language(language)
    if language == DEFAULT_LANGUAGE:
        return prompt
    worded = dict(prompt)
    for key in ("title", "detail", "public_title"):
        if isinstance(worded.get(key), str) and worded[key]:
            worded[key] = render_value(words_of(worded[key]), language)
    if isinstance(worded.get("name"), str):
        worded["name"] = render_value(shown_name(prompt), language)
    if "schema" in worded:
        worded["schema"] = _schema_in(worded["schema"], language)
    return worded
