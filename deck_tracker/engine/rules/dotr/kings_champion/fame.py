"""The King's Champion Rewards: Minor and Major Fame earned by heroic actions.

Each heroic action of the rulebook (Dragon expansion, "The King's Champion Rewards") is recorded
per hero as an event. Minor Fame is gold tokens, counted. Major Fame is blue tokens drawn from a
cup; their values are not published, so the cup is **table-owned** by default (players draw the
token and enter its value) and **app-owned** once the table enters the values of the cup's tokens
(``set_fame_cup``): the app then draws them, at random and without replacement, and records the
draw in the event.

State::

    fame       {"cup": {"owner": "table" | "app", "left": n | None},
                "heroes": {seat: {"hero": id, "minor": n, "major": [values], "deeds": [...]}},
                "proposals": [{"id", "seat", "action", "count", "because"}], "next_id": n}
    fame_cup   {"tokens": [values]}      the app-owned cup's content (not shown to any seat)

Proposals (see ``fame_proposals.py``) are fame the app infers from the table's entries; the
table confirms (``confirm_fame``) or dismisses (``dismiss_fame``) each one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_ref,
    seat_choices,
    seat_of,
)

__all__ = ["ACTIONS", "HeroicAction", "describe_actions", "fame_totals", "grant_fame"]

RULE = msg("dotr.rule.kc.fame")
MAX_TOKEN_VALUE = 20


@dataclass(frozen=True)
class HeroicAction:
    id: str
    kind: str  # "minor" (gold tokens, counted) or "major" (blue tokens drawn from the cup)
    tokens: int  # tokens per deed (Minor: per wound when ``per_wound``)
    text: str
    per_wound: bool = False

    @property
    def deed(self) -> dict[str, Any]:
        """The deed's printed words, as a message parameter."""
        return i18n.name(f"fame:{self.id}", self.text)

    @property
    def rule(self) -> Text:
        if self.kind == "minor":
            return msg("dotr.rule.kc.minor", deed=self.deed)
        return msg("dotr.rule.kc.major", deed=self.deed)


_ACTIONS = (
    HeroicAction("attack_three_minions", "minor", 1, "Attack 3 Minions in a Location"),
    HeroicAction("attempt_heal_land", "minor", 1, "Attempt to Heal the Land"),
    HeroicAction("attempt_dice_quest", "minor", 1, "Attempt a Quest that requires Dice"),
    HeroicAction("attack_monarch_city", "minor", 1, "Attack any number of Minions in Monarch City"),
    HeroicAction(
        "wound_general", "minor", 1, "Wound a General in Battle (1 per Wound)", per_wound=True
    ),
    HeroicAction("attempt_put_out_fire", "minor", 1, "Attempt to put out Fires in a Location"),
    HeroicAction("build_gate", "minor", 1, "Build a Gate (not by use of a Special Card)"),
    HeroicAction("delay_quest", "minor", 1, "Delay a Quest to place Minions when supply is short"),
    HeroicAction("attack_agent", "minor", 1, "Attack an Agent of the Dark Lord"),
    HeroicAction("complete_quest", "major", 1, "Complete a Quest Successfully"),
    HeroicAction("slaying_blow", "major", 2, "Land the Slaying Blow to a General"),
    HeroicAction("put_out_fire", "major", 1, "Successfully Put Out a Fire on a Location"),
    HeroicAction("rumors_two_cards", "major", 1, "Gain 2 or More Cards from a Rumor Action"),
    HeroicAction("slay_two_minions", "major", 1, "Slay 2 or More Minions in a Single Round"),
    HeroicAction("heal_land", "major", 1, "Successfully Heal the Land (without a Special Card)"),
    HeroicAction("slay_agent", "major", 2, "Slay an Agent of the Dark Lord"),
)
ACTIONS: dict[str, HeroicAction] = {action.id: action for action in _ACTIONS}

COUNT = Arg(
    "int",
    default=1,
    minimum=1,
    maximum=20,
    description="How many times the deed was done (Wound a General: the wounds inflicted).",
)
VALUES = Arg(
    "list[int]",
    minimum=0,
    maximum=MAX_TOKEN_VALUE,
    max_items=40,
    description="Table-owned cup: the values of the blue tokens drawn.",
)


def _fame(state: State) -> dict[str, Any]:
    fame: dict[str, Any] | None = state.get("fame")
    return fame or {
        "cup": {"owner": "table", "left": None},
        "heroes": {},
        "proposals": [],
        "next_id": 1,
    }


def ensure_fame(ctx: Context) -> dict[str, Any]:
    """The ``fame`` key, created on first use (games set up before it existed have none)."""
    if ctx.get("fame") is None:
        ctx.set("fame", _fame(ctx.state))
    fame: dict[str, Any] = ctx.state["fame"]
    return fame


def fame_totals(state: State) -> dict[str, dict[str, int]]:
    """Per seat with fame: Minor tokens, Major points and their sum."""
    totals = {}
    for seat, entry in _fame(state)["heroes"].items():
        minor, major = int(entry.get("minor", 0)), sum(entry.get("major", []))
        totals[seat] = {"minor": minor, "major": major, "total": minor + major}
    return totals


def _draw_major(
    ctx: Context, needed: int, values: list[int] | None, action: HeroicAction
) -> list[int]:
    """The values of ``needed`` blue tokens: entered by the table, or drawn by the app."""
    owner = ensure_fame(ctx)["cup"]["owner"]
    if owner == "table":
        if values is None or len(values) != needed:
            raise InvalidArguments(
                {
                    "values": [
                        msg(
                            "error.dotr.kc.fame.draw_from_cup_enter",
                            text=action.text,
                            count=count_of(
                                needed,
                                "word:blue-major-fame-token",
                                "blue Major Fame token",
                                "blue Major Fame tokens",
                            ),
                            value=(
                                msg("error.dotr.kc.fame.value")
                                if needed == 1
                                else msg("error.dotr.kc.fame.their_values")
                            ),
                        )
                    ]
                }
            )
        return list(values)
    if values is not None:
        raise InvalidArguments({"values": [msg("error.dotr.kc.fame.app_holds_cup_draws_tokens")]})
    cup = list(ctx.get("fame_cup", "tokens", default=[]))
    if len(cup) < needed:
        raise RuleViolation(
            msg(
                "error.dotr.kc.fame.cup_holds_are_needed_enter",
                count=count_of(len(cup), "word:blue-token", "blue token", "blue tokens"),
                needed=needed,
            ),
            code="fame_cup_empty",
        )
    drawn = [cup.pop(ctx.rng.randrange(len(cup))) for _ in range(needed)]
    ctx.set("fame_cup", "tokens", cup)
    ctx.set("fame", "cup", "left", len(cup))
    return drawn


def grant_fame(
    ctx: Context,
    *,
    seat: str,
    action_id: str,
    count: int,
    values: list[int] | None,
    proposal: int | None = None,
) -> None:
    """Record one heroic action's fame for the hero of ``seat``, as one event."""
    action = ACTIONS[action_id]
    fame = ensure_fame(ctx)
    name = hero_ref(ctx.state, seat)
    entry = fame["heroes"].get(seat) or {"hero": None, "minor": 0, "major": [], "deeds": []}
    tokens = action.tokens * count
    deed: dict[str, Any] = {"action": action.id, "count": count}
    if action.kind == "minor":
        if values is not None:
            raise InvalidArguments(
                {"values": [msg("error.dotr.kc.fame.minor_fame_gold_tokens_give")]}
            )
        entry = {**entry, "minor": int(entry["minor"]) + tokens}
        deed["minor"] = tokens
        step: Text = msg("dotr.kc.minor.give", hero=name, count=tokens)
        summary: Text = msg("dotr.kc.minor.gains", hero=name, count=tokens, deed=action.deed)
    else:
        drawn = _draw_major(ctx, tokens, values, action)
        entry = {**entry, "major": [*entry["major"], *drawn]}
        deed["major"] = drawn
        shown = ", ".join(map(str, drawn))
        owner = fame["cup"]["owner"]
        step = (
            msg("dotr.kc.major.drawn_by_app", hero=name, count=tokens, values=shown)
            if owner == "app"
            else msg("dotr.kc.major.draw", hero=name, count=tokens)
        )
        summary = msg("dotr.kc.major.gains", hero=name, values=shown, deed=action.deed)
    hero = ctx.state.get("heroes", {}).get(seat, {}).get("hero")
    entry = {**entry, "hero": hero, "deeds": [*entry["deeds"], deed]}
    ctx.set("fame", "heroes", seat, entry)
    minor, major = int(entry["minor"]), sum(entry["major"])
    ctx.emit(
        "fame_gained",
        summary,
        data={
            "seat": seat,
            "hero": hero,
            "action": action.id,
            "kind": action.kind,
            **deed,
            "proposal": proposal,
            "fame": {"minor": minor, "major": major, "total": minor + major},
        },
        steps=[Step(step, action.rule)],
    )


def _fame_unavailable(state: State, actor: str | None) -> Reason | None:
    if (state.get("grand_ball") or {}).get("order"):
        return msg("error.dotr.kc.fame.ball_begun")
    return None


@command(
    "record_fame",
    args={
        "action": Arg(
            "str",
            required=True,
            choices=tuple(ACTIONS),
            titles={key: action.deed for key, action in ACTIONS.items()},
        ),
        "seat": SEAT,
        "count": COUNT,
        "values": VALUES,
    },
    systems=DOTR,
    unavailable=_fame_unavailable,
)
def record_fame(ctx: Context, args: dict[str, Any]) -> None:
    """A hero's heroic action earns Minor Fame (gold tokens) or Major Fame (blue, from the cup)."""
    seat = seat_of(ctx, args["seat"])
    grant_fame(ctx, seat=seat, action_id=args["action"], count=args["count"], values=args["values"])


def _proposal(ctx: Context, proposal_id: int) -> dict[str, Any]:
    for proposal in ensure_fame(ctx)["proposals"]:
        if proposal["id"] == proposal_id:
            found: dict[str, Any] = proposal
            return found
    raise RuleViolation(
        msg("error.dotr.kc.fame.there_no_open_fame_proposal", proposal_id=proposal_id),
        code="no_such_proposal",
    )


def _drop_proposal(ctx: Context, proposal_id: int) -> None:
    proposals = ensure_fame(ctx)["proposals"]
    ctx.set("fame", "proposals", [p for p in proposals if p["id"] != proposal_id])


PROPOSAL = Arg("int", required=True, minimum=1, description="The proposal's id.")


@command(
    "confirm_fame",
    args={
        "proposal": PROPOSAL,
        "seat": Arg(
            "str",
            description="The hero who earned it, when not the one proposed.",
            offers=seat_choices,
        ),
        "count": Arg("int", minimum=1, maximum=20, description="Overrides the proposed count."),
        "values": VALUES,
    },
    systems=DOTR,
    unavailable=_fame_unavailable,
)
def confirm_fame(ctx: Context, args: dict[str, Any]) -> None:
    """The table confirms fame the app proposed (it may name another hero or count)."""
    proposal = _proposal(ctx, args["proposal"])
    seat = seat_of(ctx, args["seat"] or proposal.get("seat"))
    _drop_proposal(ctx, proposal["id"])
    grant_fame(
        ctx,
        seat=seat,
        action_id=proposal["action"],
        count=args["count"] or int(proposal.get("count", 1)),
        values=args["values"],
        proposal=proposal["id"],
    )


@command("dismiss_fame", args={"proposal": PROPOSAL}, systems=DOTR)
def dismiss_fame(ctx: Context, args: dict[str, Any]) -> None:
    """The table turns down fame the app proposed."""
    proposal = _proposal(ctx, args["proposal"])
    _drop_proposal(ctx, proposal["id"])
    action = ACTIONS[proposal["action"]]
    ctx.emit(
        "fame_dismissed",
        msg("dotr.kc.proposal_dismissed", number=proposal["id"], deed=action.deed),
        data={"proposal": proposal["id"], "action": action.id, "seat": proposal.get("seat")},
    )


@command(
    "set_fame_cup",
    args={
        "owner": Arg("str", default="app", choices=("app", "table")),
        "values": Arg(
            "list[int]",
            minimum=0,
            maximum=MAX_TOKEN_VALUE,
            max_items=100,
            description="Every blue token's value, as printed (the whole set in the box).",
        ),
    },
    systems=DOTR,
)
def set_fame_cup(ctx: Context, args: dict[str, Any]) -> None:
    """Hand the Major Fame cup to the app (with its tokens' values) or back to the table."""
    fame = ensure_fame(ctx)
    if args["owner"] == "table":
        ctx.set("fame", "cup", {"owner": "table", "left": None})
        ctx.delete("fame_cup")
        ctx.emit(
            "fame_cup_set",
            msg("dotr.kc.cup.table"),
            data={"owner": "table"},
            steps=[Step(msg("dotr.kc.cup.keep"), RULE)],
        )
        return
    values: list[int] | None = args["values"]
    if not values:
        raise InvalidArguments({"values": [msg("error.dotr.kc.fame.enter_value_every_blue_token")]})
    # Tokens already drawn in this game are with the heroes, not in the cup.
    left = Counter(values)
    for entry in fame["heroes"].values():
        left.subtract(Counter(entry.get("major", [])))
    tokens = sorted(left.elements())
    ctx.set("fame_cup", {"tokens": tokens})
    ctx.set("fame", "cup", {"owner": "app", "left": len(tokens)})
    ctx.emit(
        "fame_cup_set",
        msg("dotr.kc.cup.app", count=len(tokens)),
        data={"owner": "app", "left": len(tokens)},
        steps=[Step(msg("dotr.kc.cup.aside"), RULE)],
    )


def describe_actions() -> list[dict[str, Any]]:
    """The King's Champion Fame Guide: every heroic action, its kind and tokens."""
    return [
        {
            "id": a.id,
            "kind": a.kind,
            "tokens": a.tokens,
            "per_wound": a.per_wound,
            "text": a.text,
        }
        for a in _ACTIONS
    ]
