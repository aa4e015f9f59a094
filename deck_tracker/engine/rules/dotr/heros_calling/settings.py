"""The documented choices of The Hero's Calling (HC).

Each entry is (name, default, allowed, description with the reason for the default, source);
``base/settings.py`` adds them to the game's settings. They only act in a game with the expansion.
"""

from __future__ import annotations

from deck_tracker.engine.settings import Setting

__all__ = ["HC_SETTINGS"]

HC = "The Hero's Calling: "

HC_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "hc_base_heroes",
        False,
        (False, True),
        HC + "every hero is built from 3 ability cards. Off (default): a seat's hero is always "
        "built; on: a seat may also play a base-game hero.",
        "HC 'Constructing a Hero'",
        title="Heroes from the base game",
        sentence="Let a player play a base-game hero instead of building one from ability cards.",
        group="Heroes",
        labels=("Every hero is built", "Base heroes allowed"),
        advanced=False,
    ),
)
