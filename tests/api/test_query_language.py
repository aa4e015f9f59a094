"""The reader's language in the address: ``?lang=`` for readers that cannot send a header."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from django.utils import translation

from deck_tracker.games.languages import ReaderLanguageMiddleware


def seen_by_the_view(path: str, **headers: Any) -> dict[str, str | None]:
    seen: dict[str, str | None] = {}

    def view(request: HttpRequest) -> HttpResponse:
        seen["header"] = request.META.get("HTTP_ACCEPT_LANGUAGE")
        seen["active"] = translation.get_language()
        return HttpResponse()

    ReaderLanguageMiddleware(view)(RequestFactory().get(path, **headers))
    return seen


def test_lang_in_the_address_is_the_readers_language() -> None:
    seen = seen_by_the_view("/api/v1/games/x/stream/?after=3&lang=de", HTTP_ACCEPT_LANGUAGE="en")
    assert seen == {"header": "de", "active": "de"}


@pytest.mark.parametrize("lang", ["de-AT", "de_de", "DE"])
def test_a_regional_or_differently_written_german_reads_as_german(lang: str) -> None:
    assert seen_by_the_view(f"/api/v1/games/?lang={lang}")["header"] == "de"


@pytest.mark.parametrize("lang", ["", "xx", "../../etc", "klingon-1"])
def test_a_language_the_site_does_not_offer_changes_nothing(lang: str) -> None:
    seen = seen_by_the_view(f"/api/v1/games/?lang={lang}", HTTP_ACCEPT_LANGUAGE="en-GB")
    assert seen["header"] == "en-GB"


@pytest.mark.django_db
def test_the_shell_greets_in_the_browsers_language(client: Any) -> None:
    german = client.get(
        "/game/5b1f6a53-0d5c-4d7e-9f8a-3d2f7c1e9a10", HTTP_ACCEPT_LANGUAGE="de-DE,en;q=0.5"
    )
    assert '<html lang="de">' in german.content.decode()
    assert "Der Tisch wird geöffnet…" in german.content.decode()
    assert "Accept-Language" in german["Vary"]
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,en;q=0.8")
    assert '<html lang="en">' in english.content.decode()
    assert "Opening the table…" in english.content.decode()
    assert '<html lang="de">' in client.get("/?lang=de").content.decode()


@pytest.mark.django_db
def test_lang_in_the_address_outranks_a_language_cookie(client: Any) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get("/?lang=de", HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="de">' in page.content.decode()
    assert page["Content-Language"] == "de"
    assert '<html lang="en">' in client.get("/").content.decode()
