"""Content packs and what players entered.

* ``/content/<pack>/``: the pack with the shipped values merged (what every new game starts from);
  ``/content/<pack>/overlay/``: those shipped values, read-only (staff change them in the admin).
* ``/games/<id>/content/...``: what this table entered (its group's entries when the game is a
  group's, else the game's own), for a seat of that game only: the "Cards we know" list, one
  entry's correction (versioned), export as one file, import of a friend's file.
* ``/groups/<id>/content/...``: the same list, export and import for a group's account holders.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker.awards import selectors as award_selectors
from deck_tracker.awards import services as award_services
from deck_tracker.awards.api.views import AccountView
from deck_tracker.content import selectors as content_selectors
from deck_tracker.content import services as content_services
from deck_tracker.engine import catalogue, normalise_language
from deck_tracker.games import selectors as game_selectors
from deck_tracker.models import Game

from . import serializers as s
from .auth import IsSeatOfGame, seat_of
from .errors import error_body, request_language


class OverlayImportSerializer(serializers.Serializer[Any]):
    data = serializers.DictField(  # type: ignore[assignment]  # the body key; DRF pops it
        help_text="What players entered: `{values: {field id: value}, cards: {deck: [card]}}` "
        "(the `data` of an export)."
    )
    expected_version = serializers.IntegerField(
        min_value=0, help_text="The overlay version the client exported (0 when none yet)."
    )


class OverlayOutSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField(allow_null=True)
    data = serializers.DictField()  # type: ignore[assignment]


class ContentPackDetailView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 304: None, 404: s.ErrorOutSerializer},
        parameters=[
            OpenApiParameter(
                "view",
                OpenApiTypes.STR,
                enum=["full", "table", "texts"],
                description="`table`: only what the table screen reads first (names, places, "
                "what the Board reads of the cards: a card's `data.title`), without sources, "
                "notes, the forms to enter content or the printed texts; `texts`: those texts "
                "(a Quest's test and reward, an event's text, a hero's abilities) and the rest "
                "of each card's data, by card and by hero id.",
            ),
            OpenApiParameter(
                "If-None-Match",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="The ETag of the copy the client holds: 304 when it is current.",
            ),
        ],
    )
    def get(self, request: Request, pack_id: str) -> Response:
        """A pack's items with the shipped values merged, and the fields players may fill.

        Answers carry an ETag; a client sending it back in ``If-None-Match`` gets 304 while
        the pack is unchanged."""
        view = request.query_params.get("view")
        if view == "table":
            pack = content_selectors.content_pack_for_table(pack_id=pack_id)
            if pack is not None:
                pack = _names_in(pack, normalise_language(request_language()))
        elif view == "texts":
            pack = content_selectors.content_pack_texts(pack_id=pack_id)
        else:
            pack = content_selectors.content_pack_detail(pack_id=pack_id)
            if pack is not None:
                pack = _names_in(pack, normalise_language(request_language()))
        if pack is None:
            raise NotFound(_("No content pack {pack}.").format(pack=repr(pack_id)))
        body = json.dumps(pack, sort_keys=True, separators=(",", ":")).encode()
        etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
        wanted = [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]
        if etag in wanted or f"W/{etag}" in wanted:
            response = Response(status=304)
        else:
            response = Response(pack)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        return response


# The items of a pack the table shows by name, and the key of each name in the catalogues.
NAMED = {"locations": "location", "generals": "general", "heroes": "hero"}


def _names_in(pack: dict[str, Any], language: str) -> dict[str, Any]:
    """The pack with its places, Generals, heroes and decks named in ``language`` (the map,
    the turn line and the setup read them there); English, or a name no catalogue has: as
    printed."""
    if language == "en":
        return pack
    names = catalogue(language)["names"]
    out = dict(pack)
    for key, kind in NAMED.items():
        if isinstance(pack.get(key), list):
            out[key] = [
                {**item, "name": names[f"{kind}:{item['id']}"]}
                if isinstance(item, dict) and isinstance(names.get(f"{kind}:{item.get('id')}"), str)
                else item
                for item in pack[key]
            ]
    if isinstance(names.get(f"pack:{pack.get('id')}"), str):
        out["name"] = names[f"pack:{pack['id']}"]
    if isinstance(pack.get("decks"), dict):
        out["decks"] = {
            deck: _deck_in(spec, names.get(f"deck:{deck}"), names)
            for deck, spec in pack["decks"].items()
        }
    return out


def _deck_in(spec: Any, name: Any, names: dict[str, Any]) -> Any:
    """A deck named in the reader's language, each card by its ``card:`` name (a Hero Card,
    a Quest, an Event, a Relic); a card the catalogue does not name keeps its name as printed
    (a Companion's, or one the table entered)."""
    if not isinstance(spec, dict):
        return spec
    out = {**spec, "name": name} if isinstance(name, str) else dict(spec)
    if isinstance(spec.get("cards"), list):
        out["cards"] = [
            {**card, "name": names[f"card:{card.get('id')}"]}
            if isinstance(card, dict) and isinstance(names.get(f"card:{card.get('id')}"), str)
            else card
            for card in spec["cards"]
        ]
    return out


class ContentOverlayView(APIView):
    @extend_schema(responses={200: OverlayOutSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, pack_id: str) -> Response:
        """The pack's shipped values (the same for every table; staff edit them in the admin)."""
        exported = content_selectors.content_overlay_export(pack_id=pack_id)
        if exported is None:
            raise NotFound(_("No content pack {pack}.").format(pack=repr(pack_id)))
        return Response(exported)

    @extend_schema(
        request=OverlayImportSerializer,
        responses={403: s.ErrorOutSerializer, 404: s.ErrorOutSerializer},
    )
    def put(self, request: Request, pack_id: str) -> Response:
        """Refused: the shipped values change for every table, so only staff change them, in
        the Django admin. A table's own entries: ``PUT /api/v1/games/{id}/content/entries/``."""
        if content_selectors.content_pack(pack_id) is None:
            raise NotFound(_("No content pack {pack}.").format(pack=repr(pack_id)))
        raise ShippedContent()


class NotARecorder(PermissionDenied):
    default_code = "not_a_recorder"
    default_detail = gettext_lazy(
        "Only the group's owner, or a member the owner lets record games, changes the group's "
        "cards: your table still knows what it reads, in this game."
    )


def _owner_for_writes(request: Request, game: Game) -> content_selectors.Owner:
    owner = content_selectors.owner_for_writes(game, seat_of(request))
    if owner is None:
        raise NotARecorder()
    return owner


class ShippedContent(PermissionDenied):
    default_code = "shipped_content"
    default_detail = gettext_lazy(
        "The shipped packs are the same for every table: staff change them in the admin. What "
        "your table enters is saved with your game (or your group) through "
        "/api/v1/games/<game id>/content/."
    )


# --------------------------------------------------------------------------------------------
# What a table entered (its group's or its game's)
# --------------------------------------------------------------------------------------------


class EntryOutSerializer(serializers.Serializer[Any]):
    path = serializers.CharField(help_text="`values.<field id>` or `cards.<deck>.<card id>`.")
    kind = serializers.ChoiceField(choices=["value", "card"])
    item = serializers.CharField(help_text="The card, General, tile... it is about (its name).")
    field = serializers.CharField(help_text="What of it, in words (`life`, `card`...).")
    value = serializers.JSONField()
    shown = serializers.CharField(help_text="The value in player words (names, yes/no).")
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField()
    schema = serializers.DictField(required=False, help_text="The value's JSON Schema.")
    deck = serializers.CharField(required=False)


class PackEntriesOutSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    name = serializers.CharField()
    entries = EntryOutSerializer(many=True)


class KnownOutSerializer(serializers.Serializer[Any]):
    owner = serializers.ChoiceField(
        choices=["group", "game"],
        help_text="`group`: the entries of the host's group, known to its next games; `game`: "
        "this game's own (an anonymous game).",
    )
    owner_name = serializers.CharField()
    packs = PackEntriesOutSerializer(many=True)


class EntryEditSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    path = serializers.CharField()
    value = serializers.JSONField(allow_null=True, help_text="The new value; null forgets it.")
    expected_version = serializers.IntegerField(
        min_value=0, help_text="The entry's version the client showed (0: not entered yet)."
    )


class EntriesFileSerializer(serializers.Serializer[Any]):
    format = serializers.CharField()
    format_version = serializers.IntegerField()
    owner = serializers.CharField()
    packs = serializers.DictField(
        help_text="`{pack id: {values: {field id: value}, cards: {deck: [card]}}}`"
    )


class EntriesImportSerializer(serializers.Serializer[Any]):
    file = serializers.JSONField(help_text="An exported file of entries.")
    take_theirs = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="`{pack id: [path]}`: conflicts where the file's value replaces yours; every "
        "other conflict is left as it is and reported.",
    )


class ImportReportSerializer(serializers.Serializer[Any]):
    added = serializers.ListField(child=serializers.DictField())
    replaced = serializers.ListField(child=serializers.DictField())
    unchanged = serializers.IntegerField()
    conflicts = serializers.ListField(
        child=serializers.DictField(),
        help_text="Entries you have with another value: `{pack, path, item, field, ours, "
        "theirs, version}`; left as they are.",
    )


def _game(request: Request) -> Game:
    return game_selectors.game_with_content_owner(seat=seat_of(request))


def _owner_name(game: Game) -> str:
    return game.content_group.name if game.content_group else f"Game {game.join_code}"


def _known(game: Game) -> dict[str, Any]:
    owner = content_selectors.owner_of(game)
    return {
        "owner": "group" if owner.group_id is not None else "game",
        "owner_name": _owner_name(game),
        "packs": content_selectors.known_entries(owner),
    }


class GameContentView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(responses={200: KnownOutSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, game_id: Any) -> Response:
        """What this table entered ("Cards we know"), by pack, in player words."""
        return Response(KnownOutSerializer(_known(_game(request))).data)


class GameContentEntryView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        request=EntryEditSerializer,
        responses={
            200: KnownOutSerializer,
            400: s.ErrorOutSerializer,
            403: s.ErrorOutSerializer,
            404: s.ErrorOutSerializer,
            409: s.ErrorOutSerializer,
        },
    )
    def put(self, request: Request, game_id: Any) -> Response:
        """Correct (or forget, with null) one entry; 409 with the current value when it
        changed since `expected_version`. A group's game: its owner's seat or a recording
        member's only (else 403)."""
        form = EntryEditSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        game = _game(request)
        owner = _owner_for_writes(request, game)
        try:
            content_services.correct_entry(
                owner=owner,
                pack_id=data["pack"],
                path=data["path"],
                value=data["value"],
                expected_version=data["expected_version"],
            )
        except content_services.UnknownPack:
            raise NotFound(_("No content pack {pack}.").format(pack=repr(data["pack"]))) from None
        except content_services.UnknownEntry:
            return Response(
                error_body(
                    "unknown_entry",
                    _("This pack asks for nothing at that place."),
                    {"path": [_("Not a fillable field nor a card of an open deck.")]},
                ),
                status=400,
            )
        except content_services.OverlayInvalid as invalid:
            return Response(error_body("invalid_overlay", invalid.detail, invalid.fields), 400)
        except content_services.StaleEntry as stale:
            return Response(
                error_body(
                    "stale_version",
                    _(
                        "Someone changed this entry since your screen was drawn; nothing was "
                        "changed. Here is its value now."
                    ),
                    current_value=stale.value,
                    current_version=stale.version,
                ),
                status=409,
            )
        return Response(KnownOutSerializer(_known(game)).data)


class GameContentExportView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(responses={200: EntriesFileSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, game_id: Any) -> Response:
        """Every entry of this table's group (or game) as one file to keep or share."""
        game = _game(request)
        exported = content_selectors.entries_export(
            content_selectors.owner_of(game), owner_name=_owner_name(game)
        )
        response = Response(exported)
        response["Content-Disposition"] = 'attachment; filename="cards-we-know.json"'
        return response


class GameContentImportView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        request=EntriesImportSerializer,
        responses={
            200: ImportReportSerializer,
            400: s.ErrorOutSerializer,
            403: s.ErrorOutSerializer,
            404: s.ErrorOutSerializer,
        },
    )
    def post(self, request: Request, game_id: Any) -> Response:
        """Add a shared file's entries; conflicts are reported, never silently overwritten.
        A group's game: its owner's seat or a recording member's only (else 403)."""
        return _import_entries(request, _owner_for_writes(request, _game(request)))


def _import_entries(request: Request, owner: content_selectors.Owner) -> Response:
    form = EntriesImportSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    try:
        report = content_services.import_entries(
            owner=owner,
            document=form.validated_data["file"],
            take_theirs=form.validated_data.get("take_theirs"),
        )
    except content_services.EntriesFileInvalid as invalid:
        return Response(
            error_body("invalid_entries_file", invalid.detail, invalid.fields), status=400
        )
    return Response(ImportReportSerializer(report.as_dict()).data)


# The same for a group's account holders, away from any table: its members see and export the
# entries; its owner and the members the owner lets record games import a file.


class GroupContentView(AccountView):
    @extend_schema(responses={200: KnownOutSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, group_id: int) -> Response:
        """The group's entries ("Cards we know"), by pack, in player words."""
        group = award_selectors.group_for(user=request.user, group_id=group_id)
        owner = content_selectors.Owner(group_id=group.pk)
        body = {
            "owner": "group",
            "owner_name": group.name,
            "packs": content_selectors.known_entries(owner),
        }
        return Response(KnownOutSerializer(body).data)


class GroupContentExportView(AccountView):
    @extend_schema(responses={200: EntriesFileSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, group_id: int) -> Response:
        """The group's entries as one file to keep or share."""
        group = award_selectors.group_for(user=request.user, group_id=group_id)
        exported = content_selectors.entries_export(
            content_selectors.Owner(group_id=group.pk), owner_name=group.name
        )
        response = Response(exported)
        response["Content-Disposition"] = 'attachment; filename="cards-we-know.json"'
        return response


class GroupContentImportView(AccountView):
    @extend_schema(
        request=EntriesImportSerializer,
        responses={
            200: ImportReportSerializer,
            400: s.ErrorOutSerializer,
            403: s.ErrorOutSerializer,
            404: s.ErrorOutSerializer,
        },
    )
    def post(self, request: Request, group_id: int) -> Response:
        """Add a friend's file to the group's entries (its owner, or a member who records)."""
        group = award_selectors.group_for(user=request.user, group_id=group_id)
        if not award_services.group_can_record(group=group, user=request.user):
            raise PermissionDenied(
                "Only the group's owner, or a member the owner lets record games, imports "
                "entries into the group."
            )
        return _import_entries(request, content_selectors.Owner(group_id=group.pk))
