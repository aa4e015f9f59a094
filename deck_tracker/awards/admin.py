"""Staff pages for the award tracker: accounts' groups, their players, finished games, awards.

Accounts themselves are Django's users (``django.contrib.auth``'s admin). Statistics are
recomputed by a task and tokens are hashes: both are shown, never edited.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from .api.throttles import sign_in_wait
from .models import (
    AccountToken,
    GameRecord,
    GameRecordHero,
    Player,
    PlayerGroup,
    PlayerStats,
    RewardAward,
)


class PlayerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Player
    fields = ["name", "account", "created_at"]
    readonly_fields = ["created_at"]
    extra = 0


@admin.register(PlayerGroup)
class PlayerGroupAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "owner", "reward_carry_over", "created_at"]
    search_fields = ["name", "owner__username"]
    filter_horizontal = ["members"]
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "group", "account", "created_at"]
    search_fields = ["name", "group__name", "account__username"]
    list_select_related = ["group", "account"]


class GameRecordHeroInline(admin.TabularInline):  # type: ignore[type-arg]
    model = GameRecordHero
    extra = 0


class RewardAwardInline(admin.TabularInline):  # type: ignore[type-arg]
    model = RewardAward
    extra = 0


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["played_on", "group", "result", "scenario", "game"]
    list_filter = ["result"]
    search_fields = ["group__name", "scenario"]
    raw_id_fields = ["game"]
    inlines = [GameRecordHeroInline, RewardAwardInline]


class ShownOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PlayerStats)
class PlayerStatsAdmin(ShownOnly):
    list_display = ["player", "games", "wins", "losses", "minor_fame", "major_fame", "computed_at"]


@admin.register(AccountToken)
class AccountTokenAdmin(ShownOnly):
    """A token's owner may lose a phone: staff can revoke (delete) it."""

    list_display = ["user", "name", "created_at"]
    fields = readonly_fields = ("user", "name", "created_at")


def throttled_admin_login(request: HttpRequest, extra_context: Any = None) -> HttpResponse:
    """The admin's sign-in, counted in the API sign-in's buckets (per address, per username).

    A staff password opens every table's shipped content: guessing it here must be no cheaper
    than guessing any account's password through the API.
    """
    if request.method == "POST":
        wait = sign_in_wait(request)
        if wait is not None:
            refused = HttpResponse(
                f"Too many sign-in attempts: try again in {wait} seconds.",
                status=429,
                content_type="text/plain; charset=utf-8",
            )
            refused["Retry-After"] = str(wait)
            return refused
    return admin.site.login(request, extra_context)
