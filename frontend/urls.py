"""Client routes: every path below is the same shell; the client routes by the address."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="index"),
    path("new", views.index, name="client-new"),
    path("new/talisman-dragon", views.index, name="client-new-talisman-dragon"),
    path("join", views.index, name="client-join-form"),
    path("join/<str:code>", views.index, name="client-join"),
    path("game/<uuid:game_id>", views.index, name="client-game"),
    path("game/<uuid:game_id>/known", views.index, name="client-game-known"),
    path("seat/<uuid:game_id>/<str:seat>", views.index, name="client-seat"),
    path("display/<uuid:game_id>", views.index, name="client-display"),
    path("awards", views.index, name="client-awards"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
