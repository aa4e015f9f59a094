"""A documented choice of a game system: where its rulebook is silent or its sources conflict.

Every game system lists its choices as :class:`Setting` values (``rules/<system>/settings.py``):
a default, the allowed values, why the default was picked and where it comes from. The setup
screen shows them; a game's are fixed at setup and kept in ``state["settings"]``.

Beside the record for the curious (``description``, ``source``), a setting speaks to players:
``title`` and ``sentence`` in plain words, ``group`` (the heading it appears under), ``labels``
(one plain label per allowed value) and ``advanced`` (shown behind "Advanced": a choice between
sources rather than a way to play). ``needs`` names the expansions it acts in (the rules fill it
in when they load the tables); ``only_with`` the values of other settings it acts with.
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
    title: str = ""
    sentence: str = ""
    group: str = ""
    labels: tuple[str, ...] = ()
    advanced: bool = True
    needs: tuple[str, ...] = ()
    # Other settings this one acts with: (name, value) pairs that must all hold; a tuple value
    # holds when the other setting has any of its values.
    only_with: tuple[tuple[str, Any], ...] = ()

    def label(self, value: Any) -> str:
        """The plain label of an allowed value."""
        for allowed, label in zip(self.allowed, self.labels, strict=False):
            if type(allowed) is type(value) and allowed == value:
                return label
        if isinstance(value, bool):
            return "On" if value else "Off"
        return str(value).replace("_", " ").replace("-", " ")

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "allowed": list(self.allowed),
            "description": self.description,
            "source": self.source,
            "title": self.title or self.name.replace("_", " ").capitalize(),
            "sentence": self.sentence,
            "group": self.group,
            "choices": [{"value": value, "label": self.label(value)} for value in self.allowed],
            "advanced": self.advanced,
            "needs": list(self.needs),
            "only_with": {
                name: list(value) if isinstance(value, tuple) else [value]
                for name, value in self.only_with
            },
        }
