"""Templates learnt from a string field's own examples: new values of the same shape, not copies.

``learn("spotify:track:6rqhFgbbKwnb9MLmUQDhG6")`` keeps the literal prefix and draws a new id of the
same length and character classes; ``"1981-12"`` gives other year-months, ``":coffee:"`` other emoji
codes, ``"https://i.scdn.co/image/ab67..."`` the same host with a new hash, ``"Abbey Road"`` other
Title Case words. A template is learnt once per schema (at compile time); drawing is a few
``rng`` calls.
"""

from __future__ import annotations

import datetime as dt
import re
import string
import uuid
from collections.abc import Callable, Sequence
from random import Random
from urllib.parse import urlsplit

from synthworld.schema._draw import below, choice, text
from synthworld.schema._formats import FORMATS
from synthworld.schema._words import EMOJI, WORDS

__all__ = ["Draw", "Words", "learn"]

Words = Callable[[Random, str], str]
"""``(rng, example_word) -> word``: a word of the field's kind (context may narrow it)."""
Draw = Callable[[Random, dt.datetime, Words], str]
"""A learnt template: ``(rng, now, words) -> str``."""

_PAST = 365 * 86400
_EMOJI = re.compile(r"^:[a-z0-9_+-]+:$")
_DATE_TIME = re.compile(
    r"^\d{4}-\d{2}-\d{2}(?P<sep>[T ])\d{2}:\d{2}(?P<sec>:\d{2})?(?P<frac>\.\d+)?"
    r"(?P<zone>Z|[+-]\d{2}:?\d{2})?$"
)
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")
_TIME = re.compile(r"^\d{2}:\d{2}(:\d{2})?$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-zA-Z]{2,}$")
_URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://\S+$")
_TOKEN = re.compile(r"[A-Za-z0-9]+|[^A-Za-z0-9]+")
_YEAR = re.compile(r"^(19|20)\d\d$")
_PREFIXED = re.compile(r"^([A-Za-z]+)(\d+)$")
_VERSION = re.compile(r"v\d{1,2}")
_PROSE_TOKEN = re.compile(r"[A-Za-z]+|\d+|[^A-Za-z\d]+")
_HEX = frozenset("0123456789abcdef")
_SMALL = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"})
_CLASSES = (string.digits, string.ascii_lowercase, string.ascii_uppercase)


def learn(example: str) -> Draw:
    """The template of ``example``: a draw giving values of the same shape."""
    if _EMOJI.match(example):
        return lambda rng, now, words: f":{choice(rng, EMOJI)}:"
    if match := _DATE_TIME.match(example):
        return _date_time(match)
    if _DATE.match(example):
        return _date(len(example))
    if _TIME.match(example):
        return lambda rng, now, words: _instant(rng, now).strftime("%H:%M:%S")[: len(example)]
    if _UUID.match(example):
        upper = example.isupper()
        return lambda rng, now, words: _uuid(rng, upper=upper)
    if _EMAIL.match(example):
        return _email(example)
    if _URL.match(example):
        return _url(example)
    if " " in example.strip():
        return _prose(example)
    return _code(example)


def _instant(rng: Random, now: dt.datetime) -> dt.datetime:
    return now - dt.timedelta(seconds=below(rng, _PAST))


def _date_time(match: re.Match[str]) -> Draw:
    sep, sec, frac, zone = match["sep"], match["sec"], match["frac"] or "", match["zone"] or ""

    def draw(rng: Random, now: dt.datetime, words: Words) -> str:
        t = _instant(rng, now)
        out = f"{t:%Y-%m-%d}{sep}{t:%H:%M}" + (f":{t:%S}" if sec else "")
        if frac:
            out += "." + text(rng, string.digits, len(frac) - 1)
        return out + zone

    return draw


def _date(size: int) -> Draw:
    def draw(rng: Random, now: dt.datetime, words: Words) -> str:
        return FORMATS["date"](rng, now)[:size]  # 7: a year and month ("1981-12")

    return draw


def _uuid(rng: Random, *, upper: bool) -> str:
    value = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    return value.upper() if upper else value


def _email(example: str) -> Draw:
    local, _, domain = example.rpartition("@")
    domain = domain if domain.split(".")[-2:-1] == ["example"] else "example.com"
    sep = "." if "." in local else ("_" if "_" in local else "")

    def draw(rng: Random, now: dt.datetime, words: Words) -> str:
        return f"{choice(rng, WORDS)}{sep}{choice(rng, WORDS)}{below(rng, 100) if not sep else ''}@{domain}"

    return draw


def _url(example: str) -> Draw:
    parts = urlsplit(example)
    head = f"{parts.scheme}://{parts.netloc}"
    rest = example[len(head) :]
    tokens = _tokens(rest)
    if not any(callable(t) for t in tokens):
        tokens = _vary_last_word(tokens)

    def draw(rng: Random, now: dt.datetime, words: Words) -> str:
        return head + "".join(t if isinstance(t, str) else t(rng, words) for t in tokens)

    return draw


Piece = str | Callable[[Random, Words], str]


def _tokens(value: str) -> list[Piece]:
    """``value`` as literal separators and words, and draws for its variable runs (ids, numbers)."""
    out: list[Piece] = []
    for token in _TOKEN.findall(value):
        out.append(_run(token) if token[0].isalnum() else token)
    return out


def _vary_last_word(tokens: list[Piece]) -> list[Piece]:
    """With nothing variable (``/img/avatar.png``), the last word but an extension varies."""
    alnum = [i for i, t in enumerate(tokens) if isinstance(t, str) and t[:1].isalnum()]
    if not alnum:
        return [*tokens, _word_like("x")] if tokens else ["/", _word_like("x")]
    last = alnum[-1]
    if len(alnum) > 1 and last > 0 and tokens[last - 1] == "." and len(str(tokens[last])) <= 4:
        last = alnum[-2]  # keep ".png"
    return [*tokens[:last], _word_like(str(tokens[last])), *tokens[last + 1 :]]


def _run(token: str) -> Piece:
    """A literal word (``track``, ``v1``...) or a draw for an id-like run."""
    if token.isalpha() and (token.islower() or token.isupper() or token.istitle()) and len(token) <= 14:
        return token  # a word: kept beside ids, replaced when the whole value is words
    if _VERSION.fullmatch(token):
        return token
    if token.isdigit():
        return _digits(token)
    if match := _PREFIXED.match(token):
        return _prefixed(match[1], _digits(match[2]))
    if not token.isascii():  # another script's run (下関市): no ASCII class of `_chars` to draw from
        return token
    return _chars(token)


def _prefixed(head: str, digits: Piece) -> Piece:
    assert callable(digits)
    return lambda rng, words: head + digits(rng, words)


def _digits(token: str) -> Piece:
    size, lead = len(token), token[0] != "0"

    def draw(rng: Random, words: Words) -> str:
        first = choice(rng, "123456789") if lead else choice(rng, string.digits)
        return first + text(rng, string.digits, size - 1)

    return draw


def _chars(token: str) -> Piece:
    """Same length, same character classes (each class present at least once)."""
    if set(token) <= _HEX and any(c.isdigit() for c in token):
        classes = [string.digits, "abcdef"]
    elif set(token.lower()) <= _HEX and token.isupper():
        classes = [string.digits, "ABCDEF"]
    else:
        classes = [c for c in _CLASSES if any(ch in c for ch in token)]
    alphabet = "".join(classes)
    keep = token[0] if len(token) >= 6 and token[0].isupper() and not token[1:].isalpha() else ""
    size = len(token) - len(keep)

    def draw(rng: Random, words: Words) -> str:
        out = list(text(rng, alphabet, size))
        missing = [c for c in classes if not any(ch in c for ch in out)]
        for i, cls in enumerate(missing[:size]):
            out[(below(rng, size) + i) % size] = choice(rng, cls)
        return keep + "".join(out)

    return draw


def _word_like(token: str) -> Piece:
    def draw(rng: Random, words: Words) -> str:
        return _cased(words(rng, token), token)

    return draw


def _cased(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word.lower() if like.islower() else word


def _code(example: str) -> Draw:
    """A string without spaces: literal separators and keywords, new ids and numbers; a plain word
    (or words joined by ``-``/``_``) becomes other words of its kind."""
    if _YEAR.match(example):
        return lambda rng, now, words: str(1950 + below(rng, 76))
    tokens = _tokens(example)
    if not any(callable(t) for t in tokens):
        tokens = [_word_like(t) if t[:1].isalpha() else t for t in tokens if isinstance(t, str)]

    def draw(rng: Random, now: dt.datetime, words: Words) -> str:
        return "".join([t if isinstance(t, str) else t(rng, words) for t in tokens])

    return draw


def _prose(example: str) -> Draw:
    """Words, numbers and punctuation: each word replaced by one of the same case, numbers redrawn."""
    tokens = _PROSE_TOKEN.findall(example)
    pieces: Sequence[Piece] = [
        (
            t
            if t in _SMALL or _tag(tokens, i)
            else _word_like(t)
            if t.isalpha()
            else _digits(t)
            if t.isdigit()
            else t
        )
        for i, t in enumerate(tokens)
    ]

    def draw(rng: Random, now: dt.datetime, words: Words) -> str:
        return "".join(p if isinstance(p, str) else p(rng, _prose_words) for p in pieces)

    return draw


def _tag(tokens: list[str], i: int) -> bool:
    """Whether ``tokens[i]`` names a markup tag (``<body>``, ``</em>``): kept as written."""
    return i > 0 and tokens[i - 1].endswith(("<", "</"))


def _prose_words(rng: Random, like: str) -> str:
    return choice(rng, WORDS)
