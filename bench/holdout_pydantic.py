"""The JSON Schemas of a package's pydantic models as an archive `bench_holdout.py` reads: every
``BaseModel`` subclass defined in the modules under ``MODULE``, its ``model_json_schema()`` written
to ``package/<module path>/<Model>.json`` (what agent tools built on those SDKs return).

    python bench/holdout_pydantic.py openai.types HOLDOUT/pydantic-openai-types-VERSION.tar.gz
    python bench/holdout_pydantic.py anthropic.types HOLDOUT/pydantic-anthropic-types-VERSION.tar.gz
    python bench/holdout_pydantic.py mcp_types HOLDOUT/pydantic-mcp-types-VERSION.tar.gz
"""

from __future__ import annotations

import importlib
import inspect
import io
import json
import pkgutil
import sys
import tarfile
import warnings
from typing import Any


def module_names(top: str) -> list[str]:
    """``top`` and every module under it (a plain module: itself alone)."""
    root = importlib.import_module(top)
    if not hasattr(root, "__path__"):
        return [top]
    return [top, *sorted(m.name for m in pkgutil.walk_packages(root.__path__, f"{top}."))]


def model_schemas(top: str) -> tuple[dict[str, Any], dict[str, str]]:
    """Each model's schema by ``module.Model``, and what failed (to import or to dump) and why."""
    import pydantic

    seen: set[type] = set()
    dumped: dict[str, Any] = {}
    failed: dict[str, str] = {}
    for name in module_names(top):
        try:
            module = importlib.import_module(name)
        except Exception as exc:  # a module needing an optional dependency: named, not fatal
            failed[name] = repr(exc)
            continue
        for attr, obj in vars(module).items():
            own = inspect.isclass(obj) and issubclass(obj, pydantic.BaseModel) and obj.__module__ == name
            if not own or obj in seen:
                continue
            seen.add(obj)
            try:
                dumped[f"{name}.{attr}"] = obj.model_json_schema()
            except Exception as exc:  # a model pydantic cannot render: named, not fatal
                failed[f"{name}.{attr}"] = f"{type(exc).__name__}: {str(exc)[:100]}"
    return dumped, failed


def write(schemas: dict[str, Any], out: str) -> None:
    with tarfile.open(out, "w:gz") as tar:
        for key, schema in sorted(schemas.items()):
            data = json.dumps(schema, indent=1).encode()
            info = tarfile.TarInfo(f"package/{key.replace('.', '/')}.json")
            info.size, info.mtime = len(data), 0
            tar.addfile(info, io.BytesIO(data))


def main() -> None:
    top, out = sys.argv[1], sys.argv[2]
    warnings.simplefilter("ignore")  # deprecated models still dump
    schemas, failed = model_schemas(top)
    write(schemas, out)
    print(f"{top}: {len(schemas)} models -> {out}; {len(failed)} failed")
    for what, why in list(failed.items())[:10]:
        print(f"  {what}: {why}")


if __name__ == "__main__":
    main()
