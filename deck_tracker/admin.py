"""Staff pages for games (read only), the shipped content values and the tables' entries.

A game is changed only by its table's commands, so the admin shows games, seats and events and
changes none of them. It never shows what the table may not know: not the seed, not the order of
a draw pile (the game is shown as a seat-less view of its state), not an event's hidden part.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from deck_tracker.content.selectors import overlay_error_fields

from .engine import view
from .engine.content import ContentError, apply_overlay, default_packs
from .models import ContentEntry, ContentOverlay, Game, GameEvent, Seat


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
        shown = json.dumps(view(game.state, None), indent=2, sort_keys=True)
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


class ContentOverlayForm(forms.ModelForm):  # type: ignore[type-arg]
    """The shipped values of a pack, checked by the pack's own loader before they are saved."""

    class Meta:
        model = ContentOverlay
        fields = ["pack_id", "data"]
        help_texts = {
            "data": '{"values": {field id: value}, "cards": {deck: [card]}}: the pack\'s '
            "fillable fields and the cards of its open decks, for every table of this server.",
        }

    def clean_pack_id(self) -> str:
        pack_id = str(self.cleaned_data["pack_id"])
        pack = default_packs().get(pack_id)
        if pack is None:
            raise forms.ValidationError(f"No content pack {pack_id!r}.")
        if not pack.fillables and not pack.open_decks:
            raise forms.ValidationError(f"The pack {pack_id!r} has nothing to fill.")
        return pack_id

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        pack = default_packs().get(cleaned.get("pack_id") or "")
        data = cleaned.get("data")
        if pack is None or data is None:
            return cleaned
        try:
            apply_overlay(pack, data)
        except ContentError as error:
            where = ", ".join(overlay_error_fields(pack, data, error))
            raise forms.ValidationError({"data": f"{where}: {error}"}) from None
        values = {k: v for k, v in (data.get("values") or {}).items() if v is not None}
        cards = {deck: list(c) for deck, c in (data.get("cards") or {}).items() if c}
        cleaned["data"] = {"pack": pack.id, "values": values, "cards": cards}
        return cleaned


@admin.register(ContentOverlay)
class ContentOverlayAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The shipped values of a pack for every table: staff only, checked like the pack. Games
    already set up keep their copy; a table's own entries are its group's or game's."""

    form = ContentOverlayForm
    list_display = ["pack_id", "version", "updated_at"]
    search_fields = ["pack_id"]
    readonly_fields = ("version", "updated_at", "entries")

    @admin.display(description="entries")
    def entries(self, overlay: ContentOverlay) -> str:
        return format_html("<pre>{}</pre>", json.dumps(overlay.data, indent=2, sort_keys=True))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # A pack's row stays that pack's: its id is fixed once saved.
        return (*self.readonly_fields, "pack_id") if obj is not None else self.readonly_fields

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        obj.version = (obj.version or 0) + 1
        super().save_model(request, obj, form, change)


@admin.register(ContentEntry)
class ContentEntryAdmin(ReadOnlyAdmin):
    """What tables entered, by owner (a group or an anonymous game): read only; the table
    corrects its own entries from its phone."""

    list_display = ["pack_id", "path", "group", "game", "version", "updated_at"]
    list_filter = ["pack_id", "kind"]
    search_fields = ["pack_id", "key", "group__name"]
    fields = readonly_fields = (
        "group",
        "game",
        "pack_id",
        "kind",
        "deck",
        "key",
        "value",
        "version",
        "created_at",
        "updated_at",
    )

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return True  # a bad entry may be removed; games already set up keep their copy
