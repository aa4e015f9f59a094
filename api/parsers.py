"""JSON bodies, refusing text the database could not store or a client could not read back.

NUL characters, and lone UTF-16 surrogates (``"\\ud800"`` is valid JSON but no Unicode text:
PostgreSQL refuses it, and no response could encode it).
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class InvalidText(ParseError):
    default_code = "invalid_text"


def unstorable_text(value: Any) -> bool:
    if isinstance(value, str):
        return _UNSTORABLE.search(value) is not None
    if isinstance(value, dict):
        return any(unstorable_text(k) or unstorable_text(v) for k, v in value.items())
    if isinstance(value, list):
        return any(unstorable_text(item) for item in value)
    return False


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
            refused = unstorable_text(data)
        except RecursionError:
            raise ParseError(_("The JSON is nested too deeply.")) from None
        if refused:
            raise InvalidText(
                "Text may not contain NUL characters or lone UTF-16 surrogates (\\ud800-\\udfff)."
            )
        return data
