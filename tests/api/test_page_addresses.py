"""Page addresses: each screen's address loads again on a reload, and a wrong one shows a page
(the phone's own 'Nothing here'), while the API keeps answering JSON."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def test_reloading_the_talisman_setup_address_opens_the_shell(client: Any) -> None:
    response = client.get("/new/talisman-dragon", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")


def test_a_wrong_page_address_shows_a_page_not_json(client: Any) -> None:
    response = client.get("/gmae/nowhere", HTTP_ACCEPT="text/html,application/xhtml+xml")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert '<div id="app"' in response.content.decode()


def test_the_api_still_answers_a_wrong_address_in_json(client: Any) -> None:
    response = client.get("/api/v1/nowhere/", HTTP_ACCEPT="text/html")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
