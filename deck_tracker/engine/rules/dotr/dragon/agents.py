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

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.rules.dotr.base.offers import table_deck
from deck_tracker.engine.rules.dotr.base.packs import effective_pack
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    board_choices,
    hero_name,
    location_kind,
    location_name,
    record,
    require_playing,
    resolve_location,
    seat_of,
)
from deck_tracker.engine.rules.dotr.dragon.content import DRAGON_PACK
from deck_tracker.engine.rules.dotr.dragon.minions import wound
from deck_tracker.engine.words import plural

__all__ = ["place_agent"]

R_AGENT = "Agents of the Dark Lord: not minions; heroes pass freely; they never invade Monarch City"
R_ACTIVATED = "Agents only attack when they are activated to do so"
R_SLAIN = "Slaying an Agent: a Victory Point and a reward of 2 Hero Cards"
R_CITY = "Agents never invade Monarch City"
VICTORY_CARDS = 2


def _card(state: State, agent_id: str) -> Any:
    return {c.id: c for c in effective_pack(state, DRAGON_PACK).deck("agents").cards}[agent_id]


def _name(state: State, agent_id: str) -> str:
    card = _card(state, agent_id)
    return str(card.data.get("title") or card.name)


def place_agent(ctx: Context, agent_id: str) -> None:
    card = _card(ctx.state, agent_id)
    start = card.data.get("start")
    ctx.set("agent", {"id": agent_id, "location": start, "wounds": 0, "defeated": False})
    name = _name(ctx.state, agent_id)
    where = f"on {location_name(ctx.state, start)}" if start else "where its placard says"
    steps = [Step(f"Place {name}'s placard beside the General cards; put {name} {where}.", R_AGENT)]
    if not start:
        steps.append(Step(f"Record where {name} stands with move_agent.", R_AGENT))
    if card.data.get("activation"):
        steps.append(Step(f"{name} is activated: {card.data['activation']}", R_ACTIVATED))
    ctx.emit(
        "agent_placed",
        f"An Agent of the Dark Lord: {name}.",
        data={"agent": agent_id, "location": start},
        steps=steps,
    )


def _agent(state: State) -> dict[str, Any]:
    agent = state.get("agent")
    if not isinstance(agent, dict):
        raise RuleViolation("No Agent of the Dark Lord plays in this game.", code="no_agent")
    if agent.get("defeated"):
        raise RuleViolation("The Agent is slain.", code="agent_defeated")
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
        raise RuleViolation(f"{name} never invades Monarch City.", code="agent_no_city")
    ctx.set("agent", {**agent, "location": location})
    where = location_name(ctx.state, location)
    record(
        ctx, "agent_moved", f"{name} moves to {where}.",
        {"agent": agent["id"], "location": location},
        (f"Put {name} on {where}: it is not a minion, heroes pass it freely.", R_AGENT),
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
    name, hero = _name(ctx.state, agent["id"]), hero_name(ctx.state, seat)
    lost, life = wound(ctx, seat, args["wounds"])
    record(
        ctx, "hero_wounded", f"{name} attacks {hero}: {plural(lost, 'wound')} ({life} life left).",
        {"seat": seat, "wounds": lost, "life": life, "slain": life == 0 and lost > 0,
         "cause": "agent"},
        (f"{name} is activated and attacks {hero}: {hero} loses {plural(lost, 'life token')}.",
         R_ACTIVATED),
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
        "seat": SEAT,
    },
    systems=DOTR,
)
def attack_agent(ctx: Context, args: dict[str, Any]) -> None:
    """A hero attacks the Agent; slain, it grants a Victory Point and 2 Hero Cards."""
    require_playing(ctx.state)
    agent = _agent(ctx.state)
    seat = seat_of(ctx, args["seat"])
    name, hero = _name(ctx.state, agent["id"]), hero_name(ctx.state, seat)
    life = _card(ctx.state, agent["id"]).data.get("life")
    wounds = int(agent.get("wounds", 0)) + args["wounds"]
    slain = bool(args["slain"]) or (isinstance(life, int) and wounds >= life)
    ctx.set("agent", {**agent, "wounds": wounds, "defeated": slain})
    if not slain:
        record(
            ctx, "agent_attacked", f"{hero} attacked {name}: {plural(args['wounds'], 'wound')}.",
            {"seat": seat, "agent": agent["id"], "wounds": wounds},
            (f"{name} has {plural(wounds, 'wound')}" + (f" of {life}." if life else "."), R_AGENT),
        )  # fmt: skip
        return
    points = int(ctx.state["heroes"][seat].get("victory_points", 0)) + 1
    ctx.set("heroes", seat, "victory_points", points)
    drawn = draw_cards(ctx, "hero", count=VICTORY_CARDS, cards=args["cards"], rule=R_SLAIN)
    ctx.put("decks", "hero", "hands", seat, drawn)
    ctx.emit(
        "agent_slain",
        f"{hero} slew {name}: a Victory Point and 2 Hero Cards.",
        data={"seat": seat, "agent": agent["id"], "victory_points": points},
        private={seat: {"cards": drawn}},
        steps=[
            Step(f"Remove {name} from the board; {hero} keeps its placard.", R_SLAIN),
            Step(f"{hero} gains a Victory Point ({points}) and draws 2 Hero Cards.", R_SLAIN),
        ],
    )
