"""A game's settings merged over the defaults (``merged_settings``): read as they are when
merged, a setting the game does not hold read as its default, and merged again, as the game's
settings then are, at the next resolution."""

from __future__ import annotations

from deck_tracker.engine.rules.dotr.base.settings import default_settings, merged_settings
from deck_tracker.engine.systems import load_systems


def test_settings_are_merged_over_the_defaults_and_again_when_changed() -> None:
    load_systems()
    assert merged_settings(None) == default_settings() == merged_settings({})
    given = {"harder_setup": True}
    merged = merged_settings(given)
    assert merged == given  # the game's own settings, copied
    for name, default in default_settings().items():  # the rest read as their defaults
        assert merged[name] == ({name: default} | given)[name]
        assert merged.get(name) == merged[name] == merged.get(name, "other")
    assert merged.get("no_such_setting") is None
    assert merged.get("no_such_setting", 7) == 7
    given["harder_setup"] = False  # changed in place: merged again, as it now is
    assert merged["harder_setup"] is True  # what was merged before stays as it was read
    assert merged_settings(given)["harder_setup"] is False
    assert dict(merged_settings(given).items()) == given
    full = default_settings() | {"taint_loss": "last_crystal_placed"}
    assert dict(merged_settings(full)) == full


def test_a_setting_nobody_declared_is_refused_as_before() -> None:
    load_systems()
    merged = merged_settings({"harder_setup": True})
    try:
        merged["no_such_setting"]
    except KeyError:
        pass
    else:  # pragma: no cover - the assertion
        raise AssertionError("an unknown setting was read")
