"""Accounts: registration, sign-in by token or session, tokens and their owner, passwords.

Sign-in and registration are throttled per address and per username (``throttles.py``); a
username is normalised before it is looked up or stored (``usernames.py``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import (
    authenticate,
    login,
    logout,
    update_session_auth_hash,
)
from django.contrib.auth import get_user as get_session_user
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import AuthenticationFailed, NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors, services
from ..auth import AccountTokenAuthentication, token_idle
from ..models import AccountToken
from . import serializers as s
from .throttles import PASSWORD_CHANGE, SIGN_IN
from .views import AccountView


def _session_key(request: Request, user: Any) -> str | None:
    """The browser session's key when that session is signed in as ``user``."""
    django_request = request._request
    if get_session_user(django_request).pk != user.pk:
        return None
    return django_request.session.session_key


class RegisterView(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = SIGN_IN

    @extend_schema(request=s.RegisterSerializer, responses={201: s.TokenOutSerializer})
    def post(self, request: Request) -> Response:
        """A new account. The username is stored normalised (NFKC, case-folded); the password
        must pass the server's password rules (each problem under `fields.password`)."""
        form = s.RegisterSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        user = services.account_register(**form.validated_data)
        token = services.account_token_create(user=user, name="registration")
        return Response({"token": token, "username": user.get_username()}, status=201)


def _credentials(request: Request) -> Any:
    form = s.CredentialsSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    name, password = form.validated_data["username"], form.validated_data["password"]
    stored = selectors.account_named(username=name)
    username = stored.get_username() if stored is not None else name
    user = authenticate(request._request, username=username, password=password)
    if user is None:
        raise AuthenticationFailed("Wrong username or password.")
    return user


class TokenView(APIView):
    authentication_classes = [AccountTokenAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = SIGN_IN

    @extend_schema(request=s.CredentialsSerializer, responses={201: s.TokenOutSerializer})
    def post(self, request: Request) -> Response:
        """A new account token for a username and password."""
        user = _credentials(request)
        token = services.account_token_create(
            user=user, name="api", session_key=_session_key(request, user)
        )
        return Response({"token": token, "username": user.get_username()}, status=201)

    @extend_schema(responses={204: None})
    def delete(self, request: Request) -> Response:
        """Sign out: revoke the token this request carries."""
        if not isinstance(request.auth, AccountToken):
            raise AuthenticationFailed("Send the account token to revoke.")
        services.account_token_revoke(token=request.auth)
        return Response(status=204)


class TokenListView(AccountView):
    @extend_schema(responses={200: s.TokenListSerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The account's tokens, newest first (never their keys)."""
        idle = token_idle()
        account: Any = request.user
        tokens = selectors.account_tokens(user=account)
        current = request.auth.pk if isinstance(request.auth, AccountToken) else None
        return Response(
            s.TokenListSerializer(
                [
                    {
                        "id": t.pk,
                        "name": t.name,
                        "created_at": t.created_at,
                        "last_used_at": t.last_used_at,
                        "expires_at": t.last_used_at + idle,
                        "current": t.pk == current,
                    }
                    for t in tokens
                ],
                many=True,
            ).data
        )

    @extend_schema(operation_id="v1_accounts_tokens_revoke_all", responses={204: None})
    def delete(self, request: Request) -> Response:
        """Sign out everywhere: every token and every browser session of the account ends
        (this one's too)."""
        services.account_sign_out_everywhere(user=request.user)
        return Response(status=204)


class TokenDetailView(AccountView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, token_id: int) -> Response:
        account: Any = request.user
        if not services.account_token_revoke_by_id(user=account, token_id=token_id):
            raise NotFound("No such token.")
        return Response(status=204)


class PasswordView(AccountView):
    # The current password is a guess like a sign-in's: counted per address and against the
    # account's own name, so a stolen token cannot try passwords faster than a sign-in can.
    throttle_classes = PASSWORD_CHANGE

    @extend_schema(request=s.PasswordChangeSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        """A new password (checked by the password rules); the account's other tokens stop
        working, the token or session of this request stays signed in."""
        form = s.PasswordChangeSerializer(data=request.data, context={"user": request.user})
        form.is_valid(raise_exception=True)
        keep = request.auth if isinstance(request.auth, AccountToken) else None
        services.account_password_change(
            user=request.user, password=form.validated_data["new_password"], keep=keep
        )
        if keep is None:
            user: Any = request.user
            update_session_auth_hash(request._request, user)
        return Response(status=204)


class SessionView(APIView):
    authentication_classes = [SessionAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = SIGN_IN

    @extend_schema(request=s.CredentialsSerializer, responses={200: s.AccountOutSerializer})
    def post(self, request: Request) -> Response:
        """Sign in with a session (browsers); unsafe requests then need the CSRF token."""
        user = _credentials(request)
        login(request._request, user)
        return Response({"id": user.pk, "username": user.get_username()})

    @extend_schema(responses={204: None})
    def delete(self, request: Request) -> Response:
        """Sign out: the session ends, and so do the tokens made while it was signed in."""
        services.account_session_tokens_revoke(session_key=request._request.session.session_key)
        logout(request._request)
        return Response(status=204)


@method_decorator(ensure_csrf_cookie, name="get")
class MeView(AccountView):
    @extend_schema(responses={200: s.AccountOutSerializer})
    def get(self, request: Request) -> Response:
        return Response(self._me(request.user))

    @extend_schema(
        request=s.AccountLanguageSerializer,
        responses={200: s.AccountOutSerializer},
        summary="Choose the language the account's games are read in.",
        description="At a table, a seat's own choice comes first, then this one, then the "
        "phone's Accept-Language (docs/languages.md).",
    )
    def patch(self, request: Request) -> Response:
        form = s.AccountLanguageSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.account_set_language(user=request.user, language=form.validated_data["language"])
        return Response(self._me(request.user))

    @staticmethod
    def _me(user: Any) -> dict[str, Any]:
        return {
            "id": user.pk,
            "username": user.get_username(),
            "language": selectors.account_language(user=user),
        }
