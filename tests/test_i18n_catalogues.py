"""Every language has every message, with the fields English gives it (scripts/check_i18n.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path


def load_check():  # type: ignore[no-untyped-def]
    path = Path(__file__).resolve().parent.parent / "scripts" / "check_i18n.py"
    spec = importlib.util.spec_from_file_location("check_i18n", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalogues_are_complete_in_every_language() -> None:
    assert load_check().problems() == []


def test_the_check_names_a_missing_translation(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    check = load_check()
    from deck_tracker.engine import i18n

    real = i18n.catalogue

    def lacking(language: str) -> dict:  # type: ignore[type-arg]
        cat = dict(real(language))
        if language == "de":
            cat.pop("dotr.night.all_is_quiet", None)
        return cat

    monkeypatch.setattr(i18n, "catalogue", lacking)
    assert "engine catalogue 'de' misses 'dotr.night.all_is_quiet'" in check.problems()
