"""The typed stubs of a package's pydantic models: for every ``BaseModel`` of ``MODULE`` (as
`holdout_pydantic.py` finds them), a stub ``fetch(item_id: str) -> Model`` made a tool with
``ToolSpec.from_function`` and called on seeds 0-4 (`world.tool`), each answer read back as the
model. Counts the models refused at registration (and why) and the calls that failed.

    python bench/holdout_stubs.py MODULE [LIMIT]
"""

from __future__ import annotations

import sys
import warnings
from collections import Counter
from typing import Any

import holdout_pydantic
import pydantic

from synthworld import SyntheticWorld, ToolSpec


def models(top: str) -> list[Any]:
    import importlib
    import inspect

    found: list[Any] = []
    for name in holdout_pydantic.module_names(top):
        try:
            module = importlib.import_module(name)
        except Exception:
            continue
        for obj in vars(module).values():
            own = inspect.isclass(obj) and issubclass(obj, pydantic.BaseModel) and obj.__module__ == name
            if own and obj not in found:
                found.append(obj)
    return found


def main() -> None:
    warnings.simplefilter("ignore")
    top, limit = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None
    failed: Counter[str] = Counter()
    refused: dict[str, str] = {}
    calls = 0
    for model in models(top)[:limit]:

        def fetch(item_id: str) -> Any:
            """Fetch an item by its id."""

        fetch.__annotations__["return"] = model
        try:
            ToolSpec.from_function(fetch)
        except Exception as exc:
            refused[model.__name__] = f"{type(exc).__name__}: {str(exc)[:300]}"
            continue
        for seed in range(5):
            calls += 1
            try:
                SyntheticWorld(seed=seed).tool(fetch)("x1")
            except Exception as exc:
                if not failed[model.__name__]:
                    print(f"  failed: {model.__name__} seed {seed}: {type(exc).__name__}: {str(exc)[:300]}")
                failed[model.__name__] += 1
    for name, why in refused.items():
        print(f"  refused: {name}: {why}")
    print(
        f"{top}: {len(models(top)[:limit])} models, {len(refused)} refused, {calls} calls, "
        f"{sum(failed.values())} failed ({len(failed)} models)"
    )


if __name__ == "__main__":
    main()
