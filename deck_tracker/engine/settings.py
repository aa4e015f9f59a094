"""A documented choice of a game system: where its rulebook is silent or its sources conflict.

Every game system lists its choices as :class:`Setting` values (``rules/<system>/settings.py``):
a default, the allowed values, why the default was picked and where it comes from. The setup
screen shows them; a game's are fixed at setup and kept in ``state["settings"]``.

Beside the record for the curious (``description``, ``source``), a setting speaks to players:
``title`` and ``sentence`` in plain words, ``group`` (the heading it appears under), ``labels``
(one plain label per allowed value) and ``advanced`` (shown behind "Advanced": a choice between
sources rather than a way to play). ``needs`` names the expansions it acts in (the rules fill it
in when they load the tables); ``only_with`` the values of other settings it acts with.

The words a player reads (``title``, ``sentence``, ``group``, ``labels``) are written here in
English and read in another language from the ``setup_words`` catalogues
(``locale/<language>/setup_words.json``, keys ``setting.<name>.title``, ``.sentence``,
``.label.<value>`` and ``setting.group.<group>``): :meth:`Setting.as_dict` takes the reader's
language. ``scripts/setup_words.py`` writes the English catalogue from these definitions; a
test checks that it agrees with them. The record for the curious (``description``, ``source``)
stays in English, as the rulebooks and sources are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .i18n import DEFAULT_LANGUAGE, catalogue, normalise_language

__all__ = ["Setting", "options_in", "translated", "word_key"]


def word_key(*parts: Any) -> str:
    """A catalogue key from its parts: ``word_key("setting", "mode", "label", True)``."""
    return ".".join(_part(part) for part in parts)


def _part(part: Any) -> str:
    if isinstance(part, bool):
        return "on" if part else "off"
    text = str(part).strip().lower()
    return "".join(c if c.isalnum() or c in "_-:" else "_" for c in text) or "_"


def translated(key: str, english: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``english`` in ``language``: the catalogue's ``key``, else the English as written."""
    language = normalise_language(language)
    if language == DEFAULT_LANGUAGE or not english:
        return english
    found = catalogue(language).get(key)
    return found if isinstance(found, str) else english


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    allowed: tuple[Any, ...]
    description: str
    source: str
    title: str = ""
    sentence: str = ""
    group: str = ""
    labels: tuple[str, ...] = ()
    advanced: bool = True
    needs: tuple[str, ...] = ()
    # Other settings this one acts with: (name, value) pairs that must all hold; a tuple value
    # holds when the other setting has any of its values.
    only_with: tuple[tuple[str, Any], ...] = ()

    def label(self, value: Any) -> str:
        """The plain label of an allowed value."""
        for allowed, label in zip(self.allowed, self.labels, strict=False):
            if type(allowed) is type(value) and allowed == value:
                return label
        if isinstance(value, bool):
            return "On" if value else "Off"
        return str(value).replace("_", " ").replace("-", " ")

    def english_words(self) -> dict[str, str]:
        """The words a player reads, by catalogue key (``scripts/setup_words.py``)."""
        words = {
            word_key("setting", self.name, "title"): self.shown_title(),
            word_key("setting", self.name, "sentence"): self.sentence,
        }
        for value in self.allowed:
            words[word_key("setting", self.name, "label", value)] = self.label(value)
        if self.group:
            words[word_key("setting", "group", self.group)] = self.group
        # A label that is a number, or the shape of a value ("{lord: lives}"), reads the same
        # in every language.
        return {
            key: text
            for key, text in words.items()
            if any(c.isalpha() for c in text) and "{" not in text
        }

    def shown_title(self) -> str:
        return self.title or self.name.replace("_", " ").capitalize()

    def label_in(self, value: Any, language: str = DEFAULT_LANGUAGE) -> str:
        """The plain label of a value, in ``language``."""
        return translated(
            word_key("setting", self.name, "label", value), self.label(value), language
        )

    def as_dict(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The setting for the setup screen, its player words in ``language``."""
        name = self.name
        return {
            "name": name,
            "default": self.default,
            "allowed": list(self.allowed),
            "description": self.description,
            "source": self.source,
            "title": translated(word_key("setting", name, "title"), self.shown_title(), language),
            "sentence": translated(word_key("setting", name, "sentence"), self.sentence, language),
            "group": translated(word_key("setting", "group", self.group), self.group, language),
            "choices": [
                {"value": value, "label": self.label_in(value, language)} for value in self.allowed
            ],
            "advanced": self.advanced,
            "needs": list(self.needs),
            "only_with": {
                name: list(value) if isinstance(value, tuple) else [value]
                for name, value in self.only_with
            },
        }


def options_in(options: list[dict[str, Any]], language: str) -> list[dict[str, Any]]:
    """Settings as :meth:`Setting.as_dict` gave them in English, their player words in
    ``language`` (for lists built once, in English, by a game system)."""
    if normalise_language(language) == DEFAULT_LANGUAGE:
        return options
    out = []
    for option in options:
        name = option["name"]
        out.append(
            option
            | {
                "title": translated(word_key("setting", name, "title"), option["title"], language),
                "sentence": translated(
                    word_key("setting", name, "sentence"), option["sentence"], language
                ),
                "group": translated(
                    word_key("setting", "group", option["group"]), option["group"], language
                ),
                "choices": [
                    choice
                    | {
                        "label": translated(
                            word_key("setting", name, "label", choice["value"]),
                            choice["label"],
                            language,
                        )
                    }
                    for choice in option["choices"]
                ],
            }
        )
    return out
