"""The key every limit counts a client under: an address it cannot mint."""

import pytest

from webapp.storage.clients import UNKNOWN, client_key


@pytest.mark.parametrize("address, key", [
    ("192.0.2.1", "192.0.2.1"),
    (" 192.0.2.1 ", "192.0.2.1"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),  # the same /64: the same client
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),       # the next /64: another
    ("::ffff:192.0.2.1", "192.0.2.1"),             # IPv4 mapped into IPv6 is that IPv4 client
    ("::1", "::/64"),
    (None, UNKNOWN), ("", UNKNOWN), ("not an address", UNKNOWN), ("192.0.2.1, 10.0.0.1", UNKNOWN),
])
def test_a_client_is_its_ipv4_address_or_its_ipv6_64(address, key):
    assert client_key(address) == key
