"""The documented choices of Companions & Catacombs (CC).

Where these rulebooks are silent or contradict themselves, the engine asks instead of guessing:
each entry is (name, default, allowed, description with the reason for the default, source), and
``base/settings.py`` adds them to the game's settings. They only act in a game with the expansion.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CC_SETTINGS"]

CC = "Companions & Catacombs: "

CC_SETTINGS: tuple[tuple[str, Any, tuple[Any, ...], str, str], ...] = (
    (
        "recruit_limit_per_visit",
        "one_companion",
        ("one_companion", "one_recruit_action"),
        CC + "what 'only 1 Companion may be Recruited each time a Hero visits an Inn' limits. "
        "one_companion (default, the note's own words): one Companion per visit; a Recruit that "
        "gains none may be tried again with another action. one_recruit_action: one Recruit "
        "action per visit, whatever it gains.",
        "CC 'Recruit Action' note",
    ),
    (
        "companion_shuffle_timing",
        "end_of_recruitment",
        ("end_of_recruitment", "when_revealed"),
        CC + "when an Event's 'Shuffle the Companion Cards' happens. end_of_recruitment "
        "(default): once the revealed cards of this recruitment are discarded, the discard pile "
        "and the deck are shuffled together, so every card comes back. when_revealed: at once; "
        "the cards still to resolve this time go to the discard pile afterwards.",
        "CC Event cards (silent on the timing)",
    ),
    (
        "betrayal_without_companions",
        "no_effect",
        ("no_effect", "wound"),
        CC + "Betrayal rolls 1-3 for a Hero with no Companion. no_effect (default): no Companion "
        "can betray, so nothing happens. wound: the Hero still suffers 1 wound.",
        "CC 'Betrayal' (silent)",
    ),
    (
        "troll_renegades_hero_card",
        "discard",
        ("discard", "back_on_top"),
        CC + "the Hero card Troll Renegades reveals. discard (default, as Land Ablaze says of its "
        "revealed cards): it goes to the Hero discard pile. back_on_top: it goes back on top.",
        "CC 'Troll Renegades' (silent)",
    ),
    (
        "warlord_ties",
        "table_picks",
        ("table_picks", "alphabetical"),
        CC + "Mid and Late War Warlords go 'starting with locations nearest Monarch City'; the "
        "rulebook gives no order between locations at the same distance. table_picks (default): "
        "when the tokens run out within one distance, the table picks which get them. "
        "alphabetical: by location name.",
        "CC 'Warlord' (silent on ties)",
    ),
    (
        "warlords_per_location",
        "one",
        ("one", "stack"),
        CC + "a Warlords card and a location that already has a Warlord. one (default): a "
        "location holds at most one Warlord, so it takes none. stack: it takes another, and the "
        "to-hit bonus adds up.",
        "CC 'Warlord' (silent)",
    ),
    (
        "token_overrun",
        "each_colour_present",
        ("each_colour_present", "table_picks_colour"),
        CC + "a Troll or Giant Spider added where 3 Minions stand taints the location and 'the "
        "Minions on that location overrun to each adjacent location'. each_colour_present "
        "(default): 1 Minion of every colour present there goes to each adjacent location. "
        "table_picks_colour: one colour overruns, as in a base overrun; the table names it.",
        "CC 'Giant Spiders' and 'Troll Renegade'",
    ),
    (
        "dungeon_rooms_after_run",
        "shuffle_back",
        ("shuffle_back", "discard"),
        CC + "the Dungeon Rooms revealed by a run that ends in victory or death (leaving says "
        "'shuffled back'). shuffle_back (default): as when leaving. discard: to the Dungeon Room "
        "discard pile, reshuffled when the deck runs out.",
        "CC 'Dungeon Rules' 2 (silent on victory and death)",
    ),
    (
        "dungeon_death_companions",
        "discarded",
        ("discarded", "returned_to_deck"),
        CC + "the Companions of a Hero who dies in a Dungeon. discarded (default): 'All other "
        "cards, including any Companions he might have recruited are discarded' (Hero Death in "
        "a Dungeon, the specific rule). returned_to_deck: as any slain Hero's, back into the "
        "Companion deck, shuffled (Companion Rules 2).",
        "CC 'Hero Death in a Dungeon' 1 vs 'Companion Rules' 2",
    ),
    (
        "dungeon_death_treasure_room",
        "stays_with_dungeon",
        ("stays_with_dungeon", "shuffled_back"),
        CC + "the Treasure Room card of a run that ends in death gets the Dungeon's marker 'as a "
        "reminder which Dungeon the Treasure Room is associated with'. stays_with_dungeon "
        "(default): it is set aside with the fallen Hero's Quest items and is the Treasure Room "
        "of that Dungeon's next run. shuffled_back: it returns to its deck; the items stay with "
        "the Dungeon token.",
        "CC 'Hero Death in a Dungeon' 1",
    ),
    (
        "dungeon_escape_races",
        "in_game",
        ("in_game", "general_undefeated"),
        CC + "Minions that escape a Dungeon go to the board 'if their race is active'. in_game "
        "(default): the race's Minions are in this game. general_undefeated: only while the "
        "General of that colour is undefeated.",
        "CC 'Dungeon Rules' 4",
    ),
    (
        "conquered_dungeon_token",
        "box",
        ("box", "back_to_pool"),
        CC + "the Dungeon token removed after its Treasure Room is defeated. box (default): it "
        "leaves the game with its Treasure taken. back_to_pool: a later Dungeon Event may place "
        "it again.",
        "CC 'Treasure Rooms' 2 (silent)",
    ),
)
