"""Small fills of strings of one kind, for `_context`'s rules: a colour, an emoji, a URL, a hash,
a version, a token, a phone number, an identifier, a title, a slug, a word, a product, a SKU, a
flight number, a gate, a seat, a ticker, an ISRC, a barcode; and the makers of fills from a faker
provider, a format or a pool of words."""

from __future__ import annotations

import string

from synthworld.schema import _realistic
from synthworld.schema._draw import below, choice, text
from synthworld.schema._formats import FORMATS
from synthworld.schema._name_rules import Fill
from synthworld.schema._nodes import State
from synthworld.schema._words import (
    AIRLINES,
    EMOJI,
    EVENT_KINDS,
    EVENT_QUALIFIERS,
    EVENT_TOPICS,
    PRODUCT_ADJECTIVES,
    PRODUCT_NOUNS,
    TICKET_PROBLEMS,
    TICKET_SUBJECTS,
    WORDS,
)

__all__ = [
    "digits",
    "emoji",
    "event_name",
    "flight_number",
    "format_fill",
    "gate",
    "hex32",
    "hex_color",
    "ident",
    "image_url",
    "isrc",
    "phone",
    "pool_of",
    "product",
    "provider",
    "seat",
    "semver",
    "short_title",
    "sku",
    "slug",
    "ticker",
    "ticket_title",
    "title",
    "token",
    "url",
    "word",
]

_ALNUM = string.ascii_letters + string.digits


def hex_color(st: State) -> str:
    return "#" + text(st.rng, "0123456789abcdef", 6)


def emoji(st: State) -> str:
    return f":{choice(st.rng, EMOJI)}:"


def url(st: State) -> str:
    return f"https://www.example.com/{choice(st.rng, WORDS)}/{text(st.rng, _ALNUM, 12)}"


def image_url(st: State) -> str:
    return f"https://images.example.com/{text(st.rng, '0123456789abcdef', 16)}.png"


def hex32(st: State) -> str:
    return text(st.rng, "0123456789abcdef", 32)


def semver(st: State) -> str:
    return f"{below(st.rng, 4)}.{below(st.rng, 20)}.{below(st.rng, 10)}"


def token(st: State) -> str:
    return text(st.rng, _ALNUM, 24)


def phone(st: State) -> str:
    return f"+1-{200 + below(st.rng, 800)}-555-{below(st.rng, 10000):04}"


def provider(name: str) -> Fill:
    return lambda st: _realistic.pick(st.rng, st.locale, name)


def format_fill(name: str) -> Fill:
    return lambda st: FORMATS[name](st.rng, st.now)


def ident(st: State) -> str:
    return text(st.rng, string.ascii_uppercase + string.digits, 10)


def title(st: State) -> str:
    return " ".join(choice(st.rng, WORDS).capitalize() for _ in range(1 + below(st.rng, 3)))


def short_title(st: State) -> str:
    words = [choice(st.rng, WORDS) for _ in range(2 + below(st.rng, 2))]
    return " ".join(words).capitalize()


def slug(st: State) -> str:
    if st.rng.random() < 0.7:
        return choice(st.rng, WORDS)
    return f"{choice(st.rng, WORDS)}-{choice(st.rng, WORDS)}"


def word(st: State) -> str:
    return choice(st.rng, WORDS)


def product(st: State) -> str:
    return f"{choice(st.rng, PRODUCT_ADJECTIVES)} {choice(st.rng, PRODUCT_NOUNS)}"


def ticket_title(st: State) -> str:
    return f"{choice(st.rng, TICKET_SUBJECTS)} {choice(st.rng, TICKET_PROBLEMS)}"


def event_name(st: State) -> str:
    return f"{choice(st.rng, EVENT_QUALIFIERS)} {choice(st.rng, EVENT_TOPICS)} {choice(st.rng, EVENT_KINDS)}"


def pool_of(pool: tuple[str, ...]) -> Fill:
    return lambda st: choice(st.rng, pool)


def sku(st: State) -> str:
    letters = text(st.rng, string.ascii_uppercase, 3)
    return f"{letters}-{1000 + below(st.rng, 9000)}-{text(st.rng, string.ascii_uppercase, 2)}"


def flight_number(st: State) -> str:
    return f"{choice(st.rng, AIRLINES)}{100 + below(st.rng, 9900)}"


def gate(st: State) -> str:
    return f"{choice(st.rng, 'ABCDEF')}{1 + below(st.rng, 40)}"


def seat(st: State) -> str:
    return f"{1 + below(st.rng, 40)}{choice(st.rng, 'ABCDEF')}"


def ticker(st: State) -> str:
    return text(st.rng, string.ascii_uppercase, 3 + below(st.rng, 2))


def isrc(st: State) -> str:
    head = text(st.rng, string.ascii_uppercase, 2) + text(st.rng, string.ascii_uppercase + string.digits, 3)
    return head + f"{below(st.rng, 100):02}{below(st.rng, 100000):05}"


def digits(size: int) -> Fill:
    return lambda st: choice(st.rng, "123456789") + text(st.rng, string.digits, size - 1)
