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
    Setting(
        "all_is_quiet_five_six",
        "removed",
        ("removed", "as_scenario"),
        "A scenario that puts All is Quiet cards in the deck (The Land is Dying and The Burning "
        "Land: 'All 4 All is Quiet cards should be added'; Realm in Flames: 2; Rampaging "
        "Dragons' easier variant) played by 5 or 6 heroes, whose rules say 'Remove all of the "
        "Darkness Spreads All Is Quiet cards from the deck. They will not be used in the game.' "
        "The rulebook does not say which wins. removed (default): the 5-6 player rules, written "
        "'to keep the balance of a challenging game when adding a 5th Hero'; as_scenario: the "
        "scenario's count ('players may change the set up to make the game easier').",
        "DX 'Rules for 5 or 6 Players' vs Scenarios 2, 4, 5 (silent on the combination)",
        title="All is Quiet cards with 5 or 6 heroes",
        sentence=(
            "This scenario puts All is Quiet cards in the deck, the rules for 5 or 6 heroes "
            "take them out: which wins."
        ),
        group="Players",
        labels=("Take them out", "As the scenario says"),
        advanced=True,
        only_with=(("player_count", (5, 6)),),
    ),
)
