"""Write the English setup words catalogue from where the words are defined.

The settings, scenarios and games offered are written in English in the engine; their German
(and any other language) lives in ``deck_tracker/engine/locale/<language>/setup_words.json``.
Run this after changing a setting's or scenario's words; ``scripts/check_i18n.py`` then names
the keys another language misses, and ``tests/engine/test_setup_words.py`` fails while the
English catalogue disagrees with the definitions.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deck_tracker.engine.i18n import LOCALE_DIR  # noqa: E402
from deck_tracker.engine.setup_words import english_words  # noqa: E402

ABOUT = (
    "English, as defined in the engine (settings, scenarios, games offered): written by "
    "scripts/setup_words.py, do not edit by hand."
)


def main() -> int:
    path = LOCALE_DIR / "en" / "setup_words.json"
    data = {"_about": ABOUT, **english_words()}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(data) - 1} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
