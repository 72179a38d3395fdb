"""Cost per call of the world's lifecycle and in-object rules (issue 18).

For a few tools, each shaped by different rules, the CPU time of a `world.call` in a default world
next to the same call with ``SyntheticWorld(remember=False)`` (no echo, memory, lifecycle or
rules), and one python-jsonschema validation of the answer; then the order tool of
`bench_world_call.py` (CPU time, best of 7 runs, so other jobs on the machine weigh less):

    python bench/bench_lifecycles.py [--calls 3000]

Run from a checkout without these rules (``PYTHONPATH=<that checkout>``) for the "before" column.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from collections.abc import Callable
from typing import Any, Literal

import jsonschema
from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class User(TypedDict):
    id: str
    first_name: str
    last_name: str
    email: str
    username: str
    city: str
    postcode: str
    country: str


class Line(TypedDict):
    sku: str
    quantity: int
    unit_price: float
    line_total: float


class Invoice(TypedDict):
    invoice_id: str
    lines: list[Line]
    subtotal: float
    tax: float
    total: float
    created_at: datetime.datetime
    updated_at: datetime.datetime


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: Literal["open", "pending", "closed"]
    created_at: datetime.datetime
    updated_at: datetime.datetime


class Page(TypedDict):
    tickets: list[Ticket]
    count: int


def make_world(*, remember: bool) -> SyntheticWorld:
    world = SyntheticWorld(seed=0, remember=remember)

    @world.tool
    def get_user(id: str) -> User:
        """A user (persona, address)."""

    @world.tool
    def get_invoice(invoice_id: str) -> Invoice:
        """An invoice (totals, time order)."""

    @world.tool
    def create_ticket(title: str) -> Ticket:
        """A created ticket (stamps, first state, unique id)."""

    @world.tool
    def list_tickets(status: str) -> Page:
        """A page of tickets (collection, filters, count)."""

    @world.tool
    def close_ticket(ticket_id: str) -> Ticket:
        """A transition (status, stamps, memory)."""

    return world


CASES: dict[str, Callable[[int], tuple[str, dict[str, Any]]]] = {
    "get_user (persona, address)": lambda i: ("get_user", {"id": f"u{i}"}),
    "get_invoice (totals, time order)": lambda i: ("get_invoice", {"invoice_id": f"i{i}"}),
    "create_ticket (create)": lambda i: ("create_ticket", {"title": f"t{i}"}),
    "list_tickets (collection, count)": lambda i: ("list_tickets", {"status": ("open", "closed")[i % 2]}),
    "close_ticket (transition)": lambda i: ("close_ticket", {"ticket_id": f"T{i % 50}"}),
}


def cpu_us(world: SyntheticWorld, case: Callable[[int], tuple[str, dict[str, Any]]], n: int) -> float:
    """Best of 5 runs of the CPU microseconds per call (the world is reset every 500 calls)."""
    samples = []
    for _ in range(5):
        start = time.process_time()
        for i in range(n):
            world.call(*case(i))
            if i % 500 == 499:
                world.reset()
        samples.append((time.process_time() - start) / n * 1e6)
        world.reset()
    return min(samples)


def validation_us(world: SyntheticWorld, case: Callable[[int], tuple[str, dict[str, Any]]], n: int) -> float:
    name, args = case(0)
    schema = world.tools[name].returns
    cls = jsonschema.validators.validator_for(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    output = world.call(name, args)
    start = time.process_time()
    for _ in range(n):
        validator.is_valid(output)
    return (time.process_time() - start) / n * 1e6


def order_ratio(n: int) -> tuple[float, float]:
    """CPU microseconds of `bench_world_call`'s order call, and of one validation of its answer."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_world_call import make_world as order_world

    world = order_world()
    output = world.call("get_order", {"order_id": "A1"})
    schema = world.tools["get_order"].returns
    cls = jsonschema.validators.validator_for(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    call = check = float("inf")
    for _ in range(7):
        start = time.process_time()
        for i in range(n):
            world.call("get_order", {"order_id": f"A{i}"})
        call = min(call, (time.process_time() - start) / n * 1e6)
        world.reset()
        start = time.process_time()
        for _ in range(n):
            validator.is_valid(output)
        check = min(check, (time.process_time() - start) / n * 1e6)
    return call, check


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args()
    default, plain = make_world(remember=True), make_world(remember=False)
    print(f"python {platform.python_version()} on {platform.machine()}")
    print("| tool (rules) | default world | remember=False | added | python-jsonschema is_valid |")
    print("|---|---|---|---|---|")
    for label, case in CASES.items():
        on, off = cpu_us(default, case, args.calls), cpu_us(plain, case, args.calls)
        check = validation_us(default, case, args.calls)
        print(f"| {label} | {on:.1f} us | {off:.1f} us | {on - off:+.1f} us | {check:.1f} us |")
    call, check = order_ratio(args.calls)
    print(f"order tool: world.call {call:.1f} us, is_valid {check:.1f} us, ratio {call / check:.2f}")


if __name__ == "__main__":
    main()
