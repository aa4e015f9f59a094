"""Every game system's rules; importing this registers their setups and commands."""

from .. import game as _generic  # noqa: F401
