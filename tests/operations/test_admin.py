"""The staff admin: games (read only), content players entered, accounts and their groups.

Personas: *sam* is staff with view rights (and may delete content entries), *root* is a
superuser, *eve* has an account but is not staff.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.test import Client

from deck_tracker.awards.models import Player, PlayerGroup
from deck_tracker.models import ContentOverlay, Game
from tests.conftest import Table

pytestmark = pytest.mark.django_db

VIEWED = ["game", "gameevent", "seat", "contentoverlay", "playergroup", "player", "user", "group"]


@pytest.fixture(autouse=True)
def _static_from_finders(settings):
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    }


@pytest.fixture
def sam() -> Client:
    staff = Group.objects.create(name="Staff")
    staff.permissions.set(
        Permission.objects.filter(codename__in=[f"view_{name}" for name in VIEWED])
        | Permission.objects.filter(codename="delete_contentoverlay")
    )
    user = User.objects.create_user("sam", password="x", is_staff=True)
    user.groups.add(staff)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def root() -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", password="x"))
    return client


def game_url(table: Table, page: str = "change") -> str:
    return f"/admin/deck_tracker/game/{table.game_id}/{page}/"


def test_staff_list_games_and_see_seats_version_and_events(table: Table, sam: Client):
    table.act(table.host, "draw", {"deck": "test", "count": 3})
    listed = sam.get("/admin/deck_tracker/game/")
    assert listed.status_code == 200
    assert table.join_code in listed.content.decode()
    page = sam.get(game_url(table)).content.decode()
    assert "Ada" in page and "Bea" in page  # the seats
    game = Game.objects.get(pk=table.game_id)
    assert f"{game.last_seq} events" in page
    events = sam.get(f"/admin/deck_tracker/gameevent/?game__id__exact={table.game_id}")
    assert events.status_code == 200
    assert "joined the table" in events.content.decode()


def test_the_admin_shows_no_seed_and_no_hidden_card(table: Table, root: Client):
    table.act(table.host, "draw", {"deck": "test", "count": 3})  # to a hand: no public pile
    game = Game.objects.get(pk=table.game_id)
    page = root.get(game_url(table)).content.decode()
    assert "draw_size" in page  # the state is shown, as the table sees it
    assert game.seed not in page
    assert re.findall(r"&quot;c\d\d&quot;", page) == []  # no card of the pile or the hand


def test_games_and_events_are_read_only_even_for_a_superuser(table: Table, root: Client):
    game = Game.objects.get(pk=table.game_id)
    assert root.get("/admin/deck_tracker/game/add/").status_code == 403
    assert root.get(game_url(table, "delete")).status_code == 403
    posted = root.post(game_url(table), {"join_code": "HACKED00", "version": 99})
    assert posted.status_code == 403
    after = Game.objects.get(pk=table.game_id)
    assert (after.join_code, after.version) == (game.join_code, game.version)
    event = game.events.first()
    assert root.get(f"/admin/deck_tracker/gameevent/{event.pk}/delete/").status_code == 403


def test_staff_see_content_entries_and_may_delete_one(sam: Client):
    overlay = ContentOverlay.objects.create(
        pack_id="dotr-companions", data={"fields": {"Sir Lancelot": {"cost": 3}}}, version=2
    )
    assert "dotr-companions" in sam.get("/admin/deck_tracker/contentoverlay/").content.decode()
    page = sam.get(f"/admin/deck_tracker/contentoverlay/{overlay.pk}/change/").content.decode()
    assert "Sir Lancelot" in page
    deleted = sam.post(f"/admin/deck_tracker/contentoverlay/{overlay.pk}/delete/", {"post": "yes"})
    assert deleted.status_code == 302
    assert not ContentOverlay.objects.filter(pk=overlay.pk).exists()


def test_staff_see_accounts_and_their_groups(sam: Client):
    alice = User.objects.create_user("alice", password="x")
    group = PlayerGroup.objects.create(owner=alice, name="Tuesday table")
    Player.objects.create(group=group, name="Ada", account=alice)
    assert "alice" in sam.get("/admin/auth/user/").content.decode()
    assert "Tuesday table" in sam.get("/admin/awards/playergroup/").content.decode()
    page = sam.get(f"/admin/awards/playergroup/{group.pk}/change/").content.decode()
    assert "Ada" in page


def test_an_account_that_is_not_staff_is_sent_to_sign_in(table: Table):
    eve = Client()
    eve.force_login(User.objects.create_user("eve", password="x"))
    assert eve.get("/admin/deck_tracker/game/").status_code == 302


def test_only_staff_change_the_shipped_values_and_the_admin_checks_them_like_the_pack(
    root: Client, sam: Client
):
    add = "/admin/deck_tracker/contentoverlay/add/"
    assert sam.get(add).status_code == 403  # seeing is not changing
    life = "generals/brimstone/life"

    def values(value: int) -> str:
        return json.dumps({"values": {life: value}})

    refused = root.post(add, {"pack_id": "dotr-dragon", "data": values(0)})
    assert refused.status_code == 200  # the form again, with the problem
    assert f"values.{life}" in refused.content.decode()
    assert not ContentOverlay.objects.exists()
    saved = root.post(add, {"pack_id": "dotr-dragon", "data": values(7)})
    assert saved.status_code == 302
    overlay = ContentOverlay.objects.get(pack_id="dotr-dragon")
    assert (overlay.version, overlay.data["values"]) == (1, {life: 7})
    pack = Client().get("/api/v1/content/dotr-dragon/").json()
    assert next(g for g in pack["generals"] if g["id"] == "brimstone")["life"] == 7
    eve = Client()
    eve.force_login(User.objects.create_user("eve", password="x"))
    assert eve.get(add).status_code == 302  # to the admin's sign-in
