"""The host's address on the local network, read from its interfaces.

No traffic is sent (no "connect a UDP socket to 8.8.8.8" trick): the interfaces are
asked for their addresses. A private IPv4 address (Wi-Fi, Ethernet) is preferred.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys

SIOCGIFADDR = 0x8915


def _linux_addresses() -> list[str]:
    import fcntl

    found = []
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                packed = fcntl.ioctl(sock.fileno(), SIOCGIFADDR,
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue  # no IPv4 address on this interface
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _resolver_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def candidate_addresses() -> list[str]:
    addresses = _linux_addresses() if sys.platform.startswith("linux") else []
    addresses += [a for a in _resolver_addresses() if a not in addresses]
    return addresses


def rank(address: str) -> int:
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_link_local or ip.is_unspecified:
        return 3
    if ip.is_private:
        # 192.168.x is the usual home/venue Wi-Fi; container bridges (172.17.x) last
        return 0 if address.startswith("192.168.") or address.startswith("10.") else 1
    return 2


def lan_address() -> str:
    """The best address for phones on the same network; 127.0.0.1 when alone."""
    addresses = candidate_addresses()
    if not addresses:
        return "127.0.0.1"
    return min(addresses, key=lambda a: (rank(a), addresses.index(a)))


def public_url(host: str | None, port: int, override: str | None = None) -> str:
    """The base URL printed and put into QR codes (``--public-url`` wins)."""
    if override:
        return override.rstrip("/")
    if host and host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}"
    return f"http://{lan_address()}:{port}"
