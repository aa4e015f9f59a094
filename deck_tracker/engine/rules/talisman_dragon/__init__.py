"""Talisman (Revised 4th Edition): The Dragon, as a game system beside Defenders of the Realm.

The state of a ``talisman-dragon`` game, beyond the generic keys (``seats``, ``decks``, ...)::

    settings          the documented choices of settings.py, fixed at setup
    lords             {lord: {"scales": 0..2, "lives": n | None, "wounds": n}}
    king              the Dragon King (a Lord id) or None before the first crowning
    board_scales      {space id: lord}   scales on the Outer and Middle Region spaces
    discarded_scales  {lord: n}
    characters        {seat: {"name", "space", "scales": {lord: n}, "inner": None |
                       {"side", "index", "space", "turned_back"}, "opponents": [lord, ...]}}
    turn              {"seat", "number", "tokens_owed", "kills", "tower_drawn"?, "inner_moved"?,
                       "confronted"?}
    encounter         the Dragon Card drawn for a scale this turn, or None
    tower_cards       the Dragon Cards in the Dragon Tower this turn
    tower_draws       {tower space: n}   numbers read from the overlay, remembered
    taught            {card id: {"name", "kind"}}   Dragon Cards the table has read out
    overlays          {"talisman-dragon": {"hash", "data"}}: the pack's overlay kept at setup,
                      what earlier tables taught (memory.py)
    decks             varthrax, cadorus, grilipus (and dragon_tokens when the app holds the bag)

One module per concern: content (the pack), board (regions, counterclockwise), tokens (the
draw), scales (crowning), encounters (landing on and claiming scales), combat (the bonus,
cancelling a rage, inheritance), inner (Tower and Realm), crown (the confrontation), turns,
teach (cards read out), memory (what earlier games taught), view. The system is registered
here, in one place.
"""

from deck_tracker.engine.systems import System

from . import combat as _combat  # noqa: F401
from . import crown as _crown  # noqa: F401
from . import encounters as _encounters  # noqa: F401
from . import inner as _inner  # noqa: F401
from . import teach as _teach  # noqa: F401
from . import tokens as _tokens  # noqa: F401
from . import turns as _turns  # noqa: F401
from .common import SYSTEM, character_name
from .settings import scenario_entry
from .setup import seat_joined, setup_talisman
from .view import view_talisman


def load() -> System:
    """The system as ``engine/systems.py`` lists it (its command modules are imported above)."""
    return System(
        SYSTEM,
        setup=setup_talisman,
        seat_hook=seat_joined,
        view=view_talisman,
        hero_name=character_name,
        offered=lambda: [scenario_entry()],
    )
