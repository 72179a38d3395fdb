"""Agent loops over worlds paged as real APIs page (the worlds of `tests/_page_shapes.py`: Spring
Data's ``Page``, JSON:API, OData, GraphQL relay, AWS, Google), seeds 0-19, before any create and
after 7; and (``relist``) the first page called again after a full loop of a world that made
nothing, against the first time. A loop is ``ok`` when it ends, sees every item once, the
created first, and every count its pages say equals the items seen; ``bound`` when it never ends.

    PYTHONPATH=TREE:TREE/bench python bench/page_loops_shapes.py
"""

from __future__ import annotations

import sys
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from synthworld import SyntheticWorld  # noqa: E402
from tests import _page_shapes as S  # noqa: E402
from tests import test_page_loops as L  # noqa: E402
from tests import test_page_loops_more as M  # noqa: E402
from tests.test_page_claims_kept import _meta_next as meta  # noqa: E402

SEEDS = range(20)


def _world(doc: dict, seed: int) -> SyntheticWorld:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return SyntheticWorld.from_openapi(doc, seed=seed)


def verdict(shape: str, seed: int, made: int) -> str:
    world = _world(S.SHAPES[shape][0], seed)
    ids = S.made(world, made)
    pages: list[dict] = []
    try:
        seen = S.loop(world, shape, pages)
    except AssertionError:
        return "bound"
    except Exception as err:  # a refused call is a loop gone wrong
        return type(err).__name__
    if len(seen) != len(set(seen)):
        return "repeat"
    if seen[:made] != ids:
        return "order"
    if any(c != len(seen) for c in S.counts(shape, pages)):
        return "count"
    return "ok" if len(pages) == 1 else "ok, paged"


def relist(doc: dict, first: dict, step, seed: int) -> str:
    """Whether the first page called again after the loop is the same page."""
    world = _world(doc, seed)
    page = world.call("list_things", first)
    pages: list[dict] = []
    try:
        L._loop(world, first, step, pages)
    except AssertionError:
        return "bound"
    again = world.call("list_things", first)
    return ("same" if again == page else "other") + (", paged" if len(pages) > 1 else "")


def main() -> None:
    for shape in S.SHAPES:
        for made in (0, 7):
            row = Counter(verdict(shape, seed, made) for seed in SEEDS)
            print(f"{shape:9} made={made}: {dict(sorted(row.items()))}", flush=True)
    hal = L._follow(lambda p: p["_links"].get("next", {}).get("href"))
    row = Counter(relist(L.HAL, {"limit": 3}, hal, seed) for seed in SEEDS)
    print(f"relist HAL (cursor) made=0: {dict(sorted(row.items()))}")
    row = Counter(relist(M.META, {"limit": 3}, meta, seed) for seed in SEEDS)
    print(f"relist meta (cursor) made=0: {dict(sorted(row.items()))}")


if __name__ == "__main__":
    main()
