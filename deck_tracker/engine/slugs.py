"""Turn display names into stable ASCII ids ("Heaven's Glade" -> "heavens-glade")."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SLUG_PATTERN", "is_slug", "slugify"]

#: The shape every content id must have: lowercase ASCII words joined by single hyphens.
SLUG_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

_APOSTROPHES = re.compile(r"['\u2018\u2019\u02bc`\u00b4]")
_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """Lowercase ASCII words of ``name`` joined by ``-``.

    Apostrophes are dropped (so they do not split a word), accents are stripped, and every
    other run of non-alphanumeric characters becomes a single hyphen.
    """
    text = _APOSTROPHES.sub("", name)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _NON_WORD.sub("-", text.lower()).strip("-")


def is_slug(value: str) -> bool:
    """True when ``value`` already has the shape of an id."""
    return SLUG_PATTERN.fullmatch(value) is not None
