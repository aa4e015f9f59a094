"""Settings, all from the environment (see README "Configuration").

Every value has an embedded default that runs on one machine with no other service: SQLite,
Celery tasks run in-process, live updates fanned out in-process. Set ``DATABASE_URL`` and
``REDIS_URL`` for PostgreSQL, Redis and Celery workers.
"""

import base64
import hashlib
import ipaddress
import os
from pathlib import Path
from typing import Any

import environ
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

from dotr_companion.lan import lan_hosts

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

_TRUE, _FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}


def env_flag(name: str, *, default: bool) -> bool:
    """A yes/no setting; anything but the usual spellings stops the app at start."""
    raw = env.str(name, default="1" if default else "0").strip().lower()
    if raw not in _TRUE | _FALSE:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value (use 1/0, true/false).")
    return raw in _TRUE


DEBUG = env_flag("DEBUG", default=False)
LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=LOOPBACK_HOSTS)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# --- Secret key -------------------------------------------------------------------------------
# The key this code once shipped as its default: anyone may know it, so it is never accepted
# with DEBUG off.
PUBLISHED_SECRET_KEY = "insecure-embedded-default-set-SECRET_KEY-in-production"
# Django's own measure of a weak key (``check --deploy``, security.W009); with DEBUG off such a
# key is refused rather than warned about: whoever guesses it signs sessions as any account.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE_CHARACTERS = 5


def refuse_weak_secret_key(key: str) -> None:
    if len(key) < SECRET_KEY_MIN_LENGTH or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS:
        raise ImproperlyConfigured(
            f"SECRET_KEY is too weak: use at least {SECRET_KEY_MIN_LENGTH} characters, "
            f"{SECRET_KEY_MIN_UNIQUE_CHARACTERS} of them different (python -c 'from "
            "django.core.management.utils import get_random_secret_key as g; print(g())')."
        )


def on_local_network(host: str) -> bool:
    """Whether an ALLOWED_HOSTS entry names this machine or its local network (a table's LAN)."""
    name = host.strip("[]")
    if name in ("localhost", "testserver") or name.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False  # a domain name, or "*"
    return address.is_loopback or address.is_private or address.is_link_local


def secret_key(*, debug: bool, allowed_hosts: list[str]) -> str:
    """SECRET_KEY from the environment, else a key this machine generated once and keeps.

    The kept key (``SECRET_KEY_FILE``, default ``.secret_key`` beside ``manage.py``, git-ignored)
    serves the embedded default and a laptop serving the phones of its own network. Served
    beyond that (``ALLOWED_HOSTS`` names a public host or ``*``) with DEBUG off, SECRET_KEY must
    be set, so that every web process of a deployment signs with the same key; the published
    key, and a weak one, are refused whenever DEBUG is off.
    """
    # Read as it is: django-environ would take a key that starts with "$" for the name of another
    # variable (Django's own generator draws "$" among its characters).
    key: str = os.environ.get("SECRET_KEY", "")
    if key:
        if not debug and key == PUBLISHED_SECRET_KEY:
            raise ImproperlyConfigured("SECRET_KEY is the published default: set your own.")
        if not debug:
            refuse_weak_secret_key(key)
        return key
    key_file = env.str("SECRET_KEY_FILE", default="")
    if not (key_file or debug or all(on_local_network(host) for host in allowed_hosts)):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off and ALLOWED_HOSTS names a host beyond "
            f"the local network ({', '.join(allowed_hosts)})."
        )
    path = Path(key_file) if key_file else BASE_DIR / ".secret_key"
    try:  # the first process creates the file; every other one reads it
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as file:
        file.write(get_random_secret_key())
    return path.read_text().strip()


SECRET_KEY = secret_key(debug=DEBUG, allowed_hosts=ALLOWED_HOSTS)

# --- HTTPS (behind a proxy that terminates TLS); see docs/operations.md ------------------------
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", default=False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the proxy's health check may come in plain HTTP
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", default=False)
SESSION_COOKIE_SECURE = env_flag("SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env_flag("CSRF_COOKIE_SECURE", default=False)
# "HTTP_X_FORWARDED_PROTO=https": the header (as Django names it) and the value meaning HTTPS.
_PROXY_SSL_HEADER = env.str("SECURE_PROXY_SSL_HEADER", default="")
if _PROXY_SSL_HEADER and "=" not in _PROXY_SSL_HEADER:
    raise ImproperlyConfigured(
        f"SECURE_PROXY_SSL_HEADER={_PROXY_SSL_HEADER!r}: use HEADER=value, "
        "e.g. HTTP_X_FORWARDED_PROTO=https."
    )
SECURE_PROXY_SSL_HEADER = tuple(_PROXY_SSL_HEADER.split("=", 1)) if _PROXY_SSL_HEADER else None

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "deck_tracker",
    "deck_tracker.awards",
    "api",
    "frontend",
]

MIDDLEWARE = [
    # Outermost: the headers that act only on a page leave scripts, styles and API answers.
    "dotr_companion.headers.PageOnlyHeaders",
    "django.middleware.security.SecurityMiddleware",
    "api.middleware.BodySizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The phone's Accept-Language, then ?lang= (a reader that cannot send a header); a seat's or
    # an account's own choice comes after authentication (deck_tracker/games/languages.py).
    "django.middleware.locale.LocaleMiddleware",
    "deck_tracker.games.languages.ReaderLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A session signed in before its account signed out everywhere has ended.
    "deck_tracker.awards.sessions.SignedOutEverywhereMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # django-csp's, its policy built once (dotr_companion/content_policy.py).
    "dotr_companion.content_policy.CSPMiddleware",
    # Last: it wraps a write and its stored answer in one transaction.
    "api.idempotency.IdempotencyMiddleware",
]

ROOT_URLCONF = "dotr_companion.urls"
WSGI_APPLICATION = "dotr_companion.wsgi.application"
ASGI_APPLICATION = "dotr_companion.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the lock instead of failing: each command takes it at BEGIN.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
else:
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"REDIS_URL must be a redis:// URL, not {REDIS_URL!r}.")


def redis_url_of_test_worker(url: str, worker: str) -> str:
    """The test suite in parallel (pytest-xdist sets PYTEST_XDIST_WORKER=gw0, gw1, ...): worker
    N uses Redis database (D + N) mod 16 of ``redis://host:port/D``, so that one worker's
    ``cache.clear()`` (a FLUSHDB), throttle counts and Celery queues never meet another's, as
    each worker has a database of its own on PostgreSQL (docs/testing.md)."""
    if not url.startswith(("redis://", "rediss://")) or not worker.startswith("gw"):
        return url
    base, _, db = url.partition("?")[0].rpartition("/")
    if "//" not in base or not db.isdigit():
        base, db = url.partition("?")[0].rstrip("/"), "0"
    query = url.partition("?")[2]
    shifted = f"{base}/{(int(db) + int(worker[2:])) % 16}"
    return f"{shifted}?{query}" if query else shifted


REDIS_URL = redis_url_of_test_worker(REDIS_URL, os.environ.get("PYTEST_XDIST_WORKER", ""))

# --- Cache (throttles): shared by every process of the app ------------------------------------
# Redis when configured, else a table in the app's database (created by a migration), so that
# two web processes count one client's join guesses and sign-ins together even without Redis.
CACHE_TABLE = "dotr_cache"
if REDIS_URL:
    CACHES: dict[str, dict[str, Any]] = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_TABLE,
            # Past this many entries a third is dropped, counts with them: room for every
            # client of a busy evening.
            "OPTIONS": {"MAX_ENTRIES": env.int("CACHE_MAX_ENTRIES", default=50_000)},
        }
    }

# Throttle counts (docs/accounts.md) have a cache of their own that nothing culls while they
# count: Redis when configured (run it with a maxmemory-policy that evicts nothing, or only
# volatile keys of other data), else a table whose expired counts go once it holds more than
# THROTTLE_PURGE_ENTRIES rows (``dotr_companion/caches.py``).
THROTTLE_CACHE = "throttles"
THROTTLE_TABLE = "dotr_throttles"
if REDIS_URL:
    CACHES[THROTTLE_CACHE] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "throttle",
    }
else:
    CACHES[THROTTLE_CACHE] = {
        "BACKEND": "dotr_companion.caches.ThrottleCountsCache",
        "LOCATION": THROTTLE_TABLE,
        "OPTIONS": {"MAX_ENTRIES": env.int("THROTTLE_PURGE_ENTRIES", default=10_000)},
    }

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = env_flag("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# A worker takes one task at a time from the queue, so that tasks of other tables queued
# meanwhile are not held in one busy worker's buffer.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE = {
    "purge-idempotency-records": {
        "task": "deck_tracker.tasks.purge_idempotency_records",
        "schedule": 3600.0,
    },
}

# --- Backups (docs/operations.md) ------------------------------------------------------------
BACKUP_DIR = Path(env.str("BACKUP_DIR", default=str(BASE_DIR / "backups")))
BACKUP_KEEP = env.int("BACKUP_KEEP", default=7)
if BACKUP_KEEP < 1:
    raise ImproperlyConfigured(f"BACKUP_KEEP={BACKUP_KEEP}: keep at least 1 backup.")
BACKUP_INTERVAL_HOURS = env.float("BACKUP_INTERVAL_HOURS", default=24.0)
if REDIS_URL:  # a worker and beat run only with a broker
    CELERY_BEAT_SCHEDULE["backup-database"] = {
        "task": "deck_tracker.tasks.backup_database",
        "schedule": BACKUP_INTERVAL_HOURS * 3600,
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The languages a reader may choose (docs/languages.md); the engine's catalogues have the same.
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
# Static files (docs/serving.md): by default, what `collectstatic` wrote to STATIC_ROOT (`make run`
# and `make prod` run it first): names with a hash of the content, sent gzip- or
# brotli-compressed and cached by the phone for a year. STATIC_FROM_SOURCE=1 (the default with
# DEBUG; the tests set it too) serves the source folders under their plain names instead: every
# edit shows at once, nothing to collect, nothing hashed or compressed.
STATIC_FROM_SOURCE = env_flag("STATIC_FROM_SOURCE", default=DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if STATIC_FROM_SOURCE
        else "dotr_companion.storage.ClientStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = STATIC_FROM_SOURCE


def static_cache_headers(headers: Any, path: str, url: str) -> None:
    """A hashed file never changes: a year, the longest a cache is asked to keep anything."""
    if "immutable" in headers.get("Cache-Control", ""):
        headers["Cache-Control"] = "public, max-age=31536000, immutable"


WHITENOISE_ADD_HEADERS_FUNCTION = static_cache_headers
# Only this origin's pages load the client's files: no Access-Control-Allow-Origin on each.
WHITENOISE_ALLOW_ALL_ORIGINS = False

# Request bodies larger than this are refused with 413 before they are read (api/body_limit.py),
# chunked ones as soon as they pass it.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("MAX_REQUEST_BYTES", default=64 * 1024)

REST_FRAMEWORK = {
    # A seat token first; else an account (token, or a session with its CSRF token).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.auth.GameTokenAuthentication",
        "deck_tracker.awards.auth.AccountTokenAuthentication",
        "deck_tracker.awards.auth.LenientSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.StrictJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "api.schema.ErrorDocumentingAutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "UNAUTHENTICATED_USER": None,
    # Clients are told apart by their address; X-Forwarded-For counts only behind as many
    # trusted proxies as NUM_PROXIES says (0: the header is ignored, so it cannot be forged).
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "DEFAULT_THROTTLE_RATES": {
        "join": env.str("JOIN_THROTTLE_RATE", default="20/min"),
        "create": env.str("CREATE_THROTTLE_RATE", default="30/min"),
        # Registration, token and session sign-in (password guessing): per address, and per
        # username tried from any address; whoever is signed in.
        "account": env.str("ACCOUNT_THROTTLE_RATE", default="10/min"),
        "account_username": env.str("ACCOUNT_USERNAME_THROTTLE_RATE", default="30/hour"),
        # Invitations to a group and imports, per account.
        "invite": env.str("INVITE_THROTTLE_RATE", default="30/hour"),
        "import": env.str("IMPORT_THROTTLE_RATE", default="20/hour"),
        # Threat forecasts asked, per seat (a phone asks once a turn or so).
        "forecast": env.str("FORECAST_THROTTLE_RATE", default="6/min"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "DotR Companion API",
    "DESCRIPTION": "A table companion for Defenders of the Realm: decks, the enemy's turn, "
    "shared undo and live sync for every phone at the table.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # One form per action type, every game system, ?lang= on each operation (api/schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.describe_the_whole_api",
    ],
}

# Threat forecasts (docs/forecast.md): the longest time budget a seat may ask for, and how long
# a forecast queued or running holds its game's one place (a worker that died leaves one
# behind: past this, the table may ask again).
FORECAST_MAX_BUDGET_SECONDS = env.float("FORECAST_MAX_BUDGET_SECONDS", default=10.0)
if not 0.1 <= FORECAST_MAX_BUDGET_SECONDS <= 30:
    raise ImproperlyConfigured("FORECAST_MAX_BUDGET_SECONDS must be between 0.1 and 30.")
FORECAST_IN_FLIGHT_SECONDS = env.int("FORECAST_IN_FLIGHT_SECONDS", default=300)

# How long a stored Idempotency-Key response is kept.
IDEMPOTENCY_TTL_HOURS = env.int("IDEMPOTENCY_TTL_HOURS", default=48)
# A phone refused as stale gets the events it missed, up to this many; further behind, it gets
# the state instead (a long list of events would weigh more than the state).
STALE_CHANGES_MAX = env.int("STALE_CHANGES_MAX", default=50)
# How long one server-sent-events connection stays open before the client reconnects.
STREAM_MAX_SECONDS = env.int("STREAM_MAX_SECONDS", default=120)
# Live streams one seat may hold open at once (every web process together); one more gets
# 429 too_many_streams. A phone needs one; the others leave room for a second device or tab
# and for a reconnect while the server has not yet seen the old connection drop.
STREAM_MAX_PER_SEAT = env.int("STREAM_MAX_PER_SEAT", default=4)
if STREAM_MAX_PER_SEAT < 1:
    raise ImproperlyConfigured("STREAM_MAX_PER_SEAT must be at least 1.")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

# Accounts of the award tracker (see docs/accounts.md).
# An account token lapses after this many days without use; each use renews it.
ACCOUNT_TOKEN_IDLE_DAYS = env.int("ACCOUNT_TOKEN_IDLE_DAYS", default=30)
# Latin usernames are written with the letters of Latin-1 (a-z, à-ÿ, ß): letters beyond it
# (dotless i, ṙ...) can pass for other names. On: any Latin letter (Turkish, Polish names...).
USERNAME_EXTENDED_LATIN = env_flag("USERNAME_EXTENDED_LATIN", default=False)
# An invitation to a group that is neither accepted nor declined lapses after this many days.
GROUP_INVITATION_DAYS = env.int("GROUP_INVITATION_DAYS", default=14)
# Imports: at most this many games per request, and this many games in one group.
IMPORT_MAX_GAMES = env.int("IMPORT_MAX_GAMES", default=200)
GROUP_MAX_GAMES = env.int("GROUP_MAX_GAMES", default=5000)
# What one account can make the server keep: the groups it owns, and the players of all those
# groups together (whoever adds them, by hand or by an import); past either, 409.
ACCOUNT_MAX_GROUPS = env.int("ACCOUNT_MAX_GROUPS", default=20)
ACCOUNT_MAX_PLAYERS = env.int("ACCOUNT_MAX_PLAYERS", default=200)
# Content-Security-Policy of every HTML page: the client loads scripts and styles from its own
# origin only (no inline script); the API's documentation page also loads Swagger UI's files.
# The printable Award Tracker keeps its style inline (the client opens it from a blob: address,
# which keeps the app's policy): that one text is allowed by its hash.
SHEET_STYLE = BASE_DIR / "deck_tracker" / "awards" / "static" / "awards" / "sheet.css"
_SHEET_STYLE_HASH = base64.b64encode(hashlib.sha256(SHEET_STYLE.read_bytes()).digest()).decode()
# A game's and a content pack's JSON answers carry no policy: a browser never renders them as a
# page, and the header
# would cost each of a phone's answers about 260 bytes (docs/serving.md). The award
# tracker's printable sheet, under /api/v1/awards/, is a page: it keeps it.
CONTENT_SECURITY_POLICY = {
    "EXCLUDE_URL_PREFIXES": ["/api/v1/games/", "/api/v1/content/"],
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", f"'sha256-{_SHEET_STYLE_HASH}'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# ---- The web server and the live streams -------------------------------------------------
# `make run` serves the phones on the local network: their addresses for this host are
# computed at start (ALLOW_LAN_HOSTS=1), so nobody edits ALLOWED_HOSTS for a game night.
if env_flag("ALLOW_LAN_HOSTS", default=False):
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, *lan_hosts()]
# On PostgreSQL, connections come from a pool per process: a request (or a live stream's read)
# takes one and hands it back, so open streams never pin connections and a process never
# holds more than DATABASE_POOL_MAX_SIZE (mind PostgreSQL's max_connections, 100 by default).
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_flag(
    "DATABASE_POOL", default=True
):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DATABASE_POOL_MIN_SIZE", default=1),
        "max_size": env.int("DATABASE_POOL_MAX_SIZE", default=16),
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
    }
# How often a waiting stream re-reads the game anyway (unset: 60 s with Redis, else 2 s).
STREAM_POLL_SECONDS = env.float("STREAM_POLL_SECONDS", default=None)
# A server process (ASGI or WSGI), once loaded, freezes what it holds out of the garbage
# collector's full passes (dotr_companion/memory.py); off: every full pass walks it all.
SERVER_GC_FREEZE = env.bool("SERVER_GC_FREEZE", default=True)
# How long a stream ticket (for EventSource, which cannot send the token in a header) opens
# streams; reconnects after that fetch a new ticket.
STREAM_TICKET_SECONDS = env.int("STREAM_TICKET_SECONDS", default=120)
# The table's own screen (docs/display.md) shows the steps the app resolves one at a time and
# moves on by itself after this many seconds (never before a step read aloud has been read).
# No rulebook speaks of it: 6 s is time to move a miniature; a tap moves on at once.
DISPLAY_STEP_SECONDS = env.int("DISPLAY_STEP_SECONDS", default=6)
if not 2 <= DISPLAY_STEP_SECONDS <= 60:
    raise ImproperlyConfigured("DISPLAY_STEP_SECONDS must be between 2 and 60.")
# Responses compressed when the phone accepts it, brotli else gzip: API answers, the shell and
# each live-stream message as it is sent (dotr_companion/compression.py, docs/serving.md).
# Static files are compressed once, by collectstatic. Bodies smaller than the minimum go as they
# are (a compressed tiny body saves less than its headers cost).
RESPONSE_COMPRESSION = env_flag("RESPONSE_COMPRESSION", default=True)
RESPONSE_COMPRESSION_MIN_BYTES = env.int("RESPONSE_COMPRESSION_MIN_BYTES", default=256)
# A phone's service worker serves the content packs (cards, places: they change only with a
# release) from its copy, and asks the server again (ETag, 304 when unchanged) at most this often.
CONTENT_REVALIDATE_SECONDS = env.int("CONTENT_REVALIDATE_SECONDS", default=3600)
# A request body must arrive whole within this many seconds, else 408 (slow or half-sent
# bodies would otherwise hold a connection open for as long as the sender likes).
REQUEST_BODY_TIMEOUT_SECONDS = env.float("REQUEST_BODY_TIMEOUT_SECONDS", default=15.0)
# A request's headers must arrive within this many seconds of the connection's opening (or of
# the previous answer), else 408 and the connection closes (dotr_companion/http_protocol.py):
# `make run` faces the LAN with no proxy to cut half-sent headers.
REQUEST_HEADER_TIMEOUT_SECONDS = env.float("REQUEST_HEADER_TIMEOUT_SECONDS", default=10.0)
if REQUEST_HEADER_TIMEOUT_SECONDS <= 0:
    raise ImproperlyConfigured("REQUEST_HEADER_TIMEOUT_SECONDS must be more than 0.")
