"""Strings in context: a string field's examples, description, and its name in its parent object.

Signals, in order (``format``/``pattern``/``enum`` come first and still bind): the field's own
``examples``/``example``/``default`` (and its parent's ``example``) as shape templates; then its
description ("Hex color code"); then its name in its parent's context (``album.name`` -> a title,
``pokemon.name`` -> a lowercase slug, ``label.name`` -> a label word, a person's name only under a
person); then its name alone (``sku``, ``product_name``, a free-text ``status``). The plan is
worked out once, when the schema compiles; with none, the plain string node answers as before.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from random import Random
from typing import Any

import jsonschema

from synthworld.schema import _codes, _domains, _identifiers, _titles, _trades, _vocab
from synthworld.schema._draw import choice
from synthworld.schema._formats import FORMATS
from synthworld.schema._name_fills import CODE_LIKE as _CODE_LIKE
from synthworld.schema._name_fills import CODES as _CODES
from synthworld.schema._name_fills import SYMBOLS as _SYMBOLS
from synthworld.schema._name_fills import by_name as _by_name
from synthworld.schema._name_rules import Fill
from synthworld.schema._nodes import Node, State
from synthworld.schema._parent_kinds import JOB, LABEL_PARENTS, PARENTS, PERSON, PERSON_NAME, PET_NAME
from synthworld.schema._parts import Part
from synthworld.schema._place import NAME_LIKE, Place, place_of
from synthworld.schema._realistic import provider_for
from synthworld.schema._regex import Search, readings
from synthworld.schema._shape import Words, learn
from synthworld.schema._string_fills import emoji as _emoji
from synthworld.schema._string_fills import format_fill as _format
from synthworld.schema._string_fills import hex32 as _hex
from synthworld.schema._string_fills import hex_color as _hex_color
from synthworld.schema._string_fills import ident as _ident
from synthworld.schema._string_fills import phone as _phone
from synthworld.schema._string_fills import pool_of as _pool
from synthworld.schema._string_fills import provider as _provider
from synthworld.schema._string_fills import semver as _semver
from synthworld.schema._string_fills import slug as _slug
from synthworld.schema._string_fills import title as _title
from synthworld.schema._string_fills import url as _url
from synthworld.schema._words import (
    AIRPORTS,
    GENRES,
    LABELS,
    STATUSES,
    WORDS,
    shape_of,
)

__all__ = ["ContextNode", "in_context"]

_TRIES = 3
_CHECKER = jsonschema.FormatChecker()
_NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)


def in_context(node: Node, parts: list[Part], kind: str = "") -> Node:
    """``node`` (a string node) drawing contextual values first, when the schema says anything
    (``kind``: what the tool answering it is about, `_place.Place.kind`)."""
    fmt: str | None = None
    lows: list[int] = []
    highs: list[int] = []
    patterned = False
    for p in parts:  # one pass, no generators: every string field compiles through here
        words = p.node
        patterned = patterned or "pattern" in words
        if fmt is None and words.get("format") in FORMATS:
            fmt = words["format"]
        if (value := words.get("minLength")) is not None and _number(value):
            lows.append(int(value))
        if (value := words.get("maxLength")) is not None and _number(value):
            highs.append(int(value))
    patterns = _patterns(parts) if patterned else []
    place = place_of(parts, kind)
    fills = _fills(place, fmt, tuple(patterns))
    low, high = max(lows, default=0), min(highs, default=None)
    if not fills and high == 2 and fmt is None and not patterns and _COUNTRY.search(place.name):
        fills = [_COUNTRY_CODE]  # two letters of a country are its ISO code (``FR``), not ``Fr``
    if not fills:
        return node
    return ContextNode(node, fills, _Fits(low, high, patterns, fmt), avoid=place.examples)


class _Fits:
    """Whether a contextual value fits the field's lengths, patterns and format (one small object
    per field, not a closure)."""

    __slots__ = ("fmt", "high", "low", "patterns")

    def __init__(self, low: int, high: int | None, patterns: list[Search], fmt: str | None) -> None:
        self.low, self.high, self.patterns, self.fmt = low, high, tuple(patterns), fmt

    def __call__(self, value: str) -> bool:
        if len(value) < self.low or (self.high is not None and len(value) > self.high):
            return False
        for rx in self.patterns:
            if not rx.search(value):
                return False
        return self.fmt is None or bool(_CHECKER.conforms(value, self.fmt))


class ContextNode:
    """Contextual values (checked against the field's lengths, patterns and format), else ``inner``."""

    def __init__(self, inner: Node, fills: Sequence[Fill], ok: _Fits, *, avoid: Sequence[str] = ()) -> None:
        self.inner, self.fills, self.ok = inner, list(fills), ok
        self.avoid = frozenset(avoid)
        """The examples themselves: copying one is the examples node's job, at its own rate."""

    def gen(self, st: State, hint: str) -> Any:
        if not st.realistic:
            return self.inner.gen(st, hint)
        for _ in range(_TRIES):
            fill = self.fills[0] if len(self.fills) == 1 else choice(st.rng, self.fills)
            value = fill(st)
            if value not in self.avoid and self.ok(value):
                if self.ok.fmt is not None:  # checked by python-jsonschema's format checker only
                    st.unsure = True
                return value
        return self.inner.gen(st, hint)

    def surely(self, sure: Callable[[Node], bool]) -> bool:
        """Whether `gen` surely returns (see `_nodes.surely`): the fills never fail, and a value
        they give is checked here unless it has a format."""
        return self.ok.fmt is None and sure(self.inner)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _patterns(parts: list[Part]) -> list[Search]:
    out: list[Search] = []
    for p in parts:
        pattern = p.node.get("pattern")
        if isinstance(pattern, str):
            try:
                out.extend(readings(pattern))
            except (re.error, ValueError):  # the string node reports a pattern no reading takes
                continue
    return out


@lru_cache(maxsize=2048)
def _fills(place: Place, fmt: str | None, patterns: tuple[Search, ...]) -> list[Fill]:
    """The contextual fills of a field (the same places come back in many schemas; the fills
    are pure functions of the call's state, so they are shared)."""
    examples = [
        e for e in place.examples
        if (fmt is None or _CHECKER.conforms(e, fmt)) and all(rx.search(e) for rx in patterns)
    ] if place.examples else []  # fmt: skip
    if examples:
        engine = _vocab.machine(place.name, place.parents[:2])
        if engine is not None and all(_agrees(engine, e) for e in examples):
            return [engine]  # a network's ``type``: Docker's words (``bridge``), not the example's shape
    birth = _birth(place, fmt, patterns) if _vocab.BIRTH.search(place.name) else []
    if birth and all(any(_agrees(f, e) for f in birth) for e in examples):
        return birth  # a date of birth, also where an example or a pattern gives its shape
    if examples:
        return _from_examples(examples, _word_pool(place), _by_context(place))
    if fmt is not None or patterns:
        return []
    fill = (
        _vocab.stripe_id(place.name, place.parents, place.description)
        or _described(place)
        or _in_place(place.name, place.parents, place.siblings, place.kind)
    )
    return [fill] if fill else []


@lru_cache(maxsize=4096)
def _in_place(name: str, parents: tuple[str, ...], siblings: frozenset[str], kind: str) -> Fill | None:
    """The fill of a field by its name, its parents', its siblings' and its tool's `kind` (no
    description: the same names come back in many places that `_fills`' key tells apart by their
    descriptions)."""
    return (
        _vocab.in_parent(name, parents)
        or _domains.in_parent(name, parents)
        or _trades.in_parent(name, parents)
        or _by_context(Place(name, parents, "", (), siblings, kind))
        or _subject(Place(name, parents, "", ()))
        or _vocab.by_name(name)
        or _identifiers.by_name(name)
        or _codes.by_name(name)
        or _domains.by_name(name)
        or _trades.by_name(name)
        or _by_name(name)
        or _trades.reference(name)
        or _compound_name(name)
    )


def _birth(place: Place, fmt: str | None, patterns: tuple[Search, ...]) -> list[Fill]:
    """A date of birth (a pet's where the answer is a pet's) in the field's format (a ``date``, a
    ``date-time`` at midnight, a plain date without one), if a draw fits the field's patterns."""
    pet = PARENTS.get(place.kind) is PET_NAME or any(PARENTS.get(p) is PET_NAME for p in place.parents[:1])
    day = _vocab.pet_birth_date if pet else _vocab.birth_date
    if fmt in (None, "date"):
        fill: Fill = day
    elif fmt == "date-time":
        fill = lambda st: day(st, True)  # noqa: E731
    else:
        return []
    sample = fill(State(Random(0), _NOW, True, "en_US"))
    return [fill] if all(rx.search(sample) for rx in patterns) else []


def _from_examples(examples: list[str], words: Words, context: Fill | None) -> list[Fill]:
    fills: list[Fill] = []
    for example in dict.fromkeys(examples):
        draw = learn(example)
        if context is not None and _agrees(context, example):
            fills.append(context)
        fills.append(lambda st, draw=draw: draw(st.rng, st.now, words))  # type: ignore[misc]
    return fills


def _agrees(fill: Fill, example: str) -> bool:
    """Whether a contextual fill gives values of the example's shape (checked on a few draws)."""
    shape = shape_of(example)
    return all(shape_of(fill(State(Random(i), _NOW, True, "en_US"))) == shape for i in range(4))


# -- single words of the field's kind --------------------------------------------------------------

_WORD_POOLS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"status|state$"), STATUSES),
    (re.compile(r"(^|_)(labels?|tags?|topics?|keywords?|categor(y|ies))$"), LABELS),
    (re.compile(r"genres?$"), GENRES),
)


def _word_pool(place: Place) -> Words:
    for rx, pool in _WORD_POOLS:
        if rx.search(place.name) or (place.name == "name" and any(rx.search(n) for n in place.parents)):
            return lambda rng, like, pool=pool: choice(rng, pool)  # type: ignore[misc]
    return lambda rng, like: choice(rng, WORDS)


# -- the description ---------------------------------------------------------------------------------


def _described(place: Place) -> Fill | None:
    """What the description's first sentence says the string is; a name that already says
    more (``user_id`` is an id of its own style, ``created_at`` a date-time) is left to the name."""
    fill = _said(place.description) if place.description else None
    if (fill is _ident and _ID_NAME.search(place.name)) or (fill is _date and _TIME_NAME.search(place.name)):
        return None
    return fill


@lru_cache(maxsize=4096)
def _said(description: str) -> Fill | None:
    """The fill a description's first sentence names (the same descriptions recur across a spec)."""
    first = _SENTENCE_END.split(description.strip().lower(), maxsplit=1)[0]
    for needles, rx, fill in _DESCRIBED:
        for needle in needles:
            if needle in first:  # else the pattern finds nothing
                if rx.search(first):
                    return fill
                break
    return None


_COUNTRY = re.compile(r"(^|_)country$")
_COUNTRY_CODE = _provider("country_code")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")
_ID_NAME = re.compile(r"(^|_)(id|uuid|guid)$")
_TIME_NAME = re.compile(r"(_at|time|timestamp)$")
_date = _format("date")


_DESCRIBED: tuple[tuple[tuple[str, ...], re.Pattern[str], Fill], ...] = tuple(
    (tuple(needles.split("|")), re.compile(rx), fill)
    for needles, rx, fill in (
        ("hex|colo", r"hex(adecimal)? colou?r|colou?r code|colou?r in hex|rgb hex", _hex_color),
        ("emoji", r"\bemoji\b", _emoji),
        ("mail address", r"\be-?mail address\b", _provider("safe_email")),
        ("phone number", r"\b(tele)?phone number\b", _phone),
        ("url|uri|link|href|web", r"\b(url|uri|link|href|web ?page|website)\b", _url),
        ("time|8601", r"\btimestamp\b|\bdate[- ]?time\b|iso ?8601|\b(date|time) and time\b",
         _format("date-time")),
        ("date", r"\bdate\b", _date),
        ("sha|md5|checksum|hash", r"\b(sha-?\d*|md5|checksum|hash)\b", _hex),
        ("country code|3166", r"\bcountry code\b|iso 3166", _provider("country_code")),
        ("currency|4217", r"\bcurrency code\b|iso 4217|three-letter currency", _provider("currency_code")),
        ("language code|639", r"\blanguage code\b|iso 639", _provider("language_code")),
        ("version", r"\bversion\b", _semver),
        ("mime|media type|content type", r"\bmime\b|\bmedia type\b|\bcontent type\b", _provider("mime_type")),
        ("name of ", r"\bname of (the|a|an) (person|user|author|owner|member|customer|contact)\b",
         _provider("name")),
        ("iata|airport", r"\biata\b|\bairport code\b", _pool(AIRPORTS)),
        ("city", r"\bcity\b", _provider("city")),
        ("id", r"\b(unique )?identifier\b|\bid\b", _ident),
    )
)  # fmt: skip
"""(needles, pattern, fill): the first pattern found wins. Every text a pattern finds holds one of
its needles, so a sentence without them skips the pattern (a substring test costs a tenth of a
search; the rules run on every described string field)."""


# -- the field's name in its parent's context -----------------------------------------------------


_URL_PARENT = re.compile(r"(^|_)(url|link|href)s?$")


def _by_context(place: Place) -> Fill | None:
    if place.parents and _URL_PARENT.search(place.parents[0]):
        return _url
    if place.name in _CODE_LIKE:  # a country's code, an airport's, a currency's...
        codes = _SYMBOLS if place.name == "symbol" else _CODES
        return next((codes[p] for p in place.parents[:1] if p in codes), None)
    if place.name not in NAME_LIKE:
        return None
    if place.name in ("label", "caption") and place.parents and place.parents[0] in LABEL_PARENTS:
        return LABEL_PARENTS[place.parents[0]]
    for parent in place.parents:
        if parent in PARENTS:
            return _as(place.name, PARENTS[parent])
    if place.kind in PARENTS:  # nothing nearer names it: the tool's name does (``getPetById``)
        return _as(place.name, PARENTS[place.kind])
    if not place.parents and (kind := _kind_of_siblings(place.name, place.siblings)) is not None:
        return _as(place.name, PARENTS[kind])  # a top object (a tool's answer): what its other fields say
    if place.parents and place.name in ("name", "title"):
        return _title  # a thing with a name that is not a person's
    return None


_PERSON_HEADS = frozenset(
    (PERSON + " full display legal real preferred maiden middle holder cardholder billing shipping "
     "parent guardian emergency spouse beneficiary doctor physician nurse pilot captain signatory").split()
)  # fmt: skip


_SUBJECT = re.compile(r"^((e_?)?mail_|message_)?subject$")
_NOT_A_MESSAGE = frozenset(
    [
        "certificate",
        "cert",
        "tls",
        "ssl",
        "x509",
        "jwt",
        "token",
        "claim",
        "claims",
        "csr",
        "key",
        "grammar",
        "sentence",
    ]
)


def _subject(place: Place) -> Fill | None:
    """A message's ``subject`` (not a certificate's): an email's subject line, not a catch phrase."""
    if _SUBJECT.match(place.name) and _NOT_A_MESSAGE.isdisjoint(place.parents):
        return _titles.subject_line
    return None


def _compound_name(name: str) -> Fill | None:
    """A ``<noun>_name`` that is no person's (``event_name``, ``node_name``, ``priority_class_name``):
    its noun's kind of name, else a machine's (``worker-pool``); Faker's rules gave them all a
    person's ("Jeremiah Frye"). A person's noun (``holder_name``, ``author_name``) keeps a person's."""
    if not name.endswith("_name") or provider_for(name) != "name":
        return None
    head = name[:-5].rsplit("_", 1)[-1]
    if head in _PERSON_HEADS:
        return None
    return PARENTS.get(head, _slug)


def _as(name: str, fill: Fill) -> Fill | None:
    """The fill of a kind's name-like field ``name``: a person's ``title`` is their job; a
    ``headline`` only a written work's (a business profile's is no person's or company's name)."""
    if name == "headline":
        return fill if fill in (_titles.article_title, _titles.creative_title) else None
    return JOB if fill is PERSON_NAME and name == "title" else fill


_SIBLING_KINDS = tuple(
    (frozenset(words.split()), kind)
    for words, kind in (
        ("isbn isbn_10 isbn_13 publisher page_count pages num_pages number_of_pages edition", "book"),
        ("artist artists album album_name track_number duration_ms lyrics", "song"),
        ("director runtime runtime_minutes cast", "movie"),
        ("episode_number season season_number", "episode"),
        ("priority assignee reporter severity story_points", "ticket"),
        ("venue starts_at ends_at start_time end_time capacity organizer attendees", "event"),
        ("price unit_price list_price msrp sku stock in_stock stock_quantity inventory", "product"),
        ("ingredients servings prep_time cook_time", "recipe"),
        ("instructor syllabus credits", "course"),
        ("species breed", "pet"),
    )
)
"""Fields that say what an object with no name of its own is (a ``title`` beside an ``isbn``: a
book's), first match wins."""
_AUTHORED = frozenset({"author", "authors"})
"""Beside a ``title``: a book's (an action's or a plugin's ``name`` beside an ``author`` is no title)."""


def _kind_of_siblings(name: str, siblings: frozenset[str]) -> str | None:
    kind = next((kind for words, kind in _SIBLING_KINDS if not words.isdisjoint(siblings)), None)
    return "book" if kind is None and name == "title" and not _AUTHORED.isdisjoint(siblings) else kind
