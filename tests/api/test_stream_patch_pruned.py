"""The stream's patch (``stream.make_patch``, which passes over unchanged parts whole) is the
one ``jsonpatch.make_patch`` gives, operation for operation."""

from __future__ import annotations

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.live import stream

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([0.0, 1.0, 1.5]),
    st.sampled_from(["", "a", "b", "1"]),
)
documents = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.sampled_from("abcde"), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(documents, documents)
def test_the_same_patch_as_jsonpatch(src, dst) -> None:
    # Documents that share most of their parts, as a view and the next one do.
    for before, after in (({"x": src, "y": dst, "z": [src]}, {"x": src, "y": src, "z": [dst]}),):
        assert stream.make_patch(before, after) == jsonpatch.make_patch(before, after).patch
    assert stream.make_patch(src, dst) == jsonpatch.make_patch(src, dst).patch


def test_true_and_one_are_not_the_same() -> None:
    before, after = {"a": {"b": [1, {"c": 1}]}}, {"a": {"b": [True, {"c": 1.0}]}}
    assert stream.make_patch(before, after) == jsonpatch.make_patch(before, after).patch
    assert stream.make_patch(before, after)


def test_the_pruned_diff_is_used_here() -> None:
    assert stream.PRUNED_DIFF


def test_parts_the_same_json_only_with_their_types() -> None:
    # Equal in Python, not the same JSON: each gives jsonpatch an operation, and the stream too.
    for before, after in (
        ({"a": [0.0]}, {"a": [-0.0]}),
        ({"a": [1]}, {"a": [1.0]}),
        ({"a": {"b": 1}}, {"a": {"b": True}}),
        ({"a": [{"b": 0}]}, {"a": [{"b": False}]}),
    ):
        assert not stream._same_json(before, after)
        assert stream.make_patch(before, after) == jsonpatch.make_patch(before, after).patch
        assert stream.make_patch(before, after)
    # The same JSON written otherwise (a tuple, members in another order): no operation.
    assert stream.make_patch({"a": (1, 2)}, {"a": [1, 2]}) == []
    assert stream.make_patch({"a": {"b": 1, "c": 2}}, {"a": {"c": 2, "b": 1}}) == []
    assert stream._same_json({"a": [1, "x", None, 1.5]}, {"a": [1, "x", None, 1.5]})


def test_an_unchanged_actions_list_keeps_its_tag() -> None:
    from deck_tracker.games import selectors

    seat_stream = stream.SeatStream.__new__(stream.SeatStream)
    seat_stream.actions, seat_stream.actions_tag = None, None
    first = [{"type": "draw", "args": {"count": 1}}]
    seat_stream._note_actions(first)
    assert seat_stream.actions_tag == selectors.actions_tag(first)
    again = [{"type": "draw", "args": {"count": 1}}]
    assert seat_stream._note_actions(again) == selectors.actions_tag(first)
    assert seat_stream.actions_tag == selectors.actions_tag(again)
    changed = [{"type": "draw", "args": {"count": True}}]
    seat_stream._note_actions(changed)
    assert seat_stream.actions_tag == selectors.actions_tag(changed) != selectors.actions_tag(first)


# Lists of one length that differ in a few items, some only in their members' order (the same
# JSON), some holding tuples: what the stream's list matching meets, where it finds the only
# changed item without dumping the others.
items = st.one_of(
    documents,
    st.dictionaries(st.sampled_from("abcde"), leaves, max_size=4),
    st.tuples(leaves, leaves),
)


def _reordered(item):
    if isinstance(item, dict):
        return {key: _reordered(item[key]) for key in reversed(list(item))}
    if isinstance(item, list):
        return [_reordered(part) for part in item]
    return item


@settings(max_examples=400, deadline=None)
@given(
    st.lists(items, min_size=1, max_size=8),
    st.lists(st.tuples(st.integers(0, 7), items), max_size=3),
    st.booleans(),
)
def test_one_changed_item_the_same_patch_as_jsonpatch(src, changes, reorder) -> None:
    dst = [_reordered(item) if reorder else item for item in src]
    for index, item in changes:
        dst[index % len(dst)] = item
    for before, after in ((src, dst), ({"list": src, "n": 1}, {"list": dst, "n": 2})):
        assert stream.make_patch(before, after) == jsonpatch.make_patch(before, after).patch


def test_one_changed_item_found_as_jsonpatch_matches() -> None:
    builder = stream._Diff(
        [], [], jsonpatch.JsonPatch.json_dumper, pointer_cls=jsonpatch.JsonPointer
    )
    actions = [{"type": "draw", "available": True}, {"type": "undo", "available": False}]
    offered = [{"available": True, "type": "draw"}, {"type": "undo", "available": True}]
    assert stream._one_item_changed(builder, actions, offered) == 1
    assert stream._one_item_changed(builder, actions, actions) is None
    assert stream._one_item_changed(builder, actions, actions[:1]) is None
    assert stream._one_item_changed(builder, actions, offered[::-1]) is None
    assert stream._one_item_changed(builder, [1, 2], [True, 2]) == 0
    assert stream.make_patch(actions, offered) == [
        {"op": "replace", "path": "/1/available", "value": True}
    ]
