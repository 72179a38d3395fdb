"""How many tools of real OpenAPI documents get an OpenAI strict form, and why the others do not.

Each ``*.json``/``*.yaml`` member of the archives is built into a world (``from_openapi``,
``on_error="skip"``); every tool's ``spec.to_openai(strict=True)`` either gives a strict form,
checked by the independent rules of tests/_strict_rules.py, or raises `ToolSpecError`, whose
problems are counted by kind. ``--round-trip``: a value drawn from each strict form (what a strict
model may send), read back with ``unset_strict_nulls``, checked against the tool's own parameters;
failures are counted by the keyword that failed (length keywords strict mode cannot take move
into the description, so a strict model may break them; the world refuses such a call). Also
counted: the worlds that ``world.to_openai(strict=True)`` refuses (a tool of theirs has no strict
form), which ``strict="auto"`` sends with each tool that has one strict.

    PYTHONPATH=. python bench/bench_strict_forms.py ARCHIVE.tgz [...] [--round-trip]

(stop 47 read APIs.guru's 200-document sample of bench/HOLDOUT.md's fifth hold-out.)
"""

from __future__ import annotations

import argparse
import json
import tarfile
import warnings
from collections import Counter
from collections.abc import Iterator
from typing import Any

import jsonschema
import yaml

from synthworld import SyntheticWorld, ToolSpecError, generate
from synthworld.formats.strict_form import strict_form, unset_strict_nulls
from tests._strict_rules import openai_refusals


def documents(archive: str) -> Iterator[Any]:
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.endswith((".json", ".yaml", ".yml")):
                continue
            handle = tar.extractfile(member)
            if handle is None:
                continue
            text = handle.read()
            try:
                yield json.loads(text) if member.name.endswith(".json") else yaml.safe_load(text)
            except (ValueError, yaml.YAMLError):
                continue


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("archives", nargs="+")
    parser.add_argument("--round-trip", action="store_true")
    args = parser.parse_args()
    docs = strict = refused = broken = trips = failed = refused_worlds = 0
    why: Counter[str] = Counter()
    failing: Counter[str] = Counter()
    for archive in args.archives:
        for doc in documents(archive):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    world = SyntheticWorld.from_openapi(doc, seed=1, on_error="skip")
            except Exception:  # a document from_openapi refuses as a whole: not this bench's count
                continue
            docs += 1
            refused_before = refused
            for spec in world.tools.values():
                try:
                    tool = spec.to_openai(strict=True)
                except ToolSpecError as exc:
                    refused += 1
                    why.update({p.split(": ", 1)[-1].split(" (")[0].split(",")[0] for p in exc.problems})
                    continue
                strict += 1
                broken += bool(openai_refusals(tool["function"]["parameters"]))
                if args.round_trip:
                    form, _ = strict_form(spec.parameters)
                    check = jsonschema.Draft202012Validator(spec.parameters)
                    for seed in range(2):
                        back = unset_strict_nulls(spec.parameters, generate(form, seed))
                        errors = {error.validator for error in check.iter_errors(back)}
                        trips += 1
                        failed += bool(errors)
                        failing.update(str(e) for e in errors)
            refused_worlds += refused > refused_before
    print(f"{docs} documents, {strict + refused} tools: {strict} strict forms "
          f"({broken} that the rules refuse), {refused} refused")  # fmt: skip
    print(f"  worlds that to_openai(strict=True) refuses: {refused_worlds} of {docs} "
          f"(strict='auto' sends {strict} tools strict, the {refused} others as they are)")  # fmt: skip
    for kind, count in why.most_common(8):
        print(f"  {count:6,} {kind}")
    if args.round_trip:
        print(f"round trips: {trips - failed} of {trips} valid against the tool's parameters; failing: "
              f"{dict(failing.most_common())}")  # fmt: skip


if __name__ == "__main__":
    main()
