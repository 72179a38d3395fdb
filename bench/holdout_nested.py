"""Roots `bench_holdout.py`'s options do not make, swept the same way (seeds 0-4, both oracles):
each definition two levels down (Lottie's ``$defs/shapes/$defs/...`` is ``$defs/shapes/rectangle``:
groups of definitions), and a file referred to by its archive URI (release-it's ``release-it.json``,
whose relative ``$id`` ``release-it#release-it`` takes its base from where the file was read: its
``./git.json`` is the file beside it, as an editor fetching it from a URL resolves it).

    python bench/holdout_nested.py FOLDER --nested lottie.schema.json --by-file schema/release-it.json
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import bench_holdout as holdout
import holdout_judge

SCHEMA_WORDS = {"type", "properties", "$ref", "allOf", "anyOf", "oneOf", "items", "enum", "const"}


def _escape(text: str) -> str:
    return text.replace("~", "~0").replace("/", "~1")


def nested_roots(pack: str, name: str, doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Each definition of each group of definitions (a definition that is no schema itself) of a
    bundle, as a reference to it through the bundle's ``$id``."""
    key = "$defs" if "$defs" in doc else "definitions"
    base = doc.get("$id") or f"file:///{pack}/{name}"
    return [
        {
            "id": f"{pack}:{name}#{group}/{each}",
            "pack": pack,
            "schema": {"$ref": f"{base}#/{key}/{_escape(group)}/{_escape(each)}"},
        }
        for group, defs in sorted(doc.get(key, {}).items())
        if isinstance(defs, dict) and not set(defs) & SCHEMA_WORDS
        for each in sorted(defs)
    ]


def served_at(url: str, members: list[str], resources: dict[str, list[tuple[str, Any]]]) -> dict[str, str]:
    """Each file of the ``members``' folders also under ``url`` (as served there: release-it's
    ``$schema`` names ``https://unpkg.com/release-it@20/schema/release-it.json``): file URI -> URL."""
    folders = [f"/{member.rsplit('/', 1)[0]}/" for member in members]
    served: dict[str, str] = {}
    for pairs in resources.values():
        for uri, doc in list(pairs):
            if uri.startswith("file:///") and any(folder in uri for folder in folders):
                served[uri] = url + uri.rsplit("/", 1)[1]
                pairs.append((served[uri], doc))
    return served


def judge_python(row: dict[str, Any]) -> tuple[str, str]:
    """holdout_judge.py's verdict (python-jsonschema, patterns by ``regex``) on seeds 0-4 of a row."""
    import synthworld

    registry = holdout.registries(row["pack"])[0]
    values = [synthworld.generate(row["schema"], seed, registry=registry) for seed in range(holdout.SEEDS)]
    return holdout_judge.judge(row["schema"], registry, values)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folder", type=Path)
    parser.add_argument(
        "--nested", action="append", default=[], help="members whose grouped definitions are roots"
    )
    parser.add_argument(
        "--by-file", action="append", default=[], help="members made roots by their archive URI"
    )
    parser.add_argument("--served-at", default="", help="the URL of the --by-file members' folder")
    parser.add_argument("--limit", type=float, default=30.0)
    args = parser.parse_args()
    rows, resources, _ = holdout.collect(args.folder)
    served = served_at(args.served_at, args.by_file, resources) if args.served_at else {}
    wanted: list[dict[str, Any]] = []
    for row in rows:
        pack, name = row["id"].split(":", 1)
        if "#" in name:
            continue
        if any(part in name for part in args.nested):
            wanted.extend(nested_roots(pack, name, row["schema"]))
        if any(part in name for part in args.by_file):
            uri = served.get(f"file:///{pack}/{name}", f"file:///{pack}/{name}")
            wanted.append({**row, "id": f"{row['id']} (by its URI)", "schema": {"$ref": uri}})
    holdout.ROWS.extend(wanted)
    holdout.RESOURCES.update(resources)
    done = holdout.sweep(args.limit)
    judged = [
        (row, judge_python(row)) for row in wanted if any("oracle" in r for r in done if r["id"] == row["id"])
    ]
    for row, (verdict, why) in judged:  # what jsonschema-rs cannot read, python-jsonschema alone judges
        print(f"  python-jsonschema alone: {verdict} {row['id']} {why}".rstrip())
    for r in done:
        failed = not (all(r["python"]) and all(r["rust"])) or max(r["cpu"], default=0) > 1
        if "oracle" in r or "error" in r or failed:
            print(f"  {r['id']}: {r.get('error') or (r['python'], r['rust'])} {r.get('oracle', '')}")
    print(f"\n{len(wanted)} schemas, seeds 0-{holdout.SEEDS - 1}\n")
    print("\n".join(holdout.schema_table(done)))


if __name__ == "__main__":
    main()
