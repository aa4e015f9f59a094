"""The writes of every command, as SQL built once per model, columns and database.

The ORM's ``create()``, ``update()`` and ``save()`` compile their statement anew at every call,
which costs more CPU than the database takes to run these one-row writes. Here the statement is
built once from the model's table and columns, and each call's values are prepared by the
model's fields, as the ORM prepares them (a JSON document, a date, a key). No signal is sent:
none listens to the models written this way.
"""

from __future__ import annotations

from typing import Any

from django.db import connections, router

_sql: dict[tuple[Any, ...], str] = {}


def _prepared(model: Any, values: dict[str, Any], connection: Any) -> list[Any]:
    meta = model._meta
    return [
        meta.get_field(name).get_db_prep_save(value, connection) for name, value in values.items()
    ]


def insert_row(model: Any, values: dict[str, Any], *, conflict_returns_none: bool = False) -> Any:
    """``model.objects.create(**values)``'s row, without the instance: its primary key.

    With ``conflict_returns_none``, a row that a unique constraint already holds is not written
    and None is returned (``ON CONFLICT DO NOTHING``: as the plain insert, it waits for a
    transaction writing the same key to end), with no error to recover from.
    """
    connection = connections[router.db_for_write(model)]
    key = ("insert", model, tuple(values), conflict_returns_none, connection.alias)
    sql = _sql.get(key)
    if sql is None:
        meta = model._meta
        quote = connection.ops.quote_name
        columns = ", ".join(quote(meta.get_field(name).column) for name in values)
        places = ", ".join(["%s"] * len(values))
        conflict = " ON CONFLICT DO NOTHING" if conflict_returns_none else ""
        sql = _sql[key] = (
            f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({places}){conflict} "
            f"RETURNING {quote(meta.pk.column)}"
        )
    with connection.cursor() as cursor:
        cursor.execute(sql, _prepared(model, values, connection))
        found = cursor.fetchone()
    return None if found is None else model._meta.pk.to_python(found[0])


def update_row(model: Any, where: dict[str, Any], values: dict[str, Any]) -> int:
    """``model.objects.filter(**where).update(**values)`` (each of ``where`` a column equal to
    a value): the number of rows updated."""
    connection = connections[router.db_for_write(model)]
    key = ("update", model, tuple(where), tuple(values), connection.alias)
    meta = model._meta
    sql = _sql.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        sets = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in values)
        conditions = " AND ".join(f"{quote(meta.get_field(name).column)} = %s" for name in where)
        sql = _sql[key] = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {conditions}"
    params = _prepared(model, values, connection) + [
        meta.get_field(name).get_db_prep_value(value, connection) for name, value in where.items()
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)
