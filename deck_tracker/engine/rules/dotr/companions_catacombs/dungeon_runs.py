"""Companions & Catacombs: a hero's run through a Dungeon (rules in ``dungeons.py``).

``dungeon_run``: ``{"seat", "location", "treasure", "goal", "rooms": [{"card", "exploration",
"completed"}], "total", "current": the room revealed and not yet resolved, or None}``.

The Dungeon Room deck holds its 31 cards whether or not their faces are entered (CC: "G.
Dungeon Rooms Deck (31 cards)"). A room turned whose Exploration nobody has entered lies face up
while the table reads it (its name, its Exploration, what it says), once: the run goes on with
it as if it had been known, and the table's later games know it.

The Treasure Room deck, likewise, holds its 10 cards ("H. Treasure Rooms Deck (10 cards)"). A
Treasure Room whose Exploration Goal nobody has entered, drawn as the hero enters (or marked for
the Dungeon), lies face up while the table reads what the run uses from it (its name and its
Exploration Goal), once: the run then begins as if it had been known.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards, get_deck, move_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.rules.dotr.base.expansions import has_expansion
from deck_tracker.engine.rules.dotr.base.offers import card_title, colour_choices, table_deck
from deck_tracker.engine.rules.dotr.base.packs import game_pack
from deck_tracker.engine.rules.dotr.base.pending import on_board
from deck_tracker.engine.rules.dotr.base.reading import ask_fields
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    FACTIONS,
    OWN_SEAT,
    hero_name,
    hero_ref,
    location_name,
    own_hero_seat,
    refuse_other_hero,
    require_playing,
    resolve_location,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.dungeons import (
    RELICS,
    ROOMS,
    TOKENS,
    TREASURES,
    anonymous_card,
    card_of,
    dungeon_ref,
    end_run,
    escape,
    return_run_cards,
    start_run,
    title_of,
    title_ref,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import EXPANSION

R_ENTER = msg("dotr.cc.rule.enter")
R_TREASURE = msg("dotr.cc.rule.treasure")
R_ROOM = msg("dotr.cc.rule.room")
R_ESCAPE = msg("dotr.cc.rule.escape")
R_GOAL = msg("dotr.cc.rule.goal")
R_REWARD = msg("dotr.cc.rule.reward")
R_CHUMFOOT = msg("dotr.cc.rule.chumfoot")


def _require(state: State) -> None:
    require_playing(state)
    if not has_expansion(state, EXPANSION):
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.this_game_does_not_use"), code="no_expansion"
        )


def _run(state: State) -> dict[str, Any]:
    run = state.get("dungeon_run")
    if not run:
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.no_hero_dungeon"), code="no_dungeon_run"
        )
    if any(p.get("type") == "dungeon_death" for p in state.get("pending") or []):
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.hero_died_dungeon_settle_dungeon"),
            code="pending_choice",
        )
    return dict(run)


def _reveal(
    ctx: Context,
    deck: str,
    card: str | None,
    number: int | None,
    field: str,
    rule: Text,
    *,
    read: bool = False,
) -> tuple[str, int | None]:
    """Reveal one card of ``deck`` onto the table: (card id, its printed number). ``read``: a
    card whose number nobody entered is read at the table (None: it waits to be read)."""
    owner = get_deck(ctx.state, deck)["owner"]
    if owner == "table" and card is None:
        card = anonymous_card(ctx.state, deck, field)
        if card is None or (number is None and not read):
            raise InvalidArguments(
                {
                    "card": [
                        msg(
                            "error.dotr.cc.dungeon_runs.name_card_revealed_give",
                            deck=deck,
                            field=field,
                        )
                    ]
                }
            )
    if owner == "table":
        drawn = draw_cards(ctx, deck, count=1, cards=[card], rule=rule)[0] if card else ""
    else:
        if card is not None:
            raise InvalidArguments(
                {"card": [msg("error.dotr.cc.dungeon_runs.app_draws_deck_omit_card", deck=deck)]}
            )
        drawn = draw_cards(ctx, deck, count=1, cards=None, rule=rule)[0]
    ctx.put("decks", deck, "table", [drawn])
    printed = card_of(ctx.state, deck, drawn).data.get(field)
    value = printed if printed is not None else number
    if value is None and read:
        return drawn, None
    if value is None:
        raise InvalidArguments(
            {
                field: [
                    msg(
                        "error.dotr.cc.dungeon_runs.has_no_entered_give",
                        title_of=title_ref(ctx.state, deck, drawn),
                        field=field,
                    )
                ]
            }
        )
    if number is not None and printed is not None and number != printed:
        raise InvalidArguments(
            {
                field: [
                    msg(
                        "error.dotr.cc.dungeon_runs.shows",
                        title_of=title_ref(ctx.state, deck, drawn),
                        printed=printed,
                    )
                ]
            }
        )
    return drawn, int(value)


@command(
    "enter_dungeon",
    args={
        "seat": OWN_SEAT,
        "card": Arg(
            "str",
            description="Table-owned Treasure Room deck: the card drawn.",
            offers=table_deck(TREASURES),
        ),
        "goal": Arg(
            "int", minimum=1, maximum=20, description="Its Exploration Goal, if not entered."
        ),
    },
    systems=DOTR,
)
def enter_dungeon(ctx: Context, args: dict[str, Any]) -> None:
    """Enter the Dungeon where the hero stands (4 actions) and draw its Treasure Room."""
    _require(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    location = ctx.state["heroes"][seat]["location"]
    dungeon = (ctx.state.get("dungeons") or {}).get(location)
    if dungeon is None:
        raise RuleViolation(
            msg(
                "error.dotr.cc.dungeon_runs.there_no_dungeon_where_stands",
                name=hero_name(ctx.state, seat),
            ),
            code="no_dungeon_here",
        )
    if ctx.state.get("dungeon_run"):
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.hero_already_dungeon"), code="dungeon_run_under_way"
        )
    marked = dungeon.get("treasure_room")
    if marked:
        treasure = str(marked)
        goal = card_of(ctx.state, TREASURES, treasure).data.get("exploration_goal") or args["goal"]
    else:
        deck = get_deck(ctx.state, TREASURES)
        if deck["owner"] == "app":
            pile = [*deck["draw"], *deck["discard"]]
            ctx.rng.shuffle(pile)
            ctx.set("decks", TREASURES, "draw", pile)
            ctx.set("decks", TREASURES, "discard", [])
        else:
            ctx.set("decks", TREASURES, "draw", [*deck["draw"], *deck["discard"]])
            ctx.set("decks", TREASURES, "discard", [])
        treasure, goal = _reveal(
            ctx,
            TREASURES,
            args["card"],
            args["goal"],
            "exploration_goal",
            R_TREASURE,
            read=True,
        )
    if goal is None:
        # A Treasure Room nobody has entered: it lies face up while the table reads it, once.
        card = card_of(ctx.state, TREASURES, treasure)
        fields = {
            key: field
            for key, field in TREASURE_FIELDS.items()
            if card.data.get(field.removeprefix("data.")) is None
        }
        ask_fields(
            ctx,
            card,
            TREASURES,
            fields,
            name=str(card.data["title"])
            if card.data.get("title")
            else msg("reading.name.treasure_room"),
            form_title=msg("reading.form.treasure_room"),
            resume={
                "rule": "treasure_room",
                "seat": seat,
                "location": location,
                "marked": bool(marked),
            },
            detail=msg("reading.detail.treasure_drawn", name=hero_ref(ctx.state, seat)),
        )
        return
    _begin_run(ctx, seat, location, treasure, int(goal), marked=bool(marked))


# What a Treasure Room card prints that the run reads: its name and its Exploration Goal.
TREASURE_FIELDS = {"title": "data.title", "exploration_goal": "data.exploration_goal"}


def treasure_read(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """A Treasure Room read at the table: the run begins as if it had been known."""
    resume = prompt["resume"]
    treasure = str(prompt["card"])
    goal = card_of(ctx.state, TREASURES, treasure).data["exploration_goal"]
    seat, location = str(resume["seat"]), str(resume["location"])
    _begin_run(ctx, seat, location, treasure, int(goal), marked=bool(resume.get("marked")))


def _begin_run(
    ctx: Context, seat: str, location: str, treasure: str, goal: int, *, marked: bool
) -> None:
    """The hero is in the Dungeon, its Treasure Room's Exploration Goal known."""
    name = hero_ref(ctx.state, seat)
    steps = [
        Step(
            msg(
                "dotr.cc.dungeon_runs.spends_4_actions_enter",
                name=name,
                dungeon=dungeon_ref(ctx.state, location),
            ),
            R_ENTER,
        )
    ]
    if marked:
        steps.append(
            Step(
                msg(
                    "dotr.cc.dungeon_runs.treasure_room_marked_this_dungeon",
                    title_of=title_ref(ctx.state, TREASURES, treasure),
                ),
                msg("dotr.cc.dungeon_runs.setting_dungeon_death_treasure_room"),
            )
        )
    else:
        steps.append(
            Step(
                msg(
                    "dotr.cc.dungeon_runs.shuffle_treasure_room_cards_draw",
                    title_of=title_ref(ctx.state, TREASURES, treasure),
                    goal=goal,
                ),
                R_TREASURE,
            )
        )
    run = {
        "seat": seat,
        "location": location,
        "treasure": treasure,
        "goal": goal,
        "rooms": [],
        "total": 0,
        "current": None,
    }
    start_run(ctx, run)
    ctx.emit(
        "dungeon_entered",
        msg(
            "dotr.cc.dungeon_runs.enters_goal",
            name=name,
            dungeon=dungeon_ref(ctx.state, location),
            goal=goal,
        ),
        data={"seat": seat, "location": location, "treasure": treasure, "goal": goal},
        steps=steps,
    )


ROOM_ARGS = {
    "card": Arg(
        "str",
        description="Table-owned Dungeon Room deck: the card revealed.",
        offers=table_deck(ROOMS),
    ),
    "exploration": Arg("int", minimum=0, maximum=2, description="Its Exploration, if not entered."),
}


@command("reveal_dungeon_room", args=ROOM_ARGS, systems=DOTR)
def reveal_dungeon_room(ctx: Context, args: dict[str, Any]) -> None:
    """Reveal the next Dungeon Room (the hero must then encounter it)."""
    _require(ctx.state)
    run = _run(ctx.state)
    if run["current"]:
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.resolve_room_revealed_first"), code="room_unresolved"
        )
    if run["total"] >= run["goal"]:
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.exploration_goal_reached_face_treasure"),
            code="goal_reached",
        )
    card, exploration = _reveal(
        ctx, ROOMS, args["card"], args["exploration"], "exploration", R_ROOM, read=True
    )
    if exploration is None:
        # A room nobody has entered: it lies face up while the table reads it, once.
        ask_fields(
            ctx,
            card_of(ctx.state, ROOMS, card),
            ROOMS,
            ROOM_FIELDS,
            name=msg("reading.name.dungeon_room"),
            form_title=msg("reading.form.dungeon_room"),
            resume={"rule": "dungeon_room"},
            optional=("text",),
            detail=msg("reading.detail.room_turned"),
        )
        return
    _room_revealed(ctx, run, card, exploration)


ROOM_FIELDS = {"title": "data.title", "exploration": "data.exploration", "text": "data.text"}


def room_read(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """A Dungeon Room read at the table: the hero encounters it as if it had been known."""
    card = str(prompt["card"])
    _room_revealed(ctx, _run(ctx.state), card, int(face["exploration"]))


def _room_revealed(ctx: Context, run: dict[str, Any], card: str, exploration: int) -> None:
    room = {"card": card, "exploration": exploration}
    name = title_ref(ctx.state, ROOMS, card)
    ctx.set("dungeon_run", {**run, "current": room})
    ctx.emit(
        "dungeon_room_revealed",
        msg("dotr.cc.dungeon_runs.dungeon_room_exploration", name=name, exploration=exploration),
        data={"card": card, "exploration": exploration, "total": run["total"], "goal": run["goal"]},
        steps=[
            Step(
                msg("dotr.cc.dungeon_runs.encounter_when_resolved_record_enter", name=name),
                R_ROOM,
            )
        ],
    )


def _escape_places(state: State, actor: str | None = None) -> list[Choice]:
    """The locations an escaping Minion may go to: those of a Minion colour, by name and the
    Minions of that colour ("Raven Forest (Orcs)"), colour by colour."""
    pack = game_pack(state)
    order = list(FACTIONS)
    found = [
        (order.index(colour), location_name(state, place), place, FACTIONS[colour][1])
        for place in state.get("board") or {}
        for colour in [getattr(pack.locations.get(place), "colour", None)]
        if colour in FACTIONS
    ]
    return [Choice(place, f"{name} ({minions})") for _, name, place, minions in sorted(found)]


@command(
    "resolve_dungeon_room",
    args={
        "completed": Arg("bool", default=True, description="The encounter was defeated."),
        "escaped": Arg(
            "dict[str,int]",
            description="Minions not defeated, by colour.",
            offers=colour_choices(maximum=6),
        ),
        "escape_to": Arg(
            "list[str]",
            max_items=30,
            description="A location of its colour per escaping Minion.",
            offers=_escape_places,
        ),
    },
    systems=DOTR,
)
def resolve_dungeon_room(ctx: Context, args: dict[str, Any]) -> None:
    """The room's encounter is over: its Exploration counts if completed; Minions may escape."""
    _require(ctx.state)
    run = _run(ctx.state)
    room = run["current"]
    if not room:
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.reveal_dungeon_room_first"), code="no_room_revealed"
        )
    completed: bool = args["completed"]
    total = run["total"] + (room["exploration"] if completed else 0)
    done = {**room, "completed": completed}
    ctx.set("dungeon_run", {**run, "rooms": [*run["rooms"], done], "total": total, "current": None})
    name = title_ref(ctx.state, ROOMS, room["card"])
    escaped = {c: n for c, n in (args["escaped"] or {}).items() if n}
    steps = [
        Step(
            msg(
                "dotr.cc.dungeon_runs.exploration",
                name=name,
                value=(
                    msg("dotr.cc.dungeon_runs.completed")
                    if completed
                    else msg("dotr.cc.dungeon_runs.not_completed")
                ),
                total=total,
                goal=run["goal"],
            ),
            R_ROOM,
        )
    ]
    steps.append(
        Step(
            (
                msg("dotr.cc.dungeon_runs.face_treasure_room_enter_fight")
                if total >= run["goal"]
                else msg("dotr.cc.dungeon_runs.advance_enter_reveal_dungeon_room")
            ),
            R_GOAL,
        )
    )
    places = [resolve_location(ctx.state, raw) for raw in args["escape_to"] or []]
    on_board(
        ctx,
        lambda realm: escape(realm, escaped, places, R_ESCAPE) if escaped else None,
        type="dungeon_room_resolved",
        summary=msg("dotr.cc.dungeon_runs.room_resolved", name=name, total=total, goal=run["goal"]),
        data={"card": room["card"], "completed": completed, "total": total, "escaped": escaped},
        steps=steps,
    )


@command("leave_dungeon", args={}, systems=DOTR)
def leave_dungeon(ctx: Context, args: dict[str, Any]) -> None:
    """Leave the Dungeon: revealed cards shuffled back, the Dungeon stays for another run."""
    _require(ctx.state)
    run = _run(ctx.state)
    chumfoot = "companion-chumfoot" in ctx.state["heroes"][run["seat"]].get("companions", [])
    if run["current"] and not chumfoot:
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.once_room_revealed_hero_must"), code="room_unresolved"
        )
    steps = return_run_cards(
        ctx,
        run,
        leaving=True,
        keep_treasure=bool((ctx.state["dungeons"][run["location"]] or {}).get("treasure_room")),
    )
    end_run(ctx)
    name = hero_ref(ctx.state, run["seat"])
    ctx.emit(
        "dungeon_left",
        msg(
            "dotr.cc.dungeon_runs.leaves",
            name=name,
            dungeon=dungeon_ref(ctx.state, run["location"]),
        ),
        data={"seat": run["seat"], "location": run["location"]},
        steps=[
            *steps,
            Step(
                msg("dotr.cc.dungeon_runs.dungeon_token_stays_board"),
                msg("dotr.cc.dungeon_runs.cc_dungeon_rules_2"),
            ),
        ],
    )


def _relic_offer(state: State) -> list[Choice]:
    """The Relics the Dungeon's token shows; when not entered, every Relic card still there."""
    run = state.get("dungeon_run") or {}
    dungeon = (state.get("dungeons") or {}).get(run.get("location") or "")
    if not run or not dungeon:
        return []
    relics = [r for r in card_of(state, TOKENS, dungeon["token"]).data["relics"] if r]
    if not relics:
        relics = list(dict.fromkeys(get_deck(state, RELICS)["draw"]))
    return [Choice(relic, title_of(state, RELICS, relic)) for relic in relics]


@command(
    "fight_treasure_room",
    args={
        "defeated": Arg("bool", required=True, description="The hero defeated the Treasure Room."),
        "relic": Arg(
            "str",
            description="The Treasure chosen (a Relic card of the token).",
            offers=lambda state, actor: _relic_offer(state),
        ),
    },
    systems=DOTR,
)
def fight_treasure_room(ctx: Context, args: dict[str, Any]) -> None:
    """The Treasure Room encounter: victory takes a Treasure and counts as a completed Quest."""
    _require(ctx.state)
    run = _run(ctx.state)
    if run["current"] or run["total"] < run["goal"]:
        raise RuleViolation(
            msg("error.dotr.cc.dungeon_runs.explore", total=run["total"], goal=run["goal"]),
            code="goal_not_reached",
        )
    seat, location = run["seat"], run["location"]
    # The Treasure goes into the hero's hand, by the hero's choice.
    refuse_other_hero(ctx, seat)
    name = hero_ref(ctx.state, seat)
    dungeon = dict(ctx.state["dungeons"][location])
    if not args["defeated"]:
        steps = return_run_cards(
            ctx, run, leaving=True, keep_treasure=bool(dungeon.get("treasure_room"))
        )
        end_run(ctx)
        ctx.emit(
            "treasure_room_failed",
            msg("dotr.cc.dungeon_runs.failed_treasure_room_leaves", name=name),
            data={"seat": seat, "location": location},
            steps=[
                Step(
                    msg("dotr.cc.dungeon_runs.suffer_penalty_card_record_with"),
                    msg("dotr.cc.dungeon_runs.cc_treasure_rooms_2"),
                ),
                *steps,
            ],
        )
        return
    relics = [r for r in card_of(ctx.state, TOKENS, dungeon["token"]).data["relics"] if r]
    relic = args["relic"]
    if relic is None and len(relics) == 1:
        relic = relics[0]
    if relic is None or (relics and relic not in relics):
        choices: Text = ", ".join(title_of(ctx.state, RELICS, r) for r in relics) or msg(
            "error.dotr.cc.dungeon_runs.any_relic_not_entered"
        )
        raise InvalidArguments(
            {"relic": [msg("error.dotr.cc.dungeon_runs.choose_treasure", choices=choices)]}
        )
    move_cards(ctx, RELICS, [relic], source="draw", target="hand", seat=seat)
    move_cards(ctx, TREASURES, [run["treasure"]], source="table", target="hand", seat=seat)
    ctx.put("heroes", seat, "treasure_rooms", [run["treasure"]])
    relic_name = title_ref(ctx.state, RELICS, relic)
    room_name = title_ref(ctx.state, TREASURES, run["treasure"])
    steps = [
        Step(
            msg(
                "dotr.cc.dungeon_runs.takes_treasure_treasure_room_card",
                name=name,
                relic_name=relic_name,
                room_name=room_name,
            ),
            R_REWARD,
        )
    ]
    items = list(dungeon.get("quest_items") or [])
    if items:
        move_cards(ctx, "quest", items, source="table", target="hand", seat=seat)
        ctx.put("heroes", seat, "completed_quests", items)
        steps.append(
            Step(
                msg(
                    "dotr.cc.dungeon_runs.also_gathers_quest_items_left",
                    name=name,
                    items=", ".join(card_title(ctx.state, i) for i in items),
                ),
                msg("dotr.cc.dungeon_runs.cc_hero_death_dungeon_1"),
            )
        )
    steps += return_run_cards(ctx, run, leaving=False, keep_treasure=True)
    pool = (ctx.state.get("settings") or {}).get("conquered_dungeon_token") == "back_to_pool"
    move_cards(
        ctx, TOKENS, [dungeon["token"]], source="table", target="draw" if pool else "box", seat=""
    )
    ctx.set("dungeons", {k: v for k, v in ctx.state["dungeons"].items() if k != location})
    end_run(ctx)
    steps.append(
        Step(
            msg(
                "dotr.cc.dungeon_runs.remove_token",
                again=msg("dotr.cc.dungeon_runs.placed_again") if pool else "",
            ),
            msg("dotr.cc.dungeon_runs.setting_conquered_dungeon_token"),
        )
    )
    ctx.emit(
        "treasure_room_defeated",
        msg("dotr.cc.dungeon_runs.conquered", name=name, dungeon=dungeon_ref(ctx.state, location)),
        data={
            "seat": seat,
            "location": location,
            "relic": relic,
            "treasure_room": run["treasure"],
            "quest_items": items,
        },
        steps=steps,
    )
