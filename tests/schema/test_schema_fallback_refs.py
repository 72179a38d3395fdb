"""A schema of many references never reaches hypothesis-jsonschema (`_fallback._REFS`): it
expands each reference where it is used, and the stop-49 fuzz's mutated enonic-xp-macro schema
(117 references in 12.6 kB, a required ``const`` beside a user's ``format``) took 11 s CPU there
before the refusal. Fewer references still reach it."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _fallback, generate


def _schema(refs: int) -> dict[str, Any]:
    """A required ``const`` no ``date-time`` meets, beside ``refs`` references."""
    props: dict[str, Any] = {f"p{i}": {"$ref": "#/$defs/text"} for i in range(refs)}
    return {
        "type": "object",
        "properties": {"kind": {"type": "string", "const": "Macro", "format": "date-time"}, **props},
        "required": ["kind"],
        "$defs": {"text": {"type": "string"}},
    }


@pytest.mark.parametrize(("refs", "asked"), [(41, False), (3, True)])
def test_fallback_only_below_the_references_bound(
    monkeypatch: pytest.MonkeyPatch, refs: int, asked: bool
) -> None:
    calls: list[str] = []
    real = _fallback.draw

    def counted(key: str, schema: Any, rng: Any) -> Any:
        calls.append(key)
        return real(key, schema, rng)

    monkeypatch.setattr(_fallback, "draw", counted)
    with pytest.raises(UnsatisfiableSchemaError, match="no value of enum/const at '/properties/kind'"):
        generate(_schema(refs), 0)
    assert bool(calls) is asked
