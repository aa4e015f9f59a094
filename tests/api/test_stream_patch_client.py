"""The phone's patch applier (frontend/.../js/patch.js) rebuilds what a GET answers.

Run with Node on real stream messages: a night of draws, a discard and an undo.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from deck_tracker.live.stream import SeatStream
from deck_tracker.models import Seat
from tests.conftest import Table

PATCH_JS = Path(__file__).resolve().parents[2] / "frontend/static/frontend/js/patch.js"
NODE = shutil.which("node")


def apply_in_node(view: dict, patch: list) -> dict:
    script = (
        f"import {{ applyPatch }} from {json.dumps(PATCH_JS.as_uri())};\n"
        "let input = ''; process.stdin.on('data', (d) => (input += d));\n"
        "process.stdin.on('end', () => { const [v, p] = JSON.parse(input);\n"
        "  process.stdout.write(JSON.stringify(applyPatch(v, p))); });\n"
    )
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        input=json.dumps([view, patch]),
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(NODE is None, reason="needs Node.js to run the phone's JavaScript")
@pytest.mark.django_db
def test_the_phone_s_patches_rebuild_the_game_view_change_after_change(table: Table):
    seat = Seat.objects.get(game_id=table.game_id, number=1)
    held = table.host.get(table.url()).json()
    stream = SeatStream(game_id=table.game_id, seat=seat, after=held["last_seq"])
    stream.read()
    for action, args in [
        ("draw", {"deck": "test", "count": 3}),
        ("draw", {"deck": "test", "count": 2, "to": "table"}),
        ("shuffle", {"deck": "test"}),
        ("undo", {}),
    ]:
        assert table.act(table.host, action, args).status_code == 200
        (state,) = [m for m in stream.read()[0] if m.startswith(b"event: state")]
        message = json.loads(state.decode().split("data: ", 1)[1])
        assert message["base_version"] == held["version"]
        held = apply_in_node(held, message["patch"])
        assert held == table.host.get(table.url()).json()
