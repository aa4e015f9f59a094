"""Content packs through the API and the validation command."""

from __future__ import annotations

import json
import shutil
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from deck_tracker.engine.content import DEFAULT_PACKS_DIR

pytestmark = pytest.mark.django_db


def test_the_content_list_names_the_base_pack(client):
    packs = client.get("/api/v1/content/").json()
    assert {"id": "dotr-base", "game_system": "dotr", "expansion": "base"}.items() <= {
        key: value for pack in packs if pack["id"] == "dotr-base" for key, value in pack.items()
    }.items()


def test_a_pack_lists_locations_with_neighbours_generals_and_decks(client):
    pack = client.get("/api/v1/content/dotr-base/").json()
    locations = {location["id"]: location for location in pack["locations"]}
    assert len(locations) == 45
    assert locations["heavens-glade"]["name"] == "Heaven's Glade"
    assert "monarch-city" in locations["father-oak-forest"]["neighbours"]
    assert {g["id"] for g in pack["generals"]} == {"gorgutt", "balazarg", "varkolak", "sapphire"}
    cards = pack["decks"]["darkness_spreads"]["cards"]
    assert len(cards) == 56
    assert {"id", "name", "kind", "data"} <= set(cards[0])
    assert len(pack["decks"]["hero"]["cards"]) == 96


def test_an_unknown_pack_is_404(client):
    response = client.get("/api/v1/content/no-such-pack/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_validate_content_passes_on_the_shipped_packs():
    out = StringIO()
    call_command("validate_content", stdout=out)
    assert "dotr-base 1.0.0: 45 locations, 77 roads" in out.getvalue()


def test_validate_content_names_the_file_item_and_field_of_a_mistake(tmp_path):
    pack_dir = tmp_path / "dotr-base"
    shutil.copytree(DEFAULT_PACKS_DIR / "dotr-base", pack_dir)
    generals_file = pack_dir / "generals.json"
    generals = json.loads(generals_file.read_text())
    generals["items"][0]["life"] = "six"
    generals_file.write_text(json.dumps(generals))
    with pytest.raises(CommandError) as failure:
        call_command("validate_content", path=tmp_path, stdout=StringIO())
    message = str(failure.value)
    assert "generals.json" in message and "gorgutt" in message and "life" in message


def test_validate_content_names_the_file_item_and_field_of_a_card_of_an_expansion(tmp_path):
    for pack in ("dotr-base", "dotr-dragon"):
        shutil.copytree(DEFAULT_PACKS_DIR / pack, tmp_path / pack)
    sterling_file = tmp_path / "dotr-dragon" / "decks" / "sterling.json"
    sterling = json.loads(sterling_file.read_text())
    sterling["cards"][0]["data"]["outcomes"].pop()
    sterling_file.write_text(json.dumps(sterling))
    with pytest.raises(CommandError) as failure:
        call_command("validate_content", path=tmp_path, stdout=StringIO())
    message = str(failure.value)
    assert message.startswith("dotr-dragon/decks/sterling.json: item 'sterling-encounter-printed'")
    assert "field 'data.outcomes'" in message
