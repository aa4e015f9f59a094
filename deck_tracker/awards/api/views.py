"""Thin views of the award tracker: groups, invitations, players and the history of games.

Every endpoint but registration and token creation needs an account (a session or an account
token). Groups and players are visible to the group's owner and members (members join by
accepting an invitation and may leave); only the owner changes them. What an account may not see
is "not found".
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import bgstats, selectors, services
from ..auth import AccountTokenAuthentication, IsAccount
from ..tasks import group_stats_recomputed
from ..usernames import normalize_username
from . import serializers as s
from .throttles import InviteThrottle

GROUP = OpenApiParameter("group", OpenApiTypes.INT, description="A group's id.")
PLAYER = OpenApiParameter("player", OpenApiTypes.INT, description="A player's id.")
PAGE = OpenApiParameter("page", OpenApiTypes.INT, description="The page, from 1.")
ORDER = OpenApiParameter("order", OpenApiTypes.STR, enum=["oldest", "newest"])
HISTORY_PAGE = 50  # games a page of history
LIST_PAGE = 100  # groups, players or invitations a page


def _listed(request: Request, page: selectors.Page, items: list[Any]) -> Response:
    """A page of a list: the items as the body, the next page in a `Link` header."""
    response = Response(items)
    response["X-Total-Count"] = str(page.count)
    if page.next is not None:
        query = request.query_params.copy()
        query["page"] = str(page.next)
        url = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
        response["Link"] = f'<{url}>; rel="next"'
    return response


class AccountView(APIView):
    """Base: an account is required (session with CSRF, or an account token)."""

    authentication_classes = [AccountTokenAuthentication, SessionAuthentication]
    permission_classes = [IsAccount]


# ------------------------------------------------------------------------------------------
# Groups
# ------------------------------------------------------------------------------------------


class GroupListView(AccountView):
    @extend_schema(parameters=[PAGE], responses={200: s.GroupOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The account's groups, a page at a time (`Link: <...>; rel="next"` while more)."""
        groups = selectors.groups_visible(user=request.user).prefetch_related(
            "members", "recorders"
        )
        page = selectors.paginate(groups, page=request.query_params.get("page"), size=LIST_PAGE)
        return _listed(
            request, page, [selectors.group_view(g, user=request.user) for g in page.items]
        )

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


class GroupStatisticsView(AccountView):
    @extend_schema(
        responses={200: s.GroupStatisticsOutSerializer},
        summary="The group's statistics for the history's charts (computed by a task).",
    )
    def get(self, request: Request, group_id: int) -> Response:
        group = selectors.group_for(user=request.user, group_id=group_id)
        stats = selectors.group_stats(group=group)
        if stats is None:
            # Never computed (a group older than its charts): the task computes it now.
            group_stats_recomputed.delay(group.pk)
            stats = selectors.group_stats(group=group)
        return Response(
            {
                "group": group.pk,
                "computed_at": stats.computed_at if stats else None,
                "figures": stats.figures if stats else None,
            }
        )


class GroupMembersView(AccountView):
    throttle_classes = [InviteThrottle]

    @extend_schema(request=s.MemberInSerializer, responses={200: s.GroupOutSerializer})
    def post(self, request: Request, group_id: int) -> Response:
        """Invite an account by its username; it joins when it accepts. The answer is the same
        whether an account has that name or not (`invited` lists the name either way)."""
        group = selectors.group_for(user=request.user, group_id=group_id, write=True)
        form = s.MemberInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.group_member_invite(group=group, username=form.validated_data["username"])
        return Response(selectors.group_view(group, user=request.user))


class GroupMemberView(AccountView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, group_id: int, username: str) -> Response:
        """The owner removes a member (or withdraws an invitation); a member leaves."""
        group = selectors.group_for(user=request.user, group_id=group_id)
        leaving = normalize_username(username) == normalize_username(request.user.get_username())
        if not leaving and group.owner_id != request.user.pk:
            raise PermissionDenied("Only the group's owner removes other members.")
        if leaving and group.owner_id == request.user.pk:
            raise ValidationError({"username": ["The owner cannot leave; delete the group."]})
        services.group_member_remove(group=group, username=username)
        return Response(status=204)

    @extend_schema(request=s.MemberUpdateSerializer, responses={200: s.GroupOutSerializer})
    def patch(self, request: Request, group_id: int, username: str) -> Response:
        """The owner lets a member record games for the players who are not accounts."""
        group = selectors.group_for(user=request.user, group_id=group_id, write=True)
        form = s.MemberUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.group_member_update(
            group=group, username=username, can_record=form.validated_data["can_record"]
        )
        return Response(selectors.group_view(group, user=request.user))


class InvitationListView(AccountView):
    @extend_schema(parameters=[PAGE], responses={200: s.InvitationOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The invitations waiting for this account."""
        found = services.invitations_of(user=request.user)
        page = selectors.paginate(found, page=request.query_params.get("page"), size=LIST_PAGE)
        return _listed(request, page, [selectors.invitation_view(i) for i in page.items])


class InvitationAnswerView(AccountView):
    accept = True

    @extend_schema(request=None, responses={200: s.GroupOutSerializer})
    def post(self, request: Request, invitation_id: int) -> Response:
        group = services.invitation_answer(
            user=request.user, invitation_id=invitation_id, accept=self.accept
        )
        if not self.accept:
            return Response(status=204)
        return Response(selectors.group_view(group, user=request.user))


# ------------------------------------------------------------------------------------------
# Players and history
# ------------------------------------------------------------------------------------------


class PlayerListView(AccountView):
    @extend_schema(parameters=[GROUP, PAGE], responses={200: s.PlayerOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """Players, a page at a time (`Link: <...>; rel="next"` while more)."""
        players = selectors.players_visible(user=request.user).select_related("account")
        if request.query_params.get("group"):
            group = selectors.group_for(user=request.user, group_id=request.query_params["group"])
            players = players.filter(group=group)
        page = selectors.paginate(players, page=request.query_params.get("page"), size=LIST_PAGE)
        return _listed(request, page, [selectors.player_view(p) for p in page.items])

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
        return Response(
            selectors.player_view(player, with_stats=True, language=get_language() or "en"),
            status=201,
        )


class PlayerDetailView(AccountView):
    @extend_schema(responses={200: s.PlayerOutSerializer})
    def get(self, request: Request, player_id: int) -> Response:
        player = selectors.player_for(user=request.user, player_id=player_id)
        return Response(
            selectors.player_view(player, with_stats=True, language=get_language() or "en")
        )

    @extend_schema(request=s.PlayerInSerializer, responses={200: s.PlayerOutSerializer})
    def patch(self, request: Request, player_id: int) -> Response:
        player = selectors.player_for(user=request.user, player_id=player_id)
        selectors.group_for(user=request.user, group_id=player.group_id, write=True)
        form = s.PlayerInSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        account = data["account"] or None if "account" in data else ...
        services.player_update(player=player, name=data.get("name"), account=account)
        return Response(
            selectors.player_view(player, with_stats=True, language=get_language() or "en")
        )

    @extend_schema(responses={204: None})
    def delete(self, request: Request, player_id: int) -> Response:
        player = selectors.player_for(user=request.user, player_id=player_id)
        selectors.group_for(user=request.user, group_id=player.group_id, write=True)
        player.delete()
        return Response(status=204)


class HistoryView(AccountView):
    @extend_schema(parameters=[GROUP, PLAYER, PAGE, ORDER], responses={200: s.HistoryOutSerializer})
    def get(self, request: Request) -> Response:
        """Finished games, oldest first (`order=newest`: newest first), 50 a page (`count`,
        `page`, `pages`, `next`); with `player`, that player's games and statistics."""
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
            body["player"] = selectors.player_view(
                player, with_stats=True, language=get_language() or "en"
            )
        if request.query_params.get("order") == "newest":
            found = found.reverse()
        page = selectors.paginate(found, page=request.query_params.get("page"), size=HISTORY_PAGE)
        language = get_language() or "en"
        body["records"] = [selectors.record_view(record, language) for record in page.items]
        body |= {"count": page.count, "page": page.page, "pages": page.pages, "next": page.next}
        return Response(body)


class HistoryDetailView(AccountView):
    @extend_schema(responses={200: s.RecordOutSerializer}, operation_id="v1_history_record")
    def get(self, request: Request, uid: Any) -> Response:
        visible = selectors.groups_visible(user=request.user)
        record = selectors.records(groups=visible).filter(uid=uid).first()
        if record is None:
            raise NotFound("No such game in your history.")
        return Response(selectors.record_view(record, get_language() or "en"))


class HistoryBgStatsView(AccountView):
    @extend_schema(
        responses={200: s.BgStatsPlayOutSerializer},
        operation_id="v1_history_record_bgstats",
        summary="A finished game as a BG Stats play (its documented import format) and the link "
        "that opens it in BG Stats.",
    )
    def get(self, request: Request, uid: Any) -> Response:
        visible = selectors.groups_visible(user=request.user)
        record = selectors.records(groups=visible).filter(uid=uid).first()
        if record is None:
            raise NotFound("No such game in your history.")
        play = bgstats.bgstats_play(record)
        return Response({"play": play, "url": bgstats.bgstats_link(play)})
