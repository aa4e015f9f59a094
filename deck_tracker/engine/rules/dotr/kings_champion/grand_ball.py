"""The Grand Ball after a victory, and the King's Champion reward cards heroes hold.

Rulebook (Dragon expansion, "The Grand Ball after a Victory"): the King's Champion card goes to
the hero with the most fame (Minor + Major); the other reward cards are shuffled and 3 dealt
face up; the heroes with the 2nd, 3rd and 4th most fame choose among them in that order. Beyond
4 heroes no more rewards are given. After a defeat there is no ball.

Decisions:

* Ties in fame follow the setting ``grand_ball_ties`` (``base/settings.py``): by default more Major
  Fame first, then the earlier seat; ``random`` draws the tied heroes' order and records it.
* The 3 cards are dealt by the app at random (recorded), or named by the table when it deals its
  own cards (``grand_ball`` with ``cards``).
* When a chooser has a single card left (the 4th of 4), it is handed over without asking.
* Fame the app proposed and nobody confirmed counts for nothing at the ball: ``grand_ball``
  refuses (``fame_unconfirmed``, naming how many) until the table confirms or dismisses them, or
  says explicitly that it begins without them (``leave_unconfirmed``).
* A reward is chosen on the chooser's own phone. Another phone may tap a card for them: that is
  a proposal (``grand_ball.proposal``) that the chooser confirms (``confirm_reward``) or replaces
  by choosing another card; nothing is handed out until then.
* A reward held from an earlier game (``grant_reward``; the awards service calls it at setup) is
  kept in ``rewards.held`` with where it came from. The cards' effects are not published: the
  table enters them (``effect``) and the app repeats them wherever the card is handed out.

State::

    grand_ball {"order": [seat, ...], "fame": {seat: {"minor", "major", "total"}},
                "champion": seat, "offered": [card, ...], "remaining": [card, ...],
                "awards": [{"seat", "hero", "card"}], "next": seat | None, "done": bool,
                "proposal": {"seat", "card", "by"} | None}
    rewards    {"held": [{"seat", "hero", "card", "source", "note"}], "effects": {card: text}}
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Choice, Reason, command
from deck_tracker.engine.core import Brings, Context, State, Step
from deck_tracker.engine.decks import seat_label as _who
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import listing, msg
from deck_tracker.engine.rules.dotr.base.table import DOTR, SEAT, seat_of
from deck_tracker.engine.rules.dotr.kings_champion.fame import fame_totals

__all__ = ["CHAMPION", "REWARD_CARDS", "ball_order", "describe_rewards"]

CHAMPION = "kings-champion"
REWARD_CARDS: dict[str, str] = {
    CHAMPION: "King's Champion",
    "duke": "Duke",
    "land": "Land",
    "mayor": "Mayor",
    "stables": "Stables",
    "folk-hero": "Folk Hero",
    "blessing": "Blessing",
}
OTHERS = tuple(card for card in REWARD_CARDS if card != CHAMPION)
DEALT = 3
REWARDED = 4
RULE = "The Grand Ball after a Victory"
R_CHOOSE = msg("dotr.rule.kc.ball.choose")
R_CHEER = msg("dotr.rule.kc.ball.cheer")
R_RANKED = msg("dotr.rule.kc.ball.ranked")
R_CHAMPION = msg("dotr.rule.kc.ball.champion")
R_DEAL = msg("dotr.rule.kc.ball.deal")


def _reward(card: str) -> dict[str, Any]:
    """A reward card's name, as a message parameter."""
    return i18n.name(f"reward:{card}", REWARD_CARDS[card])


def _rewards(cards: list[str]) -> dict[str, Any]:
    return listing([_reward(c) for c in cards], conjunction=False)


R_AWARDS = msg("dotr.rule.kc.grand_ball.awards")


def _reward_choices() -> list[Choice]:
    return [Choice(card, name) for card, name in REWARD_CARDS.items()]


def describe_rewards() -> list[dict[str, str]]:
    return [{"id": card, "name": name} for card, name in REWARD_CARDS.items()]


def ball_order(ctx: Context, totals: dict[str, dict[str, int]], seats: list[str]) -> list[str]:
    """Heroes by total fame, most first; ties per the ``grand_ball_ties`` setting."""
    rule = ctx.state.get("settings", {}).get("grand_ball_ties", "major_fame")
    zero = {"minor": 0, "major": 0, "total": 0}

    def fame(seat: str) -> dict[str, int]:
        return totals.get(seat, zero)

    if rule == "major_fame":
        return sorted(seats, key=lambda s: (-fame(s)["total"], -fame(s)["major"], int(s)))
    ordered = sorted(seats, key=lambda s: (-fame(s)["total"], int(s)))
    if rule == "seat_order":
        return ordered
    drawn: list[str] = []
    for _, tied in groupby(ordered, key=lambda s: fame(s)["total"]):
        group = list(tied)
        ctx.rng.shuffle(group)
        drawn += group
    return drawn


def _card(raw: str) -> str:
    key = raw.strip().lower().replace("'", "").replace(" ", "-")
    for card, name in REWARD_CARDS.items():
        if key in (card, name.lower().replace("'", "").replace(" ", "-")):
            return card
    raise RuleViolation(
        msg(
            "error.dotr.kc.grand_ball.there_no_reward_card_one",
            raw=raw,
            items=", ".join(REWARD_CARDS.values()),
        ),
        code="unknown_reward",
    )


def _effect(state: State, card: str) -> str:
    effect = (state.get("rewards") or {}).get("effects", {}).get(card)
    return f" ({effect})" if effect else ""


def _ball(state: State) -> dict[str, Any]:
    ball: dict[str, Any] | None = state.get("grand_ball")
    if not ball:
        raise RuleViolation(
            msg("error.dotr.kc.grand_ball.grand_ball_has_not_begun"), code="no_grand_ball"
        )
    return ball


def _no_ball_now(state: State, actor: str | None) -> Reason | None:
    outcome = state.get("outcome") or {}
    if outcome.get("result") != "won":
        return msg("dotr.kc.grand_ball.after_victory_only")
    if state.get("grand_ball"):
        return msg("dotr.kc.grand_ball.already_begun")
    if not state.get("heroes"):
        return msg("error.dotr.kc.grand_ball.no_hero")
    return None


@command(
    "grand_ball",
    args={
        "cards": Arg(
            "list[str]",
            max_items=DEALT,
            description="When the table deals its own reward cards: the 3 dealt face up.",
        ),
        "leave_unconfirmed": Arg(
            "bool",
            description="Begin although some proposed fame is neither confirmed nor dismissed "
            "(it then counts for nothing).",
        ),
    },
    systems=DOTR,
    unavailable=_no_ball_now,
)
def grand_ball(ctx: Context, args: dict[str, Any]) -> None:
    """The Realm is saved: the King's Champion to the most famous hero; 3 cards for the next."""
    open_proposals = len((ctx.state.get("fame") or {}).get("proposals") or [])
    if open_proposals and not args["leave_unconfirmed"]:
        raise RuleViolation(
            msg("error.dotr.kc.grand_ball.fame_unconfirmed", count=open_proposals),
            code="fame_unconfirmed",
        )
    totals = fame_totals(ctx.state)
    order = ball_order(ctx, totals, sorted(ctx.state["heroes"], key=int))
    if args["cards"] is not None:
        offered = [_card(card) for card in args["cards"]]
        if len(offered) != DEALT or len(set(offered)) != DEALT or CHAMPION in offered:
            raise InvalidArguments(
                {
                    "cards": [
                        msg("error.dotr.kc.grand_ball.name_different_cards_dealt_not", dealt=DEALT)
                    ]
                }
            )
        dealt_by = "the table"
    else:
        offered = ctx.rng.sample(OTHERS, DEALT)
        dealt_by = "the app"
    champion = order[0]
    fame = {seat: totals.get(seat, {"minor": 0, "major": 0, "total": 0}) for seat in order}
    steps = [
        Step(
            msg(
                "dotr.kc.ball.rank",
                rank=i,
                player=_who(ctx.state, s),
                total=fame[s]["total"],
                minor=fame[s]["minor"],
                major=fame[s]["major"],
            ),
            R_RANKED,
        )
        for i, s in enumerate(order, start=1)
    ]
    steps.append(
        Step(
            msg(
                "dotr.kc.ball.champion",
                player=_who(ctx.state, champion),
                effect=_effect(ctx.state, CHAMPION),
            ),
            R_CHAMPION,
        )
    )
    names = _rewards(offered)
    steps.append(
        Step(
            msg("dotr.kc.ball.deal.app", cards=names)
            if dealt_by == "the app"
            else msg("dotr.kc.ball.deal.table", cards=names),
            R_DEAL,
        )
    )
    steps += [
        Step(msg("dotr.kc.ball.cheer", player=_who(ctx.state, s)), R_CHEER)
        for s in order[REWARDED:]
    ]
    awards = [{"seat": champion, "hero": _hero(ctx.state, champion), "card": CHAMPION}]
    ctx.set(
        "grand_ball",
        {
            "order": order,
            "fame": fame,
            "champion": champion,
            "offered": offered,
            "remaining": list(offered),
            "awards": awards,
            "next": None,
            "done": False,
            "proposal": None,
            "ties": ctx.state.get("settings", {}).get("grand_ball_ties", "major_fame"),
        },
    )
    ctx.emit(
        "grand_ball_begun",
        msg("dotr.kc.ball.begun", player=_who(ctx.state, champion), cards=names),
        data={"order": order, "fame": fame, "champion": champion, "offered": offered,
              "dealt_by": dealt_by},
        steps=steps,
    )  # fmt: skip
    _advance(ctx)


def _hero(state: State, seat: str) -> str | None:
    hero: str | None = state.get("heroes", {}).get(seat, {}).get("hero")
    return hero


def _advance(ctx: Context) -> None:
    """Name the next chooser; hand over a last single card; close the ball when done."""
    ball = ctx.state["grand_ball"]
    taken = {award["seat"] for award in ball["awards"]}
    choosers = [s for s in ball["order"][:REWARDED] if s not in taken]
    remaining = list(ball["remaining"])
    if choosers and len(remaining) == 1:
        seat, card = choosers[0], remaining[0]
        _give(ctx, seat, card, "last")
        return
    if choosers and remaining:
        ctx.set("grand_ball", "next", choosers[0])
        return
    ctx.set("grand_ball", "next", None)
    ctx.set("grand_ball", "done", True)
    ctx.emit(
        "grand_ball_done",
        msg(
            "dotr.kc.ball.done",
            awards=listing(
                [
                    msg(
                        "dotr.kc.ball.award",
                        card=_reward(a["card"]),
                        player=_who(ctx.state, a["seat"]),
                    )
                    for a in ctx.state["grand_ball"]["awards"]
                ],
                conjunction=False,
                separator="; ",
            ),
        ),
        data={"awards": ctx.state["grand_ball"]["awards"]},
        steps=[Step(msg("dotr.kc.ball.write"), R_AWARDS)],
    )


def _give(ctx: Context, seat: str, card: str, how: str) -> None:
    """``how``: "last" (the last card left), "chooses" or "confirms"."""
    ball = ctx.state["grand_ball"]
    award = {"seat": seat, "hero": _hero(ctx.state, seat), "card": card}
    ctx.set("grand_ball", "awards", [*ball["awards"], award])
    ctx.set("grand_ball", "remaining", [c for c in ball["remaining"] if c != card])
    if ball.get("proposal"):
        ctx.set("grand_ball", "proposal", None)
    name = _who(ctx.state, seat)
    ctx.emit(
        "reward_chosen",
        {
            "last": msg("dotr.kc.ball.given.last", player=name, reward=_reward(card)),
            "chooses": msg("dotr.kc.ball.given.chooses", player=name, reward=_reward(card)),
            "confirms": msg("dotr.kc.ball.given.confirms", player=name, reward=_reward(card)),
        }[how],
        data=award,
        steps=[Step(msg("dotr.kc.ball.give", player=name, reward=_reward(card),
                        effect=_effect(ctx.state, card)), R_CHOOSE)],
    )  # fmt: skip
    _advance(ctx)


def _no_choice_now(state: State, actor: str | None) -> Reason | None:
    ball = state.get("grand_ball") or {}
    return None if ball.get("next") else msg("dotr.kc.grand_ball.nobody_choosing")


@command(
    "choose_reward",
    args={
        "card": Arg("str", required=True, description="The reward card chosen."),
        "seat": Arg("str", description="The hero choosing; the one whose turn it is by default."),
    },
    systems=DOTR,
    unavailable=_no_choice_now,
)
def choose_reward(ctx: Context, args: dict[str, Any]) -> None:
    """At the Grand Ball, the next hero in fame order chooses one of the cards left.

    On the chooser's own phone the card is handed over; tapped on another phone it is proposed,
    and the chooser confirms it (``confirm_reward``) or chooses another.
    """
    ball = _ball(ctx.state)
    chooser: str = ball["next"]
    seat = args["seat"] or chooser
    if seat != chooser:
        raise RuleViolation(
            msg("error.dotr.kc.grand_ball.chooses_now_fame_order", who=_who(ctx.state, chooser)),
            code="not_your_choice",
        )
    card = _card(args["card"])
    if card not in ball["remaining"]:
        left = ", ".join(REWARD_CARDS[c] for c in ball["remaining"])
        raise RuleViolation(
            msg("error.dotr.kc.grand_ball.not_offered_left", reward=REWARD_CARDS[card], left=left),
            code="reward_not_offered",
        )
    if ctx.actor is not None and ctx.actor != chooser:
        proposal = {"seat": chooser, "card": card, "by": ctx.actor}
        ctx.set("grand_ball", "proposal", proposal)
        name = _who(ctx.state, chooser)
        ctx.emit(
            "reward_proposed",
            msg("dotr.kc.ball.proposed", by=_who(ctx.state, ctx.actor), reward=_reward(card),
                player=name),
            data=proposal,
            steps=[Step(msg("dotr.kc.ball.confirm_or_choose", player=name), R_CHOOSE)],
        )  # fmt: skip
        return
    _give(ctx, seat, card, "chooses")


def _no_proposal_now(state: State, actor: str | None) -> Reason | None:
    proposal = (state.get("grand_ball") or {}).get("proposal")
    if not proposal:
        return msg("dotr.kc.grand_ball.nothing_proposed")
    if actor is not None and actor != proposal["seat"]:
        return msg("dotr.kc.grand_ball.only_chooser_confirms", who=_who(state, proposal["seat"]))
    return None


@command("confirm_reward", args={}, systems=DOTR, unavailable=_no_proposal_now)
def confirm_reward(ctx: Context, args: dict[str, Any]) -> None:
    """The chooser confirms the reward card another phone proposed for them."""
    proposal = _ball(ctx.state)["proposal"]
    _give(ctx, proposal["seat"], proposal["card"], "confirms")


@command(
    "grant_reward",
    args={
        "card": Arg(
            "str",
            required=True,
            description="The reward card.",
            offers=lambda state, actor: _reward_choices(),
        ),
        "seat": SEAT,
        "note": Arg("str", description="Where it was won (game, date)."),
        "effect": Arg("str", description="The card's effect, as printed (entered once)."),
    },
    systems=DOTR,
)
def grant_reward(ctx: Context, args: dict[str, Any]) -> None:
    """A hero starts with a reward card won by the same player and hero in an earlier game."""
    seat = seat_of(ctx, args["seat"])
    card = _card(args["card"])
    rewards = ctx.get("rewards") or {"held": [], "effects": {}}
    if any(r["seat"] == seat and r["card"] == card for r in rewards["held"]):
        raise RuleViolation(
            msg(
                "error.dotr.kc.grand_ball.already_holds",
                who=_who(ctx.state, seat),
                reward_cards=REWARD_CARDS[card],
            ),
            code="reward_already_held",
        )
    held = {"seat": seat, "hero": _hero(ctx.state, seat), "card": card,
            "source": "earlier_game", "note": args["note"] or ""}  # fmt: skip
    effects = dict(rewards.get("effects", {}))
    if args["effect"]:
        effects[card] = args["effect"]
    ctx.set("rewards", {"held": [*rewards["held"], held], "effects": effects})
    name = _who(ctx.state, seat)
    note = msg("dotr.kc.ball.won_note", note=args["note"]) if args["note"] else ""
    ctx.emit(
        "reward_granted",
        msg("dotr.kc.ball.starts_with", player=name, reward=_reward(card), note=note),
        data=held,
        steps=[Step(msg("dotr.kc.ball.give_earlier", player=name, reward=_reward(card),
                        effect=_effect(ctx.state, card), note=note), R_AWARDS)],
    )  # fmt: skip


@command(
    "set_reward_effect",
    args={
        "card": Arg("str", required=True, offers=lambda state, actor: _reward_choices()),
        "effect": Arg("str", required=True, description="The effect, as printed on the card."),
    },
    systems=DOTR,
)
def set_reward_effect(ctx: Context, args: dict[str, Any]) -> None:
    """Enter a reward card's effect (the cards' texts are not published)."""
    card = _card(args["card"])
    rewards = ctx.get("rewards") or {"held": [], "effects": {}}
    ctx.set("rewards", {**rewards, "effects": {**rewards.get("effects", {}), card: args["effect"]}})
    ctx.emit(
        "reward_effect_set",
        msg("dotr.kc.ball.effect_set", reward=_reward(card), effect=args["effect"]),
        data={"card": card, "effect": args["effect"]},
    )


def brought(state: State, seat: str, brings: Brings) -> list[tuple[str, dict[str, Any]]]:
    """What a player of the award tracker brings to ``seat``: their group's Fame cup, unless
    the app keeps the cup, and the rewards they hold for the hero the seat plays."""
    commands: list[tuple[str, dict[str, Any]]] = []
    cup = (state.get("fame") or {}).get("cup") or {"owner": "table"}
    if brings.fame_cup and cup.get("owner") != "app":
        commands.append(("set_fame_cup", {"values": list(brings.fame_cup)}))
    hero = (state.get("heroes") or {}).get(seat, {}).get("hero")
    held = brings.rewards.get(hero, ()) if isinstance(hero, str) else ()
    commands += [("grant_reward", args | {"seat": seat}) for args in held]
    return commands
