"""The same seed gives the same world: in another process, with another PYTHONHASHSEED."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

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
