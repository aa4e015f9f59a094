"""The end of a hero's turn where the dragons' minions or a fire are (DX), and the Imps' Slayer.

``turn_end_dangers`` resolves, for the active hero, before the evening's Hero Cards (the evening
waits for it wherever one of these applies):

* fire: "any Hero ending their turn in a location On Fire suffers 1 wound due to fire damage.
  Fire wounds are not blocked by armor or special abilities like Hiding in the Shadows";
* Zealots: "a player ending their turn in a location with 1 or more Zealots will suffer 1 wound
  for each Zealot present"; armor blocks 1, Hide in the Shadows blocks them all (the Rogue
  example), the Eagle Rider's Sky Attack ignores end-of-turn minion penalties;
* Imps, Mischievous: "Heroes lose 1 Random Hero Card rather than take wounds for each Imp at the
  location"; the app draws them at random from the seat's hand. Armor prevents it, and so does
  the Eagle Rider in the air (FAQ).

Other minions' end-of-turn penalties stay with the table (``wound_hero``), as in the base game.

The Imps' Slayer: "The Hero merely needs to move into a location with 1 or more Imps to slay
them (no combat action is necessary)" (``become_slayer`` records who landed the final blow on
Hemlock; moving there then clears the Imps).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, move_cards, seat_label
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.expansions import has_expansion
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_name,
    hero_ref,
    location_name,
    location_ref,
    record,
    require_playing,
    seat_of,
    slain_generals,
)
from deck_tracker.engine.rules.dotr.base.turn import evening_drawn
from deck_tracker.engine.rules.dotr.dragon.content import minion_type
from deck_tracker.engine.rules.dotr.dragon.fire import fire_in_play, on_fire
from deck_tracker.engine.rules.dotr.dragon.minions import ARMORED, wound

__all__ = ["dangers_at", "leave_dangers_aside"]

R_FIRE = msg("dotr.rule.dx.dangers.fire")
R_ZEALOTS = msg("dotr.rule.dx.dangers.zealots")
R_HIDE = msg("dotr.rule.dx.dangers.hide")
R_ARMOR = msg("dotr.rule.dx.dangers.armor")
R_SKY = msg("dotr.rule.dx.dangers.sky")
R_IMPS = msg("dotr.rule.dx.dangers.imps")
R_IMPS_SAFE = msg("dotr.rule.dx.dangers.imps_safe")
R_ENTERED = msg("dotr.rule.dx.dangers.entered_for")
R_WAIT = msg("dotr.rule.dx.dangers.wait")
HEROS_CALLING = "heros_calling"  # its setup: "Do not assign a Slayer after defeating a General"
R_SLAYER = msg("dotr.rule.dx.dangers.slayer")


def _skilled(state: State, skill: str) -> str | None:
    for colour in COLOURS:
        minion = minion_type(state, colour)
        if minion is not None and skill in minion.skills:
            return colour
    return None


def dangers_at(state: State, location: str) -> dict[str, int]:
    """What awaits a hero ending a turn on ``location``: fire, zealots, imps (counts)."""
    found: dict[str, int] = {}
    if fire_in_play(state) and on_fire(state, location):
        found["fire"] = 1
    minions = state["board"][location]["minions"]
    for key, skill in (("zealots", "berserk"), ("imps", "mischievous")):
        colour = _skilled(state, skill) if state.get("expansions") else None
        if colour is not None and minions.get(colour):
            found[key] = int(minions[colour])
    return found


def _turn_key(state: State) -> list[Any]:
    turn = state.get("turn") or {}
    return [turn.get("number"), turn.get("active_seat")]


def leave_dangers_aside(state: State) -> None:
    """Take this turn's end-of-turn dangers as settled, for a night that leaves the heroes' turns
    aside (the threat forecast): the night no longer waits for them, no hero is wounded."""
    state["dangers_done"] = _turn_key(state)


@command(
    "turn_end_dangers",
    args={
        "sky_attack": Arg(
            "bool", default=False, description="The Eagle Rider fights in the air this turn."
        ),
        "seat": SEAT,
    },
    systems=DOTR,
)
def turn_end_dangers(ctx: Context, args: dict[str, Any]) -> None:
    """End of turn: fire wounds, Zealots' wounds and the Imps' theft where the hero stands.

    Only the hero ending their turn meets them. Nobody chooses anything (the app draws the Imps'
    cards at random), so any phone may enter them; when another seat does, the event says who
    entered them for whom (``entered_by``).
    """
    require_playing(ctx.state)
    active = (ctx.state.get("turn") or {}).get("active_seat")
    seat = seat_of(ctx, args["seat"] or active)
    if active is not None and seat != active:
        raise RuleViolation(
            msg(
                "error.dotr.dragon.dangers.only_hero_ending_turn", hero=hero_ref(ctx.state, active)
            ),
            code="not_your_turn",
        )
    hero = ctx.state["heroes"][seat]
    location, name = hero["location"], hero_name(ctx.state, seat)
    where = location_name(ctx.state, location)
    found = dangers_at(ctx.state, location)
    if not found:
        raise RuleViolation(
            msg("error.dotr.dragon.dangers.nothing_threatens", name=name, where=where),
            code="no_dangers",
        )
    if ctx.state.get("dangers_done") == _turn_key(ctx.state):
        raise RuleViolation(
            msg("error.dotr.dragon.dangers.dangers_this_turn_are_resolved"), code="dangers_done"
        )
    armored = hero["hero"] in ARMORED
    flying = bool(args["sky_attack"]) and hero["hero"] == "eagle-rider"
    steps: list[tuple[Text, Text]] = []
    wounds = 0
    hero_word, place = hero_ref(ctx.state, seat), location_ref(ctx.state, location)
    if found.get("fire"):
        wounds += 1
        steps.append((msg("dotr.danger.fire", location=place, hero=hero_word), R_FIRE))
    zealots = found.get("zealots", 0)
    if zealots:
        if hero["hero"] == "rogue":
            steps.append((msg("dotr.danger.hides", hero=hero_word), R_HIDE))
        elif flying:
            steps.append((msg("dotr.danger.in_the_air", hero=hero_word), R_SKY))
        else:
            taken = zealots - 1 if armored else zealots
            wounds += taken
            steps.append(
                (
                    msg(
                        "dotr.danger.zealots",
                        zealots=i18n.count(zealots, "minion-type:zealot", "Zealot", "Zealots"),
                        hero=hero_word,
                        wounds=i18n.count(taken, "noun:wound", "wound", "wounds"),
                    ),
                    R_ZEALOTS,
                )
            )
            if armored:
                steps.append((msg("dotr.danger.armor_ignores", hero=hero_word), R_ARMOR))
    lost_cards: list[str] = []
    imps = found.get("imps", 0)
    if imps and (armored or flying):
        counted = i18n.count(imps, "minion-type:imp", "Imp", "Imps")
        kept = (
            msg("dotr.danger.imps_kept.armor", hero=hero_word, imps=counted)
            if armored
            else msg("dotr.danger.imps_kept.flight", hero=hero_word, imps=counted)
        )
        steps.append((kept, R_IMPS_SAFE))
    elif imps:
        hand = list(get_deck(ctx.state, "hero")["hands"].get(seat, []))
        lost_cards = ctx.rng.sample(hand, min(imps, len(hand)))
        if lost_cards:
            move_cards(ctx, "hero", lost_cards, source="hand", target="discard", seat=seat)
        discarded: Text = (
            listing(lost_cards, conjunction=False) if lost_cards else msg("dotr.danger.nothing")
        )
        steps.append(
            (
                msg(
                    "dotr.danger.imps",
                    imps=i18n.count(imps, "minion-type:imp", "Imp", "Imps"),
                    count=len(lost_cards),
                    hero=hero_word,
                    cards=discarded,
                ),
                R_IMPS,
            )
        )
    lost, life = wound(ctx, seat, wounds)
    if wounds:
        steps.append((msg("dotr.danger.loses", hero=hero_word, count=lost, life=life), R_FIRE))
    ctx.set("dangers_done", _turn_key(ctx.state))
    data: dict[str, Any] = {}
    if ctx.actor is not None and ctx.actor != seat:
        data["entered_by"] = ctx.actor
        by = seat_label(ctx.state, ctx.actor)
        steps.append((msg("dotr.danger.entered_for", by=by, hero=hero_word), R_ENTERED))
    record(
        ctx, "turn_end_dangers",
        msg("dotr.danger.summary", hero=hero_word, location=place,
            wounds=i18n.count(lost, "noun:wound", "wound", "wounds"),
            cards=i18n.count(len(lost_cards), "noun:card", "card", "cards")),
        {"seat": seat, "location": location, "found": found, "wounds": lost, "life": life,
         "cards_lost": lost_cards, "slain": wounds > 0 and life == 0} | data,
        *steps,
    )  # fmt: skip


# The evening waits for the dangers (an observer that refuses end_turn until they are done), and
# so does a night whose table skips the evening: skipping the Hero Cards skips no wound.
def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    # A base game (no expansion) never waits: asked first, before the evening is looked at.
    if (
        state.get("expansions")
        and (name == "end_turn" or (name == "night" and not evening_drawn(state)))
        and state.get("system") == "dotr"
    ):
        seat = (state.get("turn") or {}).get("active_seat")
        hero = (state.get("heroes") or {}).get(seat)
        done = state.get("dangers_done") == _turn_key(state)
        if seat and hero and not done and dangers_at(state, hero["location"]):
            raise RuleViolation(
                msg(
                    "error.dotr.dragon.dangers.ends_turn_danger_resolve_first",
                    hero=hero_name(state, seat),
                    location=location_name(state, hero["location"]),
                ),
                code="dangers_pending",
            )
    if name == "move_hero" and state.get("slayers"):
        return {"seat": args.get("seat")}
    return None


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if name != "move_hero" or memo is None:
        return
    moved = next((e for e in ctx.events if e.type == "hero_moved"), None)
    colour = _skilled(ctx.state, "mischievous")
    if moved is None or colour is None:
        return
    seat, location = moved.data["seat"], moved.data["to"]
    if (ctx.state.get("slayers") or {}).get(colour) != seat:
        return
    imps = int(ctx.state["board"][location]["minions"].get(colour, 0))
    if not imps:
        return
    minions = dict(ctx.state["board"][location]["minions"]) | {colour: 0}
    supply = dict(ctx.state["supply"]["minions"])
    supply[colour] = int(supply.get(colour, 0)) + imps
    ctx.set("board", location, "minions", minions)
    ctx.set("supply", "minions", supply)
    hero, where = hero_ref(ctx.state, seat), location_ref(ctx.state, location)
    slain = count_of(imps, "minion-type:imp", "Imp", "Imps")
    record(
        ctx, "imps_slain", msg("dotr.dragon.imps_slain", hero=hero, imps=slain, location=where),
        {"seat": seat, "location": location, "count": imps},
        (msg("dotr.dragon.imps_slain.step", imps=slain, location=where), R_SLAYER),
    )  # fmt: skip


# It refuses the end of a turn (or a night that skips the evening) while dangers wait, and
# slays Imps after a move: it follows no other command.
OBSERVER = Observer(
    before=_before, after=_after, commands=frozenset({"end_turn", "night", "move_hero"})
)


@command(
    "become_slayer",
    args={
        "general": Arg(
            "str",
            required=True,
            description="The General slain.",
            offers=slain_generals,
            unoffered=msg("error.dotr.dragon.dangers.no_general_slain"),
        ),
        "seat": SEAT,
    },
    systems=DOTR,
)
def become_slayer(ctx: Context, args: dict[str, Any]) -> None:
    """The hero who landed the final blow on a General becomes the Slayer of its minions."""
    require_playing(ctx.state)
    if has_expansion(ctx.state, HEROS_CALLING):
        raise RuleViolation(
            msg("error.dotr.dragon.dangers.hero_s_calling_do_not"),
            code="no_slayer_in_heros_calling",
        )
    seat = seat_of(ctx, args["seat"])
    general = (ctx.state.get("generals") or {}).get(args["general"])
    if general is None:
        raise RuleViolation(
            msg("error.dotr.dragon.dangers.there_no_general", general=args["general"]),
            code="unknown_general",
        )
    if not general.get("defeated"):
        raise RuleViolation(
            msg("error.dotr.dragon.dangers.general_must_be_slain_first"),
            code="general_not_defeated",
        )
    colour = general["colour"]
    ctx.set("slayers", {**(ctx.state.get("slayers") or {}), colour: seat})
    minion = minion_type(ctx.state, colour)
    what = i18n.name(f"minion-types:{minion.id}", minion.plural) if minion else colour
    name = hero_ref(ctx.state, seat)
    slayer = msg("dotr.dragon.slayer", hero=name, minions=what)
    steps = [Step(slayer, msg("dotr.rule.dx.slayer_final_blow"))]
    if minion is not None and "mischievous" in minion.skills:
        steps.append(Step(msg("dotr.dragon.slayer.imps", hero=name), R_SLAYER))
    ctx.emit(
        "slayer",
        slayer,
        data={"seat": seat, "general": args["general"], "colour": colour},
        steps=steps,
    )
