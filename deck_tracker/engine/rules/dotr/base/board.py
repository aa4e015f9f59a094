"""Board primitives: minions, overruns, taint, Generals and the ways the Realm falls.

Everything here works on the state through a :class:`Realm`, which wraps a command's
:class:`~deck_tracker.engine.core.Context` for one resolution (a night, or the setup). It writes
only new objects (``ctx.set``), collects the :class:`Step` list the physical table follows (each
naming its rule), and remembers which locations already took a Tainted Crystal this turn.

How minions are placed (the base rules, the FAQ at the end of the Dragon expansion rulebook, and
the settings of ``settings.py``):

* A 4th minion on a location taints it (1 crystal) and overruns: 1 minion of the placed colour
  goes on every adjacent location (never on an Inn). The 4th minion itself is not placed: a
  location holds at most 3 minions from placement.
* Demons taint with their 3rd figure on a location, without an overrun (FAQ: "Demons have the
  special skill of tainting a location when a 3rd Demon is placed on it, but this does not create
  an overrun. Overruns only occur whenever a 4th Minion is added to a location.").
* At most one crystal per location per turn (FAQ: "there can only be 1 tainted crystal placed in
  a location per turn"); a night is one turn, and so is the whole setup.
* Placing onto a location that already holds 3 (or more) minions. FAQ: "When you have 3 of any
  type of minions on a location and are to place one or more new Minions of any type to that
  location, the location immediately becomes Tainted (only placing 1 Tainted Crystal regardless
  of type of Minions or number that was to be added) and the Minion type on the Darkness Spreads
  Card being added overruns to each surrounding location, meaning that 1 Minion of that type is
  added to each surrounding location." So: one crystal on the location, one overrun of the
  placed colour, and none of the placed minions goes on the location (it keeps what it had),
  whatever the count placed. Fewer than 3 present: the minions go on one at a time until the
  location holds 3; if any is left over, that is the 4th minion: crystal and one overrun.
* Overruns never chain, but an overrun minion is placed even where 3 minions stand and may taint
  its new location. FAQ: "This overrun action may place a 3rd demon on a location if the overrun
  was Demons or a 4th minion on a location, and in doing so would cause an additional Tainted
  Crystal to be placed on the overrun location, but will not cause any additional overruns." So
  an overrun minion arriving where it makes 4 (or more) minions, or a 3rd Demon, taints that
  location (once per turn) and stays there.
* Monarch City (setting ``monarch_city_overrun``): in the base game it never overruns or taints
  and takes every minion sent to it; 5 minions there lose the game. With ``dragon_faq`` a 4th
  minion (or 3rd Demon) taints it, which loses the game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from deck_tracker.engine import i18n
from deck_tracker.engine.content import COLOURS, Card, Pack, default_packs
from deck_tracker.engine.core import Context, Keyed, LazyStep, State, Step, ended
from deck_tracker.engine.i18n import Text, listing, msg, render_text
from deck_tracker.engine.rules.dotr.base.packs import content_key, game_pack
from deck_tracker.engine.rules.dotr.base.settings import merged_settings
from deck_tracker.engine.rules.dotr.registry import in_play

__all__ = [
    "CITY_OVERRUN",
    "CRYSTALS",
    "FIRE",
    "GATES",
    "GENERAL_IN_CITY",
    "LOSS_CAUSES",
    "MINIONS_PER_COLOUR",
    "OTHER_LOSS",
    "TAINT_EXHAUSTED",
    "BoardData",
    "GameOver",
    "Loss",
    "Realm",
    "Tally",
    "board_data",
    "card_ref",
    "city_falls",
    "city_tainted",
    "deck_cards",
    "general_halted",
    "general_next",
    "last_crystal_loses",
    "loss_city_full",
    "loss_city_tainted",
    "loss_general_entered",
    "loss_last_crystal",
    "loss_minions_needed",
    "loss_no_crystal",
    "loss_overrun_short",
    "outcome_of",
    "placed_fits",
    "placed_taints",
    "spread_taints",
]

MINIONS_PER_COLOUR = 25
CRYSTALS = 12
GATES = 5
OVERRUN_AT = 4  # the 4th minion on a location overruns
CITY_LOSS_AT = 5

R_PLACE = msg("dotr.rule.place")
R_OVERRUN = msg("dotr.rule.overrun")
R_THREE_PRESENT = msg("dotr.rule.three_present")
R_DEMONS = msg("dotr.rule.demons")
R_ONE_CRYSTAL = msg("dotr.rule.one_crystal")
R_NO_CHAIN = msg("dotr.rule.no_chain")
R_INN = msg("dotr.rule.inn")
R_CITY = msg("dotr.rule.city")
R_CITY_FAQ = msg("dotr.rule.city_faq")
R_LOSS_GENERAL = msg("dotr.rule.loss_general")
R_LOSS_CITY = msg("dotr.rule.loss_city")
R_LOSS_MINIONS = msg("dotr.rule.loss_minions")
R_LOSS_CRYSTAL = msg("dotr.rule.loss_crystal")
R_LOSS_NO_CRYSTAL = msg("dotr.rule.loss_no_crystal")
R_SETUP = msg("dotr.rule.setup_no_overrun")
R_SHORT_OVERRUN = msg("dotr.rule.short_overrun")
R_GENERAL = msg("dotr.rule.general")
R_MAJOR_WOUND = msg("dotr.rule.major_wound_halts")
R_GENERAL_MINIONS = msg("dotr.rule.general_minions")


class Tally:
    """What the board rules did, counted as they resolve, for a simulation to read (the threat
    forecast): the overruns from each location and the way the Realm fell (one of
    ``LOSS_CAUSES``). Set it on the context (``ctx.tally``) before the command runs; it is never
    part of the state or the events, so the game comes out the same with or without it."""

    __slots__ = ("cards", "lost_by", "overruns")

    def __init__(self) -> None:
        self.overruns: dict[str, int] = {}
        self.lost_by: str | None = None
        # Darkness Spreads cards resolved (a lost night counts the card that lost it).
        self.cards = 0


# The ways the Realm falls, as the rules that end the game name them.
GENERAL_IN_CITY = "general_in_city"
CITY_OVERRUN = "city_overrun"
TAINT_EXHAUSTED = "taint_exhausted"
FIRE = "fire"
OTHER_LOSS = "other"
LOSS_CAUSES = (
    GENERAL_IN_CITY,
    CITY_OVERRUN,
    TAINT_EXHAUSTED,
    *(f"minions_{colour}" for colour in COLOURS),
    FIRE,
    OTHER_LOSS,
)


# ---- the rules' decisions ------------------------------------------------------------------
# Plain functions of plain numbers, taken by the Realm below (the command path) and by the night
# on arrays (``array_night.py``, a simulation): the two never decide apart.


def placed_fits(present: int, count: int) -> int:
    """How many of ``count`` minions placed on a location holding ``present`` go on it: a
    location holds at most 3 from placement. Fewer than ``count``: the next one is the 4th (or 3
    or more already stood there): one crystal and one overrun."""
    room = OVERRUN_AT - 1 - present
    # ``max(room, 0)`` as a comparison: a call to ``max`` costs more than the rest of the rule.
    return count if count < room else (room if room > 0 else 0)


def placed_taints(before: int, after: int, taints_at: int) -> bool:
    """Whether minions placed (``before`` -> ``after`` of their colour) taint by their number
    alone (the 3rd Demon), below the 4th minion."""
    return taints_at < OVERRUN_AT and before < taints_at <= after


def spread_taints(total: int, of_colour: int, taints_at: int) -> bool:
    """Whether a minion spread onto a location (an overrun) taints it, now that it holds
    ``total`` minions, ``of_colour`` of that minion's colour (never a further overrun)."""
    return total >= OVERRUN_AT or of_colour >= taints_at


def city_tainted(strict: bool, total: int, of_colour: int, taints_at: int) -> bool:
    """Monarch City with the Dragon FAQ (``strict``): a 4th minion or 3rd Demon taints it."""
    return strict and (total >= OVERRUN_AT or of_colour >= taints_at)


def city_falls(total: int) -> bool:
    """Monarch City holding ``total`` minions is lost."""
    return total >= CITY_LOSS_AT


def general_next(path: tuple[str, ...], index: int, target: str | None) -> str | None:
    """The space a General at ``path[index]`` advances to for a card naming ``target``, or None
    (it stays: the card does not name its next space, or it has none)."""
    following = path[index + 1] if index + 1 < len(path) else None
    if following is None or (target != "next" and target != following):
        return None
    return following


def general_halted(settings: Mapping[str, Any], life: int, mark: int | None) -> bool:
    """Whether a Major Wound keeps a General in place (setting ``major_wound_halts_general``)."""
    return bool(settings["major_wound_halts_general"]) and mark is not None and life <= mark


class Loss(NamedTuple):
    """A way the Realm falls: the words of the outcome, its rule and its cause (``LOSS_CAUSES``)."""

    reason: Text
    rule: Text
    cause: str


def outcome_of(loss: Loss) -> dict[str, Any]:
    """The game's outcome for ``loss``: its words as messages, read in the reader's language."""
    return ended("lost", loss.reason, loss.rule)


def loss_minions_needed(data: BoardData, colour: str, count: int, where: Text, left: int) -> Loss:
    return Loss(
        msg(
            "dotr.board.loss.minions_needed",
            minions=data.minions_ref(colour, count),
            where=where,
            left=left,
        ),
        R_LOSS_MINIONS,
        f"minions_{colour}",
    )


def loss_no_crystal(data: BoardData, loc: str) -> Loss:
    return Loss(
        msg("dotr.board.loss.no_crystal", location=data.place_ref(loc)),
        R_LOSS_NO_CRYSTAL,
        TAINT_EXHAUSTED,
    )


def loss_last_crystal() -> Loss:
    return Loss(msg("dotr.board.loss.last_crystal"), R_LOSS_CRYSTAL, TAINT_EXHAUSTED)


def last_crystal_loses(settings: Mapping[str, Any], left: int) -> bool:
    """Whether placing the crystal that leaves ``left - 1`` loses (setting ``taint_loss``)."""
    return left == 1 and settings["taint_loss"] == "last_crystal_placed"


def loss_overrun_short(data: BoardData, origin: str, colour: str) -> Loss:
    return Loss(
        msg(
            "dotr.board.loss.overrun_short",
            location=data.place_ref(origin),
            minion=data.minion_ref(colour),
        ),
        R_LOSS_MINIONS,
        f"minions_{colour}",
    )


def loss_city_tainted(data: BoardData) -> Loss:
    return Loss(
        msg("dotr.board.loss.city_tainted", location=data.place_ref(data.city)),
        R_CITY_FAQ,
        CITY_OVERRUN,
    )


def loss_city_full(data: BoardData, total: int) -> Loss:
    return Loss(
        msg("dotr.board.loss.city_full", count=total, location=data.place_ref(data.city)),
        R_LOSS_CITY,
        CITY_OVERRUN,
    )


def loss_general_entered(data: BoardData, general: str, loc: str) -> Loss:
    return Loss(
        msg(
            "dotr.board.loss.general_entered",
            general=data.general_ref(general),
            location=data.place_ref(loc),
        ),
        R_LOSS_GENERAL,
        GENERAL_IN_CITY,
    )


class GameOver(Exception):
    """The Realm has fallen: ``state["outcome"]`` is set and resolution must stop."""


# The expansions' rules that change how the board behaves (PLACEMENT_BLOCKS, AFTER_PLACED,
# GENERAL_MOVERS, GENERAL_MOVED) are declared, in order, in hooks.py; a Realm runs those that act
# in its game (``registry.in_play``).


@dataclass(frozen=True)
class BoardData:
    """What the rules need of a pack, precomputed once per (pack, road choice)."""

    pack_id: str
    adjacency: Mapping[str, tuple[str, ...]]
    names: Mapping[str, str]
    kinds: Mapping[str, str]
    colours: Mapping[str, str | None]
    city: str
    green: tuple[str, ...]
    paths: Mapping[str, tuple[str, ...]]
    general_names: Mapping[str, str]
    general_colours: Mapping[str, str]
    major_wound: Mapping[str, int | None]
    general_life: Mapping[str, int]
    singular: Mapping[str, str]
    plural: Mapping[str, str]
    # The minion type of each colour in this game (an Imp replaces the Orc under Hemlock): the
    # key of its name in the catalogues.
    minion_ids: Mapping[str, str]
    taints_at: Mapping[str, int]

    def minions(self, colour: str, count: int) -> str:
        return f"{count} {self.singular[colour] if count == 1 else self.plural[colour]}"

    # Names as message parameters (engine/i18n.py): rendered in the reader's language.
    def place_ref(self, loc: str) -> dict[str, Any]:
        return i18n.name(f"location:{loc}", self.names[loc])

    def general_ref(self, general: str) -> dict[str, Any]:
        return i18n.name(f"general:{general}", self.general_names[general])

    def minion_ref(self, colour: str) -> dict[str, Any]:
        """The name of one minion of ``colour`` ("Orc")."""
        return i18n.name(f"minion-type:{self.minion_ids[colour]}", self.singular[colour])

    def minions_ref(self, colour: str, count: int) -> dict[str, Any]:
        """``count`` minions of ``colour`` ("2 Orcs"), for a message."""
        key = f"minion-type:{self.minion_ids[colour]}"
        return i18n.count(count, key, self.singular[colour], self.plural[colour])


def card_ref(card: Card) -> dict[str, Any]:
    """A card's name as a message parameter (a card the table entered: its name as entered)."""
    return i18n.name(f"card:{card.id}", card.name)


@functools.cache
def board_data(pack_id: str, disputed_roads: bool) -> BoardData:
    return _board(default_packs()[pack_id], disputed_roads)


def board_for(state: State, disputed_roads: bool) -> BoardData:
    """The board of a game: its pack's, or its expansion's composition (packs.py)."""
    if not state.get("expansions") and not state.get("overlays"):
        return board_data((state.get("packs") or ["dotr-base"])[0], disputed_roads)
    return _composed_board(Keyed(content_key(state), state), disputed_roads)


@functools.lru_cache(maxsize=64)
def _composed_board(content: Keyed, disputed_roads: bool) -> BoardData:
    return _board(game_pack(content.take()), disputed_roads)


def _board(pack: Pack, disputed_roads: bool) -> BoardData:
    pack_id = pack.id
    locations = pack.locations
    minion_types = {m.colour: m for m in pack.minion_types.values()}
    return BoardData(
        pack_id=pack_id,
        adjacency=pack.adjacency(disputed_roads),
        names={loc.id: loc.name for loc in locations.values()},
        kinds={loc.id: loc.kind for loc in locations.values()},
        colours={loc.id: loc.colour for loc in locations.values()},
        city=next(loc.id for loc in locations.values() if loc.kind == "city"),
        green=tuple(sorted(loc.id for loc in locations.values() if loc.colour == "green")),
        paths={g.id: g.path for g in pack.generals.values()},
        general_names={g.id: g.name for g in pack.generals.values()},
        general_colours={g.id: g.colour for g in pack.generals.values()},
        major_wound={g.id: g.major_wound_at_or_below for g in pack.generals.values()},
        general_life={g.id: g.life or 0 for g in pack.generals.values()},
        singular={c: minion_types[c].name for c in COLOURS},
        plural={c: minion_types[c].plural for c in COLOURS},
        minion_ids={c: minion_types[c].id for c in COLOURS},
        taints_at={c: minion_types[c].taints_at for c in COLOURS},
    )


_SUPPLY_MINIONS = ("supply", "minions")


class Realm:
    """The board of one game, for one resolution (a night or the setup)."""

    # One is made per night: no attribute dict to make, fill and free each time.
    __slots__ = (
        "after_placed",
        "card_resolved",
        "crystals",
        "ctx",
        "data",
        "effects",
        "general_moved_rules",
        "general_movers",
        "memo",
        "narrate",
        "overruns",
        "placement_blocks",
        "settings",
        "setup",
        "steps",
        "tainted",
        "tally",
    )

    def __init__(self, ctx: Context, *, setup: bool = False) -> None:
        self.ctx = ctx
        # Read only: the game's settings as they are now, each one it lacks its default.
        self.settings: Mapping[str, Any] = merged_settings(ctx.state.get("settings"))
        self.data = board_for(ctx.state, bool(self.settings["disputed_roads"]))
        self.setup = setup
        # Overruns and taint: always in play, during setup only in the harder variant.
        self.effects = not setup or bool(self.settings["harder_setup"])
        self.tainted: set[str] = set()
        # What expansion rules compute once per resolution (e.g. which minions fly).
        self.memo: dict[str, Any] = {}
        self.steps: list[Step] = []
        # Whether the steps the table reads are written (a simulation skips them: the state
        # comes out the same; ``core.QuietContext``).
        self.narrate = ctx.narrate
        self.overruns = 0
        self.crystals = 0
        # What a simulation counts (``Tally``), or None.
        self.tally: Tally | None = ctx.tally
        # The expansions' rules that act in this game (none in a base game).
        hooks = in_play(ctx.state)
        self.placement_blocks = hooks.placement_blocks
        self.after_placed = hooks.after_placed
        self.general_movers = hooks.general_movers
        self.general_moved_rules = hooks.general_moved
        self.card_resolved = hooks.card_resolved

    # ---- reading ------------------------------------------------------------------------
    def name(self, loc: str) -> str:
        return self.data.names[loc]

    def minions_at(self, loc: str) -> dict[str, int]:
        minions: dict[str, int] = self.ctx.state["board"][loc]["minions"]
        return minions

    def tokens_at(self, loc: str) -> int:
        """Trolls and Giant Spiders (Companions & Catacombs) there: they count as minions."""
        space = self.ctx.state["board"][loc]
        return int(space.get("trolls", 0)) + int(space.get("spiders", 0))

    def count_at(self, loc: str) -> int:
        """The minions on ``loc`` for overruns and taint, Trolls and Giant Spiders included."""
        space = self.ctx.state["board"][loc]
        minions: dict[str, int] = space["minions"]
        if "trolls" in space or "spiders" in space:
            return (
                sum(minions.values()) + int(space.get("trolls", 0)) + int(space.get("spiders", 0))
            )
        return sum(minions.values())

    def supply_of(self, colour: str) -> int:
        count: int = self.ctx.state["supply"]["minions"][colour]
        return count

    def step(self, text: Text, rule: Text) -> None:
        if self.narrate:
            self.steps.append(Step(text, rule))

    def take_steps(self) -> list[Step]:
        steps, self.steps = self.steps, []
        return steps

    # ---- writing ------------------------------------------------------------------------
    def _add(self, loc: str, colour: str, count: int) -> dict[str, int]:
        """``count`` minions of ``colour`` from the supply onto ``loc``; the location's minions
        now (read them at once: a simulation goes on writing into the same dict)."""
        minions: dict[str, int] = self.ctx.shift(
            colour, count, ("board", loc, "minions"), _SUPPLY_MINIONS
        )
        return minions

    def lose(self, reason: Text, rule: Text, cause: str = OTHER_LOSS) -> None:
        """Set the outcome (once) and stop the resolution; ``cause``: one of ``LOSS_CAUSES``.

        The outcome keeps the words as messages; the outcome and the step are read in each
        reader's language.
        """
        english = render_text(reason)
        if self.ctx.get("outcome") is None:
            self.ctx.set("outcome", outcome_of(Loss(reason, rule, cause)))
            if self.tally is not None:
                self.tally.lost_by = cause
        self.step(msg("dotr.board.realm_fallen", reason=reason), rule)
        raise GameOver(english)

    def require_minions(self, colour: str, count: int, where: Text) -> None:
        """Loss when a card needs more minions of ``colour`` than the supply holds."""
        left = self.supply_of(colour)
        if count > left:
            self.lose(*loss_minions_needed(self.data, colour, count, where, left))

    def taint(self, loc: str, rule: Text) -> None:
        """One Tainted Crystal on ``loc``, unless it already took one this turn."""
        if loc in self.tainted:
            if self.narrate:
                self.step(
                    msg("dotr.board.taint.already", location=self.data.place_ref(loc)),
                    R_ONE_CRYSTAL,
                )
            return
        left: int = self.ctx.state["supply"]["taint"]
        if left <= 0:
            self.lose(*loss_no_crystal(self.data, loc))
        self.tainted.add(loc)
        self.crystals += 1
        self.ctx.set("board", loc, "taint", self.ctx.state["board"][loc]["taint"] + 1)
        self.ctx.set("supply", "taint", left - 1)
        if self.narrate:
            self.steps.append(LazyStep(rule, _taint_text, self.data, loc, left - 1))
        if last_crystal_loses(self.settings, left):
            self.lose(*loss_last_crystal())

    # ---- placing minions ----------------------------------------------------------------
    def place(
        self, colour: str, count: int, loc: str, *, rule: Text = R_PLACE, by_general: bool = False
    ) -> None:
        """Place ``count`` minions of ``colour`` on ``loc`` as a card (or a General) asks."""
        if count <= 0:
            return
        data = self.data
        if data.kinds[loc] == "inn":
            self.step(msg("dotr.place.inn", location=data.place_ref(loc)), R_INN)
            return
        if self.placement_blocks and self.blocked(loc, by_general):
            return
        state = self.ctx.state
        if count > state["supply"]["minions"][colour]:
            self.require_minions(colour, count, data.place_ref(loc))
        if loc == data.city:
            self._into_city(colour, count, rule)
            return
        # ``count_at`` inlined: the location's minions are read again below.
        space = state["board"][loc]
        minions: dict[str, int] = space["minions"]
        present = sum(minions.values())
        if "trolls" in space or "spiders" in space:
            present += int(space.get("trolls", 0)) + int(space.get("spiders", 0))
        if not self.effects:
            fits = count
            if self.settings["setup_crowding"] == "cap_at_three":
                fits = max(0, min(count, OVERRUN_AT - 1 - present))
            if fits:
                self._add(loc, colour, fits)
                self._placed_step(colour, fits, loc, rule)
            if fits < count:
                self.step(
                    msg(
                        "dotr.board.setup_full",
                        location=data.place_ref(loc),
                        count=count - fits,
                    ),
                    R_SETUP,
                )
            return
        if present >= OVERRUN_AT - 1:
            if self.narrate:
                self.steps.append(
                    LazyStep(
                        R_THREE_PRESENT, _three_present_text, data, loc, present, colour, count
                    )
                )
            self.taint(loc, R_THREE_PRESENT)
            self._overrun(loc, colour)
            return
        fits = placed_fits(present, count)
        before = minions[colour]
        after = self.ctx.shift(colour, fits, ("board", loc, "minions"), _SUPPLY_MINIONS)[colour]
        if self.narrate:
            self.steps.append(LazyStep(rule, _placed_text, data, colour, fits, loc))
        taints_at = data.taints_at[colour]
        if placed_taints(before, after, taints_at):
            self.step(
                msg(
                    "dotr.board.taints_at",
                    minions=data.minions_ref(colour, taints_at),
                    location=data.place_ref(loc),
                ),
                R_DEMONS,
            )
            self.taint(loc, R_DEMONS)
        for after_placed in self.after_placed:
            after_placed(self, loc, colour, fits, "general" if by_general else "card")
        if fits < count:
            if self.narrate:
                self.steps.append(LazyStep(R_OVERRUN, _fourth_text, data, colour, loc))
            self.taint(loc, R_OVERRUN)
            self._overrun(loc, colour)

    def _placed_step(self, colour: str, count: int, loc: str, rule: Text) -> None:
        """The table's step for ``count`` minions of ``colour`` placed on ``loc``."""
        if self.narrate:
            self.steps.append(LazyStep(rule, _placed_text, self.data, colour, count, loc))

    def _overrun(self, loc: str, colour: str) -> None:
        """1 minion of ``colour`` on every adjacent location (not Inns); never chains."""
        self.overruns += 1
        if self.tally is not None:
            counted = self.tally.overruns
            counted[loc] = counted.get(loc, 0) + 1
        data = self.data
        targets = [n for n in data.adjacency[loc] if data.kinds[n] != "inn"]
        if self.narrate:
            if len(targets) < len(data.adjacency[loc]):
                self.step(msg("dotr.board.inn_next", location=data.place_ref(loc)), R_INN)
            self.steps.append(LazyStep(R_OVERRUN, _overrun_text, data, loc, colour, tuple(targets)))
        for target in targets:
            self._arrive(colour, target, loc)

    def blocked(self, loc: str, by_general: bool) -> bool:
        """Whether an expansion's rule keeps every minion off ``loc`` (the step says why)."""
        for block in self.placement_blocks:
            reason = block(self, loc, by_general)
            if reason:
                self.step(
                    msg("dotr.board.blocked", location=self.data.place_ref(loc), reason=reason[1]),
                    reason[0],
                )
                return True
        return False

    def arrive(self, colour: str, loc: str, origin: str) -> None:
        """One minion spread to ``loc`` from ``origin`` (an overrun, a Quick Flying)."""
        self._arrive(colour, loc, origin)

    def _arrive(self, colour: str, loc: str, origin: str) -> None:
        data = self.data
        if self.placement_blocks and self.blocked(loc, False):
            return
        if self.ctx.state["supply"]["minions"][colour] <= 0:
            if self.settings["overrun_short_supply"] == "loss":
                self.lose(*loss_overrun_short(data, origin, colour))
            self.step(
                msg(
                    "dotr.board.short_supply",
                    minion=data.minion_ref(colour),
                    location=data.place_ref(loc),
                ),
                R_SHORT_OVERRUN,
            )
            return
        if loc == data.city:
            self._into_city(colour, 1, R_OVERRUN)
            return
        after = self.ctx.shift(colour, 1, ("board", loc, "minions"), _SUPPLY_MINIONS)
        space = self.ctx.state["board"][loc]
        total = sum(after.values())
        if "trolls" in space or "spiders" in space:
            total += int(space.get("trolls", 0)) + int(space.get("spiders", 0))
        if spread_taints(total, after[colour], data.taints_at[colour]):
            if self.narrate:
                cause = (
                    i18n.count(total, "minion", "minion", "minions")
                    if total >= OVERRUN_AT
                    else data.minions_ref(colour, after[colour])
                )
                self.step(
                    msg("dotr.board.no_chain", location=data.place_ref(loc), minions=cause),
                    R_NO_CHAIN,
                )
            self.taint(loc, R_NO_CHAIN)
        for after_placed in self.after_placed:
            after_placed(self, loc, colour, 1, "spread")

    def _into_city(self, colour: str, count: int, rule: Text) -> None:
        data = self.data
        city = data.city
        strict = self.effects and self.settings["monarch_city_overrun"] == "dragon_faq"
        after = self._add(city, colour, count)
        total = sum(after.values()) + self.tokens_at(city)
        if self.narrate:
            self.step(
                msg(
                    "dotr.board.into_city",
                    minions=data.minions_ref(colour, count),
                    location=data.place_ref(city),
                    total=total,
                ),
                rule if strict else R_CITY,
            )
        if city_tainted(strict, total, after[colour], data.taints_at[colour]):
            self.taint(city, R_CITY_FAQ)
            self.lose(*loss_city_tainted(data))
        if city_falls(total):
            self.lose(*loss_city_full(data, total))

    # ---- Generals -----------------------------------------------------------------------
    def advance_general(self, general: str, target: str | None, minions: int) -> None:
        """The card's General advances if ``target`` is the next space of its path."""
        data = self.data
        state = self.ctx.state["generals"][general]
        if state["defeated"]:
            self.step(
                msg("dotr.board.general.defeated", general=data.general_ref(general)), R_GENERAL
            )
            return
        for mover in self.general_movers:
            if mover(self, general, target, minions):
                return
        path = data.paths[general]
        index: int = state["path_index"]
        here = path[index]
        following = general_next(path, index, target)
        if following is None:
            if self.narrate:
                self.steps.append(LazyStep(R_GENERAL, _stays_text, data, general, here, target))
            return
        life = data.general_life[general] - int(state.get("wounds", 0))
        mark = data.major_wound[general]
        if general_halted(self.settings, life, mark):
            self.step(
                msg(
                    "dotr.board.general.major_wound",
                    general=data.general_ref(general),
                    location=data.place_ref(here),
                ),
                R_MAJOR_WOUND,
            )
            self.place(data.general_colours[general], minions, here)
            return
        self.ctx.set("generals", general, {**state, "location": following, "path_index": index + 1})
        if self.narrate:
            self.steps.append(LazyStep(R_GENERAL, _moves_text, data, general, here, following))
        if following == data.city:
            self.lose(*loss_general_entered(data, general, following))
        self.general_moved(general)
        if minions:
            self.place(
                data.general_colours[general],
                minions,
                following,
                rule=R_GENERAL_MINIONS,
                by_general=True,
            )

    def general_moved(self, general: str) -> None:
        for moved in self.general_moved_rules:
            moved(self, general)


# The texts of the night's most frequent steps, made when an event's steps are first read
# (``core.LazyStep``): the same messages the steps held when built at once.
def _placed_text(data: BoardData, colour: str, count: int, loc: str) -> Text:
    return msg(
        "dotr.place.minions", minions=data.minions_ref(colour, count), location=data.place_ref(loc)
    )


def _taint_text(data: BoardData, loc: str, left: int) -> Text:
    return msg("dotr.board.taint", location=data.place_ref(loc), left=left)


def _overrun_text(data: BoardData, loc: str, colour: str, targets: tuple[str, ...]) -> Text:
    return msg(
        "dotr.board.overrun",
        location=data.place_ref(loc),
        minion=data.minion_ref(colour),
        targets=listing([data.place_ref(n) for n in targets], conjunction=False),
    )


def _three_present_text(data: BoardData, loc: str, present: int, colour: str, count: int) -> Text:
    return msg(
        "dotr.board.three_present",
        location=data.place_ref(loc),
        count=present,
        minions=data.minions_ref(colour, count),
    )


def _fourth_text(data: BoardData, colour: str, loc: str) -> Text:
    return msg("dotr.board.fourth", minion=data.minion_ref(colour), location=data.place_ref(loc))


def _stays_text(data: BoardData, general: str, here: str, target: str | None) -> Text:
    named = (
        msg("dotr.board.general.the_next_space")
        if target == "next"
        else data.place_ref(target or here)
    )
    return msg(
        "dotr.board.general.stays",
        general=data.general_ref(general),
        location=data.place_ref(here),
        target=named,
    )


def _moves_text(data: BoardData, general: str, here: str, following: str) -> Text:
    return msg(
        "dotr.board.general.moves",
        general=data.general_ref(general),
        origin=data.place_ref(here),
        location=data.place_ref(following),
    )


@functools.cache
def deck_cards(pack_id: str, deck: str) -> Mapping[str, Card]:
    """The cards of one of a pack's decks, by id."""
    return {card.id: card for card in default_packs()[pack_id].deck(deck).cards}
