"""The hot-path helpers of `synthworld._json` give exactly what their plain definitions give."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from synthworld._json import canonical_json, json_copy, owned_copy
from synthworld.world.seeds import derive_seed

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


def reference_seed(world_seed: Any, tool: str, canonical_input: str, occurrence: Any) -> int:
    """The definition `derive_seed` promises (DESIGN section 3)."""
    material = json.dumps([world_seed, tool, canonical_input, occurrence], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(material.encode()).digest()[:8], "big")


def reference_canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@given(st.integers() | st.text(), st.text(), st.text(), st.integers(min_value=0))
def test_derive_seed_is_the_sha256_of_the_json_parts(
    world_seed: int | str, tool: str, canonical_input: str, occurrence: int
) -> None:
    assert derive_seed(world_seed, tool, canonical_input, occurrence) == reference_seed(
        world_seed, tool, canonical_input, occurrence
    )


@pytest.mark.parametrize(("world_seed", "occurrence"), [(True, 0), (1.5, 2), (7, True)])
def test_derive_seed_of_unusual_parts_follows_the_same_definition(world_seed: Any, occurrence: Any) -> None:
    assert derive_seed(world_seed, "t", "{}", occurrence) == reference_seed(world_seed, "t", "{}", occurrence)
    assert derive_seed(world_seed, "t", "{}", occurrence) != derive_seed(
        str(world_seed), "t", "{}", occurrence
    )


@given(json_values)
def test_canonical_json_is_json_dumps_with_sorted_keys(value: Any) -> None:
    assert canonical_json(value) == reference_canonical(value)


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (float("nan"), ValueError),
        ({"when": object()}, TypeError),
        ({("a",): 1}, TypeError),
    ],
)
def test_canonical_json_rejects_what_json_dumps_rejects(bad: Any, error: type[Exception]) -> None:
    with pytest.raises(error) as ours:
        canonical_json(bad)
    with pytest.raises(error) as reference:
        reference_canonical(bad)
    assert str(ours.value) == str(reference.value)


def test_canonical_json_detects_a_cycle() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        canonical_json(loop)


@given(json_values)
def test_owned_copy_is_an_equal_deep_copy(value: Any) -> None:
    copy = owned_copy(value)
    assert copy == value
    assert canonical_json(copy) == canonical_json(value)  # types too: True stays True, 1.0 stays 1.0
    assert copy is not value or not isinstance(value, (dict, list))


def test_owned_copy_never_aliases_a_shared_object() -> None:
    shared = {"sku": "A"}
    value = {"items": [shared, shared], "first": shared}
    copy = owned_copy(value)
    copy["items"][0]["sku"] = "B"
    assert copy["items"][1] == {"sku": "A"}
    assert copy["first"] == {"sku": "A"}
    assert shared == {"sku": "A"}


def test_owned_copy_hands_what_marshal_refuses_to_json_copy() -> None:
    class Tagged(dict[str, Any]):
        pass

    copy = owned_copy(Tagged(a=[1]))
    assert copy == {"a": [1]}
    assert type(copy) is dict
    with pytest.raises(TypeError, match="not JSON data"):
        owned_copy({"when": object()})
    assert json_copy((1, 2)) == [1, 2]
