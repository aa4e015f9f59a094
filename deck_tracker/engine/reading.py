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

A prompt keeps its words as message ids with their parameters (``title``, ``detail``,
``public_title``, a stand-in ``name`` such as "A Dungeon Room card", the form's titles,
descriptions and choices); a printed card's ``name`` is its printed name, shown by its
``card:<id>`` name. :func:`in_language` renders them when the game is read, in the reader's
language (English included). A form's words that come from a content pack's data (a fillable
value's description) are English in the pack: :func:`form_ids` stores each as the ``reading.*``
message whose English it is, once, when the prompt is asked; words the table wrote into its own
pack stay as written. A prompt stored before prompts kept ids (plain English strings) is shown as
it was kept, in English.
"""

from __future__ import annotations

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
    is_message,
    msg,
    normalise_language,
    render_text,
    render_value,
)
from .i18n import name as named

__all__ = [
    "ANSWER",
    "READING",
    "alphabetical",
    "ask",
    "carry_on",
    "form_ids",
    "in_language",
    "last_read_id",
    "pack_words",
    "pending_reads",
    "refuse_while_unread",
    "seen_by",
    "settle",
    "shown_name",
    "unread_reason",
]

READING = "reading"
ANSWER = "read_card"
# Commands that never move the game past a prompt (undo and redo step back through it).
_ALWAYS = frozenset({ANSWER, "undo", "redo", "join", "claim_seat"})


def pending_reads(state: State) -> list[dict[str, Any]]:
    return list(state.get(READING) or [])


def ask(
    ctx: Context,
    prompt: dict[str, Any],
    *,
    title: Message,
    name: Text,
    detail: Message | None = None,
    public_title: Message | None = None,
) -> dict[str, Any]:
    """Add a prompt (numbered) to the game's pending reads. Its words are messages: ``title``,
    ``detail``, ``public_title`` (what the other seats read of a card in a hidden hand) and
    ``name`` (a printed card's name as printed, else a message that stands for the card); the
    form's words from a pack's data are stored by id (:func:`form_ids`)."""
    pending = pending_reads(ctx.state)
    number = 1 + max((int(p.get("id", 0)) for p in pending), default=0)
    words: dict[str, Any] = {"name": name, "title": title, "detail": detail or ""}
    if public_title is not None:
        words["public_title"] = public_title
    entry = {**prompt, **words, "id": number}
    if "schema" in entry:
        entry["schema"] = form_ids(entry["schema"])
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
    return {
        "id": prompt["id"],
        "seat": holder,
        "private": True,
        "title": prompt.get("public_title") or msg("reading.public.a_player"),
        "name": msg("reading.private.a_card"),
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
        return msg("error.core.reading.read_card_first", name=shown_name(first))
    return msg("error.core.reading.read_a_card_first")


def refuse_while_unread(state: State, name: str, undoable: bool) -> None:
    """A command that would move the game waits for the card on the table to be read."""
    reason = unread_message(state, name, undoable)
    if reason:
        raise RuleViolation(reason, code="card_unread")


# ---- a prompt in the reader's language ---------------------------------------------------------
# The catalogue entries of the words a prompt's form may take from a content pack (a fillable
# value's description, written in English in the pack's data).
PHRASES = "reading."


@cache
def _phrases() -> dict[str, str]:
    """The English of every ``reading.*`` entry without fields -> its id."""
    exact: dict[str, str] = {}
    for key, template in catalogue(DEFAULT_LANGUAGE).items():
        if key.startswith(PHRASES) and isinstance(template, str) and "{" not in template:
            exact.setdefault(template, key)
    return exact


def pack_words(text: str) -> Text:
    """A word of a content pack's data (a fillable value's description, a label) as it is
    stored in a prompt: the message whose English it is, looked up once when the prompt is
    asked; words no catalogue holds (what the table wrote into its own pack) as they are."""
    key = _phrases().get(text)
    return msg(key) if key is not None else text


# The kinds of names a pick's choice may be (its ``const`` is the id: ``location:<const>``).
CHOICE_NAMES = ("location", "general", "hero", "card", "colour")


def _choice_name(option: dict[str, Any]) -> dict[str, Any]:
    """A pick's choice titled by a name of the board ({"const": "orc-valley", "title": "Orc
    Valley"}): titled by that name (``location:orc-valley``), read in the reader's language."""
    const, title = option.get("const"), option.get("title")
    if not isinstance(const, str) or not isinstance(title, str):
        return option
    names = catalogue(DEFAULT_LANGUAGE)["names"]
    for kind in CHOICE_NAMES:
        if names.get(f"{kind}:{const}") == title:
            return option | {"title": named(f"{kind}:{const}", title)}
    return option


def form_ids(schema: Any) -> Any:
    """A form whose titles and descriptions are words of a pack's data, each stored as
    :func:`pack_words` gives it (a message already is), a choice named by the board's names by
    that name."""
    if isinstance(schema, list):
        return [form_ids(item) for item in schema]
    if not isinstance(schema, dict) or is_message(schema) or schema.get("$") == "name":
        return schema
    if "const" in schema and isinstance(schema.get("title"), str):
        schema = _choice_name(schema)
    return {
        key: (
            pack_words(value)
            if key in ("title", "description") and isinstance(value, str)
            else form_ids(value)
        )
        for key, value in schema.items()
    }


def shown_name(prompt: dict[str, Any]) -> Text:
    """The card a prompt asks for: its printed name by its ``card:<id>`` name, or the message
    that stands for a card nobody has entered ("A Dungeon Room card", "Onyx Darkness Spreads
    card"); a name no catalogue holds (a card the table entered) as it is."""
    shown = prompt.get("name")
    if isinstance(shown, dict):
        return shown
    shown = str(shown or "")
    card = prompt.get("card")
    if card is not None and prompt.get("kind") != "general":
        key = f"card:{card}"
        printed = prompt.get("printed")
        if printed is None:
            printed = catalogue(DEFAULT_LANGUAGE)["names"].get(key) == shown
        if printed and key in catalogue(DEFAULT_LANGUAGE)["names"]:
            return named(key, shown)
    return shown


def _worded(value: Any, language: str) -> Any:
    """A prompt's stored words in ``language``: a message or a name rendered; a plain string
    (a name the table entered, or a prompt kept before prompts stored ids) as it is."""
    if isinstance(value, dict) and (is_message(value) or value.get("$") in NAMED):
        return render_value(value, language)
    return value


NAMED = frozenset({"name", "count", "list"})


def _is_form(value: Any) -> bool:
    """A form of its own (a property named ``title``), not the words of one."""
    return isinstance(value, dict) and not is_message(value) and value.get("$") not in NAMED


def _schema_in(schema: Any, language: str) -> Any:
    """A form's titles, descriptions and choice titles in ``language``."""
    if isinstance(schema, list):
        return [_schema_in(item, language) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {
        key: (
            _worded(value, language)
            if key in ("title", "description") and not _is_form(value)
            else _choices_in(value, language)
            if key == "oneOf" and isinstance(value, list)
            else _schema_in(value, language)
        )
        for key, value in schema.items()
    }


def alphabetical(title: str) -> str:
    """A title as an index sorts it (the case and the accents aside: "Ä" beside "A")."""
    bare = unicodedata.normalize("NFKD", title.casefold())
    return "".join(c for c in bare if not unicodedata.combining(c))


def _choices_in(options: list[Any], language: str) -> list[Any]:
    """A pick's choices in ``language``; choices the English lists in alphabetical order (the
    locations of the board) are listed in the order of their words in ``language``."""
    worded = [_schema_in(option, language) for option in options]
    english = [_schema_in(option, DEFAULT_LANGUAGE) for option in options]
    titles = [option.get("title") for option in english if isinstance(option, dict)]
    titled = [title for title in titles if isinstance(title, str)]
    if len(titled) == len(options) > 2 and titled == sorted(titled):
        worded.sort(key=lambda option: alphabetical(str(option["title"])))
    return worded


def in_language(prompt: dict[str, Any], language: str) -> dict[str, Any]:
    """A prompt as :func:`seen_by` gives it, its words in ``language``: the title, the card's
    name, the detail, the public title and the form, each stored as a message id with its
    parameters and rendered here (in English too)."""
    language = normalise_language(language)
    worded = dict(prompt)
    for key in ("title", "detail", "public_title"):
        if key in worded:
            worded[key] = _worded(worded[key], language)
    if "name" in worded:
        worded["name"] = render_value(shown_name(prompt), language)
    if "schema" in worded:
        worded["schema"] = _schema_in(worded["schema"], language)
    return worded
