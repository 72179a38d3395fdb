"""A corpus of the JSON Schemas pydantic writes for real-world agent types, and a check of them.

Agent developers hand synthworld pydantic types as tool return types, so the schemas pydantic
renders for the types of the agent libraries are the schemas synthworld meets. This script walks
`MODULES` (each with its submodules) for pydantic ``BaseModel`` subclasses, ``TypedDict``s and
module-level union aliases (``X = Union[...]``, ``Annotated[Union[...], ...]``, ``type X = ...``),
and renders each with ``pydantic.TypeAdapter(X).json_schema(mode=...)`` in both modes (the two
are kept once when they are equal). A type pydantic cannot render is skipped and counted. Modules
not installed are skipped and named. Nothing is written to the repository:

    python bench/pydantic_corpus.py build corpus.jsonl          # one {"id", "mode", "schema"} a line
    python bench/pydantic_corpus.py check corpus.jsonl report.json [--seeds 10]

``check`` compiles each schema, asks for the seeds, validates every value with python-jsonschema
and jsonschema-rs (formats checked), validates it back through pydantic (validation-mode schemas),
asks for each seed twice (determinism in-process) and times every call; it writes one row a
schema plus the value hashes, so two runs under different ``PYTHONHASHSEED``s can be compared.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import inspect
import json
import pkgutil
import random
import sys
import time
import types
import typing
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typing_extensions

MODULES = (
    "mcp.types",
    "openai.types",
    "anthropic.types",
    "pydantic_ai.messages",
    "langchain_core.messages",
    "langchain_core.documents",
    "agents.items",
)
MODES = ("validation", "serialization")
SLOW = 0.5


def _modules(root: str) -> Iterator[Any]:
    """``root`` and, for a package, every submodule that imports."""
    module = importlib.import_module(root)
    yield module
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), root + "."):
        try:
            yield importlib.import_module(info.name)
        except Exception:  # a submodule needing an optional extra
            continue


def _is_union_alias(value: Any) -> bool:
    """Whether a module-level value is a union type (possibly ``Annotated``) or a ``type`` alias."""
    if type(value).__name__ == "TypeAliasType":  # typing's (3.12+) or typing_extensions'
        return True
    origin = typing.get_origin(value)
    if origin is typing.Annotated:
        origin = typing.get_origin(typing.get_args(value)[0])
    return origin is typing.Union or origin is types.UnionType


def candidates(roots: tuple[str, ...] = MODULES) -> tuple[dict[str, Any], list[str]]:
    """The types found under ``roots``, by a stable name (definition module for classes), and the
    roots that are not installed."""
    import pydantic

    found: dict[str, Any] = {}
    seen: set[int] = set()
    missing: list[str] = []
    for root in roots:
        try:
            modules = list(_modules(root))
        except ImportError:
            missing.append(root)
            continue
        for module in modules:
            for name, value in sorted(vars(module).items()):
                if name.startswith("__") or id(value) in seen:
                    continue
                if inspect.isclass(value):
                    model = issubclass(value, pydantic.BaseModel) and value is not pydantic.BaseModel
                    if not (model or typing_extensions.is_typeddict(value)):
                        continue
                    if not value.__module__.startswith(root.split(".")[0]):
                        continue  # imported from elsewhere (pydantic's own, typing's)
                    if getattr(value, "__pydantic_generic_metadata__", {}).get("parameters"):
                        continue  # an unparametrised generic: its schema is its bound's
                    key = f"{value.__module__}.{value.__qualname__}"
                elif _is_union_alias(value):
                    key = f"{module.__name__}.{name}"
                else:
                    continue
                seen.add(id(value))
                found.setdefault(key, value)
    return found, missing


def build(roots: tuple[str, ...] = MODULES) -> tuple[list[dict[str, Any]], Counter[str], list[str]]:
    """The corpus rows, the count of types pydantic could not render (by exception type) and the
    roots not installed."""
    import pydantic

    rows: list[dict[str, Any]] = []
    skipped: Counter[str] = Counter()
    found, missing = candidates(roots)
    for key, value in sorted(found.items()):
        schemas: dict[str, Any] = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for mode in MODES:
                try:
                    schemas[mode] = pydantic.TypeAdapter(value).json_schema(mode=mode)  # type: ignore[arg-type]
                except Exception as exc:
                    skipped[f"{mode}: {type(exc).__name__}"] += 1
        if schemas.get("serialization") == schemas.get("validation"):
            schemas.pop("serialization", None)
        rows += [{"id": key, "mode": mode, "schema": schema} for mode, schema in schemas.items()]
    return rows, skipped, missing


def _type_of(key: str) -> Any:
    """The type a corpus id names (its module imported, then attributes followed)."""
    parts = key.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part)
        return value
    raise LookupError(key)


def check(lines: list[str], seeds: int) -> list[dict[str, Any]]:
    """One result row per corpus line: compile error, values invalid for either validator or for
    pydantic, exceptions, call times, and a hash of the values. Each line is parsed as it comes:
    the whole corpus parsed would be millions of objects that each full garbage collection walks,
    and that time would show up in whichever call set it off."""
    import jsonschema
    import jsonschema_rs
    import pydantic

    from synthworld.errors import SchemaError
    from synthworld.schema import compile_generator

    out: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        row = json.loads(line)
        if index % 250 == 0:
            print(f"{index}/{len(lines)} {row['id']}", file=sys.stderr, flush=True)
        schema, result = row["schema"], {"id": row["id"], "mode": row["mode"], "times": []}
        out.append(result)
        start = time.perf_counter()
        try:
            generator = compile_generator(schema)
        except SchemaError as exc:  # UnsatisfiableSchemaError is one
            result["compile_error"] = f"{type(exc).__name__}: {exc}"[:600]
            continue
        except Exception as exc:
            result["exception"] = f"compile {type(exc).__name__}: {exc}"[:600]
            continue
        finally:
            result["compile_time"] = time.perf_counter() - start
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        py = cls(schema, format_checker=cls.FORMAT_CHECKER)
        rs = jsonschema_rs.validator_for(schema, validate_formats=True)
        adapter = pydantic.TypeAdapter(_type_of(row["id"])) if row["mode"] == "validation" else None
        values = []
        for seed in range(seeds):
            try:
                start = time.perf_counter()
                value = generator.generate(random.Random(seed))
                result["times"].append(time.perf_counter() - start)
                again = generator.generate(random.Random(seed))
            except Exception as exc:
                result.setdefault("exception", f"seed {seed} {type(exc).__name__}: {exc}"[:600])
                continue
            values.append(value)
            if _text(again) != _text(value):
                result.setdefault("nondeterministic", []).append(seed)
            for name, ok in (("python", py.is_valid(value)), ("rs", rs.is_valid(value))):
                if not ok:
                    result.setdefault("invalid", []).append({"seed": seed, "by": name, "value": value})
            if adapter is not None:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        adapter.validate_python(value)
                except pydantic.ValidationError as exc:
                    errors = [(e["type"], e["loc"], e["msg"]) for e in exc.errors()][:3]
                    result.setdefault("pydantic", []).append({"seed": seed, "errors": repr(errors)})
                except Exception as exc:  # a validator of the model's own that raised
                    failed = f"{type(exc).__name__}: {exc}"
                    result.setdefault("pydantic", []).append({"seed": seed, "errors": failed})
        result["hash"] = hashlib.sha256(_text(values).encode()).hexdigest()[:16]
    return out


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _report(results: list[dict[str, Any]]) -> None:
    times = sorted(t for r in results for t in r["times"])
    compiles = sorted(r["compile_time"] for r in results)

    def ms(found: list[float], q: float) -> str:
        return f"{found[int(q * (len(found) - 1))] * 1000:.2f} ms" if found else "-"

    print(f"{len(results)} schemas, {len(times)} calls")
    print(f"calls: p50 {ms(times, 0.5)}, p90 {ms(times, 0.9)}, p99 {ms(times, 0.99)}, max {ms(times, 1)}")
    print(f"compiles: p50 {ms(compiles, 0.5)}, p90 {ms(compiles, 0.9)}, max {ms(compiles, 1)}")
    for label, key in (("compile errors", "compile_error"), ("exceptions", "exception"),
                       ("invalid", "invalid"), ("pydantic rejects", "pydantic"),
                       ("nondeterministic", "nondeterministic")):  # fmt: skip
        print(f"{label}: {sum(1 for r in results if key in r)}")
    print(f"slow calls (> {SLOW} s): {sum(1 for t in times if t > SLOW)}")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build").add_argument("out")
    checking = sub.add_parser("check")
    checking.add_argument("corpus")
    checking.add_argument("out")
    checking.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    if args.command == "build":
        rows, skipped, missing = build()
        Path(args.out).write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows), "utf-8")
        print(f"{len({r['id'] for r in rows})} types, {len(rows)} schemas -> {args.out}")
        print(f"not rendered by pydantic: {sum(skipped.values())} {dict(skipped)}; not installed: {missing}")
        return
    results = check(Path(args.corpus).read_text("utf-8").splitlines(), args.seeds)
    Path(args.out).write_text(json.dumps(results, default=str), "utf-8")
    _report(results)


if __name__ == "__main__":
    main()
