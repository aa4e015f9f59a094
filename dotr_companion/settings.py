"""Settings, all from the environment (see README "Configuration").

Every value has an embedded default that runs on one machine with no other service: SQLite,
Celery tasks run in-process, live updates fanned out in-process. Set ``DATABASE_URL`` and
``REDIS_URL`` for PostgreSQL, Redis and Celery workers.
"""

from pathlib import Path

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


def embedded_secret_key(path: Path = BASE_DIR / ".secret_key") -> str:
    """The embedded default's key: made once, kept in a local file beside the SQLite database."""
    if path.exists():
        return path.read_text().strip()
    key = get_random_secret_key()
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


SECRET_KEY = env.str("SECRET_KEY", default="") or embedded_secret_key()
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

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
    "django.middleware.security.SecurityMiddleware",
    "api.middleware.BodySizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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

if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = env_flag("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_BEAT_SCHEDULE = {
    "purge-idempotency-records": {
        "task": "deck_tracker.tasks.purge_idempotency_records",
        "schedule": 3600.0,
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = True

# Requests larger than this are refused with a 400 before they are parsed.
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
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "UNAUTHENTICATED_USER": None,
    # Clients are told apart by their address; X-Forwarded-For counts only behind as many
    # trusted proxies as NUM_PROXIES says (0: the header is ignored, so it cannot be forged).
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "DEFAULT_THROTTLE_RATES": {
        "join": env.str("JOIN_THROTTLE_RATE", default="20/min"),
        "create": env.str("CREATE_THROTTLE_RATE", default="30/min"),
        # Registration, token and session sign-in (password guessing).
        "account": env.str("ACCOUNT_THROTTLE_RATE", default="10/min"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "DotR Companion API",
    "DESCRIPTION": "A table companion for Defenders of the Realm: decks, the enemy's turn, "
    "shared undo and live sync for every phone at the table.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

# How long a stored Idempotency-Key response is kept.
IDEMPOTENCY_TTL_HOURS = env.int("IDEMPOTENCY_TTL_HOURS", default=48)
# How long one server-sent-events connection stays open before the client reconnects.
STREAM_MAX_SECONDS = env.int("STREAM_MAX_SECONDS", default=120)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
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
# How often a waiting stream re-reads the game anyway (unset: 15 s with Redis, else 2 s).
STREAM_POLL_SECONDS = env.float("STREAM_POLL_SECONDS", default=None)
# How long a stream ticket (for EventSource, which cannot send the token in a header) opens
# streams; reconnects after that fetch a new ticket.
STREAM_TICKET_SECONDS = env.int("STREAM_TICKET_SECONDS", default=120)
# A request body must arrive whole within this many seconds, else 408 (slow or half-sent
# bodies would otherwise hold a connection open for as long as the sender likes).
REQUEST_BODY_TIMEOUT_SECONDS = env.float("REQUEST_BODY_TIMEOUT_SECONDS", default=15.0)
