"""`bench_holdout.py`'s sweep through the public tool API: each schema is registered as a tool's
``returns`` (``SyntheticWorld(seed).register_tool(ToolSpec(...))``) and the tool called once per
seed 0-4 (``world.call``), each answer judged by python-jsonschema and jsonschema-rs as there.

A root that is a reference into a bundle (``--definitions``: ``{"$ref": "file:///...#/$defs/x"}``)
is registered as the bundle itself with its root replaced by that reference (``$ref: "#/$defs/x"``
beside the bundle's definitions), as a user handing one bundle to a tool would write it. A schema
the world cannot take alone (a reference to another file of the archive: the world takes no
``referencing`` registry) is generated with ``synthworld.generate(schema, seed, registry=...)``
instead, its id marked ``[via generate]``.

    python bench/holdout11.py FOLDER --schemas --failures [every bench_holdout.py option]
"""

from __future__ import annotations

import json
import time
from typing import Any

import bench_holdout as holdout

PARAMETERS = {"type": "object", "properties": {}, "additionalProperties": True}


def as_tool_schema(row: dict[str, Any]) -> dict[str, Any] | bool:
    """The schema a tool's ``returns`` holds for ``row``: the row's own, or, for a reference into a
    bundle of the archive, the bundle with its root replaced by a local reference."""
    schema = row["schema"]
    ref = schema.get("$ref") if isinstance(schema, dict) and len(schema) == 1 else None
    if not isinstance(ref, str) or "#" not in ref or ref.startswith("#"):
        return schema  # type: ignore[no-any-return]
    uri, fragment = ref.split("#", 1)
    docs = dict(holdout.RESOURCES.get(row["pack"], []))
    doc = docs.get(uri)
    if not isinstance(doc, dict):
        return schema  # type: ignore[no-any-return]
    kept = {k: v for k, v in doc.items() if k in ("$schema", "$defs", "definitions", "$id", "id")}
    return {**kept, "$ref": f"#{fragment}"}


def measure(index: int) -> dict[str, Any]:
    """Seeds 0-4 of one row through a registered tool, each answer judged by both validators."""
    import synthworld
    from synthworld import SyntheticWorld, ToolSpec

    row = holdout.ROWS[index]
    out: dict[str, Any] = {"id": row["id"], "calls": [], "cpu": [], "python": [], "rust": []}
    if "error" in row:
        return {**out, "error": row["error"][:300]}
    try:
        python, rust = holdout.oracles(row["schema"], row["pack"])
    except Exception as exc:
        python = rust = None
        out["oracle"] = f"{type(exc).__name__}: {str(exc)[:160]}"
    registry = holdout.registries(row["pack"])[0]
    returns = as_tool_schema(row)
    texts: set[str] = set()
    via_world = True
    try:
        for seed in range(holdout.SEEDS):
            start, cpu = time.perf_counter(), time.process_time()
            if via_world:
                try:
                    world = SyntheticWorld(seed=seed)
                    world.register_tool(ToolSpec("lookup", "Look it up.", PARAMETERS, returns))
                    value = world.call("lookup", {})
                except synthworld.ToolSpecError as exc:
                    if "$ref" not in str(exc) or seed:
                        raise
                    via_world = False
                    out["id"] += " [via generate]"
            if not via_world:
                value = synthworld.generate(row["schema"], seed, registry=registry)
            out["calls"].append(time.perf_counter() - start)
            out["cpu"].append(time.process_time() - cpu)
            texts.add(json.dumps(value, sort_keys=True))
            out["distinct"] = len(texts)
            if python is not None and rust is not None:
                try:
                    out["python"].append(bool(python.is_valid(value)))
                    out["rust"].append(bool(rust.is_valid(value)))
                except Exception as exc:
                    python = rust = None
                    out["oracle"] = f"judging seed {seed}: {type(exc).__name__}: {str(exc)[:160]}"
    except Exception as exc:
        out["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    return out


if __name__ == "__main__":
    holdout.measure = measure  # the worker looks it up in bench_holdout's globals
    holdout.main()
