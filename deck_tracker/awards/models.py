"""Storage of the award tracker: groups, players, one row per finished game, rewards, statistics.

A *group* is owned by an account (its members may read it); its *players* are named people, each
optionally an account. A finished game leaves one :class:`GameRecord` per group whose players sat
at it, as a row of the rulebook's Award Tracker: Generals, minions, W/L and each reward with its
hero and player. :class:`PlayerStats` is a cache recomputed from the records (a Celery task).
Only ``deck_tracker.awards.services`` writes these rows.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from deck_tracker.models import Game, Seat

REWARD_CARDS = [
    ("kings-champion", "King's Champion"),
    ("duke", "Duke"),
    ("land", "Land"),
    ("mayor", "Mayor"),
    ("stables", "Stables"),
    ("folk-hero", "Folk Hero"),
    ("blessing", "Blessing"),
]


class RewardCarryOver(models.TextChoices):
    # The Award Tracker: "They may use this Reward in their next game, providing they use the
    # same Hero that earned it."
    NEXT_GAME = "next_game", "The player's next game, if with the same hero (rulebook)"
    NEXT_GAME_WITH_HERO = "next_game_with_hero", "The player's next game with that hero"
    ALWAYS = "always", "Every later game with that hero"


class PlayerGroup(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_player_groups"
    )
    name = models.CharField(max_length=80)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="player_groups", blank=True
    )
    # Members the owner lets record games for the group's players who are not accounts.
    recorders = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="recording_groups", blank=True
    )
    reward_carry_over = models.CharField(
        max_length=24, choices=RewardCarryOver.choices, default=RewardCarryOver.NEXT_GAME
    )
    # The blue Major Fame tokens' values, once the group has entered them: its games then
    # start with an app-owned cup.
    fame_cup = models.JSONField(default=list, blank=True)
    # The reward cards' effects as the players entered them ({card: text}).
    reward_effects = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class GroupInvitation(models.Model):
    """An owner's invitation: the account with this (normalised) username joins on accepting.

    Kept by username, not by account, so that inviting a name no account has looks and behaves
    exactly like inviting one that exists.
    """

    group = models.ForeignKey(PlayerGroup, on_delete=models.CASCADE, related_name="invitations")
    username = models.CharField(max_length=150)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["group", "username"], name="invitation_once_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.username} to {self.group}"


class Player(models.Model):
    group = models.ForeignKey(PlayerGroup, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="award_players",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["group", "name"]
        constraints = [
            models.UniqueConstraint(fields=["group", "name"], name="player_name_unique_in_group")
        ]

    def __str__(self) -> str:
        return self.name


class SeatPlayer(models.Model):
    """Which player sits at a seat (given at create or join)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_players")
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="player_link")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seat_links")
    # The account that took the seat (the player's own, or the owner or recorder who seated a
    # player who is not an account): what the seat may write of its group is that account's.
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # A player sits once at a table (two phones claiming the same player: one wins).
            models.UniqueConstraint(fields=["game", "player"], name="player_once_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.seat}"


class GameRecord(models.Model):
    """One row of the Award Tracker (a game finished in the app, or imported)."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    group = models.ForeignKey(PlayerGroup, on_delete=models.CASCADE, related_name="records")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="award_records"
    )
    played_on = models.DateField()
    scenario = models.CharField(max_length=60, blank=True, default="")
    generals = models.JSONField(default=list)  # the sheet's abbreviations: ["S", "V", ...]
    minions = models.JSONField(default=list)  # ["DK", "U", ...]
    result = models.CharField(max_length=1, choices=[("W", "Won"), ("L", "Lost")])
    reason = models.TextField(blank=True, default="")
    # The engine's message for why the game ended (``outcome["reason_msg"]``), read in the
    # reader's language; null for a reason the table typed, an import or an older record.
    reason_msg = models.JSONField(null=True, blank=True, default=None)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["played_on", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["group", "uid"], name="record_uid_unique_in_group"),
            models.UniqueConstraint(
                fields=["group", "game"],
                condition=models.Q(game__isnull=False),
                name="record_game_unique_in_group",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.played_on} {self.result} ({' '.join(self.generals)})"


class GameRecordHero(models.Model):
    record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="heroes")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="played"
    )
    player_name = models.CharField(max_length=60)
    hero = models.CharField(max_length=60)  # the hero's id, e.g. "eagle-rider"
    seat = models.CharField(max_length=8, blank=True, default="")
    minor_fame = models.PositiveIntegerField(default=0)
    major_fame = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["record", "seat", "id"]

    def __str__(self) -> str:
        return f"{self.player_name}: {self.hero}"


class RewardAward(models.Model):
    record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="rewards")
    card = models.CharField(max_length=20, choices=REWARD_CARDS)
    hero = models.CharField(max_length=60)
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="rewards"
    )
    player_name = models.CharField(max_length=60)

    class Meta:
        ordering = ["record", "id"]
        constraints = [
            models.UniqueConstraint(fields=["record", "card"], name="reward_card_once_per_record")
        ]

    def __str__(self) -> str:
        return f"{self.card}: {self.hero} ({self.player_name})"


class PlayerStats(models.Model):
    """Recomputed from the records by a task; never edited by hand."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="stats")
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    minor_fame = models.PositiveIntegerField(default=0)
    major_fame = models.PositiveIntegerField(default=0)
    by_general = models.JSONField(default=dict)  # {"S": {"games", "wins", "losses"}, ...}
    by_hero = models.JSONField(default=dict)  # {"wizard": {"games", "wins", "losses", "fame"}}
    rewards = models.JSONField(default=dict)  # {"duke": 2, ...}
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.player}: {self.wins}W {self.losses}L"


class AccountToken(models.Model):
    """A bearer token for an account (stored hashed), for clients without a session."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="award_tokens"
    )
    key_hash = models.CharField(max_length=64, unique=True)
    name = models.CharField(max_length=60, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    # Renewed on use; the token lapses ACCOUNT_TOKEN_IDLE_DAYS after it.
    last_used_at = models.DateTimeField(default=timezone.now)
    # The hashed key of the browser session that was signed in when the token was made:
    # signing that session out revokes the token too.
    session_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)

    def __str__(self) -> str:
        return f"token of {self.user}"


class AccountPreference(models.Model):
    """What an account chose for itself: the language its games are read in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference"
    )
    # "en", "de", or empty (the phone's own language, from Accept-Language).
    language = models.CharField(max_length=8, blank=True, default="")

    def __str__(self) -> str:
        return f"preferences of {self.user}"


class AccountSignOut(models.Model):
    """How many times the account signed out everywhere. A browser session keeps the count it
    was signed in at; a session with an older count has ended (``sessions.py``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sign_outs"
    )
    generation = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"sign-outs of {self.user}"


class GroupStats(models.Model):
    """A group's statistics as the history's charts show them; recomputed by a task."""

    group = models.OneToOneField(PlayerGroup, on_delete=models.CASCADE, related_name="stats")
    # {"games", "wins", "losses", "by_general", "by_scenario", "by_hero", "by_player", "fame"}
    figures = models.JSONField(default=dict)
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Statistics of {self.group}"
