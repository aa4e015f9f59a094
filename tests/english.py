"""Finding English in what a German reader reads: the screens of a German phone (the browser
scan, ``tests/browser/test_languages.py``) and the API's answers in German.

English is what an English catalogue says in words its German differs from: every run of at
least three words of an English value (``english_sentences``), a few common English words German
never writes (``ENGLISH_WORDS``) and, where a test asks, the English names a German catalogue
names otherwise (``english_names``: "Chapel" where German reads "Kapelle").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = (
    ROOT / "deck_tracker" / "engine" / "locale",
    ROOT / "frontend" / "static" / "frontend" / "locale",
)

# Common English words that German never writes, whole words, case kept as printed.
ENGLISH_WORDS = re.compile(r"\b(?:[Tt]he|[Aa]nd|[Ww]ith|[Dd]raw|[Pp]lace|[Cc]ards?)\b")
# What a German reader may meet with those words in it, and why:
ALLOWED = (
    # The names of the expansions, as the game's boxes print them; German players know the
    # games by these names (the German editions were never published).
    "The Hero's Calling",
    "Companions & Catacombs",
    "King's Champion",
    "Defenders of the Realm",
)


def flat(node: Any, key: str = "") -> dict[str, str]:
    """A catalogue's words by key path (plural forms and nested groups flattened)."""
    if isinstance(node, str):
        return {key: node}
    if isinstance(node, dict):
        return {k: v for sub, child in node.items() for k, v in flat(child, f"{key}/{sub}").items()}
    return {}


def english_sentences() -> set[str]:
    """Every run of at least 3 words of an English catalogue value (between its placeholders, a
    sentence at a time) whose German differs and does not hold it: words a German reader
    should never meet."""
    found: set[str] = set()
    for root in CATALOGUES:
        for path in sorted((root / "en").glob("*.json")):
            english = flat(json.loads(path.read_text()))
            german_path = root / "de" / path.name
            german = flat(json.loads(german_path.read_text())) if german_path.exists() else {}
            for key, value in english.items():
                if key.rsplit("/", 1)[-1].startswith("_") or german.get(key, value) == value:
                    continue
                for part in re.split(r"\{[^}]*\}|<[^>]*>|\n|[.;:!?](?:\s|$)", value):
                    part = part.strip(" .,;:·()\u2013\u2014-\"'\u201c\u201d")
                    if len(part.split()) >= 3 and part not in german[key]:
                        found.add(part)
    return found


def english_names(catalogue: str) -> set[str]:
    """The English names of ``catalogue`` (``names_td.json``: the spaces, Regions, tokens and
    characters of Talisman: The Dragon) that German names otherwise: on a German screen of that
    game, such a name is English left over."""
    root = CATALOGUES[0]
    english = json.loads((root / "en" / catalogue).read_text())["names"]
    german = json.loads((root / "de" / catalogue).read_text())["names"]
    return {
        value
        for key, value in english.items()
        if isinstance(value, str) and german.get(key) not in (None, value)
    }


def english_left(
    text: str, sentences: set[str], spared: Iterable[str] = (), names: Iterable[str] = ()
) -> list[str]:
    """The English sentences, words and ``names`` (whole words) in ``text``, a German reader's
    screen or answer, ``spared`` texts aside: one finding a line."""
    named = sorted(names, key=len, reverse=True)
    found_names = re.compile(r"\b(?:" + "|".join(map(re.escape, named)) + r")\b") if named else None
    found = []
    for line in text.splitlines():
        plain = line
        for kept in (*ALLOWED, *spared):
            plain = plain.replace(kept, "")
        hit = next((s for s in sentences if s in plain), None)
        words = ENGLISH_WORDS.search(plain) or (found_names.search(plain) if found_names else None)
        if hit or words:
            found.append(f"{(hit or words.group(0))!r} in {line.strip()[:140]!r}")
    return found


def english_in(value: Any, sentences: set[str], names: Iterable[str] = ()) -> list[str]:
    """The English in every string of ``value`` (an API answer: dicts and lists walked), each
    finding with where it is (``state.track.name: ...``). The messages kept beside their words
    (``msg``, ``reason_msg``: ids and parameters, not words a reader reads) are left aside."""
    found: list[str] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, str):
            found.extend(f"{where}: {hit}" for hit in english_left(node, sentences, names=names))
        elif isinstance(node, dict):
            for key, child in node.items():
                if key != "msg" and not str(key).endswith("_msg"):
                    walk(child, f"{where}.{key}" if where else str(key))
        elif isinstance(node, list):
            for i, child in enumerate(node):
                walk(child, f"{where}[{i}]")

    walk(value, "")
    return found
