"""Stop 46's pattern-realism leftovers, counted over `bench_pattern_realism.py`'s fields, seeds 0-4:
``*_id`` fields whose pattern takes only digits (short values: under six characters; the median
length), fields named as URLs whose pattern takes the empty string (their empty values), and the
empty values of every field whose name says what it holds (by the tree's own reading of names).

    python bench/bench_pattern_leftovers.py
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pattern_realism import distinct_fields
from realism_relations import snake

from synthworld.schema import generate
from synthworld.schema._named_strings import says_what_it_holds

_ID = re.compile(r"(^|_)id$")
_URL = re.compile(r"(^|_)(url|uri|href|link|website|homepage)$")


def main() -> None:
    counts: Counter[str] = Counter()
    lengths: list[int] = []
    for _, name, field in distinct_fields(["schemastore", "vendored", "cloudformation", "kubernetes"]):
        pattern = field["pattern"]
        try:
            takes = [bool(regex.search(pattern, text)) for text in ("1234567", "abcdefg", "")]
        except regex.error:
            continue
        digit_id = bool(_ID.search(snake(name))) and takes[0] and not takes[1] and not takes[2]
        url = bool(_URL.search(snake(name))) and takes[2]
        schema = {"type": "object", "properties": {name: field}, "required": [name]}
        try:
            values = [generate(schema, seed)[name] for seed in range(5)]
        except Exception:  # a field that needs its document or is refused alone
            continue
        if digit_id:
            counts["digit-id fields"] += 1
            counts["digit-id short values"] += sum(len(value) < 6 for value in values)
            lengths += [len(value) for value in values]
        if url:
            counts["optional URL fields"] += 1
            counts["optional URL empty values"] += values.count("")
        if says_what_it_holds(name):
            counts["named values"] += len(values)
            counts["named empty values"] += values.count("")
    median = sorted(lengths)[len(lengths) // 2] if lengths else 0
    shown = ", ".join(f"{kind} {count:,}" for kind, count in counts.items())
    print(f"{shown}; digit-id median length {median}")


if __name__ == "__main__":
    main()
