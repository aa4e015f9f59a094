"""Account tokens lapse when unused, are listed and revoked by their owner, end with the session
that made them; every HTML page carries a Content-Security-Policy."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from deck_tracker.awards.models import AccountToken

from ..conftest import client_for
from .conftest import Personas

pytestmark = pytest.mark.django_db


def sign_in(username: str, client: APIClient | None = None) -> str:
    made = (client or APIClient()).post(
        "/api/v1/accounts/token/",
        {"username": username, "password": "a-long-password"},
        format="json",
    )
    assert made.status_code == 201, made.content
    token: str = made.json()["token"]
    return token


def age(days: int) -> None:
    AccountToken.objects.update(last_used_at=timezone.now() - timedelta(days=days))


def test_a_token_lapses_after_its_idle_lifetime(personas: Personas, settings: Any) -> None:
    settings.ACCOUNT_TOKEN_IDLE_DAYS = 30
    age(29)
    assert personas.alice.client.get("/api/v1/accounts/me/").status_code == 200
    age(31)
    lapsed = personas.alice.client.get("/api/v1/accounts/me/")
    assert lapsed.status_code == 401 and lapsed.json()["code"] == "authentication_failed"


def test_each_use_renews_the_token(personas: Personas) -> None:
    age(29)
    personas.alice.client.get("/api/v1/accounts/me/")  # renewed now
    listed = personas.alice.client.get("/api/v1/accounts/tokens/").json()
    current = next(t for t in listed if t["current"])
    assert current["expires_at"] > (timezone.now() + timedelta(days=29)).isoformat()
    age(29)
    assert personas.alice.client.get("/api/v1/accounts/me/").status_code == 200


def test_the_owner_lists_and_revokes_tokens_and_no_one_else(personas: Personas) -> None:
    phone = client_for(sign_in("alice"))
    listed = personas.alice.client.get("/api/v1/accounts/tokens/").json()
    assert len(listed) == 2 and sum(t["current"] for t in listed) == 1
    assert not any("token" in t or "key_hash" in t for t in listed)
    other = next(t for t in listed if not t["current"])
    url = f"/api/v1/accounts/tokens/{other['id']}/"
    assert personas.bob.client.delete(url).status_code == 404
    assert phone.get("/api/v1/accounts/me/").status_code == 200
    assert personas.alice.client.delete(url).status_code == 204
    assert phone.get("/api/v1/accounts/me/").status_code == 401
    assert personas.bob.client.get("/api/v1/accounts/me/").status_code == 200


def test_signing_out_everywhere_revokes_every_token(personas: Personas) -> None:
    phone = client_for(sign_in("alice"))
    assert personas.alice.client.delete("/api/v1/accounts/tokens/").status_code == 204
    assert phone.get("/api/v1/accounts/me/").status_code == 401
    assert personas.alice.client.get("/api/v1/accounts/me/").status_code == 401
    assert personas.bob.client.get("/api/v1/accounts/me/").status_code == 200


def test_signing_the_session_out_revokes_the_tokens_it_made(personas: Personas) -> None:
    browser = APIClient()
    assert browser.post(
        "/api/v1/accounts/session/", {"username": "alice", "password": "a-long-password"},
        format="json",
    ).status_code == 200  # fmt: skip
    made_in_session = client_for(sign_in("alice", browser))
    elsewhere = client_for(sign_in("alice"))
    assert browser.delete("/api/v1/accounts/session/").status_code == 204
    assert made_in_session.get("/api/v1/accounts/me/").status_code == 401
    assert elsewhere.get("/api/v1/accounts/me/").status_code == 200


@pytest.mark.parametrize("path", ["/", "/awards", "/join/ABCD", "/api/docs/"])
def test_every_html_page_has_a_content_security_policy(client: Any, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy.split("style-src")[0]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_the_sheet_has_the_policy_and_no_inline_script(personas: Personas) -> None:
    response = personas.alice.client.get(f"/api/v1/awards/sheet/?group={personas.group}")
    assert "script-src 'self'" in response["Content-Security-Policy"]
    html = response.content.decode()
    assert "onclick" not in html and "<script>" not in html
