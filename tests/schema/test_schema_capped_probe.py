"""A capped refusal's probe (stop 49: 2-3 s CPU for `combinators` seeds 1 and 2 of
`bench/fuzz_schemas.py`) does less of the same work: the last resort's second reading (every type
for a schema naming none, for objects that cannot end) is not compiled when every attempt of the
first reached `_nodes.BRANCHES` alternatives, and a conjunct whose quick check walks more than a
few steps has its verdict on each enum value remembered. Counted, not timed."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _compile, _nodes, _quick, compile_generator, generate
from synthworld.schema._resolve import root_loc

CAPPED = {"description": "x" * 30_000, "anyOf": [{"type": "string", "minLength": 3}, {"type": "integer"}]}
"""Refused at a cap of 0 alternatives (its description: past what hypothesis-jsonschema draws for)."""


def _readings(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The ``any_type`` of each excluding compiler made from now on (the real compilers, noted)."""
    made: list[bool] = []
    init = _compile.Compiler.__init__

    def noting(self: _compile.Compiler, **kwargs: Any) -> None:
        init(self, **kwargs)
        if kwargs.get("excluding") and kwargs.get("under") is None:
            made.append(bool(kwargs.get("any_type")))

    monkeypatch.setattr(_compile.Compiler, "__init__", noting)
    return made


def test_a_capped_last_resort_is_not_read_a_second_time(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _readings(monkeypatch)
    monkeypatch.setattr(_nodes, "BRANCHES", 0)
    with pytest.raises(UnsatisfiableSchemaError, match=r"within 0 anyOf/oneOf/if alternatives"):
        compile_generator(CAPPED)
    assert made == [False]


def test_a_last_resort_short_of_the_cap_is_read_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """A neighbour: objects that cannot end fail short of the cap, and the second reading (any
    type) answers them."""
    made = _readings(monkeypatch)
    endless = {"required": ["x"], "properties": {"x": {"$ref": "#"}}}
    value = generate(endless, 0)
    assert not isinstance(value, dict)
    assert made == [False, True]


def test_a_long_walk_over_an_enum_value_is_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    walks: list[Any] = []
    walked = _quick.walked_verdict  # stop 50's

    def noting(*args: Any, **kwargs: Any) -> Any:
        walks.append(args[1])
        return walked(*args, **kwargs)

    monkeypatch.setattr(_compile, "walked_verdict", noting)
    deep = {
        "oneOf": [
            {"anyOf": [{"anyOf": [{"type": "integer"}, {"maximum": n}]}, {"minimum": n}]} for n in range(4)
        ]
    }
    cx = _compile.Compiler()
    root = root_loc({"allOf": [deep]})
    for _ in range(3):
        assert cx.accepts(root, 5, in_enum=True) is False  # in every branch: the oneOf fails
    assert walks == [5]
