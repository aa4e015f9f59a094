from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from api.views import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/v1/", include("api.urls")),
    path("admin/", admin.site.urls),
    path("", include("frontend.urls")),
]

handler400 = "api.errors.json_bad_request"
handler404 = "api.errors.json_not_found"
handler500 = "api.errors.json_server_error"
