"""The table of the throttle counts used when no Redis is configured (``THROTTLE_CACHE``).

Created whatever the cache in use, so that a server switched from Redis to none finds it.
"""

from django.conf import settings
from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations


def create_throttle_table(apps, schema_editor):
    command = CreateCacheTable()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, settings.THROTTLE_TABLE, dry_run=False)


def drop_throttle_table(apps, schema_editor):
    table = schema_editor.quote_name(settings.THROTTLE_TABLE)
    schema_editor.execute(f"DROP TABLE IF EXISTS {table}")


class Migration(migrations.Migration):
    dependencies = [("api", "0001_shared_cache_table")]
    operations = [migrations.RunPython(create_throttle_table, drop_throttle_table)]
