"""A format's unusual values, for a string whose other keywords rule out the usual ones.

`_formats` makes a format's typical values (``api.example.com``, ``/docs/data``, ``^[a-z]+$``);
a schema may ask for one no typical value is: a hostname under three characters (a ``oneOf`` of
``hostname`` and ``idn-hostname`` with ``minLength: 3``), the empty JSON pointer (a
``json-pointer`` under ``not: {pattern: "/"}``), a ``regex`` holding ``/``, an upper-case
hostname (``not: {pattern: "^[a-z]"}``), a ``uri-reference`` that is a ``uuid`` (two formats of
one string: the second's values are the first's too), a relative reference of twenty characters.
`unusual` yields such candidates, the string's own checks judge each: short and odd values of
every format named, the other formats' typical values, the typical values fitted to the lengths,
and the pattern's strings built to a length (the format's checker then judges them).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from random import Random

from synthworld.schema._formats import FORMATS
from synthworld.schema._regex_sized import sized_draws

__all__ = ["EDGES", "unusual"]

_HOSTS = ("a", "A", "ab", "a1", "1a", "A-1", "x.io", "localhost")
_URIS = ("a:b", "urn:x", "HTTP://A.B", "http://a.b/c?d#e")
_REFERENCES = ("", "#", "a", "A", "./a", "?q")

EDGES: dict[str, tuple[str, ...]] = {
    "date": ("2000-02-29", "1970-01-01"),
    "date-time": ("2024-01-01T00:00:00+01:00", "1999-12-31t23:59:59z"),
    "duration": ("P0D", "PT0S", "P1W", "P1Y"),
    "email": ("a@b", "A@B.c", "a.b@c"),
    "hostname": _HOSTS,
    "idn-email": ("a@b", "A@B.c"),
    "idn-hostname": _HOSTS,
    "ipv4": ("0.0.0.0", "255.255.255.255", "1.2.3.4"),
    "ipv6": ("::", "::1", "1::", "FFFF::", "::ffff:1.2.3.4"),
    "iri": _URIS,
    "iri-reference": _REFERENCES,
    "json-pointer": ("", "/", "/~0", "/a~1b", "/0"),
    "regex": ("", ".", "/", "a|b", "\\d+", "[/]", "(a)"),
    "relative-json-pointer": ("0", "0#", "1/a", "10"),
    "time": ("00:00:00Z", "23:59:59.5+01:00"),
    "uri": _URIS,
    "uri-reference": _REFERENCES,
    "uri-template": ("", "a", "A", "{a}", "/{b}"),
    "uuid": ("00000000-0000-0000-0000-000000000000", "123E4567-E89B-12D3-A456-426614174000"),
}
"""Short, empty and upper-case values of each format, each valid for python-jsonschema's checker
(`tests/schema/test_schema_format_edges.py` checks every one)."""
ODD = ("a b", "%", "\\", " ", "a:b c", "<>")
"""Text of no format (spaces, a lone ``%``, a backslash): for a format no validator checks, whose
every string is valid, under a ``not`` that refuses the format's own look (``oneOf`` of ``iri``
and ``uri-reference``: an ``iri`` python-jsonschema reads as any text, that is no URI reference)."""


def unusual(
    formats: Sequence[str],
    rng: Random,
    now: dt.datetime,
    *,
    fit: Callable[[str], str],
    source: str | None,
    lengths: tuple[int, int | None],
    tries: int,
    asserted: bool,
) -> Iterator[str]:
    """Candidates for a string of every one of ``formats`` (the first drives its draws; ``asserted``:
    a validator checks it): the others' typical values, the first's typical values passed through
    ``fit`` (padded or cut to the lengths), each one's `EDGES` (`ODD` text where the first is an
    annotation), and ``source``'s strings built to a length in ``lengths`` where they bound it."""
    for fmt in formats[1:]:
        made = FORMATS[fmt]
        for _ in range(tries):
            yield made(rng, now)
    made = FORMATS[formats[0]]
    for _ in range(tries):
        yield fit(made(rng, now))
    for fmt in formats:
        yield from EDGES.get(fmt, ())
    if not asserted:
        yield from ODD
    if source is not None and lengths != (0, None):  # unbounded, the usual draws are the pattern's
        yield from sized_draws(source, *lengths, rng, tries)
