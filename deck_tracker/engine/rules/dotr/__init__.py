"""Defenders of the Realm: the board, the setup, the night (Darkness Spreads) and the heroes.

One folder per rulebook: ``base/`` (the base game), ``dragon/`` (the Dragon expansion),
``companions_catacombs/``, ``heros_calling/``, ``kings_champion/`` (fame, the Grand Ball and the
rewards) and ``scenarios/``. ``registry.py`` declares every registry of its rules (a
``Protocol`` per hook); ``hooks.py`` imports the modules the system loads and lists, as plain
typed tuples, which rule fills which hook and in which order; ``engine/systems.py`` loads it.

The state of a ``dotr`` game, beyond the generic keys (``seats``, ``decks``, ``history``, ...)::

    settings   {name: value}     the documented choices of base/settings.py, fixed at setup
    packs      [pack id, ...]    the content packs in play ("dotr-base" first)
    board      {location id: {"minions": {colour: n}, "taint": n, "gate": bool}}
               every space of the board, all four colours listed (0 when none)
    supply     {"minions": {colour: n}, "taint": n, "gates": n}
    generals   {general id: {"colour", "location", "path_index", "wounds", "defeated"}}
    war_level  0..3 on the War Status track (Early, Mid, Mid, Late)
    war_status "early" | "mid" | "late"   (derived from war_level, kept for clients)
    heroes     {seat: {"hero": hero id, "location": location id, "life": n, "max_life": n,
                       "quests": [quest card ids held], "completed_quests": [...]}}
    turn       {"number": n, "active_seat": seat | None, "phase": "actions" | "night",
                "last_night": {"number", "seat"}}   whose turn, in which phase (base/turn.py)
    outcome    None | {"result": "won" | "lost", "reason": str, "rule": str}
    fame, fame_cup, grand_ball, rewards   the King's Champion Rewards (kings_champion/)
    expansions [name, ...]       the expansions in play (base/expansions.py); absent in a base game
    board[loc] trolls, spiders, warlords     Companions & Catacombs tokens (companions_catacombs/)
    dungeons, dungeon_run, recruitment       Companions & Catacombs (companions_catacombs/)
    heros_calling                            The Hero's Calling's levels (heros_calling/)
    overlays   {pack id: {"hash", "data"}}   what players had entered for the packs in play
                                             when the game was set up (base/packs.py)
    dragon     {"generals": {colour: id}, "replaces", "dealt", "agent"}  the Dragon expansion's
               composition of the game (dragon/content.py, dragon/setup.py)
    supply.fire, board[loc].fire             Fire Tokens (dragon/fire.py)
    global_effect, global_effect_turn        the active Global Effect (dragon/global_effects.py)
    sterling, winds_of_war, agent, royal_blessings, slayers, dangers_done
                                             the Dragon expansion's other rules (dragon/)

Colours are ``green`` (Orcs), ``black`` (Undead), ``red`` (Demons), ``blue`` (Dragonkin).
"""
