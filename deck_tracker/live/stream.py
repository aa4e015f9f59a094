"""The live stream of one seat: server-sent events of what changed, as that seat may see it.

Each wake-up sends, for the events after the last one sent:
- one ``change`` message per event (``id`` = its seq), filtered as the seat's views are, with
  the new ``game_version``;
- then one ``state`` message: the seat's whole game view (``GET /games/{id}/``) as an RFC 6902
  patch from the view the stream sent or read before (``base_version``), or, when the stream
  has no base yet, the view itself (``game``). A phone at ``base_version`` applies the patch and
  needs no other request; any other phone reads the game again. It carries ``actions_tag``,
  the ETag of the seat's actions list (``GET /games/{id}/actions/``) now, and, when that list
  changed since the one the stream last computed for the seat, ``actions_base`` (the tag of
  that list) and ``actions_patch`` (an RFC 6902 patch from it to the new one: which actions
  became available or not, and what of their forms changed). A phone holding the list named
  ``actions_base`` applies the patch and reads nothing; any other reads the list again (with
  its tag: 304 while it holds the current one).

A stream holds no database connection while it waits: it reads what it needs, releases the
connection, then waits for the game's announcement (``notifications``). A seat whose token is
reissued gets a ``revoked`` message and its stream ends at once.

The same stream serves WSGI (a blocking generator) and ASGI (an async generator whose reads run
on the event loop's shared thread pool and whose waits cost no thread).
"""

from __future__ import annotations

import inspect
import json
import marshal
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import jsonpatch
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signing
from django.db import OperationalError, connection

from deck_tracker.games import languages, selectors
from deck_tracker.live import notifications
from deck_tracker.models import Game, GameEvent, Seat, TableDisplay

RETRY = b"retry: 1000\n\n"
KEEP_ALIVE = b": keep-alive\n\n"
REVOKED = b'event: revoked\ndata: {"code": "token_reissued"}\n\n'
MAX_EVENTS_PER_READ = selectors.STREAM_EVENTS_MAX
TICKET_SALT = "dotr.stream-ticket"


def release_connection() -> None:
    """Hand the database connection back (to the pool, if any) unless a transaction owns it."""
    if not connection.in_atomic_block:
        connection.close()


KEEP_ALIVE_SECONDS = 15.0


def poll_seconds() -> float:
    """How often a waiting stream re-reads anyway (announcements can be lost in a reconnect)."""
    if settings.STREAM_POLL_SECONDS is not None:
        return float(settings.STREAM_POLL_SECONDS)
    return 60.0 if settings.REDIS_URL else 2.0


def _same_json(src: Any, dst: Any) -> bool:
    """Whether two parts of a view are the same JSON (``==`` alone takes 1 for True).

    ``marshal`` (version 2: no shared references) writes each value with its exact type, so
    equal bytes are the same values of the same types, the same JSON; it is several times
    faster than two ``json.dumps``. Members in another order only make the bytes differ (the
    part is then walked, as before); a value marshal cannot write is compared as JSON."""
    if src != dst:
        return False
    try:
        return marshal.dumps(src, 2) == marshal.dumps(dst, 2)
    except ValueError:
        return json.dumps(src) == json.dumps(dst)


_SCALARS = frozenset({str, int, bool, type(None)})


class _Diff(jsonpatch.DiffBuilder):
    """jsonpatch's diff, which walks every member of both documents (two ``json.dumps`` per
    value) even where nothing changed: here an object or array that is the same JSON on both
    sides is passed over whole. The patch is the one jsonpatch makes: such a part gives it no
    operation."""

    def _compare_values(self, path: Any, key: Any, src: Any, dst: Any) -> None:
        # A string, integer, boolean or null equal to one of its own type is the same JSON:
        # no operation, and no two ``json.dumps`` to find it.
        kind = type(src)
        if kind is type(dst) and kind in _SCALARS and src == dst:
            return
        super()._compare_values(path, key, src, dst)  # type: ignore[misc]

    def _compare_dicts(self, path: Any, src: Any, dst: Any) -> None:
        if not _same_json(src, dst):
            super()._compare_dicts(path, src, dst)  # type: ignore[misc]

    def _compare_lists(self, path: Any, src: Any, dst: Any) -> None:
        if not _same_json(src, dst):
            super()._compare_lists(path, src, dst)  # type: ignore[misc]

    def _differing_runs(self, src: Any, dst: Any) -> Any:
        # jsonpatch matches two lists item by item, each item dumped with its members sorted
        # (a walk of the whole list, in Python). When the lists are as long and only one item
        # differs (an action that became available: one entry of the actions list), its runs
        # are that item alone, replaced in place; found here without dumping the others.
        changed = _one_item_changed(self, src, dst)
        if changed is not None:
            return [(changed, changed + 1, changed, changed + 1)]
        return super()._differing_runs(src, dst)  # type: ignore[misc]


def _one_item_changed(builder: Any, src: Any, dst: Any) -> int | None:
    """The index of the only item two lists of one length differ in, as jsonpatch's diff
    compares items (the same JSON, members in any order), or None (none, several, other
    lengths, or an item jsonpatch cannot dump)."""
    if len(src) != len(dst):
        return None
    changed = None
    try:
        for index, (old, new) in enumerate(zip(src, dst, strict=True)):
            if _same_json(old, new) or _json_key(builder, old) == _json_key(builder, new):
                continue
            if changed is not None:
                return None
            changed = index
    except (TypeError, ValueError, RecursionError):
        return None
    return changed


def _json_key(builder: Any, item: Any) -> str:
    """An item as jsonpatch's list matching sees it: dumped with its members sorted."""
    return builder.dumps(jsonpatch._sorted_members(item))  # type: ignore[attr-defined,no-any-return]


def _builds_like_148() -> bool:
    """Whether the installed jsonpatch builds its diff as ``_Diff`` expects (1.48's
    ``JsonPatch.from_diff``); any other keeps ``jsonpatch.make_patch`` itself."""
    try:
        parameters = inspect.signature(jsonpatch.DiffBuilder.__init__).parameters
    except (TypeError, ValueError):
        return False
    return hasattr(jsonpatch, "_json_copy") and "generate_test_ops" in parameters


PRUNED_DIFF = _builds_like_148()


def make_patch(src: Any, dst: Any) -> list[dict[str, Any]]:
    """RFC 6902 operations from ``src`` to ``dst``: ``jsonpatch.make_patch(src, dst).patch``,
    with the parts that did not change passed over whole (``_Diff``)."""
    if not PRUNED_DIFF:
        return list(jsonpatch.make_patch(src, dst).patch)
    # jsonpatch 1.48's JsonPatch.from_diff, with _Diff for its DiffBuilder.
    builder = _Diff(src, dst, jsonpatch.JsonPatch.json_dumper, pointer_cls=jsonpatch.JsonPointer)
    builder._compare_values((), None, src, dst)
    ops = jsonpatch._json_copy(list(builder.execute()))  # type: ignore[attr-defined]
    return list(jsonpatch.JsonPatch(ops, pointer_cls=jsonpatch.JsonPointer).patch)


def _message(kind: str, payload: dict[str, Any], *, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n".encode()


class SeatStream:
    """One phone's stream; its events are rendered in that phone's reader's language.

    ``lang`` (``?lang=``) and ``accept_language`` (the header EventSource sends) are the
    connection's own; the seat's preference is read again at every read (a phone that switches
    language gets the next events in it), the account's once, at the first read.
    """

    def __init__(
        self,
        *,
        game_id: str,
        seat: Seat,
        after: int,
        lang: str | None = None,
        accept_language: str | None = None,
    ) -> None:
        self.game_id = game_id
        self.seat = seat
        self.token_hash = seat.token_hash
        self.after = after
        self.explicit = languages.supported(lang)
        self.accept = languages.from_accept_language(accept_language)
        self.account: str | None = None
        self.account_read = False
        self.view: dict[str, Any] | None = None
        # The seat's actions list as last computed here, and its tag: the base of the next
        # ``actions_patch``.
        self.actions: list[dict[str, Any]] | None = None
        self.actions_tag: str | None = None
        self.deadline: float = time.monotonic() + float(settings.STREAM_MAX_SECONDS)
        self.read_at = 0.0

    def open(self) -> bool:
        return time.monotonic() < self.deadline

    def wait_seconds(self) -> float:
        step = min(poll_seconds(), KEEP_ALIVE_SECONDS)
        return min(step, max(0.0, self.deadline - time.monotonic()))

    def should_read(self, since: int) -> bool:
        """After an announcement, or when the poll interval has passed (else: a keep-alive)."""
        due = time.monotonic() - self.read_at >= poll_seconds()
        return due or notifications.pulse(self.game_id) != since

    def read(self) -> tuple[list[bytes], bool]:
        """The messages since the last read, and whether the seat may go on listening."""
        self.read_at = time.monotonic()
        try:
            return self._read()
        except OperationalError as error:
            # SQLite (the embedded default) locks a table while a command writes it; the read
            # is tried again at the next wake-up instead of ending the phone's stream.
            if "locked" not in str(error):
                raise
            self.read_at = 0.0
            return [], True
        finally:
            release_connection()

    def _read(self) -> tuple[list[bytes], bool]:
        token_hash, seen, seat_language = selectors.seat_stream_read(self.seat.pk) or (
            None,
            None,
            "",
        )
        if token_hash != self.token_hash:
            return [REVOKED], False
        self.seat.language = seat_language
        if seen is not None and seen <= self.after and self.view is not None:
            return [], True  # nothing new, and the base for the next patch is known
        game = selectors.game_by_id(self.game_id)
        if game.last_seq <= self.after:
            language = self.language()
            self.view = selectors.game_view(game=game, seat=self.seat, language=language)
            self._note_actions(
                selectors.actions_on_offer(game=game, seat=self.seat, language=language)
            )
            return [], True
        rows = selectors.events_between(game_id=game.pk, after=self.after, last=game.last_seq)
        messages = []
        language = self.language()
        for event in selectors.events_view(events=rows, seat=self.seat, language=language):
            payload = event | {"game_version": game.version}
            messages.append(_message("change", payload, event_id=event["seq"]))
            self.after = event["seq"]
        if self.after >= game.last_seq:
            view = selectors.game_view(game=game, seat=self.seat, language=language)
            offered = selectors.actions_on_offer(game=game, seat=self.seat, language=language)
            messages.append(self._state_message(view, self._actions_head(offered)))
        return messages, True

    def _note_actions(self, actions: list[dict[str, Any]]) -> str:
        base, base_tag = self.actions, self.actions_tag
        # Most changes leave a seat's actions as they were: a list that is the same JSON as the
        # last one has its tag, without dumping and hashing it again.
        same = base is not None and base_tag is not None and _same_json(base, actions)
        self.actions = actions
        self.actions_tag = base_tag if same else selectors.actions_tag(actions)
        return base_tag or ""

    def _actions_head(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """``actions_tag``, and the patch from the list the stream computed before, if changed."""
        base = self.actions
        base_tag = self._note_actions(actions)
        head: dict[str, Any] = {"actions_tag": self.actions_tag}
        if base is not None and base_tag != self.actions_tag:
            head["actions_base"] = base_tag
            head["actions_patch"] = make_patch(base, actions)
        return head

    def language(self) -> str:
        """This connection's reader's language (``languages.reader_language``'s order)."""
        if self.explicit:
            return self.explicit
        own = languages.supported(self.seat.language)
        if own:
            return own
        if not self.account_read:
            self.account = languages.seat_account_language(self.seat)
            self.account_read = True
        return languages.choose(self.account, self.accept)

    def _state_message(self, view: dict[str, Any], actions: dict[str, Any]) -> bytes:
        base, self.view = self.view, view
        head = {"version": view["version"], "last_seq": view["last_seq"], **actions}
        if base is None:
            return _message("state", head | {"game": view})
        patch = make_patch(base, view)
        return _message("state", head | {"base_version": base["version"], "patch": patch})

    def blocking(self) -> Iterator[bytes]:
        yield RETRY
        since = -1  # read at once
        while self.open():
            if not self.should_read(since):
                yield KEEP_ALIVE
            else:
                since = notifications.pulse(self.game_id)
                messages, allowed = self.read()
                yield from messages or [KEEP_ALIVE]
                if not allowed:
                    return
            notifications.wait(game_id=self.game_id, since=since, timeout=self.wait_seconds())

    async def streaming(self) -> AsyncIterator[bytes]:
        await notifications.start_async_relay()
        # The event loop's shared pool runs the reads; no thread is kept for this stream.
        read = sync_to_async(self.read, thread_sensitive=False)
        yield RETRY
        since = -1  # read at once
        while self.open():
            if not self.should_read(since):
                yield KEEP_ALIVE
            else:
                since = notifications.pulse(self.game_id)
                messages, allowed = await read()
                for message in messages or [KEEP_ALIVE]:
                    yield message
                if not allowed:
                    return
            await notifications.wait_async(
                game_id=self.game_id, since=since, timeout=self.wait_seconds()
            )


class DisplayStream(SeatStream):
    """The table's screen's stream: the public view and events (``selectors.display_view``), in
    the screen's own language (``?lang=``, else the browser's); each step names its spaces."""

    def __init__(
        self,
        *,
        game_id: str,
        display: TableDisplay,
        after: int,
        lang: str | None = None,
        accept_language: str | None = None,
    ) -> None:
        self.display = display
        super().__init__(
            game_id=game_id,
            seat=Seat(game_id=display.game_id, number=0, token_hash=display.token_hash),
            after=after,
            lang=lang,
            accept_language=accept_language,
        )

    def language(self) -> str:
        return self.explicit or languages.choose(self.accept)

    def _read(self) -> tuple[list[bytes], bool]:
        token_hash, seen = TableDisplay.objects.filter(pk=self.display.pk).values_list(
            "token_hash", "game__last_seq"
        ).first() or (None, None)
        if token_hash != self.token_hash:
            return [REVOKED], False
        if seen is not None and seen <= self.after and self.view is not None:
            return [], True
        game = Game.objects.get(pk=self.game_id)
        language = self.language()
        if game.last_seq <= self.after:
            self.view = selectors.display_view(game=game, language=language, with_events=False)
            return [], True
        rows = GameEvent.objects.filter(
            game_id=game.pk, seq__gt=self.after, seq__lte=game.last_seq
        ).order_by("seq")[:MAX_EVENTS_PER_READ]
        messages = []
        for event in selectors.display_events(events=rows, language=language):
            payload = event | {"game_version": game.version}
            messages.append(_message("change", payload, event_id=event["seq"]))
            self.after = event["seq"]
        if self.after >= game.last_seq:
            view = selectors.display_view(game=game, language=language, with_events=False)
            messages.append(self._state_message(view, {}))
        return messages, True


# ---- who may open a stream ----------------------------------------------------------------


def issue_ticket(*, seat: Seat) -> str:
    """A short-lived ticket that opens this seat's stream (EventSource cannot send headers).

    It names the seat and the token it was issued under: reissuing the token voids it.
    """
    return signing.dumps({"seat": seat.pk, "token": seat.token_hash[:16]}, salt=TICKET_SALT)


def seat_for_ticket(ticket: str) -> Seat | None:
    try:
        claim = signing.loads(
            ticket[:500], salt=TICKET_SALT, max_age=settings.STREAM_TICKET_SECONDS
        )
    except signing.BadSignature:  # also an expired ticket
        return None
    seat = Seat.objects.select_related("game").filter(pk=claim.get("seat")).first()
    if seat is None or seat.token_hash[:16] != claim.get("token"):
        return None
    return seat


def stream_seat(*, token: str | None, ticket: str | None) -> Seat | TableDisplay | None:
    """Who a stream request speaks for: a seat token (header or query) or a ticket; or the
    table's screen, by its display token or ticket."""
    from deck_tracker.games.services import hash_token

    if ticket:
        return seat_for_ticket(ticket) or display_for_ticket(ticket)
    if token and len(token) <= 200:
        token_hash = hash_token(token)
        return selectors.seat_for_token_hash(
            token_hash=token_hash
        ) or selectors.display_for_token_hash(token_hash=token_hash)
    return None


def issue_display_ticket(*, display: TableDisplay) -> str:
    """A short-lived ticket that opens the table's screen's stream (the display token itself
    never goes in an address)."""
    return signing.dumps(
        {"display": display.pk, "token": display.token_hash[:16]}, salt=TICKET_SALT
    )


def display_for_ticket(ticket: str) -> TableDisplay | None:
    try:
        claim = signing.loads(
            ticket[:500], salt=TICKET_SALT, max_age=settings.STREAM_TICKET_SECONDS
        )
    except signing.BadSignature:
        return None
    if "display" not in claim:
        return None
    display = TableDisplay.objects.filter(pk=claim.get("display")).first()
    if display is None or display.token_hash[:16] != claim.get("token"):
        return None
    return display


def make_stream(
    reader: Seat | TableDisplay,
    *,
    after: int,
    lang: str | None = None,
    accept_language: str | None = None,
) -> SeatStream:
    """The stream of a seat, or of the table's screen."""
    game_id = str(reader.game_id)
    if isinstance(reader, TableDisplay):
        return DisplayStream(
            game_id=game_id, display=reader, after=after, lang=lang, accept_language=accept_language
        )
    return SeatStream(
        game_id=game_id, seat=reader, after=after, lang=lang, accept_language=accept_language
    )


def stream_place_key(reader: Seat | TableDisplay) -> str:
    """Whose streams are counted together (STREAM_MAX_PER_SEAT): a seat's, or a screen's."""
    return f"display-{reader.pk}" if isinstance(reader, TableDisplay) else str(reader.pk)


def stream_after(raw: str | None) -> int:
    try:
        return max(0, int(raw or "0"))
    except ValueError:
        return 0
