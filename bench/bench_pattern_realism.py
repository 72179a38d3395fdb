"""Fields with a pattern, as real schemas write them: do their values look like what the field's
name says, and do they vary by seed?

Every string property with a pattern and no format in the chosen corpora (by default SchemaStore's
and the vendored schemas, and cfn-lint's CloudFormation and kubernetes-validate's schemas when
installed) is asked for alone in an object under its own name (``{"type": "object",
"properties": {name: field}, "required": [name]}``), seeds 0-4. Reported for the fields whose
pattern ends in ``$`` ("anchored") and those any text may follow ("open-ended"): the values valid
for their field (python-jsonschema with format checking; jsonschema-rs where Python cannot read the
pattern; "unjudged" where neither can), the values the field-name judges of
``bench_field_realism.py`` (written apart from the generator) judge and those they find wrong (a
URL of another scheme is right where the field's pattern demands that scheme: ``s3://`` on
``^s3://.+$``; a pattern that only lists words, "enumerated", is not judged: its values are
those words whatever the name), the empty values of fields a judge reads the name of, the values
that are an open-ended pattern's bare fixed text (``https://`` for ``^https://``), the fields
answering one value for every seed, and the distinct values per field. ``--wrong N`` prints the
first N values judged wrong of each kind.

    python bench/bench_pattern_realism.py [--corpus schemastore vendored cloudformation kubernetes]
        [--show 8] [--wrong 50]
"""

from __future__ import annotations

import argparse
import json
import re
import re._constants as c
import re._parser as re_parser
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_corpora import load, oracle
from bench_field_realism import _judge, url_of_its_scheme
from realism_relations import snake

from synthworld.schema import generate

_FIXED = re.compile(r"\^?((?:[^\\\[\](){}.*+?|^$]|\\[/:.\-_@#])+)")


def fields(node: Any, name: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (property name, string schema with a pattern and no format) under ``node``."""
    if isinstance(node, dict):
        plain = "format" not in node and "$ref" not in node and node.get("type", "string") == "string"
        if name and isinstance(node.get("pattern"), str) and plain:
            yield name, node
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for child, sub in value.items():
                    yield from fields(sub, child)
            elif key not in ("enum", "const", "examples", "default"):
                yield from fields(value)
    elif isinstance(node, list):
        for item in node:
            yield from fields(item)


def bare(pattern: str) -> str | None:
    """The fixed text ``pattern`` alone builds when it is only literal characters, else None."""
    found = _FIXED.fullmatch(pattern)
    return None if found is None else re.sub(r"\\(.)", r"\1", found.group(1))


def enumerated(pattern: str) -> bool:
    """Whether ``pattern`` only lists words (``^(pending|available)$``, Exchange's
    ``^([Dd][Ee][Ff]...|...)$``): a literal or a class of one letter in both cases at each place, in
    groups and alternatives, and anchors. The field's name says nothing its value could follow."""
    try:
        return _words_only(re_parser.parse(pattern))
    except (re.error, RecursionError, OverflowError):
        return False


def _words_only(items: Any) -> bool:
    for op, av in items:
        if op is c.SUBPATTERN:
            ok = _words_only(av[-1])
        elif op is c.BRANCH:
            ok = all(_words_only(branch) for branch in av[1])
        elif op is c.IN:
            ok = len(av) <= 2 and all(kind is c.LITERAL for kind, _ in av)
        else:
            ok = op in (c.LITERAL, c.AT)
        if not ok:
            return False
    return True


def measure(name: str, field: dict[str, Any], counts: Counter[str], wrong: list[str]) -> list[str] | None:
    """Add one field's counts and its values judged wrong to ``wrong``; its five values (None when
    refused alone)."""
    schema = {"type": "object", "properties": {name: field}, "required": [name]}
    try:
        values = [generate(schema, seed)[name] for seed in range(5)]
    except Exception:  # a field that needs its document or is refused alone
        counts["refused"] += 1
        return None
    counts["fields"] += 1
    counts["values"] += len(values)
    try:
        valid = oracle(field, None)
        counts["valid"] += sum(valid(v) for v in values)
    except Exception:  # a pattern neither validator reads ("[\\w-.~]+")
        counts["unjudged"] += len(values)
    judge = _judge(snake(name), {})
    counts["empty, judged name"] += 0 if judge is None else values.count("")
    if judge is not None and enumerated(field["pattern"]):  # its values are the pattern's words
        counts["enumerated"] += len(values)
        judge = None
    for value in values:
        try:
            verdict = None if judge is None else judge[2](value, {})
        except TypeError:  # a judge of numbers (``latitude``) on a string: not judged
            verdict = None
        if verdict is False and judge is not None and judge[0] == "url":  # s3://bucket/key
            verdict = url_of_its_scheme(value, field["pattern"])
        counts["judged"] += verdict is not None
        counts["judged wrong"] += verdict is False
        if verdict is False:
            wrong.append(f"{judge[0] if judge else ''}: {name} {field['pattern'][:60]!r} -> {value!r}")
    counts["bare"] += sum(v == bare(field["pattern"]) for v in values)
    counts["one value"] += len(set(values)) == 1
    counts["distinct"] += len(set(values))
    return values


def distinct_fields(corpora: list[str]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(corpus, property name, field) of `fields` over ``corpora``, each field once."""
    seen: set[str] = set()
    for corpus in corpora:
        try:
            rows = load(corpus)
        except Exception as exc:  # cfn-lint or kubernetes-validate not installed
            print(f"{corpus}: not read ({exc})")
            continue
        for name, field in fields([row["schema"] for row in rows]):
            key = json.dumps([name, field], sort_keys=True)
            if key not in seen:
                seen.add(key)
                yield corpus, name, field


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    corpora = ["schemastore", "vendored", "cloudformation", "kubernetes"]
    parser.add_argument("--corpus", nargs="*", default=corpora)
    parser.add_argument("--show", type=int, default=8, help="fields of each kind to print with their values")
    parser.add_argument("--wrong", type=int, default=0, help="values judged wrong to print, of each kind")
    args = parser.parse_args()
    counts: dict[str, Counter[str]] = {"anchored": Counter(), "open-ended": Counter()}
    wrong: dict[str, list[str]] = {kind: [] for kind in counts}
    for _, name, field in distinct_fields(args.corpus):
        kind = "anchored" if field["pattern"].endswith("$") else "open-ended"
        values = measure(name, field, counts[kind], wrong[kind])
        if values is not None and counts[kind]["fields"] <= args.show:
            print(f"  {kind} {name}: {field['pattern'][:60]!r} -> {values[:3]}")
    for kind, shown in wrong.items():
        for line in shown[: args.wrong]:
            print(f"  wrong {kind} {line}"[:200])
    for kind, found in counts.items():
        per_field = found.pop("distinct", 0) / max(found["fields"], 1)
        shown = ", ".join(f"{k} {v:,}" for k, v in found.items())
        print(f"{kind}: {shown}; distinct values per field {per_field:.2f} of 5")


if __name__ == "__main__":
    main()
