"""Fame the app proposes when the table records an action that earns it.

An observer of every command: once a table entry has emitted its events (a General wounded or
slain, minions defeated, the land healed, a Quest completed, a gate built, Rumors that gave 2 or
more cards, a fire put out, an Agent attacked or slain), it adds a *proposal* per heroic action
implied, in the same command (so undo removes both). The table then confirms (``confirm_fame``,
which draws or asks for the Major Fame tokens) or dismisses (``dismiss_fame``) each one: the app
cannot see whether the minions fell in a single round, or whether a Special Card built the gate.

Who earned it: the seat the event names, else the active hero, else the seat that recorded it.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Observer
from deck_tracker.engine.content import UnknownContentError
from deck_tracker.engine.core import Context, Event, State, Step
from deck_tracker.engine.i18n import Message, Text, listing, msg
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.i18n import name as named
from deck_tracker.engine.rules.dotr.base.table import hero_ref, location_kind, packs_of
from deck_tracker.engine.rules.dotr.kings_champion.fame import ACTIONS, ensure_fame

__all__ = ["proposals_for"]

# Event types of other modules that imply fame (the Dragon expansion's fires and Agents).
FIRE_OUT = frozenset({"fire_put_out", "fire_extinguished", "fire_removed"})
FIRE_ATTEMPT = frozenset({"fire_attempt_failed", "put_out_fire_failed"})
AGENT_ATTACKED = frozenset({"agent_wounded", "agent_attacked"})
AGENT_SLAIN = frozenset({"agent_slain", "agent_defeated"})

Proposal = tuple[str, int, Text]  # (action id, count, because)


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    if state.get("system") != "dotr":
        return None
    if not state.get("settings", {}).get("fame_proposals", True):
        return None
    if (state.get("grand_ball") or {}).get("order"):
        return None
    generals = state.get("generals") or {}
    return {
        "wounds": {g: int(entry.get("wounds", 0)) for g, entry in generals.items()},
        "active": (state.get("turn") or {}).get("active_seat"),
    }


def _quest_needs_dice(state: State, quest: str) -> bool:
    for pack in packs_of(state):
        try:
            card = pack.card("quest", quest)
        except UnknownContentError:
            continue
        test = str(card.data.get("test", "")).lower()
        return "roll" in test or "dice" in test or "die " in test
    return False


def proposals_for(state: State, event: Event, wounds_before: dict[str, int]) -> list[Proposal]:
    """The heroic actions one event implies: (action, count, why the app thinks so)."""
    data, kind = event.data, event.type
    found: list[Proposal] = []
    if kind == "minions_defeated":
        location = str(data["location"])
        slain = sum(int(n) for n in data["minions"].values())
        after = sum(int(n) for n in state["board"][location]["minions"].values())
        if slain >= 2:
            found.append(("slay_two_minions", 1, msg("dotr.kc.because.slain", count=slain)))
        if after + slain >= 3:
            found.append(
                ("attack_three_minions", 1, msg("dotr.kc.because.attacked", count=after + slain))
            )
        if location_kind(state, location) == "city":
            found.append(("attack_monarch_city", 1, msg("dotr.kc.because.city")))
    elif kind in ("general_wounded", "general_defeated"):
        general_id = str(data["general"])
        general = named(f"general:{general_id}", general_id)
        inflicted = int(data["wounds"]) - wounds_before.get(general_id, 0)
        if inflicted > 0:
            wounds = count_of(inflicted, "word:wound", "wound", "wounds")
            found.append(
                (
                    "wound_general",
                    inflicted,
                    msg("dotr.kc.because.wounds", wounds=wounds, general=general),
                )
            )
        if kind == "general_defeated":
            found.append(("slaying_blow", 1, msg("dotr.kc.because.slaying_blow", general=general)))
    elif kind == "taint_healed":
        found.append(("attempt_heal_land", 1, msg("dotr.kc.because.attempt_heal")))
        found.append(("heal_land", 1, msg("dotr.kc.because.healed")))
    elif kind == "quest_completed":
        quest = str(data["quest"])
        if _quest_needs_dice(state, quest):
            found.append(("attempt_dice_quest", 1, msg("dotr.kc.because.dice_quest", quest=quest)))
        found.append(("complete_quest", 1, msg("dotr.kc.because.quest_completed", quest=quest)))
    elif kind == "gate_built":
        found.append(("build_gate", 1, msg("dotr.kc.because.gate")))
    elif kind == "rumors" and int(data.get("kept", 0)) >= 2:
        found.append(("rumors_two_cards", 1, msg("dotr.kc.because.rumors", count=data["kept"])))
    elif kind in FIRE_OUT:
        found.append(("attempt_put_out_fire", 1, msg("dotr.kc.because.attempt_fire")))
        found.append(("put_out_fire", 1, msg("dotr.kc.because.fire_out")))
    elif kind in FIRE_ATTEMPT:
        found.append(("attempt_put_out_fire", 1, msg("dotr.kc.because.attempt_fire")))
    elif kind in AGENT_ATTACKED:
        found.append(("attack_agent", 1, msg("dotr.kc.because.agent_attacked")))
    elif kind in AGENT_SLAIN:
        found.append(("attack_agent", 1, msg("dotr.kc.because.agent_attacked")))
        found.append(("slay_agent", 1, msg("dotr.kc.because.agent_slain")))
    return found


def _earner(state: State, event: Event, active: str | None, actor: str | None) -> str | None:
    heroes = state.get("heroes") or {}
    for seat in (event.data.get("seat"), active, actor):
        if isinstance(seat, str) and seat in heroes:
            return seat
    return None


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    found: list[tuple[str | None, Proposal]] = []
    for event in list(ctx.events):
        seat = _earner(ctx.state, event, memo["active"], ctx.actor)
        found += [(seat, proposal) for proposal in proposals_for(ctx.state, event, memo["wounds"])]
    if not found:
        return
    fame = ensure_fame(ctx)
    next_id = int(fame["next_id"])
    made: list[dict[str, Any]] = []
    for offset, (seat, (action, count, because)) in enumerate(found):
        made.append(
            {"id": next_id + offset, "seat": seat, "action": action, "count": count,
             "because": because}
        )  # fmt: skip
    ctx.set("fame", "proposals", [*fame["proposals"], *made])
    ctx.set("fame", "next_id", next_id + len(made))
    lines = [
        _line(ctx.state, p, because) for p, (_, (_, _, because)) in zip(made, found, strict=True)
    ]
    ctx.emit(
        "fame_proposed",
        msg("dotr.kc.fame_earned", lines=listing(lines, conjunction=False, separator="; ")),
        data={"proposals": made},
        steps=[
            Step(msg("dotr.kc.fame_confirm", line=line), ACTIONS[p["action"]].rule)
            for p, line in zip(made, lines, strict=True)
        ],
    )


def _line(state: State, proposal: dict[str, Any], because: Text) -> Message:
    action = ACTIONS[proposal["action"]]
    who = hero_ref(state, proposal["seat"]) if proposal["seat"] else msg("dotr.kc.a_hero")
    times = f" x{proposal['count']}" if proposal["count"] > 1 else ""
    return msg(
        f"dotr.kc.fame_line.{action.kind}", hero=who, deed=action.deed, times=times, because=because
    )


# Heroes earn fame by what they do; the enemy's night earns none, nor an undo or a redo.
OBSERVER = Observer(before=_before, after=_after, ignores=frozenset({"undo", "redo", "night"}))
