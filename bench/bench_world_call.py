"""Per-call overhead of `world.call`, next to one python-jsonschema validation of the same output.

A whole synthetic call (input validation, seed derivation, generation, output validation, trace)
should cost no more than one `jsonschema` `is_valid` of the answer: ratio <= 1.0.

    python bench/bench_world_call.py [--calls 20000]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Literal

import jsonschema
from typing_extensions import NotRequired, TypedDict

from synthworld import CallContext, SyntheticWorld, ToolSpec


class LineItem(TypedDict):
    sku: str
    quantity: int
    unit_price: float


class Order(TypedDict):
    order_id: str
    customer_email: str  # format: email (via the schema below)
    status: Literal["pending", "paid", "shipped", "delivered", "refunded"]
    placed_at: str  # format: date-time
    total: float
    currency: str
    items: list[LineItem]
    note: NotRequired[str]


def make_world(*, remember: bool = True) -> SyntheticWorld:
    world = SyntheticWorld(seed=0, remember=remember)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order by ID."""

    spec = world.tools["get_order"]
    returns = dict(spec.returns)
    returns["properties"] = dict(returns["properties"])
    returns["properties"]["customer_email"] = {"type": "string", "format": "email"}
    returns["properties"]["placed_at"] = {"type": "string", "format": "date-time"}
    returns["properties"]["items"] = {**returns["properties"]["items"], "maxItems": 5}
    world.register_tool(ToolSpec(spec.name, spec.description, spec.parameters, returns, spec.param_names))
    return world


def _context(world: SyntheticWorld, spec: ToolSpec, i: int) -> CallContext:
    rng = random.Random(i)
    return CallContext(spec, {"order_id": "A1"}, i, rng, 0, {}, world.trace, world.clock.now())


def per_call_us(fn: object, n: int, repeats: int = 5) -> float:
    """Median over `repeats` of the mean microseconds per call of `fn(i)` for i in range(n)."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for i in range(n):
            fn(i)  # type: ignore[operator]
        samples.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args()
    world = make_world()
    returns = world.tools["get_order"].returns
    output = world.call("get_order", {"order_id": "A1"})
    validator_cls = jsonschema.validators.validator_for(returns)
    validator = validator_cls(returns, format_checker=validator_cls.FORMAT_CHECKER)
    assert validator.is_valid(output)

    def call(i: int) -> None:
        world.call("get_order", {"order_id": f"A{i}"})
        if i % 1000 == 999:
            world.reset()

    call_us = per_call_us(call, args.calls)
    plain = make_world(remember=False)

    def plain_call(i: int) -> None:
        plain.call("get_order", {"order_id": f"B{i}"})
        if i % 1000 == 999:
            plain.reset()

    plain_us = per_call_us(plain_call, args.calls)
    spec = world.tools["get_order"]
    generate_us = per_call_us(lambda i: world.backend.respond(_context(world, spec, i)), args.calls)
    validate_us = per_call_us(lambda i: validator.is_valid(output), args.calls)
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"world.call (8-field object, nested array, enum, 2 formats): {call_us:.1f} us/call, "
        f"{1e6 / call_us:,.0f} calls/s"
    )
    print(f"  of which RandomBackend.respond (generation):             {generate_us:.1f} us")
    print(f"world.call with SyntheticWorld(remember=False):           {plain_us:.1f} us/call")
    print(f"jsonschema is_valid of the same output:                   {validate_us:.1f} us")
    print(f"ratio call / validation: {call_us / validate_us:.2f} (target <= 1.0)")


if __name__ == "__main__":
    main()
