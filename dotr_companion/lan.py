"""This host's addresses on the local network, where the phones at the table reach it.

Found without sending anything: the addresses the host name resolves to, and the source address
the system would pick for the default route (a UDP "connect" only chooses a route; no packet
leaves). Loopback and link-local addresses are left out.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

# A documentation address (TEST-NET-3): only used to ask the routing table, never contacted.
_ROUTE_PROBE = ("203.0.113.1", 9)


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_ROUTE_PROBE)
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.append(str(info[4][0]))
    return [address for address in dict.fromkeys(found) if _usable(address)]


def lan_hosts() -> list[str]:
    """What phones may send as ``Host``: the addresses and the host's own names."""
    name = socket.gethostname()
    hosts = [f"[{a}]" if ":" in a else a for a in lan_addresses()]
    return [*hosts, name, f"{name}.local"]
