from django.urls import include, path

from . import content_views, display_views, forecast_views, seat_views, views

urlpatterns = [
    path("scenarios/", views.ScenarioListView.as_view(), name="scenario-list"),
    path("setup-options/", views.SetupOptionsView.as_view(), name="setup-options"),
    path("content/", views.ContentListView.as_view(), name="content-list"),
    path(
        "content/<slug:pack_id>/",
        content_views.ContentPackDetailView.as_view(),
        name="content-detail",
    ),
    path(
        "content/<slug:pack_id>/overlay/",
        content_views.ContentOverlayView.as_view(),
        name="content-overlay",
    ),
    path(
        "groups/<int:group_id>/content/",
        content_views.GroupContentView.as_view(),
        name="group-content",
    ),
    path(
        "groups/<int:group_id>/content/export/",
        content_views.GroupContentExportView.as_view(),
        name="group-content-export",
    ),
    path(
        "groups/<int:group_id>/content/import/",
        content_views.GroupContentImportView.as_view(),
        name="group-content-import",
    ),
    path("games/", views.GameCreateView.as_view(), name="game-create"),
    path("games/join/", views.GameJoinView.as_view(), name="game-join"),
    path("games/join/<str:join_code>/", views.JoinPreviewView.as_view(), name="game-join-preview"),
    path("games/<uuid:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<uuid:game_id>/actions/", views.GameActionsView.as_view(), name="game-actions"),
    path(
        "games/<uuid:game_id>/content/",
        content_views.GameContentView.as_view(),
        name="game-content",
    ),
    path(
        "games/<uuid:game_id>/content/entries/",
        content_views.GameContentEntryView.as_view(),
        name="game-content-entry",
    ),
    path(
        "games/<uuid:game_id>/content/export/",
        content_views.GameContentExportView.as_view(),
        name="game-content-export",
    ),
    path(
        "games/<uuid:game_id>/content/import/",
        content_views.GameContentImportView.as_view(),
        name="game-content-import",
    ),
    path("games/<uuid:game_id>/events/", views.GameEventsView.as_view(), name="game-events"),
    path("games/<uuid:game_id>/stream/", views.GameStreamView.as_view(), name="game-stream"),
    path(
        "games/<uuid:game_id>/forecasts/",
        forecast_views.ForecastListView.as_view(),
        name="game-forecasts",
    ),
    path(
        "games/<uuid:game_id>/forecasts/<uuid:forecast_id>/",
        forecast_views.ForecastDetailView.as_view(),
        name="game-forecast",
    ),
    path(
        "games/<uuid:game_id>/stream/ticket/",
        views.StreamTicketView.as_view(),
        name="game-stream-ticket",
    ),
    path(
        "games/<uuid:game_id>/display/",
        display_views.DisplayIssueView.as_view(),
        name="game-display",
    ),
    path(
        "games/<uuid:game_id>/display/view/",
        display_views.DisplayView.as_view(),
        name="game-display-view",
    ),
    path(
        "games/<uuid:game_id>/seat/language/",
        seat_views.SeatLanguageView.as_view(),
        name="seat-language",
    ),
    path(
        "games/<uuid:game_id>/seats/<int:seat_id>/token/",
        seat_views.SeatTokenView.as_view(),
        name="seat-token",
    ),
    # The award tracker: accounts, groups, players, history, export/import, the sheet.
    path("", include("deck_tracker.awards.api.urls")),
]
