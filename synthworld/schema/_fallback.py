"""Last resort: hypothesis-jsonschema, drawn deterministically from the caller's RNG.

Draws go through a ``ConjectureData`` driven by a ``random.Random`` seeded from the call's RNG and a
provider that never mixes in constants (Hypothesis otherwise samples literals collected from the
calling program's own modules, so two programs would get different values).
"""

from __future__ import annotations

import re
import warnings
from functools import cache
from random import Random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Hypothesis is imported when a value first needs it (it takes ~80 ms)
    from hypothesis import strategies as st

__all__ = ["FALLBACK_BYTES", "draw", "draw_once", "out_of_reach", "strategy_for"]

_TRIES = 4
FALLBACK_BYTES = 20_000
"""Larger schemas never reach hypothesis-jsonschema, whose reference expansion can explode."""
_COMBINATORS = 6
"""Nor do schemas with more combinators: it merges ``allOf``/``if`` combinations up front, in time
growing ~1.6x with each (0.6 s for an ``allOf`` of 7 ``if``s)."""
_REFS = 40
"""Nor do schemas with more references: it expands each where it is used (a 12.6 kB SchemaStore
schema of 117, enonic-xp-macro's, took 11 s CPU to resolve before its values were drawn)."""
_COMBINATOR = re.compile(r'"(?:allOf|anyOf|oneOf|if)":')


def out_of_reach(text: str) -> bool:
    """Whether the schema of JSON text ``text`` is too big for hypothesis-jsonschema: its bytes,
    its combinators or its references (`FALLBACK_BYTES`, `_COMBINATORS`, `_REFS`)."""
    if len(text) > FALLBACK_BYTES or len(_COMBINATOR.findall(text)) > _COMBINATORS:
        return True
    return text.count('"$ref":') > _REFS


@cache
def _no_constants_provider() -> type:
    """Hypothesis' own provider, minus the constants taken from the caller's source code."""
    from hypothesis.internal.conjecture.providers import HypothesisProvider

    class NoConstantsProvider(HypothesisProvider):
        def _maybe_draw_constant(self, *args: Any, **kwargs: Any) -> None:
            return None

    return NoConstantsProvider


def strategy_for(schema: Any) -> st.SearchStrategy[Any]:
    """The hypothesis-jsonschema strategy for ``schema`` (raises on what it cannot handle)."""
    from hypothesis_jsonschema import from_schema

    from synthworld.schema._hypothesis_compat import adapt_many

    adapt_many()
    with warnings.catch_warnings(), _constants_kept():
        warnings.simplefilter("ignore")
        return from_schema(schema)


class _constants_kept:  # lower case: used as a function: ``with _constants_kept():``
    """hypothesis-jsonschema's shared ``FALSEY`` (``{"not": {}}``) and ``TRUTHY`` (``{}``) as they
    were, after its code ran: canonicalising a schema that merges to nothing (``{"if": {"type":
    "boolean"}, "then": {"enum": [1]}, "else": {"type": "boolean"}}``) emptied ``FALSEY`` in place,
    and every later schema of the process failed (``assert min_size == 0``), so whether a schema
    registered depended on the schemas met before it."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        from hypothesis_jsonschema._canonicalise import FALSEY, TRUTHY

        if FALSEY != {"not": {}}:
            FALSEY.clear()
            FALSEY["not"] = {}
        if TRUTHY:
            TRUTHY.clear()


_STRATEGIES: dict[str, st.SearchStrategy[Any] | None] = {}


def _cached(key: str, schema: Any) -> st.SearchStrategy[Any] | None:
    from hypothesis.errors import HypothesisException

    if key not in _STRATEGIES:
        try:
            _STRATEGIES[key] = strategy_for(schema)
        except (HypothesisException, ValueError, TypeError, KeyError, RecursionError, AttributeError):
            _STRATEGIES[key] = None
    return _STRATEGIES[key]


def draw_once(strategy: st.SearchStrategy[Any], rng: Random) -> Any:
    """One value of ``strategy``, a pure function of ``rng`` (raises ``StopTest`` on a miss)."""
    from hypothesis.control import BuildContext
    from hypothesis.internal.conjecture.data import ConjectureData

    data = ConjectureData(random=rng, provider=_no_constants_provider())
    with (
        _constants_kept(),
        warnings.catch_warnings(),
        BuildContext(data, is_final=False, wrapped_test=_no_test),
    ):
        warnings.simplefilter("ignore")
        return data.draw(strategy)


def _no_test() -> None:
    """Stands in for the test function a Hypothesis build context usually wraps."""


def draw(key: str, schema: Any, rng: Random) -> tuple[bool, Any]:
    """``(True, value)`` drawn from hypothesis-jsonschema for ``schema``, or ``(False, None)``."""
    from hypothesis.errors import StopTest

    strategy = _cached(key, schema)
    if strategy is None:
        return False, None
    for _ in range(_TRIES):
        try:
            return True, draw_once(strategy, Random(rng.getrandbits(64)))
        except StopTest:
            continue
        except Exception:
            return False, None
    return False, None
