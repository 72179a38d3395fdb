"""The eighth hold-out's rows the oracles cannot read, judged in the reading their authors meant
(bench/HOLDOUT.md, "An eighth"): values of synthworld (seeds 0-4) checked by python-jsonschema and,
where it reads the schema, jsonschema-rs, both with format checking.

- Great Expectations' datasource and expectation schemas write tuples as ``items: [...]`` with
  no ``$schema`` (pydantic v1's JSON Schema): read as 2020-12, where ``items`` takes one schema,
  they are invalid, and synthworld refuses them saying to declare draft-07. Here each gets
  ``"$schema": draft-07``, as the refusal's fix says.
- Singer's tap-stripe refers to ``shared/x.json#/``: the pointer ``/`` names the key "" (RFC
  6901), which no file has, so both oracles refuse; Singer's older resolver read it as the whole
  file. Values are generated from the files as shipped and judged against copies whose
  ``#/`` reads ``#``. (``charges.json`` and ``plans.json``, a lone ``$ref`` to ``#/``, are
  refused by synthworld naming the pointer and `referencing`'s hint to write ``#``.)

    python bench/holdout8_readings.py HOLDOUT8/s
"""

from __future__ import annotations

import json
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import referencing
from referencing.jsonschema import DRAFT202012

import synthworld

DRAFT7 = "http://json-schema.org/draft-07/schema#"


def great_expectations(wheel: Path) -> tuple[int, int, list[str], float]:
    """Each schema of the wheel with a tuple ``items`` and no ``$schema``, read as draft-07."""
    valid = invalid = 0
    errors: list[str] = []
    slowest = 0.0
    with zipfile.ZipFile(wheel) as archive:
        names = sorted(n for n in archive.namelist() if n.endswith(".json") and "/schemas/" in n)
        for name in names:
            doc = json.loads(archive.read(name))
            if '"items": [' not in json.dumps(doc) or "$schema" in doc:
                continue
            doc = {"$schema": DRAFT7, **doc}
            python = jsonschema.Draft7Validator(doc, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
            rust = jsonschema_rs.validator_for(doc, validate_formats=True)
            try:
                for seed in range(5):
                    cpu = time.process_time()
                    value = synthworld.generate(doc, seed)
                    slowest = max(slowest, time.process_time() - cpu)
                    if python.is_valid(value) and rust.is_valid(value):
                        valid += 1
                    else:
                        invalid += 1
            except Exception as exc:
                errors.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    return valid, invalid, errors, slowest


def tap_stripe(sdist: Path) -> tuple[int, int, list[str]]:
    """Each schema holding a ``#/`` reference: generated as shipped, judged with ``#/`` as ``#``."""
    with tarfile.open(sdist) as archive:
        docs = {
            m.name: json.load(handle)
            for m in archive.getmembers()
            if m.name.endswith(".json") and "/schemas/" in m.name
            if (handle := archive.extractfile(m)) is not None
        }
    base = "file:///tap/"

    def registry(reading: bool) -> referencing.Registry[Any]:
        pairs = []
        for name, doc in docs.items():
            text = json.dumps(doc)
            text = text.replace('.json#/"', '.json#"') if reading else text
            pairs.append((base + name, DRAFT202012.create_resource(json.loads(text))))
        return referencing.Registry().with_resources(pairs).crawl()

    shipped, read = registry(False), registry(True)
    valid = invalid = 0
    errors: list[str] = []
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    for name, doc in sorted(docs.items()):
        if '#/"' not in json.dumps(doc):
            continue
        root = {"$id": base + name, **doc}
        judge = jsonschema.Draft202012Validator({"$ref": base + name}, registry=read, format_checker=checker)
        try:
            for seed in range(5):
                value = synthworld.generate(root, seed, registry=shipped)
                valid, invalid = (valid + 1, invalid) if judge.is_valid(value) else (valid, invalid + 1)
        except synthworld.SchemaError as exc:
            errors.append(f"{Path(name).name}: {str(exc)[:160]}")
    return valid, invalid, errors


def main() -> None:
    folder = Path(sys.argv[1])
    for wheel in sorted(folder.glob("great_expectations-*.whl")):
        valid, invalid, errors, slowest = great_expectations(wheel)
        print(f"{wheel.name} read as draft-07: {valid} values valid, {invalid} invalid,")
        print(f"  {len(errors)} refused, slowest call {slowest:.2f} s CPU", *errors, sep="\n  ")
    for sdist in sorted(folder.glob("tap_stripe-*.tar.gz")):
        valid, invalid, errors = tap_stripe(sdist)
        print(f"{sdist.name} with '#/' read as '#': {valid} values valid, {invalid} invalid,")
        print(f"  {len(errors)} refused", *errors, sep="\n  ")


if __name__ == "__main__":
    main()
