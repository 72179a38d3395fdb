"""Realism in context: are generated strings the same *shape* as the spec's own examples?

For every string field that has an ``example``/``examples`` value valid against it, each generated
value of that field is classified (url, uri, email, date, date-time, uuid, hex, digits, slug,
identifier, emoji code, phone, name, sentence, word, other: ``shape_of`` in
``synthworld/schema/_words.py``, loaded by path so the same classifier judges every tool) and
compared with its examples' shapes; a value equal to an example is a verbatim copy. Validity is the
whole generated document against its schema (python-jsonschema, formats checked).

Schemas: real API response schemas vendored in ``bench/data/realism/*.json`` (each names its
source) and the SchemaStore dev corpus (``/work/shared/schemastore/corpus_dev.jsonl``), only
schemas with a string example.

    python bench/bench_realism.py [--tool synthworld|jsf] [--seeds 20] [--examples 12]

``--tool synthworld`` measures whichever ``synthworld`` is imported: run it with
``PYTHONPATH=<a checkout of main>`` for the "before" figures.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema.validators

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "bench" / "data" / "realism"
CORPUS = Path("/work/shared/schemastore/corpus_dev.jsonl")
SECONDS = 20


def _load_shape_of() -> Callable[[str], str]:
    spec = importlib.util.spec_from_file_location("_realism_words", REPO / "synthworld/schema/_words.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.shape_of  # type: ignore[no-any-return]


shape_of = _load_shape_of()


@dataclass
class Tally:
    """Counts over one group of schemas."""

    fields: set[str] = field(default_factory=set)
    values: int = 0
    same: int = 0
    copies: int = 0
    documents: int = 0
    valid: int = 0
    failed: int = 0
    seconds: float = 0.0
    """Time spent in the tool's calls (compiling excluded)."""
    misses: dict[tuple[str, str], int] = field(default_factory=dict)
    samples: list[tuple[str, str, str]] = field(default_factory=list)


# -- the schemas -------------------------------------------------------------------------------------


def api_schemas() -> Iterator[tuple[str, Any]]:
    for path in sorted(DATA.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for name in doc["responses"]:
            yield f"{path.stem}:{name}", {**doc["schema"], "$ref": f"#/$defs/{name}"}


def corpus_schemas() -> Iterator[tuple[str, Any]]:
    if not CORPUS.exists():
        return
    for line in CORPUS.read_text("utf-8").splitlines():
        row = json.loads(line)
        text = json.dumps(row["schema"])
        if '"examples"' in text or '"example"' in text:
            yield f"schemastore:{row['id']}", row["schema"]


# -- walking a value beside its schema ------------------------------------------------------------


class Walker:
    """Finds the string fields of a value whose schema gives string examples."""

    def __init__(self, root: Any) -> None:
        cls = jsonschema.validators.validator_for(root, default=jsonschema.Draft202012Validator)
        self.validator = cls(root, format_checker=cls.FORMAT_CHECKER)
        self.root = root

    def resolve(self, schema: Any, depth: int = 0) -> list[Any]:
        """``schema`` and every conjunct reached through local ``$ref`` and ``allOf``."""
        if not isinstance(schema, dict) or depth > 20:
            return []
        out = [schema]
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            with contextlib.suppress(Exception):
                target = self.validator._resolver.lookup(ref).contents
                out += self.resolve(target, depth + 1)
        for sub in schema.get("allOf", []):
            out += self.resolve(sub, depth + 1)
        return out

    def pairs(self, schema: Any, value: Any, path: str = "") -> Iterator[tuple[str, list[str], str]]:
        """``(field path, examples, value)`` for each string field with examples."""
        parts = self.resolve(schema)
        for branch in ("anyOf", "oneOf"):
            for part in list(parts):
                for sub in part.get(branch, []) if isinstance(part.get(branch), list) else []:
                    if self._fits(sub, value):
                        parts += self.resolve(sub)
                        break
        if isinstance(value, str):
            examples = self._examples(parts, value)
            if examples:
                yield path, examples, value
        elif isinstance(value, dict):
            for key, item in value.items():
                subs = [p["properties"][key] for p in parts if key in p.get("properties", {})]
                if subs:
                    yield from self.pairs({"allOf": subs}, item, f"{path}/{key}")
        elif isinstance(value, list):
            subs = [p["items"] for p in parts if isinstance(p.get("items"), dict)]
            for i, item in enumerate(value):
                for _ in subs[:1]:
                    yield from self.pairs({"allOf": subs}, item, f"{path}/items")
                if i > 3:
                    break

    def _fits(self, sub: Any, value: Any) -> bool:
        try:
            return bool(self.validator.evolve(schema=sub).is_valid(value))
        except Exception:
            return False

    def _examples(self, parts: list[Any], value: str) -> list[str]:
        found: list[str] = []
        for part in parts:
            if "enum" in part or "const" in part:
                return []
            raw = part.get("examples") if isinstance(part.get("examples"), list) else []
            found += [e for e in [*raw, part.get("example")] if isinstance(e, str) and e.strip()]
        whole = {"allOf": parts}
        return [e for e in dict.fromkeys(found) if self._fits(whole, e)]


# -- the tools ---------------------------------------------------------------------------------------


def synthworld_tool(schema: Any) -> Callable[[int], Any]:
    from synthworld.schema import compile_generator

    generator = compile_generator(schema)
    return lambda seed: generator.generate(random.Random(seed))


def jsf_tool(schema: Any) -> Callable[[int], Any]:
    from faker import Faker
    from jsf import JSF

    faker = JSF(schema)

    def make(seed: int) -> Any:
        random.seed(seed)  # jsf draws from the global RNG (and Faker's): the only way to seed it
        Faker.seed(seed)
        return faker.generate()

    return make


TOOLS = {"synthworld": synthworld_tool, "jsf": jsf_tool}
HEADER = (
    "| schemas | string fields with examples | values | same shape | copies | valid documents | failed "
    "| ms per document |\n|---|---:|---:|---:|---:|---:|---:|---:|"
)


class Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Timeout


def measure(tool: str, name: str, schema: Any, seeds: int, tally: Tally) -> None:
    walker = Walker(schema)
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        make = TOOLS[tool](schema)
        for seed in range(seeds):
            start = time.perf_counter()
            value = make(seed)
            tally.seconds += time.perf_counter() - start
            tally.documents += 1
            tally.valid += bool(walker.validator.is_valid(value))
            for path, examples, got in walker.pairs(schema, value):
                record(tally, f"{name}{path}", examples, got)
    except Timeout:
        tally.failed += 1
    except Exception:  # a tool that cannot build a value: counted as failed
        tally.failed += 1
        tally.documents += 1
    finally:
        signal.alarm(0)


def record(tally: Tally, where: str, examples: list[str], got: str) -> None:
    tally.fields.add(where)
    tally.values += 1
    shapes = {shape_of(e) for e in examples}
    mine = shape_of(got)
    same = mine in shapes
    tally.same += same
    tally.copies += got in examples
    if not same:
        key = (min(shapes), mine)
        tally.misses[key] = tally.misses.get(key, 0) + 1
    if len(tally.samples) < 400 and got not in examples:
        tally.samples.append((where, examples[0], got))


def report(label: str, tally: Tally) -> str:
    share = (lambda n: f"{100 * n / tally.values:.1f}%") if tally.values else (lambda n: "-")
    valid = f"{100 * tally.valid / tally.documents:.1f}%" if tally.documents else "-"
    per_doc = f"{1e3 * tally.seconds / tally.documents:.2f}" if tally.documents else "-"
    return (
        f"| {label} | {len(tally.fields)} | {tally.values} | {share(tally.same)} | {share(tally.copies)} "
        f"| {valid} | {tally.failed} | {per_doc} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool", choices=sorted(TOOLS), default="synthworld")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--examples", type=int, default=0, help="print this many sample values")
    parser.add_argument("--misses", action="store_true", help="print the commonest shape misses")
    args = parser.parse_args(argv)
    groups = {"real API responses": api_schemas(), "SchemaStore dev (with examples)": corpus_schemas()}
    print(f"{args.tool}:\n{HEADER}")
    tallies = {}
    for label, schemas in groups.items():
        tally = tallies[label] = Tally()
        for name, schema in schemas:
            measure(args.tool, name, schema, args.seeds, tally)
        print(report(label, tally))
    if args.misses:
        for label, tally in tallies.items():
            common = sorted(tally.misses.items(), key=lambda kv: -kv[1])[:12]
            print(label, [(f"{a}->{b}", n) for (a, b), n in common])
    if args.examples:
        rng = random.Random(0)
        for label, tally in tallies.items():
            print(f"\n{label}:")
            for where, example, got in rng.sample(tally.samples, min(args.examples, len(tally.samples))):
                print(f"  {where}: example {example!r} -> {got!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
