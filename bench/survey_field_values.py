"""A survey of string values that look wrong for their field's name, by field name.

Sources: every tool of the OpenAPI documents the benches use (``tests/openapi/*``, the Asana and
Spotify documents of ``bench/data/realism/``, the first 150 operations of Stripe and of
Kubernetes; seeds 0-1, inputs drawn from the parameters) and the SchemaStore corpus (seeds 0-1).

Judges (written apart from the generator, on snake_case field names):

- ``catch phrase``: three or more words, two of them Faker's catch-phrase words;
- ``person name``: a first and a last name of Faker's, under a field whose name says no person
  (``name`` alone counted only where the object holds no ``email``/``phone``/``first_name``);
- ``recent birth``: a birth date (``birth_date``, ``dob``, ``born``...) under 16 years before 2025;
- ``word as title``: a ``title``/``headline`` of one to three capitalised dictionary words;
- ``pet named as a person``: a pet tool's (``listPets``, ``getPet``) answer's ``name`` (at its
  top, or under ``data``/``items``) a first and a last name.

    python bench/survey_field_values.py [--top 15]

Prints, per judge, the field names found wrong most often, with one example each, and the counts.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

from faker.providers.company.en_US import Provider as _Company
from faker.providers.lorem.en_US import Provider as _Lorem
from faker.providers.person.en_US import Provider as _Person

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_corpora import load as load_corpus
from bench_openapi_300 import first_operations

from synthworld import SyntheticWorld
from synthworld.schema import compile_generator

ROOT = Path(__file__).resolve().parent.parent
CATCH = frozenset(w.lower() for words in _Company.catch_phrase_words for w in words)
FIRST, LAST = frozenset(_Person.first_names), frozenset(_Person.last_names)
LOREM = frozenset(_Lorem.word_list)
PERSONISH = re.compile(
    r"(author|owner|user|person|people|customer|contact|member|employee|assignee|creator|artist|"
    r"reviewer|sender|recipient|student|teacher|driver|patient|manager|admin|attendee|speaker|guest|"
    r"actor|player|by|full_name|first_name|last_name|display_name|maintainer|contributor|committer|"
    r"signer|holder|cardholder|account|agent|individual|representative|director|beneficiary)"
)
BIRTH = re.compile(r"^(date_of_birth|birth_?date|birthday|dob|born(_on|_at)?|date_born)$")
TITLE = re.compile(r"^(title|headline)$")
VERDICTS = ("catch phrase", "person name", "pet named as a person", "recent birth", "word as title")


def snake(key: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", key).replace("-", "_").replace(".", "_").lower()


def leaves(value: Any, where: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str, dict[str, Any]]]:
    """(path of snake_case names, string, the object holding it) for each string in `value`."""
    if isinstance(value, list):
        for item in value:
            yield from leaves(item, where)
    elif isinstance(value, dict):
        keys = {snake(k) for k in value if isinstance(k, str)}
        for key, child in value.items():
            name = snake(str(key))
            if isinstance(child, str):
                yield (*where, name), child, {"keys": keys}
            else:
                yield from leaves(child, (*where, name))


def judge(path: tuple[str, ...], value: str, keys: set[str], where: str = "") -> Iterator[str]:
    name = path[-1]
    tool = where.rsplit(".", 1)[-1].lower()
    if name == "name" and path[:-1] in ((), ("data",), ("items",)) and "pet" in tool and _person(value):
        yield "pet named as a person"
    words = value.lower().replace("-", " ").split()
    if len(words) >= 3 and sum(w in CATCH for w in words) >= 2:
        yield "catch phrase"
    parts = value.split()
    if _person(value):
        nearest = "_".join(path[-2:])
        person = PERSONISH.search(nearest) or (name == "name" and keys & {"email", "phone", "first_name"})
        if not person and not (name == "name" and len(path) == 1):
            yield "person name"
    if BIRTH.fullmatch(name) and re.match(r"\d{4}", value) and int(value[:4]) > 2009:
        yield "recent birth"
    if (
        TITLE.fullmatch(name)
        and 1 <= len(parts) <= 3
        and all(p.istitle() and p.lower() in LOREM for p in parts)
    ):
        yield "word as title"


def _person(value: str) -> bool:
    parts = value.split()
    return len(parts) == 2 and parts[0] in FIRST and parts[1] in LAST


def openapi_answers() -> Iterator[tuple[str, Any]]:
    docs: list[tuple[str, Any]] = []
    for path in sorted((ROOT / "tests" / "openapi").glob("*.*")):
        if path.suffix in (".json", ".yaml") and "prance" not in path.name:
            docs.append((path.stem, path))
    for path in sorted((ROOT / "bench" / "data" / "realism").glob("*.json")):
        docs.append((path.stem, json.loads(path.read_text())))
    for name in ("stripe", "kubernetes"):
        doc = json.loads(gzip.decompress((ROOT / "bench" / "data" / f"{name}.json.gz").read_bytes()))
        docs.append((name, first_operations(doc, 150)[0]))
    for label, source in docs:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                world = SyntheticWorld.from_openapi(source, seed=0, on_error="skip")
            except Exception:  # a document this version cannot read: nothing to survey
                continue
        for seed in range(2):
            for tool, spec in world.tools.items():
                try:
                    args = compile_generator(spec.parameters).generate(Random(seed))
                    yield f"{label}.{tool}", world.call(tool, args)
                except Exception:  # a refused call has no answer to read
                    continue


def corpus_values() -> Iterator[tuple[str, Any]]:
    for row in load_corpus("schemastore"):
        try:
            generator = compile_generator(row["schema"])
            for seed in range(2):
                yield f"schemastore/{row['id']}", generator.generate(Random(seed))
        except Exception:  # a refused schema has no value
            continue


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    for label, source in (("OpenAPI", openapi_answers()), ("SchemaStore", corpus_values())):
        wrong: Counter[tuple[str, str]] = Counter()
        example: dict[tuple[str, str], str] = {}
        strings = 0
        for where, answer in source:
            for path, value, holder in leaves(answer):
                strings += 1
                for verdict in judge(path, value, holder["keys"], where):
                    key = (verdict, ".".join(path[-2:]))
                    wrong[key] += 1
                    example.setdefault(key, f"{where}: {value[:60]}")
        print(f"\n## {label}: {strings} strings, {sum(wrong.values())} judged wrong")
        for verdict in (
            "catch phrase",
            "person name",
            "pet named as a person",
            "recent birth",
            "word as title",
        ):
            rows = [(k, n) for k, n in wrong.most_common() if k[0] == verdict]
            print(f"\n{verdict}: {sum(n for _, n in rows)} values, {len(rows)} field names")
            for (_, field), count in rows[: args.top]:
                print(f"  {count:4d}  {field:40s} {example[(verdict, field)]}")


if __name__ == "__main__":
    main()
