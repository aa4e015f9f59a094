"""The night on arrays: a base-game night for simulation, several times faster than the rules'
dicts, for the same state out.

A forecast samples tens of thousands of nights. The command path (``night.py`` through a
:class:`~deck_tracker.engine.core.QuietContext`) pays, per minion placed, for dict look-ups,
copy-on-write bookkeeping and the hooks of the expansions. Here the board of a base game is read
as small integer arrays: each location an index, its minions a list of 4 counts (in the order of
``content.COLOURS``), the supply a list of 4; a card is compiled once into location indices. The
rules' decisions are not copied: every one is a function of ``board.py`` or ``night.py``
(:func:`~.board.placed_fits`, :func:`~.board.spread_taints`, :func:`~.board.general_next`,
:func:`~.night.patrol_targets`, :func:`~.night.turn_after_night`, ...) that the
:class:`~.board.Realm` of the command path calls too.

It covers what a base-game night usually is. Anything else, it hands back to the command path:
``array_night`` returns None before it draws on the random source (a game with an expansion or
an overlay, a table-owned deck, a pending choice, a card being read, a game over or closed), or
raises nothing and returns None after restoring the random source and leaving the tally
untouched when the night meets what it leaves to the rules' dicts (the Realm falling, an overrun
short of minions, a card it does not know, a deck that cannot be reshuffled). Those nights (the
last of a lost game, mostly) run through ``run_night``'s command path from the same random state,
so the result is the same either way.

What comes out equals, key for key, the state the command leaves but for ``version`` and
``history`` (``tests/engine/dotr/test_array_night.py`` checks it on random boards, with
Hypothesis), and shares with the input what the night did not change (copy on write).

Several nights in a row (a forecast's sample): :class:`KeptPosition` reads a position once
(settings, layout, the plan of a night, each location's minions when first wanted) for every
sample (:class:`ArrayPosition`, for one night, reads the minions from the state each time);
:class:`ArrayNights` resolves night after night on the same arrays, never writing a state
between them, and the caller reads what each night did from the arrays (``changed``,
``tainted``, ``rows``, ``taint``, ``generals``, ``overruns``, ``lost``). A night it hands back
leaves the arrays of no further use: the caller starts that sample again on the state.
"""

from __future__ import annotations

import operator
import random
from dataclasses import dataclass
from typing import Any

from deck_tracker.engine.content import COLOURS, Card
from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.rules.dotr.base.board import (
    BoardData,
    Loss,
    Tally,
    board_for,
    city_falls,
    city_tainted,
    general_halted,
    general_next,
    last_crystal_loses,
    loss_city_full,
    loss_city_tainted,
    loss_general_entered,
    loss_last_crystal,
    loss_minions_needed,
    loss_no_crystal,
    loss_overrun_short,
    outcome_of,
    placed_fits,
    placed_taints,
    spread_taints,
)
from deck_tracker.engine.rules.dotr.base.night import (
    DS,
    city_card_colours,
    patrol_targets,
    turn_after_night,
    war_party_targets,
    war_status,
)
from deck_tracker.engine.rules.dotr.base.packs import BASE_PACK, game_cards, unread
from deck_tracker.engine.rules.dotr.base.settings import default_settings, general_only_plan
from deck_tracker.engine.rules.dotr.registry import UNCOUNTED

__all__ = ["ArrayNights", "ArrayPosition", "KeptPosition", "array_night", "covered"]

GREEN = COLOURS.index("green")
assert COLOURS == ("green", "black", "red", "blue"), "array_night reads the colours in this order"
# What a location of a base game holds (anything more: an expansion's tokens or marks).
SPACE_KEYS = frozenset({"minions", "taint", "gate"})
_SPACE_SIZE = len(SPACE_KEYS)
# A location's (or the supply's) minions in the order of ``COLOURS``.
_COUNTS = operator.itemgetter(*COLOURS)
# What a compiled card does.
STANDARD, QUIET, PATROLS, WAR_PARTY, CITY_CARD = range(5)
KINDS = {
    "standard": STANDARD,
    "all_is_quiet": QUIET,
    "orc_patrols": PATROLS,
    "orc_war_party": WAR_PARTY,
    "monarch_city": CITY_CARD,
}


class _Handback(Exception):
    """The night met what it leaves to the command path."""


class _Fallen(Exception):
    """The Realm has fallen (the rules' own ``Loss``)."""

    def __init__(self, loss: Loss) -> None:
        super().__init__(loss.cause)
        self.loss = loss


@dataclass(frozen=True, slots=True)
class _Compiled:
    kind: int
    placements: tuple[tuple[int, int, int], ...]  # (colour, count, location)
    general: str | None
    general_to: str | None
    general_minions: int


class _Layout:
    """A board as indices, computed once per :class:`BoardData`."""

    def __init__(self, data: BoardData) -> None:
        self.data = data
        self.locs: tuple[str, ...] = tuple(data.kinds)
        self.index = {loc: n for n, loc in enumerate(self.locs)}
        self.inn = tuple(data.kinds[loc] == "inn" for loc in self.locs)
        self.city = self.index[data.city]
        # Where an overrun from each location sends a minion (never an Inn).
        self.spread = tuple(
            tuple(self.index[n] for n in data.adjacency[loc] if data.kinds[n] != "inn")
            for loc in self.locs
        )
        self.taints_at = tuple(data.taints_at[c] for c in COLOURS)
        # Each General: its path, its life, its Major Wound mark and its minions' colour.
        self.generals = {
            g: (data.paths[g], data.general_life[g], data.major_wound[g], COLOURS.index(c))
            for g, c in data.general_colours.items()
        }
        self.cards: dict[str, _Compiled | None] = {}

    def compiled(self, card: Card) -> _Compiled | None:
        found = self.cards.get(card.id, False)
        if found is False:
            found = self.cards[card.id] = self._compile(card)
        return found  # type: ignore[return-value]

    def _compile(self, card: Card) -> _Compiled | None:
        kind = KINDS.get(card.kind)
        if kind is None or card.kind in UNCOUNTED or unread(card):
            return None
        data = card.data
        placements: tuple[tuple[int, int, int], ...] = ()
        if kind == STANDARD:
            placements = tuple(
                (COLOURS.index(p["colour"]), int(p["count"]), self.index[p["location"]])
                for p in data["placements"]
            )
        general = data.get("general")
        return _Compiled(
            kind,
            placements,
            general,
            data.get("general_to") if general is not None else None,
            int(data.get("general_minions") or 0) if general is not None else 0,
        )


_LAYOUTS: dict[int, tuple[BoardData, _Layout]] = {}


def _layout(data: BoardData) -> _Layout:
    found = _LAYOUTS.get(id(data))
    if found is None or found[0] is not data:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.pop(next(iter(_LAYOUTS)))
        found = _LAYOUTS[id(data)] = (data, _Layout(data))
    return found[1]


_DEFAULTS: dict[str, Any] = {}
WHERE_EMPTY_GREEN = msg("dotr.night.where.empty_green")
WHERE_LONE_ORC = msg("dotr.night.where.lone_orc")
# The settings a base-game night reads.
USED = (
    "disputed_roads",
    "extra_cards_general_only",
    "major_wound_halts_general",
    "monarch_city_overrun",
    "overrun_short_supply",
    "taint_loss",
)


# The settings a night reads, in the order of ``USED`` (a KeyError: one of them is not set).
_USED_OF = operator.itemgetter(*USED)
# The pack of a game that names none (``board_for``'s own default).
_NO_PACKS = (BASE_PACK,)
_Fixed = tuple[dict[str, Any], BoardData, _Layout, tuple[bool, ...]]
# What a night reads that depends only on the game's pack, the settings it uses and the war
# level: (the settings used, the board, its layout, the plan of a night), by those values.
_FIXED: dict[tuple[Any, ...], _Fixed] = {}
# The last key found in ``_FIXED`` with what it found: the nights of a game mostly ask again.
_LAST: list[tuple[Any, Any]] = [(None, None)]


def _fixed(state: State) -> _Fixed:
    """The settings used, the board, its layout and the plan of a night of ``state`` (a base
    game: :func:`covered`), computed once per pack, settings used and war level: what
    ``board_for``, ``war_status`` and ``general_only_plan`` read of it."""
    given: dict[str, Any] | None = state.get("settings")
    if not given:
        used = _defaults()
    else:
        try:
            used = _USED_OF(given)
        except KeyError:  # a setting not given: its default
            used = tuple(map(given.get, USED, _defaults()))
    key = ((state.get("packs") or _NO_PACKS)[0], state.get("war_level"), used)
    last = _LAST[0]
    if key == last[0]:  # the same as the night before (no hash of the key)
        return last[1]  # type: ignore[no-any-return]
    try:
        found = _FIXED[key]
        _LAST[0] = (key, found)  # one write: another thread reads both or neither
        return found
    except KeyError:
        pass
    except TypeError:  # a value that is no key (never a setting's choice)
        return _fixed_of(state, used)
    found = _FIXED[key] = _fixed_of(state, used)
    if len(_FIXED) > 256:
        _FIXED.pop(next(iter(_FIXED)))
    return found


def _defaults() -> tuple[Any, ...]:
    if not _DEFAULTS:
        _DEFAULTS.update({name: default_settings()[name] for name in USED})
    return tuple(_DEFAULTS.values())


def _fixed_of(state: State, used: tuple[Any, ...]) -> _Fixed:
    settings = dict(zip(USED, used, strict=True))
    data = board_for(state, bool(settings["disputed_roads"]))
    # The war does not change during a night of the base game: one plan for every night.
    plan = general_only_plan(settings, war_status(state), int(state.get("war_level") or 0))
    return settings, data, _layout(data), plan


def covered(state: State) -> bool:
    """Whether the night on arrays may resolve a night from ``state``: a base game, no choice
    pending, no card being read, not over, its Darkness Spreads deck held by the app."""
    get = state.get  # a chain of ``or``: the cheapest reading of these keys, most absent
    return not (
        get("system") != "dotr"
        or get("expansions")
        or get("overlays")
        or get("outcome")
        or get("closed")
        or get("pending")
        or get("reading")
        or state["decks"][DS].get("owner") == "table"
    )


def array_night(state: State, rng: random.Random, tally: Tally | None) -> State | None:
    """The state after the ``night`` command from ``state``, or None: the command path is to
    resolve this night (the random source as it was handed in, the tally untouched)."""
    if not covered(state):
        return None
    night = _OneNight(state, rng)
    try:
        night.draw_and_resolve()
    except _Handback:  # as ``ArrayNights.night``: the random source as it was handed in
        if night.saved is not None:
            rng.setstate(night.saved)
        return None
    if tally is not None:
        if night.overruns:
            counted = tally.overruns
            for loc, n in night.overruns.items():
                counted[loc] = counted.get(loc, 0) + n
        tally.cards += night.cards
        if night.lost is not None:
            tally.lost_by = night.lost.cause
    return night.result()


class ArrayPosition:
    """A position as the nights on arrays read it, read once for every night that starts from
    it: its settings, board layout and the plan of a night (which cards only move their
    General). Each location's minions are read from the state when wanted (:meth:`row`): one
    night; :class:`KeptPosition` keeps them for the next night started from the position (each
    sample of a forecast). ``state`` must be :func:`covered`."""

    __slots__ = ("board", "data", "layout", "plan", "settings", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.settings, self.data, self.layout, self.plan = _fixed(state)
        self.board: dict[str, Any] = state["board"]

    def minions(self, i: int) -> tuple[int, int, int, int]:
        """The minions of location ``i`` in the position (in the order of ``COLOURS``)."""
        space = self.board[self.layout.locs[i]]
        if len(space) != _SPACE_SIZE:
            raise _Handback  # tokens or marks of an expansion
        return _COUNTS(space["minions"])  # type: ignore[no-any-return]

    def row(self, i: int) -> list[int]:
        """:meth:`minions` as a new list (a night's row)."""
        space = self.board[self.layout.locs[i]]
        if len(space) != _SPACE_SIZE:
            raise _Handback  # tokens or marks of an expansion
        minions = space["minions"]
        return [minions["green"], minions["black"], minions["red"], minions["blue"]]


class KeptPosition(ArrayPosition):
    """An :class:`ArrayPosition` that keeps each location's minions, once read, for the next
    night started from it (many samples)."""

    __slots__ = ("start",)

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.start: dict[int, tuple[int, int, int, int]] = {}

    def row(self, i: int) -> list[int]:
        found = self.start.get(i)
        if found is None:
            found = self.start[i] = ArrayPosition.minions(self, i)
        return list(found)


class ArrayNights:
    """Nights one after another from an :class:`ArrayPosition`, on arrays that stay arrays from
    one night to the next: each location's minions (a list of 4) and crystals, the supply, the
    Darkness Spreads piles, the Generals moved. :meth:`night` resolves the next night; what it
    did is read from the arrays (``changed``, ``rows``, ``taint``, ``generals``, ``overruns``,
    ``lost``) and :meth:`result` writes the state out (copy on write)."""

    __slots__ = (
        "board",
        "cards",
        "changed",
        "crystals",
        "data",
        "discard",
        "draw",
        "generals",
        "layout",
        "lost",
        "new_row",
        "overruns",
        "plan",
        "position",
        "restore",
        "rng",
        "rows",
        "saved",
        "settings",
        "state",
        "supply",
        "taint",
        "tainted",
        "top",
    )

    def __init__(
        self,
        position: ArrayPosition,
        rng: random.Random,
        draw: list[str] | None = None,
        restore: bool = False,
    ) -> None:
        """``draw``: the Darkness Spreads draw pile to draw from (the position's if None).
        ``restore``: a night handed back restores the random source as it was before the night
        (else the random source is left as the night left it, and the caller starts again)."""
        state = self.state = position.state
        self.position = position
        self.plan = position.plan
        self.new_row = position.row
        self.settings = position.settings
        self.rng = rng
        self.restore = restore
        self.saved: Any = None
        self.data = position.data
        self.layout = position.layout
        self.board = position.board
        # Minions of each location read (a list of 4), its crystals: read when first touched.
        self.rows: dict[int, list[int]] = {}
        self.taint: dict[int, int] = {}
        supply = state["supply"]
        minions = supply["minions"]
        self.supply = [minions["green"], minions["black"], minions["red"], minions["blue"]]
        self.crystals: int = supply["taint"]
        if draw is None:
            draw = state["decks"][DS]["draw"]
        self.draw: list[str] = draw
        self.top = len(draw)
        self.discard: list[str] | None = None  # a new discard pile once a card goes there
        self.generals: dict[str, dict[str, Any]] = {}
        self.cards = 0
        self.lost: Loss | None = None

    # ---- the board as arrays -------------------------------------------------------------
    def row(self, i: int) -> list[int]:
        row = self.rows.get(i)
        if row is None:
            row = self.rows[i] = self.new_row(i)
        return row

    # The cards that look over the board (Orc Patrols, Orc War Party) read a location's minions
    # without keeping a row for it: its row once read, else its minions as they stand in the
    # position, read here from the state as :meth:`ArrayPosition.minions` does (the same
    # numbers as the kept ones: a position never changes), one call less per location.
    # No row read yet (the night's first card, mostly): no location's index looked up.
    def count_at(self, loc: str) -> int:
        rows = self.rows
        if rows:
            row = rows.get(self.layout.index[loc])
            if row is not None:
                return row[0] + row[1] + row[2] + row[3]
        space = self.board[loc]
        if len(space) != _SPACE_SIZE:
            raise _Handback  # tokens or marks of an expansion
        return sum(space["minions"].values())

    def green_at(self, loc: str) -> int:
        rows = self.rows
        if rows:
            row = rows.get(self.layout.index[loc])
            if row is not None:
                return row[GREEN]
        space = self.board[loc]
        if len(space) != _SPACE_SIZE:
            raise _Handback  # tokens or marks of an expansion
        return space["minions"]["green"]  # type: ignore[no-any-return]

    def present_at(self, loc: str) -> list[str]:
        return [c for c, n in zip(COLOURS, self.row(self.layout.index[loc]), strict=True) if n]

    # ---- the night -------------------------------------------------------------------------
    def night(self) -> bool:
        """Resolve the next night on the arrays; False when it is left to the command path
        (the arrays are then of no further use)."""
        # The locations given a crystal this night (one a night at most), the locations whose
        # minions or crystals this night changed (each read into ``rows``), its overruns.
        self.tainted: set[int] = set()
        self.changed: set[int] = set()
        self.overruns: dict[str, int] = {}
        self.saved = None
        try:
            self.draw_and_resolve()
        except _Handback:
            if self.restore and self.saved is not None:
                self.rng.setstate(self.saved)
            return False
        return True

    def draw_and_resolve(self) -> None:
        """The night's cards, drawn and resolved one by one, until the plan is done or the
        Realm falls."""
        state = self.state
        layout = self.layout
        known = layout.cards
        place = self.place
        for general_only in self.plan:
            if self.top == 0:
                self.reshuffle()
            self.top -= 1
            card_id = self.draw[self.top]
            if card_id in known:
                card = known[card_id]
            else:
                # A card met for the first time on this board (compiled once by its id).
                card = layout.compiled(game_cards(state)[card_id])
            if card is None:
                raise _Handback
            try:
                if general_only:
                    pass
                elif card.kind == STANDARD:
                    for colour, count, loc in card.placements:
                        place(colour, count, loc)
                else:
                    self.resolve(card)
                if card.general is not None:
                    self.advance_general(card.general, card.general_to, card.general_minions)
            except _Fallen as fallen:
                # The card that lost the game is discarded; nothing more resolves, and the
                # turn does not pass (night.py).
                self.lost = fallen.loss
            discard = self.discard
            if discard is None:
                discard = self.discard = list(state["decks"][DS]["discard"])
            discard.append(card_id)
            self.cards += 1
            if self.lost is not None:
                break

    def reshuffle(self) -> None:
        """The draw pile is empty: the discard pile shuffled becomes the draw pile."""
        deck = self.state["decks"][DS]
        pile = list(deck["discard"]) if self.discard is None else self.discard
        if not deck["auto_reshuffle"] or not pile:
            raise _Handback
        if self.restore and self.saved is None:
            self.saved = self.rng.getstate()
        self.rng.shuffle(pile)
        self.discard = []
        self.draw = pile
        self.top = len(pile)

    def resolve(self, card: _Compiled) -> None:
        kind = card.kind
        if kind == STANDARD:
            for colour, count, loc in card.placements:
                self.place(colour, count, loc)
        elif kind == PATROLS:
            self.place_each(patrol_targets(self.data, self.count_at), WHERE_EMPTY_GREEN)
        elif kind == WAR_PARTY:
            targets = war_party_targets(self.data, self.green_at, self.count_at)
            self.place_each(targets, WHERE_LONE_ORC)
        elif kind == CITY_CARD:
            city = self.layout.city
            for name in city_card_colours(self.data, self.present_at):
                self.place(COLOURS.index(name), 1, city)

    def place_each(self, targets: list[str], where: Text) -> None:
        """One Orc on each location (Orc Patrols, Orc War Party)."""
        left = self.supply[GREEN]
        if len(targets) > left:
            raise _Fallen(loss_minions_needed(self.data, "green", len(targets), where, left))
        index = self.layout.index
        for loc in targets:
            self.place(GREEN, 1, index[loc])

    def place(self, colour: int, count: int, i: int) -> None:
        if count <= 0:
            return
        layout = self.layout
        if layout.inn[i]:
            return
        supply = self.supply
        if count > supply[colour]:
            data = self.data
            loc = layout.locs[i]
            where = data.place_ref(loc)
            raise _Fallen(loss_minions_needed(data, COLOURS[colour], count, where, supply[colour]))
        rows = self.rows
        if i in rows:  # (cheaper than ``get`` here: a call less, and mostly not there yet)
            row = rows[i]
        else:
            row = rows[i] = self.new_row(i)
        if i == layout.city:
            self.into_city(row, colour, count)
            return
        fits = placed_fits(row[0] + row[1] + row[2] + row[3], count)
        if fits:
            self.changed.add(i)
            before = row[colour]
            row[colour] = before + fits
            supply[colour] -= fits
            if placed_taints(before, before + fits, layout.taints_at[colour]):
                self.taint_at(i)
        if fits < count:
            self.taint_at(i)
            self.overrun(i, colour)

    def overrun(self, i: int, colour: int) -> None:
        loc = self.layout.locs[i]
        self.overruns[loc] = self.overruns.get(loc, 0) + 1
        layout = self.layout
        supply = self.supply
        rows, changed = self.rows, self.changed
        taints_at = layout.taints_at[colour]
        for target in layout.spread[i]:
            if supply[colour] <= 0:
                if self.settings["overrun_short_supply"] == "loss":
                    raise _Fallen(loss_overrun_short(self.data, loc, COLOURS[colour]))
                continue
            if target in rows:
                row = rows[target]
            else:
                row = rows[target] = self.new_row(target)
            if target == layout.city:
                self.into_city(row, colour, 1)
                continue
            row[colour] += 1
            supply[colour] -= 1
            changed.add(target)
            if spread_taints(row[0] + row[1] + row[2] + row[3], row[colour], taints_at):
                self.taint_at(target)

    def into_city(self, row: list[int], colour: int, count: int) -> None:
        self.changed.add(self.layout.city)
        row[colour] += count
        self.supply[colour] -= count
        total = sum(row)
        strict = self.settings["monarch_city_overrun"] == "dragon_faq"
        if city_tainted(strict, total, row[colour], self.layout.taints_at[colour]):
            self.taint_at(self.layout.city)
            raise _Fallen(loss_city_tainted(self.data))
        if city_falls(total):
            raise _Fallen(loss_city_full(self.data, total))

    def taint_at(self, i: int) -> None:
        if i in self.tainted:
            return
        left = self.crystals
        if left <= 0:
            raise _Fallen(loss_no_crystal(self.data, self.layout.locs[i]))
        self.tainted.add(i)
        self.changed.add(i)
        taint = self.taint.get(i)
        if taint is None:
            taint = self.board[self.layout.locs[i]]["taint"]
        self.taint[i] = taint + 1
        self.crystals = left - 1
        if last_crystal_loses(self.settings, left):
            raise _Fallen(loss_last_crystal())

    def advance_general(self, general: str, target: str | None, minions: int) -> None:
        generals = self.generals  # (mostly none yet: ``in`` is cheaper than a ``get`` here)
        entry = generals[general] if general in generals else self.state["generals"][general]
        if entry["defeated"]:
            return
        path, life, mark, colour = self.layout.generals[general]
        index: int = entry["path_index"]
        following = general_next(path, index, target)
        if following is None:
            return
        life -= int(entry.get("wounds", 0))
        if general_halted(self.settings, life, mark):
            self.place(colour, minions, self.layout.index[path[index]])
            return
        moved = self.generals[general] = entry.copy()  # as ``{**entry, ...}`` (result)
        moved["location"] = following
        moved["path_index"] = index + 1
        data = self.data
        if following == data.city:
            raise _Fallen(loss_general_entered(data, general, following))
        if minions:
            self.place(colour, minions, self.layout.index[following])

    # ---- the state out ---------------------------------------------------------------------
    # Each dict written out is a copy of the one it replaces with some of its keys set again:
    # the same keys in the same order as ``{**old, key: value}``, at about half the cost (a
    # copy of a small dict is one block copied; unpacking it inserts key by key).
    def result(self) -> State:
        state = self.state
        out = state.copy()
        if self.changed:
            board = self.board.copy()
            locs = self.layout.locs
            rows, taints = self.rows, self.taint
            for i in self.changed:
                loc = locs[i]
                row = rows[i]
                space = board[loc].copy()
                space["minions"] = {"green": row[0], "black": row[1], "red": row[2], "blue": row[3]}
                if i in taints:  # (mostly not: ``in`` is cheaper than a ``get`` here)
                    space["taint"] = taints[i]
                board[loc] = space
            out["board"] = board
            supply = self.supply
            written = out["supply"] = state["supply"].copy()
            written["minions"] = {
                "green": supply[0],
                "black": supply[1],
                "red": supply[2],
                "blue": supply[3],
            }
            written["taint"] = self.crystals
        if self.generals:
            generals = out["generals"] = state["generals"].copy()
            generals.update(self.generals)
        decks = out["decks"] = state["decks"].copy()
        deck = decks[DS] = decks[DS].copy()
        deck["draw"] = self.draw[: self.top]
        deck["discard"] = self.discard
        if self.lost is not None:
            out["outcome"] = outcome_of(self.lost)
        else:
            out["turn"] = turn_after_night(state)[0]
        return out


class _OneNight(ArrayNights):
    """The night of :func:`array_night`: one night from ``state``, which it reads as
    :class:`ArrayPosition` reads a position (the same :func:`_fixed`, each location's minions
    read from the state when first wanted) without a position object of its own, from the
    state's Darkness Spreads draw pile; a night handed back restores the random source.

    A simulated night is mostly one card: setting up a position and the nights for it was
    about a tenth of such a night.
    """

    __slots__ = ()

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.settings, self.data, self.layout, self.plan = _fixed(state)
        self.board = state["board"]
        self.rng = rng
        self.restore = True
        self.saved = None
        self.rows = {}
        self.taint = {}
        supply = state["supply"]
        minions = supply["minions"]
        self.supply = [minions["green"], minions["black"], minions["red"], minions["blue"]]
        self.crystals = supply["taint"]
        draw = self.draw = state["decks"][DS]["draw"]
        self.top = len(draw)
        self.discard = None
        self.generals = {}
        self.cards = 0
        self.lost = None
        # What ``ArrayNights.night`` sets before a night (here the only one).
        self.tainted = set()
        self.changed = set()
        self.overruns = {}

    def new_row(self, i: int) -> list[int]:
        """:meth:`ArrayPosition.row` of the state (a method here, where :class:`ArrayNights`
        keeps its position's bound method)."""
        space = self.board[self.layout.locs[i]]
        if len(space) != _SPACE_SIZE:
            raise _Handback  # tokens or marks of an expansion
        minions = space["minions"]
        return [minions["green"], minions["black"], minions["red"], minions["blue"]]
