"""The documented choices of Companions & Catacombs (CC).

Where these rulebooks are silent or contradict themselves, the engine asks instead of guessing:
each entry is (name, default, allowed, description with the reason for the default, source), and
``base/settings.py`` adds them to the game's settings. They only act in a game with the expansion.
"""

from __future__ import annotations

from deck_tracker.engine.settings import Setting

__all__ = ["CC_SETTINGS"]

CC = "Companions & Catacombs: "

CC_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "companion_cost_unknown",
        "read_when_revealed",
        ("read_when_revealed", "stated_when_recruited"),
        CC + "a Companion whose cost nobody has entered (the rulebook's transcription: 'The "
        "cost icon on each Companion card is not legible in the images and is not "
        "transcribed'). read_when_revealed (default): when it is revealed at an Inn the table "
        "reads its cost (colour and number of Hero Cards) from the card, once, and the app "
        "remembers it for later games. stated_when_recruited: the recruiting player states the "
        "cost when paying it, for this game only.",
        "CC 'Companion Cards' (the cost icons are not transcribed)",
        title="A Companion's cost the app does not know",
        sentence=(
            "The table reads a Companion's cost from the card the first time it is revealed, "
            "or states it each time a Companion is recruited."
        ),
        group="Companions",
        labels=("Read it once, when revealed", "State it when recruiting"),
        advanced=True,
    ),
    Setting(
        "recruit_limit_per_visit",
        "one_companion",
        ("one_companion", "one_recruit_action"),
        CC + "what 'only 1 Companion may be Recruited each time a Hero visits an Inn' limits. "
        "one_companion (default, the note's own words): one Companion per visit; a Recruit that "
        "gains none may be tried again with another action. one_recruit_action: one Recruit "
        "action per visit, whatever it gains.",
        "CC 'Recruit Action' note",
        title="Recruiting at an Inn",
        sentence=(
            "A hero may recruit one Companion per visit to an Inn, or try to recruit only "
            "once per visit."
        ),
        group="Companions",
        labels=("One Companion per visit", "One try per visit"),
        advanced=True,
    ),
    Setting(
        "companion_shuffle_timing",
        "end_of_recruitment",
        ("end_of_recruitment", "when_revealed"),
        CC + "when an Event's 'Shuffle the Companion Cards' happens. end_of_recruitment "
        "(default): once the revealed cards of this recruitment are discarded, the discard pile "
        "and the deck are shuffled together, so every card comes back. when_revealed: at once; "
        "the cards still to resolve this time go to the discard pile afterwards.",
        "CC Event cards (silent on the timing)",
        title="When Companion cards are shuffled",
        sentence=(
            "An Event that shuffles the Companion cards does so once the recruiting is "
            "over, or at once."
        ),
        group="Companions",
        labels=("Once the recruiting is over", "At once"),
        advanced=True,
    ),
    Setting(
        "betrayal_without_companions",
        "no_effect",
        ("no_effect", "wound"),
        CC + "Betrayal rolls 1-3 for a Hero with no Companion. no_effect (default): no Companion "
        "can betray, so nothing happens. wound: the Hero still suffers 1 wound.",
        "CC 'Betrayal' (silent)",
        title="Betrayal with no Companion",
        sentence=(
            "A Betrayal against a hero with no Companion does nothing, or still wounds the hero."
        ),
        group="Companions",
        labels=("Nothing happens", "The hero is wounded"),
        advanced=True,
    ),
    Setting(
        "troll_renegades_hero_card",
        "discard",
        ("discard", "back_on_top"),
        CC + "the Hero card Troll Renegades reveals. discard (default, as Land Ablaze says of its "
        "revealed cards): it goes to the Hero discard pile. back_on_top: it goes back on top.",
        "CC 'Troll Renegades' (silent)",
        title="The Hero card Troll Renegades reveals",
        sentence="The revealed Hero card goes to the discard pile, or back on top of the deck.",
        group="Companions",
        labels=("To the discard pile", "Back on top"),
        advanced=True,
    ),
    Setting(
        "warlord_ties",
        "table_picks",
        ("table_picks", "alphabetical"),
        CC + "Mid and Late War Warlords go 'starting with locations nearest Monarch City'; the "
        "rulebook gives no order between locations at the same distance. table_picks (default): "
        "when the tokens run out within one distance, the table picks which get them. "
        "alphabetical: by location name.",
        "CC 'Warlord' (silent on ties)",
        title="Warlords at the same distance",
        sentence=(
            "When Warlords run out among locations as near to Monarch City, the table "
            "picks, or the app goes by name."
        ),
        group="Companions",
        labels=("The table picks", "By location name"),
        advanced=True,
    ),
    Setting(
        "warlords_per_location",
        "one",
        ("one", "stack"),
        CC + "a Warlords card and a location that already has a Warlord. one (default): a "
        "location holds at most one Warlord, so it takes none. stack: it takes another, and the "
        "to-hit bonus adds up.",
        "CC 'Warlord' (silent)",
        title="Warlords on one location",
        sentence=(
            "A location holds at most one Warlord, or Warlords stack and their bonuses add up."
        ),
        group="Companions",
        labels=("At most one", "They stack"),
        advanced=True,
    ),
    Setting(
        "token_overrun",
        "each_colour_present",
        ("each_colour_present", "table_picks_colour"),
        CC + "a Troll or Giant Spider added where 3 Minions stand taints the location and 'the "
        "Minions on that location overrun to each adjacent location'. each_colour_present "
        "(default): 1 Minion of every colour present there goes to each adjacent location. "
        "table_picks_colour: one colour overruns, as in a base overrun; the table names it.",
        "CC 'Giant Spiders' and 'Troll Renegade'",
        title="Trolls and Spiders that overrun",
        sentence=(
            "When a Troll or Giant Spider taints a location, every colour there overruns, "
            "or the table names one."
        ),
        group="Companions",
        labels=("Every colour present", "The table names one"),
        advanced=True,
    ),
    Setting(
        "dungeon_rooms_after_run",
        "shuffle_back",
        ("shuffle_back", "discard"),
        CC + "the Dungeon Rooms revealed by a run that ends in victory or death (leaving says "
        "'shuffled back'). shuffle_back (default): as when leaving. discard: to the Dungeon Room "
        "discard pile, reshuffled when the deck runs out.",
        "CC 'Dungeon Rules' 2 (silent on victory and death)",
        title="Dungeon Rooms after a run",
        sentence=(
            "After a run ends in victory or death, its rooms are shuffled back, or discarded."
        ),
        group="Dungeons",
        labels=("Shuffled back", "Discarded"),
        advanced=True,
    ),
    Setting(
        "dungeon_death_companions",
        "discarded",
        ("discarded", "returned_to_deck"),
        CC + "the Companions of a Hero who dies in a Dungeon. discarded (default): 'All other "
        "cards, including any Companions he might have recruited are discarded' (Hero Death in "
        "a Dungeon, the specific rule). returned_to_deck: as any slain Hero's, back into the "
        "Companion deck, shuffled (Companion Rules 2).",
        "CC 'Hero Death in a Dungeon' 1 vs 'Companion Rules' 2",
        title="Companions of a hero who dies in a Dungeon",
        sentence="They are discarded, or shuffled back into the Companion deck.",
        group="Dungeons",
        labels=("Discarded", "Back into the deck"),
        advanced=True,
    ),
    Setting(
        "dungeon_death_treasure_room",
        "stays_with_dungeon",
        ("stays_with_dungeon", "shuffled_back"),
        CC + "the Treasure Room card of a run that ends in death gets the Dungeon's marker 'as a "
        "reminder which Dungeon the Treasure Room is associated with'. stays_with_dungeon "
        "(default): it is set aside with the fallen Hero's Quest items and is the Treasure Room "
        "of that Dungeon's next run. shuffled_back: it returns to its deck; the items stay with "
        "the Dungeon token.",
        "CC 'Hero Death in a Dungeon' 1",
        title="The Treasure Room after a death",
        sentence="It waits with the Dungeon for the next run, or goes back into its deck.",
        group="Dungeons",
        labels=("Stays with the Dungeon", "Back into its deck"),
        advanced=True,
    ),
    Setting(
        "dungeon_escape_races",
        "in_game",
        ("in_game", "general_undefeated"),
        CC + "Minions that escape a Dungeon go to the board 'if their race is active'. in_game "
        "(default): the race's Minions are in this game. general_undefeated: only while the "
        "General of that colour is undefeated.",
        "CC 'Dungeon Rules' 4",
        title="Minions escaping a Dungeon",
        sentence=(
            "They reach the board if their kind is in this game, or only while their "
            "General still stands."
        ),
        group="Dungeons",
        labels=("If their kind is in the game", "Only while their General stands"),
        advanced=True,
    ),
    Setting(
        "conquered_dungeon_token",
        "box",
        ("box", "back_to_pool"),
        CC + "the Dungeon token removed after its Treasure Room is defeated. box (default): it "
        "leaves the game with its Treasure taken. back_to_pool: a later Dungeon Event may place "
        "it again.",
        "CC 'Treasure Rooms' 2 (silent)",
        title="A conquered Dungeon",
        sentence="Its token leaves the game, or may come back with a later Dungeon Event.",
        group="Dungeons",
        labels=("It leaves the game", "It may come back"),
        advanced=True,
    ),
)
