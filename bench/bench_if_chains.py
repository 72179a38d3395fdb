"""Chains of ``if``s: CPU time per call and validity, for seeds 0-4 after a warm-up call.

Three shapes (stop 43's hold-out found the slow calls in the first):

- ``zeebe``: Camunda's zeebe element-template schema, its root and its ``template`` definition,
  read from the npm archive given by ``--zeebe`` (``npm pack
  @camunda/zeebe-element-templates-json-schema``; not vendored);
- ``contains``: an object with ``N`` ``if``s on what its required array contains (the shape of
  the template's own ``if``s; test_schema_hard_cases pins its values);
- ``independent``: an array of 10 items with ``N`` independent ``if``s each (``if a_i is true then
  b_i is required``), the hold-out's smaller reproduction;
- ``--random N``: N random chains of 6-14 ``if``s on one object (conditions on a constant, a
  nested enum, a flag or a required name; ``then``s and ``else``s requiring, narrowing, forbidding
  or ``false``), ten seeds each: how many of those with a simple valid value (``{}``, one
  property) were refused, how many values were invalid, the slowest call.

    python bench/bench_if_chains.py [--zeebe ARCHIVE.tgz] [--ifs 24] [--random 300 --seed 1]

Each row: compile CPU (the registration probe included), then the slowest call's CPU and how
many of the seeds gave a value the schema's own validator accepts (or the error of the compile).
"""

from __future__ import annotations

import argparse
import json
import tarfile
import time
from random import Random
from typing import Any

from synthworld.schema import compile_generator


def contains_chain(ifs: int) -> dict[str, Any]:
    """``ifs`` ``if``s on what the required array ``p`` contains, each ``then`` requiring a name."""
    condition = lambda i: {"properties": {"p": {"contains": {"const": i}}}, "required": ["p"]}  # noqa: E731
    return {
        "type": "object",
        "required": ["p"],
        "properties": {"p": {"type": "array", "items": {"type": "integer"}}},
        "allOf": [{"if": condition(i), "then": {"required": [f"t{i}"]}} for i in range(ifs)],
    }


def independent(ifs: int, items: int = 10) -> dict[str, Any]:
    """An array of ``items`` objects, each with ``ifs`` independent ``if``s."""
    condition = lambda i: {"properties": {f"a{i}": {"const": True}}, "required": [f"a{i}"]}  # noqa: E731
    item = {
        "type": "object",
        "properties": {f"a{i}": {"type": "boolean"} for i in range(ifs)},
        "allOf": [{"if": condition(i), "then": {"required": [f"b{i}"]}} for i in range(ifs)],
    }
    return {"type": "array", "minItems": items, "maxItems": items, "items": item}


def zeebe(archive: str) -> list[tuple[str, dict[str, Any]]]:
    """The zeebe schema's root and its ``template`` definition (by reference, as a root)."""
    with tarfile.open(archive, "r:gz") as tar:
        member = tar.extractfile("package/resources/schema.json")
        assert member is not None
        document = json.load(member)
    body = {key: value for key, value in document.items() if key != "oneOf"}
    return [("zeebe root", document), ("zeebe #template", {**body, "$ref": "#/definitions/template"})]


_KINDS = ["a", "b", "c", "d", "e", "f"]
_NAMES = ["x", "y", "z"]


def _condition(rng: Random) -> dict[str, Any]:
    draw = rng.random()
    if draw < 0.4:
        return {"properties": {"kind": {"const": rng.choice(_KINDS)}}, "required": ["kind"]}
    if draw < 0.6:
        nested = {"properties": {"t": {"enum": rng.sample(_KINDS, 2)}}, "required": ["t"]}
        return {"properties": {"meta": nested}, "required": ["meta"]}
    if draw < 0.8:
        return {"properties": {"flag": {"const": rng.choice([True, False])}}, "required": ["flag"]}
    return {"required": [rng.choice(_NAMES)]}


def _consequence(rng: Random) -> Any:
    draw = rng.random()
    if draw < 0.3:
        return {"required": [rng.choice(_NAMES)]}
    if draw < 0.5:
        return {"properties": {"kind": {"enum": rng.sample(_KINDS, 3)}}}
    if draw < 0.65:
        return {"not": {"required": [rng.choice(_NAMES)]}}
    if draw < 0.8:
        return {"properties": {"n": {"type": "integer", "minimum": rng.randint(0, 5)}}, "required": ["n"]}
    if draw < 0.9:
        return {
            "properties": {"meta": {"required": ["t"], "properties": {"t": {"enum": rng.sample(_KINDS, 2)}}}}
        }
    return False


def random_chain(rng: Random) -> dict[str, Any]:
    rules = []
    for _ in range(rng.randint(6, 14)):
        rule = {"if": _condition(rng), "then": _consequence(rng)}
        if rng.random() < 0.3:
            rule["else"] = _consequence(rng)
        rules.append(rule)
    meta = {"type": "object", "properties": {"t": {"enum": _KINDS}}}
    names = {
        "x": {"type": "string"},
        "y": {"type": "integer"},
        "z": {"type": "boolean"},
        "n": {"type": "integer"},
    }
    properties = {"kind": {"enum": _KINDS}, "flag": {"type": "boolean"}, "meta": meta, **names}
    return {"type": "object", "properties": properties, "allOf": rules}


def random_chains(count: int, seed: int) -> None:
    import jsonschema

    rng, refused, invalid, slowest = Random(seed), 0, 0, 0.0
    for _ in range(count):
        schema = random_chain(rng)
        check = jsonschema.Draft202012Validator(schema)
        simple = any(check.is_valid(w) for w in [{}, {"kind": "a"}, {"flag": True}, {"x": "s"}])
        try:
            generator = compile_generator(schema)
        except Exception:
            refused += simple
            continue
        for value_seed in range(10):
            start = time.process_time()
            value = generator.generate(Random(value_seed))
            slowest = max(slowest, time.process_time() - start)
            invalid += not check.is_valid(value)
    print(
        f"random chains x{count:<10} refused with a simple valid value {refused}  "
        f"invalid values {invalid}  slowest call {slowest:6.3f} s CPU"
    )


def measure(name: str, schema: dict[str, Any]) -> None:
    start = time.process_time()
    try:
        generator = compile_generator(schema)
    except Exception as exc:  # the row says which error, and how long the probe took to give up
        print(f"{name:24} compile {time.process_time() - start:6.2f} s  {type(exc).__name__}")
        return
    compiled = time.process_time() - start
    generator.generate(Random(99))  # warm-up: what the first call compiles is not timed below
    slowest, valid = 0.0, 0
    for seed in range(5):
        start = time.process_time()
        value = generator.generate(Random(seed))
        slowest = max(slowest, time.process_time() - start)
        valid += generator.is_valid(value)
    print(f"{name:24} compile {compiled:6.2f} s  slowest warm call {slowest:6.3f} s CPU  valid {valid}/5")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--zeebe", help="the npm archive of @camunda/zeebe-element-templates-json-schema")
    parser.add_argument("--ifs", type=int, default=24)
    parser.add_argument("--random", type=int, default=0, help="random chains to try")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.random:
        random_chains(args.random, args.seed)
    rows = [(f"contains x{args.ifs}", contains_chain(args.ifs)), ("independent 10x60", independent(60))]
    for name, schema in [*rows, *(zeebe(args.zeebe) if args.zeebe else [])]:
        measure(name, schema)


if __name__ == "__main__":
    main()
