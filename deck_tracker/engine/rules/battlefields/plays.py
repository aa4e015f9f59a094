"""The four actions of a turn, what may be done at any time, and the end of the turn.

* Attack (A): a card entered and checked against the battlefield (``conditions.py``); the card
  may then attack (``attack`` in ``dice.py``).
* Restore (B): discard the card identical to one of the side's cards in play; a stunned card
  stands up and rolls one die to attack, an active one attacks again.
* Support (D): a General sent to a battlefield with 5 tokens, spent at any time.
* Gather troops (C): discard 1 to 3 cards, drawn at the end of the turn.
* Special cards at any time, even on the opponent's turn; a player made to discard plays short.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg

from .cards import CARD_ARGS, card_from_args
from .conditions import play_refusal, victory
from .dice import DICE, R_RESTORED_ROLL, roll
from .field import SYSTEM
from .hands import (
    R_DRAW,
    R_SHORT,
    acting_position,
    active_position,
    discard_from_hand,
    draw_cards,
    player_of,
    position_ref,
    side_ref,
)
from .tiles import tile_rules
from .turns import between_turns, hand_refusal, refuse, side_refusal, turn_action, turn_end
from .victory import win_battle

__all__ = ["GENERAL_TOKENS"]

GENERAL_TOKENS = 5
R_ATTACK = msg("bf.rule.attack")
R_RESTORE = msg("bf.rule.restore")
R_GATHER = msg("bf.rule.gather")
R_SUPPORT = msg("bf.rule.support")
R_SPECIAL = msg("bf.rule.special")
R_OPPONENT = msg("bf.rule.opponent_discards")
BATTLEFIELD = Arg("str", required=True, description="A battlefield in play.")
PLAYER = Arg("str", choices=("A", "B", "C", "D"), description="The player (default: yours).")


def _battlefield(state: State, tile_id: str) -> dict[str, Any]:
    battle = state["battlefields"].get(tile_id)
    if battle is None:
        raise RuleViolation(msg("error.bf.plays.that_battlefield_not_play"), code="not_in_play")
    return dict(battle)


def _check_win(ctx: Context, tile_id: str, side: str) -> None:
    rule = victory(
        tile_rules(ctx.state, tile_id),
        side,
        ctx.state["battlefields"][tile_id]["cards"][side],
        chameleons_in_sets=ctx.state["settings"]["chameleons_in_sets"],
    )
    if rule:
        win_battle(ctx, tile_id, side, rule)


def own_cards(state: State, side: str) -> list[dict[str, Any]]:
    return [card for battle in state["battlefields"].values() for card in battle["cards"][side]]


@command(
    "play_card",
    args={"battlefield": BATTLEFIELD, **CARD_ARGS},
    systems=SYSTEM,
    unavailable=turn_action,
)
def play_card(ctx: Context, args: dict[str, Any]) -> None:
    """Attack: play a hero or minion card on a battlefield (entered once, then remembered)."""
    position = active_position(ctx.state)
    side = ctx.state["players"][position]["side"]
    tile_id = args["battlefield"]
    battle = _battlefield(ctx.state, tile_id)
    key, card, new = card_from_args(ctx.state["library"]["cards"][side], args)
    tile = tile_rules(ctx.state, tile_id)
    refusal = play_refusal(
        tile,
        card,
        battle["cards"][side],
        own_cards(ctx.state, side),
        second_loop=ctx.state["settings"]["second_loop"],
    )
    if refusal:
        raise RuleViolation(
            msg("error.bf.plays.text", detail=refusal.detail, rule=refusal.rule), code=refusal.code
        )
    if ctx.get("players", position, "hand") < 1:
        raise RuleViolation(msg("error.bf.plays.no_card_hand"), code="not_enough_cards")
    ctx.set("players", position, "hand", ctx.get("players", position, "hand") - 1)
    if new:
        ctx.set("library", "cards", side, key, card)
    placed = {**card, "stunned": False, "player": position}
    cards = [*battle["cards"][side], placed]
    ctx.set("battlefields", tile_id, "cards", side, cards)
    can_attack = card["swords"] > 0 or card["special_attack"]
    ctx.set("turn", "action", "attack")
    ctx.set(
        "turn",
        "attack",
        {"battlefield": tile_id, "side": side, "index": len(cards) - 1} if can_attack else None,
    )
    number = "chameleon" if card["number"] is None else str(card["number"])
    ctx.emit(
        "card_played",
        msg(
            "bf.plays.plays",
            position_label=position_ref(ctx.state, position),
            name=card["name"],
            number=number,
            name2=tile.name,
        ),
        data={"battlefield": tile_id, "side": side, "card": card, "entered": new},
        steps=[
            Step(
                msg("bf.plays.lay_side", name=card["name"], side=side_ref(side), name2=tile.name),
                R_ATTACK,
            )
        ],
    )
    _check_win(ctx, tile_id, side)


@command(
    "restore",
    args={
        "battlefield": BATTLEFIELD,
        "card": Arg("int", required=True, minimum=0, maximum=60, description="Your card there."),
        "dice": DICE,
    },
    systems=SYSTEM,
    unavailable=turn_action,
)
def restore(ctx: Context, args: dict[str, Any]) -> None:
    """Restore: discard the identical card to stand a card up, or attack with it again."""
    position = active_position(ctx.state)
    side = ctx.state["players"][position]["side"]
    tile_id = args["battlefield"]
    cards = list(_battlefield(ctx.state, tile_id)["cards"][side])
    if not 0 <= args["card"] < len(cards):
        raise RuleViolation(msg("error.bf.plays.no_such_card_yours_there"), code="unknown_card")
    card = cards[args["card"]]
    discard_from_hand(ctx, position, 1)
    steps = [Step(msg("bf.plays.discard_your_other", name=card["name"]), R_RESTORE)]
    attack_next = True
    faces: list[str] = []
    if card["stunned"]:
        cards[args["card"]] = {**card, "stunned": False}
        ctx.set("battlefields", tile_id, "cards", side, cards)
        faces, _ = roll(ctx, args["dice"], 1)
        attack_next = faces[0] != "blank"
        steps.append(
            Step(
                msg("bf.plays.stand_upright_attack", name=card["name"], face=faces[0])
                if attack_next
                else msg("bf.plays.stand_upright_no_attack", name=card["name"], face=faces[0]),
                R_RESTORED_ROLL,
            )
        )
    ctx.set("turn", "action", "restore")
    ctx.set(
        "turn",
        "attack",
        {"battlefield": tile_id, "side": side, "index": args["card"]} if attack_next else None,
    )
    ctx.emit(
        "card_restored",
        msg(
            "bf.plays.restores",
            position_label=position_ref(ctx.state, position),
            name=card["name"],
        ),
        data={"battlefield": tile_id, "card": card["name"], "dice": faces, "attack": attack_next},
        steps=steps,
    )
    _check_win(ctx, tile_id, side)


@command(
    "gather_troops",
    args={"count": Arg("int", required=True, minimum=1, maximum=3)},
    systems=SYSTEM,
    unavailable=turn_action,
)
def gather_troops(ctx: Context, args: dict[str, Any]) -> None:
    """Gather troops: discard 1 to 3 cards, drawn again at the end of the turn."""
    position = active_position(ctx.state)
    discard_from_hand(ctx, position, args["count"])
    ctx.set("turn", "action", "gather")
    ctx.emit(
        "troops_gathered",
        msg(
            "bf.plays.discards_gather_troops",
            position_label=position_ref(ctx.state, position),
            number=args["count"],
        ),
        data={"count": args["count"]},
        steps=[Step(msg("bf.plays.discard_cards", number=args["count"]), R_GATHER)],
    )


@command(
    "send_general",
    args={"battlefield": BATTLEFIELD, "general": Arg("str", required=True)},
    systems=SYSTEM,
    unavailable=turn_action,
)
def send_general(ctx: Context, args: dict[str, Any]) -> None:
    """Support: send a General to a battlefield with 5 tokens."""
    position = active_position(ctx.state)
    side = ctx.state["players"][position]["side"]
    battle = _battlefield(ctx.state, args["battlefield"])
    left = list(ctx.state["sides"][side]["generals"])
    if args["general"] not in left:
        raise RuleViolation(
            msg(
                "error.bf.plays.have_no_general_left", side=side_ref(side), general=args["general"]
            ),
            code="no_general",
        )
    left.remove(args["general"])
    ctx.set("sides", side, "generals", left)
    sent = [*battle["generals"][side], {"name": args["general"], "tokens": GENERAL_TOKENS}]
    ctx.set("battlefields", args["battlefield"], "generals", side, sent)
    ctx.set("turn", "action", "support")
    ctx.set("turn", "attack", None)
    name = tile_rules(ctx.state, args["battlefield"]).name
    ctx.emit(
        "general_sent",
        msg(
            "bf.plays.sends",
            position_label=position_ref(ctx.state, position),
            general=args["general"],
            name=name,
        ),
        data={"battlefield": args["battlefield"], "general": args["general"], "side": side},
        steps=[
            Step(msg("bf.plays.place_with_5_tokens", general=args["general"], name=name), R_SUPPORT)
        ],
    )


@command(
    "spend_tokens",
    args={
        "battlefield": BATTLEFIELD,
        "general": Arg("str", required=True),
        "count": Arg("int", required=True, minimum=1, maximum=5),
        "effect": Arg("str", description="What the tokens buy, in the card's words."),
    },
    systems=SYSTEM,
    unavailable=between_turns,
)
def spend_tokens(ctx: Context, args: dict[str, Any]) -> None:
    """A General spends tokens on one of his actions, at any time."""
    battle = _battlefield(ctx.state, args["battlefield"])
    for side in ("minions", "heroes"):
        generals = list(battle["generals"][side])
        for i, general in enumerate(generals):
            if general["name"] == args["general"]:
                refuse(side_refusal(ctx.state, ctx.actor, side))
                if general["tokens"] < args["count"]:
                    raise RuleViolation(
                        msg(
                            "error.bf.plays.has_tokens_left",
                            name=general["name"],
                            tokens=general["tokens"],
                        ),
                        code="not_enough_tokens",
                    )
                generals[i] = {**general, "tokens": general["tokens"] - args["count"]}
                ctx.set("battlefields", args["battlefield"], "generals", side, generals)
                ctx.emit(
                    "tokens_spent",
                    msg(
                        "bf.plays.spends_tokens_for",
                        general=general["name"],
                        number=args["count"],
                        effect=args["effect"],
                    )
                    if args["effect"]
                    else msg(
                        "bf.plays.spends_tokens", general=general["name"], number=args["count"]
                    ),
                    data={"general": general["name"], "count": args["count"]},
                    steps=[
                        Step(
                            msg(
                                "bf.plays.remove_tokens_from",
                                number=args["count"],
                                name=general["name"],
                            ),
                            R_SUPPORT,
                        )
                    ],
                )
                return
    raise RuleViolation(msg("error.bf.plays.no_such_general_that_battlefield"), code="no_general")


@command(
    "play_special_card",
    args={"name": Arg("str", required=True), "player": PLAYER},
    systems=SYSTEM,
    unavailable=between_turns,
)
def play_special(ctx: Context, args: dict[str, Any]) -> None:
    """A Special card, at any time, even on the opponent's turn: one effect, then discard."""
    position = acting_position(ctx.state, ctx.actor, args["player"])
    refuse(hand_refusal(ctx.state, ctx.actor, position))
    discard_from_hand(ctx, position, 1)
    ctx.emit(
        "special_played",
        msg(
            "bf.plays.plays_2",
            position_label=position_ref(ctx.state, position),
            name=args["name"],
        ),
        data={"name": args["name"], "player": position},
        steps=[Step(msg("bf.plays.perform_one_effect_discard", name=args["name"]), R_SPECIAL)],
    )


@command(
    "lose_cards",
    args={
        "player": Arg("str", required=True, choices=("A", "B", "C", "D")),
        "count": Arg("int", required=True, minimum=1, maximum=8),
        "cause": Arg("str", description="The ability, e.g. Undead Fear."),
    },
    systems=SYSTEM,
    unavailable=between_turns,
)
def lose_cards(ctx: Context, args: dict[str, Any]) -> None:
    """A player made to discard by an ability plays short until a battle is won.

    The player enters it, or the opponent whose card's ability made them discard (the
    rulebook's Undead Fear: the minion player sends a card of the hero's hand to the discard
    pile); the event then names who entered it for whom. A teammate does not.
    """
    position = acting_position(ctx.state, ctx.actor, args["player"])
    by = player_of(ctx.state, ctx.actor)
    not_theirs = hand_refusal(ctx.state, ctx.actor, position)
    if not_theirs and (by is None or _same_side(ctx.state, by, position)):
        refuse(not_theirs)
    discard_from_hand(ctx, position, args["count"])
    ctx.set("players", position, "short", True)
    label = position_ref(ctx.state, position)
    steps = [Step(msg("bf.plays.plays_short_until_battle_won", label=label), R_SHORT)]
    data: dict[str, Any] = {"player": position, "count": args["count"]}
    if not_theirs and by is not None:
        entered_by = position_ref(ctx.state, by)
        steps.append(Step(msg("bf.plays.entered_for", by=entered_by, label=label), R_OPPONENT))
        data["entered_by"] = by
    ctx.emit(
        "cards_lost",
        msg("bf.plays.loses_cards_to", label=label, number=args["count"], cause=args["cause"])
        if args["cause"]
        else msg("bf.plays.loses_cards", label=label, number=args["count"]),
        data=data,
        steps=steps,
    )


def _same_side(state: State, one: str, other: str) -> bool:
    return bool(state["players"][one]["side"] == state["players"][other]["side"])


@command("finish_turn", args={}, systems=SYSTEM, unavailable=turn_end)
def end_turn(ctx: Context, args: dict[str, Any]) -> None:
    """The active player draws up to the hand limit (unless short); the next player's turn."""
    position = active_position(ctx.state)
    player = ctx.state["players"][position]
    steps: list[Step] = []
    if player["short"]:
        steps.append(
            Step(
                msg(
                    "bf.plays.draws_nothing_short",
                    position_label=position_ref(ctx.state, position),
                ),
                R_SHORT,
            )
        )
    else:
        steps += draw_cards(ctx, position, player["hand_limit"] - player["hand"], rule=R_DRAW)
    order = ctx.state["order"]
    index = (ctx.state["turn"]["index"] + 1) % len(order)
    ctx.set(
        "turn",
        {
            "number": ctx.state["turn"]["number"] + 1,
            "index": index,
            "position": order[index],
            "action": None,
            "attack": None,
        },
    )
    ctx.emit(
        "turn_ended",
        msg(
            "bf.plays.ends_turn_plays_next",
            position_label=position_ref(ctx.state, position),
            position_label2=position_ref(ctx.state, order[index]),
        ),
        data={"next": order[index]},
        steps=steps,
    )
