"""Checks for the Dragon expansion's own decks (Global Effects, Winds of War, Sterling, Agents).

Registered into :data:`content_checks.CHECKS`. Values that players have not entered yet are null
(``content_fill.py``); a card whose required fields are still null is checked once they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .content import _CardChecker, _Where

__all__ = ["DRAGON_CHECKS", "GLOBAL_EFFECT_KINDS"]

GLOBAL_EFFECT_KINDS: tuple[str, ...] = ("good", "bad")


def _kind(kind: str, allowed: tuple[str, ...], w: _Where) -> None:
    if kind not in allowed:
        w.fail("kind", f"{kind!r} is not one of {', '.join(allowed)}")


def _optional_text(data: Mapping[str, Any], key: str, w: _Where) -> None:
    value = data.get(key)
    if value is not None and (not isinstance(value, str) or not value.strip()):
        w.fail(f"data.{key}", "expected a non-empty string or null")


def _optional_int(data: Mapping[str, Any], key: str, w: _Where, low: int, high: int) -> None:
    value = data.get(key)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        w.fail(f"data.{key}", f"expected an integer from {low} to {high}, or null")


def _global_effect(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, GLOBAL_EFFECT_KINDS, w)
    checker.text(data, "title", w)
    for key in ("immediate", "ongoing", "effect_key"):
        _optional_text(data, key, w)
    if data.get("immediate") is None and data.get("ongoing") is None:
        w.fail("data.ongoing", "a Global Effect has an immediate or an ongoing effect")


def _winds_of_war(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("winds_of_war",), w)
    for key in ("title", "action", "prevention"):
        checker.text(data, key, w)


def _sterling(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("encounter",), w)
    outcomes = data.get("outcomes")
    if not isinstance(outcomes, (list, tuple)) or len(outcomes) != 4:
        w.fail("data.outcomes", "expected the 4 bonuses, for 0, 1, 2 and 3 successes")
    for i, text in enumerate(outcomes):
        if not isinstance(text, str) or not text.strip():
            w.fail(f"data.outcomes[{i}]", "expected a non-empty string")


def _agent(checker: _CardChecker, kind: str, data: Mapping[str, Any], w: _Where) -> None:
    _kind(kind, ("agent",), w)
    if checker.general(data, "general", w, nullable=False) is None:  # pragma: no cover
        w.fail("data.general", "an Agent serves one dragon General")
    checker.location(data, "start", w, nullable=True)
    _optional_int(data, "life", w, 1, 20)
    _optional_int(data, "to_hit", w, 2, 6)
    for key in ("title", "activation", "text"):
        _optional_text(data, key, w)


DRAGON_CHECKS = {
    "global_effects": _global_effect,
    "winds_of_war": _winds_of_war,
    "sterling": _sterling,
    "agents": _agent,
}
