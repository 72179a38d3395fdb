"""Function calls per `world.call` for the cases of `bench_lifecycles.py` (cProfile, 500 calls after
50 warm ones): a cost that a busy machine does not move, to compare two trees where times are noise.

    PYTHONPATH=TREE python bench/bench_call_counts.py
"""

from __future__ import annotations

import cProfile
import pstats

from bench_lifecycles import CASES, make_world


def main() -> None:
    world = make_world(remember=True)
    for name, case in CASES.items():
        for i in range(50):
            world.call(*case(i))
        profile = cProfile.Profile()
        profile.enable()
        for i in range(50, 550):
            world.call(*case(i))
        profile.disable()
        print(f"{name}: {pstats.Stats(profile).total_calls / 500:,.1f} calls per call")


if __name__ == "__main__":
    main()
