"""Reads of the content packs, shaped for the API (computed once per process)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from django.utils import translation

from deck_tracker.awards import selectors as award_selectors
from deck_tracker.engine import (
    DOTR_TABLE_DECKS,
    catalogue,
    deck_name,
    default_scenarios,
    describe_fame_actions,
    describe_rewards,
    describe_scenario,
    describe_setup_options,
    game_entry_in,
    msg,
    name_of,
    normalise_language,
    offered_games,
    render_text,
    render_value,
    scenario_title,
    setting_words,
    setup_asks,
)
from deck_tracker.engine.content import (
    ContentError,
    Pack,
    card_schema,
    default_packs,
    described,
    entered_value,
    shipped_with_overlay,
    value_schema,
)
from deck_tracker.models import ContentEntry, ContentOverlay, Game, Seat

ENTRIES_FORMAT = "dotr-companion-entries"
ENTRIES_FORMAT_VERSION = 1


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _item(obj: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj) if not f.name.startswith("_")}


def content_packs() -> list[dict[str, Any]]:
    return [
        {
            "id": pack.id,
            "name": pack.name,
            "game_system": pack.game_system,
            "expansion": pack.expansion,
            "version": pack.version,
        }
        for pack in default_packs().values()
    ]


@functools.cache
def content_pack(pack_id: str) -> dict[str, Any] | None:
    pack: Pack | None = default_packs().get(pack_id)
    if pack is None:
        return None
    return _shape(pack)


def _shape(pack: Pack) -> dict[str, Any]:
    neighbours = pack.adjacency(include_disputed=False)
    with_disputed = pack.adjacency(include_disputed=True)
    return {
        "id": pack.id,
        "name": pack.name,
        "game_system": pack.game_system,
        "expansion": pack.expansion,
        "version": pack.version,
        "sources": dict(pack.sources),
        "notes": list(pack.notes),
        "locations": [
            _item(location)
            | {
                "neighbours": list(neighbours[location.id]),
                "neighbours_with_disputed_roads": list(with_disputed[location.id]),
            }
            for location in pack.locations.values()
        ],
        "roads": [_item(road) for road in pack.roads],
        "generals": [_item(general) for general in pack.generals.values()],
        "minion_types": [_item(minion) for minion in pack.minion_types.values()],
        "heroes": [_item(hero) for hero in pack.heroes.values()],
        "decks": {
            name: {
                "name": deck_name(name),
                "auto_reshuffle": deck.auto_reshuffle,
                "cards": [_item(card) for card in deck.cards],
            }
            for name, deck in pack.decks.items()
        },
    }


# What the table screen reads: names, places, cards' words; no sources, notes or entry forms.
_TABLE_DROPS = frozenset(
    {"provenance", "confidence", "note", "neighbours_with_disputed_roads", "source", "sources"}
    # read by the setup and the rules, not by the table screen
    | {"aliases", "skill_key", "defeat_wounds", "defeat_cards_lost", "major_wound_at_or_below"}
    | {"starting_minions", "starting_gate", "to_hit", "faction"}
)


def _for_table(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _for_table(value) for key, value in node.items() if key not in _TABLE_DROPS}
    if isinstance(node, list):
        return [_for_table(value) for value in node]
    return node


# The words printed on cards and heroes (a Quest's test and reward, an event's text, a hero's
# abilities): the screens that show them read them apart (``?view=texts``), after the Board.
_TEXT_KEYS = frozenset(
    {"test", "reward", "summary", "text", "immediate", "ongoing", "outcomes", "action"}
    | {"prevention", "abilities", "skill_summary"}
)


# What the table screen's first draw reads of a card's data (the map names an agent by its
# title); the rest of it (a Darkness Spreads card's placements, a Hero Card's colour, a Quest's
# location) is read by the tabs and forms after the Board, and comes with the texts.
_CARD_KEYS_FOR_TABLE = frozenset({"title"})


def _card_for_table(card: dict[str, Any]) -> dict[str, Any]:
    data = card.get("data")
    if not isinstance(data, dict):
        return card
    return {**card, "data": {k: v for k, v in data.items() if k in _CARD_KEYS_FOR_TABLE}}


def content_pack_for_table(*, pack_id: str) -> dict[str, Any] | None:
    """A pack as the table screen needs it (the entered values merged in): its items' names,
    places and what the Board reads of its cards, without provenance, notes, sources, the
    forms to enter content, or the printed texts (``content_pack_texts``)."""
    detail = content_pack_detail(pack_id=pack_id)
    if detail is None:
        return None
    keep: tuple[str, ...] = ("id", "name", "game_system", "expansion", "version", "overlay")
    keep += ("locations", "roads", "generals", "minion_types", "heroes", "decks")
    pack = {key: _for_table(detail[key]) for key in keep if key in detail}
    # A space's neighbours are the ends of its roads (the client reads them from ``roads``).
    pack["locations"] = [
        {k: v for k, v in location.items() if k != "neighbours"}
        for location in pack.get("locations", [])
    ]
    for kind in ("heroes", "generals"):
        pack[kind] = [
            {k: v for k, v in item.items() if k not in _TEXT_KEYS} for item in pack.get(kind, [])
        ]
    for deck in (pack.get("decks") or {}).values():
        deck["cards"] = [_card_for_table(card) for card in deck["cards"]]
    return pack


def content_pack_texts(*, pack_id: str) -> dict[str, Any] | None:
    """The printed texts the table view leaves out, by hero and by card (with the rest of a
    card's data the table view leaves out; the entered values merged in):
    ``{"id", "version", "cards": {id: {...}}, "heroes": {...}, "generals": {...}}``."""
    detail = content_pack_detail(pack_id=pack_id)
    if detail is None:
        return None
    cards: dict[str, Any] = {}
    for deck in (detail.get("decks") or {}).values():
        for card in deck["cards"]:
            data = card.get("data") if isinstance(card.get("data"), dict) else {}
            texts = {k: v for k, v in data.items() if k not in _CARD_KEYS_FOR_TABLE}
            if texts:
                cards[card["id"]] = _for_table(texts)
    texts = {"id": detail["id"], "version": detail["version"], "cards": cards}
    for kind in ("heroes", "generals"):
        texts[kind] = {
            item["id"]: {k: v for k, v in item.items() if k in _TEXT_KEYS}
            for item in detail.get(kind) or []
            if any(k in _TEXT_KEYS for k in item)
        }
    return texts


# --------------------------------------------------------------------------------------------
# Content players enter (the overlay of a pack)
# --------------------------------------------------------------------------------------------


def content_overlay_row(*, pack_id: str) -> ContentOverlay | None:
    return ContentOverlay.objects.filter(pack_id=pack_id).first()


def content_overlay_export(*, pack_id: str) -> dict[str, Any] | None:
    """The overlay as a document to save or share (``data`` is what an import takes)."""
    if pack_id not in default_packs():
        return None
    row = content_overlay_row(pack_id=pack_id)
    return {
        "pack": pack_id,
        "version": row.version if row else 0,
        "updated_at": _iso(row.updated_at) if row else None,
        "data": row.data if row else {"pack": pack_id, "values": {}, "cards": {}},
    }


def shipped_overlays() -> dict[str, dict[str, Any]]:
    """What staff entered for every table of this server (the admin), by pack."""
    return {
        row.pack_id: row.data
        for row in ContentOverlay.objects.all()
        if row.data and row.pack_id in default_packs()
    }


def content_overlays_for_setup(*, group_id: int | None = None) -> dict[str, dict[str, Any]]:
    """What a new game knows: the shipped values, and its group's entries merged over them (the
    game keeps them and never reads them again)."""
    shipped = shipped_overlays()
    if group_id is None:
        return shipped
    owned = owner_overlays(Owner(group_id=group_id))
    return {
        pack_id: merged_overlay(pack_id, shipped.get(pack_id), owned.get(pack_id))
        for pack_id in sorted(set(shipped) | set(owned))
    }


# --------------------------------------------------------------------------------------------
# Entries owned by a group or a game
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Owner:
    """Whose entries: an account group's (its games share them) or one anonymous game's."""

    group_id: int | None = None
    game_id: Any = None

    def rows(self) -> Any:
        if self.group_id is not None:
            return ContentEntry.objects.filter(group_id=self.group_id)
        return ContentEntry.objects.filter(game_id=self.game_id)

    def fields(self) -> dict[str, Any]:
        if self.group_id is not None:
            return {"group_id": self.group_id}
        return {"game_id": self.game_id}


def owner_of(game: Game) -> Owner:
    """The owner of what this table enters: its group when it has one, else the game itself."""
    if game.content_group_id is not None:
        return Owner(group_id=game.content_group_id)
    return Owner(game_id=game.pk)


def owner_for_writes(game: Game, seat: Seat | None) -> Owner | None:
    """Whose entries ``seat`` writes at ``game``: the game's own for a game of no group; its
    group's when the seat's account may write them now (the group's owner, or a member who
    records games); None otherwise (what the table reads then stays in the game)."""
    owner = owner_of(game)
    if owner.group_id is None:
        return owner
    if seat is not None and award_selectors.seat_writes_group_content(
        seat_id=seat.pk, group_id=owner.group_id
    ):
        return owner
    return None


def parse_path(path: str) -> tuple[str, str, str] | None:
    """``values.<field id>`` or ``cards.<deck>.<card id>`` as (kind, deck, key); None if neither."""
    head, _, rest = path.partition(".")
    if head == "values" and rest:
        return ("value", "", rest)
    deck, _, card = rest.partition(".")
    if head == "cards" and deck and card:
        return ("card", deck, card)
    return None


def entries_overlay(rows: Any) -> dict[str, dict[str, Any]]:
    """Entry rows as overlays, by pack: ``{pack: {"pack", "values", "cards"}}``."""
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        data = found.setdefault(row.pack_id, {"pack": row.pack_id, "values": {}, "cards": {}})
        if row.kind == "value":
            data["values"][row.key] = row.value
        else:
            data["cards"].setdefault(row.deck, []).append(row.value)
    return found


def owner_overlays(owner: Owner) -> dict[str, dict[str, Any]]:
    return entries_overlay(owner.rows().order_by("pack_id", "kind", "deck", "created_at", "id"))


def merged_overlay(pack_id: str, *layers: Mapping[str, Any] | None) -> dict[str, Any]:
    """Overlays merged in order, a later layer winning: a value by its field, a card by its id."""
    values: dict[str, Any] = {}
    cards: dict[str, dict[str, Any]] = {}
    for layer in layers:
        if not layer:
            continue
        values |= dict(layer.get("values") or {})
        for deck, entries in (layer.get("cards") or {}).items():
            deck_cards = cards.setdefault(deck, {})
            for card in entries or ():
                deck_cards[str(card.get("id")) if isinstance(card, dict) else repr(card)] = card
    return {
        "pack": pack_id,
        "values": values,
        "cards": {deck: list(found.values()) for deck, found in cards.items() if found},
    }


def pack_name(pack: Pack, language: str | None = None) -> str:
    """A pack by its name in the reader's language (``pack:<id>``), else as printed."""
    return render_value(name_of(f"pack:{pack.id}", str(pack.name)), _language(language))


def _language(language: str | None) -> str:
    """The reader's language: ``language``, else the request's (the active one)."""
    return normalise_language(language or translation.get_language() or "en")


def entry_label(
    pack: Pack, kind: str, deck: str, key: str, value: Any = None, language: str | None = None
) -> dict[str, str]:
    """An entry in player words, in the reader's language: the card (or General, tile...) it is
    about, and what of it."""
    language = _language(language)
    if kind == "card":
        name = value.get("name") if isinstance(value, dict) else None
        item = name or _item_name(pack.id, key) or msg("content.item.a_card")
        return {
            "item": render_value(item, language),
            "field": render_value(msg("content.field.id"), language),
        }
    spec = pack.fillables.get(key)
    if spec is None:
        return {"item": render_value(msg("content.item.not_asked"), language), "field": ""}
    item = _item_name(pack.id, spec.item) or spec.description
    return {
        "item": render_value(item, language),
        "field": render_value(_field_words(spec.field), language),
    }


def entry_shown(pack: Pack, kind: str, key: str, value: Any, language: str | None = None) -> str:
    """A value in player words, in the reader's language: a card by its name, a place or
    General by its name, yes/no."""
    language = _language(language)
    if value is None:
        return render_value(msg("content.value.not_entered"), language)
    if kind == "card":
        name = value.get("name") if isinstance(value, dict) else None
        return render_value(name or msg("content.value.a_card"), language)
    spec = pack.fillables.get(key)
    if isinstance(value, bool):
        return render_value(msg("words.yes" if value else "words.no"), language)
    if spec is not None and spec.type in ("location", "general") and isinstance(value, str):
        named = _item_name(pack.id, value) or name_of(
            f"{spec.type}:{value}", value.replace("-", " ").title()
        )
        return render_value(named, language)
    if spec is not None and spec.type == "choice" and isinstance(value, str):
        return _choice_words(pack.id, value, language)
    return str(value)


def _choice_words(pack_id: str, choice: str, language: str = "en") -> str:
    """A choice in player words: the card (or place...) it names, else its words (never its id:
    ``at_location`` is "At location"), in ``language``."""
    named = _item_name(pack_id, choice)
    if named:
        return render_value(named, language)
    key = f"content.choice.{choice.replace('-', '_')}"
    if key in catalogue("en"):
        return render_value(msg(key), language)
    words = choice.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def _titled_choices(pack_id: str, schema: dict[str, Any], language: str = "en") -> dict[str, Any]:
    """A pick among choices offered in player words (the engine titles them by their ids)."""
    if "anyOf" in schema:  # a value or null (not entered yet)
        return schema | {
            "anyOf": [_titled_choices(pack_id, part, language) for part in schema["anyOf"]]
        }
    options = schema.get("oneOf")
    if not options:
        return schema
    titled = [
        option | {"title": _choice_words(pack_id, str(option["const"]), language)}
        if "const" in option
        else option
        for option in options
    ]
    return schema | {"oneOf": titled}


def _field_words(field: str) -> Any:
    """What of an item a value is, as a message (``content.field.<words>``): "life", "cost
    (colour)"; a numbered part of it (``levels.0``) with its number, from 1."""
    parts = [part for part in field.split(".") if part != "data"]
    words = "_".join(part for part in parts if not part.isdigit())
    numbers = [int(part) + 1 for part in parts if part.isdigit()]
    key = f"content.field.{words}"
    said = msg(key) if key in catalogue("en") else msg("content.field.value")
    for n in numbers:
        said = msg("content.field.numbered", field=said, n=n)
    return said


# The catalogue's kind of name for each group of a pack's items.
_NAME_KINDS = (
    ("locations", "location"),
    ("generals", "general"),
    ("minion_types", "minion-types"),
    ("heroes", "hero"),
)


@functools.cache
def _item_names(pack_id: str) -> dict[str, dict[str, Any]]:
    """A pack's items by id, each a name (its catalogue key, its English as printed)."""
    pack = default_packs()[pack_id]
    names: dict[str, dict[str, Any]] = {}
    for group, kind in _NAME_KINDS:
        names |= {
            item_id: name_of(f"{kind}:{item_id}", str(getattr(item, "name", item_id)))
            for item_id, item in getattr(pack, group).items()
        }
    for deck in pack.decks.values():
        names |= {card.id: name_of(f"card:{card.id}", str(card.name)) for card in deck.cards}
    return names


def _item_name(pack_id: str, item_id: str) -> dict[str, Any] | None:
    return _item_names(pack_id).get(item_id)


def known_entries(owner: Owner, language: str | None = None) -> list[dict[str, Any]]:
    """What this table's owner entered, by pack, in player words in the reader's language (the
    "Cards we know" screen)."""
    language = _language(language)
    packs = default_packs()
    shown: dict[str, dict[str, Any]] = {}
    for row in owner.rows().order_by("pack_id", "kind", "deck", "created_at", "id"):
        pack = packs.get(row.pack_id)
        if pack is None:
            continue
        entry = shown.setdefault(
            row.pack_id, {"pack": pack.id, "name": pack_name(pack, language), "entries": []}
        )
        entry["entries"].append(entry_view(pack, row, language))
    return list(shown.values())


def entry_view(pack: Pack, row: ContentEntry, language: str | None = None) -> dict[str, Any]:
    language = _language(language)
    label = entry_label(pack, row.kind, row.deck, row.key, row.value, language)
    view: dict[str, Any] = {
        "path": row.path,
        "kind": row.kind,
        "item": label["item"],
        "field": label["field"],
        "value": row.value,
        "shown": entry_shown(pack, row.kind, row.key, row.value, language),
        "version": row.version,
        "updated_at": _iso(row.updated_at),
    }
    if row.kind == "value":
        spec = pack.fillables.get(row.key)
        if spec is not None:
            schema = _entry_forms(pack.id)[0][spec.id]
            view["schema"] = (
                _titled_choices(pack.id, schema, language)
                if spec.type in ("choice", "location", "general")
                else schema
            )
    else:
        view["deck"] = row.deck
    return view


def entries_export(owner: Owner, *, owner_name: str) -> dict[str, Any]:
    """The owner's entries as one file to keep or share (what an import takes)."""
    overlays = owner_overlays(owner)
    return {
        "format": ENTRIES_FORMAT,
        "format_version": ENTRIES_FORMAT_VERSION,
        "owner": owner_name,
        "packs": {
            pack_id: {"values": data["values"], "cards": data["cards"]}
            for pack_id, data in sorted(overlays.items())
        },
    }


def content_pack_detail(*, pack_id: str) -> dict[str, Any] | None:
    """A pack's items with the entered values merged in, and what players may enter."""
    pack: Pack | None = default_packs().get(pack_id)
    if pack is None:
        return None
    row = content_overlay_row(pack_id=pack_id)
    shaped = content_pack(pack_id) if row is None else None
    effective = pack
    if row is not None:
        try:
            effective = shipped_with_overlay(pack_id, row.data)
        except ContentError:  # the shipped pack changed under an old overlay: show it unmerged
            effective = pack
        shaped = _shape(effective)
    assert shaped is not None
    entered = (row.data.get("cards") or {}) if row else {}
    values, cards = _entry_forms(pack_id)
    return shaped | {
        "fillable": [
            spec.as_dict() | {"value": entered_value(effective, spec), "schema": values[spec.id]}
            for spec in pack.fillables.values()
        ],
        "open_decks": {
            deck: spec.as_dict()
            | {"entered": len(entered.get(deck, [])), "card_schema": cards[deck]}
            for deck, spec in pack.open_decks.items()
        },
        "overlay": {
            "version": row.version if row else 0,
            "updated_at": _iso(row.updated_at) if row else None,
        },
    }


@functools.cache
def _entry_forms(pack_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The JSON Schema of each value and card players may enter (the forms they fill)."""
    pack = default_packs()[pack_id]
    return (
        {
            spec.id: _titled_choices(pack_id, value_schema(pack, spec))
            if spec.type == "choice"
            else value_schema(pack, spec)
            for spec in pack.fillables.values()
        },
        {deck: card_schema(spec) for deck, spec in pack.open_decks.items()},
    )


def content_problem(pack: Pack, error: ContentError) -> str:
    """A content problem in the words of the active language: the item by its name, the field
    by what it holds, what is wrong; never a file, a path nor an id (``content.described``)."""
    return render_text(described(error, pack), translation.get_language() or "en")


def overlay_error_fields(pack: Pack, data: Any, error: ContentError) -> dict[str, list[str]]:
    """Where an overlay's problem is, as the API's ``fields``: ``values.<field id>`` for an
    entered value, ``cards.<deck>.<card id>.<field>`` for an added card; the problem in the
    words of the active language."""
    message = content_problem(pack, error)
    if error.field and error.field.split(".")[0] in ("values", "cards", "pack", "overlay"):
        return {error.field: [message]}
    item, fld = error.item, error.field or "overlay"
    cards = data.get("cards") if isinstance(data, dict) else None
    for deck, entries in (cards or {}).items() if isinstance(cards, dict) else ():
        if isinstance(entries, list) and any(
            isinstance(card, dict) and card.get("id") == item for card in entries
        ):
            return {f"cards.{deck}.{item}.{fld}": [message]}
    for spec in pack.fillables.values():
        if spec.item == item and (spec.field == fld or fld.startswith(f"{spec.field}.")):
            return {f"values.{spec.id}": [message]}
    return {f"{item}.{fld}" if item else fld: [message]}


def _iso(moment: Any) -> str:
    return str(moment.isoformat().replace("+00:00", "Z"))


def scenarios(language: str = "en", group_ids: Sequence[int] = ()) -> list[dict[str, Any]]:
    """The games the setup screen offers, each with the options it allows, in ``language``.
    ``group_ids``: the signed-in account's groups; each field the setup reads from a card says
    which of them already taught it (``known_in_groups``), so that the setup screen does not ask
    a group again for a number it entered in an earlier game."""
    groups = {group_id: content_overlays_for_setup(group_id=group_id) for group_id in group_ids}
    offered = [
        {
            "id": "standard",
            "name": "Defenders of the Realm: the standard game",
            "system": "dotr",
            "packs": ["dotr-base"],
            "options": describe_setup_options({"system": "dotr"})["options"],
            "table_decks": list(DOTR_TABLE_DECKS),
            "setup": {"system": "dotr"},
            "entries": [],
            "general_entries": _general_entries(groups),
            "option_entries": _option_entries(groups),
        },
        *_dragon_scenarios(language, groups),
        *offered_games(),
        {
            "id": "custom-decks",
            "name": "Any decks of your own (no board)",
            "system": "generic",
            "packs": [],
            "options": [],
            "table_decks": [],
            "setup": {"system": "generic", "decks": {"my_deck": {"cards": ["card-1", "card-2"]}}},
        },
    ]
    return [game_entry_in(entry, language) for entry in offered]


def setup_options(
    *,
    expansions: list[str],
    scenario: str | None,
    easier: list[str],
    generals: list[str],
    agent: str | None,
    language: str = "en",
) -> dict[str, Any]:
    """The settings a setup of these expansions, scenario and Generals uses (the setup screen's
    step), in ``language``. ``generals``: ``["random"]`` or ``["red:brimstone", ...]``."""
    setup: dict[str, Any] = {"system": "dotr", "expansions": expansions}
    if scenario:
        setup |= {"scenario": scenario, "easier": easier}
    if generals == ["random"]:
        setup["generals"] = "random"
    elif generals:
        setup["generals"] = dict(pair.partition(":")[::2] for pair in generals)
    if agent:
        setup["options"] = {"agent": agent}
    return describe_setup_options(setup, language) | {"words": setting_words(language)}


# A group's content overlays by group id (``content_overlays_for_setup(group_id=...)``).
GroupOverlays = Mapping[int, dict[str, dict[str, Any]]]


def _with_known(asks: list[dict[str, Any]], groups: GroupOverlays) -> list[dict[str, Any]]:
    """Each field with the value already entered in this server's content, if any, and the
    groups (of those given) whose entries hold a value for it."""
    overlays = content_overlays_for_setup()
    out = []
    for ask in asks:
        pack = shipped_with_overlay(ask["pack"], overlays.get(ask["pack"]))
        fields = []
        for field in ask["fields"]:
            spec = pack.fillables[field["id"]]
            taught = [
                group_id
                for group_id, owned in groups.items()
                if entered_value(
                    (own := shipped_with_overlay(ask["pack"], owned.get(ask["pack"]))),
                    own.fillables[field["id"]],
                )
                is not None
            ]
            fields.append({**field, "known": entered_value(pack, spec), "known_in_groups": taught})
        out.append({**ask, "fields": fields})
    return out


def _card_entries(setup: dict[str, Any], groups: GroupOverlays) -> list[dict[str, Any]]:
    """What this setup reads from the table's cards whatever its options."""
    return [ask for ask in _with_known(setup_asks(setup), groups) if not ask.get("option")]


def _option_entries(groups: GroupOverlays) -> dict[str, dict[str, Any]]:
    """Per option of the Dragon expansion: what the setup reads from the table's cards when it
    is on (the Winds of War deck's count)."""
    asks = _with_known(setup_asks({"expansions": ["dragon"]}), groups)
    return {str(ask["option"]): ask for ask in asks if ask.get("option")}


def _general_entries(groups: GroupOverlays) -> dict[str, dict[str, Any]]:
    """Per dragon General the table may choose: what the setup reads from its card."""
    found: dict[str, dict[str, Any]] = {}
    for general in default_packs()["dotr-dragon"].generals.values():
        setup = {"expansions": ["dragon"], "generals": {general.colour: general.id}}
        for ask in _with_known(setup_asks(setup), groups):
            found[ask["item"]] = ask
    return found


def _dragon_scenarios(language: str, groups: GroupOverlays) -> list[dict[str, Any]]:
    """The Dragon expansion's scenarios and the custom mix (content/scenarios/*.json)."""
    kings_champion = {"fame_actions": describe_fame_actions(), "reward_cards": describe_rewards()}
    found = []
    for scenario in default_scenarios().values():
        setup = {"system": "dotr", "scenario": scenario.id}
        found.append(
            {
                "id": f"scenario-{scenario.id}",
                "name": scenario_title(scenario.number, scenario.name),
                "system": "dotr",
                "packs": ["dotr-base", "dotr-dragon"],
                "options": describe_setup_options(setup)["options"],
                "table_decks": [*DOTR_TABLE_DECKS, "winds_of_war", "sterling"],
                "setup": setup,
                "entries": _card_entries(setup, groups),
                "general_entries": _general_entries(groups) if scenario.generals is None else {},
                "option_entries": _option_entries(groups),
                "scenario": describe_scenario(scenario, language),
                "kings_champion": kings_champion,
            }
        )
    return found
