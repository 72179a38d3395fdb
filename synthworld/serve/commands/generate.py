"""`synthworld generate SCHEMA.json -n 5 --seed 0`: values from a JSON Schema as JSON lines."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from synthworld import _yaml
from synthworld.errors import SchemaError
from synthworld.schema import compile_generator
from synthworld.spec.checks import KNOWN_KEYWORDS, keyword_typos

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "schema", type=Path, help="a JSON (or YAML) file holding one JSON Schema; - for stdin"
    )
    parser.add_argument("-n", "--count", type=int, default=1, help="how many values (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first value (default 0)")
    parser.add_argument("--no-realistic", action="store_true", help="turn off name-based realistic values")


def run(args: argparse.Namespace) -> int:
    if args.count < 0:
        print(f"synthworld generate: -n {args.count}: give 0 or more values", file=sys.stderr)
        return 2
    try:
        text = _read(args.schema)
        json_file = str(args.schema).endswith(".json")
        schema = json.loads(text) if json_file else _yaml.load(text, core_booleans=True)  # YAML 1.2
        generator = compile_generator(schema, realistic=not args.no_realistic)
    except (OSError, ValueError, RecursionError) as exc:
        kind = "invalid schema" if isinstance(exc, SchemaError) else "cannot read schema"
        where = f" line {exc.line}" if isinstance(exc, _yaml.YamlLimitError) and exc.line else ""
        print(f"synthworld generate: {kind} {str(args.schema)!r}{where}: {exc}", file=sys.stderr)
        return 2
    for note in _notes(schema):
        print(f"synthworld generate: {str(args.schema)!r}: {note}", file=sys.stderr)
    for offset in range(args.count):
        value = generator.generate(random.Random(args.seed + offset))
        print(json.dumps(value, ensure_ascii=False))
    return 0


def _notes(schema: Any) -> list[str]:
    """What makes the schema probably not the one meant: misspelt keywords, or none at all."""
    if isinstance(schema, dict) and schema and not KNOWN_KEYWORDS & set(schema):
        return [f"no JSON Schema keyword at the root ({', '.join(map(str, schema))}), so any value is valid"]
    return keyword_typos(schema, "$")


MAX_SCHEMA_BYTES = 16 * 2**20
"""Schema files larger than this (16 MiB) are refused rather than read whole."""


def _read(path: Path) -> str:
    if str(path) == "-":
        text = sys.stdin.read(MAX_SCHEMA_BYTES + 1)
        _yaml.check_size(len(text.encode()), limit=MAX_SCHEMA_BYTES, what="the schema")
        return text
    _yaml.check_size(path.stat().st_size, limit=MAX_SCHEMA_BYTES, what="the schema file")
    return path.read_text(encoding="utf-8")
