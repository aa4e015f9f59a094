"""The documented choices of the Dragon expansion (DX).

Each entry is (name, default, allowed, description with the reason for the default, source);
``base/settings.py`` adds them to the game's settings. They act only in a game with the expansion
(``setup["expansions"]`` holding ``"dragon"``). The base setting ``all_is_quiet`` defaults to
off in such a game: 'It is recommended that the All is Quiet Cards be removed' (DX), and the
5-6 player rules remove them; given explicitly, it is kept (an easier game).
"""

from __future__ import annotations

from typing import Any

__all__ = ["DRAGON_SETTINGS"]

DX = "Dragon expansion: "

DRAGON_SETTINGS: tuple[tuple[str, Any, tuple[Any, ...], str, str], ...] = (
    (
        "fire_tokens",
        10,
        (10, 8),
        DX + "how many Fire Tokens Brimstone has. The rules say 10 throughout ('placing one of "
        "the 10 Fire Tokens', 'all 10 of the Fire Tokens are on the board'); the component "
        "list says 8. 10 (default): the rules, which the loss condition is written for.",
        "DX 'Brimstone' vs 'Components'",
    ),
    (
        "global_effects_good",
        3,
        (0, 1, 2, 3, 4, 5),
        DX + "Good Global Effects shuffled into the Darkness Spreads deck (the recommended "
        "setup keeps 3 of the 5). At most 6 Global Effects in all and 4 of one kind.",
        "DX 'Establishing Global Effects'",
    ),
    (
        "global_effects_bad",
        2,
        (0, 1, 2, 3, 4, 5),
        DX + "Bad Global Effects shuffled into the Darkness Spreads deck (recommended: 2 of 5).",
        "DX 'Establishing Global Effects'",
    ),
    (
        "player_count",
        4,
        (4, 5, 6),
        DX + "4: one to four players (the base rules). 5: no All is Quiet, heroes dealt at "
        "random, 1 starting Hero Card, hand limit 8. 6: as 5 but no starting Hero Card, hand "
        "limit 7, and 5 Specials removed at random.",
        "DX 'Rules for 5 or 6 Players'",
    ),
    (
        "six_player_specials",
        "in_addition",
        ("in_addition", "instead"),
        DX + "the 6-player rule 'remove 5 Specials at random' next to the expansion's '6 dealt "
        "into the box'. in_addition (default): both, 11 in the box (the 6-player rules are "
        "written for the expansion); instead: 5 in all.",
        "DX 'New Special Hero Cards' and 'Rules for 6 Players' (silent on the combination)",
    ),
    (
        "dragon_darkness_spreads",
        "one_for_one",
        ("one_for_one", "entered_only"),
        DX + "a chosen dragon General's Darkness Spreads cards. one_for_one (default): they "
        "replace the base General's of that colour one for one, so the deck keeps its size; a "
        "card the app does not know yet is read from the table when it comes up. entered_only: "
        "only the dragon's cards already entered go in (a smaller deck).",
        "DX 'Setting up the Hero and Darkness Spreads Card Decks' (their cards are not published)",
    ),
    (
        "sterling",
        False,
        (False, True),
        DX + "Sterling, Guardian Dragon of the Realm: her 3 cards join the Darkness Spreads "
        "deck (not counted among the Global Effects); using her makes the game easier.",
        "DX 'Sterling Rules'",
    ),
    (
        "sterling_pushes_brimstone",
        "never",
        ("never", "previous"),
        DX + "Sterling's 3-success bonus 'forces [a General] back 1 Location'; Brimstone has no "
        "path. never (default): she cannot push him; previous: he goes back where he flew from.",
        "DX 'Encountering Sterling' (silent on Brimstone)",
    ),
    (
        "winds_of_war",
        False,
        (False, True),
        DX + "the Winds of War board: Specials played for their action and Quiet Night cards "
        "go on it; at 3, the top Winds of War card is turned.",
        "DX 'Winds of War'",
    ),
    (
        "agent",
        "none",
        ("none", "el-fuego", "agent-of-onyx", "agent-of-hemlock", "random"),
        DX + "one Agent of the Dark Lord, never with its own dragon General. random: one of "
        "those allowed with the chosen Generals.",
        "DX 'Agent Rules'",
    ),
    (
        "troll_renegades",
        False,
        (False, True),
        DX + "the 8 Troll Renegade tokens; the rulebook does not say how they reach the board, "
        "so the table places them (Enter: Place troll).",
        "DX 'Renegade Troll Rules'",
    ),
    (
        "royal_blessings",
        0,
        (0, 1, 2, 3, 4),
        DX + "Royal Blessing tokens available. Their rules are not printed; the app counts them "
        "and records each use.",
        "DX page 16 (heading only), 'Want an easier game?'",
    ),
    (
        "fire_taint",
        "any_three",
        ("any_three", "three_of_a_kind"),
        DX + "'When a location is On Fire, it now only takes 3 of any Minion type present to "
        "Taint the location.' any_three (default): 3 minions of any mix (as a 4th minion counts "
        "every type); three_of_a_kind: 3 of one type. Either taints without an overrun.",
        "DX 'Effects of Fire Tokens on a Location'",
    ),
    (
        "imp_quick_flying",
        "every_placement",
        ("every_placement", "card_locations"),
        DX + "which Imps fly. every_placement (default): 'each time 1 Imp is placed' by a card "
        "or with Hemlock; card_locations: only the Imps a card's locations show. Imps that "
        "arrive by an overrun or by Quick Flying never fly on ('similar to an overrun').",
        "DX 'Quick Flying'",
    ),
)
