"""Patterns are matched by construction (ECMA-262 flavour); formats pass both validators."""

from __future__ import annotations

import json
import random
import re

import jsonschema
import jsonschema_rs
import pytest

from synthworld.schema._ecma import translate
from synthworld.schema._formats import FORMATS
from synthworld.schema._regex import compile_pattern, exact
from tests.schema.schema_corpus import SHARED, jsts, vendor

PATTERNS = [
    r"^\d{3}-\d{4}$",
    r"^[A-Z][a-z]+(?: [A-Z][a-z]+)*$",
    r"^(ab|cd)-\1$",
    r"^\w+@\w+\.(com|org)$",
    r"colou?r",
    r"^[^a-z\s]{1,3}$",
    r"^\p{L}+$",
    r"^(a|bc|def){2,4}x*?$",
    r"^[\x41-\x43]\u0044\.$",
    r"^[A-Za-z0-9]([\w-]+:)+[\w-]+$",  # class escapes inside a class (openHAB's thing UIDs)
    r"^(?!@@)[\w@]+$",
    r"^[\d.]+[\p{Lu}_]$",
]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_generated_strings_match_in_both_engines(pattern: str) -> None:
    gen, check = compile_pattern(pattern)
    rs = jsonschema_rs.validator_for({"type": "string", "pattern": pattern})
    rng = random.Random(0)
    for _ in range(50):
        text = gen(rng, {})
        assert check.search(text), text
        assert rs.is_valid(text), text


@pytest.mark.parametrize(
    ("ecma", "python"),
    [(r"\d", "[0-9]"), (r"\\d", r"\\d"), (r"[^]", r"[\s\S]"), (r"(?<n>x)\k<n>", "(?P<n>x)(?P=n)")],
)
def test_translate_ecma_specifics(ecma: str, python: str) -> None:
    assert translate(ecma) == python


@pytest.mark.parametrize(
    ("ecma", "python"),
    [
        (r"[\w-]", "[a-zA-Z0-9_-]"),
        (r"[^\d.]", "[^0-9.]"),
        (r"[\w-.~]", r"[a-zA-Z0-9_\-.~]"),  # a hyphen next to a class escape is a literal
        (r"[.-\d]", r"[.\-0-9]"),
        (r"[\uD800\uDC00-\uDBFF\uDFFF]", r"[\U00010000-\U0010ffff]"),  # UTF-16 pairs: one code point each
        (r"\\uD800\uDC00", r"\\uD800\uDC00"),  # an escaped backslash: no pair
        (r"\\w[\\d]", r"\\w[\\d]"),  # escaped backslashes are not escapes
    ],
)
def test_translate_class_escapes_inside_a_class_become_ranges(ecma: str, python: str) -> None:
    assert translate(ecma) == python


@pytest.mark.parametrize(
    ("ecma", "members", "others"),
    [
        (r"^[\p{L}\d]+$", ["aé1", "Zß", "ǅ"], ["a-", " ", "ω"]),  # ω: past the window, left out
        (r"^\P{L}$", ["1", "-", "\u0300"], ["é", "a"]),
        (r"^[^\p{C}]+$", ["ok", "é"], ["a\x07", "\u200b", "ω"]),  # a negated class: ω counted in C
        (r"^[\W]\w$", ["-a", " 1"], ["aa", "_a"]),
        (r"^[^\W\d]$", ["a", "_"], ["1", "-", "é"]),
        (r"^\p{Lu}\p{Punctuation}$", ["A!", "É_"], ["a!", "A+"]),  # + is a symbol
    ],
)
def test_unicode_properties_accept_only_members(ecma: str, members: list[str], others: list[str]) -> None:
    """Python reads the rewrite; it accepts no string ECMA-262 (jsonschema-rs) rejects."""
    rx = re.compile(translate(ecma))
    rs = jsonschema_rs.validator_for({"pattern": ecma})
    for text in members:
        assert rx.search(text), text
        assert rs.is_valid(text), text
    for text in others:
        assert not rx.search(text), text


def test_ascii_digits_only() -> None:
    assert not re.search(translate(r"^\d$"), "٣")  # ECMA \d is ASCII; Python's is not


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_formats_pass_python_jsonschema_and_jsonschema_rs(fmt: str) -> None:
    import datetime as dt

    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    rs = jsonschema_rs.validator_for({"format": fmt}, validate_formats=True)
    rng, now = random.Random(0), dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
    for _ in range(100):
        value = FORMATS[fmt](rng, now)
        assert checker.conforms(value, fmt), value
        assert rs.is_valid(value), value


def test_every_checked_format_has_a_generator() -> None:
    assert set(jsonschema.Draft202012Validator.FORMAT_CHECKER.checkers) <= set(FORMATS)


@pytest.mark.parametrize(
    "fmt", ["email", "idn-email", "hostname", "idn-hostname", "uri", "iri", "uri-reference"]
)
def test_made_up_hosts_are_reserved_example_domains(fmt: str) -> None:
    """RFC 2606's example.com/.org/.net only: an agent that acts on a value reaches nobody."""
    from synthworld.schema import generate

    hosts = set()
    for seed in range(200):
        value = generate({"type": "string", "format": fmt}, seed)
        hosts.update(re.findall(r"example\.[a-z]+", value))
    assert hosts == {"example.com", "example.org", "example.net"}


def _corpus_patterns() -> list[str]:
    """Every ``pattern`` of the JSTS, SchemaStore and vendored corpora (each once)."""
    found: dict[str, None] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                found[node["pattern"]] = None
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    rows = [schema for _, _, schema in (*jsts(), *vendor())]
    store = SHARED / "schemastore" / "corpus_dev.jsonl"
    rows += [json.loads(line)["schema"] for line in store.read_text().splitlines() if line.strip()]
    walk(rows)
    return list(found)


def test_every_string_an_exact_pattern_builds_matches_it_for_every_validator() -> None:
    patterns = _corpus_patterns()
    sure = [p for p in patterns if exact(p)]
    assert len(patterns) > 1000
    assert len(sure) > 0.6 * len(patterns)  # most real-world patterns are plain
    for pattern in sure:
        rs = jsonschema_rs.validator_for({"pattern": pattern})
        try:
            python: re.Pattern[str] | None = re.compile(pattern)  # python-jsonschema's reading
        except re.error:  # which cannot read ``\p{Cc}``: it judges no string of this pattern
            python = None
        for extra in (0, 4, 16):
            build = compile_pattern(pattern, extra)[0]
            for seed in range(6):
                text = build(random.Random(seed), {})
                assert rs.is_valid(text), (pattern, text)
                assert python is None or python.search(text), (pattern, text)


@pytest.mark.parametrize(
    "pattern",
    [r"^(?!b)a+$", r"(?<=a)b", r"a\b", r"(a)\1", r"a^b", r"^a$|^b$", r"^\p{L}+$", r"a++", r"(?>a)"],
)
def test_a_pattern_the_walk_cannot_build_exactly_is_left_to_the_check(pattern: str) -> None:
    assert not exact(pattern)


@pytest.mark.parametrize(
    "pattern",
    [
        r"^(?=!+[^!*,;{}[\]~\n]+$)(?=(.*\w)).+$",  # cspell's negative dictionary reference
        r"^(?=!a$)(?=.*a).+$",
        r"^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$",
        r"^x(?=[0-9]{2}$)\d+$",
    ],
)
def test_a_run_of_lookaheads_builds_text_their_bodies_match(pattern: str) -> None:
    from synthworld.schema._regex import lookahead_pattern

    build = lookahead_pattern(pattern)
    assert build is not None
    rng = random.Random(0)
    texts = [build(rng, {}) for _ in range(20)]
    assert sum(re.search(pattern, text) is not None for text in texts) >= 10, texts


def test_a_pattern_without_a_lookahead_at_its_top_has_no_lookahead_walk() -> None:
    from synthworld.schema._regex import lookahead_pattern

    assert lookahead_pattern(r"^[a-z]+$") is None
    assert lookahead_pattern(r"^(?!b)a+$") is None  # a negative lookahead asks for nothing to build
