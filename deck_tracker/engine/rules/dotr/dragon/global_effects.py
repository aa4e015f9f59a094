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
    hero_name,
    location_kind,
    location_name,
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


def _text(card: Card) -> str:
    parts = [card.data.get("immediate"), card.data.get("ongoing")]
    text = " ".join(str(p) for p in parts if p)
    if text or card.data.get("title") is not None:
        return text
    kind = "Good" if card.kind == "good" else "Bad"
    return (
        f"Its text is not entered in the app: take one of the {kind} Global Effects not yet "
        "entered from the box, unseen, read it and carry it out."
    )


def _end(ctx: Context, steps: list[Step], rule: Text, why: str) -> None:
    card_id = active_effect(ctx.state)
    if card_id is None:
        return
    deck = get_deck(ctx.state, DS)
    ctx.set("decks", DS, "table", [c for c in deck["table"] if c != card_id])
    ctx.put("decks", DS, "discard", [card_id])
    ctx.set("global_effect", None)
    name = game_cards(ctx.state)[card_id].name
    steps.append(Step(f"{why}: {name} ends; discard it.", rule))


def drawn(realm: Realm, card: Card) -> None:
    ctx = realm.ctx
    key = turn_key(ctx.state)
    kind = "Good" if card.kind == "good" else "Bad"
    title = card.data.get("title") or card.name
    realm.step(f"{title} ({kind} Global Effect) is drawn.", R_DRAWN)
    if ctx.state.get("global_effect_turn") == key:
        ctx.put("decks", DS, "discard", [card.id])
        realm.step(f"A Global Effect was already drawn this turn: discard {title}.", R_SECOND)
        effect = "discarded"
    else:
        _end(ctx, realm.steps, R_DRAWN, "A new Global Effect is drawn")
        ctx.put("decks", DS, "table", [card.id])
        ctx.set("global_effect", {"card": card.id, "turn": key})
        ctx.set("global_effect_turn", key)
        realm.step(f"Place {title} beside the board: it is active. {_text(card)}", R_DRAWN)
        effect = "active"
    realm.step("Draw another Darkness Spreads card.", R_DRAWN)
    ctx.emit(
        "global_effect_drawn",
        f"Global Effect: {title} ({effect}).",
        data={"card": card.id, "name": title, "kind": card.kind, "effect": effect},
        steps=realm.take_steps(),
    )


def general_moved(realm: Realm, general: str) -> None:
    active = realm.ctx.state.get("global_effect")
    if not isinstance(active, dict):
        return
    if active.get("turn") == turn_key(realm.ctx.state):
        realm.step("The Global Effect drawn this turn stays active.", R_SAME_TURN)
        return
    _end(realm.ctx, realm.steps, R_MOVED, f"{realm.data.general_names[general]} moved")


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
        raise RuleViolation("No Global Effect is active.", code="no_global_effect")
    steps: list[Step] = []
    _end(ctx, steps, R_CARD, args["reason"] or "Its instruction says so")
    ctx.emit(
        "global_effect_ended",
        f"The Global Effect {game_cards(ctx.state)[card_id].name} ends.",
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
            "Inns Closed: no Rumors at the Inns while it is active.", code="inns_closed"
        )
    return {"seat": seat, "location": hero["location"]}


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    where = location_name(ctx.state, memo["location"])
    record(
        ctx, "inns_closed", f"Inns Closed: {where} heals no one.",
        {"seat": memo["seat"], "location": memo["location"]},
        (f"Inns Closed is active: {hero_name(ctx.state, memo['seat'])} may not heal at {where} "
         "(only a card's healing stands; undo otherwise).", R_INNS),
    )  # fmt: skip


OBSERVER = Observer(before=_before, after=_after)
