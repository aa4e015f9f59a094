"""Check the catalogues: every language has every key English has, with the same fields.

Run by ``make lint`` and by ``tests/test_i18n_catalogues.py``. It fails, naming each problem,
when a message id used in the engine's code is in no English catalogue, when a language misses a
key another language has (or has one English lacks), or when a translation uses a field
(``{location}``) the English does not give it.
"""

from __future__ import annotations

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


def problems() -> list[str]:
    return engine_problems()


def main() -> int:
    found = problems()
    for problem in found:
        print(problem)
    print(f"check_i18n: {len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
