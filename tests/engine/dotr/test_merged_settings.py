"""A game's settings merged over the defaults once per settings dict (``merged_settings``), and
merged again when that dict holds something else."""

from __future__ import annotations

from deck_tracker.engine.rules.dotr.base.settings import default_settings, merged_settings
from deck_tracker.engine.systems import load_systems


def test_settings_are_merged_over_the_defaults_and_again_when_changed() -> None:
    load_systems()
    assert merged_settings(None) == default_settings() == merged_settings({})
    given = {"harder_setup": True}
    merged = merged_settings(given)
    assert merged == default_settings() | given
    assert merged_settings(given) is merged  # the same dict: merged once
    given["harder_setup"] = False  # changed in place: merged again
    assert merged_settings(given) == default_settings() | {"harder_setup": False}
    assert merged_settings(dict(given)) == merged_settings(given)
