"""Same seed, same value: in this process, in another one with another hash seed, pinned."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import subprocess
import sys
import textwrap

from schema_corpus import KEYWORDS, REPO, USER

from synthworld.schema import compile_generator, generate

PINNED_USER_0 = {
    "id": "4wn6isigq8",
    "email": "judy18@example.net",
    "name": "Rodney Green",
    "age": 71,
    "created_at": "2024-09-14T11:19:20Z",
    "tags": ["marketing", "urgent"],
}
PINNED_INT_1 = 11
PINNED_PATTERN_2 = "CC-244"
PINNED_USER_0_PLAIN = {
    "id": "wLnGisiW",
    "email": "bob79@example.net",
    "name": "TZMjtgUeR",
    "age": 33,
    "created_at": "2024-03-20T05:12:23Z",
    "tags": ["uNOnJEC"],
}

_SCRIPT = textwrap.dedent(
    """
    import json, sys
    sys.path.insert(0, {tests!r})
    from schema_corpus import KEYWORDS, USER
    from synthworld.schema import generate
    names = sorted(KEYWORDS)
    out = [generate(USER, seed=s) for s in range(5)]
    out += [generate(KEYWORDS[n], seed=7) for n in names]
    print(json.dumps(out))
    """
)


def _here() -> list[object]:
    names = sorted(KEYWORDS)
    out = [generate(USER, seed=s) for s in range(5)]
    return out + [generate(KEYWORDS[n], seed=7) for n in names]


def test_same_seed_same_value() -> None:
    gen = compile_generator(USER)
    assert gen.generate(random.Random(5)) == gen.generate(random.Random(5))
    assert generate(USER, seed=5) == generate(USER, seed=5)


def test_different_seeds_differ() -> None:
    assert len({json.dumps(generate(USER, seed=s)) for s in range(10)}) == 10


def test_same_value_in_another_process_with_another_hash_seed() -> None:
    script = _SCRIPT.format(tests=str(REPO / "tests" / "schema"))
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == json.loads(json.dumps(_here()))


def test_time_formats_follow_now_not_the_clock() -> None:
    schema = {"type": "string", "format": "date-time"}
    gen = compile_generator(schema)
    early = gen.generate(random.Random(1), now=dt.datetime(2001, 6, 1, tzinfo=dt.timezone.utc))
    late = gen.generate(random.Random(1), now=dt.datetime(2031, 6, 1, tzinfo=dt.timezone.utc))
    assert early[:4] in ("2000", "2001")
    assert late[:4] in ("2030", "2031")
    assert gen.generate(random.Random(1)) == generate(schema, seed=1)  # default now is fixed


def test_pinned_outputs() -> None:
    assert generate(USER, seed=0) == PINNED_USER_0
    assert generate({"type": "integer", "minimum": 10, "maximum": 20}, seed=1) == PINNED_INT_1
    assert generate(KEYWORDS["pattern"], seed=2) == PINNED_PATTERN_2
    assert generate(USER, seed=0, realistic=False) == PINNED_USER_0_PLAIN


_ONE_OF_LAST_RESORT = {
    "allOf": [
        {
            "anyOf": [
                {
                    "allOf": [
                        {"oneOf": [{"type": "number", "multipleOf": 2}, {"type": "array", "minItems": 1}]},
                        {"not": {"oneOf": [{"minimum": 0}, {"const": "red"}, {"const": 3}]}},
                    ]
                },
                {
                    "oneOf": [
                        {
                            "anyOf": [
                                {
                                    "oneOf": [
                                        {"type": "integer", "maximum": 7},
                                        {"type": "integer", "maximum": 7},
                                    ]
                                },
                                {
                                    "anyOf": [
                                        {"$ref": "#/$defs/word"},
                                        {"type": "string", "maxLength": 3},
                                        {"maxLength": 2},
                                    ]
                                },
                                {
                                    "oneOf": [
                                        {"type": "null"},
                                        {"type": "integer", "minimum": 5},
                                        {"minimum": 0},
                                    ]
                                },
                            ]
                        },
                        {"$ref": "#/$defs/small"},
                        {
                            "allOf": [
                                {
                                    "oneOf": [
                                        {"type": "array", "minItems": 1},
                                        {"enum": ["red", "blue", 3, 8]},
                                        {"type": "string", "minLength": 2},
                                    ]
                                },
                                {"type": "integer", "minimum": 5},
                                {"type": "null"},
                            ]
                        },
                    ]
                },
            ]
        },
        {
            "not": {
                "allOf": [
                    {
                        "oneOf": [
                            {"properties": {"id": {"const": 1}}},
                            {"allOf": [{"$ref": "#/$defs/small"}, {"type": "number", "multipleOf": 2}]},
                        ]
                    },
                    {
                        "oneOf": [
                            {
                                "anyOf": [
                                    {"type": "object", "maxProperties": 1},
                                    {"const": "red"},
                                    {"properties": {"id": {"const": 1}}},
                                ]
                            },
                            {"not": {"minimum": 0}},
                        ]
                    },
                    {"not": {"type": "number", "multipleOf": 2}},
                ]
            }
        },
    ],
    "$defs": {
        "small": {"type": "integer", "minimum": 0, "maximum": 10},
        "word": {"type": "string", "pattern": "^[a-z]{1,5}$"},
        "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "minItems": 2},
        "rec": {"type": "object", "properties": {"id": {"$ref": "#/$defs/small"}}, "required": ["id"]},
        "color": {"enum": ["red", "green", "blue", 1, None]},
    },
}
"""A schema of the combinators fuzz (seed 2, its 1,344th) whose values come from the last resort's
ways to fail a ``oneOf`` branch: a bound's ways were listed in a set's order, so its values moved
with PYTHONHASHSEED (``-56.39`` in one process, ``-11.6`` in another)."""

_WAYS_SCRIPT = textwrap.dedent(
    """
    import json, random, sys
    from synthworld.schema import compile_generator
    from synthworld.schema._exclude import negation_branches
    schema = json.loads(sys.argv[1])
    ways = negation_branches({"type": "integer", "minimum": 0, "maximum": 10, "minLength": 2}, bounds=True)
    gen = compile_generator(schema)
    print(json.dumps({"ways": ways, "values": [gen.generate(random.Random(k)) for k in range(3)]}))
    """
)


def test_ways_to_fail_a_branch_are_the_same_in_every_process() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", _WAYS_SCRIPT, json.dumps(_ONE_OF_LAST_RESORT)],
                env={**env, "PYTHONHASHSEED": hashseed},
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for hashseed in ("0", "1", "2", "3")
    ]
    assert all(run == runs[0] for run in runs)
    assert runs[0]["ways"] == [  # the bounds' ways in the order of the keywords' table
        {"type": "number", "exclusiveMaximum": 0},
        {"type": "number", "exclusiveMinimum": 10},
        {"type": "string", "maxLength": 1},
        {"not": {"type": "integer"}},
    ]
    assert runs[0]["values"] == [-56.39, 20, -36.02]
