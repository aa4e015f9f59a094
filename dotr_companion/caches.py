"""The database cache that holds throttle counts when no Redis is configured.

Django's ``DatabaseCache`` keeps itself under ``MAX_ENTRIES`` by dropping a third of its keys,
live or not, the alphabetically first: a flood of requests under fresh names (addresses,
usernames) would wash away the count of the name being guessed, and the guessing would start
over. This one drops only the counts whose time is up; live counts stay however many there are
(each lives at most the longest throttle period, an hour by default).
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.db import DatabaseCache
from django.db import connections


class ThrottleCountsCache(DatabaseCache):
    def _cull(self, db: str, cursor: Any, now: Any, num: int) -> None:
        connection = connections[db]
        table = connection.ops.quote_name(self._table)  # type: ignore[attr-defined]
        expires = connection.ops.quote_name("expires")
        cursor.execute(
            f"DELETE FROM {table} WHERE {expires} < %s",
            [connection.ops.adapt_datetimefield_value(now)],
        )
