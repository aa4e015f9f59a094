"""Usernames: one spelling per name, and no name dressed up as another.

A username is stored normalised: Unicode NFKC (fullwidth letters become plain ones), then
case-folded (``ALICE`` becomes ``alice``), so the database's unique constraint is the uniqueness
check and two spellings of one name cannot both exist. A name that mixes scripts with look-alike
letters (a Cyrillic "a" in front of Latin "lice") is refused at registration: it exists only to
be mistaken for another. A name written wholly in one script (Cyrillic, Greek, ...) is accepted.
"""

from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import confusables

USERNAME = re.compile(r"^[\w.@+-]{1,150}$")


def normalize_username(raw: str) -> str:
    # Case folding can leave a string that NFKC would change again (and vice versa).
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", raw).casefold())


def username_problem(name: str) -> str | None:
    """Why a (normalised) name may not be registered, or None."""
    if not USERNAME.match(name):
        return "Up to 150 letters, digits and @ . + - _ characters."
    if confusables.is_dangerous(name):
        return "This name mixes alphabets with look-alike letters; write it in one alphabet."
    return None
