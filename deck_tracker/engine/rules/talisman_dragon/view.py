"""What every seat sees of a Talisman: The Dragon game: all of it is public, in players' words.

Besides the state's keys, the view names everything (Lords, spaces, Regions, characters, token
kinds) in the reader's language so that a phone shows names, never ids: ``lords_view``,
``board_scales_by_region``, ``characters_view`` (each character's claimed scales and what they
add against the current opponents), ``track`` (the overlay's spaces with who stands where) and
``crown_frozen``. A name the catalogues do not know (a character or a Dragon Card the table
typed) reads as typed.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, Text, msg, name, render_value

from .board import named_space
from .combat import bonus_of
from .common import character_label, lord_name, on_crown, side_ref, token_ref
from .content import Space, default_pack
from .settings import describe_settings
from .tokens import KINDS

PUBLIC_KEYS = (
    "lords",
    "king",
    "board_scales",
    "discarded_scales",
    "characters",
    "turn",
    "encounter",
    "tower_cards",
    "tower_draws",
    "taught",
)


def view_talisman(
    state: State, seat: str | None, language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    pack = default_pack()

    def words(text: Any) -> str:
        return render_value(text, language)

    view = {key: state.get(key) for key in PUBLIC_KEYS}
    # The game screen's header names whose turn it is from ``turn.active_seat``.
    view["turn"] = {**state["turn"], "active_seat": state["turn"]["seat"]}
    king = state.get("king")
    view["lords_view"] = [
        {
            "id": lord.id,
            "name": lord.name,
            "scales": state["lords"][lord.id]["scales"],
            "king": lord.id == king,
            "lives": state["lords"][lord.id]["lives"],
            "lives_left": None
            if state["lords"][lord.id]["lives"] is None
            else state["lords"][lord.id]["lives"] - state["lords"][lord.id]["wounds"],
        }
        for lord in pack.lords.values()
    ]
    scales = state.get("board_scales", {})
    view["board_scales_by_region"] = [
        _region(
            region,
            spaces,
            scales,
            king,
            words(name(f"td-region:{region}", pack.region_names[region])),
            language,
        )
        for region, spaces in pack.regions.items()
    ]
    view["characters_view"] = [
        {
            "seat": s,
            "label": character_label(state, s, language),
            "where": words(msg("td.view.on_space", space=_space_ref(state, info["space"])))
            if info.get("space")
            else words(msg("td.view.not_on_board")),
            "scales": [
                {"lord": lord, "lord_name": lord_name(lord), "count": count}
                for lord, count in sorted((info.get("scales") or {}).items())
            ],
            "opponents": [lord_name(lord) for lord in info.get("opponents") or []],
            "bonus": bonus_of(state, s),
            "active": s == (state.get("turn") or {}).get("seat"),
        }
        for s, info in sorted(state.get("characters", {}).items(), key=lambda item: int(item[0]))
    ]
    side = pack.sides[state["settings"]["inner_region"]]
    where = {
        (info.get("inner") or {}).get("index"): character_label(state, s, language)
        for s, info in state.get("characters", {}).items()
        if info.get("inner")
    }
    view["track"] = {
        "side": side.id,
        "name": words(side_ref(side)),
        "movement": side.movement,
        "spaces": [
            {
                "id": space.id,
                "name": words(named_space(space.name)),
                "draw": space.draw
                if space.draw is not None
                else state.get("tower_draws", {}).get(space.id),
                "stairway": space.stairway,
                "here": [label for index, label in where.items() if index == i],
            }
            for i, space in enumerate(side.track)
        ],
    }
    view["crown_frozen"] = bool(on_crown(state))
    view["system_name"] = words(msg("td.view.system_name"))
    view["dragon_cards_out"] = _cards_out(state, language)
    view["king_name"] = lord_name(king) if king else None
    view["token_kinds"] = [{"id": kind, "name": words(token_ref(kind))} for kind in KINDS]
    view["options"] = describe_settings(language)
    return view


def _space_ref(state: State, space: str) -> Text:
    """A space a character stands on (a Region's or the Inner Region's), by its name."""
    found = default_pack().space(space)
    if found is not None:
        return named_space(found.name)
    side = default_pack().sides.get(str(state["settings"]["inner_region"]))
    for track_space in side.track if side else ():
        if track_space.id == space:
            return named_space(track_space.name)
    return space


def _region(
    region: str,
    spaces: tuple[Space, ...],
    scales: dict[str, str],
    king: str | None,
    name: str,
    language: str,
) -> dict[str, Any]:
    listed = [
        {
            "id": space.id,
            "name": render_value(named_space(space.name), language),
            "scale": lord_name(scales[space.id]) if space.id in scales else None,
            "kings": space.id in scales and scales[space.id] == king,
        }
        for space in spaces
    ]
    return {
        "region": region,
        "name": name,
        "spaces": listed,
        "scales": [
            {
                "space": s["id"],
                "space_name": s["name"],
                "lord_name": s["scale"],
                "kings": s["kings"],
            }
            for s in listed
            if s["scale"]
        ],
        "free": sum(1 for s in listed if not s["scale"]),
    }


def _cards_out(state: State, language: str) -> list[dict[str, Any]]:
    """The Dragon Cards on the table now (drawn for a scale or in the Tower), by name; an
    unread one as "an unread Varthrax Card" in ``language``."""
    taught = state.get("taught", {})
    out = []
    for lord in default_pack().lords.values():
        for card in state["decks"][lord.deck]["table"]:
            known = taught.get(card)
            out.append(
                {
                    "card": card,
                    "deck": lord.deck,
                    "name": known["name"]
                    if known
                    else render_value(msg("td.view.unread_card", lord=lord.name), language),
                    "kind": known["kind"] if known else None,
                }
            )
    return out
