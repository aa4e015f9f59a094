"""Staff pages for games (read only) and the content players entered.

A game is changed only by its table's commands, so the admin shows games, seats and events and
changes none of them. It never shows what the table may not know: not the seed, not the order of
a draw pile (the game is shown as a seat-less view of its state), not an event's hidden part.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from .engine import view_state
from .models import ContentOverlay, Game, GameEvent, Seat


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    fields = readonly_fields = ("number", "name", "hero", "is_host", "created_at")
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["join_code", "system", "version", "last_seq", "result", "updated_at"]
    search_fields = ["join_code", "id"]
    date_hierarchy = "created_at"
    fields = readonly_fields = (
        "id",
        "join_code",
        "version",
        "last_seq",
        "created_at",
        "updated_at",
        "events_link",
        "public_state",
    )
    inlines = [SeatInline]

    @admin.display(description="system")
    def system(self, game: Game) -> str:
        return str(game.state.get("system", ""))

    @admin.display(description="result")
    def result(self, game: Game) -> str:
        outcome = game.state.get("outcome") or {}
        return str(outcome.get("result", "")) + (" (closed)" if game.state.get("closed") else "")

    @admin.display(description="events")
    def events_link(self, game: Game) -> str:
        url = reverse("admin:deck_tracker_gameevent_changelist") + f"?game__id__exact={game.pk}"
        return format_html('<a href="{}">{} events</a>', url, game.last_seq)

    @admin.display(description="state (as the table sees it, without any hand)")
    def public_state(self, game: Game) -> str:
        shown = json.dumps(view_state(game.state, None), indent=2, sort_keys=True)
        return format_html("<pre>{}</pre>", shown)


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyAdmin):
    list_display = ["seq", "game", "type", "actor", "summary", "at"]
    list_filter = ["type"]
    search_fields = ["game__join_code", "type", "summary"]
    list_select_related = ["game"]
    fields = readonly_fields = (
        "game",
        "seq",
        "version",
        "type",
        "actor",
        "at",
        "summary",
        "steps",
        "data",
    )
    ordering = ["game", "seq"]


@admin.register(ContentOverlay)
class ContentOverlayAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """What players entered for a pack: staff read it and may delete a bad one (games already
    set up keep their copy); entries are changed through the pack's overlay API, which checks
    them."""

    list_display = ["pack_id", "version", "updated_at"]
    search_fields = ["pack_id"]
    fields = readonly_fields = ("pack_id", "version", "updated_at", "entries")

    @admin.display(description="entries")
    def entries(self, overlay: ContentOverlay) -> str:
        return format_html("<pre>{}</pre>", json.dumps(overlay.data, indent=2, sort_keys=True))

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
