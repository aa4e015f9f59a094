"""The threat forecast on a phone: hidden until asked, a progress bar while the server samples,
then the map shaded by risk, a location's figures on tap and the short list.

With REDIS_URL set the forecast runs on a real Celery worker (and the bar shows its progress);
without, the server computes it before answering, and the bar shows while the phone waits.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from django.conf import settings

from dotr_companion.celery import app as celery_app

from .live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# This worker's Redis database when the suite runs in parallel (settings.py).
REDIS_URL = settings.REDIS_URL


@pytest.fixture
def forecast_worker() -> Iterator[bool]:
    """A real worker on a queue of this test's own when Redis is there; True if so."""
    if not REDIS_URL:
        yield False
        return
    from celery.contrib.testing.worker import start_worker

    queue = f"test-forecast-browser-{uuid.uuid4().hex[:8]}"
    saved = {
        "task_always_eager": celery_app.conf.task_always_eager,
        "task_default_queue": celery_app.conf.task_default_queue,
        "broker_url": celery_app.conf.broker_url,
    }
    celery_app.conf.update(task_always_eager=False, task_default_queue=queue, broker_url=REDIS_URL)
    try:
        with ExitStack() as stack:
            stack.enter_context(
                start_worker(
                    celery_app,
                    pool="solo",
                    perform_ping_check=False,
                    queues=[queue],
                    loglevel="WARNING",
                )
            )
            yield True
    finally:
        celery_app.conf.update(saved)


def open_game(page: Any, base: str, game: dict[str, Any]) -> None:
    page.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": "1",
            "seats": {"1": {"token": game["token"], "name": "Ada", "hero": "wizard"}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    page.goto(f"{base}/game/{game['id']}")
    page.locator("[data-testid=map]").wait_for()


def test_the_forecast_shows_progress_then_the_shaded_map(
    phones: tuple[Any, Any], live_server: Any, shot: Any, forecast_worker: bool
) -> None:
    page, _ = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "wizard"}})
    open_game(page, base, game)
    # Hidden until asked.
    assert page.locator("[data-testid=forecast]").count() == 0
    assert page.locator(".risk-disc").count() == 0

    page.get_by_test_id("forecast-open").click()
    bar = page.get_by_test_id("forecast-progress")
    bar.wait_for()
    shot(page, "70-forecast-progress")
    if forecast_worker:
        # The worker's progress shows, unless the forecast was done before the next look.
        page.wait_for_function(
            "() => Number(document.querySelector('[data-testid=forecast-progress]')?.value) > 0"
            " || !!document.querySelector('[data-testid=map] svg.risk-shaded')"
        )

    page.locator("[data-testid=map] svg.risk-shaded").wait_for()
    locations = page.locator("[data-testid=map] [data-location]").count()
    assert page.locator("[data-testid=map] .risk-disc").count() == locations
    items = page.locator("[data-testid=forecast-list] li").all_inner_texts()
    assert items[0].startswith("Loss tonight: ")
    assert "%" in items[0] and "±" in items[0]
    assert any(line.startswith("Gorgutt ") for line in items)
    assert page.get_by_test_id("risk-legend").is_visible()
    shot(page, "71-forecast-shaded-map")
    page.get_by_test_id("forecast-list").scroll_into_view_if_needed()
    shot(page, "71-forecast-list")

    # Numbers on tap.
    page.locator("[data-testid=map] [data-location=orc-valley]").click()
    figures = page.locator("[data-testid=forecast-location] li").all_inner_texts()
    assert figures[0].startswith("New Tainted Crystal: ")
    assert figures[1].startswith("Overrun: ")
    shot(page, "72-forecast-location")
    page.keyboard.press("Escape")

    # The next horizon changes the list's words; hiding it leaves the plain map.
    page.get_by_role("button", name="Within 2 nights").click()
    assert (
        page.locator("[data-testid=forecast-list] li")
        .first.inner_text()
        .startswith("Loss within 2 nights: ")
    )
    page.get_by_test_id("forecast-close").click()
    page.locator("[data-testid=forecast]").wait_for(state="detached")
    assert page.locator(".risk-disc").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
