"""Agents of the Dark Lord (DX 'Agent Rules'; setting ``agent``).

"Only 1 Agent can be used in a game; the corresponding Dragon General and its Agent cannot be in
the same game" (checked at setup). "Agents never invade Monarch City; Agents do not count as
Minions on Locations; Heroes may move freely past Agents; Agents, like Generals, do not attack
Heroes that end their turn on a Location with them; Agents only attack when they are activated to
do so; Slaying an Agent grants a Victory Point with base game rules ... and a reward of 2 Hero
Cards."

Their placards (start, activation, powers, life) are not published: players enter them (the
``agents`` deck of the dotr-dragon pack); the table moves and activates the Agent as its placard
says, and the app keeps it off Monarch City and out of the minion counts, records the attacks
and pays the reward. State: ``state.agent`` = ``{"id", "location", "wounds", "defeated"}``; a
hero's Victory Points in ``heroes.<seat>.victory_points``.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg, render_text
from deck_tracker.engine.rules.dotr.base.offers import table_deck
from deck_tracker.engine.rules.dotr.base.packs import effective_pack
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    SEAT,
    board_choices,
    hero_ref,
    location_kind,
    location_ref,
    own_hero_seat,
    record,
    require_playing,
    resolve_location,
    seat_of,
)
from deck_tracker.engine.rules.dotr.dragon.content import DRAGON_PACK
from deck_tracker.engine.rules.dotr.dragon.minions import wound

__all__ = ["place_agent"]

R_AGENT = msg("dotr.rule.agent")
R_ACTIVATED = msg("dotr.rule.agent_activated")
R_SLAIN = msg("dotr.rule.agent_slain")
R_CITY = msg("dotr.rule.agent_city")
VICTORY_CARDS = 2


def _card(state: State, agent_id: str) -> Any:
    return {c.id: c for c in effective_pack(state, DRAGON_PACK).deck("agents").cards}[agent_id]


def _name(state: State, agent_id: str) -> str:
    card = _card(state, agent_id)
    return str(card.data.get("title") or card.name)


def _ref(state: State, agent_id: str) -> dict[str, Any]:
    """The Agent as a message parameter."""
    return i18n.name(f"card:{agent_id}", _name(state, agent_id))


def place_agent(ctx: Context, agent_id: str) -> None:
    card = _card(ctx.state, agent_id)
    start = card.data.get("start")
    ctx.set("agent", {"id": agent_id, "location": start, "wounds": 0, "defeated": False})
    name = _ref(ctx.state, agent_id)
    where = (
        msg("dotr.agent.on", location=location_ref(ctx.state, start))
        if start
        else msg("dotr.agent.where_placard")
    )
    steps = [Step(msg("dotr.agent.place", agent=name, where=where), R_AGENT)]
    if not start:
        steps.append(Step(msg("dotr.agent.record", agent=name), R_AGENT))
    if card.data.get("activation"):
        steps.append(
            Step(msg("dotr.agent.activated", agent=name, text=card.data["activation"]), R_ACTIVATED)
        )
    ctx.emit(
        "agent_placed",
        msg("dotr.agent.placed", agent=name),
        data={"agent": agent_id, "location": start},
        steps=steps,
    )


def _agent(state: State) -> dict[str, Any]:
    agent = state.get("agent")
    if not isinstance(agent, dict):
        raise RuleViolation(
            msg("error.dotr.dragon.agents.no_agent_dark_lord_plays"), code="no_agent"
        )
    if agent.get("defeated"):
        raise RuleViolation(msg("error.dotr.dragon.agents.agent_slain"), code="agent_defeated")
    return agent


@command(
    "move_agent",
    args={"location": Arg("str", required=True, offers=board_choices)},
    systems=DOTR,
)
def move_agent(ctx: Context, args: dict[str, Any]) -> None:
    """The Agent moves as its placard says (never into Monarch City)."""
    require_playing(ctx.state)
    agent = _agent(ctx.state)
    location = resolve_location(ctx.state, args["location"])
    name = _name(ctx.state, agent["id"])
    if location_kind(ctx.state, location) == "city":
        raise RuleViolation(
            msg("error.dotr.dragon.agents.never_invades_monarch_city", name=name),
            code="agent_no_city",
        )
    ctx.set("agent", {**agent, "location": location})
    where, agent_word = location_ref(ctx.state, location), _ref(ctx.state, agent["id"])
    record(
        ctx, "agent_moved", msg("dotr.agent.moves", agent=agent_word, location=where),
        {"agent": agent["id"], "location": location},
        (msg("dotr.agent.put", agent=agent_word, location=where), R_AGENT),
    )  # fmt: skip


@command(
    "agent_attacks",
    args={"wounds": Arg("int", required=True, minimum=0, maximum=10), "seat": SEAT},
    systems=DOTR,
)
def agent_attacks(ctx: Context, args: dict[str, Any]) -> None:
    """The Agent, activated, attacks a hero (the placard says how hard)."""
    require_playing(ctx.state)
    agent = _agent(ctx.state)
    seat = seat_of(ctx, args["seat"])
    name, hero = _ref(ctx.state, agent["id"]), hero_ref(ctx.state, seat)
    lost, life = wound(ctx, seat, args["wounds"])
    record(
        ctx, "hero_wounded",
        msg("dotr.agent.attacks", agent=name, hero=hero, count=lost, life=life),
        {"seat": seat, "wounds": lost, "life": life, "slain": life == 0 and lost > 0,
         "cause": "agent"},
        (msg("dotr.agent.attacks.step", agent=name, hero=hero, count=lost), R_ACTIVATED),
    )  # fmt: skip


@command(
    "attack_agent",
    args={
        "wounds": Arg("int", default=0, minimum=0, maximum=20, description="Wounds dealt."),
        "slain": Arg("bool", default=False, description="The placard's condition is met."),
        "cards": Arg(
            "list[str]",
            max_items=2,
            description="Table-owned Hero deck: the reward.",
            offers=table_deck("hero"),
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def attack_agent(ctx: Context, args: dict[str, Any]) -> None:
    """A hero attacks the Agent; slain, it grants a Victory Point and 2 Hero Cards."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    agent = _agent(ctx.state)
    name, hero = _ref(ctx.state, agent["id"]), hero_ref(ctx.state, seat)
    life = _card(ctx.state, agent["id"]).data.get("life")
    wounds = int(agent.get("wounds", 0)) + args["wounds"]
    slain = bool(args["slain"]) or (isinstance(life, int) and wounds >= life)
    ctx.set("agent", {**agent, "wounds": wounds, "defeated": slain})
    if not slain:
        record(
            ctx, "agent_attacked",
            msg("dotr.agent.attacked", hero=hero, agent=name, count=args["wounds"]),
            {"seat": seat, "agent": agent["id"], "wounds": wounds},
            (msg("dotr.agent.wounds.of", agent=name, count=wounds, life=life)
             if life else msg("dotr.agent.wounds", agent=name, count=wounds), R_AGENT),
        )  # fmt: skip
        return
    points = int(ctx.state["heroes"][seat].get("victory_points", 0)) + 1
    ctx.set("heroes", seat, "victory_points", points)
    drawn = draw_cards(
        ctx, "hero", count=VICTORY_CARDS, cards=args["cards"], rule=render_text(R_SLAIN)
    )
    ctx.put("decks", "hero", "hands", seat, drawn)
    ctx.emit(
        "agent_slain",
        msg("dotr.agent.slain", hero=hero, agent=name),
        data={"seat": seat, "agent": agent["id"], "victory_points": points},
        private={seat: {"cards": drawn}},
        steps=[
            Step(msg("dotr.agent.remove", agent=name, hero=hero), R_SLAIN),
            Step(msg("dotr.agent.victory", hero=hero, points=points), R_SLAIN),
        ],
    )
