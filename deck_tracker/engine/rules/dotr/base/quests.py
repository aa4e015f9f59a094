"""Quests that cannot be achieved (DX 'New Quests').

"If a Quest surfaces that cannot be achieved because the focus of the quest is not in the game
(like scout the Black Dragon General and there is no Black Dragon General in the game) the quest
is simply discarded with no effect and a new one drawn." "This is the same rule that applies
with quests in the base game after Generals identified on an open Quest Card have been slain."

A Quest's focus is the General its data names (``data.general``: the base game's Scout the
General cards, the dragon Quests players enter). Whenever a hero is dealt Quests (entering the
game, ``draw_quest``, Sterling's bonus) the app discards any whose General is absent or slain
and deals another; from a table-owned Quest deck it asks the table to do so. When a General is
slain, every open Quest that names him is discarded and replaced the same way, in the command
that slays him (so undo puts the Quest back); once the last General falls the game is won and
nothing is dealt.

A new Quest of the Dragon expansion whose text nobody has entered is still a card of the deck
(DX: "Players should take the 12 new Quest Cards and shuffle them into the Quest Deck"): the
hero who draws it reads it, on their own phone only (the card is in their hand; the others see
that a card is being read), and it is then known for the table's later games. Its General, if
it names one, is then checked like any other Quest's.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Observer
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, player_name, take_from_draw
from deck_tracker.engine.i18n import msg, render_text
from deck_tracker.engine.rules.dotr.base.packs import game_cards, unread
from deck_tracker.engine.rules.dotr.base.reading import ask_fields

__all__ = ["achievable", "quest_read", "read_new_quests", "replace_unachievable_quests"]

QUEST = "quest"
R_UNACHIEVABLE = msg("dotr.rule.quest_unachievable")


def achievable(state: State, quest: str) -> bool:
    card = game_cards(state).get(quest)
    general = card.data.get("general") if card is not None else None
    if not general:
        return True
    found = (state.get("generals") or {}).get(general)
    return found is not None and not found.get("defeated")


QUEST_FIELDS = {
    "title": "data.title",
    "test": "data.test",
    "reward": "data.reward",
    "location_rule": "data.location_rule",
    "location": "data.location",
    "general": "data.general",
}
QUEST_LABELS = {
    "location_rule": {
        "at_location": msg("reading.choice.at_location"),
        "any_of_colour": msg("reading.choice.any_of_colour"),
        "general_location": msg("reading.choice.general_location"),
        "none": msg("reading.choice.nowhere"),
    }
}


def read_new_quests(ctx: Context, seat: str, quests: list[str]) -> None:
    """The new Quests just dealt to ``seat`` that nobody has entered: their holder reads them."""
    cards = game_cards(ctx.state)
    holder = player_name(ctx.state, seat)
    for quest in quests:
        card = cards.get(quest)
        if card is None or not unread(card):
            continue
        ask_fields(
            ctx,
            card,
            QUEST,
            QUEST_FIELDS,
            name=msg("reading.name.new_quest"),
            form_title=msg("reading.form.quest"),
            resume={"rule": "quest", "seat": seat},
            optional=("location", "general"),
            labels=QUEST_LABELS,
            seat=seat,
            holder=holder,
            detail=msg("reading.detail.in_hand"),
        )


def quest_read(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """A new Quest read by its holder: if its General is not in the game, it is replaced."""
    seat = str(prompt["resume"]["seat"])
    if prompt["card"] in (ctx.state["heroes"].get(seat) or {}).get("quests", []):
        replace_unachievable_quests(ctx, seat, [prompt["card"]])


def replace_unachievable_quests(ctx: Context, seat: str, quests: list[str]) -> None:
    """Discard the unachievable Quests just dealt to ``seat`` and deal others (one event)."""
    if QUEST not in (ctx.state.get("decks") or {}):
        return
    read_new_quests(ctx, seat, quests)
    waiting = [q for q in quests if not achievable(ctx.state, q)]
    if not waiting:
        return
    table_owned = get_deck(ctx.state, QUEST)["owner"] == "table"
    steps: list[Step] = []
    discarded: list[str] = []
    while waiting:
        quest = waiting.pop(0)
        hand = list(get_deck(ctx.state, QUEST)["hands"].get(seat, []))
        held = list(ctx.state["heroes"][seat].get("quests") or [])
        ctx.set("decks", QUEST, "hands", seat, [q for q in hand if q != quest])
        ctx.set("heroes", seat, "quests", [q for q in held if q != quest])
        ctx.put("decks", QUEST, "discard", [quest])
        discarded.append(quest)
        name = i18n.name(f"card:{quest}", game_cards(ctx.state)[quest].name)
        if table_owned:
            steps.append(Step(msg("dotr.quest.discard_draw_table", quest=name), R_UNACHIEVABLE))
            continue
        deck = get_deck(ctx.state, QUEST)
        if not deck["draw"] and not (deck["auto_reshuffle"] and deck["discard"]):
            steps.append(Step(msg("dotr.quest.discard_empty", quest=name), R_UNACHIEVABLE))
            continue
        drawn = take_from_draw(ctx, QUEST, 1, rule=render_text(R_UNACHIEVABLE))
        ctx.put("decks", QUEST, "hands", seat, drawn)
        ctx.put("heroes", seat, "quests", drawn)
        steps.append(Step(msg("dotr.quest.discard_draw", quest=name), R_UNACHIEVABLE))
        read_new_quests(ctx, seat, drawn)
        waiting += [q for q in drawn if not achievable(ctx.state, q)]
    ctx.emit(
        "quests_replaced",
        msg("dotr.quest.replaced", count=len(discarded)),
        data={"seat": seat, "discarded": discarded},
        private={seat: {"quests": list(ctx.state["heroes"][seat].get("quests") or [])}},
        steps=steps,
    )


def _defeated(state: State) -> frozenset[str]:
    generals = state.get("generals") or {}
    # Asked after every command but a night: most games have no General defeated, told without
    # a set built.
    for entry in generals.values():
        if entry.get("defeated"):
            return frozenset([g for g, entry in generals.items() if entry.get("defeated")])
    return _NONE_DEFEATED


_NONE_DEFEATED: frozenset[str] = frozenset()


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    return (name == "draw_quest", _defeated(state))


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    drawn, defeated_before = memo
    if drawn:
        for event in list(ctx.events):
            if event.type == "quest_drawn":
                replace_unachievable_quests(ctx, event.data["seat"], list(event.data["cards"]))
    slain = _defeated(ctx.state) - defeated_before
    if not slain or ctx.state.get("outcome"):
        return
    # "after Generals identified on an open Quest Card have been slain": every hero's open
    # Quests that name a General just slain are discarded and replaced at once.
    cards = game_cards(ctx.state)
    for seat, hero in sorted((ctx.state.get("heroes") or {}).items()):
        naming = [
            q
            for q in hero.get("quests") or []
            if q in cards and cards[q].data.get("general") in slain
        ]
        if naming:
            replace_unachievable_quests(ctx, seat, naming)


# A night draws no Quest and slays no General (only ``table.wound_general`` does, a command of
# its own or a card read that resumes it): the observer never acts after one.
OBSERVER = Observer(before=_before, after=_after, ignores=frozenset({"night"}))
