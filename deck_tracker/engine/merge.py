"""Merging a command sent on an old version with the commands that came in between.

Two phones that enter independent things at once (each wounding its own hero) should not refuse
each other. A command may declare the parts of the state it reads and writes (``touches`` in
``@command``: paths such as ``("heroes", "2")``). A command sent on an old version is rebased
onto the current state, and applied there, when:

* it declares its parts, and none of the changes written since the phone's version touches one
  of them (a path touches another when one is a prefix of the other), nor a part every command
  reads (``ALWAYS_READ``: the outcome, whether the game is closed, the pending choices, the
  settings, and the undo history's redo list);
* run on the current state, it writes only inside its declared parts (the undo history and the
  version aside). A rule that follows the command (an observer) and writes elsewhere makes it
  refused as before: the order would then matter.

Then the result is the same in either order, so the server applies it without asking the phone.
Everything else stays refused with ``stale_version``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .commands import REGISTRY, Outcome, run, validate_args
from .core import Change, Context, State
from .errors import EngineError

Path = tuple[str, ...]

ALWAYS_READ: tuple[Path, ...] = (
    ("outcome",),
    ("closed",),
    ("pending",),
    ("system",),
    ("settings",),
    ("expansions",),
    ("history", "undone"),
)
# Written by every command, in commit order; never a conflict by itself.
BOOKKEEPING: tuple[Path, ...] = (("version",), ("history", "done"))

__all__ = ["ALWAYS_READ", "changed_paths", "footprint", "rebase"]


def _touch(a: Sequence[str], b: Sequence[str]) -> bool:
    """One path is a prefix of the other (the same part of the state, or one inside the other)."""
    n = min(len(a), len(b))
    return tuple(a[:n]) == tuple(b[:n])


def _bookkeeping(path: Sequence[str]) -> bool:
    """A change since the phone's version that never conflicts by itself."""
    return any(tuple(path[: len(b)]) == b for b in BOOKKEEPING)


def _own_bookkeeping(path: Sequence[str]) -> bool:
    """What running any command writes besides its parts: the version and the undo history
    (a new entry, and the redo list cleared, as the phone that sent it expected)."""
    return path[0] in ("version", "history")


def changed_paths(changes: Iterable[Iterable[Change]]) -> list[Path]:
    """The paths that stored changes wrote (each event's ``changes``)."""
    return [tuple(str(key) for key in change[1]) for batch in changes for change in batch]


def footprint(state: State, name: str, raw_args: Any, actor: str | None) -> list[Path] | None:
    """The parts of the state the command declares; None when it declares none."""
    spec = REGISTRY.get(name)
    if spec is None or spec.touches is None:
        return None
    args = validate_args(spec, raw_args)  # bad arguments are a 400, stale or not
    try:
        return [tuple(path) for path in spec.touches(state, args, actor)]
    except (EngineError, KeyError, TypeError, ValueError):
        return None


def rebase(
    state: State,
    context: Context,
    name: str,
    raw_args: Any,
    *,
    changed: Sequence[Path],
) -> Outcome | None:
    """Run the command on ``state`` when the ``changed`` paths leave its parts alone.

    None (and the state untouched) when it cannot be merged; a rule's refusal propagates as it
    would for a command on the current version.
    """
    parts = footprint(state, name, raw_args, context.actor)
    if not parts:
        return None
    reads = [*parts, *ALWAYS_READ]
    for path in changed:
        if not _bookkeeping(path) and any(_touch(path, part) for part in reads):
            return None
    outcome = run(state, context, name, raw_args)
    written = [change[1] for event in outcome.events for change in event.changes]
    escaped = [
        path
        for path in written
        if not _own_bookkeeping(path) and not any(_inside(path, part) for part in parts)
    ]
    if escaped:
        context.rollback()
        return None
    return outcome


def _inside(path: Sequence[str], part: Path) -> bool:
    return len(path) >= len(part) and tuple(path[: len(part)]) == part
