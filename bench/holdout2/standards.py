"""What the second hold-out's judges check values against: host names and addresses, the check
digits of their standards (Luhn for IMEI and ICCID, the DEA's, ISO 6346, IMO, GS1, ORCID's ISO 7064,
ISO 17442's mod 97), and what a name of a thing, a person or a reference looks like."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from typing import Any

from faker.providers.address.en_US import Provider as _Address
from holdout import judges as first
from holdout.judges import COUNTRY_NAMES

__all__ = ["HOSTNAME", "NATIONS", "code", "container", "contains", "dea", "digits_luhn", "gtin", "host",
           "imo", "ipv4", "lei", "named", "orcid", "person_name", "rdata"]  # fmt: skip

_person, _lorem_alone = first._person, first._lorem_alone

NATIONS = COUNTRY_NAMES | frozenset(_Address.countries)
"""Country names: the first hold-out's and Faker's address list (``Macao``, ``Congo``)."""
HOSTNAME = re.compile(r"(\*\.)?([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)+[a-z]{2,}\.?")


def ipv4(v: Any) -> bool:
    try:
        return isinstance(v, str) and isinstance(ipaddress.ip_address(v), ipaddress.IPv4Address)
    except ValueError:
        return False


def _ipv6(v: Any) -> bool:
    try:
        return isinstance(v, str) and isinstance(ipaddress.ip_address(v), ipaddress.IPv6Address)
    except ValueError:
        return False


def host(v: Any) -> bool:
    return isinstance(v, str) and HOSTNAME.fullmatch(v) is not None


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def digits_luhn(*sizes: int, prefix: str = "") -> Callable[[Any], bool]:
    return lambda v: (
        isinstance(v, str) and v.isdigit() and len(v) in sizes and v.startswith(prefix) and _luhn(v)
    )


def dea(v: Any) -> bool:
    """A DEA registration number: a registrant letter, a letter, seven digits whose last checks
    the others (d1+d3+d5 + 2*(d2+d4+d6), last digit)."""
    if not isinstance(v, str) or not re.fullmatch(r"[ABCDFGHJKLMPRSTUX][A-Z9]\d{7}", v):
        return False
    d = [int(c) for c in v[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def container(v: Any) -> bool:
    """An ISO 6346 container number: owner code, category, six digits, check digit."""
    if not isinstance(v, str) or not re.fullmatch(r"[A-Z]{3}[UJZ]\d{7}", v):
        return False
    values = [int(c) if c.isdigit() else _ISO6346[c] for c in v[:10]]
    return sum(x * 2**i for i, x in enumerate(values)) % 11 % 10 == int(v[10])


_ISO6346 = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [n for n in range(10, 39) if n % 11], strict=True))


def imo(v: Any) -> bool:
    found = re.fullmatch(r"(IMO ?)?(\d{7})", v) if isinstance(v, str) else None
    if found is None:
        return False
    d = found[2]
    return sum(int(c) * w for c, w in zip(d[:6], range(7, 1, -1), strict=True)) % 10 == int(d[6])


def gtin(v: Any) -> bool:
    if not isinstance(v, str) or not re.fullmatch(r"\d{8}|\d{12,14}", v):
        return False
    body, check = v[:-1], int(v[-1])
    total = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return (10 - total % 10) % 10 == check


def orcid(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    found = re.fullmatch(r"(https://orcid\.org/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])", v)
    if found is None:
        return False
    digits, total = found[2].replace("-", ""), 0
    for c in digits[:-1]:
        total = (total + int(c)) * 2
    check = (12 - total % 11) % 11
    return digits[-1] == ("X" if check == 10 else str(check))


def lei(v: Any) -> bool:
    if not isinstance(v, str) or not re.fullmatch(r"[A-Z0-9]{18}\d{2}", v):
        return False
    return int("".join(str(int(c, 36)) for c in v)) % 97 == 1


def code(v: Any) -> bool:
    """A reference a system gave: no spaces, a digit in it, not a lone word."""
    return isinstance(v, str) and " " not in v and any(c.isdigit() for c in v) and not _lorem_alone(v)


def named(v: Any) -> bool:
    """A proper name of a thing (a firm, a ship, a stop, a dish): capitalised, not one lorem word,
    not a person's, not a URL or a phone number."""
    return (
        isinstance(v, str)
        and (v[:1].isupper() or v[:1].isdigit())  # 51 Pegasi, 5G 20GB
        and not _lorem_alone(v)
        and not (_person(v) and not _FIRM_WORDS.search(v))  # Kelly Group is a firm, Max Unlimited a plan
        and "://" not in v
        and not re.fullmatch(r"[\d\s().+-]+", v)
    )


_FIRM_WORDS = re.compile(
    r"\b(Group|Inc|LLC|Ltd|PLC|Corp|Co|Company|Sons|Partners|Unlimited|Plus|Max|Pro|Essentials)\b|,| and "
)
"""Words that make a name with a first name in it a firm's or a product's, not a person's."""


def person_name(v: Any) -> bool:
    return isinstance(v, str) and _person(v)


def contains(*words: str) -> Callable[[Any], bool]:
    pool = tuple(w.lower() for w in words)
    return lambda v: isinstance(v, str) and any(w in v.lower() for w in pool)


def rdata(v: Any) -> bool:
    return (
        ipv4(v)
        or _ipv6(v)
        or host(v)
        or (isinstance(v, str) and bool(re.fullmatch(r"\d+ \S+|\".*\"|v=\S+.*", v)))
    )
