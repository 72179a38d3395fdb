"""A refused schema is refused again at once: its refusal is kept per schema key where its compiled
generator would be (`_api._CACHE`, `_refusals.Refused`), so a second ``generate`` raises the same
error without compiling and probing the schema again (the slowest refusals took half a second
each, every call)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
import referencing
import referencing.jsonschema

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _api, _bounded, compile_generator, compile_owned, generate

UNSATISFIABLE: dict[str, Any] = {"type": "integer", "minimum": 5, "maximum": 4, "description": "cache"}
UNREADABLE: dict[str, Any] = {"type": "string", "pattern": "(?<=x", "description": "cache"}


class _Counted(_api.Generator):
    """The real generator, counting its compiles."""

    made = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        type(self).made += 1
        super().__init__(*args, **kwargs)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> type[_Counted]:
    monkeypatch.setattr(_api, "Generator", _Counted)
    monkeypatch.setattr(_api, "_CACHE", _bounded.Bounded(64))  # fresh: each test compiles first
    _Counted.made = 0
    return _Counted


def _refusal(call: Any) -> SchemaError:
    with pytest.raises(SchemaError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize("schema", [UNSATISFIABLE, UNREADABLE])
def test_a_second_generate_raises_the_same_error_without_compiling_again(
    schema: dict[str, Any], counted: type[_Counted]
) -> None:
    first = _refusal(lambda: generate(schema, 0))
    assert counted.made == 1
    second = _refusal(lambda: generate(schema, 1))
    assert counted.made == 1  # refused from the cache: no compile, no probe
    assert type(second) is type(first)
    assert (str(second), second.path) == (str(first), first.path)
    assert second is not first
    assert second.__traceback__ is not first.__traceback__
    assert type(second.__cause__) is type(first.__cause__)
    assert str(second.__cause__) == str(first.__cause__)


def test_the_kept_refusal_holds_no_traceback(counted: type[_Counted]) -> None:
    """Its frames would keep the half-compiled generator alive."""
    _refusal(lambda: generate(UNSATISFIABLE))
    (kept,) = _api._CACHE.values()
    assert kept[0] is None
    assert kept[1]._error.__traceback__ is None  # type: ignore[union-attr]


def test_compile_owned_and_options_share_the_keys_of_compiled_generators(counted: type[_Counted]) -> None:
    first = _refusal(lambda: compile_owned(UNSATISFIABLE))
    again = _refusal(lambda: compile_generator(UNSATISFIABLE))
    assert counted.made == 1
    assert str(again) == str(first)
    _refusal(lambda: compile_generator(UNSATISFIABLE, realistic=False))  # another key: compiled
    assert counted.made == 2
    assert isinstance(first, UnsatisfiableSchemaError)


def test_a_refusal_against_one_registry_is_not_another_registrys(counted: type[_Counted]) -> None:
    schema = {"$ref": "urn:cache-test"}
    empty: referencing.Registry[Any] = referencing.Registry()
    _refusal(lambda: compile_generator(schema, registry=empty))
    integer = referencing.jsonschema.DRAFT202012.create_resource({"type": "integer"})
    holding = referencing.Registry().with_resource("urn:cache-test", integer)
    assert isinstance(compile_generator(schema, registry=holding).generate(Random(0)), int)
    _refusal(lambda: compile_generator(schema, registry=empty))
    assert counted.made == 2  # the empty registry's refusal came from the cache
