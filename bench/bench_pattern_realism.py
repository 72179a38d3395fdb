"""Fields whose pattern any text may follow (``^https://``, ``^arn:aws:``, ``\\S``), as real schemas
write them: what do their values look like?

Every string property of the SchemaStore and vendored corpora (and the cloudformation corpus, when
cfn-lint is installed) with a pattern that does not end in ``$`` and no format is asked for, alone
in an object under its own name (``{"type": "object", "properties": {name: field}, "required":
[name]}``), with seeds 0-4. Reported: the fields, the values valid for their field
(python-jsonschema, format checking on; jsonschema-rs where it cannot read a pattern), the values
that are the pattern's bare fixed text (``https://`` for ``^https://``), the fields answering one
value for every seed, and the distinct values per field.

    python bench/bench_open_patterns.py [--corpus schemastore vendored cloudformation] [--show 8]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_corpora import load, oracle

from synthworld.schema import generate

_FIXED = re.compile(r"\^?((?:[^\\\[\](){}.*+?|^$]|\\[/:.\-_@#])+)")


def fields(node: Any, name: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (property name, string schema with an open-ended pattern) under ``node``."""
    if isinstance(node, dict):
        pattern = node.get("pattern")
        open_ended = isinstance(pattern, str) and not pattern.endswith("$")
        plain = "format" not in node and "$ref" not in node and node.get("type", "string") == "string"
        if name and open_ended and plain:
            yield name, node
        for key, value in node.items():
            if key in ("properties", "patternProperties") and isinstance(value, dict):
                for child, sub in value.items():
                    yield from fields(sub, child if key == "properties" else "")
            elif key not in ("enum", "const", "examples", "default"):
                yield from fields(value)
    elif isinstance(node, list):
        for item in node:
            yield from fields(item)


def bare(pattern: str) -> str | None:
    """The fixed text ``pattern`` alone builds when it is only literal characters, else None."""
    found = _FIXED.fullmatch(pattern)
    return None if found is None else re.sub(r"\\(.)", r"\1", found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", nargs="*", default=["schemastore", "vendored"])
    parser.add_argument("--show", type=int, default=8, help="fields to print with their values")
    args = parser.parse_args()
    seen: set[str] = set()
    counts = {"fields": 0, "values": 0, "valid": 0, "unjudged": 0, "bare": 0, "one value": 0, "refused": 0}
    distinct = 0
    for corpus in args.corpus:
        for row in load(corpus):
            for name, field in fields(row["schema"]):
                key = json.dumps([name, field], sort_keys=True)
                if key in seen:
                    continue
                seen.add(key)
                schema = {"type": "object", "properties": {name: field}, "required": [name]}
                try:
                    values = [generate(schema, seed)[name] for seed in range(5)]
                except Exception:  # a field that needs its document ($ref) or is refused alone
                    counts["refused"] += 1
                    continue
                valid = oracle(field, None)
                fixed = bare(field["pattern"])
                counts["fields"] += 1
                counts["values"] += len(values)
                try:
                    counts["valid"] += sum(valid(v) for v in values)
                except Exception:  # a pattern neither validator reads ("[\\w-.~]+")
                    counts["unjudged"] += len(values)
                counts["bare"] += sum(v == fixed for v in values)
                counts["one value"] += len(set(values)) == 1
                distinct += len(set(values))
                if counts["fields"] <= args.show:
                    print(f"  {name}: {field['pattern']!r} -> {values[:3]}")
    shown = ", ".join(f"{k} {v:,}" for k, v in counts.items())
    per_field = distinct / max(counts["fields"], 1)
    print(f"{' '.join(args.corpus)}: {shown}; distinct values per field {per_field:.2f} of 5")


if __name__ == "__main__":
    main()
