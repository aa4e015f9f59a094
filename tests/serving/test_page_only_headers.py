"""An API answer carries no header that acts only on a page (dotr_companion/headers.py)."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_an_api_answer_leaves_out_the_page_s_window_guards(client) -> None:
    answer = client.get("/api/v1/content/dotr-base/?view=table")
    assert answer.status_code == 200
    assert "X-Frame-Options" not in answer
    assert "Cross-Origin-Opener-Policy" not in answer
    assert answer["X-Content-Type-Options"] == "nosniff"
    assert answer["ETag"]  # revalidated: its validator stays
    page = client.get("/")
    assert page["X-Frame-Options"] == "DENY"
    assert page["Cross-Origin-Opener-Policy"] == "same-origin"
