from django.db import migrations, models


class Migration(migrations.Migration):
    # Follows the migration that dropped the two uniqueness constraints when they were misplaced
    # in models.py (inside __str__); they are back in Meta, so this restores them.
    dependencies = [
        ("deck_tracker", "0002_remove_gameaction_action_version_unique_in_game_and_more"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="gameaction",
            constraint=models.UniqueConstraint(
                fields=("game", "version"), name="action_version_unique_in_game"
            ),
        ),
        migrations.AddConstraint(
            model_name="gameevent",
            constraint=models.UniqueConstraint(
                fields=("game", "seq"), name="event_seq_unique_in_game"
            ),
        ),
        migrations.CreateModel(
            name="ContentOverlay",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("pack_id", models.CharField(max_length=60, unique=True)),
                ("data", models.JSONField(blank=True, default=dict)),
                ("version", models.PositiveIntegerField(default=0)),
                ("updated_at", models.DateTimeField(auto_now=True)),
            ],
            options={"ordering": ["pack_id"]},
        ),
    ]
