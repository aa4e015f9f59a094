"""What each seat may see: the state and the events, filtered.

Everyone sees pile sizes and the public piles (discard, table), every seat its own hand and the
sizes of the others'. Nobody sees the order of a draw pile, the box's contents, or an event's
hidden parts; a peek or a private draw is shown to its seat only.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .core import State, outcome_in
from .i18n import DEFAULT_LANGUAGE, render_text, render_value
from .reading import in_language, seen_by
from .systems import System, get_system

RECENT_HISTORY = 10


# The shapes the API serves (api/serializers.py describes them in the schema).
class DeckView(TypedDict):
    """A deck as a seat sees it: sizes, the public piles, its own hand."""

    owner: str | None
    draw_size: int
    discard: list[str]
    table: list[str]
    box_size: int
    hand_sizes: dict[str, int]
    hand: list[str]
    auto_reshuffle: bool


class HistoryView(TypedDict):
    """What undo and redo would replay, and the last actions."""

    undo: dict[str, Any] | None
    redo: dict[str, Any] | None
    recent: list[dict[str, Any]]
    undo_depth: int
    redo_depth: int


class TableView(TypedDict):
    """The generic table as a seat sees it; a game system adds its own keys (``System.view``)."""

    system: str | None
    version: int
    seats: dict[str, Any]
    decks: dict[str, DeckView]
    hands: dict[str, list[str]]
    history: HistoryView
    outcome: dict[str, Any] | None
    closed: bool
    settings: dict[str, Any]
    reading: list[dict[str, Any]]
    checklist: dict[str, Any]
    table_steps: dict[str, Any]


class EventView(TypedDict):
    """An event as a seat reads it, in its language."""

    seq: int
    version: int | None
    type: str
    actor: str | None
    at: Any
    summary: str
    steps: list[dict[str, Any]]
    data: dict[str, Any]


def view_deck(deck: dict[str, Any], seat: str | None) -> DeckView:
    hands = deck["hands"]
    return {
        "owner": deck["owner"],
        "draw_size": len(deck["draw"]),
        "discard": list(deck["discard"]),
        "table": list(deck["table"]),
        "box_size": len(deck["box"]),
        "hand_sizes": {s: len(cards) for s, cards in hands.items()},
        "hand": list(hands.get(seat, [])) if seat is not None else [],
        "auto_reshuffle": deck["auto_reshuffle"],
    }


def view_state(state: State, seat: str | None, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """What ``seat`` sees, the game system's words in ``language``."""
    decks = state.get("decks", {})
    history = state.get("history", {})
    system = get_system(state.get("system", ""))
    done, undone = history.get("done", []), history.get("undone", [])
    view: TableView = {
        "system": state.get("system"),
        "version": state.get("version", 0),
        "seats": _seats(state, system, language),
        "decks": {name: view_deck(deck, seat) for name, deck in decks.items()},
        "hands": {},
        "history": {
            "undo": done[-1] if done else None,
            "redo": undone[-1] if undone else None,
            "recent": done[-RECENT_HISTORY:],
            "undo_depth": len(done),
            "redo_depth": len(undone),
        },
        "outcome": state.get("outcome"),
        "closed": bool(state.get("closed")),
        "settings": state.get("settings", {}),
        # Cards waiting to be read at the table (only the card that came up, never an order;
        # a card drawn into a hidden hand only to its holder).
        "reading": [seen_by(prompt, seat) for prompt in state.get("reading") or []],
        "checklist": state.get("checklist") or {},
        # The steps done on the physical board during play, ticked on any phone.
        "table_steps": state.get("table_steps") or {},
    }
    if seat is not None:
        view["hands"][seat] = [
            card for deck in decks.values() for card in deck["hands"].get(seat, [])
        ]
    if system is not None and system.view is not None:
        return {**view, **system.view(state, seat, language)}
    return dict(view)


def _seats(state: State, system: System | None, language: str) -> dict[str, Any]:
    """The seats; where the game system names its heroes (a Talisman character), each seat's
    hero also by its name in ``language`` (``hero_name``)."""
    seats: dict[str, Any] = state.get("seats", {})
    if system is None or system.hero_name is None:
        return seats
    named = {}
    for key, seat in seats.items():
        hero = (
            system.hero_name(str(seat["hero"]))
            if isinstance(seat, dict) and seat.get("hero")
            else None
        )
        # Only a name the catalogues know: a hero the table built keeps the client's naming.
        named[key] = (
            {**seat, "hero_name": render_value(hero, language)} if isinstance(hero, dict) else seat
        )
    return named


def view_step(step: dict[str, Any], language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A step of an event in ``language``: its message rendered (an old step: its English)."""
    viewed = {k: v for k, v in step.items() if k not in ("msg", "rule_msg")}
    viewed["text"] = render_text(step.get("msg") or step.get("text"), language)
    viewed["rule"] = render_text(step.get("rule_msg") or step.get("rule"), language)
    return viewed


def step_places(step: dict[str, Any]) -> list[str]:
    """The spaces of the board a step names (``location:<id>`` names in its message), in the
    order it names them: the table's screen lights them while the step is read."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            key = value.get("key")
            if value.get("$") == "name" and isinstance(key, str) and key.startswith("location:"):
                place = key.removeprefix("location:")
                if place not in found:
                    found.append(place)
                return
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(step.get("msg"))
    return found


def view_event(
    record: dict[str, Any], seat: str | None, language: str = DEFAULT_LANGUAGE
) -> EventView:
    """An event as ``seat`` may see it (``record`` as stored, with seq/actor/at), in ``language``.

    Its summary and steps are rendered from their messages in the reader's language; an event
    written before messages existed shows its English text as it was.
    """
    data = dict(record.get("data") or {})
    if seat is not None:
        data.update((record.get("private") or {}).get(seat, {}))
    return {
        "seq": record["seq"],
        "version": record.get("version"),
        "type": record["type"],
        "actor": record.get("actor"),
        "at": record.get("at"),
        "summary": render_text(record.get("summary_msg") or record.get("summary", ""), language),
        "steps": [view_step(step, language) for step in record.get("steps") or []],
        "data": data,
    }


def words_in(view: dict[str, Any], language: str) -> dict[str, Any]:
    """A seat's view (:func:`view_state`) with the words the state keeps as message ids read in
    ``language`` (English included): the cards waiting to be read (``reading.in_language``), why
    the game ended (``core.outcome_in``) and why each fame deed is proposed (King's Champion).
    The view given is not changed."""
    worded = dict(view)
    worded["reading"] = [in_language(prompt, language) for prompt in view.get("reading") or []]
    names = view.get("card_names")
    if isinstance(names, dict) and names:
        # A card known by what it is rather than a printed name ("Treasure Room (Exploration
        # Goal 6)"): read in the reader's language.
        worded["card_names"] = {card: render_text(name, language) for card, name in names.items()}
    worded["outcome"] = outcome_in(view.get("outcome"), language)
    fame = view.get("fame")
    if isinstance(fame, dict) and fame.get("proposals"):
        proposals = [
            {**proposal, "because": render_text(proposal.get("because"), language)}
            for proposal in fame["proposals"]
        ]
        worded["fame"] = {**fame, "proposals": proposals}
    return worded
