from django.urls import path

from . import account_views, transfer_views, views

urlpatterns = [
    path("accounts/", account_views.RegisterView.as_view(), name="account-register"),
    path("accounts/token/", account_views.TokenView.as_view(), name="account-token"),
    path("accounts/session/", account_views.SessionView.as_view(), name="account-session"),
    path("accounts/me/", account_views.MeView.as_view(), name="account-me"),
    path("accounts/password/", account_views.PasswordView.as_view(), name="account-password"),
    path("accounts/tokens/", account_views.TokenListView.as_view(), name="account-tokens"),
    path(
        "accounts/tokens/<int:token_id>/",
        account_views.TokenDetailView.as_view(),
        name="account-token-detail",
    ),
    path("invitations/", views.InvitationListView.as_view(), name="invitation-list"),
    path(
        "invitations/<int:invitation_id>/accept/",
        views.InvitationAnswerView.as_view(accept=True),
        name="invitation-accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        views.InvitationAnswerView.as_view(accept=False),
        name="invitation-decline",
    ),
    path("groups/", views.GroupListView.as_view(), name="group-list"),
    path("groups/<int:group_id>/", views.GroupDetailView.as_view(), name="group-detail"),
    path("groups/<int:group_id>/members/", views.GroupMembersView.as_view(), name="group-members"),
    path(
        "groups/<int:group_id>/statistics/",
        views.GroupStatisticsView.as_view(),
        name="group-statistics",
    ),
    path(
        "groups/<int:group_id>/members/<str:username>/",
        views.GroupMemberView.as_view(),
        name="group-member",
    ),
    path("players/", views.PlayerListView.as_view(), name="player-list"),
    path("players/<int:player_id>/", views.PlayerDetailView.as_view(), name="player-detail"),
    path("history/", views.HistoryView.as_view(), name="history"),
    path("history/<uuid:uid>/", views.HistoryDetailView.as_view(), name="history-detail"),
    path(
        "history/<uuid:uid>/bgstats/",
        views.HistoryBgStatsView.as_view(),
        name="history-bgstats",
    ),
    path("awards/export.json", transfer_views.ExportJsonView.as_view(), name="awards-export-json"),
    path("awards/export.csv", transfer_views.ExportCsvView.as_view(), name="awards-export-csv"),
    path("awards/import/", transfer_views.ImportView.as_view(), name="awards-import"),
    path("awards/sheet/", transfer_views.SheetView.as_view(), name="awards-sheet"),
]
