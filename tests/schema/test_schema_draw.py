"""The generator's inline draws consume exactly the bits `random.Random` would, and compiling is
safe from several threads at once."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from synthworld.schema import _draw
from synthworld.schema._api import Generator
from synthworld.schema._nodes import ConstNode, LazyNode

SIZES = (1, 2, 3, 7, 8, 36, 52, 62, 100, 1000, 2**31, 2**31 + 1, 33_696_000)


class StepRandom(random.Random):
    """A subclass with its own `random()` (so the library draws integers from it, not from
    `getrandbits`): the shortcuts must leave it to the library."""

    step = 0

    def random(self) -> float:
        self.step += 1
        return (self.step * 0.618034) % 1.0


def test_the_shortcuts_are_on_in_this_python() -> None:
    assert _draw._EXACT


@pytest.mark.parametrize("seed", range(20))
def test_below_and_choice_draw_what_the_library_draws(seed: int) -> None:
    lib, ours = random.Random(seed), random.Random(seed)
    for n in SIZES:
        assert _draw.below(ours, n) == lib.randrange(n)
        assert _draw.choice(ours, range(n)) == lib.choice(range(n))
    assert ours.getstate() == lib.getstate()


@pytest.mark.parametrize("alphabet", ["ab", "abc", "0123456789abcdefghijklmnopqrstuvwxyz", "é"])
def test_text_draws_what_joined_choices_draw(alphabet: str) -> None:
    lib, ours = random.Random(7), random.Random(7)
    for size in (0, 1, 10, 64):
        assert _draw.text(ours, alphabet, size) == "".join(lib.choice(alphabet) for _ in range(size))
    assert ours.getstate() == lib.getstate()


def test_a_subclass_keeps_its_own_draws() -> None:
    lib, ours = StepRandom(0), StepRandom(0)
    expected = [lib.randrange(36), lib.choice("abcdef"), "".join(lib.choice("xyz") for _ in range(4))]
    assert [_draw.below(ours, 36), _draw.choice(ours, "abcdef"), _draw.text(ours, "xyz", 4)] == expected


def test_empty_choices_fail_as_the_library_does() -> None:
    with pytest.raises(IndexError):
        _draw.choice(random.Random(0), [])
    with pytest.raises(ValueError, match="empty range"):
        _draw.below(random.Random(0), 0)


BRANCHY: dict[str, Any] = {
    "$defs": {
        "node": {
            "type": "object",
            "properties": {
                "label": {"anyOf": [{"type": "string", "format": "email"}, {"type": "integer"}]},
                "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}, "maxItems": 2},
                "kind": {"oneOf": [{"const": "leaf"}, {"type": "string", "pattern": "^k[0-9]{3}$"}]},
            },
            "required": ["label"],
        }
    },
    "anyOf": [{"$ref": "#/$defs/node"}, {"type": "array", "items": {"$ref": "#/$defs/node"}}],
}


def test_threads_compiling_the_same_lazy_nodes_get_the_serial_values() -> None:
    seeds = range(64)
    serial = Generator(BRANCHY)
    expected = [serial.generate(random.Random(seed)) for seed in seeds]
    for _ in range(5):  # a fresh generator each round: its lazy nodes compile under contention
        shared = Generator(BRANCHY)
        results: dict[int, Any] = {}
        errors: list[BaseException] = []
        threads = [
            threading.Thread(target=_generate, args=(shared, seeds[offset::8], results, errors))
            for offset in range(8)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert [results[seed] for seed in seeds] == expected


def _generate(gen: Generator, seeds: range, results: dict[int, Any], errors: list[BaseException]) -> None:
    try:
        for seed in seeds:
            results[seed] = gen.generate(random.Random(seed))
    except BaseException as exc:  # any failure, reported by the test
        errors.append(exc)


def test_a_lazy_node_reached_by_many_threads_compiles_once() -> None:
    builds: list[int] = []

    def build(_: object) -> ConstNode:
        builds.append(1)
        time.sleep(0.01)  # a slow compile: the other threads arrive while it runs
        return ConstNode("done")

    lazy = LazyNode(build, None)
    found: list[Any] = []
    threads = [threading.Thread(target=lambda: found.append(lazy.resolve())) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1
    assert len(found) == 8
    assert all(node is found[0] for node in found)
