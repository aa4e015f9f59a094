"""A documented choice of a game system: where its rulebook is silent or its sources conflict.

Every game system lists its choices as :class:`Setting` values (``rules/<system>/settings.py``):
a default, the allowed values, why the default was picked and where it comes from. The setup
screen shows them; a game's are fixed at setup and kept in ``state["settings"]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Setting"]


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    allowed: tuple[Any, ...]
    description: str
    source: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "allowed": list(self.allowed),
            "description": self.description,
            "source": self.source,
        }
