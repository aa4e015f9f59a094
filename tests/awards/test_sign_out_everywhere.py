"""Sign out everywhere: every token and every browser's session of the account ends, the staff
pages' included; signing in again works."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from .conftest import Personas
from .test_account_hardening import PASSWORD, admin_sign_in, is_staff_session

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _static_from_finders(settings) -> None:
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    }


def signed_in_browser(username: str) -> APIClient:
    browser = APIClient(enforce_csrf_checks=True)
    answer = browser.post(
        "/api/v1/accounts/session/", {"username": username, "password": PASSWORD}, format="json"
    )
    assert answer.status_code == 200, answer.content
    browser.get("/api/v1/accounts/me/")  # the CSRF cookie
    browser.credentials(HTTP_X_CSRFTOKEN=browser.cookies["csrftoken"].value)
    return browser


def test_signing_out_everywhere_ends_the_sessions_of_other_browsers(personas: Personas) -> None:
    laptop = signed_in_browser("alice")
    assert laptop.get("/api/v1/accounts/me/").status_code == 200
    assert personas.alice.client.delete("/api/v1/accounts/tokens/").status_code == 204
    assert laptop.get("/api/v1/accounts/me/").status_code in (401, 403)
    created = laptop.post("/api/v1/groups/", {"name": "Sneaky"}, format="json")
    assert created.status_code in (401, 403)
    assert laptop.get("/api/v1/groups/").status_code in (401, 403)
    # Signing in again works, and ends nothing else.
    assert signed_in_browser("alice").get("/api/v1/accounts/me/").status_code == 200


def test_a_session_that_signs_out_everywhere_ends_the_staff_pages_too() -> None:
    get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    admin_browser = Client()
    assert admin_sign_in(admin_browser, "root", PASSWORD, "10.9.3.1").status_code == 302
    assert is_staff_session(admin_browser)
    phone = signed_in_browser("root")
    assert phone.delete("/api/v1/accounts/tokens/").status_code == 204
    assert not is_staff_session(admin_browser)
    assert phone.get("/api/v1/accounts/me/").status_code in (401, 403)
