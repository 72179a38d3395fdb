"""The same seed gives the same world: in another process, with another PYTHONHASHSEED."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

PROGRAM = textwrap.dedent(
    """
    import json, sys
    from typing import Literal
    from typing_extensions import TypedDict
    from synthworld import SyntheticWorld

    class Item(TypedDict):
        sku: str
        qty: int

    class Order(TypedDict):
        order_id: str
        email: str
        status: Literal["pending", "shipped"]
        items: list[Item]
        placed_at: str

    world = SyntheticWorld(seed=int(sys.argv[1]))

    @world.tool
    def get_order(order_id: str) -> Order:
        '''Fetch an order.'''

    @world.tool(idempotent=False)
    def roll(sides: int) -> int:
        '''Roll a die.'''

    for i in range(5):
        get_order(f"A{i}")
        roll(6)
    {"a": 1, "b": 2}  # dict/set iteration must not matter
    print(world.trace.to_json())
    """
)


def run(seed: int, hashseed: str, tmp_path: Path) -> list[dict[str, object]]:
    script = tmp_path / "program.py"
    script.write_text(PROGRAM)
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run(
        [sys.executable, str(script), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    calls: list[dict[str, object]] = json.loads(out.stdout)["calls"]
    return calls


def test_same_trace_in_two_processes_with_different_hash_seeds(tmp_path: Path) -> None:
    first = run(11, "1", tmp_path)
    second = run(11, "4242", tmp_path)
    assert first == second
    assert len(first) == 10
    assert run(12, "1", tmp_path) != first


def test_call_seed_is_a_stable_function_of_the_parts() -> None:
    from synthworld._json import canonical_json
    from synthworld.world.seeds import derive_seed

    assert canonical_json({"b": [1, 2.5], "a": "é"}) == '{"a":"é","b":[1,2.5]}'
    assert derive_seed(7, "get_user", '{"user_id":"u1"}', 0) == 2454289140815954341
    assert derive_seed(7, "get_user", '{"user_id":"u1"}', 1) != derive_seed(
        7, "get_user", '{"user_id":"u1"}', 0
    )
    assert derive_seed("7", "get_user", '{"user_id":"u1"}', 0) != derive_seed(
        7, "get_user", '{"user_id":"u1"}', 0
    )


class _Int64:
    """An integer type that is not int (numpy's int64 behaves so): it has __index__."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_world_seed_of_another_integer_type_is_that_int_and_a_non_seed_is_refused_at_once() -> None:
    from synthworld import SyntheticWorld, ToolSpec

    spec = ToolSpec("pick", "Pick a number.", {"type": "object"}, {"type": "integer"})
    answers = []
    for seed in (7, _Int64(7)):
        world = SyntheticWorld(seed=seed)
        world.register_tool(spec)
        answers.append(world.call("pick", {}))
    assert answers[0] == answers[1]
    assert world.seed == 7
    assert type(world.seed) is int
    with pytest.raises(TypeError, match=r"seed=<object object at .*> is not a world seed; give an int"):
        SyntheticWorld(seed=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is not a world seed"):
        world.reset(seed=object())  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.5, 2.0, True, False, None], ids=repr)
def test_a_float_bool_or_none_world_seed_is_refused_saying_what_a_seed_is(seed: Any) -> None:
    # 1.5 and True were taken, and 2.0 answered otherwise than 2 (its JSON text differs)
    from synthworld import SyntheticWorld

    said = rf"seed={seed!r} is not a world seed; give an int \(numpy's integers count\) or a str, not a"
    with pytest.raises(TypeError, match=said):
        SyntheticWorld(seed=seed)
    world = SyntheticWorld(seed=3)
    if seed is not None:  # reset(seed=None) keeps the seed
        with pytest.raises(TypeError, match=said):
            world.reset(seed=seed)
    assert world.seed == 3


def test_numpy_integer_seeds_are_their_int_and_numpy_floats_and_bools_are_refused() -> None:
    np = pytest.importorskip("numpy")
    from synthworld import SyntheticWorld

    assert [SyntheticWorld(seed=s).seed for s in (np.int64(7), np.uint8(7), "7")] == [7, 7, "7"]
    for seed in (np.float64(2.0), np.True_):
        with pytest.raises(TypeError, match="is not a world seed"):
            SyntheticWorld(seed=seed)


TYPED_PROGRAM = textwrap.dedent(
    """
    import dataclasses, json
    from synthworld import SyntheticWorld

    @dataclasses.dataclass
    class Query:
        labels: frozenset[str]

    world = SyntheticWorld(seed=5)

    @world.tool
    def tag(tags: set[str], query: Query) -> str:
        '''Tag.'''

    words = {"apple", "kiwi", "fig", "plum", "pear", "lime", "date", "yuzu"}
    answer = tag(words, Query(frozenset(words)))
    print(json.dumps({"input": world.trace[-1].input, "answer": answer}))
    """
)


def test_a_set_given_to_a_typed_stub_is_sent_in_one_order_in_every_process(tmp_path: Path) -> None:
    # a set's iteration order moves with PYTHONHASHSEED; sent as it iterates, the input (and so
    # the call's seed and its answer) would too
    script = tmp_path / "typed.py"
    script.write_text(TYPED_PROGRAM)
    runs = []
    for hashseed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        out = subprocess.run(
            [sys.executable, str(script)], env=env, capture_output=True, text=True, check=True, timeout=120
        )
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1] == runs[2]
    words = sorted(["apple", "kiwi", "fig", "plum", "pear", "lime", "date", "yuzu"])
    assert runs[0]["input"] == {"tags": words, "query": {"labels": words}}
