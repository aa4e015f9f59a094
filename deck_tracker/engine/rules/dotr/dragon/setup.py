"""Setting up a game with the Dragon expansion (``setup["expansions"]`` holding ``"dragon"``).

Before the decks are built (:func:`prepare`):

* the General of each colour: ``setup["generals"]`` (``{"red": "brimstone", ...}``; a colour
  not named keeps its base General) or ``"random"``, Onslaught's method: "Shuffle all General
  cards and then deal them one at a time. The first of each color to be dealt is active";
* a chosen dragon plays at once: what nobody has entered (his life, starting minions,
  Darkness Spreads cards) is read from the cards when it first matters (``engine/reading.py``);
  his Darkness Spreads cards replace the base General's one for one (setting
  dragon_darkness_spreads); his Hero Cards replace the base General's, counted by colour
  (setting dragon_hero_cards);
* the Agent (setting ``agent``): at most one, never with its own dragon General;
* the overlays of the packs in play are kept in the game (packs.py).

The decks are then built by ``content.compose`` and the base setup runs. Once the board
is set (:func:`setup`): Fire Tokens (with Brimstone or El Fuego), Troll tokens, Royal Blessings,
the Global Effects and Sterling's cards shuffled into the Darkness Spreads deck after the
Generals' cards are in, the Winds of War and Sterling decks, the Specials dealt to the box, the
Agent. The 5 and 6 player rules change the first hands, the hand limit and how heroes are chosen
(``card_count`` and ``hero`` hooks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.content import COLOURS, default_packs
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import place_decks
from deck_tracker.engine.i18n import Message, listing, msg, render_text
from deck_tracker.engine.rules.dotr.base.expansions import Expansion
from deck_tracker.engine.rules.dotr.base.packs import (
    BASE_PACK,
    effective_pack,
    game_pack,
    keep_overlays,
)
from deck_tracker.engine.rules.dotr.dragon.agents import place_agent
from deck_tracker.engine.rules.dotr.dragon.content import (
    DRAGON,
    DRAGON_PACK,
    WOW_BOARD,
    winds_deck_size,
)
from deck_tracker.engine.rules.dotr.dragon.players import adjust_settings, card_count, random_hero

__all__ = ["AGENTS", "general_asks", "prepare", "setup"]

DS, HERO = "darkness_spreads", "hero"
AGENTS = ("el-fuego", "agent-of-onyx", "agent-of-hemlock")
SPECIALS_BOXED = 6
SIX_PLAYER_SPECIALS = 5
TROLL_TOKENS = 8

R_GENERALS = msg("dotr.rule.dx.setup.generals")
R_ONSLAUGHT = msg("dotr.rule.dx.setup.onslaught")
R_GLOBAL = msg("dotr.rule.dx.setup.global")
R_STERLING = msg("dotr.rule.dx.setup.sterling")
R_SPECIALS = msg("dotr.rule.dx.setup.specials")
R_SIX = msg("dotr.rule.dx.setup.six")
R_FIRE = msg("dotr.rule.dx.setup.fire")
R_AGENT = msg("dotr.rule.dx.setup.agent")
R_WINDS = msg("dotr.rule.dx.setup.winds")
R_FIVE_SIX = msg("dotr.rule.dx.setup.five_six")
R_SPECIALS_SIX = msg("dotr.rule.dx.setup.specials_six")


def _generals(names: dict[str, str], ids: Any) -> dict[str, Any]:
    """The Generals named, as a message parameter ("Gorgutt, Varkolak, ...")."""
    return listing([i18n.name(f"general:{g}", names[g]) for g in ids], conjunction=False)


R_GENERALS_ONE_FOR_ONE = msg("dotr.rule.dx.setup.generals_one_for_one")


def _settings(ctx: Context) -> dict[str, Any]:
    return dict(ctx.get("settings") or {})


# --------------------------------------------------------------------------------------------
# Before the decks: the Generals, the Agent, the overlays
# --------------------------------------------------------------------------------------------


def _candidates(state: State) -> dict[str, list[str]]:
    """The Generals of each colour: the base one first, then the dragon."""
    found: dict[str, list[str]] = {colour: [] for colour in COLOURS}
    for pack_id in (BASE_PACK, DRAGON_PACK):
        for general in effective_pack(state, pack_id).generals.values():
            found[general.colour].append(general.id)
    return found


def _choose(ctx: Context, raw: Any) -> tuple[dict[str, str], list[str]]:
    candidates = _candidates(ctx.state)
    choice = {colour: ids[0] for colour, ids in candidates.items()}
    if raw is None:
        return choice, []
    if raw == "random":
        deck = [general for ids in candidates.values() for general in ids]
        ctx.rng.shuffle(deck)
        dealt: list[str] = []
        colours: dict[str, str] = {}
        for general in deck:
            dealt.append(general)
            colour = next(c for c, ids in candidates.items() if general in ids)
            colours.setdefault(colour, general)
            if len(colours) == len(COLOURS):
                break
        return colours, dealt
    if not isinstance(raw, dict):
        raise InvalidArguments(
            {"generals": [msg("error.dotr.dragon.setup.random_colour_general_id")]}
        )
    problems: dict[str, list[Message]] = {}
    for colour, general in raw.items():
        if colour not in candidates:
            problems[f"generals.{colour}"] = [
                msg("error.dotr.dragon.setup.a_colour", allowed=", ".join(COLOURS))
            ]
        elif general not in candidates[colour]:
            problems[f"generals.{colour}"] = [
                msg("error.field.one_of", allowed=", ".join(candidates[colour]))
            ]
        else:
            choice[colour] = general
    if problems:
        raise InvalidArguments(problems)
    return choice, []


def _dragon_cards(ctx: Context, choice: Mapping[str, str]) -> dict[str, str]:
    """Each chosen dragon plays at once, whatever is entered: {dragon: the base General whose
    Darkness Spreads cards his replace one for one}. What is not entered is read from the cards
    when it matters (``engine/reading.py``); his Hero Cards are counted by colour
    (``content.compose``)."""
    dragon = effective_pack(ctx.state, DRAGON_PACK)
    base = effective_pack(ctx.state, BASE_PACK)
    base_of = {g.colour: g.id for g in base.generals.values()}
    one_for_one = _settings(ctx).get("dragon_darkness_spreads", "one_for_one") == "one_for_one"
    replaces: dict[str, str] = {}
    for colour, general_id in choice.items():
        if dragon.generals.get(general_id) is not None and one_for_one:
            replaces[general_id] = base_of[colour]
    return replaces


def _choose_agent(ctx: Context, choice: Mapping[str, str]) -> str | None:
    wanted = _settings(ctx).get("agent", "none")
    if wanted == "none":
        return None
    cards = {c.id: c for c in effective_pack(ctx.state, DRAGON_PACK).deck("agents").cards}
    allowed = [a for a in AGENTS if cards[a].data.get("general") not in choice.values()]
    if wanted == "random":
        return allowed[ctx.rng.randrange(len(allowed))] if allowed else None
    if wanted not in allowed:
        general = cards[wanted].data.get("general")
        raise InvalidArguments(
            {
                "options.agent": [
                    msg(
                        "error.dotr.dragon.setup.cannot_play_beside",
                        name=cards[wanted].name,
                        general=general,
                    )
                ]
            },
            msg("error.dotr.dragon.setup.corresponding_dragon_general_agent_cannot"),
        )
    return str(wanted)


# How a General card prints what the setup reads from it.
FIELD_LABELS = {"life": "life", "starting_minions": "minions at start"}


def general_asks(generals: list[str], when: str) -> list[dict[str, Any]]:
    """What the setup reads from these dragon Generals' cards: the required fields (life and
    minions at start), worded as the card prints them."""
    dragon = default_packs()[DRAGON_PACK]
    asks = []
    for general_id in generals:
        general = dragon.generals.get(general_id)
        if general is None:
            continue
        fields = [
            {
                "id": spec.id,
                "field": spec.field,
                "label": FIELD_LABELS.get(spec.field, spec.field.replace("_", " ")),
                "type": spec.type,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "description": spec.description,
            }
            for spec in dragon.fillables.values()
            if spec.item == general_id and spec.required and spec.file == "generals.json"
        ]
        if fields:
            asks.append(
                {
                    "pack": DRAGON_PACK,
                    "item": general_id,
                    "card": f"{general.name}'s General card",
                    "when": when,
                    "fields": fields,
                }
            )
    return asks


WOW_SIZE = f"decks/{WOW_BOARD}/wow-board/data.deck_size"


def winds_asks() -> list[dict[str, Any]]:
    """How many cards the Winds of War deck holds: printed nowhere, so the table counts them
    (asked with every setup of the expansion: the Winds of War are a choice of the table)."""
    spec = default_packs()[DRAGON_PACK].fillables[WOW_SIZE]
    return [
        {
            "pack": DRAGON_PACK,
            "item": "wow-board",
            "card": "The Winds of War deck",
            "when": "with_option",
            "option": "winds_of_war",
            "fields": [
                {
                    "id": spec.id,
                    "field": spec.field,
                    "label": "cards in the deck",
                    "type": spec.type,
                    "minimum": spec.minimum,
                    "maximum": spec.maximum,
                    "description": spec.description,
                }
            ],
        }
    ]


def _asks(setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The chosen dragons' cards (with Generals dealt at random, every dragon's: any may play),
    and the count of the Winds of War deck."""
    raw = setup.get("generals")
    dragons = list(default_packs()[DRAGON_PACK].generals)
    if raw == "random":
        return general_asks(dragons, "if_dealt") + winds_asks()
    if isinstance(raw, Mapping):
        return general_asks([g for g in raw.values() if g in dragons], "chosen") + winds_asks()
    return winds_asks()


def _settings_not_used(setup: Mapping[str, Any]) -> dict[str, Message]:
    """The settings of a dragon that cannot play in this setup (its Generals known, not dealt at
    random): Brimstone's fire, Hemlock's Imps, the dragons' cards not entered."""
    raw = setup.get("generals")
    if raw == "random":
        return {}
    dragons = set(default_packs()[DRAGON_PACK].generals)
    brings = setup.get("scenario_brings") or {}
    playing = set(raw.values()) if isinstance(raw, Mapping) else set()
    playing |= set(brings.get("generals") or ())
    agent = (setup.get("options") or {}).get("agent", "none")
    found: dict[str, Message] = {}
    fire = (
        "brimstone" in playing
        or agent in ("el-fuego", "random")
        or brings.get("fires")
        or "companions_catacombs" in (setup.get("expansions") or ())  # Land Ablaze
    )
    if not fire:
        why = msg("error.dotr.dragon.not_used.fire")
        found |= {"fire_tokens": why, "fire_taint": why}
    if "brimstone" not in playing:
        found["sterling_pushes_brimstone"] = msg("error.dotr.dragon.not_used.brimstone")
    if "hemlock" not in playing and agent not in ("agent-of-hemlock", "random"):
        found["imp_quick_flying"] = msg("error.dotr.dragon.not_used.imps")
    if not playing & dragons:
        found["dragon_darkness_spreads"] = msg("error.dotr.dragon.not_used.dragon_general")
        found["dragon_hero_cards"] = msg("error.dotr.dragon.not_used.dragon_general")
    return found


def prepare(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    keep_overlays(ctx, setup, list(ctx.get("packs") or []))
    choice, dealt = _choose(ctx, setup.get("generals"))
    replaces = _dragon_cards(ctx, choice)
    agent = _choose_agent(ctx, choice)
    ctx.set(
        "dragon",
        {
            "generals": choice,
            "replaces": replaces,
            "dealt": dealt,
            "agent": agent,
        },
    )


# --------------------------------------------------------------------------------------------
# Once the board is set
# --------------------------------------------------------------------------------------------


def _shuffle_in(ctx: Context, cards: list[str]) -> None:
    """Cards shuffled into the Darkness Spreads draw pile (the app reshuffles it)."""
    deck = get_deck(ctx.state, DS)
    pile = [*deck["draw"], *cards]
    if deck["owner"] == "app":
        ctx.rng.shuffle(pile)
    ctx.set("decks", DS, "draw", pile)


def _global_effects(ctx: Context, steps: list[Step]) -> tuple[list[str], list[str]]:
    settings = _settings(ctx)
    cards = effective_pack(ctx.state, DRAGON_PACK).deck("global_effects").cards
    table_owned = get_deck(ctx.state, DS)["owner"] == "table"
    kept: list[str] = []
    boxed: list[str] = []
    for kind, wanted in (
        ("bad", settings["global_effects_bad"]),
        ("good", settings["global_effects_good"]),
    ):
        # Every card of the box, its text entered or not: an unentered one is read from the
        # physical card when drawn (global_effects.py).
        pool = [c.id for c in cards if c.kind == kind]
        if table_owned:
            kept += pool  # the table deals to the box unseen: any of them may come up
            steps.append(
                Step(
                    msg("dotr.dx.setup.global_deal.bad", deal=5 - wanted, keep=wanted)
                    if kind == "bad"
                    else msg("dotr.dx.setup.global_deal.good", deal=5 - wanted, keep=wanted),
                    R_GLOBAL,
                )
            )
            continue
        ctx.rng.shuffle(pool)
        kept += pool[:wanted]
        boxed += pool[wanted:]
        short = msg("dotr.dx.setup.global_short", count=len(pool)) if len(pool) < wanted else ""
        steps.append(
            Step(
                msg("dotr.dx.setup.global_held.bad", count=min(wanted, len(pool)), short=short)
                if kind == "bad"
                else msg(
                    "dotr.dx.setup.global_held.good", count=min(wanted, len(pool)), short=short
                ),
                R_GLOBAL,
            )
        )
    return kept, boxed


def _box_specials(ctx: Context, steps: list[Step]) -> None:
    settings = _settings(ctx)
    players = int(settings.get("player_count", 4))
    count = SPECIALS_BOXED
    if players == 6:
        count = (
            count + SIX_PLAYER_SPECIALS
            if settings["six_player_specials"] == "in_addition"
            else SIX_PLAYER_SPECIALS
        )
    deck = get_deck(ctx.state, HERO)
    cards = {c.id: c for c in effective_pack(ctx.state, BASE_PACK).deck(HERO).cards}
    cards |= {c.id: c for c in effective_pack(ctx.state, DRAGON_PACK).deck(HERO).cards}
    rule = R_SPECIALS_SIX if players == 6 else R_SPECIALS
    if deck["owner"] == "table":
        steps.append(Step(msg("dotr.dx.setup.specials_deal", count=count), rule))
        return
    specials = [c for c in deck["draw"] if c in cards and cards[c].kind == "special"]
    ctx.rng.shuffle(specials)
    boxed = set(specials[:count])
    ctx.set("decks", HERO, "draw", [c for c in deck["draw"] if c not in boxed])
    ctx.set("decks", HERO, "box", [*deck["box"], *specials[:count]])
    steps.append(
        Step(
            msg(
                "dotr.dx.setup.specials_boxed",
                count=len(boxed),
                left=len(specials) - len(boxed),
            ),
            rule,
        )
    )


def setup(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    settings = _settings(ctx)
    dragon_state = dict(ctx.get("dragon") or {})
    choice: dict[str, str] = dragon_state["generals"]
    steps: list[Step] = []
    names = {
        g.id: g.name
        for p in (BASE_PACK, DRAGON_PACK)
        for g in effective_pack(ctx.state, p).generals.values()
    }
    if dragon_state.get("dealt"):
        steps.append(
            Step(
                msg("dotr.dx.setup.dealt", generals=_generals(names, dragon_state["dealt"])),
                R_ONSLAUGHT,
            )
        )
    steps.append(
        Step(msg("dotr.dx.setup.generals", generals=_generals(names, choice.values())), R_GENERALS)
    )
    base_of = {g.colour: g.id for g in effective_pack(ctx.state, BASE_PACK).generals.values()}
    for colour, dragon_id in choice.items():
        if dragon_id in base_of.values():
            continue
        base_id = base_of[colour]
        steps.append(
            Step(
                msg(
                    "dotr.dx.setup.hero_cards",
                    base=i18n.name(f"general:{base_id}", names[base_id]),
                    dragon=i18n.name(f"general:{dragon_id}", names[dragon_id]),
                ),
                msg(
                    "dotr.rule.dx.setup.hero_cards",
                    setting=str(settings.get("dragon_hero_cards")),
                ),
            )
        )
    for dragon_id, base_id in (dragon_state.get("replaces") or {}).items():
        steps.append(
            Step(
                msg(
                    "dotr.dx.setup.ds_cards_swapped",
                    base=i18n.name(f"general:{base_id}", names[base_id]),
                    dragon=i18n.name(f"general:{dragon_id}", names[dragon_id]),
                ),
                R_GENERALS_ONE_FOR_ONE,
            )
        )
    agent = dragon_state.get("agent")
    # A scenario may have set fires before the minions (Realm in Flames): they stay.
    if ("brimstone" in choice.values() or agent == "el-fuego") and "fire" not in ctx.state[
        "supply"
    ]:
        tokens = int(settings["fire_tokens"])
        ctx.set("supply", "fire", tokens)
        for loc in ctx.state["board"]:
            ctx.set("board", loc, "fire", 0)
        steps.append(Step(msg("dotr.dx.setup.fire", count=tokens), R_FIRE))
    if settings["troll_renegades"] and "trolls" not in ctx.state["supply"]:
        ctx.set("supply", "trolls", TROLL_TOKENS)
        steps.append(
            Step(
                msg("dotr.dx.setup.troll_tokens", count=TROLL_TOKENS),
                msg("dotr.rule.dx.renegade_trolls"),
            )
        )
    if settings["royal_blessings"]:
        ctx.set("royal_blessings", {"tokens": settings["royal_blessings"], "used": []})
        steps.append(
            Step(
                msg(
                    "dotr.dx.setup.royal_blessings",
                    tokens=i18n.count(
                        settings["royal_blessings"],
                        "word:royal-blessing-token",
                        "Royal Blessing token",
                        "Royal Blessing tokens",
                    ),
                ),
                msg("dotr.rule.dx.royal_blessing_unprinted"),
            )
        )
    kept, boxed = _global_effects(ctx, steps)
    extra = list(kept)
    if settings["sterling"]:
        extra += [f"dx-sterling-{n}" for n in (1, 2, 3)]
        ctx.set("sterling", {"location": None, "searched": []})
        table_owned = get_deck(ctx.state, DS)["owner"] == "table"
        steps.append(
            Step(
                msg("dotr.dx.setup.sterling_table")
                if table_owned
                else msg("dotr.dx.setup.sterling_app"),
                R_STERLING,
            )
        )
    _shuffle_in(ctx, extra)
    ctx.set("global_effect", None)
    _box_specials(ctx, steps)
    ctx.emit(
        "dragon_setup",
        msg("dotr.dx.setup.done", generals=_generals(names, choice.values())),
        data={
            "generals": choice,
            "global_effects": len(kept),
            "sterling": bool(settings["sterling"]),
            "agent": agent,
        },
        hidden={
            "global_effects_boxed": boxed,
            "darkness_spreads_order": list(get_deck(ctx.state, DS)["draw"]),
        },
        steps=steps,
    )
    decks: dict[str, dict[str, Any]] = {}
    dragon_pack = effective_pack(ctx.state, DRAGON_PACK)
    if settings["winds_of_war"]:
        # The deck the table counted: the cards entered and the ones to read when turned.
        cards = list(game_pack(ctx.state).deck("winds_of_war").card_ids())
        decks["winds_of_war"] = {
            "cards": cards,
            "owner": "table" if "winds_of_war" in table_decks else "app",
            "auto_reshuffle": True,
        }
        ctx.set("winds_of_war", {"board": []})
        size = winds_deck_size(dragon_pack)
        if size is not None:
            # The count the table gave is kept for its later games, like a card read.
            counted = i18n.count(size, "word:card", "card", "cards")
            ctx.emit(
                "winds_of_war_counted",
                msg("dotr.wow.deck_holds", count=counted),
                data={"count": size, "overlay_values": {WOW_SIZE: size}},
                steps=[Step(msg("dotr.wow.deck_holds", count=counted), R_WINDS)],
            )
    if settings["sterling"]:
        cards = [c.id for c in dragon_pack.deck("sterling").cards]
        decks["sterling"] = {
            "cards": cards,
            "owner": "table" if "sterling" in table_decks else "app",
            "auto_reshuffle": True,
        }
    if decks:
        rule = R_WINDS if "winds_of_war" in decks else R_STERLING
        place_decks(ctx, decks, rule=render_text(rule))
    if agent:
        place_agent(ctx, agent)


# What the expansion adds to the base setup (collected in hooks.py ``EXPANSIONS``).
EXPANSION_RULES = Expansion(
    DRAGON,
    "Defenders of the Realm: the Dragon expansion",
    pack=DRAGON_PACK,
    decks=("winds_of_war", "sterling"),
    adjust_settings=adjust_settings,
    setup=setup,
    hero=random_hero,
    card_count=card_count,
    prepare=prepare,
    asks=_asks,
    settings_not_used=_settings_not_used,
    # "It is recommended that the All is Quiet Cards be removed" (players.py adjust_settings).
    defaults={"all_is_quiet": False},
)
