from django.urls import path

from . import views

urlpatterns = [
    path("scenarios/", views.ScenarioListView.as_view(), name="scenario-list"),
    path("content/", views.ContentListView.as_view(), name="content-list"),
    path("content/<slug:pack_id>/", views.ContentDetailView.as_view(), name="content-detail"),
    path("games/", views.GameCreateView.as_view(), name="game-create"),
    path("games/join/", views.GameJoinView.as_view(), name="game-join"),
    path("games/<uuid:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<uuid:game_id>/actions/", views.GameActionsView.as_view(), name="game-actions"),
    path("games/<uuid:game_id>/events/", views.GameEventsView.as_view(), name="game-events"),
    path("games/<uuid:game_id>/stream/", views.GameStreamView.as_view(), name="game-stream"),
]
