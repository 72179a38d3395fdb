"""Format values of a chosen length, for a ``format`` with ``minLength``/``maxLength``.

The plain format generators (`_formats`) make typical values; a length bound can rule all of
them out (``ipv6`` with ``minLength: 39``, ``email`` with ``maxLength: 12`` or ``minLength:
200``). These build a value of a length drawn within the bounds, so the combination answers on
every seed. Each returns None when no value of the format has such a length.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from random import Random

from synthworld.schema._draw import below, choice

__all__ = ["LENGTHS", "SIZED"]

_HEX = "0123456789abcdef"
_LETTERS = string.ascii_lowercase
_ALNUM = string.ascii_lowercase + string.digits


def _length(rng: Random, low: int, high: int | None, floor: int, ceiling: int) -> int | None:
    low, top = max(low, floor), ceiling if high is None else min(high, ceiling)
    if low > top:
        return None
    return low + below(rng, min(top - low, 64) + 1) if high is None else low + below(rng, top - low + 1)


def _spread(rng: Random, total: int, parts: int, least: int, most: int) -> list[int] | None:
    """`parts` sizes in [least, most] that add up to `total` (None when impossible)."""
    if not parts * least <= total <= parts * most:
        return None
    sizes = [least] * parts
    for _ in range(total - parts * least):
        open_ = [i for i, s in enumerate(sizes) if s < most]
        sizes[choice(rng, open_)] += 1
    return sizes


def _ipv6(rng: Random, low: int, high: int | None) -> str | None:
    size = _length(rng, low, high, 2, 39)
    if size is None:
        return None
    if size == 2:
        return "::"
    if size >= 15 and (size > 36 or rng.random() < 0.5):  # eight groups, no ``::``
        digits = _spread(rng, size - 7, 8, 1, 4)
        assert digits is not None
        return ":".join("".join(choice(rng, _HEX) for _ in range(n)) for n in digits)
    options = [g for g in range(1, 8) if g <= size - 2 - (g - 1) <= 4 * g]  # ``::`` then g groups
    groups = choice(rng, options)
    digits = _spread(rng, size - 2 - (groups - 1), groups, 1, 4)
    assert digits is not None
    return "::" + ":".join("".join(choice(rng, _HEX) for _ in range(n)) for n in digits)


def _ipv4(rng: Random, low: int, high: int | None) -> str | None:
    size = _length(rng, low, high, 7, 15)
    if size is None:
        return None
    digits = _spread(rng, size - 3, 4, 1, 3)
    assert digits is not None
    spans = {1: (0, 9), 2: (10, 99), 3: (100, 255)}
    return ".".join(str(spans[n][0] + below(rng, spans[n][1] - spans[n][0] + 1)) for n in digits)


def _label(rng: Random, size: int) -> str:
    return choice(rng, _LETTERS) + "".join(choice(rng, _ALNUM) for _ in range(size - 1))


def _domain(rng: Random, size: int) -> str | None:
    """A hostname of exactly `size` characters (labels of at most 63, under ``.com``/``.io``; a
    single label when even ``x.io`` is too long)."""
    if 1 <= size < 4:
        return _label(rng, size)
    if size == 11:
        return "example." + choice(rng, ("com", "org", "net"))
    tld = "com" if size >= 6 else "io"
    rest = size - len(tld) - 1
    if rest < 1 or size > 253:
        return None
    labels = []
    while rest > 0:
        take = min(63, rest)
        if rest - take == 1:
            take -= 1
        labels.append(_label(rng, take))
        rest -= take + 1
    return ".".join([*labels, tld])


def _hostname(rng: Random, low: int, high: int | None) -> str | None:
    size = _length(rng, low, high, 1, 253)
    return None if size is None else _domain(rng, size)


def _email(rng: Random, low: int, high: int | None) -> str | None:
    size = _length(rng, low, high, 3, 254)
    if size is None:
        return None
    domain_size = max(size - 1 - 64, min(11, size - 2))
    local = size - 1 - domain_size
    domain = _domain(rng, domain_size)
    if domain is None or not 1 <= local <= 64:
        return None
    return f"{_label(rng, local)}@{domain}"


def _uri(rng: Random, low: int, high: int | None) -> str | None:
    size = _length(rng, low, high, 20, 2000)
    if size is None:
        return None
    base = "https://example.com/"
    return base + "".join(choice(rng, _ALNUM) for _ in range(size - len(base)))


SIZED: dict[str, Callable[[Random, int, int | None], str | None]] = {
    "email": _email,
    "hostname": _hostname,
    "idn-email": _email,
    "idn-hostname": _hostname,
    "ipv4": _ipv4,
    "ipv6": _ipv6,
    "iri": _uri,
    "uri": _uri,
}
"""A length-aware generator for the formats whose values can take many lengths."""


LENGTHS: dict[str, tuple[int, int | None]] = {
    "date": (10, 10),
    "date-time": (20, None),
    "email": (3, None),
    "hostname": (1, None),
    "idn-email": (3, None),
    "ipv4": (7, 15),
    "ipv6": (2, 45),
    "time": (9, None),
    "uuid": (36, 36),
}
"""The lengths any value of a format can have (shortest, longest): bounds outside them leave no
value (``date`` is always ``YYYY-MM-DD``; ``a@b`` is the shortest email)."""
