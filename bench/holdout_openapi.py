"""`bench_holdout.py`'s OpenAPI worlds: each document's world built and every tool called, in a
process of its own (a document that explodes fails its row, not the run)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any


def component_roots(doc: dict[str, Any], every: int) -> list[tuple[str, dict[str, Any] | str]]:
    """Each named schema of an OpenAPI document (3.x ``components.schemas``, 2.0 ``definitions``;
    every ``every``-th) as a JSON Schema 2020-12 root, translated as ``from_openapi`` translates an
    answer's schema (``nullable``, boolean exclusive bounds, ``discriminator``; the references it
    needs as ``$defs``). A schema the translation refuses comes as the error's text."""
    from synthworld.errors import SynthworldError
    from synthworld.sources.openapi.document import load_document
    from synthworld.sources.openapi.responses import _rooted
    from synthworld.sources.openapi.schemas import Translator

    document = load_document(doc)
    translator = Translator(document)
    where = ("definitions",) if "swagger" in doc else ("components", "schemas")
    named = doc.get(where[0], {}) if len(where) == 1 else doc.get("components", {}).get("schemas", {})
    out: list[tuple[str, dict[str, Any] | str]] = []
    for name in sorted(named)[::every]:
        at = "#/" + "/".join([*where, name.replace("~", "~0").replace("/", "~1")])
        try:
            schema = _rooted(translator, named[name], at)
        except SynthworldError as exc:
            out.append((name, f"{type(exc).__name__}: {exc}"))
            continue
        root = schema if isinstance(schema, dict) else {"allOf": [schema]}
        out.append((name, {"$schema": "https://json-schema.org/draft/2020-12/schema", **root}))
    return out


def openapi_case(doc: dict[str, Any], seeds: int) -> dict[str, Any]:
    """Build a world from the OpenAPI document ``doc`` and call every tool on seeds 0..seeds-1."""
    import warnings

    import jsonschema
    import jsonschema_rs

    from synthworld import SchemaError, SyntheticWorld, ToolError, ToolInputError, ToolSpecError
    from synthworld.schema import compile_generator
    from tests._strict_rules import openai_refusals

    start = time.perf_counter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        world = SyntheticWorld.from_openapi(doc, seed=1, on_error="skip")
    out: dict[str, Any] = {"build": time.perf_counter() - start, "tools": len(world.tools)}
    out["skipped"] = sum(1 for w in caught if "skip" in str(w.message).lower())
    out.update(
        calls=0, invalid=[], refused_input=[], faults=0, slowest=0.0, slowest_cpu=0.0, slow=[], no_input=[]
    )
    out.update(strict=0, no_strict=0, refusals=[])
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    for spec in world.tools.values():
        python = jsonschema.Draft202012Validator(spec.returns, format_checker=checker)
        try:  # AWS EMR's pattern of lone surrogates ("\\uD800"): no regex to jsonschema-rs
            rust = jsonschema_rs.Draft202012Validator(spec.returns, validate_formats=True)
        except jsonschema_rs.ValidationError:
            rust = None
            out["rust_cannot_read"] = out.get("rust_cannot_read", 0) + 1
        for seed in range(seeds):
            world.reset()
            try:  # an input no value satisfies (ReadMe's "quirks": allOf of string and integer)
                args = compile_generator(spec.parameters).generate(Random(seed))
            except SchemaError as exc:
                out["no_input"].append(f"{spec.name}: {str(exc)[:200]}")
                break
            start, cpu = time.perf_counter(), time.process_time()
            try:
                answer = world.call(spec.name, args)
            except ToolInputError as exc:
                out["refused_input"].append(f"{spec.name}: {str(exc)[:200]}")
                continue
            except ToolError:
                out["faults"] += 1
                continue
            finally:
                took, took_cpu = time.perf_counter() - start, time.process_time() - cpu
                out["slowest"] = max(out["slowest"], took)
                out["slowest_cpu"] = max(out["slowest_cpu"], took_cpu)
                out["slow"] += (
                    [f"{spec.name} seed {seed}: {took:.2f} s ({took_cpu:.2f} s CPU)"] if took > 1 else []
                )
            out["calls"] += 1
            if not (python.is_valid(answer) and (rust is None or rust.is_valid(answer))):
                out["invalid"].append(spec.name)
        try:
            tool = spec.to_openai(strict=True)
        except ToolSpecError:
            out["no_strict"] += 1
            continue
        out["strict"] += 1
        refusals = openai_refusals(tool["function"]["parameters"])
        out["refusals"] += [f"{spec.name}: {p}" for p in refusals[:3]]
    return out


def openapi_table(script: str, folder: Path, documents: list[Any], failures: bool) -> Iterator[str]:
    """The table of `bench_holdout.py`'s OpenAPI documents, each measured by ``script`` in a child."""
    yield (
        "| document | from_openapi s | tools | skipped | no input can be built | calls | invalid answers "
        "| inputs refused "
        "| slowest call, wall / CPU | strict forms | no strict form | strict refusals |"
    )
    yield "|---|---|---|---|---|---|---|---|---|---|---|---|"
    for row_id, archive, name in documents:
        command = [sys.executable, script, str(folder), "--openapi-case", f"{archive.name}::{name}"]
        proc = subprocess.run(command, capture_output=True, text=True, timeout=1800)
        if proc.returncode:
            yield f"| {row_id} | failed: {proc.stderr.strip().splitlines()[-1][:200]} |"
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        yield (
            f"| {row_id} | {r['build']:.2f} | {r['tools']} | {r['skipped']} | {len(r['no_input'])} | "
            f"{r['calls']} | "
            f"{len(r['invalid'])} | {len(r['refused_input'])} | "
            f"{r['slowest']:.2f} / {r['slowest_cpu']:.2f} s | {r['strict']} | "
            f"{r['no_strict']} | {len(r['refusals'])} |"
        )
        if failures:
            for line in [
                *r["invalid"][:5],
                *r["refused_input"][:5],
                *r["refusals"][:5],
                *r["slow"],
                *r["no_input"],
            ]:
                yield f"  - {line}"
