"""The documented choices of the scenarios (DX "Scenarios"), added to the game's settings."""

from __future__ import annotations

from deck_tracker.engine.settings import Setting

__all__ = ["SCENARIO_SETTINGS"]

SCENARIO_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "burning_land_fires",
        "all_starting",
        ("all_starting", "inns_and_city"),
        "The Burning Land: which fires must be out before a General falls to keep Brimstone "
        "away ('The Fire Tokens in the Inns and Cities must be extinguished before a General is "
        "killed'). all_starting (default): every fire set at the start (the story: 'The Heroes "
        "must douse the fires before the Red Dragon returns'; Brookdale Village and Seabird Port "
        "read as the 'Cities'); inns_and_city: only those of the 3 Inns and Monarch City.",
        "DX Scenario 5, Preventing the Appearance of Brimstone",
        title="Fires to put out before a General falls",
        sentence="Which fires must be out before a General falls to keep Brimstone away.",
        group="The Burning Land",
        labels=("Every fire set at the start", "The Inns and Monarch City only"),
        advanced=True,
    ),
)
