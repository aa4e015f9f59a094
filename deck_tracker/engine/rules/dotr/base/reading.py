"""Read the card you drew: what the table is asked when a card's face is not known yet.

The prompts themselves are generic (``engine/reading.py``); this module words them for
Defenders of the Realm and gives each the form of its card kind, as JSON Schema built from the
game's own content (locations, minion colours and Generals offered by name, never as ids to
type):

* a Darkness Spreads card: the minions by location, colour and count, the General icon, where
  the General moves and the minions that come with him;
* a Special Darkness Spreads card: its title and what it says;
* a General card: the value that matters now (the minions at the start, or the life);
* any other card whose printed values the pack declares fillable (a new Quest, a Companion's
  cost, a Dungeon Room): a form of those values (:func:`ask_fields`), worded as printed. A card
  drawn into a hand (a Quest) is read by its holder only: the prompt names the seat, and the
  other seats and the live stream learn only that the holder is reading a card.

The answer (``read_card.py``) is written into the game's kept overlay of the card's pack, as if
it had been entered before the game, and then the interrupted rule carries on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.content import COLOURS, Card, FillSpec, Pack, value_schema
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.i18n import Message, Text, listing, msg
from deck_tracker.engine.reading import ask
from deck_tracker.engine.rules.dotr.base.packs import (
    UNENTERED,
    effective_packs,
    game_pack,
)

__all__ = ["R_READ", "ask_fields", "ask_general", "ask_to_read", "card_pack", "fill_spec"]

R_READ = msg("dotr.rule.read")
NEXT = "next"
# What a General's card is asked for, in the reader's words.
FIELD_WORDS = {
    "starting_minions": msg("dotr.read.field.starting_minions"),
    "life": msg("dotr.read.field.life"),
}


def _choice(items: list[tuple[str, Text]], title: Message) -> dict[str, Any]:
    return {"title": title, "oneOf": [{"const": key, "title": name} for key, name in items]}


def card_pack(state: State, card: Card, deck: str) -> Pack | None:
    """The pack the card's face belongs to (an unread dragon card: its General's pack)."""
    general = card.data.get("general")
    for pack in effective_packs(state):
        if card.data.get("unread") and general in pack.generals:
            return pack
        spec = pack.decks.get(deck)
        if spec is not None and any(c.id == card.id for c in spec.cards):
            return pack
    return None


def fill_spec(state: State, item: str, field: str) -> tuple[Pack, FillSpec] | None:
    for pack in effective_packs(state):
        for spec in pack.fillables.values():
            if spec.item == item and spec.field == field:
                return pack, spec
    return None


def _darkness_form(state: State, card: Card) -> dict[str, Any]:
    pack = game_pack(state)
    board = state.get("board") or {}
    locations: list[tuple[str, Text]] = [
        (loc.id, i18n.name(f"location:{loc.id}", loc.name))
        for loc in sorted(pack.locations.values(), key=lambda loc: loc.name)
        if loc.id in board
    ]
    minions: dict[str, Text] = {
        m.colour: i18n.name(f"minion-types:{m.id}", m.plural) for m in pack.minion_types.values()
    }
    # DX, Imps: "There will never be more than 1 Imp placed at one time per location -
    # Therefore Imp Location cards in the Darkness Spreads Deck will show only 1 Green Minion".
    one_at_a_time = [
        {
            "if": {"properties": {"colour": {"const": m.colour}}, "required": ["colour"]},
            "then": {"properties": {"count": {"maximum": 1}}},
        }
        for m in pack.minion_types.values()
        if "quick_flying" in m.skills
    ]
    colours: list[tuple[str, Text]] = [
        (colour, minions.get(colour, colour.title())) for colour in COLOURS
    ]
    generals: list[tuple[str, Text]] = [
        (g.id, i18n.name(f"general:{g.id}", g.name)) for g in pack.generals.values()
    ]
    general_id = card.data.get("general")
    general = pack.generals.get(str(general_id)) if general_id else None
    if general is not None and general.movement == "dragon_flight":
        # Dragon Flight: the card shows where he lands, anywhere on the board.
        options = locations
    else:
        path = general.path[1:] if general is not None else ()
        targets: list[tuple[str, Text]] = [
            (loc, i18n.name(f"location:{loc}", pack.locations[loc].name))
            for loc in path
            if loc in pack.locations
        ]
        options = [(NEXT, msg("reading.field.next_on_path")), *targets]
    destination = _choice(options, msg("reading.field.general_to"))
    return {
        "type": "object",
        "title": msg("reading.form.darkness_spreads"),
        "properties": {
            "placements": {
                "type": "array",
                "title": msg("reading.field.minions_placed"),
                "minItems": 1,
                "maxItems": 4,
                "items": {
                    "type": "object",
                    "properties": {
                        "location": _choice(locations, msg("reading.field.location")),
                        "colour": _choice(colours, msg("reading.field.minions")),
                        "count": {
                            "type": "integer",
                            "title": msg("reading.field.how_many"),
                            "minimum": 1,
                            "maximum": 3,
                        },
                    },
                    "required": ["location", "colour", "count"],
                    "additionalProperties": False,
                }
                | ({"allOf": one_at_a_time} if one_at_a_time else {}),
            },
            "general": _choice(generals, msg("reading.field.general_icon"))
            | ({"default": general.id} if general is not None else {}),
            "general_to": destination,
            "general_minions": {
                "type": "integer",
                "title": msg("reading.field.general_minions"),
                "minimum": 0,
                "maximum": 3,
            },
        },
        "required": ["placements", "general", "general_to", "general_minions"],
        "additionalProperties": False,
    }


def _special_form() -> dict[str, Any]:
    return {
        "type": "object",
        "title": msg("reading.form.special"),
        "properties": {
            "title": {
                "type": "string",
                "title": msg("reading.field.title"),
                "minLength": 1,
                "maxLength": 80,
            },
            "text": {
                "type": "string",
                "title": msg("reading.field.card_says"),
                "minLength": 1,
                "maxLength": 600,
            },
        },
        "required": ["title", "text"],
        "additionalProperties": False,
    }


def _not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """The value's form without its "not entered" (null) choice: the card shows a value."""
    options = [o for o in schema.get("anyOf") or () if o.get("type") != "null"]
    if len(options) != 1:
        return schema
    only: dict[str, Any] = options[0]
    return {k: v for k, v in schema.items() if k != "anyOf"} | only


def card_name(card: Card) -> str:
    return card.name.removesuffix(UNENTERED)


def ask_to_read(
    ctx: Context, card: Card, deck: str, *, resume: dict[str, Any], detail: Message | None = None
) -> None:
    """The card that came up is not known yet: the table reads it (the rule waits)."""
    pack = card_pack(ctx.state, card, deck)
    special = card.kind == "special"
    name = card_name(card)
    prompt = ask(
        ctx,
        {
            "deck": deck,
            "card": card.id,
            "kind": card.kind,
            "pack": pack.id if pack else None,
            "printed": True,
            "schema": _special_form() if special else _darkness_form(ctx.state, card),
            "resume": resume,
        },
        name=name,
        title=msg("reading.title.read_card"),
        detail=detail,
    )
    card_ref = i18n.name(f"card:{card.id}", name)
    if resume.get("rule") == "night":
        # The card lies face up on the table while it is read: in exactly one pile.
        ctx.put("decks", deck, "table", [card.id])
    ctx.emit(
        "card_to_read",
        msg("dotr.read.ask.detail", card=card_ref, detail=detail)
        if detail
        else msg("dotr.read.ask", card=card_ref),
        data={"prompt": prompt["id"], "deck": deck, "card": card.id, "name": name},
        steps=[Step(msg("dotr.read.aloud", card=card_ref), R_READ)],
    )


def ask_general(
    ctx: Context, general_id: str, fields: list[str], *, resume: dict[str, Any]
) -> None:
    """A General's value the rules need now (his minions at the start, his life)."""
    pack = game_pack(ctx.state)
    name = pack.generals[general_id].name if general_id in pack.generals else general_id
    properties: dict[str, Any] = {}
    owner: str | None = None
    for field in fields:
        found = fill_spec(ctx.state, general_id, field)
        if found is None:
            continue
        owner = found[0].id
        properties[field] = _not_null(value_schema(found[0], found[1])) | {
            "description": _general_about(pack, general_id, field, found[1].description)
        }
    general = i18n.name(f"general:{general_id}", name)
    asked = listing(
        [FIELD_WORDS[f] if f in FIELD_WORDS else f.replace("_", " ") for f in fields],
        conjunction=False,
    )
    card_name = msg("reading.name.general_card", general=general)
    prompt = ask(
        ctx,
        {
            "deck": None,
            "card": general_id,
            "kind": "general",
            "pack": owner,
            "schema": {
                "type": "object",
                "title": card_name,
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            },
            "resume": resume,
        },
        name=card_name,
        title=msg("reading.title.read_general"),
        detail=msg("reading.detail.general_fields", what=asked),
    )
    ctx.emit(
        "card_to_read",
        msg("dotr.read.ask_general", general=general, what=asked),
        data={"prompt": prompt["id"], "deck": None, "card": general_id, "name": name},
        steps=[Step(msg("dotr.read.general_aloud", general=general, what=asked), R_READ)],
    )


def _general_about(pack: Pack, general_id: str, field: str, description: str) -> Text:
    """What a General's value is, as a message (the pack's data writes it in English with the
    General's name in it)."""
    general = pack.generals.get(general_id)
    if general is None:
        return description
    who = i18n.name(f"general:{general_id}", general.name)
    if field == "life":
        return msg("reading.about.general_life", general=who)
    if field == "starting_minions":
        kinds = [m for m in pack.minion_types.values() if m.colour == general.colour]
        minions: Text = (
            i18n.name(f"minion-types:{kinds[0].id}", kinds[0].plural) if kinds else general.colour
        )
        return msg("reading.about.starting_minions", minions=minions, general=who)
    return description


def _labelled(schema: dict[str, Any], labels: Mapping[str, Message]) -> dict[str, Any]:
    """A pick whose choices are shown in the players' words (never a raw value)."""
    if not labels or "oneOf" not in schema:
        return schema
    options = [
        o | {"title": labels.get(str(o.get("const")), o.get("title"))} for o in schema["oneOf"]
    ]
    return schema | {"oneOf": options}


def ask_fields(
    ctx: Context,
    card: Card,
    deck: str,
    fields: Mapping[str, str],
    *,
    name: Text,
    form_title: Message,
    resume: dict[str, Any],
    optional: Sequence[str] = (),
    labels: Mapping[str, Mapping[str, Message]] | None = None,
    seat: str | None = None,
    holder: Text = "",
    detail: Message | None = None,
    printed: bool = False,
) -> None:
    """The card's printed values the pack does not know yet (``fields``: the form's key ->
    the card's fillable field) are read at the table. ``seat``: the card went into that seat's
    hidden hand; only its holder (``holder``, the player's name) sees the prompt. ``detail``
    (a message: the event reads it in the reader's language) says which card came up.
    ``printed``: ``name`` is the card's printed name (read in the reader's language), not words
    that stand for a card nobody has entered ("A Dungeon Room card")."""
    properties: dict[str, Any] = {}
    owner: str | None = None
    for key, field in fields.items():
        found = fill_spec(ctx.state, card.id, field)
        if found is None:
            continue
        owner = found[0].id
        schema = _not_null(value_schema(found[0], found[1])) | {"description": found[1].description}
        properties[key] = _labelled(schema, (labels or {}).get(key) or {})
    public = (
        msg("reading.public.player", player=holder) if holder else msg("reading.public.a_player")
    )
    prompt = ask(
        ctx,
        {
            "deck": deck,
            "card": card.id,
            "kind": card.kind,
            "pack": owner,
            "printed": printed,
            "schema": {
                "type": "object",
                "title": form_title,
                "properties": properties,
                "required": [key for key in properties if key not in optional],
                "additionalProperties": False,
            },
            "fields": dict(fields),
            "resume": resume,
        }
        | ({"seat": seat} if seat is not None else {}),
        name=name,
        title=msg("reading.title.read_card"),
        detail=detail,
        public_title=public if seat is not None else None,
    )
    if seat is None:
        # A card nobody has entered is named by the words that stand for it ("A Treasure Room
        # card"), read in the reader's language; a printed name by its name.
        key = f"card:{card.id}"
        known = printed or key in i18n.catalogue(i18n.DEFAULT_LANGUAGE)["names"]
        drawn: Text = i18n.name(key, name) if known and isinstance(name, str) else name
        ctx.emit(
            "card_to_read",
            (
                msg("dotr.read.ask.detail", card=drawn, detail=detail)
                if detail
                else msg("dotr.read.ask", card=drawn)
            ),
            data={"prompt": prompt["id"], "deck": deck, "card": card.id, "name": name},
            steps=[Step(msg("dotr.read.aloud", card=drawn), R_READ)],
        )
        return
    ctx.emit(
        "card_to_read",
        (
            msg("dotr.read.player_reading", player=holder)
            if holder
            else msg("dotr.read.a_player_reading")
        ),
        data={"prompt": prompt["id"], "seat": seat},
        private={seat: {"deck": deck, "card": card.id, "name": name}},
        steps=[
            Step(
                (
                    msg("dotr.read.holder_enters", player=holder)
                    if holder
                    else msg("dotr.read.the_player_enters")
                ),
                R_READ,
            )
        ],
    )
