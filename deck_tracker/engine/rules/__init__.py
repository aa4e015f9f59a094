"""Every game system's rules; importing this registers their setups and commands."""

from .. import game as _generic  # noqa: F401
from . import battlefields as _battlefields  # noqa: F401
from . import dotr as _dotr  # noqa: F401
