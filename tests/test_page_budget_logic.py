"""How scripts/page_budget.py counts what a phone receives (its logic; the browser run is in
tests/browser/test_page_budget.py)."""

from __future__ import annotations

import importlib.util
import socket
import sys
import threading
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "page_budget.py"


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("page_budget", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def one_answer_server(answer: bytes) -> tuple[socket.socket, threading.Thread]:
    """A loopback server that reads a request line and sends ``answer`` back, once."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener, thread


def test_the_proxy_counts_the_bytes_the_server_sends_not_those_it_receives() -> None:
    budget = load_script()
    answer = b"HTTP/1.1 200 OK\r\nContent-Length: 12000\r\n\r\n" + b"x" * 12000
    listener, thread = one_answer_server(answer)
    with budget.CountingProxy(listen_port=0, target_port=listener.getsockname()[1]) as proxy:
        with socket.create_connection(("127.0.0.1", proxy.listen_port), timeout=10) as phone:
            phone.sendall(b"GET / HTTP/1.1\r\nHost: phone\r\n\r\n" + b"q" * 500)
            received = b""
            while len(received) < len(answer):
                chunk = phone.recv(65536)
                assert chunk, "the proxy closed before the whole answer"
                received += chunk
        thread.join(5)
    listener.close()
    assert received == answer
    assert proxy.sent == len(answer)


def test_a_figure_over_its_budget_is_named_and_one_within_is_not(capsys: Any) -> None:
    budget = load_script()
    figures = budget.Figures()
    figures.add("first visit of /", 61 * 1024, budget.FIRST_VISIT_KB)
    figures.add("warm visit", 5 * 1024, budget.WARM_VISIT_KB)
    figures.add("a change, the phone on me", 2049, budget.CHANGE_KB)
    assert figures.over() == ["first visit of /", "a change, the phone on me"]
    printed = capsys.readouterr().out
    assert "62,464 B" in printed and "OVER" in printed and "within" in printed


def test_the_budgets_are_those_of_a_phone_on_mobile_data() -> None:
    budget = load_script()
    assert (budget.FIRST_VISIT_KB, budget.WARM_VISIT_KB, budget.CHANGE_KB) == (60, 5, 2)


def test_both_first_screens_of_a_game_are_budgeted_each_on_a_deal_chosen_for_it() -> None:
    budget = load_script()
    assert ("every expansion", budget.BOARD) in budget.FIRST_SCREENS
    assert ("every expansion", budget.READ_CARD) in budget.FIRST_SCREENS
    # What the host's phone opens on: the Board, the sheet of its own card to read, or (a card
    # in Bea's hand) only "Bea is reading a card", which neither screen is.
    seen = {"state": {"reading": []}}
    assert budget.first_screen(seen) == budget.BOARD
    seen = {"state": {"reading": [{"id": 1, "seat": "1", "schema": {}}]}}
    assert budget.first_screen(seen) == budget.READ_CARD
    seen = {"state": {"reading": [{"id": 1, "seat": "2", "private": True}]}}
    assert budget.first_screen(seen) is None
