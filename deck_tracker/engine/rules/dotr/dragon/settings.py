"""The documented choices of the Dragon expansion (DX).

Each entry is (name, default, allowed, description with the reason for the default, source);
``base/settings.py`` adds them to the game's settings. They act only in a game with the expansion
(``setup["expansions"]`` holding ``"dragon"``). The base setting ``all_is_quiet`` defaults to
off in such a game: 'It is recommended that the All is Quiet Cards be removed' (DX), and the
5-6 player rules remove them; given explicitly, it is kept (an easier game).
"""

from __future__ import annotations

from deck_tracker.engine.settings import Setting

__all__ = ["DRAGON_SETTINGS"]

DX = "Dragon expansion: "

DRAGON_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "fire_tokens",
        10,
        (10, 8),
        DX + "how many Fire Tokens Brimstone has. The rules say 10 throughout ('placing one of "
        "the 10 Fire Tokens', 'all 10 of the Fire Tokens are on the board'); the component "
        "list says 8. 10 (default): the rules, which the loss condition is written for.",
        "DX 'Brimstone' vs 'Components'",
        title="Brimstone's Fire Tokens",
        sentence=(
            "How many Fire Tokens Brimstone has; when all are on the board, he attacks "
            "Monarch City."
        ),
        group="Dragons and fire",
        labels=("10", "8"),
        advanced=True,
    ),
    Setting(
        "global_effects_good",
        3,
        (0, 1, 2, 3, 4, 5),
        DX + "Good Global Effects shuffled into the Darkness Spreads deck (the recommended "
        "setup keeps 3 of the 5). At most 6 Global Effects in all and 4 of one kind.",
        "DX 'Establishing Global Effects'",
        title="Good Global Effects",
        sentence="How many Good Global Effect cards go into the Darkness Spreads deck.",
        group="The Darkness Spreads",
        advanced=False,
    ),
    Setting(
        "global_effects_bad",
        2,
        (0, 1, 2, 3, 4, 5),
        DX + "Bad Global Effects shuffled into the Darkness Spreads deck (recommended: 2 of 5).",
        "DX 'Establishing Global Effects'",
        title="Bad Global Effects",
        sentence="How many Bad Global Effect cards go into the Darkness Spreads deck.",
        group="The Darkness Spreads",
        advanced=False,
    ),
    Setting(
        "player_count",
        4,
        (4, 5, 6),
        DX + "4: one to four players (the base rules). 5: no All is Quiet, heroes dealt at "
        "random, 1 starting Hero Card, hand limit 8. 6: as 5 but no starting Hero Card, hand "
        "limit 7, and 5 Specials removed at random.",
        "DX 'Rules for 5 or 6 Players'",
        title="Number of heroes",
        sentence=(
            "How many heroes play: with 5 or 6, the All is Quiet cards go, heroes are dealt "
            "at random and hands are smaller."
        ),
        group="Players",
        labels=("1 to 4", "5", "6"),
        advanced=False,
    ),
    Setting(
        "six_player_specials",
        "in_addition",
        ("in_addition", "instead"),
        DX + "the 6-player rule 'remove 5 Specials at random' next to the expansion's '6 dealt "
        "into the box'. in_addition (default): both, 11 in the box (the 6-player rules are "
        "written for the expansion); instead: 5 in all.",
        "DX 'New Special Hero Cards' and 'Rules for 6 Players' (silent on the combination)",
        title="Special cards with 6 heroes",
        sentence=(
            "With 6 heroes, remove 5 more Special cards on top of the 6 the expansion "
            "removes, or 5 in all."
        ),
        group="Players",
        labels=("11 in all", "5 in all"),
        advanced=True,
        only_with=(("player_count", 6),),
    ),
    Setting(
        "dragon_darkness_spreads",
        "one_for_one",
        ("one_for_one", "entered_only"),
        DX + "a chosen dragon General's Darkness Spreads cards. one_for_one (default): they "
        "replace the base General's of that colour one for one, so the deck keeps its size; a "
        "card the app does not know yet is read from the table when it comes up. entered_only: "
        "only the dragon's cards already entered go in (a smaller deck).",
        "DX 'Setting up the Hero and Darkness Spreads Card Decks' (their cards are not published)",
        title="A dragon's Darkness Spreads cards",
        sentence=(
            "A dragon General's cards take the place of the base General's one for one; a card "
            "the app does not know yet is read from the table when it comes up."
        ),
        group="Dragons and fire",
        labels=("One for one (read when drawn)", "Only the cards entered"),
        advanced=True,
    ),
    Setting(
        "dragon_hero_cards",
        "one_for_one",
        ("one_for_one", "entered_only"),
        DX + 'a chosen dragon General\'s Hero Cards ("Replace the Hero Cards, too"): how many '
        "there are is printed nowhere. one_for_one (default): they replace the base General's "
        "location cards of that colour one for one, so the Hero deck keeps its size; the app "
        "counts them by their colour (the colour of the dragon's icon), which is what its rules "
        "read of a Hero Card, and knows the ones entered by their location. entered_only: only "
        "the dragon's cards already entered go in (a smaller deck).",
        "DX 'Setting up the Hero and Darkness Spreads Card Decks' (their cards are not published)",
        title="A dragon's Hero Cards",
        sentence=(
            "A dragon General's Hero Cards take the place of the base General's one for one; the "
            "app counts them by colour."
        ),
        group="Dragons and fire",
        labels=("One for one (counted by colour)", "Only the cards entered"),
        advanced=True,
    ),
    Setting(
        "sterling",
        False,
        (False, True),
        DX + "Sterling, Guardian Dragon of the Realm: her 3 cards join the Darkness Spreads "
        "deck (not counted among the Global Effects); using her makes the game easier.",
        "DX 'Sterling Rules'",
        title="Sterling, the Silver Dragon",
        sentence=(
            "Sterling's 3 cards join the Darkness Spreads deck; she helps heroes who find "
            "her (an easier game)."
        ),
        group="Allies and foes",
        labels=("Without Sterling", "With Sterling"),
        advanced=False,
    ),
    Setting(
        "sterling_pushes_brimstone",
        "never",
        ("never", "previous"),
        DX + "Sterling's 3-success bonus 'forces [a General] back 1 Location'; Brimstone has no "
        "path. never (default): she cannot push him; previous: he goes back where he flew from.",
        "DX 'Encountering Sterling' (silent on Brimstone)",
        title="Sterling and Brimstone",
        sentence="Whether Sterling can force Brimstone back, sending him to where he flew from.",
        group="Allies and foes",
        labels=("She cannot", "Back where he flew from"),
        advanced=True,
        only_with=(("sterling", True),),
    ),
    Setting(
        "winds_of_war",
        False,
        (False, True),
        DX + "the Winds of War board: Specials played for their action and Quiet Night cards "
        "go on it; at 3, the top Winds of War card is turned.",
        "DX 'Winds of War'",
        title="The Winds of War",
        sentence=(
            "Special cards played and Quiet Nights fill the Winds of War board; every third "
            "card turns a Winds of War card (a harder game)."
        ),
        group="Allies and foes",
        labels=("Without", "With the Winds of War"),
        advanced=False,
    ),
    Setting(
        "agent",
        "none",
        ("none", "el-fuego", "agent-of-onyx", "agent-of-hemlock", "random"),
        DX + "one Agent of the Dark Lord, never with its own dragon General. random: one of "
        "those allowed with the chosen Generals.",
        "DX 'Agent Rules'",
        title="Agent of the Dark Lord",
        sentence="One Agent of the Dark Lord joins the Generals (a harder game).",
        group="Allies and foes",
        labels=("None", "El Fuego", "Agent of Onyx", "Agent of Hemlock", "One at random"),
        advanced=False,
    ),
    Setting(
        "troll_renegades",
        False,
        (False, True),
        DX + "the 8 Troll Renegade tokens; the rulebook does not say how they reach the board, "
        "so the table places them (Enter: Place troll).",
        "DX 'Renegade Troll Rules'",
        title="Troll Renegades",
        sentence="The 8 Troll Renegade tokens are in play; the table places them.",
        group="Allies and foes",
        labels=("Without", "With Troll Renegades"),
        advanced=False,
    ),
    Setting(
        "royal_blessings",
        0,
        (0, 1, 2, 3, 4),
        DX + "Royal Blessing tokens available. Their rules are not printed; the app counts them "
        "and records each use.",
        "DX page 16 (heading only), 'Want an easier game?'",
        title="Royal Blessings",
        sentence="How many Royal Blessing tokens the heroes may use; the app counts them.",
        group="Allies and foes",
        advanced=False,
    ),
    Setting(
        "fire_taint",
        "any_three",
        ("any_three", "three_of_a_kind"),
        DX + "'When a location is On Fire, it now only takes 3 of any Minion type present to "
        "Taint the location.' any_three (default): 3 minions of any mix (as a 4th minion counts "
        "every type); three_of_a_kind: 3 of one type. Either taints without an overrun.",
        "DX 'Effects of Fire Tokens on a Location'",
        title="Taint on a burning location",
        sentence=(
            "A location On Fire is tainted by 3 minions of any kind, or only by 3 of one kind."
        ),
        group="Dragons and fire",
        labels=("3 of any kind", "3 of one kind"),
        advanced=True,
    ),
    Setting(
        "imp_quick_flying",
        "every_placement",
        ("every_placement", "card_locations"),
        DX + "which Imps fly. every_placement (default): 'each time 1 Imp is placed' by a card "
        "or with Hemlock; card_locations: only the Imps a card's locations show. Imps that "
        "arrive by an overrun or by Quick Flying never fly on ('similar to an overrun').",
        "DX 'Quick Flying'",
        title="Which Imps fly",
        sentence=(
            "Every Imp placed spreads to the neighbouring locations, or only the Imps a card shows."
        ),
        group="Dragons and fire",
        labels=("Every Imp placed", "Only the Imps a card shows"),
        advanced=True,
    ),
)
