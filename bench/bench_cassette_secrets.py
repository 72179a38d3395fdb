"""Recording cost when every call's input holds a secret of its own: a cassette then masks, in
each call, every secret the world's earlier calls were given (a password given to ``login`` that
a later answer repeats). The time per recorded call stays what it was when only the call's own
secrets were masked: earlier secrets are searched for, not compiled into a pattern per call.

    PYTHONPATH=TREE python bench/bench_cassette_secrets.py [--calls 200 1000]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec

LOGIN = ToolSpec(
    "login",
    "Log in.",
    {"type": "object", "properties": {"user": {"type": "string"}, "password": {"type": "string"}}},
    {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]},
)


def seconds_to_record(calls: int) -> float:
    """Wall time of `calls` recorded calls, each with a password no other call has."""
    with tempfile.TemporaryDirectory() as folder:
        backend = FixtureBackend(Path(folder) / "c.yaml", fallback=RandomBackend())
        with SyntheticWorld(seed=1, backend=backend) as world:
            world.register_tool(LOGIN)
            start = time.perf_counter()
            for i in range(calls):
                world.call("login", {"user": f"u{i}", "password": f"pass-word-{i:06d}"})
            return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, nargs="+", default=[200, 1000])
    for calls in parser.parse_args().calls:
        total = seconds_to_record(calls)
        print(f"{calls} calls: {total:.2f} s, {total / calls * 1000:.2f} ms per call")


if __name__ == "__main__":
    main()
