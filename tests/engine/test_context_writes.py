"""The context's writes read their path without a loop where it has a known depth (a location's
minions and the supply's for ``shift``, a deck's pile for ``put`` and ``take``) and ``set`` by
index: held here to the same writes through the path sliced and read one key at a time, for any
depth and any state, missing dicts included (the state after, the changes recorded, the
rollback)."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.engine.core import Change, Context, QuietContext, snapshot

# Piles and counts at depths 1 to 4, and paths through dicts not there yet.
PILES = [
    ("decks", "ds", "draw"),
    ("decks", "ds", "discard"),
    ("decks", "quest", "draw"),
    ("pile",),
    ("a", "b"),
    ("a", "c", "d", "e"),
]
MISSING = [("decks", "new", "draw"), ("fresh", "x", "y"), ("new",)]
COUNTS = [("board", "inn", "minions"), ("board", "town", "minions"), ("supply", "minions")]
COUNTS += [("counts",), ("a", "b", "c", "d"), ("a", "x", "y")]


class Walked(Context):
    """The writes as they were: the path read one key at a time."""

    def set(self, *path_and_value: Any) -> None:
        path = list(path_and_value[:-1])
        value = path_and_value[-1]
        parent = self.state
        for key in path_and_value[:-2]:
            child = parent.get(key)
            if child is None:
                child = parent[key] = {}
            parent = child
        key = path_and_value[-2]
        self._journal.append(["set", path, parent[key]] if key in parent else ["del", path])
        parent[key] = value
        self._pending.append(["set", path, snapshot(value)])

    def put(self, *path_and_items: Any) -> None:
        items = path_and_items[-1]
        if not items:
            return
        parent = self.state
        for step in path_and_items[:-2]:
            child = parent.get(step)
            if child is None:
                child = parent[step] = {}
            parent = child
        key = path_and_items[-2]
        if key not in parent:
            self.set(*path_and_items[:-1], list(items))
            return
        path = list(path_and_items[:-1])
        self._journal.append(["take", path, len(items)])
        parent[key] = [*parent[key], *items]
        self._pending.append(["put", path, snapshot(list(items))])

    def take(self, *path_and_count: Any) -> list[Any]:
        count = path_and_count[-1]
        parent = self.state
        for step in path_and_count[:-2]:
            child = parent.get(step)
            if child is None:
                child = parent[step] = {}
            parent = child
        key = path_and_count[-2]
        pile = parent[key]
        if count <= 0:
            return []
        cut = len(pile) - count
        taken = list(pile[cut:])
        path = list(path_and_count[:-1])
        self._journal.append(["put", path, taken])
        parent[key] = pile[:cut]
        self._pending.append(["take", path, count])
        return taken

    def shift(self, key: str, count: int, into: Any, out_of: Any) -> dict[str, Any]:
        counts = self.adjust(*into, key, count)
        self.adjust(*out_of, key, -count)
        return counts


def nested(paths: list[tuple[str, ...]], value: Any) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for path in paths:
        node = state
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = copy.deepcopy(value)
    return state


def after(context_type: type[Context], state: dict[str, Any], writes: Any) -> Any:
    state = copy.deepcopy(state)
    ctx = context_type(state, rng=random.Random(1), actor="1")
    results: list[Any] = []
    for write in writes:
        try:
            results.append(write(ctx))
        except (KeyError, AttributeError) as error:
            # A pile not there, a path through a pile: refused the same way, nothing written.
            results.append(repr(error))
    changes: list[Change] = copy.deepcopy(ctx._pending)
    journal = copy.deepcopy(ctx._journal)
    written = copy.deepcopy(ctx.state)
    ctx.rollback()
    return results, written, changes, journal, ctx.state


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(PILES + MISSING),
            st.sampled_from(["put", "put_copied", "take"]),
            st.integers(0, 3),
        ),
        max_size=8,
    )
)
def test_put_and_take_write_as_the_path_read_key_by_key(
    steps: list[tuple[tuple[str, ...], str, int]],
) -> None:
    """``put_copied`` with a copy of the items as ``put`` (the reference's walked ``put``)."""
    state = nested(PILES, ["x", "y", "z"])

    def write(path: tuple[str, ...], how: str, n: int, reference: bool) -> Any:
        items = [f"card-{n}"] * n
        if how == "put_copied" and not reference:
            return lambda ctx: ctx.put_copied(*path, items, list(items))
        if how in ("put", "put_copied"):
            return lambda ctx: ctx.put(*path, list(items))
        return lambda ctx: ctx.take(*path, n)

    writes = [write(*step, reference=False) for step in steps]
    walked = [write(*step, reference=True) for step in steps]
    assert after(Context, state, writes) == after(Walked, state, walked)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(COUNTS), st.sampled_from(COUNTS), st.integers(-2, 2)),
        max_size=8,
    )
)
def test_shift_writes_as_two_adjusts(
    steps: list[tuple[tuple[str, ...], tuple[str, ...], int]],
) -> None:
    state = nested(COUNTS, {"red": 3, "blue": 1})

    def write(into: tuple[str, ...], out_of: tuple[str, ...], n: int) -> Any:
        return lambda ctx: ctx.shift("red", n, into, out_of)

    writes = [write(*step) for step in steps]
    assert after(Context, state, writes) == after(Walked, state, writes)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(PILES + MISSING + COUNTS),
            st.one_of(st.integers(0, 3), st.just({"red": 1}), st.just(["x", ["y"]])),
        ),
        max_size=8,
    )
)
def test_set_writes_as_the_path_sliced_and_read_key_by_key(
    steps: list[tuple[tuple[str, ...], Any]],
) -> None:
    state = nested(PILES, ["x", "y", "z"])

    def write(path: tuple[str, ...], value: Any) -> Any:
        return lambda ctx: ctx.set(*path, copy.deepcopy(value))

    writes = [write(*step) for step in steps]
    assert after(Context, state, writes) == after(Walked, state, writes)


SKIPPED = frozenset({"version", "history"})
# Writes at roots the undo entry keeps and at those it skips (the dispatcher's bookkeeping).
WRITES = st.lists(
    st.tuples(
        st.sampled_from(["set", "put", "take", "delete", "shift", "adjust", "emit"]),
        st.sampled_from(["board", "version", "history", "decks"]),
        st.integers(min_value=0, max_value=3),
    ),
    max_size=14,
)


@settings(max_examples=300, deadline=None)
@given(writes=WRITES)
def test_the_undo_entry_leaves_out_the_writes_under_the_skipped_roots(
    writes: list[tuple[str, str, int]],
) -> None:
    """``backward_changes``/``forward_changes`` (the journal reversed, the events' changes and
    those since, as they are when no write is under ``skip_roots``) equal the changes filtered
    one by one, whichever roots were written."""
    state: dict[str, Any] = {
        root: {"x": {"n": 1, "m": 2}, "pile": ["a", "b", "c"]}
        for root in ("board", "version", "history", "decks")
    }
    state["supply"] = {"n": 9, "m": 9}
    ctx = Context(state, rng=random.Random(1), actor="1")
    for op, root, number in writes:
        if op == "set":
            ctx.set(root, "x", "n", number)
        elif op == "put":
            ctx.put(root, "pile", [str(number)])
        elif op == "take" and state[root].get("pile"):
            ctx.take(root, "pile", 1)
        elif op == "delete":
            ctx.delete(root, "gone" if number % 2 else "pile")
        elif op == "shift":
            ctx.shift("n", 1, (root, "x"), ("supply",))
        elif op == "adjust":
            ctx.adjust(root, "x", "m", number)
        elif op == "emit":
            ctx.emit("x", "Plain English")
    for skip in (SKIPPED, frozenset(), frozenset({"board"})):
        expected_backward = [c for c in reversed(ctx._journal) if c[1][0] not in skip]
        expected_forward = [
            c for changes in [*(e.changes for e in ctx.events), ctx._pending] for c in changes
        ]
        expected_forward = [c for c in expected_forward if c[1][0] not in skip]
        assert ctx.backward_changes(skip_roots=skip) == expected_backward
        assert ctx.forward_changes(skip_roots=skip) == expected_forward


# What a pile may be given: cards, and values that are containers (copied, never shared).
ITEMS = st.lists(
    st.one_of(
        st.text(max_size=3),
        st.integers(),
        st.none(),
        st.lists(st.text(max_size=2), max_size=2),
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    ),
    min_size=1,
    max_size=3,
)


def shares_a_container(recorded: Any, given: Any) -> bool:
    """Whether ``recorded`` is, or holds, one of the containers of ``given``."""
    ids = set()
    stack = [given]
    while stack:
        value = stack.pop()
        if isinstance(value, dict | list):
            ids.add(id(value))
            stack.extend(value.values() if isinstance(value, dict) else value)
    stack = [recorded]
    while stack:
        value = stack.pop()
        if isinstance(value, dict | list):
            if id(value) in ids:
                return True
            stack.extend(value.values() if isinstance(value, dict) else value)
    return False


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(PILES + MISSING), items=ITEMS)
def test_a_single_item_put_records_a_copy_as_snapshot_did(
    path: tuple[str, ...], items: list[Any]
) -> None:
    """``put`` of one item (a discard) copies it without ``snapshot``'s walk: the same state,
    changes and journal as the walked ``put``, and the change shares no container with the
    items given (a later write into them must not reach the record)."""
    state = nested(PILES, ["x", "y", "z"])
    assert after(Context, state, [lambda ctx: ctx.put(*path, items)]) == after(
        Walked, state, [lambda ctx: ctx.put(*path, list(items))]
    )
    ctx = Context(copy.deepcopy(state), rng=random.Random(1), actor="1")
    ctx.put(*path, items)
    assert not shares_a_container(ctx._pending, items)


# Two keys deep: the undo history's list, a list not there yet, a root not there yet, a dict.
TWO_DEEP = [("history", "done"), ("a", "b"), ("history", "undone"), ("fresh", "x"), ("decks", "ds")]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(TWO_DEEP), st.integers(0, 9)),
        max_size=6,
    )
)
def test_append_copied_writes_as_put_copied(steps: list[tuple[tuple[str, str], int]]) -> None:
    """``append_copied`` (the undo history's entry) writes, records and rolls back exactly as
    ``put_copied`` with the one item and its copy, in a live and in a quiet context."""
    state = nested(PILES, ["x", "y", "z"])
    state["history"] = {"done": [{"version": 1}]}

    def entry(n: int) -> dict[str, Any]:
        return {"version": n, "type": "night", "actor": "1", "label": f"night {n}"}

    appended = [
        lambda ctx, p=path, n=n: ctx.append_copied(*p, entry(n), entry(n)) for path, n in steps
    ]
    put = [lambda ctx, p=path, n=n: ctx.put_copied(*p, [entry(n)], [entry(n)]) for path, n in steps]
    assert after(Context, state, appended) == after(Context, state, put)
    assert after(QuietContext, state, appended) == after(QuietContext, state, put)
