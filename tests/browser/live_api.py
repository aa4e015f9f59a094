"""The REST API of the live server, as a phone the test does not drive would call it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.helpers import a_face


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


def read_every_card(base: str, game: dict[str, Any], seats: dict[str, str] | None = None) -> None:
    """Answer every card the app waits to be read (the night resumes after each); a card in a
    hidden hand (a new Quest) by its holder's phone (``seats``: seat -> token)."""
    while reading := call(base, f"games/{game['id']}/", token=game["token"])["state"]["reading"]:
        token = {"1": game["token"], **(seats or {})}[reading[0].get("seat") or "1"]
        seen = call(base, f"games/{game['id']}/", token=token)
        body = {
            "type": "read_card",
            "args": {"face": a_face(seen["state"]["reading"][0])},
            "expected_version": seen["version"],
        }
        call(base, f"games/{game['id']}/actions/", body, token=token)
