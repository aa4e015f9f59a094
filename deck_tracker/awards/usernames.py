"""Usernames: one spelling per name, and no name dressed up as another.

A username is stored normalised: Unicode NFKC (fullwidth letters become plain ones), then
case-folded (``ALICE`` becomes ``alice``), so the database's unique constraint is the uniqueness
check and two spellings of one name cannot both exist. Sign-in, invitations and the throttles'
keys all go through the same normalisation, and a name is found only when its normalised form is
the one asked for (a database's own case-insensitive match is no judge: PostgreSQL's
``UPPER()`` turns a dotless i, U+0131, into ``I``).

Refused at registration, because they exist only to be mistaken for another name:
* a name that mixes scripts with look-alike letters (a Cyrillic "a" in front of Latin "lice");
* a Latin name with letters beyond Latin-1 (``a-z``, ``à-ÿ``, ``ß``): among them are the dotless
  i (U+0131) that reads as ``i`` and letters whose mark vanishes at a phone's size (``ṙ``); the
  letters of the Western European languages stay welcome. ``USERNAME_EXTENDED_LATIN`` lifts
  this for a server whose players write Turkish, Polish, Vietnamese...;
* anything but letters, digits and ``@ . + - _`` (a trailing newline included).
A name written wholly in one other script (Cyrillic, Greek, ...) is accepted.
"""

from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import categories, confusables

# \Z, not $: "$" also matches before a final newline.
USERNAME = re.compile(r"[\w.@+-]{1,150}\Z")
LATIN_1_END = 0xFF


def normalize_username(raw: str) -> str:
    # Case folding can leave a string that NFKC would change again (and vice versa).
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", raw).casefold())


def _beyond_latin_1(name: str) -> bool:
    return any(
        ord(char) > LATIN_1_END and categories.alias(char) == "LATIN"
        for char in name
        if unicodedata.category(char).startswith("L")
    )


def username_problem(name: str, *, extended_latin: bool = False) -> str | None:
    """Why a (normalised) name may not be registered, or None."""
    if not USERNAME.match(name):
        return "Up to 150 letters, digits and @ . + - _ characters."
    if confusables.is_dangerous(name):
        return "This name mixes alphabets with look-alike letters; write it in one alphabet."
    if not extended_latin and _beyond_latin_1(name):
        return (
            "Write a Latin name with the letters a-z and à-ÿ: letters beyond them (a dotless "
            "i, an r with a dot) can pass for other names."
        )
    return None
