"""The base content pack and its loader/validator (plain pytest, no Django)."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deck_tracker.engine.content import (
    COLOURS,
    DEFAULT_PACKS_DIR,
    ContentError,
    Pack,
    default_packs,
    load_pack,
    load_packs,
)
from deck_tracker.engine.slugs import SLUG_PATTERN, slugify

BASE_DIR = DEFAULT_PACKS_DIR / "dotr-base"
GENERALS = ("gorgutt", "balazarg", "varkolak", "sapphire")


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(BASE_DIR)


# --------------------------------------------------------------------------------------------
# slugify
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Heaven's Glade", "heavens-glade"),
        ("Monarch City", "monarch-city"),
        ("Dragon\u2019s Teeth Range", "dragons-teeth-range"),
        ("Mc'Corn Highlands", "mccorn-highlands"),
        ("  Café  Élan -- Noël ", "cafe-elan-noel"),
        ("Scout the General (Balazarg)", "scout-the-general-balazarg"),
        ("Sea Bird Port", "sea-bird-port"),
    ],
)
def test_slugify(name: str, slug: str) -> None:
    assert slugify(name) == slug


@given(st.text())
def test_slugify_output_is_a_slug_and_stable(text: str) -> None:
    slug = slugify(text)
    assert slug == "" or SLUG_PATTERN.fullmatch(slug)
    assert slugify(slug) == slug


# --------------------------------------------------------------------------------------------
# The base pack
# --------------------------------------------------------------------------------------------


def test_base_pack_loads_and_is_the_default(pack: Pack) -> None:
    assert pack.id == "dotr-base"
    assert pack.game_system == "dotr"
    assert pack.expansion == "base"
    assert {"J", "JM", "MB", "UBG"} <= set(pack.sources)
    assert pack.notes
    packs = default_packs()
    assert "dotr-base" in packs
    assert default_packs() is packs  # cached
    assert packs["dotr-base"].locations == pack.locations


def test_spaces(pack: Pack) -> None:
    locs = pack.locations.values()
    assert len(pack.locations) == 45
    colours = Counter(loc.colour for loc in locs if loc.kind == "location")
    assert colours == {"green": 11, "black": 10, "red": 10, "blue": 10}
    assert Counter(loc.kind for loc in locs) == {"location": 41, "city": 1, "inn": 3}
    city = pack.locations["monarch-city"]
    assert city.kind == "city" and city.colour is None
    assert {loc.id for loc in locs if loc.kind == "inn"} == {
        "chimera-inn",
        "eagle-nest-inn",
        "gryphon-inn",
    }
    assert all(loc.colour is None for loc in locs if loc.kind == "inn")
    assert [loc.id for loc in locs if loc.starting_gate] == ["dancing-stone"]
    for loc in locs:
        assert loc.id == slugify(loc.name)
        assert loc.provenance and loc.confidence in ("high", "medium", "low")


def test_roads_and_adjacency(pack: Pack) -> None:
    assert len(pack.roads) == 77
    assert Counter(r.status for r in pack.roads) == {"consensus": 73, "likely": 1, "disputed": 3}
    assert len({r.ends() for r in pack.roads}) == 77

    for include in (False, True):
        adj = pack.adjacency(include_disputed=include)
        assert set(adj) == set(pack.locations)
        for loc, neighbours in adj.items():
            assert list(neighbours) == sorted(set(neighbours))
            assert loc not in neighbours
            for other in neighbours:
                assert loc in adj[other], (loc, other)
        assert all(adj.values()), "every space has a road"

    default = pack.adjacency()
    full = pack.adjacency(include_disputed=True)
    assert sum(map(len, default.values())) == 2 * 74
    assert sum(map(len, full.values())) == 2 * 77
    for a, b in [
        ("orc-valley", "whispering-woods"),
        ("crystal-hills", "withered-hills"),
        ("eagle-peak-pass", "withered-hills"),
    ]:
        assert b not in default[a] and a not in default[b]
        assert b in full[a] and a in full[b]
    assert "brookdale-village" in default["blood-flats"]  # "likely" roads always count
    assert default["chimera-inn"] == ("withered-hills",)


def test_generals(pack: Pack) -> None:
    assert set(pack.generals) == set(GENERALS)
    expected = {
        "gorgutt": ("green", 6, 3, "thorny-woods", 2),
        "balazarg": ("red", 6, 4, "scorpion-canyon", 1),
        "varkolak": ("black", 5, 4, "dark-woods", None),
        "sapphire": ("blue", 4, 5, "blizzard-mountains", None),
    }
    for gen_id, (colour, life, to_hit, start, wound) in expected.items():
        gen = pack.generals[gen_id]
        assert (gen.colour, gen.life, gen.to_hit, gen.start) == (colour, life, to_hit, start)
        assert gen.major_wound_at_or_below == wound
        assert gen.starting_minions == 3
        assert gen.path[0] == start and len(gen.path) == 5


@pytest.mark.parametrize("gen_id", GENERALS)
def test_general_paths_follow_roads_to_monarch_city(pack: Pack, gen_id: str) -> None:
    adj = pack.adjacency()  # without disputed roads
    path = pack.generals[gen_id].path
    assert path[-1] == "monarch-city"
    unconnected = [(a, b) for a, b in pairwise(path) if b not in adj[a]]
    assert unconnected == [], f"{gen_id}: path steps without a road: {unconnected}"


def test_minion_types(pack: Pack) -> None:
    got = {m.id: (m.colour, m.to_hit) for m in pack.minion_types.values()}
    assert got == {
        "orc": ("green", 3),
        "undead": ("black", 4),
        "demon": ("red", 4),
        "dragonkin": ("blue", 5),
    }
    for m in pack.minion_types.values():
        assert m.general is not None and pack.generals[m.general].colour == m.colour
        assert pack.generals[m.general].to_hit == m.to_hit
    assert pack.minion_types["demon"].taints_at == 3


def test_heroes(pack: Pack) -> None:
    assert set(pack.heroes) == {
        "cleric", "dwarf", "eagle-rider", "paladin", "ranger", "rogue", "sorceress", "wizard",
    }  # fmt: skip
    assert sum(h.life for h in pack.heroes.values()) == 42
    assert all(len(h.abilities) == 3 for h in pack.heroes.values())


def test_darkness_spreads_deck(pack: Pack) -> None:
    deck = pack.decks["darkness_spreads"]
    assert deck.auto_reshuffle is True
    assert len(deck.cards) == 56
    assert Counter(c.kind for c in deck.cards) == {
        "standard": 46,
        "orc_patrols": 4,
        "orc_war_party": 2,
        "all_is_quiet": 3,
        "monarch_city": 1,
    }
    per_general = Counter(c.data["general"] for c in deck.cards if c.data["general"])
    assert per_general == {g: 13 for g in GENERALS}
    for card in deck.cards:
        assert card.id.startswith("ds-")
        gen = card.data["general"]
        if gen is None:
            assert card.data["general_to"] is None
            continue
        target = card.data["general_to"]
        assert target == "next" or target in pack.generals[gen].path[1:]
        for placement in card.data["placements"]:
            assert pack.locations[placement["location"]].colour == placement["colour"]
    assert pack.card("darkness_spreads", "ds-monarch-city").kind == "monarch_city"
    for i in (1, 2, 3, 4):
        assert pack.card("darkness_spreads", f"ds-orc-patrols-{i}").kind == "orc_patrols"
    for i in (1, 2, 3):
        assert pack.card("darkness_spreads", f"ds-all-is-quiet-{i}").kind == "all_is_quiet"
    assert pack.card("darkness_spreads", "ds-orc-war-party-1").kind == "orc_war_party"
    # 46 standard cards x 2 placements, 30 minions' worth of setup needs plenty of cards
    assert sum(len(c.data["placements"]) for c in deck.cards) == 92


def test_hero_deck(pack: Pack) -> None:
    deck = pack.decks["hero"]
    assert deck.auto_reshuffle is True
    assert len(deck.cards) == 96
    kinds = Counter(c.kind for c in deck.cards)
    assert kinds == {"location": 80, "special": 16}
    per_location = Counter(c.data["location"] for c in deck.cards if c.kind == "location")
    coloured = {loc.id for loc in pack.locations.values() if loc.kind == "location"}
    assert set(per_location) == coloured - {"mountains-of-mist"}
    assert set(per_location.values()) == {2}
    for card in deck.cards:
        if card.kind == "location":
            assert re.fullmatch(r"hero-[a-z0-9-]+-[12]", card.id)
            assert card.data["colour"] == pack.locations[card.data["location"]].colour
            assert card.data["travel"] in ("horse", "eagle", "magic_gate")
        else:
            assert card.id.startswith("special-")
            assert card.data["summary"] and card.data["dice"] >= 1
    mermaid = [
        c for c in deck.cards if c.kind == "location" and c.data["location"] == "mermaid-harbor"
    ]
    assert all(c.confidence == "low" and c.note for c in mermaid)
    assert pack.card("hero", "hero-angel-tear-falls-1").data["location"] == "angel-tear-falls"
    assert any("96" in note for note in pack.notes)


def test_quest_deck(pack: Pack) -> None:
    deck = pack.decks["quest"]
    assert len(deck.cards) == 24
    assert all(c.kind == "quest" and c.id.startswith("quest-") for c in deck.cards)
    for card in deck.cards:
        assert card.data["test"] and card.data["reward"]
        loc = card.data["location"]
        assert loc is None or loc in pack.locations
    assert pack.card("quest", "quest-amulet-of-the-gods").data["location"] == "dark-woods"
    rumors = pack.card("quest", "quest-rumors").data
    assert set(rumors["locations"]) == {"chimera-inn", "eagle-nest-inn", "gryphon-inn"}


def test_card_ids_unique_across_decks_and_items_documented(pack: Pack) -> None:
    ids = [c.id for deck in pack.decks.values() for c in deck.cards]
    assert len(ids) == len(set(ids)) == 56 + 96 + 24
    for deck in pack.decks.values():
        for card in deck.cards:
            assert SLUG_PATTERN.fullmatch(card.id)
            assert card.provenance and set(card.provenance) <= set(pack.sources)
            assert card.confidence in ("high", "medium", "low")


@pytest.mark.parametrize(
    ("spelling", "loc_id"),
    [
        ("mccorm-highlands", "mccorm-highlands"),
        ("McCorm Highlands", "mccorm-highlands"),
        ("McCorn Highlands", "mccorm-highlands"),
        ("mccorn highlands", "mccorm-highlands"),
        ("Seagull Lagoon", "seagull-lagoon"),
        ("Seagaul Lagoon", "seagull-lagoon"),
        ("Seabird Port", "seabird-port"),
        ("Sea Bird Port", "seabird-port"),
        ("SEA BIRD PORT", "seabird-port"),
        ("Heaven's Glade", "heavens-glade"),
        ("Heavens Glade", "heavens-glade"),
        ("Dancing Stones", "dancing-stone"),
        ("Father Oak Woods", "father-oak-forest"),
        ("monarch city", "monarch-city"),
    ],
)
def test_resolve_location(pack: Pack, spelling: str, loc_id: str) -> None:
    assert pack.resolve_location(spelling) == loc_id


def test_unknown_lookups_raise_content_error(pack: Pack) -> None:
    with pytest.raises(ContentError, match="Nowhere"):
        pack.resolve_location("Nowhere")
    with pytest.raises(KeyError):
        pack.resolve_location("Nowhere")
    with pytest.raises(ContentError, match="ds-nope"):
        pack.card("darkness_spreads", "ds-nope")
    with pytest.raises(ContentError, match="no_such_deck"):
        pack.card("no_such_deck", "x")


def test_pack_is_read_only(pack: Pack) -> None:
    with pytest.raises(TypeError):
        pack.locations["x"] = pack.locations["monarch-city"]  # type: ignore[index]
    card = pack.card("darkness_spreads", "ds-monarch-city")
    with pytest.raises(TypeError):
        card.data["general"] = "gorgutt"  # type: ignore[index]


# --------------------------------------------------------------------------------------------
# Validation on broken copies
# --------------------------------------------------------------------------------------------


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "dotr-base"
    shutil.copytree(BASE_DIR, target)
    return target


def _edit(directory: Path, rel: str, change: Callable[[Any], None]) -> None:
    path = directory / rel
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")


def _item(items: list[dict[str, Any]], item_id: str) -> dict[str, Any]:
    return next(i for i in items if i.get("id") == item_id)


def _expect(directory: Path, *parts: str) -> str:
    with pytest.raises(ContentError) as info:
        load_pack(directory)
    message = str(info.value)
    for part in parts:
        assert part in message, message
    return message


def test_copy_loads(copy: Path) -> None:
    assert len(load_pack(copy).locations) == 45


def test_unknown_location_in_general_path(copy: Path) -> None:
    _edit(
        copy, "generals.json", lambda d: _item(d["items"], "gorgutt")["path"].insert(2, "nowhere")
    )
    message = _expect(copy)
    assert message == (
        "dotr-base/generals.json: item 'gorgutt': field 'path': unknown location 'nowhere'"
    )


def test_duplicate_card_id_across_decks(copy: Path) -> None:
    def dup(doc: Any) -> None:
        doc["cards"][0]["id"] = "hero-angel-tear-falls-1"

    _edit(copy, "decks/quest.json", dup)
    _expect(
        copy,
        "dotr-base/decks/quest.json",
        "item 'hero-angel-tear-falls-1'",
        "field 'id'",
        "duplicate",
    )


def test_duplicate_card_id_within_deck(copy: Path) -> None:
    def dup(doc: Any) -> None:
        doc["cards"][1]["id"] = doc["cards"][0]["id"]

    _edit(copy, "decks/darkness_spreads.json", dup)
    _expect(copy, "dotr-base/decks/darkness_spreads.json", "field 'id'", "duplicate")


def test_bad_json_names_the_file(copy: Path) -> None:
    path = copy / "roads.json"
    path.write_text(path.read_text(encoding="utf-8").rstrip().rstrip("}") + ",", encoding="utf-8")
    _expect(copy, "dotr-base/roads.json", "invalid JSON", "line")


def test_wrong_location_colour(copy: Path) -> None:
    _edit(copy, "locations.json", lambda d: _item(d["items"], "fire-river").update(colour="purple"))
    _expect(copy, "dotr-base/locations.json", "item 'fire-river'", "field 'colour'", "purple")


def test_wrong_placement_colour(copy: Path) -> None:
    def paint(doc: Any) -> None:
        card = next(c for c in doc["cards"] if c["kind"] == "standard")
        card["data"]["placements"][0]["colour"] = "yellow"

    _edit(copy, "decks/darkness_spreads.json", paint)
    _expect(
        copy, "dotr-base/decks/darkness_spreads.json", "field 'data.placements[0].colour'", "yellow"
    )


def test_wrong_general_colour(copy: Path) -> None:
    _edit(copy, "generals.json", lambda d: _item(d["items"], "sapphire").update(colour="Blue"))
    _expect(copy, "dotr-base/generals.json", "item 'sapphire'", "field 'colour'")


@pytest.mark.parametrize(
    ("rel", "item_id", "change", "fld"),
    [
        ("locations.json", "wolf-pass", {"treasure_chest": "yes"}, "treasure_chest"),
        ("locations.json", "wolf-pass", {"confidence": "certain"}, "confidence"),
        ("locations.json", "wolf-pass", {"provenance": ["XYZ"]}, "provenance"),
        ("locations.json", "wolf-pass", {"aliases": ["Monarch City"]}, "aliases"),
        ("locations.json", "wolf-pass", {"kind": "castle"}, "kind"),
        ("generals.json", "varkolak", {"start": "atlantis"}, "start"),
        ("generals.json", "varkolak", {"life": "five"}, "life"),
        ("generals.json", "varkolak", {"id": "Varkolak"}, "id"),
        ("minions.json", "orc", {"general": "grimgor"}, "general"),
        ("heroes.json", "wizard", {"life": 0}, "life"),
    ],
)
def test_field_errors_name_file_item_and_field(
    copy: Path, rel: str, item_id: str, change: dict[str, Any], fld: str
) -> None:
    _edit(copy, rel, lambda d: _item(d["items"], item_id).update(change))
    item = change.get("id", item_id)
    _expect(copy, f"dotr-base/{rel}", f"item '{item}'", f"field '{fld}'")


def test_missing_field(copy: Path) -> None:
    _edit(copy, "heroes.json", lambda d: _item(d["items"], "rogue").pop("abilities"))
    _expect(copy, "dotr-base/heroes.json", "item 'rogue'", "field 'abilities'", "missing")


def test_road_to_unknown_location(copy: Path) -> None:
    _edit(copy, "roads.json", lambda d: d["items"][0].update(b="atlantis"))
    _expect(copy, "dotr-base/roads.json", "field 'b'", "unknown location 'atlantis'")


def test_card_location_reference(copy: Path) -> None:
    def move(doc: Any) -> None:
        _item(doc["cards"], "hero-wolf-pass-1")["data"]["location"] = "atlantis"

    _edit(copy, "decks/hero.json", move)
    _expect(
        copy,
        "dotr-base/decks/hero.json",
        "item 'hero-wolf-pass-1'",
        "field 'data.location'",
        "atlantis",
    )


def test_general_destination_must_be_on_path(copy: Path) -> None:
    def stray(doc: Any) -> None:
        card = next(
            c
            for c in doc["cards"]
            if c["data"]["general"] == "gorgutt" and c["data"]["general_to"] != "next"
        )
        card["data"]["general_to"] = "fire-river"

    _edit(copy, "decks/darkness_spreads.json", stray)
    _expect(
        copy, "dotr-base/decks/darkness_spreads.json", "field 'data.general_to'", "not on the path"
    )


def test_missing_file(copy: Path) -> None:
    (copy / "minions.json").unlink()
    _expect(copy, "dotr-base/minions.json", "missing")


def test_load_packs(tmp_path: Path, copy: Path) -> None:
    packs = load_packs(tmp_path)
    assert list(packs) == ["dotr-base"]
    assert set(packs["dotr-base"].generals) == set(GENERALS)
    assert all(c in COLOURS for c in (g.colour for g in packs["dotr-base"].generals.values()))
