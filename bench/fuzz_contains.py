"""A stress grammar of arrays with two or three ``contains`` (each maybe with ``minContains``/
``maxContains``), with or without ``prefixItems``, ``uniqueItems``, ``items: false`` or
``unevaluatedItems: false``, ``minItems``/``maxItems``; each schema is judged by a search for a
witness of at most five items over a small pool of values (python-jsonschema), then generated
for seeds 0-2, every value checked.

Prints the counts: schemas with a witness, answered, refused though a witness exists (the first
few with their witness), refused without one, invalid values; and the slowest call.

    PYTHONPATH=$PWD:$PWD/bench .venv/bin/python bench/fuzz_contains.py --seed 0 --count 400
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import signal
import time
from typing import Any

import jsonschema

from synthworld.errors import SchemaError
from synthworld.schema import generate

POOL: list[Any] = [True, False, 1, 3, 7, "a", "b", None]
"""The values a witness is made of."""
ITEMS: list[dict[str, Any]] = [
    {"type": "boolean"}, {"type": "integer"}, {"const": 3}, {"type": "string"}, {"enum": ["a", 1]},
    {"type": "null"}, {"minimum": 5}, {"type": ["integer", "boolean"]}, {"not": {"type": "string"}},
]  # fmt: skip
MAX_WITNESS = 5


class Hung(Exception):
    """A call ran past its CPU limit."""


def _hung(signum: int, frame: Any) -> None:
    raise Hung


def contains_part(rng: random.Random) -> dict[str, Any]:
    """One conjunct: a ``contains`` with maybe its counts."""
    part: dict[str, Any] = {"contains": rng.choice(ITEMS)}
    low = rng.choice([None, None, 0, 1, 2, 3])
    if low is not None:
        part["minContains"] = low
    if rng.random() < 0.35:
        part["maxContains"] = (low or 1) + rng.choice([0, 0, 1, 2])
    return part


def schema(rng: random.Random) -> dict[str, Any]:
    """An array of two or three ``contains`` and the grammar's other words."""
    out: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array"}
    out["allOf"] = [contains_part(rng) for _ in range(rng.choice([2, 2, 3]))]
    if rng.random() < 0.4:
        out["prefixItems"] = [rng.choice(ITEMS) for _ in range(rng.choice([1, 2, 3]))]
    closing = rng.choice([None, None, "unevaluatedItems", "items"])
    if closing == "items":
        out["items"] = rng.choice([False, rng.choice(ITEMS)])
    elif closing is not None:
        out["unevaluatedItems"] = False
    if rng.random() < 0.3:
        out["uniqueItems"] = True
    if rng.random() < 0.4:
        out["minItems"] = rng.choice([1, 2, 3, 4, 5])
    if rng.random() < 0.3:
        out["maxItems"] = rng.choice([1, 2, 3, 4, 5])
    return out


def witness(schema: dict[str, Any]) -> list[Any] | None:
    """An array of at most `MAX_WITNESS` items of `POOL` that ``schema`` accepts: every prefix,
    and the items past it as a multiset (their order is no matter of the grammar's words)."""
    check = jsonschema.Draft202012Validator(schema).is_valid
    width = len(schema.get("prefixItems", []))
    for size in range(MAX_WITNESS + 1):
        head = min(size, width)
        for front in itertools.product(POOL, repeat=head):
            for back in itertools.combinations_with_replacement(POOL, size - head):
                value = [*front, *back]
                if check(value):
                    return value
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--limit", type=float, default=20.0, help="CPU seconds a call may take")
    parser.add_argument("--show", type=int, default=5, help="refused satisfiable schemas to print")
    args = parser.parse_args()
    signal.signal(signal.SIGPROF, _hung)
    rng = random.Random(args.seed)
    counts = dict.fromkeys(["witnessed", "answered", "refused_witnessed", "refused", "invalid", "hung"], 0)
    slowest = 0.0
    for _ in range(args.count):
        s = schema(rng)
        found = witness(s)
        counts["witnessed"] += found is not None
        check = jsonschema.Draft202012Validator(s).is_valid
        try:
            for seed in range(3):
                start = time.process_time()
                signal.setitimer(signal.ITIMER_PROF, args.limit)
                try:
                    value = generate(s, seed)
                finally:
                    signal.setitimer(signal.ITIMER_PROF, 0)
                    slowest = max(slowest, time.process_time() - start)
                if not check(value):
                    counts["invalid"] += 1
                    print("invalid:", json.dumps(value), json.dumps(s))
        except Hung:
            counts["hung"] += 1
            print("hung:", json.dumps(s))
            continue
        except SchemaError as exc:
            counts["refused"] += 1
            if found is not None:
                counts["refused_witnessed"] += 1
                if counts["refused_witnessed"] <= args.show:
                    print("refused, witness", json.dumps(found), json.dumps(s), "--", str(exc)[:120])
            continue
        counts["answered"] += 1
    print(json.dumps(counts), f"slowest call {slowest:.2f} s CPU")


if __name__ == "__main__":
    main()
