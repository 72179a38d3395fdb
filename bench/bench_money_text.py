"""Is one amount of money written one way across the answers of one world? The bank, shop and desk
workflows of `bench_backend_workflows.py` over seeds 0-49: each world's answers as JSON text, and
for each amount (a number under a money key: ``total``, ``unit_price``, ``balance``...) how many
are written two ways (``79`` in one answer, ``79.0`` in another). With ``--dump FILE``, every
answer's JSON text, one a line, to compare two checkouts (``--compare A B``: answers that differ):

    python bench/bench_money_text.py [--seeds 50] [--dump FILE]
    python bench/bench_money_text.py --compare before.txt after.txt
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
from pathlib import Path
from typing import Any

import bench_backend_workflows as flows

from synthworld import SyntheticWorld

_MONEY = frozenset(
    {
        "total", "subtotal", "amount", "price", "unit_price", "line_total", "balance",
        "available_balance", "tax", "shipping", "discount", "total_price", "amount_paid", "refund_amount",
    }
)  # fmt: skip


def _amounts(value: Any, found: list[tuple[float, str]]) -> None:
    """``(amount, as written)`` for each number under a money key in `value`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in _MONEY and type(inner) in (int, float):
                found.append((float(inner), json.dumps(inner)))
            else:
                _amounts(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _amounts(inner, found)


def _worlds(seeds: int) -> list[tuple[str, int, SyntheticWorld]]:
    """Every world the flows make, with its flow and seed (recorded as each is created)."""
    made: list[SyntheticWorld] = []
    init = SyntheticWorld.__init__

    def recording(self: SyntheticWorld, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    SyntheticWorld.__init__ = recording  # type: ignore[method-assign]
    worlds = []
    try:
        for seed in range(seeds):
            for flow in (flows.bank, flows.shop, flows.desk):
                del made[:]
                with contextlib.suppress(Exception):  # a crashed flow: its answers so far count
                    flow(seed, lambda name, ok, shown: None)
                worlds += [(flow.__name__, seed, world) for world in made]
    finally:
        SyntheticWorld.__init__ = init  # type: ignore[method-assign]
    return worlds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path)
    opts = parser.parse_args()
    if opts.compare:
        before, after = (path.read_text().splitlines() for path in opts.compare)
        moved = sum(a != b for a, b in zip(before, after, strict=True))
        print(f"answers: {len(before)}; written differently: {moved}")
        return
    lines, answers, two_ways, amounts = [], 0, 0, 0
    for name, seed, world in _worlds(opts.seeds):
        written = collections.defaultdict(set)
        for entry in world.trace:
            if entry.error is not None:
                continue
            answers += 1
            lines.append(f"{name} {seed} {entry.tool} {json.dumps(entry.output, sort_keys=True)}")
            found: list[tuple[float, str]] = []
            _amounts(entry.output, found)
            for amount, text in found:
                written[amount].add(text)
        amounts += len(written)
        two_ways += sum(len(texts) > 1 for texts in written.values())
    print(f"answers: {answers}; amounts: {amounts}; written two ways in one world: {two_ways}")
    if opts.dump:
        opts.dump.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
