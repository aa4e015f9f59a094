"""The table of the shared cache (throttle counts) used when no Redis is configured.

Created whatever the cache in use, so that a server switched from Redis to none finds it.
"""

from django.conf import settings
from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations


def create_cache_table(apps, schema_editor):
    command = CreateCacheTable()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, settings.CACHE_TABLE, dry_run=False)


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(settings.CACHE_TABLE)}")


class Migration(migrations.Migration):
    dependencies = []
    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
