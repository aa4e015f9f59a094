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
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    hero_ref,
    location_kind,
    location_ref,
    record,
    require_playing,
)

__all__ = ["active_effect", "turn_key"]

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


def _text(card: Card) -> Text:
    parts = [card.data.get("immediate"), card.data.get("ongoing")]
    text = " ".join(str(p) for p in parts if p)
    if text or card.data.get("title") is not None:
        return text
    if card.kind == "good":
        return msg("dotr.dragon.effect.unentered.good")
    return msg("dotr.dragon.effect.unentered.bad")


def _title(card: Card) -> Text:
    """The card's title as entered, else its name in the reader's language."""
    title = card.data.get("title")
    return str(title) if title else i18n.name(f"card:{card.id}", card.name)


def _end(ctx: Context, steps: list[Step], rule: Text, why: Text) -> None:
    card_id = active_effect(ctx.state)
    if card_id is None:
        return
    deck = get_deck(ctx.state, DS)
    ctx.set("decks", DS, "table", [c for c in deck["table"] if c != card_id])
    ctx.put("decks", DS, "discard", [card_id])
    ctx.set("global_effect", None)
    name = _title(game_cards(ctx.state)[card_id])
    steps.append(Step(msg("dotr.dragon.effect.ends", why=why, card=name), rule))


def drawn(realm: Realm, card: Card) -> None:
    ctx = realm.ctx
    key = turn_key(ctx.state)
    title = card.data.get("title") or card.name
    shown = _title(card)
    realm.step(
        msg("dotr.dragon.effect.drawn.good", card=shown)
        if card.kind == "good"
        else msg("dotr.dragon.effect.drawn.bad", card=shown),
        R_DRAWN,
    )
    if ctx.state.get("global_effect_turn") == key:
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
        msg("dotr.dragon.effect.ended", card=_title(game_cards(ctx.state)[card_id])),
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


OBSERVER = Observer(before=_before, after=_after)
