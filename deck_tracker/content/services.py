"""Writes of the content players enter.

* A table's entries (:class:`ContentEntry`) belong to its account group, or to the game when it
  has none (``content_selectors.owner_of``); a group's are written only by a seat whose account
  may write them (``content_selectors.owner_for_writes``): :func:`remember_entries` (what the
  table taught during a game), :func:`correct_entry` (one entry, compare-and-swap on its
  version) and :func:`import_entries` (a file shared by friends; a conflict is never silently
  overwritten).
* The shipped values for every table (:class:`ContentOverlay`) are changed by staff only, in the
  Django admin, through :func:`content_overlay_import` (replace, validated, CAS).

Everything is checked by the engine's own loader (``content.apply_overlay``) before it is stored:
the entries merged over the shipped pack must load, so a form drawn from the pack's schema and
the server agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deck_tracker.content.selectors import (
    ENTRIES_FORMAT,
    ENTRIES_FORMAT_VERSION,
    Owner,
    content_problem,
    entries_overlay,
    entry_label,
    entry_shown,
    merged_overlay,
    overlay_error_fields,
    owner_for_writes,
    pack_name,
    parse_path,
    shipped_overlays,
)
from deck_tracker.engine.content import ContentError, Pack, apply_overlay, default_packs
from deck_tracker.models import ContentEntry, ContentOverlay, Game, Seat


class UnknownPack(Exception):
    pass


class NoFillableContent(Exception):
    """The pack has nothing players may enter."""


class OverlayInvalid(Exception):
    def __init__(self, detail: str, fields: dict[str, list[str]]) -> None:
        super().__init__(detail)
        self.detail = detail
        self.fields = fields


class StaleOverlayVersion(Exception):
    def __init__(self, current_version: int) -> None:
        super().__init__("stale overlay version")
        self.current_version = current_version


@dataclass
class OverlayImported:
    pack_id: str
    version: int
    data: dict[str, Any]


def _pack(pack_id: str) -> Pack:
    pack = default_packs().get(pack_id)
    if pack is None:
        raise UnknownPack(pack_id)
    return pack


def _normalised(pack: Pack, data: dict[str, Any]) -> dict[str, Any]:
    """The overlay as stored: values left null are dropped, the pack named."""
    values = {key: value for key, value in (data.get("values") or {}).items() if value is not None}
    cards = {deck: list(entries) for deck, entries in (data.get("cards") or {}).items() if entries}
    return {"pack": pack.id, "values": values, "cards": cards}


def content_overlay_import(*, pack_id: str, data: Any, expected_version: int) -> OverlayImported:
    """Replace the pack's overlay with ``data`` if it is valid and nobody changed it since."""
    pack = _pack(pack_id)
    if not pack.fillables and not pack.open_decks:
        raise NoFillableContent(pack_id)
    try:
        apply_overlay(pack, data)
    except ContentError as error:
        raise OverlayInvalid(
            content_problem(pack, error), overlay_error_fields(pack, data, error)
        ) from None
    clean = _normalised(pack, data)
    with transaction.atomic():
        row = ContentOverlay.objects.select_for_update().filter(pack_id=pack.id).first()
        current = row.version if row else 0
        if current != expected_version:
            raise StaleOverlayVersion(current)
        if row is None:
            try:
                with transaction.atomic():
                    row = ContentOverlay.objects.create(pack_id=pack.id, data=clean, version=1)
            except IntegrityError:  # another phone created it first
                raise StaleOverlayVersion(
                    ContentOverlay.objects.get(pack_id=pack.id).version
                ) from None
        else:
            updated = ContentOverlay.objects.filter(pk=row.pk, version=current).update(
                data=clean, version=current + 1, updated_at=timezone.now()
            )
            if updated != 1:  # pragma: no cover - the row lock makes this unreachable
                raise StaleOverlayVersion(current + 1)
            row.refresh_from_db()
    return OverlayImported(pack_id=pack.id, version=row.version, data=clean)


# --------------------------------------------------------------------------------------------
# A table's entries (its group's, or its game's)
# --------------------------------------------------------------------------------------------


class UnknownEntry(Exception):
    """The path names no fillable field nor open deck card of the pack."""


class StaleEntry(Exception):
    """The entry changed since the client read it: its current value and version."""

    def __init__(self, path: str, value: Any, version: int) -> None:
        super().__init__("stale entry version")
        self.path = path
        self.value = value
        self.version = version


class EntriesFileInvalid(Exception):
    def __init__(self, detail: str, fields: dict[str, list[str]]) -> None:
        super().__init__(detail)
        self.detail = detail
        self.fields = fields


def _checked(pack: Pack, owner: Owner, changes: dict[tuple[str, str, str], Any]) -> None:
    """Refuse (``OverlayInvalid``) unless the pack loads with the owner's entries and
    ``changes`` ({(kind, deck, key): value, None to forget}) merged over the shipped values."""
    rows = {(r.kind, r.deck, r.key): r.value for r in owner.rows().filter(pack_id=pack.id)}
    rows |= changes
    kept = [
        ContentEntry(pack_id=pack.id, kind=kind, deck=deck, key=key, value=value)
        for (kind, deck, key), value in rows.items()
        if value is not None
    ]
    owned = entries_overlay(kept).get(pack.id)
    # The changes alone, for naming the field of a problem (``overlay_error_fields``).
    new_cards: dict[str, list[Any]] = {}
    for (kind, deck, _key), value in changes.items():
        if kind == "card" and value is not None:
            new_cards.setdefault(deck, []).append(value)
    new = {
        "pack": pack.id,
        "values": {key: value for (kind, _, key), value in changes.items() if kind == "value"},
        "cards": new_cards,
    }
    data = merged_overlay(pack.id, shipped_overlays().get(pack.id), owned)
    try:
        apply_overlay(pack, data)
    except ContentError as error:
        raise OverlayInvalid(
            content_problem(pack, error), overlay_error_fields(pack, new, error)
        ) from None


def _entry_key(pack: Pack, kind: str, deck: str, key: str) -> tuple[str, str, str]:
    if kind == "value" and key in pack.fillables:
        return (kind, "", key)
    if kind == "card" and deck in pack.open_decks:
        return (kind, deck, key)
    raise UnknownEntry(f"values.{key}" if kind == "value" else f"cards.{deck}.{key}")


def _save(owner: Owner, pack_id: str, changes: dict[tuple[str, str, str], Any]) -> int:
    """Write ``changes`` (None forgets); an entry whose value changes gets the next version.
    Returns how many entries changed."""
    changed = 0
    for (kind, deck, key), value in changes.items():
        where = owner.fields() | {"pack_id": pack_id, "kind": kind, "deck": deck, "key": key}
        row = ContentEntry.objects.select_for_update().filter(**where).first()
        if value is None:
            if row is not None:
                row.delete()
                changed += 1
            continue
        if row is None:
            try:
                with transaction.atomic():
                    ContentEntry.objects.create(**where, value=value, version=1)
                changed += 1
                continue
            except IntegrityError:  # another phone entered it first: this one follows
                row = ContentEntry.objects.select_for_update().get(**where)
        if row.value != value:
            row.value = value
            row.version += 1
            row.save(update_fields=["value", "version", "updated_at"])
            changed += 1
    return changed


def remember_entries(
    *,
    game: Game,
    seat: Seat | None,
    pack_id: str,
    values: dict[str, Any] | None = None,
    cards: dict[str, list[dict[str, Any]]] | None = None,
) -> int:
    """What the table at ``game`` read from its components, kept for its owner's next games
    (a read value replaces the one kept). Checked like the pack; returns the entries changed.

    Kept only where ``seat`` may write: a group's entries are its recorders' (the game itself
    knows what it read either way, in its own copy of the pack)."""
    pack = _pack(pack_id)
    owner = owner_for_writes(game, seat)
    if owner is None:
        return 0
    changes: dict[tuple[str, str, str], Any] = {}
    for key, value in (values or {}).items():
        try:
            changes[_entry_key(pack, "value", "", key)] = value
        except UnknownEntry as unknown:
            raise OverlayInvalid(
                _("The app asks for nothing at that place."),
                {str(unknown): [_("The app asks for nothing at that place.")]},
            ) from None
    for deck, entries in (cards or {}).items():
        for card in entries:
            card_id = str(card.get("id") if isinstance(card, dict) else "")
            try:
                changes[_entry_key(pack, "card", deck, card_id)] = card
            except UnknownEntry:
                raise OverlayInvalid(
                    _("Players add no cards to this deck."),
                    {f"cards.{deck}": [_("Players add no cards to this deck.")]},
                ) from None
    if not changes:
        return 0
    with transaction.atomic():
        _checked(pack, owner, changes)
        return _save(owner, pack.id, changes)


def remember_card(
    *, game: Game, seat: Seat | None, pack_id: str, deck: str, card: dict[str, Any]
) -> int:
    """A card the table read out, kept for its owner's next games."""
    return remember_entries(game=game, seat=seat, pack_id=pack_id, cards={deck: [card]})


def remember_taught(
    *, game: Game, seat: Seat | None, state: dict[str, Any], events: list[Any]
) -> None:
    """Keep what a command's events say the table taught (``overlay_values``): a game system
    teaches values of a pack it plays. A value the pack would refuse is left to the game, which
    remembers it either way."""
    taught: dict[str, Any] = {}
    for event in events:
        taught |= dict((getattr(event, "data", None) or {}).get("overlay_values") or {})
    if not taught:
        return
    packs = default_packs()
    in_play = [p for p in (state.get("overlays") or {}) if p in packs] + [
        p for p in (state.get("packs") or []) if p in packs
    ]
    for pack_id in [*in_play, *packs]:
        if all(key in packs[pack_id].fillables for key in taught):
            try:
                with transaction.atomic():
                    remember_entries(game=game, seat=seat, pack_id=pack_id, values=taught)
            except OverlayInvalid:
                pass
            return


def correct_entry(
    *, owner: Owner, pack_id: str, path: str, value: Any, expected_version: int
) -> ContentEntry | None:
    """Set one entry (None forgets it) if nobody changed it since ``expected_version`` (0: the
    entry did not exist). Returns the entry (None when forgotten)."""
    pack = _pack(pack_id)
    parsed = parse_path(path)
    if parsed is None:
        raise UnknownEntry(path)
    where_key = _entry_key(pack, *parsed)
    if (
        where_key[0] == "card"
        and value is not None
        and (not isinstance(value, dict) or value.get("id") != where_key[2])
    ):
        raise OverlayInvalid(
            _("This entry is about another card."),
            {f"{path}.id": [_("This entry is about another card.")]},
        )
    kind, deck, key = where_key
    with transaction.atomic():
        where = owner.fields() | {"pack_id": pack.id, "kind": kind, "deck": deck, "key": key}
        row = ContentEntry.objects.select_for_update().filter(**where).first()
        current = row.version if row else 0
        if current != expected_version:
            raise StaleEntry(path, row.value if row else None, current)
        _checked(pack, owner, {where_key: value})
        if row is None and value is not None:
            try:
                with transaction.atomic():
                    return ContentEntry.objects.create(**where, value=value, version=1)
            except IntegrityError:  # another phone entered it first: this edit is stale
                latest = ContentEntry.objects.get(**where)
                raise StaleEntry(path, latest.value, latest.version) from None
        _save(owner, pack.id, {where_key: value})
        return ContentEntry.objects.filter(**where).first()


class _PackEntries(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    values: dict[str, Any] = Field(default_factory=dict)
    cards: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)


class _EntriesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: str
    format_version: int
    owner: str = ""
    packs: dict[str, _PackEntries]


@dataclass
class ImportReport:
    added: list[dict[str, Any]]
    replaced: list[dict[str, Any]]
    unchanged: int
    conflicts: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "replaced": self.replaced,
            "unchanged": self.unchanged,
            "conflicts": self.conflicts,
        }


def _file(document: Any) -> _EntriesFile:
    try:
        parsed = _EntriesFile.model_validate(document)
    except ValidationError as error:
        # Where in the file (the API's ``fields`` keys), what is wrong in the reader's words.
        unreadable = _("This part of the file is not what a file of entries holds.")
        fields: dict[str, list[str]] = {}
        for problem in error.errors():
            where = ".".join(str(part) for part in problem["loc"]) or "file"
            fields.setdefault(where, []).append(unreadable)
        raise EntriesFileInvalid(
            _("This is not a file of entries the app can read."), fields
        ) from None
    if parsed.format != ENTRIES_FORMAT or parsed.format_version != ENTRIES_FORMAT_VERSION:
        other = _("This is not a file of entries of this version of the app.")
        raise EntriesFileInvalid(other, {"format": [other]})
    return parsed


def import_entries(
    *, owner: Owner, document: Any, take_theirs: dict[str, list[str]] | None = None
) -> ImportReport:
    """Add a shared file's entries to the owner's. An entry the owner has with another value is
    a conflict: it is left as it is and reported, unless ``take_theirs`` ({pack: [path]}) says
    to take the file's value. The file is checked like a pack first (nothing is written if any
    of it is refused)."""
    parsed = _file(document)
    packs = default_packs()
    plans: dict[str, dict[tuple[str, str, str], Any]] = {}
    report = ImportReport(added=[], replaced=[], unchanged=0, conflicts=[])
    chosen = take_theirs or {}
    for pack_id, entries in parsed.packs.items():
        pack = packs.get(pack_id)
        if pack is None:
            unknown = _("The file holds entries of a game this app does not know.")
            raise EntriesFileInvalid(unknown, {f"packs.{pack_id}": [unknown]})
        data = {"pack": pack_id, "values": entries.values, "cards": entries.cards}
        try:
            apply_overlay(pack, merged_overlay(pack_id, shipped_overlays().get(pack_id), data))
        except ContentError as error:
            fields = {
                f"packs.{pack_id}.{where}": problems
                for where, problems in overlay_error_fields(pack, data, error).items()
            }
            raise EntriesFileInvalid(content_problem(pack, error), fields) from None
        ours = {(r.kind, r.deck, r.key): r for r in owner.rows().filter(pack_id=pack_id)}
        theirs: dict[tuple[str, str, str], Any] = {
            ("value", "", key): value for key, value in entries.values.items()
        }
        for deck, cards in entries.cards.items():
            theirs |= {("card", deck, str(card.get("id"))): card for card in cards}
        plan: dict[tuple[str, str, str], Any] = {}
        for where, value in theirs.items():
            row = ours.get(where)
            label = entry_label(pack, *where, value)
            path = f"values.{where[2]}" if where[0] == "value" else f"cards.{where[1]}.{where[2]}"
            shown = {
                "pack": pack_id,
                "pack_name": pack_name(pack),
                "path": path,
                "kind": where[0],
                **label,
            }
            theirs_shown = entry_shown(pack, where[0], where[2], value)
            if row is None:
                plan[where] = value
                report.added.append(shown | {"value": value, "shown": theirs_shown})
            elif row.value == value:
                report.unchanged += 1
                continue
            else:
                both = shown | {
                    "ours": row.value,
                    "theirs": value,
                    "ours_shown": entry_shown(pack, where[0], where[2], row.value),
                    "theirs_shown": theirs_shown,
                }
                if path in chosen.get(pack_id, []):
                    plan[where] = value
                    report.replaced.append(both)
                else:
                    report.conflicts.append(both | {"version": row.version})
        plans[pack_id] = plan
    with transaction.atomic():
        for pack_id, plan in plans.items():
            if plan:
                _checked(packs[pack_id], owner, plan)
                _save(owner, pack_id, plan)
    return report
