"""The generator's values on every corpus schema, hashed: to show a change left them alone.

Each schema of the JSTS, SchemaStore and vendored corpora is compiled fresh, in corpus order, and
asked for seeds 0-4; the SHA-256 of those five values (JSON, keys sorted) is written per schema,
or the error's type. Run it on two commits and compare the files:

    python bench/corpus_values.py before.json          # on the base commit
    python bench/corpus_values.py after.json           # on the change
    python bench/corpus_values.py --compare before.json after.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from bench_corpora import load

from synthworld.schema import compile_generator

CORPORA = ("vendored", "jsts", "schemastore")


def hashes() -> dict[str, str]:
    out: dict[str, str] = {}
    for corpus in CORPORA:
        for row in load(corpus):
            key = f"{corpus}/{row['id']}"
            try:
                generator = compile_generator(row["schema"])
                values = [generator.generate(random.Random(seed)) for seed in range(5)]
            except Exception as exc:  # a schema the generator refuses: its error's type is its value
                out[key] = f"ERR {type(exc).__name__}"
                continue
            text = json.dumps(values, sort_keys=True, default=str)
            out[key] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return out


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("out", nargs="?", help="where to write the hashes (JSON)")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        before, after = (json.loads(Path(p).read_text("utf-8")) for p in args.compare)
        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        print(f"{len(changed)} of {len(before)} schemas changed")
        for key in changed:
            print(f"  {key}: {before.get(key)} -> {after.get(key)}")
        sys.exit(1 if changed else 0)
    if not args.out:
        parser.error("give a file to write, or --compare BEFORE AFTER")
    sys.setrecursionlimit(10_000)
    found = hashes()
    Path(args.out).write_text(json.dumps(found, indent=0, sort_keys=True), "utf-8")
    print(f"{len(found)} schemas -> {args.out}")


if __name__ == "__main__":
    main()
