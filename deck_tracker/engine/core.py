"""State, events and the context a command runs in.

The game state is plain JSON-like data (dicts with string keys, lists, numbers, strings, None),
so it can be stored as the game's snapshot, diffed and sent as is. A command never edits the
state directly: it writes through :class:`Context`, which records each change. The changes made
before an event is emitted belong to that event, so applying an event is nothing more than
replaying its changes: ``fold(events)`` rebuilds the state without consulting any rule or random
source. The context also remembers each old value, which gives the exact inverse of a command
(its undo) for free.

Values stored in the state are treated as immutable: to change a list, build a new one and
``set`` it. Nothing else may mutate a value that the state holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .i18n import Message, Text, as_message, is_message, render, render_text

State = dict[str, Any]
Path = tuple[str, ...]
# A change is ["set", [key, ...], value], ["del", [key, ...]], or, on a list (a pile, whose top
# is its end), ["put", [key, ...], [items]] to append or ["take", [key, ...], n] to remove the last
# n items. Lists keep it JSON-native; put and take keep a draw from a long pile small in the log.
Change = list[Any]


@dataclass(slots=True)
class Step:
    """One instruction for the physical table, with the rule it applies.

    ``text`` and ``rule`` are messages (``i18n.msg``), rendered in the reader's language when the
    event is read; a plain string is English text that no catalogue knows (kept as it is). The
    record keeps the English rendering too, for readers that know no messages.
    """

    text: Text
    rule: Text

    def as_dict(self) -> dict[str, Any]:
        # ``render_text`` inlined: each text asked once whether it is a message.
        text, rule = self.text, self.rule
        text_is_message, rule_is_message = is_message(text), is_message(rule)
        record: dict[str, Any] = {
            "text": render(text) if text_is_message else _plain(text),  # type: ignore[arg-type]
            "rule": render(rule) if rule_is_message else _plain(rule),  # type: ignore[arg-type]
        }
        if text_is_message:
            record["msg"] = text
        if rule_is_message:
            record["rule_msg"] = rule
        return record


class LazyStep(Step):
    """A step whose text is made when first read: ``make(*args)`` (a message built from
    immutable values, a board's names and counts), so that an event nobody reads (a benchmark,
    an undo replayed) never builds it. Read, it is the step ``Step(make(*args), rule)``."""

    # No dict per step (a night makes several); ``_text`` is set when the text is made.
    __slots__ = ("_args", "_make", "_text")

    def __init__(self, rule: Text, make: Callable[..., Text], *args: Any) -> None:
        self.rule = rule
        self._make: Callable[..., Text] | None = make
        self._args = args

    @property
    def text(self) -> Text:
        make = self._make
        if make is not None:
            self._text = make(*self._args)
            self._make, self._args = None, ()
        return self._text

    @text.setter
    def text(self, value: Text) -> None:
        self._text, self._make, self._args = value, None, ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.text, self.rule) == (other.text, other.rule)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Step(text={self.text!r}, rule={self.rule!r})"


def _plain(value: Any) -> str:
    """A text that is no message, as ``render_text`` shows it."""
    return "" if value is None else str(value)


class Event:
    """Something that happened. ``changes`` rebuild the state; the rest describes it.

    ``data`` is public, ``private`` maps a seat to what only that seat may see (a drawn hand, a
    peek), and ``hidden`` is seen by nobody while the game runs (a shuffled order). ``changes``
    are never shown to a client: they contain the draw piles.

    ``summary`` (the English of ``summary_msg``) and ``steps`` (each step's English with its
    messages) are rendered when first read, not when the rules emit the event: most events of a
    simulation or a benchmark are never read, and an event stored or sent is read once. What
    they render to is the same either way (the messages and the catalogues do not change in
    between: a value the state holds is never mutated, and a step is data).
    """

    __slots__ = (
        "_said",
        "_steps",
        "_summary",
        "_told",
        "actor",
        "changes",
        "data",
        "hidden",
        "private",
        "summary_msg",
        "type",
    )

    def __init__(
        self,
        type: str,
        summary: str = "",
        data: dict[str, Any] | None = None,
        steps: list[dict[str, Any]] | None = None,
        private: dict[str, Any] | None = None,
        hidden: dict[str, Any] | None = None,
        changes: list[Change] | None = None,
        actor: str | None = None,
        # The summary as a message (rendered in the reader's language); ``summary`` its English.
        summary_msg: Message | None = None,
    ) -> None:
        self.type = type
        self._summary: str | None = summary
        self._said: Text = ""
        self.data = {} if data is None else data
        self._steps: list[dict[str, Any]] | None = [] if steps is None else steps
        self._told: Sequence[Step] = ()
        self.private = {} if private is None else private
        self.hidden = {} if hidden is None else hidden
        self.changes = [] if changes is None else changes
        self.actor = actor
        self.summary_msg = summary_msg

    @classmethod
    def told(
        cls,
        type: str,
        summary: Text,
        steps: Sequence[Step],
        data: dict[str, Any],
        private: dict[str, Any],
        hidden: dict[str, Any],
        changes: list[Change],
        actor: str | None,
    ) -> Event:
        """An event as the rules emit it: its summary and steps rendered when first read."""
        event = cls.__new__(cls)
        event.type = type
        event._summary = None
        event._said = summary
        event.data = data
        event._steps = None
        event._told = steps
        event.private = private
        event.hidden = hidden
        event.changes = changes
        event.actor = actor
        # ``as_message`` inlined (a message is a plain dict): one call less per event.
        event.summary_msg = (
            summary  # type: ignore[assignment]
            if isinstance(summary, dict)
            and isinstance(summary.get("id"), str)
            and "params" in summary
            else None
        )
        return event

    @property
    def summary(self) -> str:
        text = self._summary
        if text is None:
            text = self._summary = _english(self._said)
            self._said = ""
        return text

    @summary.setter
    def summary(self, value: str) -> None:
        self._summary = value
        self._said = ""

    @property
    def steps(self) -> list[dict[str, Any]]:
        steps = self._steps
        if steps is None:
            steps = self._steps = [step.as_dict() for step in self._told]
            self._told = ()
        return steps

    @steps.setter
    def steps(self, value: list[dict[str, Any]]) -> None:
        self._steps = value
        self._told = ()

    _COMPARED = ("type", "summary", "data", "steps", "private", "hidden", "changes", "actor")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name) for name in (*self._COMPARED, "summary_msg")
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in (*self._COMPARED, "summary_msg")
        )
        return f"Event({fields})"

    def as_record(self) -> dict[str, Any]:
        record = {
            "type": self.type,
            "summary": self.summary,
            "data": self.data,
            "steps": self.steps,
            "private": self.private,
            "hidden": self.hidden,
            "changes": self.changes,
            "actor": self.actor,
        }
        if self.summary_msg is not None:
            record["summary_msg"] = self.summary_msg
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Event:
        return cls(
            type=record["type"],
            summary=record.get("summary", ""),
            data=record.get("data") or {},
            steps=record.get("steps") or [],
            private=record.get("private") or {},
            hidden=record.get("hidden") or {},
            changes=record.get("changes") or [],
            actor=record.get("actor"),
            summary_msg=record.get("summary_msg"),
        )


def _english(said: Text) -> str:
    """``render_text(said)``: a summary in English. A message whose parameters are plain words
    and numbers (a player's name, a count) reads alike each time (the catalogues do not change
    while the process runs): its English is kept by what it is made of (the first event of a
    command is read at once, for the undo history's label, and most often is such a message)."""
    if type(said) is dict:
        params = said.get("params")
        ident = said.get("id")
        if type(params) is dict and type(ident) is str:
            # Each parameter's type asked in the loop (a summary has one to three): cheaper
            # than ``map`` and a set's ``issuperset`` on this interpreter.
            for value in params.values():
                if type(value) not in _PLAIN:
                    return render_text(said)
            key = (ident, *params.items())
            text = _SUMMARIES.get(key)
            if text is None:
                text = render_text(said)
                if len(_SUMMARIES) >= _SUMMARIES_KEPT:
                    _SUMMARIES.clear()
                _SUMMARIES[key] = text
            return text
    return render_text(said)


# The kinds of parameter a summary's English is kept for: their text is the value's own (not
# ``bool``, read as "yes"/"no", nor a name or a count, read from a catalogue).
_PLAIN = frozenset({str, int})
# (message id, *parameters) -> the English; a few hundred at most.
_SUMMARIES: dict[tuple[Any, ...], str] = {}
_SUMMARIES_KEPT = 512


def ended(result: str, reason: Text, rule: Text, **extra: Any) -> dict[str, Any]:
    """A game's ``outcome`` as the state keeps it: its ``reason`` and ``rule`` in English (for
    readers that know no messages), each with its message (``reason_msg``, ``rule_msg``) when it
    is one, rendered in the reader's language when read (``views.words_in``). A reason the table
    typed (a plain string) is kept as typed; so is an outcome stored before messages."""
    outcome: dict[str, Any] = {
        "result": result,
        "reason": render_text(reason),
        "rule": render_text(rule),
        **extra,
    }
    if is_message(reason):
        outcome["reason_msg"] = reason
    if is_message(rule):
        outcome["rule_msg"] = rule
    return outcome


def outcome_in(outcome: Any, language: str) -> Any:
    """An ``outcome`` (:func:`ended`) with its reason and rule read in ``language``; an outcome
    stored before messages, or a reason the table typed, is shown as stored."""
    if not isinstance(outcome, dict):
        return outcome
    worded = dict(outcome)
    for key in ("reason", "rule"):
        if is_message(outcome.get(f"{key}_msg")):
            worded[key] = render_text(outcome[f"{key}_msg"], language)
    return worded


def snapshot(value: Any) -> Any:
    """A copy of JSON-like data, so that a recorded change never shares objects with the state.

    A later ``put`` or ``take`` inside a dict that a ``set`` recorded would otherwise change the
    record too, and replaying both would apply the ``put`` twice.
    """
    kind = type(value)
    if kind is dict:
        # A C-level copy, then only the nested containers copied in turn (most dicts the rules
        # write, a location's minions, a General, hold none).
        copy = value.copy()
        for key, item in copy.items():
            if type(item) in _CONTAINERS:
                copy[key] = snapshot(item)
        return copy
    if kind is list:
        # Most lists the rules write (a card put on a pile) hold no container: told in C.
        if _CONTAINER_TYPES.isdisjoint(map(type, value)):
            return value.copy()
        return [snapshot(item) if type(item) in _CONTAINERS else item for item in value]
    return value


_CONTAINERS = (dict, list)
_CONTAINER_TYPES = frozenset(_CONTAINERS)
# An event made without its constructor (``Event.told``, ``Context.emit``).
_new_event = object.__new__


def get_in(state: State, path: Sequence[str], default: Any = None) -> Any:
    node: Any = state
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


def _parent(state: State, path: Sequence[str]) -> dict[str, Any]:
    """The dict holding ``path``'s last key, the dicts on the way made where missing."""
    if (  # a deck's pile (two dicts deep), the most frequent, without a loop
        len(path) == 3
        and (node := state.get(path[0])) is not None
        and (node := node.get(path[1])) is not None
    ):
        return node  # type: ignore[no-any-return]
    node = state
    for key in path[:-1]:
        child = node.get(key)
        if child is None:
            child = {}
            node[key] = child
        node = child
    return node


def apply_change(state: State, change: Change) -> None:
    op, path = change[0], change[1]
    parent = _parent(state, path)
    if op == "set":
        parent[path[-1]] = change[2]
    elif op == "put":
        parent[path[-1]] = [*parent.get(path[-1], []), *change[2]]
    elif op == "take":
        pile = parent[path[-1]]
        parent[path[-1]] = pile[: len(pile) - change[2]]
    elif op == "del":
        parent.pop(path[-1], None)
    else:  # pragma: no cover - the engine writes only these
        raise ValueError(f"unknown change {op!r}")


def apply_changes(state: State, changes: Iterable[Change]) -> State:
    for change in changes:
        apply_change(state, change)
    return state


def apply_event(state: State, event: Event) -> State:
    """state + event -> state (in place, and returned for chaining)."""
    return apply_changes(state, event.changes)


def fold(events: Iterable[Event], state: State | None = None) -> State:
    state = {} if state is None else state
    for event in events:
        apply_event(state, event)
    return state


@dataclass(frozen=True)
class Keyed:
    """A cache key that carries what the value is made from without being part of the key:
    ``functools.lru_cache`` on a function of a ``Keyed`` caches by ``key`` alone (thread-safe,
    bounded), the function reading ``source`` (a game's state, a board) on a miss."""

    key: Any
    source: Any = field(compare=False, hash=False)

    def take(self) -> Any:
        """The source, let go of: the cache keeps this key, never the state it was made from."""
        source = self.source
        object.__setattr__(self, "source", None)
        return source


@dataclass(frozen=True)
class Replayed:
    """What an undo or a redo replays, from storage: the changes of the command it replays
    (backward for undo, forward for redo) and that command's label as a message (its first
    event's summary), when there is one."""

    changes: list[Any]
    label_msg: Any = None


@dataclass(frozen=True)
class Brings:
    """What a player of the award tracker brings to the seat they take, as data: the Fame
    cup their group keeps, and per hero the rewards their player holds (``grant_reward``'s
    arguments, without the seat). The game system decides which apply (``System.brought``)."""

    fame_cup: tuple[Any, ...] = ()
    rewards: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)


class Context:
    """What a command handler works with: the state, the random source and the actor.

    Every write goes through :meth:`set` or :meth:`delete`; :meth:`emit` closes an event with
    the changes written since the previous one.
    """

    # Whether the rules build the texts of their steps (QuietContext: no).
    narrate = True
    # What a simulation counts as the rules resolve (a game system's own counter, e.g. the
    # overruns per location of a forecast); None: nobody counts. Never part of the state.
    tally: Any = None

    def __init__(
        self,
        state: State,
        *,
        rng: random.Random,
        actor: str | None,
        replayed: Replayed | None = None,
        brings: Brings | None = None,
    ) -> None:
        self.state = state
        self.rng = rng
        self.actor = actor
        # Inputs that come from storage rather than from the player: what an undo or a redo
        # replays, what a player of the award tracker brings to their seat.
        self.replayed = replayed
        self.brings = brings
        self.events: list[Event] = []
        self._pending: list[Change] = []
        # The inverse of every write, oldest first: replayed newest first, they undo the command.
        self._journal: list[Change] = []
        # The roots of the state written (keys only): the undo entry leaves out no write when
        # none is under the roots it skips.
        self._roots: dict[str, None] = {}

    def get(self, *path: str, default: Any = None) -> Any:
        return get_in(self.state, path, default)

    def set(self, *path_and_value: Any) -> None:
        # The hot path of every rule: one traversal (``_parent`` inlined), one shared (never
        # mutated) path list.
        path = [*path_and_value]
        value = path.pop()
        parent = self.state
        # The path read by index: no slice of it made (each would be one more container for the
        # garbage collector to count).
        for index in range(len(path) - 1):
            key = path[index]
            child = parent.get(key)
            if child is None:
                child = parent[key] = {}
            parent = child
        key = path[-1]
        self._journal.append(["set", path, parent[key]] if key in parent else ["del", path])
        self._roots[path[0]] = None
        parent[key] = value
        self._pending.append(
            ["set", path, snapshot(value) if type(value) in _CONTAINERS else value]
        )

    def set_copied(self, *path_value_and_copy: Any) -> None:
        """``set(*path, value)``, with ``copy`` (the caller's copy of ``value``, sharing nothing
        with it) recorded as the value written instead of ``snapshot(value)``: for a long list
        of flat dicts, copied in C rather than walked item by item (the undo history's trim)."""
        path = list(path_value_and_copy[:-2])
        value = path_value_and_copy[-2]
        parent = _parent(self.state, path)
        key = path[-1]
        self._journal.append(["set", path, parent[key]] if key in parent else ["del", path])
        self._roots[path[0]] = None
        parent[key] = value
        self._pending.append(["set", path, path_value_and_copy[-1]])

    def adjust(self, *path_and_delta: Any) -> dict[str, Any]:
        """Add a number to a count: ``adjust(*path, key, delta)`` adds ``delta`` to the number at
        ``key`` of the dict at ``path``. Written as a changed copy of that dict (one ``set``);
        returns the dict as it is now, to be read at once (a simulation writes on into it)."""
        # ``set(*path, counts)`` with one traversal: the dict at ``path`` exists (it is read).
        parent = self.state
        for key in path_and_delta[:-3]:
            parent = parent[key]
        key = path_and_delta[-3]
        old = parent[key]
        counts = dict(old)
        counts[path_and_delta[-2]] += path_and_delta[-1]
        path = list(path_and_delta[:-2])
        self._journal.append(["set", path, old])
        self._roots[path[0]] = None
        parent[key] = counts
        self._pending.append(["set", path, snapshot(counts)])
        return counts

    def shift(self, key: str, count: int, into: Path, out_of: Path) -> dict[str, Any]:
        """Move ``count`` from one count to another: ``adjust(*into, key, count)`` then
        ``adjust(*out_of, key, -count)`` (minions from the supply onto a location) in one call,
        the same two writes recorded. Both dicts hold numbers only (counts), so the copy
        recorded for each change is a plain copy. Returns the dict at ``into`` as it is now."""
        journal, pending = self._journal, self._pending
        state = self.state
        roots = self._roots
        roots[into[0]] = roots[out_of[0]] = None
        if len(into) == 3:  # a location's minions: the path read without a loop
            parent = state[into[0]][into[1]]
        else:
            parent = state
            for step in into[:-1]:
                parent = parent[step]
        last = into[-1]
        old = parent[last]
        counts: dict[str, Any] = old.copy()
        counts[key] += count
        path = list(into)
        journal.append(["set", path, old])
        parent[last] = counts
        pending.append(["set", path, counts.copy()])
        if len(out_of) == 2:  # the supply's minions
            parent = state[out_of[0]]
        else:
            parent = state
            for step in out_of[:-1]:
                parent = parent[step]
        last = out_of[-1]
        old = parent[last]
        left = old.copy()
        left[key] -= count
        path = list(out_of)
        journal.append(["set", path, old])
        parent[last] = left
        pending.append(["set", path, left.copy()])
        return counts

    def delete(self, *path: str) -> None:
        parent = _parent(self.state, path)
        if path[-1] not in parent:
            return
        self._journal.append(["set", list(path), parent[path[-1]]])
        self._roots[path[0]] = None
        del parent[path[-1]]
        self._pending.append(["del", list(path)])

    def put(self, *path_and_items: Any) -> None:
        """Append items to the list at path (onto the top of a pile)."""
        items = path_and_items[-1]
        if not items:
            return
        parent = _parent(self.state, path_and_items[:-1])
        key = path_and_items[-2]
        if key not in parent:
            self.set(*path_and_items[:-1], list(items))
            return
        path = [*path_and_items]
        path.pop()
        self._journal.append(["take", path, len(items)])
        self._roots[path[0]] = None
        parent[key] = [*parent[key], *items]
        if type(items) is list and len(items) == 1 and type(items[0]) not in _CONTAINERS:
            # One card put on a pile (a discard), copied without ``snapshot``'s walk.
            self._pending.append(["put", path, items.copy()])
            return
        self._pending.append(["put", path, snapshot(items if type(items) is list else list(items))])

    def put_copied(self, *path_items_and_copy: Any) -> None:
        """``put(*path, items)``, with ``copy`` (the caller's copy of the list ``items``, sharing
        nothing with them) recorded as the items put instead of ``snapshot(items)``: for flat
        items the caller has just made (the undo history's entry, copied in C)."""
        items = path_items_and_copy[-2]
        if not items:
            return
        # The path made once (no slices of the arguments); a list two keys deep (the undo
        # history's) reached without a loop.
        path = [*path_items_and_copy]
        copy = path.pop()
        path.pop()
        key = path[-1]
        parent = self.state.get(path[0]) if len(path) == 2 else None
        if parent is None or key not in parent:
            parent = _parent(self.state, path)
            if key not in parent:
                self.set_copied(*path, list(items), copy)
                return
        self._journal.append(["take", path, len(items)])
        self._roots[path[0]] = None
        parent[key] = [*parent[key], *items]
        self._pending.append(["put", path, copy])

    def append_copied(self, root: str, key: str, item: Any, copy: Any) -> None:
        """``put_copied(root, key, [item], [copy])``: one item the caller has just made (with
        its copy) put on the list two keys deep, the undo history's entry at every command,
        without the arguments' tuple and the path made from it."""
        parent = self.state.get(root)
        if parent is None or key not in parent:
            self.put_copied(root, key, [item], [copy])
            return
        path = [root, key]
        self._journal.append(["take", path, 1])
        self._roots[root] = None
        parent[key] = [*parent[key], item]
        self._pending.append(["put", path, [copy]])

    def take(self, *path_and_count: Any) -> list[Any]:
        """Remove and return the last ``count`` items of the list at path (the top of a pile)."""
        count = path_and_count[-1]
        parent = _parent(self.state, path_and_count[:-1])
        key = path_and_count[-2]
        pile = parent[key]
        if count <= 0:
            return []
        cut = len(pile) - count
        taken = pile[cut:] if type(pile) is list else list(pile[cut:])
        path = [*path_and_count]
        path.pop()
        self._journal.append(["put", path, taken])
        self._roots[path[0]] = None
        parent[key] = pile[:cut]
        self._pending.append(["take", path, count])
        return taken

    def emit(
        self,
        type: str,
        summary: Text,
        *,
        data: dict[str, Any] | None = None,
        steps: Iterable[Step] = (),
        private: dict[str, Any] | None = None,
        hidden: dict[str, Any] | None = None,
    ) -> Event:
        # The texts are rendered when the event is first read (stored, sent), not here.
        # ``Event.told`` inlined: one call less per event.
        event = _new_event(Event)
        event.type = type
        event._summary = None
        event._said = summary
        event.data = data or {}
        event._steps = None
        event._told = tuple(steps)
        event.private = private or {}
        event.hidden = hidden or {}
        event.changes = self._pending
        event.actor = self.actor
        event.summary_msg = (
            summary  # type: ignore[assignment]
            if isinstance(summary, dict)
            and isinstance(summary.get("id"), str)
            and "params" in summary
            else None
        )
        self._pending = []
        self.events.append(event)
        return event

    def attach_pending_to_last_event(self) -> None:
        """Writes made after the last emit (bookkeeping) join that event."""
        if self._pending:
            if not self.events:
                raise RuntimeError("a command changed the state without emitting an event")
            self.events[-1].changes.extend(self._pending)
            self._pending = []

    def rollback(self) -> None:
        """Restore the state as it was before this context touched it."""
        for change in reversed(self._journal):
            apply_change(self.state, change)
        self._journal.clear()
        self._roots.clear()
        self._pending.clear()
        self.events.clear()

    def backward_changes(self, *, skip_roots: frozenset[str] = frozenset()) -> list[Change]:
        """The changes that take the state back to before this command (newest write first),
        those under ``skip_roots`` left out."""
        if skip_roots.isdisjoint(self._roots):  # no write under them: the journal, reversed
            return self._journal[::-1]
        return [change for change in reversed(self._journal) if change[1][0] not in skip_roots]

    def forward_changes(self, *, skip_roots: frozenset[str] = frozenset()) -> list[Change]:
        """This command's changes in the order written (its events', then those written since
        its last event), those under ``skip_roots`` left out."""
        changes: list[Change] = []
        for event in self.events:
            changes += event.changes
        changes += self._pending
        if skip_roots.isdisjoint(self._roots):
            return changes
        return [change for change in changes if change[1][0] not in skip_roots]


class QuietContext(Context):
    """A context for simulation: the same rules, none of the table's bookkeeping.

    Writes go straight into a copy-on-write view of the given state (the dicts on a written
    path are copied the first time they are written through, the rest is shared), so the state
    handed in is never changed. No change is recorded for an event or for undo, and events
    carry their type, summary and data only (the rules that follow a command read those): no
    steps, no private or hidden parts, no changes. ``narrate`` is False, so the board rules do
    not build the texts of their steps. The resulting state is the one a :class:`Context` would
    leave; ``tests/engine/dotr/test_simulate.py`` holds the two to it.
    """

    narrate = False

    def __init__(
        self,
        state: State,
        *,
        rng: random.Random,
        actor: str | None,
    ) -> None:
        root = dict(state)
        super().__init__(root, rng=rng, actor=actor)
        # The dicts this context made (by id; kept alive here so an id is never reused): only
        # those may be written in place.
        self._own: dict[int, dict[str, Any]] = {id(root): root}

    def _writable_parent(self, path: Sequence[str]) -> dict[str, Any]:
        node = self.state
        own = self._own
        for key in path[:-1]:
            child = node.get(key)
            if child is None:
                child = node[key] = {}
            elif id(child) in own:
                node = child
                continue
            else:
                child = node[key] = child.copy()
            own[id(child)] = child
            node = child
        return node

    def set(self, *path_and_value: Any) -> None:
        # The hot path of every rule: the first step of the path unrolled (the root is this
        # context's own copy), the rest through _writable_parent.
        size = len(path_and_value)
        state = self.state
        if size == 2:
            state[path_and_value[0]] = path_and_value[1]
            return
        root = path_and_value[0]
        node = state.get(root)
        own = self._own
        if node is None:
            node = state[root] = {}
            own[id(node)] = node
        elif id(node) not in own:
            node = state[root] = node.copy()
            own[id(node)] = node
        if size == 3:
            node[path_and_value[1]] = path_and_value[2]
            return
        key = path_and_value[1]
        child = node.get(key)
        if child is None:
            child = node[key] = {}
            own[id(child)] = child
        elif id(child) not in own:
            child = node[key] = child.copy()
            own[id(child)] = child
        if size == 4:
            child[path_and_value[2]] = path_and_value[3]
            return
        self._writable_parent(path_and_value[:-1])[path_and_value[-2]] = path_and_value[-1]

    def adjust(self, *path_and_delta: Any) -> dict[str, Any]:
        # The counts are changed in place once this context owns their dict (copied on the
        # first write, as any dict on a written path): no new dict per minion placed.
        counts = self.state
        own = self._own
        for key in path_and_delta[:-2]:
            child = counts[key]
            if id(child) not in own:
                child = counts[key] = child.copy()
                own[id(child)] = child
            counts = child
        counts[path_and_delta[-2]] += path_and_delta[-1]
        return counts

    def shift(self, key: str, count: int, into: Path, out_of: Path) -> dict[str, Any]:
        counts = self.adjust(*into, key, count)
        self.adjust(*out_of, key, -count)
        return counts

    def delete(self, *path: str) -> None:
        self._writable_parent(path).pop(path[-1], None)

    def put(self, *path_and_items: Any) -> None:
        items = path_and_items[-1]
        if not items:
            return
        parent = self._writable_parent(path_and_items[:-1])
        key = path_and_items[-2]
        parent[key] = [*parent.get(key, ()), *items]

    def set_copied(self, *path_value_and_copy: Any) -> None:
        self.set(*path_value_and_copy[:-1])

    def put_copied(self, *path_items_and_copy: Any) -> None:
        self.put(*path_items_and_copy[:-1])

    def append_copied(self, root: str, key: str, item: Any, copy: Any) -> None:
        self.put(root, key, [item])

    def take(self, *path_and_count: Any) -> list[Any]:
        count = path_and_count[-1]
        parent = self._writable_parent(path_and_count[:-1])
        key = path_and_count[-2]
        pile = parent[key]
        if count <= 0:
            return []
        cut = len(pile) - count
        parent[key] = pile[:cut]
        return list(pile[cut:])

    def emit(
        self,
        type: str,
        summary: Text,
        *,
        data: dict[str, Any] | None = None,
        steps: Iterable[Step] = (),
        private: dict[str, Any] | None = None,
        hidden: dict[str, Any] | None = None,
    ) -> Event:
        # Nobody reads a simulated night: a message summary is kept unrendered.
        if isinstance(summary, str):
            event = Event(type, summary, data or {}, actor=self.actor)
        else:
            event = Event(type, "", data or {}, actor=self.actor, summary_msg=as_message(summary))
        self.events.append(event)
        return event

    def attach_pending_to_last_event(self) -> None:
        return None

    def rollback(self) -> None:
        """Nothing to restore: the state handed in was never written."""
        self.events.clear()

    def backward_changes(self, *, skip_roots: frozenset[str] = frozenset()) -> list[Change]:
        return []

    def forward_changes(self, *, skip_roots: frozenset[str] = frozenset()) -> list[Change]:
        return []
