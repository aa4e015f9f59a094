"""The REST API of the live server, as a phone the test does not drive would call it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def call(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """GET ``/api/v1/<path>`` (or POST ``body``), with a seat token when given."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}/api/v1/{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)
