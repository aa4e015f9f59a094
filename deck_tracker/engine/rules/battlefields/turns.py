"""Who may act now: the turn's holder for the turn's action, anyone for what the rules allow at
any time (Special cards, Generals' tokens)."""

from __future__ import annotations

from deck_tracker.engine.core import State
from deck_tracker.engine.errors import RuleViolation

from .hands import position_label

__all__ = ["between_turns", "turn_action", "turn_end", "whose_turn"]

PENDING = {
    "objective": "The {side} choose their objective battlefield first.",
    "draw": "The table enters the battlefields drawn first.",
    "choose": "The {side} choose the next battlefield first.",
    "reward": "The {side} decide on the reward first.",
}


def _blocked(state: State) -> str | None:
    if state.get("outcome"):
        return "The war is over."
    pending = state.get("pending")
    if pending:
        return PENDING[pending["kind"]].format(side=pending.get("side", ""))
    return None


def whose_turn(state: State, actor: str | None) -> str | None:
    position = state["turn"]["position"]
    seat = state["players"][position]["seat"]
    if seat is not None and actor != seat:
        return f"It is {position_label(state, position)}'s turn."
    return None


def turn_action(state: State, actor: str | None) -> str | None:
    """Why the one action of the turn cannot be taken now."""
    blocked = _blocked(state) or whose_turn(state, actor)
    if blocked:
        return blocked
    if state["turn"]["action"]:
        return "This turn's action is taken: end the turn."
    return None


def turn_end(state: State, actor: str | None) -> str | None:
    blocked = _blocked(state) or whose_turn(state, actor)
    if blocked:
        return blocked
    if not state["turn"]["action"]:
        return "Take one action first (attack, restore, support or gather troops)."
    return None


def between_turns(state: State, actor: str | None) -> str | None:
    """At any time, even on the opponent's turn, while the war goes on."""
    return "The war is over." if state.get("outcome") else None


def refuse(reason: str | None, code: str = "not_available") -> None:
    if reason:
        raise RuleViolation(reason, code=code)
