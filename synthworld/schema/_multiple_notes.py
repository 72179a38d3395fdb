"""What a refusal says about fractional multiples the two validators read differently:
python-jsonschema divides floats (``0.3 / 0.1`` is 2.9999999999999996: no multiple), jsonschema-rs
allows for rounding (``10`` is a multiple of ``1e-05`` to it, not to python-jsonschema)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from synthworld.schema._multiples import fraction, py_multiple, rs_multiple

__all__ = ["disputed_value_note", "negated_multiple_note", "steps_in"]

_DEEPEST = 200
_FIX = "use an integer multipleOf with scaled numbers, or one that floats hold exactly, such as 0.5 or 0.25"


def steps_in(node: Any, negated: bool = False, depth: int = 0) -> Iterator[tuple[float, bool]]:
    """Each ``multipleOf`` in ``node`` with whether a ``not`` holds it."""
    if depth > _DEEPEST:
        return
    if isinstance(node, list):
        for item in node:
            yield from steps_in(item, negated, depth + 1)
    elif isinstance(node, dict):
        step = node.get("multipleOf")
        if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0:
            yield step, negated
        for word, sub in node.items():
            yield from steps_in(sub, negated or word == "not", depth + 1)


def disputed_value_note(values: Iterable[Any], steps_of: Iterable[Iterable[float]]) -> str:
    """A note naming the numbers of ``values`` (three at most) that one validator takes as
    multiples of a ``multipleOf`` of ``steps_of`` (each node's `steps_in`) and the other does not;
    "" when there are none."""
    numbers = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    steps = sorted({m for each in steps_of for m in each}) if numbers else []
    for m in steps:
        rs_only = [v for v in numbers if rs_multiple(m)(v) and not py_multiple(m)(v)][:3]
        py_only = [v for v in numbers if py_multiple(m)(v) and not rs_multiple(m)(v)][:3]
        for found, yes, no in (
            (rs_only, "jsonschema-rs", "python-jsonschema"),
            (py_only, "python-jsonschema", "jsonschema-rs"),
        ):
            if found:
                shown = ", ".join(repr(v) for v in found)
                return (
                    f" ({shown} {'is a multiple' if len(found) == 1 else 'are multiples'} of {m!r} to {yes}, "
                    f"not to {no}: python-jsonschema divides floats, jsonschema-rs allows for rounding, and "
                    f"a value must hold for both; {_FIX})"
                )
    return ""


def negated_multiple_note(schema: Any) -> str:
    """A note on the first fractional ``multipleOf`` under a ``not`` in ``schema``: a value must be
    no multiple of it to both validators; "" when there is none."""
    m = next((m for m, negated in steps_in(schema) if negated and isinstance(m, float)), None)
    if m is None:
        return ""
    every = f" (every integer is a multiple of {m!r})" if (1 / fraction(m)).denominator == 1 else ""
    return (
        f" (a value under not: {{multipleOf: {m!r}}} must be no multiple of {m!r} to both python-jsonschema, "
        f"which divides floats, and jsonschema-rs, which allows for rounding and so takes more numbers as "
        f"multiples{every}; {_FIX})"
    )
