"""Check the catalogues: every language has every key English has, with the same fields.

Run by ``make lint`` and by ``tests/test_i18n_catalogues.py``. It fails, naming each problem,
when a message id used in the engine's code is in no English catalogue, when a language misses a
key another language has (or has one English lacks), or when a translation uses a field
(``{location}``) the English does not give it.

Django's own words (``locale/<language>/LC_MESSAGES/django.po``): every entry must be
translated (no empty or fuzzy ``msgstr``, the same ``{fields}`` as its ``msgid``), and the
committed ``django.mo`` must hold exactly the ``.po``'s translations. The ``.mo`` is read with
the stdlib's ``gettext`` and compared entry by entry with the ``.po``, so the check does not
depend on which compiler wrote it (``msgfmt`` or ``django-admin compilemessages``); after
editing a ``.po``, run ``msgfmt -o django.mo django.po`` in its folder.
"""

from __future__ import annotations

import ast
import gettext
import re
import string
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deck_tracker.engine import i18n  # noqa: E402

# A message id written in the engine's code: msg("dotr.night.orc_patrols", ...).
MSG_CALL = re.compile(r"""\bmsg\(\s*["']([a-z0-9_.:-]+)["']""")


def fields(template: Any) -> set[str]:
    texts = template.values() if isinstance(template, dict) else [template]
    found: set[str] = set()
    for text in texts:
        if isinstance(text, str):
            found.update(f for _, f, _, _ in string.Formatter().parse(text) if f)
    return found


def flat(language: str) -> dict[str, Any]:
    cat = i18n.catalogue(language)
    entries = {k: v for k, v in cat.items() if k not in ("names", "words")}
    entries.update({f"names/{k}": v for k, v in cat["names"].items()})
    entries.update({f"words/{k}": v for k, v in cat["words"].items()})
    return entries


def engine_problems() -> list[str]:
    problems: list[str] = []
    english = flat(i18n.DEFAULT_LANGUAGE)
    for path in sorted((ROOT / "deck_tracker" / "engine").rglob("*.py")):
        for used in MSG_CALL.findall(path.read_text(encoding="utf-8")):
            if used not in english:
                where = path.relative_to(ROOT)
                problems.append(f"{where}: message {used!r} is in no English catalogue")
    for language in i18n.LANGUAGES:
        if language == i18n.DEFAULT_LANGUAGE:
            continue
        other = flat(language)
        for key in sorted(english.keys() - other.keys()):
            problems.append(f"engine catalogue {language!r} misses {key!r}")
        for key in sorted(other.keys() - english.keys()):
            problems.append(f"engine catalogue {language!r} has {key!r}, which English lacks")
        for key in sorted(english.keys() & other.keys()):
            extra = fields(other[key]) - fields(english[key])
            if extra:
                problems.append(
                    f"engine catalogue {language!r}: {key!r} uses unknown {sorted(extra)}"
                )
    return problems


PO_FIELD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (\".*\")$")


def read_po(path: Path) -> list[dict[str, Any]]:
    """The entries of a ``.po`` file: ``msgid``, ``msgstr`` (or ``msgstr[n]``), ``fuzzy``."""
    entries: list[dict[str, Any]] = []
    entry: dict[str, Any] = {}
    field = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if not line:
            if entry:
                entries.append(entry)
            entry, field = {}, ""
            continue
        if line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = True
        if line.startswith("#"):
            continue
        found = PO_FIELD.match(line)
        if found:
            field = found[1]
            entry[field] = ast.literal_eval(found[2])
        elif line.startswith('"') and field:
            entry[field] += ast.literal_eval(line)
    return entries


def po_problems(root: Path = ROOT) -> list[str]:
    problems: list[str] = []
    for po in sorted(root.glob("locale/*/LC_MESSAGES/*.po")):
        where = po.relative_to(root)
        expected: dict[str, str] = {}
        for entry in read_po(po):
            msgid = entry.get("msgid", "")
            if not msgid:
                continue  # the header
            translations = [v for k, v in entry.items() if k.startswith("msgstr")]
            if entry.get("fuzzy") or not translations or not all(translations):
                problems.append(f"{where}: {msgid!r} is not translated")
                continue
            for translation in translations:
                if fields(translation) != fields(msgid):
                    problems.append(f"{where}: {msgid!r} and its translation differ in fields")
            if "msgid_plural" not in entry:
                expected[msgid] = translations[0]
        mo = po.with_suffix(".mo")
        if not mo.exists():
            problems.append(f"{where}: no compiled {mo.name} beside it")
            continue
        with mo.open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        catalog: dict[str, str] = {
            k: v for k, v in compiled._catalog.items() if isinstance(k, str) and k
        }
        if catalog != expected:
            problems.append(
                f"{where}: {mo.name} is out of date (run msgfmt -o {mo.name} {po.name})"
            )
    return problems


def problems() -> list[str]:
    return engine_problems() + po_problems()


def main() -> int:
    found = problems()
    for problem in found:
        print(problem)
    print(f"check_i18n: {len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
