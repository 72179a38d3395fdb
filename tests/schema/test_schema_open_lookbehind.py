"""A look-behind with an open repeat (``(?<=a+)b``): ECMA-262 reads it, Python's ``re`` does not
(``look-behind requires fixed-width pattern``). Nothing before a look-behind's first repeat is
matched, so that repeat is read at its least count (``(?<=a+)`` is ``(?<=a)``: a text ends with
``a+`` exactly when it ends with ``a``), and a pattern that starts with a positive look-behind is
built with its body first (``ab`` for ``(?<=a)b``). An open repeat after a look-behind's start
stays refused, and the message names the look-behind and what to change."""

from __future__ import annotations

import re

import jsonschema_rs
import pytest

from synthworld.errors import SchemaError
from synthworld.schema import generate

READ_NOW = [
    r"(?<=a+)b", r"(?<!a+)b", r"(?<=[a-z]+\d)x", r"(?<=(?:x|yy)+z)q", r"^x*(?<=x+)b$", r"(?<=a*b{2,})c$"
]  # fmt: skip


@pytest.mark.parametrize("pattern", READ_NOW)
def test_a_look_behind_whose_open_repeat_comes_first_is_built(pattern: str) -> None:
    schema = {"type": "string", "pattern": pattern}
    check = jsonschema_rs.validator_for(schema)
    values = [generate(schema, seed) for seed in range(6)]
    assert all(check.is_valid(value) for value in values), values


@pytest.mark.parametrize(
    ("pattern", "texts"),
    [
        (r"(?<=a+)b", ["b", "ab", "aab", "cb", "ba", "xab"]),
        (r"(?<!a+)b", ["b", "ab", "aab", "cb", "bab"]),
        (r"(?<=(?:x|yy)+z)q", ["zq", "xzq", "yzq", "yyzq", "xyyzq", "yxzq", "q"]),
        (r"(?<=a*b{2,})c$", ["c", "bc", "bbc", "abbbc", "abc", "bbbbbc"]),
    ],
)
def test_the_rewrite_accepts_what_ecma_accepts(pattern: str, texts: list[str]) -> None:
    from synthworld.schema._ecma import translate

    ecma = jsonschema_rs.validator_for({"pattern": pattern})
    rewrite = re.compile(translate(pattern))
    assert [bool(rewrite.search(t)) for t in texts] == [ecma.is_valid(t) for t in texts]


@pytest.mark.parametrize(("pattern", "behind"), [(r"(?<=xa+)b", "(?<=xa+)"), (r"^c(?<!^a*)d", "(?<!^a*)")])
def test_an_open_repeat_after_the_start_is_refused_naming_the_look_behind(pattern: str, behind: str) -> None:
    with pytest.raises(SchemaError) as caught:
        generate({"type": "string", "pattern": pattern})
    message = str(caught.value)
    assert f"its look-behind {behind!r}" in message
    assert "a repeat *, + or {n,} after its start" in message
    assert "fix: bound the repeat" in message
