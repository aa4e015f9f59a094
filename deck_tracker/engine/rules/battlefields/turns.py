"""Who may act now: the turn's holder for the turn's action; a side's own players for its choices
(objective, next battlefield, reward), its Generals' tokens and its battles declared won; a
player for their own hand. What the rules allow at any time (Special cards, Generals' tokens) is
still taken only by whoever it belongs to.

A position no phone holds yet is played from any phone (pass and play): a side with such a
position may be acted for from any phone, as its turns are.

Acting for another player: only an ability that makes the opponent discard (Special combat
skills; the rulebook's Undead Fear) lets a player enter a loss from another's hand, and the
event names who entered it (``lose_cards``)."""

from __future__ import annotations

from deck_tracker.engine.commands import Reason, Unavailable, reason_code, reason_text
from deck_tracker.engine.core import State
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Message, msg

from .hands import position_ref, side_ref

__all__ = [
    "between_turns",
    "hand_refusal",
    "refuse",
    "side_refusal",
    "turn_action",
    "turn_end",
    "whose_turn",
]

PENDING = {
    "objective": "error.bf.turns.pending.objective",
    "draw": "error.bf.turns.pending.draw",
    "choose": "error.bf.turns.pending.choose",
    "reward": "error.bf.turns.pending.reward",
}


def _blocked(state: State) -> Message | None:
    if state.get("outcome"):
        return msg("error.bf.turns.war_over")
    pending = state.get("pending")
    if pending:
        return msg(PENDING[pending["kind"]], side=side_ref(str(pending.get("side", ""))))
    return None


def whose_turn(state: State, actor: str | None) -> Reason | None:
    position = state["turn"]["position"]
    seat = state["players"][position]["seat"]
    if seat is not None and actor != seat:
        return msg("error.bf.turns.not_your_turn", label=position_ref(state, position))
    return None


def turn_action(state: State, actor: str | None) -> Reason | None:
    """Why the one action of the turn cannot be taken now."""
    blocked = _blocked(state) or whose_turn(state, actor)
    if blocked:
        return blocked
    if state["turn"]["action"]:
        return msg("error.bf.turns.action_taken")
    return None


def turn_end(state: State, actor: str | None) -> Reason | None:
    blocked = _blocked(state) or whose_turn(state, actor)
    if blocked:
        return blocked
    if not state["turn"]["action"]:
        return msg("error.bf.turns.take_action_first")
    return None


def between_turns(state: State, actor: str | None) -> Reason | None:
    """At any time, even on the opponent's turn, while the war goes on."""
    return msg("error.bf.turns.war_over") if state.get("outcome") else None


def side_refusal(state: State, actor: str | None, side: str) -> Unavailable | None:
    """Why ``actor`` may not act for ``side``: a side decides for itself."""
    if actor is None:
        return None
    seats = [player["seat"] for player in state["players"].values() if player["side"] == side]
    if actor in seats or None in seats:
        return None
    return Unavailable(msg("error.bf.turns.not_your_side", side=side_ref(side)), "not_your_side")


def hand_refusal(state: State, actor: str | None, position: str) -> Unavailable | None:
    """Why ``actor`` may not play from the hand at ``position``: it is another phone's."""
    seat = state["players"][position]["seat"]
    if actor is None or seat is None or seat == actor:
        return None
    return Unavailable(
        msg("error.bf.turns.not_your_hand", label=position_ref(state, position)), "not_your_seat"
    )


def refuse(reason: Reason | None, code: str = "not_available") -> None:
    """Refuse the command for ``reason`` (an ``Unavailable`` brings its own code)."""
    if reason:
        raise RuleViolation(reason_text(reason), code=reason_code(reason, code))
