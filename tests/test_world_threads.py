"""Plans read at a tool's first call: threads that first-call many tools at once read each plan
alike (the answers are those of a serial run)."""

from __future__ import annotations

import threading

from synthworld import SyntheticWorld, ToolSpec


def test_threads_first_calling_many_tools_read_their_plans_alike() -> None:
    line = {
        "type": "object",
        "properties": {"quantity": {"type": "integer", "minimum": 1}, "price": {"type": "number"}},
        "required": ["quantity", "price"],
    }

    def build() -> SyntheticWorld:
        world = SyntheticWorld(seed=8)
        for n in range(24):
            returns = {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "total": {"type": "number"},
                    "items": {"type": "array", "items": line, "minItems": 1},
                },
                "required": ["id", "total", "items"],
            }
            world.register_tool(ToolSpec(f"get_thing_{n}", "A thing.", {"type": "object"}, returns))
        return world

    serial_world = build()
    serial = {n: serial_world.call(f"get_thing_{n}", {}) for n in range(24)}
    world, results = build(), {}

    def worker(numbers: list[int]) -> None:
        for n in numbers:
            results[n] = world.call(f"get_thing_{n}", {})

    threads = [threading.Thread(target=worker, args=(list(range(i, 24, 6)),)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == serial  # each answer a function of its own call, whichever thread read a plan
    assert all(
        r["total"] == round(sum(x["quantity"] * x["price"] for x in r["items"]), 2) for r in results.values()
    )
