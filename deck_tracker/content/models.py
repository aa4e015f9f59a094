"""Content a table or the server's staff entered for a pack: overlays of the shipped values, and
the cards and values a table taught.
"""

from __future__ import annotations

from django.db import models

from deck_tracker.games.models import Game


class ContentOverlay(models.Model):
    """The shipped pack's values for everyone on this server (its fillable fields and open decks).

    One row per pack, edited by staff only, through the Django admin (checked like the pack);
    ``version`` counts the edits. Every new game starts from it; what a table enters is a
    :class:`ContentEntry` of its group or game. A game copies what it knows at setup, so later
    edits never change a game already set up.
    """

    pack_id = models.CharField(max_length=60, unique=True)
    data = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pack_id"]

    def __str__(self) -> str:
        return f"{self.pack_id} overlay v{self.version}"


class ContentEntry(models.Model):
    """One value or card a table entered for a pack, owned by an account group or by one game.

    ``kind`` is ``value`` (``key``: the fillable field's id, ``deck`` empty) or ``card`` (``key``:
    the card's id in the open ``deck``). ``version`` counts the changes of this entry, so that a
    correction made from a stale screen is refused (compare-and-swap). Exactly one owner.
    """

    KINDS = [("value", "value"), ("card", "card")]

    group = models.ForeignKey(
        "awards.PlayerGroup",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="content_entries",
    )
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="content_entries"
    )
    pack_id = models.CharField(max_length=60)
    kind = models.CharField(max_length=8, choices=KINDS)
    deck = models.CharField(max_length=60, blank=True, default="")
    key = models.CharField(max_length=200)
    value = models.JSONField()
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pack_id", "kind", "deck", "key"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(group__isnull=False, game__isnull=True)
                    | models.Q(group__isnull=True, game__isnull=False)
                ),
                name="content_entry_has_one_owner",
            ),
            models.UniqueConstraint(
                fields=["group", "pack_id", "kind", "deck", "key"],
                condition=models.Q(group__isnull=False),
                name="content_entry_once_per_group",
            ),
            models.UniqueConstraint(
                fields=["game", "pack_id", "kind", "deck", "key"],
                condition=models.Q(game__isnull=False),
                name="content_entry_once_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pack_id} {self.path} v{self.version}"

    @property
    def path(self) -> str:
        """The entry as the API names it: ``values.<field id>`` or ``cards.<deck>.<card id>``."""
        return f"values.{self.key}" if self.kind == "value" else f"cards.{self.deck}.{self.key}"
