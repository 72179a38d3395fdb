"""Random schemas of combined keywords, each generated for seeds 0-2 and every value checked by
python-jsonschema (format checking on): the fuzz behind stop 45's validity fixes.

``objects``: one to three conjuncts of object keywords (names, counts, patterns, dependencies,
``not``), or a ``oneOf`` of two. ``typeless``: scalars, arrays, ``if``/``then``/``else``,
``anyOf``/``oneOf``/``allOf`` and properties nested up to three deep, most without a ``type`` (so
each keyword applies to its own type only). ``scalars``: number and string keywords (bounds,
``multipleOf``, lengths, patterns, formats, ``enum``, ``not``) in one to three conjuncts of an
``allOf``, ``anyOf`` or ``oneOf``; ``--pool`` tries a pool of values on each refused schema.
``refs``: ``$defs`` and ``$ref`` (recursive definitions with and without a base case, refs with
siblings and under every combinator, ``$anchor``, an embedded ``$id``, ``$dynamicRef``).
``unevaluated``: ``unevaluatedProperties``/``unevaluatedItems`` over evaluating keywords,
combinators, conditionals, ``dependentSchemas`` and ``$ref``. ``drafts``: draft 4, 6, 7 and 2019-09
keywords by ``$schema`` (boolean exclusive bounds, ``items`` arrays and ``additionalItems``,
``dependencies``, ``$recursiveRef``), each judged by its own draft's validator (a schema its
metaschema refuses is skipped). ``formats``: every format python-jsonschema knows, with lengths,
patterns, ``enum``, ``const`` and ``not``. ``arrays``, ``conditionals``, ``numbers``
(`fuzz_families2`): array keywords with tight items, ``if``/``then``/``else`` and dependencies,
number bounds and multiples; ``strings``, ``maps``, ``combinators``, ``recursion``
(`fuzz_families3`): patterns with lengths and formats, constrained property names, nested
combinators over shared ``$defs``, recursive refs that must reach a base case; ``--pool`` adds
values built from each refused schema's constants for the last seven. ``mutants``
(`fuzz_mutants`): real schemas with a user's edits. ``modern`` (`fuzz_modern`): 2020-12 and
OpenAPI 3.1 keywords as real schemas use them, each schema built with a witness that ``--pool``
tries on a refusal.
Prints the first invalid values and the counts: schemas answered, refused at compile time,
answered with an invalid value, stopped past ``--limit`` CPU seconds (60); and the slowest call
(CPU; a schema's first call compiles it).

    python bench/fuzz_schemas.py objects|typeless|scalars|refs|...|strings|maps|combinators|recursion \
        --seed 1 --count 5000 [--pool]
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import time
from collections.abc import Callable
from typing import Any

import bench_corpora
import fuzz_families
import fuzz_families2
import fuzz_families3
import fuzz_modern
import fuzz_mutants
import jsonschema
import jsonschema.validators
import referencing.exceptions

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import generate

CORPUS = fuzz_families.CORPUS
COMBO_PROPERTY_SCHEMAS, COMBO_SCALARS = CORPUS.COMBO_PROPERTY_SCHEMAS, CORPUS.COMBO_SCALARS
NAMES = ["a", "b", "c", "d"]
SUBS = [*COMBO_PROPERTY_SCHEMAS[:2], {"type": "string"}, *COMBO_PROPERTY_SCHEMAS[2:]]
NOTS: list[Any] = [
    {"required": ["a"]},
    {"properties": {"b": {"type": "integer"}}, "required": ["b"]},
    {"maxProperties": 0},
]
NAME_RULES: list[Any] = [{"maxLength": 1}, {"enum": ["a", "b", "z"]}, {"pattern": "^[a-c]"}]
SCALARS = COMBO_SCALARS


def object_part(rng: random.Random) -> dict[str, Any]:
    """A conjunct of one to four object keywords."""
    makers: dict[str, Callable[[], Any]] = {
        "properties": lambda: {n: rng.choice(SUBS) for n in rng.sample(NAMES, rng.randint(1, 3))},
        "required": lambda: rng.sample(NAMES, rng.randint(1, 2)),
        "minProperties": lambda: rng.randint(0, 3),
        "maxProperties": lambda: rng.randint(0, 3),
        "additionalProperties": lambda: rng.choice([False, {"type": "integer"}, True]),
        "dependentRequired": lambda: {rng.choice(NAMES): rng.sample(NAMES, 1)},
        "patternProperties": lambda: {rng.choice(["^a", "^[cd]$", "x"]): rng.choice(SUBS)},
        "propertyNames": lambda: rng.choice(NAME_RULES),
        "type": lambda: rng.choice(["object", ["object", "null"]]),
        "not": lambda: rng.choice(NOTS),
        "dependentSchemas": lambda: {rng.choice(NAMES): {"required": [rng.choice(NAMES)]}},
    }
    return {word: makers[word]() for word in rng.sample(sorted(makers), rng.randint(1, 4))}


def objects(rng: random.Random) -> Any:
    if rng.random() < 0.3:
        return {"oneOf": [object_part(rng), object_part(rng)]}
    parts = [object_part(rng) for _ in range(rng.randint(1, 3))]
    return parts[0] if len(parts) == 1 else {"allOf": parts}


def array_part(rng: random.Random) -> dict[str, Any]:
    makers: dict[str, Callable[[], Any]] = {
        "items": lambda: rng.choice([*SCALARS, False, True]),
        "prefixItems": lambda: [rng.choice(SCALARS) for _ in range(rng.randint(1, 3))],
        "contains": lambda: rng.choice(SCALARS),
        "minContains": lambda: rng.randint(0, 3),
        "maxContains": lambda: rng.randint(0, 3),
        "minItems": lambda: rng.randint(0, 3),
        "maxItems": lambda: rng.randint(0, 3),
        "uniqueItems": lambda: rng.random() < 0.5,
        "unevaluatedItems": lambda: rng.choice([False, *SCALARS]),
        "type": lambda: rng.choice(["array", ["array", "null"]]),
    }
    return {word: makers[word]() for word in rng.sample(sorted(makers), rng.randint(1, 4))}


def typeless(rng: random.Random, depth: int = 0) -> Any:
    draw = rng.random()
    if depth > 2 or draw < 0.3:
        return rng.choice(SCALARS)
    if draw < 0.5:
        return array_part(rng)
    if draw < 0.65:
        word = "anyOf" if rng.random() < 0.5 else "oneOf"
        return {word: [typeless(rng, depth + 1) for _ in range(rng.randint(2, 3))]}
    if draw < 0.8:
        node = {"if": typeless(rng, depth + 1), "then": typeless(rng, depth + 1)}
        return {**node, "else": typeless(rng, depth + 1)} if rng.random() < 0.6 else node
    if draw < 0.9:
        return {"allOf": [typeless(rng, depth + 1) for _ in range(rng.randint(2, 3))]}
    props = {n: typeless(rng, depth + 1) for n in rng.sample("abc", rng.randint(1, 3))}
    out: dict[str, Any] = {"properties": props}
    if rng.random() < 0.5:
        out["required"] = rng.sample(sorted(props), 1)
    if rng.random() < 0.3:
        out["type"] = "object"
    return out


SCALAR_TYPES: list[Any] = ["integer", "number", "string", ["string", "integer"], ["number", "null"]]
PATTERNS = ["^[a-z]+$", "\\d", "^a", "z$", "^(ab|cd)*$", "^[0-9]{3}-[0-9]{2}$", "[A-Z]"]
FORMATS = ["date", "date-time", "email", "ipv4", "ipv6", "uuid", "uri", "hostname"]
ENUM: list[Any] = [1, 2.5, "a", "ab", "2024-01-01", None, 10, "x@y.co"]
SCALAR_NOTS: list[Any] = [{"type": "integer"}, {"minimum": 5}, {"pattern": "^a"}, {"enum": [1, "a"]}]


def scalar_part(rng: random.Random) -> dict[str, Any]:
    """A conjunct of one to four number and string keywords (a ``type`` among them or not)."""
    makers: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(SCALAR_TYPES),
        "minimum": lambda: rng.choice(BOUNDS),
        "maximum": lambda: rng.choice(BOUNDS),
        "exclusiveMinimum": lambda: rng.choice(BOUNDS),
        "exclusiveMaximum": lambda: rng.choice(BOUNDS),
        "multipleOf": lambda: rng.choice([0.1, 0.25, 2, 3, 7, 0.01, 1e-8]),
        "minLength": lambda: rng.randint(0, 12),
        "maxLength": lambda: rng.randint(0, 12),
        "pattern": lambda: rng.choice(PATTERNS),
        "format": lambda: rng.choice(FORMATS),
        "enum": lambda: rng.sample(ENUM, rng.randint(1, 4)),
        "const": lambda: rng.choice([3, "abc", 0.75]),
        "not": lambda: rng.choice(SCALAR_NOTS),
    }
    return {word: makers[word]() for word in rng.sample(sorted(makers), rng.randint(1, 4))}


def scalars(rng: random.Random) -> Any:
    parts = [scalar_part(rng) for _ in range(rng.randint(1, 3))]
    return parts[0] if len(parts) == 1 else {rng.choice(["allOf", "anyOf", "oneOf"]): parts}


BOUNDS = fuzz_families.BOUNDS
POOL: list[Any] = [
    None, True, False, 0, 1, 2, 3, 5, 7, 10, 100, -1, -3, 0.5, 2.5, 7.25, 7.5, 1e10, 1e10 + 1, 0.01, 1e-8,
    "", "a", "ab", "abc", "abcd", "abcdefghijkl", "z", "A", "Abc", "123", "123-45", "cd", "abcdabcd",
    "2024-01-01", "2024-01-01T00:00:00Z", "x@y.co", "1.2.3.4", "::1", "example.com", "http://a.b/c",
    "123e4567-e89b-12d3-a456-426614174000", "hello world", [], {}, [1], {"a": 1},
]  # fmt: skip
POOL += [*fuzz_families.FORMAT_VALUES, {"v": 1}, {"v": None}, [None], [1, None], [[1]], [[]],
         {"a": 1, "b": 1}, {"kids": []}, {"a": None}, [1, "a"], ["a", 1], [True, None], "a/b", "0", "P1Y2M",
         "0#"]  # fmt: skip
"""Values tried on each refused schema (``--pool``): one that is valid shows a satisfiable schema
refused."""
_NONE = object()
SLOW = 0.5
"""CPU seconds over which a call is printed (``slow:``)."""


class Hung(Exception):
    """A call past ``--limit`` CPU seconds (stop 48: a nested repeat stretched ran for hours)."""


def _hung(signum: int, frame: Any) -> None:
    raise Hung


KINDS: dict[str, Callable[[random.Random], Any]] = {
    "objects": objects, "typeless": typeless, "scalars": scalars,
    **fuzz_families.FAMILIES, **fuzz_families2.FAMILIES, **fuzz_families3.FAMILIES, **fuzz_mutants.FAMILIES,
    **fuzz_modern.FAMILIES,
}  # fmt: skip
DESCRIBE: dict[str, Callable[[Any], str]] = {"mutants": fuzz_mutants.describe}
"""How a kind's failing schema is printed (else its first 300 characters of JSON)."""


POOLS: dict[str, Callable[[Any], list[Any]]] = {
    **dict.fromkeys(fuzz_families2.FAMILIES, fuzz_families2.schema_pool),
    **dict.fromkeys(fuzz_families3.FAMILIES, fuzz_families3.schema_pool),
    "mutants": fuzz_mutants.schema_pool,
    "modern": fuzz_modern.schema_pool,
}
"""Each kind's values built from a refused schema's own constants (``--pool``)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=sorted(KINDS))
    parser.add_argument("--pool", action="store_true", help="try POOL's values on each refused schema")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--limit", type=float, default=60.0, help="CPU seconds a call may take")
    args = parser.parse_args()
    signal.signal(signal.SIGPROF, _hung)
    rng = random.Random(args.seed)
    make = KINDS[args.kind]
    show = DESCRIBE.get(args.kind, lambda schema: json.dumps(schema)[:300])
    for schema in [{"type": "string", "format": "date"}, {"oneOf": [{"minimum": 0}, {"type": "integer"}]}]:
        generate(schema, 0)  # the first calls of a process import and warm what every later one uses
    answered = refused = invalid = satisfiable = malformed = slow = hung = crashed = other = 0
    slowest: tuple[float, Any, int] = (0.0, None, 0)
    for _ in range(args.count):
        schema = make(rng)
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        if not cls(cls.META_SCHEMA).is_valid(schema):  # an older draft's rule the kind broke
            malformed += 1
            continue
        check = bench_corpora.oracle(schema, None)  # format checking on; jsonschema-rs for ECMA patterns
        values = []
        try:
            for seed in range(3):
                start = time.process_time()
                signal.setitimer(signal.ITIMER_PROF, args.limit)
                try:
                    values.append(generate(schema, seed))
                finally:
                    signal.setitimer(signal.ITIMER_PROF, 0)
                    took = time.process_time() - start
                    if took > SLOW and (slow := slow + 1) <= 5:
                        print(f"slow: {took:.2f} s CPU, seed {seed}:", show(schema))
                    slowest = max(slowest, (took, schema, seed), key=lambda row: row[0])
        except Hung:
            if (hung := hung + 1) <= 5:
                print(f"hung: past {args.limit:g} s CPU:", show(schema))
            continue
        except SchemaError as exc:
            refused += 1
            if not isinstance(exc, UnsatisfiableSchemaError) and (other := other + 1) <= 5:
                print(f"refused, not as unsatisfiable: {type(exc).__name__}: {str(exc)[:150]}", show(schema))
            own = POOLS[args.kind](schema) if args.pool and args.kind in POOLS else []
            try:
                found = args.pool and next((v for v in [*POOL, *own] if check(v)), _NONE)
            except (RecursionError, referencing.exceptions.Unresolvable):
                found = _NONE
            if found is not _NONE:
                satisfiable += 1
                if satisfiable <= 5:
                    print("refused:", show(schema), "valid:", json.dumps(found)[:300], str(exc)[:150])
            continue
        except Exception as exc:  # a crash: the schema is valid, any error but a SchemaError is a bug
            if (crashed := crashed + 1) <= 5:
                print(f"crash: {type(exc).__name__}: {str(exc)[:150]}", show(schema))
            continue
        try:
            ok = all(check(v) for v in values)
        except (RecursionError, referencing.exceptions.Unresolvable):  # a ref cycle, a ref to nothing
            malformed += 1
            continue
        if ok:
            answered += 1
            continue
        invalid += 1
        if invalid <= 5:
            print("invalid:", show(schema), json.dumps(values)[:300])
    counts = (
        f"{answered} answered valid, {refused} refused, {invalid} with an invalid value, {crashed} crashed"
    )
    counts += f" ({other} refusals not UnsatisfiableSchemaError)" if other else ""
    counts += f"; refused though a value of the pool is valid: {satisfiable}" if args.pool else ""
    counts += f" ({malformed} skipped: invalid, a ref cycle or a ref to nothing)" if malformed else ""
    counts += f"; {slow} calls over {SLOW} s CPU"
    counts += f"; {hung} calls stopped past {args.limit:g} s CPU" if hung else ""
    print(f"{args.kind} --seed {args.seed}: {args.count} schemas, {counts}")
    print(f"slowest call: {slowest[0]:.3f} s CPU (seed {slowest[2]}, first calls compile)", show(slowest[1]))


if __name__ == "__main__":
    main()
