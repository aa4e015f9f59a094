"""The views read and write through selectors and services: none queries the ORM itself."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VIEWS = sorted(
    [*(ROOT / "api").glob("*views.py"), *(ROOT / "deck_tracker/awards/api").glob("*views.py")]
)


def test_no_view_queries_the_orm_itself() -> None:
    assert len(VIEWS) >= 5
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in VIEWS
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "objects"
    ]
    assert found == []
