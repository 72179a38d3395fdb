"""Values for the ``format``s that jsonschema checks, valid for python-jsonschema and jsonschema-rs,
and for the encodings that readers decode (`ENCODED`).

Every generator is ``(rng, now) -> str``; time formats are anchored to ``now``, never the clock.
"""

from __future__ import annotations

import base64
import datetime as dt
import ipaddress
import uuid
from collections.abc import Callable
from random import Random
from typing import Any

import jsonschema

from synthworld.schema._draw import below, choice

__all__ = ["ENCODED", "FORMATS", "FormatSearch"]

_WORDS = ("alpha", "api", "cloud", "data", "docs", "mail", "shop", "status", "team", "web")
_TLDS = ("com", "org", "net", "com", "com")
"""The top-level domains of made-up hosts and emails: only the reserved ``example.com/.org/.net``
(RFC 2606), never a domain someone may own. Five slots, as when ``io`` and ``dev`` stood in the last
two, so every draw after one stays what it was."""
_USERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")
_REGEXES = ("^[a-z]+$", "^\\d{3}-\\d{4}$", "[A-Z][a-z]*", "^(foo|bar)+$", "^\\w+@\\w+\\.com$")


_PAST, _FUTURE = 365 * 86400, 30 * 86400


def _instant(rng: Random, now: dt.datetime) -> dt.datetime:
    seconds = below(rng, _PAST + _FUTURE) - _PAST  # rng.randrange(-_PAST, _FUTURE)
    return now + dt.timedelta(seconds=seconds)


def _ymd(t: dt.datetime) -> str:
    if t.year < 1000:  # strftime's %Y pads years below 1000 differently per platform
        return t.strftime("%Y-%m-%d")
    return f"{t.year}-{t.month:02}-{t.day:02}"  # strftime("%Y-%m-%d"), several times faster


def _hms(t: dt.datetime) -> str:
    return f"{t.hour:02}:{t.minute:02}:{t.second:02}Z"  # strftime("%H:%M:%SZ"), faster


def _date_time(rng: Random, now: dt.datetime) -> str:
    t = _instant(rng, now)
    return f"{_ymd(t)}T{_hms(t)}"


def _date(rng: Random, now: dt.datetime) -> str:
    return _ymd(_instant(rng, now))


def _time(rng: Random, now: dt.datetime) -> str:
    return _hms(_instant(rng, now))


def _duration(rng: Random, now: dt.datetime) -> str:
    return choice(rng, ("P1D", "PT15M", "PT1H30M", "P3DT4H", "P1Y2M10D", "PT45S", "P2W"))


def _host(rng: Random) -> str:
    return f"{choice(rng, _WORDS)}.example.{choice(rng, _TLDS)}"


def _hostname(rng: Random, now: dt.datetime) -> str:
    return _host(rng)


def _email(rng: Random, now: dt.datetime) -> str:
    return f"{choice(rng, _USERS)}{below(rng, 100)}@example.{choice(rng, _TLDS)}"


def _ipv4(rng: Random, now: dt.datetime) -> str:
    return ".".join(str(1 + below(rng, 254)) for _ in range(4))  # randrange(1, 255)


def _ipv6(rng: Random, now: dt.datetime) -> str:
    return "2001:db8:" + ":".join(f"{below(rng, 65536):x}" for _ in range(6))


def _path(rng: Random) -> str:
    return "/" + "/".join(choice(rng, _WORDS) for _ in range(1 + below(rng, 3)))  # randrange(1, 4)


def _uri(rng: Random, now: dt.datetime) -> str:
    return f"https://{_host(rng)}{_path(rng)}"


def _uri_reference(rng: Random, now: dt.datetime) -> str:
    return _uri(rng, now) if rng.random() < 0.5 else _path(rng)


def _uri_template(rng: Random, now: dt.datetime) -> str:
    return f"https://{_host(rng)}{_path(rng)}/{{id}}"


def _uuid(rng: Random, now: dt.datetime) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _json_pointer(rng: Random, now: dt.datetime) -> str:
    return _path(rng) + choice(rng, ("", "/0", "/1"))


def _relative_json_pointer(rng: Random, now: dt.datetime) -> str:
    return str(below(rng, 3)) + choice(rng, ("", "#", _path(rng)))


def _regex(rng: Random, now: dt.datetime) -> str:
    return choice(rng, _REGEXES)


FORMATS: dict[str, Callable[[Random, dt.datetime], str]] = {
    "date": _date,
    "date-time": _date_time,
    "duration": _duration,
    "email": _email,
    "hostname": _hostname,
    "idn-email": _email,
    "idn-hostname": _hostname,
    "ipv4": _ipv4,
    "ipv6": _ipv6,
    "iri": _uri,
    "iri-reference": _uri_reference,
    "json-pointer": _json_pointer,
    "regex": _regex,
    "relative-json-pointer": _relative_json_pointer,
    "time": _time,
    "uri": _uri,
    "uri-reference": _uri_reference,
    "uri-template": _uri_template,
    "uuid": _uuid,
}
"""Generator for each format jsonschema's format checker knows (others are annotations)."""


def _bytes(rng: Random) -> bytes:
    size = 3 * (1 + below(rng, 16))  # whole groups of 3 bytes: 4 to 64 characters, never padded
    return rng.getrandbits(8 * size).to_bytes(size, "big")


def _base64url(rng: Random, now: dt.datetime) -> str:
    return base64.urlsafe_b64encode(_bytes(rng)).decode("ascii")


def _base64(rng: Random, now: dt.datetime) -> str:
    return base64.b64encode(_bytes(rng)).decode("ascii")


def _ipv4_network(rng: Random, now: dt.datetime) -> str:
    prefix = 8 + below(rng, 25)  # /8 to /32, its host bits zero as a network's must be
    return str(ipaddress.IPv4Network((rng.getrandbits(32), prefix), strict=False))


def _ipv6_network(rng: Random, now: dt.datetime) -> str:
    prefix = 32 + below(rng, 97)  # /32 to /128, inside 2001:db8::/32 (RFC 3849, documentation)
    address = (0x20010DB8 << 96) | rng.getrandbits(96)
    return str(ipaddress.IPv6Network((address, prefix), strict=False))


def _ipv4_interface(rng: Random, now: dt.datetime) -> str:
    return f"{_ipv4(rng, now)}/{8 + below(rng, 25)}"


def _ipv6_interface(rng: Random, now: dt.datetime) -> str:
    return f"{_ipv6(rng, now)}/{32 + below(rng, 97)}"


def _either(v4: Callable[[Random, dt.datetime], str], v6: Callable[[Random, dt.datetime], str]) -> Any:
    return lambda rng, now: v4(rng, now) if below(rng, 4) else v6(rng, now)  # mostly IPv4


def _name_email(rng: Random, now: dt.datetime) -> str:
    user = choice(rng, _USERS)
    return f"{user.title()} <{user}{below(rng, 100)}@example.{choice(rng, _TLDS)}>"


ENCODED: dict[str, Callable[[Random, dt.datetime], str]] = {
    "base64url": _base64url,
    "byte": _base64,
    "base64": _base64,
    "ipv4interface": _ipv4_interface,
    "ipv4network": _ipv4_network,
    "ipv6interface": _ipv6_interface,
    "ipv6network": _ipv6_network,
    "ipvanyaddress": _either(_ipv4, _ipv6),
    "ipvanyinterface": _either(_ipv4_interface, _ipv6_interface),
    "ipvanynetwork": _either(_ipv4_network, _ipv6_network),
    "name-email": _name_email,
}
"""Generator for each format (or ``contentEncoding``) no validator checks but whose readers decode
the text: pydantic writes ``bytes`` (``val_json_bytes="base64"``, as pydantic_ai's
``BinaryContent.data``) as ``format: base64url`` and refuses text that is not base64; OpenAPI's
``format: byte`` and JSON Schema's ``contentEncoding: base64`` are standard base64. Made only for
a string nothing else bounds (no pattern, no lengths), where every string is valid anyway. So are
pydantic's own formats of the types it alone parses: ``IPvAnyAddress`` (``ipvanyaddress``), its
networks and interfaces, and ``NameEmail`` (``name-email``: ``Alice <alice7@example.com>``)."""


class FormatSearch:
    """One more ``format`` a string must have, read as a pattern's check is (``search``): the
    second format of one string (an ``allOf`` of ``date`` and ``ipv4``: no string has both, so a
    typeless schema's values are of the other types)."""

    __slots__ = ("fmt",)

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt

    def search(self, text: str) -> bool:
        return bool(_CHECKER.conforms(text, self.fmt))


_CHECKER = jsonschema.FormatChecker()
