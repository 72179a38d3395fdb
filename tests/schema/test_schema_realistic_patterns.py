"""Realistic strings for fields with a pattern: whole values (not a bare prefix), and the value
the field's name asks for when the pattern takes it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schema_corpus import oracle

from synthworld.errors import SchemaError
from synthworld.schema import generate


def _field(name: str, **field: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {name: {"type": "string", **field}}, "required": [name]}


def _named(name: str, seeds: int = 5, **field: Any) -> list[str]:
    schema = _field(name, **field)
    values = [generate(schema, seed)[name] for seed in range(seeds)]
    assert all(oracle(schema).is_valid({name: value}) for value in values)
    return values


def test_a_url_field_with_a_scheme_prefix_answers_whole_urls() -> None:
    values = _named("homepage", pattern="^https://")
    assert values[:2] == ["https://example.org/posts/main/posts", "https://example.net/posts/blog/wp-content"]
    assert all(re.fullmatch(r"https://[a-z0-9.-]+\.[a-z]+/\S*", value) for value in values)


def test_a_fixed_prefix_is_continued_and_differs_by_seed() -> None:
    values = [generate({"type": "string", "pattern": "^arn:aws:iam::"}, seed) for seed in range(5)]
    assert values[:3] == ["arn:aws:iam::y0cq65zt4w", "arn:aws:iam::ieqh524yng", "arn:aws:iam::dffxktqnck"]
    assert len(set(values)) == 5
    versions = [generate({"type": "string", "pattern": "^v"}, seed) for seed in range(3)]
    assert versions == ["v6048", "v91", "v1"]


def test_a_scheme_other_than_http_gets_a_host_and_path() -> None:
    values = _named("bucket", pattern="^s3://")
    assert all(re.fullmatch(r"s3://[a-z0-9.-]+\.[a-z]+/\S*", value) for value in values)


def test_the_field_name_decides_when_its_realistic_value_matches() -> None:
    assert all("@" in value and "." in value.split("@")[1] for value in _named("email", pattern="@"))
    assert len(set(_named("phone", pattern=r"\d"))) == 5  # phone numbers, not one digit each
    assert all(" " in value for value in _named("name", pattern="^[A-Z]"))  # people's names


def test_max_length_cuts_the_continuation_not_the_prefix() -> None:
    values = [generate({"type": "string", "pattern": "^abc", "maxLength": 5}, seed) for seed in range(5)]
    assert all(value.startswith("abc") and 3 <= len(value) <= 5 for value in values)
    assert _named("url", pattern="^https://", maxLength=8) == ["https://"] * 5


def test_a_name_that_says_what_it_holds_gets_its_value_when_the_pattern_takes_it() -> None:
    emails = _named("email", seeds=2, pattern=r"^\S+@\S+$")  # was "fH-Z@9TB"
    assert emails == ["dianacastro@example.org", "matthewhahn@example.org"]
    assert _named("Url", seeds=1, pattern="^https://.*$") == ["https://example.org/posts/main/posts"]
    assert _named("Description", seeds=1, pattern="^.*$") == ["Kid lose lose"]  # was ""
    assert _named("Timezone", seeds=1, pattern="^(UTC|[A-Za-z_]+/[A-Za-z0-9_]+)$") == ["Asia/Phnom_Penh"]
    ips = _named("IpAddress", pattern=r"^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$")
    assert all(0 <= int(part) <= 255 for ip in ips for part in ip.split("."))  # was 04.764.59.8


def test_a_plain_word_name_or_a_pattern_the_value_fails_keeps_the_pattern_s_draw() -> None:
    assert _named("key", seeds=3, pattern="^[a-z]+$") == ["biqp", "i", "c"]  # "key" names no kind
    assert _named("url", seeds=2, pattern="^https://$") == ["https://", "https://"]


def test_plain_mode_keeps_the_pattern_s_own_draw() -> None:
    values = [generate({"type": "string", "pattern": "^arn:aws:iam::"}, s, realistic=False) for s in range(3)]
    assert values == ["arn:aws:iam::"] * 3


def test_a_continuation_the_pattern_rejects_falls_back_to_its_draw() -> None:
    assert _named("code", seeds=3, pattern=r"abc\b") == ["abc", "abc", "abc"]  # a word may not go on


def test_an_empty_pattern_on_a_named_field_answers() -> None:
    values = _named("FilterPattern", pattern="", maxLength=1024)  # AWS::Logs, cfn-lint's schemas
    assert all(isinstance(value, str) for value in values)


@settings(max_examples=60, deadline=None)
@given(
    prefix=st.text(alphabet="ab:/_-.@$x9", min_size=1, max_size=6),
    anchored=st.booleans(),
    max_length=st.none() | st.integers(0, 12),
    name=st.sampled_from(["", "url", "id", "name", "email", "code"]),
)
def test_any_literal_prefix_answers_a_valid_value(
    prefix: str, anchored: bool, max_length: int | None, name: str
) -> None:
    field: dict[str, Any] = {"type": "string", "pattern": ("^" if anchored else "") + re.escape(prefix)}
    if max_length is not None:
        field["maxLength"] = max_length
    schema = _field(name, **field) if name else field
    if max_length is not None and max_length < len(prefix):
        with pytest.raises(SchemaError):  # no room for the prefix: refused, at compile time
            generate(schema, 0)
        return
    check = oracle(schema).is_valid
    for seed in range(3):
        value = generate(schema, seed)
        assert check(value), (schema, value)


def test_a_letter_of_either_case_is_written_in_one_case() -> None:
    either = "".join(f"[{letter.upper()}{letter}]" for letter in "enabled")  # "[Ee][Nn][Aa]..."
    state = f"^({either}|{either.replace('[Ee][Nn]', '[Dd][Ii][Ss]')})$"  # Exchange's, in CloudFormation
    values = _named("FilterState", pattern=state)
    assert set(values) == {"enabled", "disabled"}  # was "dISaBLeD", "EnAblEd"


def test_the_values_after_a_letter_of_either_case_are_unchanged() -> None:
    def after(first: str) -> list[Any]:
        props = {"a": {"type": "string", "pattern": first}, "b": {"type": "string", "pattern": "^[a-z]{6}$"}}
        schema = {"type": "object", "properties": props, "required": ["a", "b"]}
        return [generate(schema, seed)["b"] for seed in range(5)]

    assert after("^[Aa][Bb]$") == after("^[ab][cd]$")


def test_a_value_of_several_words_is_spelled_as_the_pattern_takes_it() -> None:
    names = _named("name", seeds=3, pattern="^[a-zA-Z_][a-zA-Z0-9_]*$")  # a variable's name
    assert names == ["christopher_miranda", "linda_smith", "tiffany_miller"]
    slugs = _named("title", seeds=2, pattern="^[a-z0-9-]+$")
    assert slugs == ["reactive-grid-enabled-open-system", "assimilated-3rdgeneration-utilization"]
    assert _named("company", seeds=2, pattern="^[A-Za-z]+$") == ["HenryPlc", "TaylorGroup"]


def test_a_url_of_another_scheme_keeps_the_realistic_host_and_path() -> None:
    uris = _named("LocationUri", seeds=3, pattern=r"^(efs|nfs|s3|smb)://[a-zA-Z0-9./\-]+$")  # AWS DataSync
    assert uris == [
        "efs://example.org/posts/main/posts",
        "s3://example.net/posts/blog/wp-content",
        "efs://example.org/explore/app",
    ]
    assert _named("log_uri", seeds=1, pattern="^s3://.+$") == ["s3://example.org/posts/main/posts"]
    short = _named("LocationUri", seeds=3, pattern=r"^s3://[a-z]{2}$")  # no room for a host: drawn
    assert short == ["s3://iq", "s3://dp", "s3://cl"]
