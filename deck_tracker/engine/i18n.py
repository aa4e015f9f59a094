"""Words a player reads, in the player's language: a message id with its parameters.

The engine never stores a finished sentence as the only record of what happened. A step of the
night, an event's summary or a rule citation is a *message*: an id and its parameters, JSON
native, kept in the event as it is::

    {"id": "dotr.night.place_minions", "params": {"count": 2, "colour": ..., "location": ...}}

and rendered when it is read, in the reader's language, from the catalogues in
``deck_tracker/engine/locale/<language>/*.json``. A wording fix in a catalogue therefore changes
every game already played, and a German reader sees the same night in German.

A parameter is a plain value (a number, a word that is no name) or a *name*: ``name(key, text)``
gives ``{"$": "name", "key": "location:orc-valley", "en": "Orc Valley"}``, rendered from the
``names`` of the reader's catalogue when it has the key, else from the English text it carries
(a card the table taught the app has no translation: its name is shown as entered). ``count(n,
key, en_one, en_other)`` is a counted name ("2 Orcs", "2 Orks"), ``listing(items)`` joins items
with the language's "and", and a message may be a parameter of another.

A catalogue entry is a ``str.format`` template with named fields, or, for a message whose words
depend on a number, a dict of plural forms (``"one"``, ``"other"``, by CLDR category) chosen by
its ``count`` parameter.

Events written before messages existed keep only their English text: :func:`render_text` shows it
as it was (the fallback for old games).
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, NewType

LOCALE_DIR = Path(__file__).parent / "locale"
DEFAULT_LANGUAGE = "en"
# The languages a reader may choose, with their own name for themselves.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}

# A message: ``{"id": ..., "params": {...}}``. At run time a plain dict (what the state and the
# events store, JSON native); for mypy a type of its own, made only by :func:`msg` (or
# :func:`as_message` for one read back from storage), so an English ``str`` passed where a
# message is due is a type error.
Message = NewType("Message", dict[str, Any])
# What a step's text, a rule citation or a message's parameter may be: a message, a name
# (``name``, ``count``, ``listing``), or plain English (an old event's, a name the table entered).
Text = str | dict[str, Any]


# ---- building messages -------------------------------------------------------------------------
def msg(id: str, /, **params: Any) -> Message:
    """A message: ``id`` in the catalogues, rendered with ``params`` when read."""
    # ``Message(...)`` is a call that returns its argument: a message is the plain dict.
    return {"id": id, "params": params}  # type: ignore[return-value]


def as_message(value: Any) -> Message | None:
    """A message read back from storage (the state, an event), None for anything else."""
    return Message(value) if is_message(value) else None


def name(key: str, en: str) -> dict[str, Any]:
    """A name (a location, a General, a card): ``key`` in the ``names`` catalogue, ``en`` else."""
    return {"$": "name", "key": key, "en": en}


def count(n: int, key: str, en_one: str, en_other: str) -> dict[str, Any]:
    """``n`` of a named thing ("1 Orc", "2 Orcs"), its forms from the ``names`` catalogue."""
    return {"$": "count", "n": n, "key": key, "en": {"one": en_one, "other": en_other}}


def listing(
    items: Iterable[Any], *, conjunction: bool = True, separator: str = ", ", word: str = "and"
) -> dict[str, Any]:
    """Items joined as the language joins a list ("A, B and C"; with ``word="or"``: "A, B or
    C"); without ``conjunction``, by ``separator`` alone ("A, B, C": a list the English text
    always wrote so)."""
    if conjunction:
        if word != "and":
            return {"$": "list", "items": list(items), "word": word}
        return {"$": "list", "items": list(items)}
    return {"$": "list", "items": list(items), "join": separator}


def is_message(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("id"), str) and "params" in value


# ---- catalogues --------------------------------------------------------------------------------
def normalise_language(language: str | None) -> str:
    """``"de-AT"``, ``"de_de"`` -> ``"de"``; an unknown or empty language -> the default."""
    if language in LANGUAGES:
        return language  # already one of ours (every message rendered asks this first)
    if not language:
        return DEFAULT_LANGUAGE
    base = language.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> dict[str, Any]:
    """Every message of ``language``, its files merged; ``names`` and ``words`` are sections."""
    merged: dict[str, Any] = {"names": {}, "words": {}}
    folder = LOCALE_DIR / language
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in ("names", "words"):
                merged[key].update(value)
            elif key.startswith("_"):
                continue  # "_about": provenance and notes for translators
            else:
                merged[key] = value
    return merged


def plural_category(language: str, n: int | float) -> str:
    """The CLDR plural category of ``n`` (English and German: "one" for exactly 1)."""
    return "one" if n == 1 else "other"


# ---- rendering ---------------------------------------------------------------------------------
class _Formatter(string.Formatter):
    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        return str(super().format_field(render_value(value, self.language), format_spec))


def _pick(template: Any, params: Mapping[str, Any], language: str) -> str | None:
    if isinstance(template, str):
        return template
    if isinstance(template, dict):
        n = params.get("count")
        if isinstance(n, dict) and n.get("$") == "count":
            n = n.get("n")
        category = plural_category(language, n) if isinstance(n, int | float) else "other"
        found = template.get(category, template.get("other"))
        return str(found) if isinstance(found, str) else None
    return None


def render(message: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """``message`` in ``language``; the English catalogue where ``language`` lacks it."""
    if language not in LANGUAGES:
        language = normalise_language(language)
    params = message.get("params") or {}
    template: Any = catalogue(language).get(message["id"])
    if type(template) is not str:  # plural forms (or none): picked by the count
        template = _pick(template, params, language)
        if template is None and language != DEFAULT_LANGUAGE:
            language = DEFAULT_LANGUAGE
            template = _pick(catalogue(language).get(message["id"]), params, language)
        if template is None:
            return str(message["id"])  # a message nobody wrote: caught by scripts/check_i18n.py
    parts = _plain_fields(template)
    try:
        if parts is None:
            return _Formatter(language).vformat(template, (), dict(params))
        out = []
        for literal, field, spec in parts:
            out.append(literal)
            if field is not None:
                # ``render_value`` of a plain word or number inlined (the same text); a spec
                # formats the text as before.
                value = params[field]
                kind = type(value)
                if kind is str:
                    text = value
                elif kind is int:
                    text = str(value)
                else:
                    text = render_value(value, language)
                out.append(format(text, spec) if spec else text)
        return "".join(out)
    except (KeyError, IndexError, ValueError):
        return str(template)


@cache
def _plain_fields(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """A template as its literal texts and fields, when every field is a plain name with at
    most a format spec ("{count}", "{left:>2}"): rendered as ``_Formatter`` renders it (the
    same text, the same errors), without its general machinery on every message. None for
    any other template (an index, an attribute, a conversion, a nested field, a stray brace):
    ``_Formatter`` renders it."""
    parts = []
    try:
        for literal, field, spec, conversion in _PARSER.parse(template):
            spec = spec or ""
            if field is not None and (not field.isidentifier() or conversion or "{" in spec):
                return None
            parts.append((literal, field, spec))
    except ValueError:
        return None
    return tuple(parts)


_PARSER = string.Formatter()


def render_value(value: Any, language: str) -> str:
    if isinstance(value, dict):
        kind = value.get("$")
        names = catalogue(language)["names"]
        if kind == "name":
            found = names.get(value["key"])
            if found is None:  # a setup word (setup_words.json) is a name too
                found = catalogue(language).get(value["key"])
            if isinstance(found, dict):  # a name with plural forms, used in the singular
                found = found.get("one")
            return str(found if found is not None else value.get("en", value["key"]))
        if kind == "count":
            n = value["n"]
            forms = names.get(value["key"])
            if not isinstance(forms, dict):
                forms = value.get("en") or {}
            word = forms.get(plural_category(language, n)) or forms.get("other") or value["key"]
            return f"{n} {word}"
        if kind == "list":
            items = [render_value(item, language) for item in value["items"]]
            if isinstance(value.get("join"), str):
                return str(value["join"]).join(items)
            return join_list(items, language, str(value.get("word") or "and"))
        if is_message(value):
            return render(Message(value), language)
    if isinstance(value, bool):
        return render(msg("words.yes" if value else "words.no"), language)
    return str(value)


def join_list(items: list[str], language: str, joiner: str = "and") -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    words = catalogue(language)["words"]
    word = words.get(joiner) or catalogue(DEFAULT_LANGUAGE)["words"].get(joiner) or joiner
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def render_text(value: Any, language: str = DEFAULT_LANGUAGE) -> str:
    """A stored text: a message rendered, or an old event's plain English text as it was."""
    if is_message(value):
        return render(Message(value), language)
    return "" if value is None else str(value)
