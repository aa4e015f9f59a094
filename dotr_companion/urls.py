from csp.decorators import csp_update
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from api.errors import json_not_found
from api.views import healthz
from deck_tracker.awards.admin import throttled_admin_login
from frontend import views as frontend_views

# Swagger UI comes from its CDN; its page script is served apart (no inline script).
SWAGGER_CDN = "https://cdn.jsdelivr.net"
api_docs = csp_update(
    {
        "script-src": [SWAGGER_CDN],
        "style-src": [SWAGGER_CDN, "'unsafe-inline'"],
        "img-src": [SWAGGER_CDN],
    }
)(SpectacularSwaggerSplitView.as_view(url_name="schema"))

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", api_docs, name="docs"),
    path("api/v1/", include("api.urls")),
    # Before the admin's own pages: its sign-in is throttled like the API's.
    path("admin/login/", throttled_admin_login),
    path("admin/", admin.site.urls),
    path("", include("frontend.urls")),
]

handler400 = "api.errors.json_bad_request"


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A wrong address: the API's error for the API and for a client that reads no HTML; a page
    for a browser (a phone shows its "Nothing here" screen)."""
    api = request.path.startswith(("/api/", "/admin/", "/static/"))
    if api or "text/html" not in request.headers.get("Accept", ""):
        return json_not_found(request, exception)
    return frontend_views.page_not_found(request)


handler404 = "dotr_companion.urls.not_found"
handler500 = "api.errors.json_server_error"
