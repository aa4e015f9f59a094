"""Global Effects (DX 'Global Effects').

"Global Effects do not count as Darkness Spread Cards drawn when it comes to placing minions or
moving Generals. When a Global Effect is drawn, it is activated by placing it on the board ...
Immediately draw another Darkness Spreads Card." It "remain[s] active until a) A new Global
Effect is drawn, or b) A General moves or c) An instruction on the card requires you to discard
the Global Effect Card." "If a second Global Effect is drawn on the same turn, it ... is
discarded with no effect. Likewise, if a General Moves on the turn the Global Effect is drawn,
this movement will not cause a discard of the Global Effect Card."

State: the active card lies on the Darkness Spreads deck's ``table`` pile and in
``state.global_effect`` = ``{"card", "turn"}``; ``state.global_effect_turn`` is the turn (round
number and active seat of the night) of the last Global Effect drawn. An ended card goes to the
Darkness Spreads discard pile. A General's move ends it on a later turn (Brimstone's flights
too); Sterling forcing a General back is not a move of its own and ends nothing.

The deck holds all 10 cards of the box ("There are 10 Global Effect Cards provided in the Dragon
Expansion ... 5 Good Global Effect Cards ... and 5 Bad Global Effect Cards"), their text entered
or not. One the app does not know yet is read when it becomes active (its title, its Immediate
and its Ongoing Effect as printed), then it is placed as if it had been known and the night goes
on; a second one drawn on the same turn is discarded unread ("with no effect").

What the app enforces of the known cards: Inns Closed refuses Rumors at an Inn and reminds the
table that heroes may not heal there; the others are shown to the table when drawn.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.content import Card
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.reading import ask
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.packs import game_cards, unread
from deck_tracker.engine.rules.dotr.base.reading import R_READ
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    hero_ref,
    location_kind,
    location_ref,
    record,
    require_playing,
)
from deck_tracker.engine.rules.dotr.dragon.content import DRAGON_PACK

__all__ = ["active_effect", "read_answer", "read_resume", "turn_key"]

DS = "darkness_spreads"
R_DRAWN = msg("dotr.rule.dx.global_effects.drawn")
R_SECOND = msg("dotr.rule.dx.global_effects.second")
R_MOVED = msg("dotr.rule.dx.global_effects.moved")
R_SAME_TURN = msg("dotr.rule.dx.global_effects.same_turn")
R_CARD = msg("dotr.rule.dx.global_effects.card")
R_INNS = msg("dotr.rule.dx.global_effects.inns")


def turn_key(state: State) -> list[Any]:
    turn = state.get("turn") or {}
    return [turn.get("number"), turn.get("active_seat")]


def active_effect(state: State) -> str | None:
    active = state.get("global_effect")
    return str(active["card"]) if isinstance(active, dict) else None


def _text(card: Card) -> str:
    parts = [card.data.get("immediate"), card.data.get("ongoing")]
    return " ".join(str(p) for p in parts if p)


def _title(card: Card) -> Text:
    """The card's title as entered, else which kind of Global Effect it is (a card drawn
    unread as the second of a turn is discarded unseen)."""
    title = card.data.get("title")
    if title:
        return str(title)
    if card.kind == "good":
        return msg("dotr.dragon.effect.a_good")
    return msg("dotr.dragon.effect.a_bad")


def _name(card: Card) -> Text:
    """The card's name (as the deck lists it) in the reader's language."""
    return i18n.name(f"card:{card.id}", card.name)


def _end(ctx: Context, steps: list[Step], rule: Text, why: Text) -> None:
    card_id = active_effect(ctx.state)
    if card_id is None:
        return
    deck = get_deck(ctx.state, DS)
    ctx.set("decks", DS, "table", [c for c in deck["table"] if c != card_id])
    ctx.put("decks", DS, "discard", [card_id])
    ctx.set("global_effect", None)
    name = _name(game_cards(ctx.state)[card_id])
    steps.append(Step(msg("dotr.dragon.effect.ends", why=why, card=name), rule))


def drawn(realm: Realm, card: Card) -> None:
    ctx = realm.ctx
    key = turn_key(ctx.state)
    kind = "Good" if card.kind == "good" else "Bad"
    second = ctx.state.get("global_effect_turn") == key
    if unread(card) and not second:
        # It becomes active and the app does not know it: the table reads it first (the night
        # waits, base/night.py); it lies face up beside the board meanwhile.
        ctx.put("decks", DS, "table", [card.id])
        _ask_to_read(ctx, card)
        return
    title = card.data.get("title") or f"A {kind} Global Effect"
    shown = _title(card)
    realm.step(
        msg("dotr.dragon.effect.drawn.good", card=shown)
        if card.kind == "good"
        else msg("dotr.dragon.effect.drawn.bad", card=shown),
        R_DRAWN,
    )
    if second:
        ctx.put("decks", DS, "discard", [card.id])
        realm.step(msg("dotr.dragon.effect.second", card=shown), R_SECOND)
        effect = "discarded"
    else:
        _end(ctx, realm.steps, R_DRAWN, msg("dotr.dragon.effect.new"))
        ctx.put("decks", DS, "table", [card.id])
        ctx.set("global_effect", {"card": card.id, "turn": key})
        ctx.set("global_effect_turn", key)
        realm.step(msg("dotr.dragon.effect.active", card=shown, text=_text(card)), R_DRAWN)
        effect = "active"
    realm.step(msg("dotr.dragon.effect.draw_another"), R_DRAWN)
    ctx.emit(
        "global_effect_drawn",
        msg("dotr.dragon.effect.summary.active", card=shown)
        if effect == "active"
        else msg("dotr.dragon.effect.summary.discarded", card=shown),
        data={"card": card.id, "name": title, "kind": card.kind, "effect": effect},
        steps=realm.take_steps(),
    )


def _form(kind: str) -> dict[str, Any]:
    text = {"type": "string", "minLength": 1, "maxLength": 600}
    return {
        "type": "object",
        "title": msg("reading.form.good_effect" if kind == "Good" else "reading.form.bad_effect"),
        "properties": {
            "title": {
                "type": "string",
                "title": msg("reading.field.title"),
                "minLength": 1,
                "maxLength": 80,
            },
            "immediate": text | {"title": msg("reading.field.immediate")},
            "ongoing": text | {"title": msg("reading.field.ongoing")},
        },
        "required": ["title"],
        "additionalProperties": False,
    }


def _ask_to_read(ctx: Context, card: Card) -> None:
    kind = "Good" if card.kind == "good" else "Bad"
    name = msg("reading.name.good_effect" if kind == "Good" else "reading.name.bad_effect")
    prompt = ask(
        ctx,
        {
            "deck": DS,
            "card": card.id,
            "kind": card.kind,
            "pack": DRAGON_PACK,
            "schema": _form(kind),
            "resume": {"rule": "global_effect"},
        },
        name=name,
        title=msg("reading.title.read_card"),
        detail=msg("reading.detail.global_effect"),
    )
    good = card.kind == "good"
    ctx.emit(
        "card_to_read",
        msg("dotr.dragon.effect.read.good") if good else msg("dotr.dragon.effect.read.bad"),
        data={"prompt": prompt["id"], "deck": DS, "card": card.id, "name": name},
        steps=[
            Step(
                msg("dotr.dragon.effect.read.step.good")
                if good
                else msg("dotr.dragon.effect.read.step.bad"),
                R_READ,
            )
        ],
    )


def read_answer(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> dict[str, Any]:
    """A Global Effect read: the values of its slot in the box (title, effects)."""
    if not face.get("immediate") and not face.get("ongoing"):
        raise InvalidArguments(
            {"face.ongoing": [msg("error.dotr.dragon.global_effects.enter_effects")]},
            msg("error.dotr.dragon.global_effects.effect_required"),
        )
    base = f"decks/global_effects/{prompt['card']}/data."
    keys = ("title", "immediate", "ongoing")
    return {"values": {base + key: face[key] for key in keys if face.get(key)}}


def read_resume(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """The Global Effect read is placed as if it had been known (then the night goes on)."""
    table = get_deck(ctx.state, DS)["table"]
    ctx.set("decks", DS, "table", [c for c in table if c != prompt["card"]])
    drawn(Realm(ctx), game_cards(ctx.state)[prompt["card"]])


def general_moved(realm: Realm, general: str) -> None:
    active = realm.ctx.state.get("global_effect")
    if not isinstance(active, dict):
        return
    if active.get("turn") == turn_key(realm.ctx.state):
        realm.step(msg("dotr.dragon.effect.stays"), R_SAME_TURN)
        return
    why = msg("dotr.dragon.effect.general_moved", general=realm.data.general_ref(general))
    _end(realm.ctx, realm.steps, R_MOVED, why)


@command(
    "end_global_effect",
    args={"reason": Arg("str", description="The card's instruction that discards it.")},
    systems=DOTR,
)
def end_global_effect(ctx: Context, args: dict[str, Any]) -> None:
    """The active Global Effect's own instruction discards it."""
    require_playing(ctx.state)
    card_id = active_effect(ctx.state)
    if card_id is None:
        raise RuleViolation(
            msg("error.dotr.dragon.global_effects.no_global_effect_active"), code="no_global_effect"
        )
    steps: list[Step] = []
    _end(ctx, steps, R_CARD, args["reason"] or msg("dotr.dragon.effect.instruction"))
    ctx.emit(
        "global_effect_ended",
        msg("dotr.dragon.effect.ended", card=_name(game_cards(ctx.state)[card_id])),
        data={"card": card_id, "reason": args["reason"]},
        steps=steps,
    )


# Inns Closed (an observer: the rule refuses Rumors and reminds the table of healing).
def _inns_closed(state: State) -> bool:
    card = active_effect(state)
    return card is not None and game_cards(state)[card].data.get("effect_key") == "inns_closed"


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    if name not in ("rumors", "heal_hero") or not state.get("global_effect"):
        return None
    if not _inns_closed(state):
        return None
    seat = args.get("seat") or (state.get("turn") or {}).get("active_seat")
    hero = (state.get("heroes") or {}).get(seat)
    if hero is None or location_kind(state, hero["location"]) != "inn":
        return None
    if name == "rumors":
        raise RuleViolation(
            msg("error.dotr.dragon.global_effects.inns_closed_no_rumors_inns"), code="inns_closed"
        )
    return {"seat": seat, "location": hero["location"]}


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    where = location_ref(ctx.state, memo["location"])
    record(
        ctx, "inns_closed", msg("dotr.dragon.inns_closed", location=where),
        {"seat": memo["seat"], "location": memo["location"]},
        (msg("dotr.dragon.inns_closed.step", hero=hero_ref(ctx.state, memo["seat"]),
             location=where), R_INNS),
    )  # fmt: skip


# The Inns closed refuse Rumors and healing there: it follows those two commands only.
OBSERVER = Observer(before=_before, after=_after, commands=frozenset({"rumors", "heal_hero"}))
