"""Setting up a Defenders of the Realm table, and heroes entering the game.

The setup comes back as a checklist for the physical table: every event carries the steps to
follow (place the Generals, the minions of each card, deal the hands, ...), each naming its rule.

Rules decisions (see also ``settings.py``):

* Setup minions (content-facts "Setup"): each General starts on its space with its minions; then
  3 Darkness Spreads cards put 2 minions on each of their 2 locations and 3 more cards put 1.
  Only location cards can do that: a special card drawn meanwhile (All is Quiet, Orc Patrols,
  Orc War Party, Monarch City) is set aside and another drawn, as J does; it joins the discard
  pile with the others. No General moves during setup. Overruns and taint are off unless
  ``harder_setup``; ``setup_crowding`` says what a 4th minion does meanwhile.
* The cards used go to the discard pile; with ``setup_cards_reshuffled`` (default) the whole
  deck is then shuffled (J; the Dragon expansion's Onslaught scenario: "After this step, shuffle
  the Darkness Spreads deck").
* A table-owned Darkness Spreads deck may name its setup cards (``setup["setup_cards"]``, 6 ids
  in order); otherwise the app picks them and the table takes those cards out of its deck.
* Heroes (content-facts "Setup"): a hero starts in Monarch City with its life, 2 Hero Cards and
  1 Quest. From table-owned decks the app deals nothing: the steps ask the table to deal and to
  record the cards with ``draw``.
* Heroes: at most 4 (the base game's 1 to 4 players); the Dragon expansion's Rules for 5 or 6
  Players raise it to ``player_count`` (``card_count(state, "heroes", 4)``).
* ``turn.active_seat`` is the first seat with a hero (seat 1 when the host has one), or None
  until a hero enters.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.content import COLOURS, Hero, Pack
from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.decks import get_deck, player_name, seat_label, take_from_draw
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import place_decks
from deck_tracker.engine.i18n import msg, render_text
from deck_tracker.engine.rules.dotr.base.board import (
    CRYSTALS,
    GATES,
    GameOver,
    Realm,
    board_data,
    card_ref,
)
from deck_tracker.engine.rules.dotr.base.expansions import (
    adjust_settings,
    card_count,
    expansion_decks,
    expansion_hero,
    expansion_packs,
    prepare_expansions,
    resolve_expansions,
    run_expansion_setups,
    unused_options,
    with_entries,
)
from deck_tracker.engine.rules.dotr.base.packs import effective_pack, game_cards, game_pack, unread
from deck_tracker.engine.rules.dotr.base.quests import replace_unachievable_quests
from deck_tracker.engine.rules.dotr.base.reading import ask_general, ask_to_read
from deck_tracker.engine.rules.dotr.base.settings import (
    SETTINGS,
    default_settings,
    resolve_settings,
)
from deck_tracker.engine.rules.dotr.registry import BEFORE_MINIONS, HERO_ENTERED, expand_setup
from deck_tracker.engine.settings import word_key
from deck_tracker.engine.slugs import slugify

__all__ = ["DECKS", "PACK_ID", "enter_hero", "resolve_hero", "setup_dotr"]

PACK_ID = "dotr-base"
DS, HERO, QUEST = "darkness_spreads", "hero", "quest"
DECKS = (DS, HERO, QUEST)
HAND = {HERO: 2, QUEST: 1}
MAX_HEROES = 4  # the base game: 1 to 4 players
SETUP_COUNTS = (2, 2, 2, 1, 1, 1)


def _word(key: str, english: str) -> i18n.Text:
    """A setting's word by its catalogue key, read in any language (no entry: the English)."""
    return msg(key) if key in i18n.catalogue("en") else english


def _setting_shown(name: str, value: Any) -> i18n.Text:
    """A setting changed from its default as the setup's log line names it: "Title: label"."""
    setting = SETTINGS[name]
    return msg(
        "dotr.setup.setting",
        title=_word(word_key("setting", name, "title"), setting.title),
        label=_word(word_key("setting", name, "label", value), setting.label(value)),
    )


def _one_after_another(shown: list[i18n.Text]) -> i18n.Text:
    """Settings one after another, "; " between them."""
    if len(shown) == 1:
        return shown[0]
    return msg("dotr.setup.settings_more", first=shown[0], rest=_one_after_another(shown[1:]))


def setup_counts(state: dict[str, Any]) -> tuple[int, ...]:
    """Minions per location of each setup card: 3 cards of 2, then 3 of 1 (Onslaught: 4 and 5)."""
    twos, ones = card_count(state, "setup:2", 3), card_count(state, "setup:1", 3)
    return (2,) * twos + (1,) * ones


WAR_STATUS = ("early", "mid", "mid", "late")

R_HERO = msg("dotr.rule.setup_hero")
R_DECKS = msg("dotr.rule.setup_decks")
R_BOARD = msg("dotr.rule.setup_board")
R_GENERALS = msg("dotr.rule.setup_generals")
R_SETUP_CARDS = msg("dotr.rule.setup_cards")
R_SET_ASIDE = msg("dotr.rule.setup_set_aside")
R_RESHUFFLE = msg("dotr.rule.setup_reshuffle")
R_QUIET = msg("dotr.rule.setup_all_is_quiet")
R_SETUP = msg("dotr.rule.setup")
R_GATE = msg("dotr.rule.setup_gate")
R_WAR_STATUS = msg("dotr.rule.setup_war_status")
R_TURN_ORDER = msg("dotr.rule.setup_turn_order")


def _pack(ctx: Context) -> Pack:
    packs = ctx.get("packs") or [PACK_ID]
    return effective_pack(ctx.state, packs[0])


def resolve_hero(ctx: Context, hero: str) -> Hero:
    """A hero of the game's pack by id or name (any case or punctuation)."""
    pack = _pack(ctx)
    key = slugify(hero)
    for candidate in pack.heroes.values():
        if key in (candidate.id, slugify(candidate.name)):
            return candidate
    known = ", ".join(h.name for h in pack.heroes.values())
    raise RuleViolation(
        msg("error.dotr.base.setup.there_no_hero_heroes", hero=hero, known=known),
        code="unknown_hero",
    )


def enter_hero(
    ctx: Context, seat: str, hero: str | None, *, deal: dict[str, int] | None = None
) -> None:
    """Seat ``seat``'s hero enters: Monarch City, full life, 2 Hero Cards and 1 Quest.

    An expansion may build the hero itself (The Hero's Calling) or deal more cards; ``deal``
    overrides the cards dealt (a hero replacing one slain in a Dungeon)."""
    if hero is None or not hero.strip():
        return
    seats = ctx.get("seats", default={})
    if seat not in seats:
        raise RuleViolation(
            msg("error.dotr.base.setup.there_no_seat_this_table", seat=seat), code="unknown_seat"
        )
    found = expansion_hero(ctx, hero) or resolve_hero(ctx, hero)
    heroes: dict[str, Any] = ctx.get("heroes") or {}
    if seat in heroes:
        raise RuleViolation(
            msg("error.dotr.base.setup.already_plays_hero", player=player_name(ctx.state, seat)),
            code="seat_has_hero",
        )
    _check_room(ctx, heroes)
    for other, entry in heroes.items():
        if entry["hero"] == found.id:
            player = str(seats.get(other, {}).get("name") or "another player")
            raise RuleViolation(
                msg(
                    "error.dotr.base.setup.already_played_this_table_by",
                    name=found.name,
                    player=player,
                ),
                code="hero_taken",
            )
    ctx.set("seats", seat, {**seats[seat], "hero": found.name})
    data = board_data(_pack(ctx).id, False)
    city = data.city
    hero_word = i18n.name(f"hero:{found.id}", found.name)
    steps = [
        Step(
            msg(
                "dotr.setup.hero_place",
                hero=hero_word,
                location=data.place_ref(city),
                life=found.life,
            ),
            R_HERO,
        )
    ]
    dealt: dict[str, list[str]] = {}
    for deck, printed in (deal or HAND).items():
        count = printed if deal else card_count(ctx.state, f"start:{deck}", printed)
        label = msg("dotr.setup.hero_cards") if deck == HERO else msg("dotr.setup.quest")
        if get_deck(ctx.state, deck)["owner"] == "table":
            dealt[deck] = []
            steps.append(
                Step(
                    msg(
                        "dotr.setup.deal_table",
                        count=count,
                        label=label,
                        deck=deck,
                        player=seat_label(ctx.state, seat),
                    ),
                    R_HERO,
                )
            )
            continue
        cards = take_from_draw(ctx, deck, count, rule=render_text(R_HERO))
        hand = list(get_deck(ctx.state, deck)["hands"].get(seat, []))
        ctx.set("decks", deck, "hands", seat, hand + cards)
        dealt[deck] = cards
        steps.append(
            Step(
                msg(
                    "dotr.setup.deal_app",
                    player=seat_label(ctx.state, seat),
                    count=count,
                    label=label,
                ),
                R_HERO,
            )
        )
    ctx.set(
        "heroes",
        seat,
        {
            "hero": found.id,
            "location": city,
            "life": found.life,
            "max_life": found.life,
            "quests": list(dealt[QUEST]),
            "completed_quests": [],
        },
    )
    if ctx.get("turn", "active_seat") is None:
        ctx.set("turn", {**(ctx.get("turn") or {"number": 1}), "active_seat": seat})
    ctx.emit(
        "hero_entered",
        msg(
            "dotr.setup.hero_entered",
            player=seat_label(ctx.state, seat),
            location=data.place_ref(city),
        ),
        data={"seat": seat, "hero": found.id, "location": city, "life": found.life},
        private={seat: {"hero_cards": dealt[HERO], "quests": dealt[QUEST]}},
        steps=steps,
    )
    # A Quest whose General is absent or slain is discarded and replaced (DX, quests.py).
    replace_unachievable_quests(ctx, seat, dealt[QUEST])
    for entered in HERO_ENTERED:  # a scenario deals more (scenarios/hands.py)
        entered(ctx, seat)


def _check_room(ctx: Context, heroes: dict[str, Any]) -> None:
    """The base game is for 1 to 4 heroes; the Dragon expansion's rules for 5 or 6 players
    change the setup, so a game takes as many heroes as it was set up for."""
    limit = card_count(ctx.state, "heroes", MAX_HEROES)
    if len(heroes) < limit:
        return
    if "dragon" not in (ctx.get("expansions") or ()):
        raise RuleViolation(
            msg("error.dotr.base.setup.th_hero_needs_dragon_expansion", number=limit + 1),
            code="too_many_heroes",
        )
    more = " or 6" if limit == 4 else ""
    raise RuleViolation(
        msg(
            "error.dotr.base.setup.this_game_was_set_up",
            value=limit if limit > 4 else "up to 4",
            number=limit + 1,
            more=more,
        ),
        code="too_many_heroes",
    )


def seat_hook(ctx: Context, seat: str) -> None:
    enter_hero(ctx, seat, ctx.state["seats"][seat].get("hero"))


def _table_decks(raw: Any, allowed: tuple[str, ...] = DECKS) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise InvalidArguments(
            {
                "table_decks": [
                    msg("error.dotr.base.setup.list_deck_names", items=", ".join(allowed))
                ]
            }
        )
    unknown = [name for name in raw if name not in allowed]
    if unknown or len(set(raw)) != len(raw):
        raise InvalidArguments(
            {
                "table_decks": [
                    (
                        msg(
                            "error.dotr.base.setup.each_most_once_not",
                            items=", ".join(allowed),
                            items2=", ".join(map(repr, unknown)),
                        )
                        if unknown
                        else msg("error.dotr.base.setup.deck_named_twice")
                    )
                ]
            }
        )
    return list(raw)


def _setup_cards(raw: Any, pack: Pack, table_owned: bool, boxed: set[str]) -> list[str] | None:
    if raw is None:
        return None
    problem = msg("error.dotr.base.setup.give_setup_cards")
    if not table_owned:
        problem = msg("error.dotr.base.setup.table_owned_ds")
    elif isinstance(raw, list) and len(raw) == len(SETUP_COUNTS) and len(set(raw)) == len(raw):
        cards = {card.id: card for card in pack.deck(DS).cards}
        if all(
            isinstance(c, str) and c in cards and cards[c].kind == "standard" and c not in boxed
            for c in raw
        ):
            return list(raw)
        problem = msg("error.dotr.base.setup.each_ds_card")
    raise InvalidArguments({"setup_cards": [problem]})


SETUP_KEYS = frozenset(
    {
        "system", "host", "options", "table_decks", "setup_cards", "expansions", "generals",
        "scenario", "easier", "boxed_specials", "overlays", "player", "starting_dungeon_roll",
        "entries", "scenario_brings",
    }
)  # fmt: skip


def _refuse_unused(setup: dict[str, Any]) -> None:
    """A field the table filled in that this setup would ignore is refused, never dropped."""
    problems = {key: [msg("error.dotr.base.setup.not_a_field")] for key in setup
                if key not in SETUP_KEYS}  # fmt: skip
    for key in ("easier", "boxed_specials"):
        if setup.get(key) and not setup.get("scenario"):
            problems[key] = [msg("error.dotr.base.setup.only_with_scenario")]
    if problems:
        raise InvalidArguments(problems)
    not_used = unused_options(setup)
    if not_used:
        raise InvalidArguments(
            not_used,
            msg(
                "error.dotr.base.setup.would_ignore",
                options=", ".join(name.removeprefix("options.") for name in sorted(not_used)),
            ),
            code="option_not_used",
        )


def setup_dotr(ctx: Context, setup: dict[str, Any]) -> None:
    """A base game of Defenders of the Realm, ready for the first hero's turn."""
    _refuse_unused(setup)
    # Values read from the cards, for this game; kept for the group's later games too (the
    # event's ``overlay_values``), so that its next setup does not ask them again.
    entered = dict(setup.get("entries") or {})
    setup = with_entries(setup)
    setup = expand_setup(setup)  # a scenario names its Generals, expansions, options
    settings = resolve_settings(setup.get("options"))
    expansions = resolve_expansions(setup.get("expansions"))
    if setup.get("generals") is not None and "dragon" not in expansions:
        raise InvalidArguments(
            {"generals": [msg("error.dotr.base.setup.choosing_generals_needs_dragon_expansion")]}
        )
    settings = adjust_settings(expansions, settings, setup.get("options"))
    table_decks = _table_decks(setup.get("table_decks"), DECKS + expansion_decks(expansions))
    ctx.set("settings", settings)
    ctx.set("packs", [PACK_ID, *expansion_packs(expansions)])
    if expansions:
        ctx.set("expansions", expansions)
    # An expansion may compose the game's content first (the Dragon expansion's Generals); the
    # base game plays the base pack.
    prepare_expansions(ctx, setup, table_decks)
    pack = game_pack(ctx.state)
    quiet = [c.id for c in pack.deck(DS).cards if c.kind == "all_is_quiet"]
    boxed = set() if settings["all_is_quiet"] else set(quiet)
    named = _setup_cards(setup.get("setup_cards"), pack, DS in table_decks, boxed)
    defaults = default_settings()
    changed = [name for name, value in settings.items() if value != defaults[name]]
    shown = [_setting_shown(n, settings[n]) for n in changed]
    ctx.emit(
        "dotr_setup_started",
        msg(
            "dotr.setup.started.with",
            pack=i18n.name(f"pack:{pack.id}", pack.name),
            settings=_one_after_another(shown),
        )
        if shown
        else msg("dotr.setup.started", pack=i18n.name(f"pack:{pack.id}", pack.name)),
        data={"settings": settings, "pack": pack.id, "table_decks": table_decks}
        | ({"expansions": expansions} if expansions else {})
        | ({"overlay_values": entered} if entered else {}),
        steps=[Step(msg("dotr.setup.lay_out"), R_SETUP)],
    )
    place_decks(
        ctx,
        {
            name: {
                "cards": list(pack.deck(name).card_ids()),
                "owner": "table" if name in table_decks else "app",
                "auto_reshuffle": pack.deck(name).auto_reshuffle,
            }
            for name in DECKS
        },
        rule=R_DECKS,
    )
    if boxed:
        deck = get_deck(ctx.state, DS)
        ctx.set("decks", DS, "draw", [c for c in deck["draw"] if c not in boxed])
        ctx.set("decks", DS, "box", [*deck["box"], *quiet])
        ctx.emit(
            "cards_boxed",
            msg("dotr.setup.quiet_out"),
            data={"deck": DS, "from": "draw", "count": len(quiet), "cards": quiet},
            steps=[Step(msg("dotr.setup.quiet_box"), R_QUIET)],
        )
    _prepare_board(ctx, pack)
    realm = Realm(ctx, setup=True)
    try:
        for before_minions in BEFORE_MINIONS:
            before_minions(ctx, realm)
        _place_generals(ctx, realm, pack)
        _first_minions(ctx, realm, named, settings)
    except GameOver:
        ctx.emit(
            "game_lost",
            msg(
                "dotr.setup.fell",
                reason=ctx.get("outcome", "reason_msg") or ctx.get("outcome", "reason"),
            ),
            data={"outcome": ctx.get("outcome")},
            steps=realm.take_steps(),
        )
    run_expansion_setups(ctx, setup, table_decks)
    enter_hero(ctx, "1", ctx.get("seats", "1", "hero"))
    ctx.emit(
        "setup_complete",
        msg("dotr.setup.complete"),
        data={"turn": ctx.get("turn")},
        steps=[Step(msg("dotr.setup.turns"), R_TURN_ORDER)],
    )


def _prepare_board(ctx: Context, pack: Pack) -> None:
    locations = pack.locations.values()
    gates = [loc for loc in locations if loc.starting_gate]
    supply = {m.colour: m.supply for m in pack.minion_types.values()}
    ctx.set(
        "board",
        {
            loc.id: {"minions": dict.fromkeys(COLOURS, 0), "taint": 0, "gate": loc.starting_gate}
            for loc in locations
        },
    )
    ctx.set("supply", {"minions": supply, "taint": CRYSTALS, "gates": GATES - len(gates)})
    ctx.set("war_level", 0)
    ctx.set("war_status", WAR_STATUS[0])
    ctx.set("generals", {})
    ctx.set("heroes", {})
    ctx.set("turn", {"number": 1, "active_seat": None, "phase": "actions"})
    steps = [
        Step(msg("dotr.setup.supply", count=n, crystals=CRYSTALS, gates=GATES), R_BOARD)
        for n in sorted(set(supply.values()))
    ]
    steps += [
        Step(msg("dotr.setup.gate", location=i18n.name(f"location:{loc.id}", loc.name)), R_GATE)
        for loc in gates
    ]
    steps.append(Step(msg("dotr.setup.war_status"), R_WAR_STATUS))
    ctx.emit(
        "board_prepared",
        msg("dotr.setup.board_ready"),
        data={"supply": ctx.get("supply")},
        steps=steps,
    )


def _place_generals(ctx: Context, realm: Realm, pack: Pack) -> None:
    unread: list[str] = []
    for general in pack.generals.values():
        ctx.set(
            "generals",
            general.id,
            {
                "colour": general.colour,
                "location": general.start,
                "path_index": 0,
                "wounds": 0,
                "defeated": False,
            },
        )
        realm.step(
            msg(
                "dotr.setup.general",
                general=i18n.name(f"general:{general.id}", general.name),
                location=realm.data.place_ref(general.start),
            ),
            R_GENERALS,
        )
        if general.starting_minions is None:
            unread.append(general.id)
            continue
        realm.place(general.colour, general.starting_minions, general.start, rule=R_GENERALS)
    ctx.emit(
        "generals_placed",
        msg("dotr.setup.generals_placed"),
        data={"generals": ctx.get("generals")},
        steps=realm.take_steps(),
    )
    for general_id in unread:
        # Printed on his General card, not yet known to the app: the table reads it once the
        # setup is done, and the minions are placed then (read_card.py).
        ask_general(ctx, general_id, ["starting_minions"], resume={"rule": "general_minions"})


def _first_minions(
    ctx: Context, realm: Realm, named: list[str] | None, settings: dict[str, Any]
) -> None:
    cards = game_cards(ctx.state)
    table_owned = get_deck(ctx.state, DS)["owner"] == "table"
    used: list[str] = []
    counts = setup_counts(ctx.state)
    for number, count in enumerate(counts, start=1):
        if named is not None:
            card_id = named[number - 1]
            pile = list(get_deck(ctx.state, DS)["draw"])
            pile.remove(card_id)
            ctx.set("decks", DS, "draw", pile)
        else:
            while True:
                if table_owned:
                    pile = list(get_deck(ctx.state, DS)["draw"])
                    card_id = pile.pop(ctx.rng.randrange(len(pile)))
                    ctx.set("decks", DS, "draw", pile)
                else:
                    card_id = take_from_draw(ctx, DS, 1, rule=render_text(R_SETUP_CARDS))[0]
                used.append(card_id)
                if cards[card_id].kind == "standard":
                    break
                realm.step(msg("dotr.setup.set_aside", card=card_ref(cards[card_id])), R_SET_ASIDE)
        if named is not None:
            used.append(card_id)
        card = cards[card_id]
        if unread(card):
            # A card the app does not know yet: the table reads it, and its minions are placed
            # then (read_card.py); the setup goes on meanwhile.
            ask_to_read(
                ctx,
                card,
                DS,
                resume={"rule": "setup_card", "count": count},
                detail=msg("reading.detail.setup_card", number=number, count=len(counts)),
            )
            continue
        realm.step(
            msg("dotr.setup.take_card", card=card_ref(card))
            if table_owned and named is None
            else msg("dotr.setup.draw_card", card=card_ref(card)),
            R_SETUP_CARDS,
        )
        for placement in card.data["placements"]:
            realm.place(placement["colour"], count, placement["location"], rule=R_SETUP_CARDS)
        ctx.emit(
            "setup_card",
            msg(
                "dotr.setup.card",
                number=number,
                of=len(counts),
                card=card_ref(card),
                count=count,
            ),
            data={"card": card_id, "name": card.name, "count": count, "number": number},
            steps=realm.take_steps(),
        )
    discard = list(get_deck(ctx.state, DS)["discard"]) + used
    ctx.set("decks", DS, "discard", discard)
    steps = [Step(msg("dotr.setup.cards_discard"), R_SETUP_CARDS)]
    if settings["setup_cards_reshuffled"]:
        pile = list(get_deck(ctx.state, DS)["draw"]) + discard
        if not table_owned:
            ctx.rng.shuffle(pile)
        ctx.set("decks", DS, "draw", pile)
        ctx.set("decks", DS, "discard", [])
        steps = [Step(msg("dotr.setup.cards_shuffle"), R_RESHUFFLE)]
    ctx.emit(
        "setup_cards_done",
        msg("dotr.setup.cards_done.shuffled")
        if settings["setup_cards_reshuffled"]
        else msg("dotr.setup.cards_done.discarded"),
        data={"cards": used, "reshuffled": settings["setup_cards_reshuffled"]},
        hidden={"order": list(get_deck(ctx.state, DS)["draw"])},
        steps=steps,
    )
