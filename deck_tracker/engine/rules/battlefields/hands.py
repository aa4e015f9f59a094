"""Players, turns and hands: seating, the turn order, hand sizes, short hands and draws.

The decks stay physical: the app counts each side's draw pile, discard pile and each player's
hand, and tells the table when to draw or reshuffle.

``state["players"]`` maps a position (A, B, ...) in seating order to ``{"side", "seat",
"hand", "hand_limit", "short"}``; ``state["order"]`` is the turn cycle of positions and
``state["turn"]`` ``{"number", "index", "position", "action", "attack"}``.

Rules decisions:

* A position not yet taken by a phone is played from any phone (pass and play); once a seat
  holds it, only that seat takes its turns.
* At the end of a turn a player not playing short draws up to the hand limit: one card after
  playing one, as many as discarded after gathering troops, and those spent on Special cards
  (Drawing Cards). A short hand draws nothing until a battle is won.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Message, Text, msg, name, render_text

__all__ = [
    "R_DRAW",
    "R_RESHUFFLE",
    "R_SHORT",
    "active_position",
    "draw_cards",
    "hand_limits",
    "player_of",
    "position_label",
    "position_ref",
    "refill_short_hands",
    "seating",
    "turn_order",
]

R_HANDS = msg("bf.rule.hands")
R_ORDER = msg("bf.rule.order")
R_DRAW = msg("bf.rule.draw")
R_SHORT = msg("bf.rule.short")
R_REFILL = msg("bf.rule.refill")
R_RESHUFFLE = msg("bf.rule.reshuffle")


def other(side: str) -> str:
    return "heroes" if side == "minions" else "minions"


def seating(players: int, solo_side: str) -> list[str]:
    """The sides of positions A, B, ... in seating order (Setup 1)."""
    if players == 2:
        return ["minions", "heroes"]
    if players == 3:
        return [solo_side, other(solo_side), other(solo_side)]
    return ["minions", "heroes", "minions", "heroes"]


def turn_order(players: int, solo_side: str) -> list[str]:
    """The cycle of positions; the invaders (minions) begin (Game Play)."""
    if players == 2:
        return ["A", "B"]
    if players == 3:
        return ["A", "B", "A", "C"] if solo_side == "minions" else ["B", "A", "C", "A"]
    return ["A", "B", "C", "D"]


def hand_limits(players: int) -> list[int]:
    """Cards in hand per position, in seating order (Setup 3)."""
    return {2: [7, 7], 3: [8, 4, 4], 4: [5, 5, 5, 5]}[players]


def position_label(state: State, position: str) -> str:
    """Who plays at ``position``, in English ("Ada (minions)", "Hero player 2")."""
    return render_text(position_ref(state, position))


def position_ref(state: State, position: str) -> Message:
    """Who plays at ``position``, as a message (read in the reader's language)."""
    player = state["players"][position]
    seat = player.get("seat")
    if seat is not None:
        name = state.get("seats", {}).get(seat, {}).get("name")
        if name:
            return msg("bf.position.named", name=name, side=side_ref(player["side"]))
    same = [p for p, info in state["players"].items() if info["side"] == player["side"]]
    if len(same) > 1:
        number = same.index(position) + 1
        if player["side"] == "minions":
            return msg("bf.position.minion_player_n", number=number)
        return msg("bf.position.hero_player_n", number=number)
    if player["side"] == "minions":
        return msg("bf.position.minion_player")
    return msg("bf.position.hero_player")


def active_position(state: State) -> str:
    return str(state["turn"]["position"])


def player_of(state: State, actor: str | None) -> str | None:
    """The position the seat ``actor`` holds, if any."""
    for position, player in state.get("players", {}).items():
        if actor is not None and player.get("seat") == actor:
            return str(position)
    return None


def acting_position(state: State, actor: str | None, given: str | None) -> str:
    """The position a command acts for: the one named, else the actor's, else the active one."""
    players = state["players"]
    if given is not None:
        if given not in players:
            raise RuleViolation(
                msg("error.bf.hands.no_player_this_table", given=given), code="unknown_player"
            )
        return given
    return player_of(state, actor) or active_position(state)


def draw_cards(ctx: Context, position: str, count: int, *, rule: Text) -> list[Step]:
    """``position`` draws ``count`` cards from its side's physical deck (counted)."""
    side = ctx.state["players"][position]["side"]
    steps: list[Step] = []
    deck = ctx.get("sides", side, "deck")
    if deck < count:
        discard = ctx.get("sides", side, "discard")
        ctx.set("sides", side, "deck", deck + discard)
        ctx.set("sides", side, "discard", 0)
        steps.append(
            Step(msg("bf.hands.deck_ran_out_shuffle_discard", side=side_ref(side)), R_RESHUFFLE)
        )
        deck += discard
    drawn = min(count, deck)
    if drawn:
        ctx.set("sides", side, "deck", deck - drawn)
        hand = ctx.get("players", position, "hand")
        ctx.set("players", position, "hand", hand + drawn)
        label = position_ref(ctx.state, position)
        steps.append(
            Step(
                msg(
                    "bf.hands.draws_card",
                    label=label,
                    drawn=drawn,
                    value=(msg("bf.hands.s") if drawn != 1 else msg("bf.hands.text")),
                ),
                rule,
            )
        )
    return steps


def discard_from_hand(ctx: Context, position: str, count: int) -> None:
    hand = ctx.get("players", position, "hand")
    if hand < count:
        label = position_ref(ctx.state, position)
        raise RuleViolation(
            msg("error.bf.hands.holds_only_cards", label=label, hand=hand), code="not_enough_cards"
        )
    side = ctx.state["players"][position]["side"]
    ctx.set("players", position, "hand", hand - count)
    ctx.set("sides", side, "discard", ctx.get("sides", side, "discard") + count)


def refill_short_hands(ctx: Context) -> list[Step]:
    steps: list[Step] = []
    for position, player in ctx.state["players"].items():
        if player["short"]:
            ctx.set("players", position, "short", False)
            steps += draw_cards(ctx, position, player["hand_limit"] - player["hand"], rule=R_REFILL)
    return steps


def side_ref(side: str) -> dict[str, Any]:
    """A side ("minions", "heroes") as its players call it, in the reader's language."""
    return name(f"bf-side:{side}", side)
