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
