"""Thin views of the award tracker: accounts, groups, players and the history of games.

Every endpoint but registration and token creation needs an account (a session or an account
token). Groups and players are visible to the group's owner, members and player accounts; only
the owner changes them. What an account may not see is "not found".
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, login, logout
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import AuthenticationFailed, NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from .. import selectors, services
from ..auth import AccountTokenAuthentication, IsAccount
from ..models import AccountToken
from . import serializers as s

GROUP = OpenApiParameter("group", OpenApiTypes.INT, description="A group's id.")
PLAYER = OpenApiParameter("player", OpenApiTypes.INT, description="A player's id.")


class AccountThrottle(AnonRateThrottle):
    scope = "account"


class AccountView(APIView):
    """Base: an account is required (session with CSRF, or an account token)."""

    authentication_classes = [AccountTokenAuthentication, SessionAuthentication]
    permission_classes = [IsAccount]


class RegisterView(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = [AccountThrottle]

    @extend_schema(request=s.CredentialsSerializer, responses={201: s.TokenOutSerializer})
    def post(self, request: Request) -> Response:
        form = s.CredentialsSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        user = services.account_register(**form.validated_data)
        token = services.account_token_create(user=user, name="registration")
        return Response({"token": token, "username": user.get_username()}, status=201)


def _credentials(request: Request) -> Any:
    form = s.CredentialsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    user = authenticate(request._request, **form.validated_data)
    if user is None:
        raise AuthenticationFailed("Wrong username or password.")
    return user


class TokenView(APIView):
    authentication_classes = [AccountTokenAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = [AccountThrottle]

    @extend_schema(request=s.CredentialsSerializer, responses={201: s.TokenOutSerializer})
    def post(self, request: Request) -> Response:
        """A new account token for a username and password."""
        user = _credentials(request)
        token = services.account_token_create(user=user, name="api")
        return Response({"token": token, "username": user.get_username()}, status=201)

    @extend_schema(responses={204: None})
    def delete(self, request: Request) -> Response:
        """Revoke the token this request carries."""
        if not isinstance(request.auth, AccountToken):
            raise AuthenticationFailed("Send the account token to revoke.")
        services.account_token_revoke(token=request.auth)
        return Response(status=204)


class SessionView(APIView):
    authentication_classes = [SessionAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = [AccountThrottle]

    @extend_schema(request=s.CredentialsSerializer, responses={200: s.AccountOutSerializer})
    def post(self, request: Request) -> Response:
        """Sign in with a session (browsers); unsafe requests then need the CSRF token."""
        user = _credentials(request)
        login(request._request, user)
        return Response({"id": user.pk, "username": user.get_username()})

    @extend_schema(responses={204: None})
    def delete(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=204)


@method_decorator(ensure_csrf_cookie, name="get")
class MeView(AccountView):
    @extend_schema(responses={200: s.AccountOutSerializer})
    def get(self, request: Request) -> Response:
        return Response({"id": request.user.pk, "username": request.user.get_username()})


# ------------------------------------------------------------------------------------------
# Groups
# ------------------------------------------------------------------------------------------


class GroupListView(AccountView):
    @extend_schema(responses={200: s.GroupOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        groups = selectors.groups_visible(user=request.user).prefetch_related("members")
        return Response([selectors.group_view(g, user=request.user) for g in groups])

    @extend_schema(request=s.GroupInSerializer, responses={201: s.GroupOutSerializer})
    def post(self, request: Request) -> Response:
        form = s.GroupInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        group = services.group_create(owner=request.user, name=data.pop("name"))
        services.group_update(group=group, **data)
        return Response(selectors.group_view(group, user=request.user), status=201)


class GroupDetailView(AccountView):
    @extend_schema(responses={200: s.GroupOutSerializer})
    def get(self, request: Request, group_id: int) -> Response:
        group = selectors.group_for(user=request.user, group_id=group_id)
        return Response(selectors.group_view(group, user=request.user))

    @extend_schema(request=s.GroupInSerializer, responses={200: s.GroupOutSerializer})
    def patch(self, request: Request, group_id: int) -> Response:
        group = selectors.group_for(user=request.user, group_id=group_id, write=True)
        form = s.GroupInSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        services.group_update(group=group, **form.validated_data)
        return Response(selectors.group_view(group, user=request.user))

    @extend_schema(responses={204: None})
    def delete(self, request: Request, group_id: int) -> Response:
        selectors.group_for(user=request.user, group_id=group_id, write=True).delete()
        return Response(status=204)


class GroupMembersView(AccountView):
    @extend_schema(request=s.MemberInSerializer, responses={200: s.GroupOutSerializer})
    def post(self, request: Request, group_id: int) -> Response:
        group = selectors.group_for(user=request.user, group_id=group_id, write=True)
        form = s.MemberInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.group_member_add(group=group, username=form.validated_data["username"])
        return Response(selectors.group_view(group, user=request.user))


class GroupMemberView(AccountView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, group_id: int, username: str) -> Response:
        group = selectors.group_for(user=request.user, group_id=group_id, write=True)
        services.group_member_remove(group=group, username=username)
        return Response(status=204)


# ------------------------------------------------------------------------------------------
# Players and history
# ------------------------------------------------------------------------------------------


class PlayerListView(AccountView):
    @extend_schema(parameters=[GROUP], responses={200: s.PlayerOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        players = selectors.players_visible(user=request.user).select_related("account")
        if request.query_params.get("group"):
            group = selectors.group_for(user=request.user, group_id=request.query_params["group"])
            players = players.filter(group=group)
        return Response([selectors.player_view(p) for p in players])

    @extend_schema(request=s.PlayerInSerializer, responses={201: s.PlayerOutSerializer})
    def post(self, request: Request) -> Response:
        form = s.PlayerInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        if "group" not in data:
            raise ValidationError({"group": ["The player's group is required."]})
        group = selectors.group_for(user=request.user, group_id=data["group"], write=True)
        player = services.player_create(
            group=group, name=data["name"], account=data.get("account") or None
        )
        return Response(selectors.player_view(player, with_stats=True), status=201)


class PlayerDetailView(AccountView):
    @extend_schema(responses={200: s.PlayerOutSerializer})
    def get(self, request: Request, player_id: int) -> Response:
        player = selectors.player_for(user=request.user, player_id=player_id)
        return Response(selectors.player_view(player, with_stats=True))

    @extend_schema(request=s.PlayerInSerializer, responses={200: s.PlayerOutSerializer})
    def patch(self, request: Request, player_id: int) -> Response:
        player = selectors.player_for(user=request.user, player_id=player_id)
        selectors.group_for(user=request.user, group_id=player.group_id, write=True)
        form = s.PlayerInSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        account = data["account"] or None if "account" in data else ...
        services.player_update(player=player, name=data.get("name"), account=account)
        return Response(selectors.player_view(player, with_stats=True))

    @extend_schema(responses={204: None})
    def delete(self, request: Request, player_id: int) -> Response:
        player = selectors.player_for(user=request.user, player_id=player_id)
        selectors.group_for(user=request.user, group_id=player.group_id, write=True)
        player.delete()
        return Response(status=204)


class HistoryView(AccountView):
    @extend_schema(parameters=[GROUP, PLAYER], responses={200: s.HistoryOutSerializer})
    def get(self, request: Request) -> Response:
        """Finished games, oldest first; with `player`, that player's games and statistics."""
        visible = selectors.groups_visible(user=request.user)
        body: dict[str, Any] = {}
        if request.query_params.get("group"):
            group = selectors.group_for(user=request.user, group_id=request.query_params["group"])
            found = selectors.records(group=group)
        else:
            found = selectors.records(groups=visible)
        if request.query_params.get("player"):
            player = selectors.player_for(
                user=request.user, player_id=request.query_params["player"]
            )
            found = found.filter(heroes__player=player).distinct()
            body["player"] = selectors.player_view(player, with_stats=True)
        body["records"] = [selectors.record_view(record) for record in found]
        return Response(body)


class HistoryDetailView(AccountView):
    @extend_schema(responses={200: s.RecordOutSerializer}, operation_id="v1_history_record")
    def get(self, request: Request, uid: Any) -> Response:
        visible = selectors.groups_visible(user=request.user)
        record = selectors.records(groups=visible).filter(uid=uid).first()
        if record is None:
            raise NotFound("No such game in your history.")
        return Response(selectors.record_view(record))
