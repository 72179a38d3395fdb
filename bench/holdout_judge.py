"""A second judge for `bench_holdout.py`'s rows its oracles could not read: python-jsonschema with
``pattern``, ``patternProperties`` and ``additionalProperties`` read by the ``regex`` module
(``\\p{L}``, look-behinds of several widths, Python's ``\\A``/``\\Z``; a pattern it cannot read
either is left out and counted), no metaschema check (a ``regex`` format, an unknown ``$schema``:
draft-07 then, or the draft its URI names), and the archive's registry as `bench_holdout.py` builds it.

    python bench/bench_holdout.py FOLDER --schemas --failures > out.txt
    python bench/holdout_judge.py FOLDER out.txt [same options as that run: --skip, --definitions]

Prints each row OK, BAD (with the first error) or UNJUDGED, and the counts. Needs the ``regex``
package (``pip install regex``; not a dependency of synthworld).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bench_holdout as holdout
import jsonschema
import regex
from jsonschema import validators

_KNOWN = {
    "http://json-schema.org/draft-04/schema",
    "http://json-schema.org/draft-06/schema",
    "http://json-schema.org/draft-07/schema",
    "https://json-schema.org/draft/2019-09/schema",
    "https://json-schema.org/draft/2020-12/schema",
}
_MISSPELT = {"2019-09": jsonschema.Draft201909Validator, "2020-12": jsonschema.Draft202012Validator}
"""A draft's name in an unknown URI (DataCite's ``http://json-schema.org/2019-09/schema#``)."""
UNREAD: set[str] = set()


def _compiled(pattern: str) -> Any:
    try:
        return regex.compile(pattern)
    except regex.error:
        UNREAD.add(pattern)
        return None


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    found = _compiled(pattern) if validator.is_type(instance, "string") else None
    if found is not None and not found.search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "object"):
        for pattern, sub in patterns.items():
            found = _compiled(pattern)
            for key in [k for k in instance if found is not None and found.search(k)]:
                yield from validator.descend(instance[key], sub, path=key, schema_path=pattern)


def _additional(validator: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    patterns = [p for p in map(_compiled, schema.get("patternProperties", {})) if p is not None]
    named = schema.get("properties", {})
    extras = [k for k in instance if k not in named and not any(p.search(k) for p in patterns)]
    if validator.is_type(extra, "object"):
        for key in extras:
            yield from validator.descend(instance[key], extra, path=key)
    elif extra is False and extras:
        yield jsonschema.ValidationError(f"additional properties {sorted(extras)!r}")


def judge(schema: Any, registry: Any, values: list[Any]) -> tuple[str, str]:
    """``("OK" | "BAD" | "UNJUDGED", why)`` for ``values`` of ``schema``."""
    declared = str(schema.get("$schema", "")).rstrip("#") if isinstance(schema, dict) else ""
    base = (
        validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        if declared in _KNOWN or not declared
        else _MISSPELT.get(declared.rsplit("/", 2)[-2], jsonschema.Draft7Validator)
    )
    keywords = {"pattern": _pattern, "patternProperties": _pattern_properties}
    cls = validators.extend(base, {**keywords, "additionalProperties": _additional})
    try:
        check = cls(schema, registry=registry, format_checker=cls.FORMAT_CHECKER)
        errors = [next(iter(check.iter_errors(value)), None) for value in values]
    except Exception as exc:  # a reference outside the archive, a loop: not judged
        return "UNJUDGED", f"{type(exc).__name__}: {str(exc)[:120]}"
    bad = [e for e in errors if e is not None]
    return ("BAD", f"{list(bad[0].absolute_path)}: {bad[0].message[:200]}") if bad else ("OK", "")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("folder", type=Path)
    parser.add_argument("failures", type=Path, help="bench_holdout.py's output with --failures")
    parser.add_argument("--skip", action="append", default=[])
    parser.add_argument("--definitions", action="append", default=[])
    args = parser.parse_args()
    holdout.SKIPPED.extend(re.compile(p) for p in args.skip)
    holdout.DEFINITION_ROOTS.extend(args.definitions)
    text = args.failures.read_text()
    wanted = set(re.findall(r"^  (\S+?): \(\[.*\(oracle: ", text, re.MULTILINE))
    rows, resources, _ = holdout.collect(args.folder)
    holdout.RESOURCES.update(resources)
    import synthworld

    counts: Counter[str] = Counter()
    for row in (r for r in rows if r["id"] in wanted):
        registry = holdout.registries(row["pack"])[0]
        seeds = range(holdout.SEEDS)
        values = [synthworld.generate(row["schema"], seed, registry=registry) for seed in seeds]
        verdict, why = judge(row["schema"], registry, values)
        counts[verdict] += 1
        print(f"{verdict} {row['id']} {why}".rstrip())
    print(f"\n{dict(counts)} of {len(wanted)} rows the oracles could not read; patterns regex cannot read:")
    print("\n".join(f"  {p!r}" for p in sorted(UNREAD)) or "  none")


if __name__ == "__main__":
    main()
