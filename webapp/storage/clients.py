"""Who a request comes from, as the limits count it: its network address.

Every bound on what one client may do (engine work, new sessions, live
streams, games started, codes tried) is keyed by what the client cannot mint:
its address, as the proxies in front report it (TRUSTED_PROXIES: see
webapp.app), never a cookie it chooses. An IPv4 address is one client; an
IPv6 client is its /64, the least a household or a server is handed, since
one machine can take any address in it.
"""

from __future__ import annotations

import ipaddress

IPV6_PREFIX = 64
"""The bits of an IPv6 address that name one client: a /64 is one network's."""
UNKNOWN = "unknown"
"""The key of requests with no readable address (a test client, a broken proxy): one client, bounded as one."""


def client_key(address: str | None) -> str:
    """The key a client's limits are counted under: its IPv4 address, or its IPv6 /64 in CIDR form.

    An IPv4 address mapped into IPv6 (::ffff:192.0.2.1) is that IPv4 client."""
    try:
        parsed = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return UNKNOWN
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, IPV6_PREFIX), strict=False))
    return str(parsed)
