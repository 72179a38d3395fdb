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
