"""Stop 50's realism leftovers, counted: how many places look wrong where they stand?

Judges (written apart from the generator, on snake_case keys):

- ``event before creation``: in a create call's answer, a time the entity was acted on
  (``borrowed_at``, ``shipped_at``, ``paid_at``, ``started_at``...) before its ``created_at`` (else
  the world's clock) or after the clock;
- ``deadline before start``: a deadline (``due``, ``deadline``, ``expiry``, ``*_due_date``...)
  before a start-like sibling (``created``, ``borrowed``, ``issued``, ``started``, ``start``) or,
  inside an object, before its parent's ``created_at``; a date compares by day;
- ``catch phrase``: a ``title``/``name``/``headline`` made of Faker's catch-phrase words;
- ``person where a thing``: a ``name``/``title`` that is a person's (first and last name) beside
  fields that say a product, a book, a song, an event, a ticket or a pet;
- ``broken time``: a string named for a time (``*_at``, ``*_date``, ``*_time``, ``start``...) that
  starts with a digit and reads as no date-time, date, year, year-month or time of day;
- ``time named as a word``: a ``last_login``/``last_seen``/``expires``... that is no time;
- ``airport``/``airline``: a flight's ``origin``/``destination`` not three capitals, a ``carrier``
  holding a space or a comma.

Sources: the example worlds (``synthworld/examples``: each tool, inputs drawn from its parameters),
the OpenAPI documents in ``tests/openapi/`` and the leftover world (``realism_leftover_worlds.py``).

    python bench/bench_realism_leftovers.py [--seeds 10] [--show 2]

Run with ``PYTHONPATH=<a checkout of main>`` for the "before" figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import re
import sys
import warnings
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

from faker.providers.company.en_US import Provider as _Company
from faker.providers.person.en_US import Provider as _Person

sys.path.insert(0, str(Path(__file__).resolve().parent))

from realism_leftover_worlds import CLOCK, leftover_world

from synthworld import SyntheticWorld
from synthworld.schema import compile_generator

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("shop", "calendar_app", "travel", "helpdesk", "inbox")
CATCH = frozenset(w.lower() for words in _Company.catch_phrase_words for w in words)
FIRST, LAST = frozenset(_Person.first_names), frozenset(_Person.last_names)
Judged = tuple[str, bool, str]

_EVENT = re.compile(
    r"(borrowed|checked_out|shipped|paid|started|issued|opened|placed|ordered|booked)(_at|_on|_date)?"
)
_DEADLINE = re.compile(r"(.*_)?(due|deadline|expiry|expiration|expires)(_at|_on|_date|_time)?|valid_until")
_START = re.compile(r"(created|borrowed|issued|started|start|checked_out|opened)(_at|_on|_date|_time)?")
_TIME_NAME = re.compile(r".*(_at|_on|_date|_time|timestamp)|date|time|start|end")
_LAST = re.compile(r"last_(login|seen|active|execution|run)|expires")
_KINDS = frozenset(
    [
        "price",
        "sku",
        "isbn",
        "publisher",
        "artist",
        "album",
        "venue",
        "priority",
        "assignee",
        "species",
        "breed",
    ]
)


def snake(key: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", key).replace("-", "_").lower()


def when(value: Any) -> dt.datetime | None:
    if not isinstance(value, str) or not re.match(r"^\d{4}-\d{2}-\d{2}", value):
        return None
    try:
        found = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return found if found.tzinfo else found.replace(tzinfo=dt.timezone.utc)


def _before(late: str, at: dt.datetime, start: dt.datetime) -> bool:
    return at.date() < start.date() if len(late) == 10 else at < start


def reads_as_time(text: str) -> bool:
    for parse in (dt.datetime.fromisoformat, dt.time.fromisoformat):
        try:
            parse(text.replace("Z", "+00:00"))
        except ValueError:
            continue
        return True
    return re.fullmatch(r"\d{4}(-\d{2})?", text) is not None


def judge_object(obj: dict[str, Any], created: dt.datetime | None, create: bool) -> Iterator[Judged]:
    """Every judgement on one object (keys snake_cased); `created`: its parent's creation."""
    times = {k: t for k, v in obj.items() if (t := when(v)) is not None}
    own = next((t for k, t in times.items() if k.startswith("created")), None)
    for key, at in times.items():
        if create and _EVENT.fullmatch(key):
            start = own or CLOCK
            bad = _before(obj[key], at, start) or at > CLOCK + dt.timedelta(days=1)
            yield "event before creation", bad, f"{key}={obj[key]}"
        if _DEADLINE.fullmatch(key):
            for other, start in times.items():
                if other != key and _START.fullmatch(other):
                    yield (
                        "deadline before start",
                        _before(obj[key], at, start),
                        f"{other}={obj[other]} {key}={obj[key]}",
                    )
            if created is not None:
                yield (
                    "deadline before start",
                    _before(obj[key], at, created),
                    f"parent created {created:%Y-%m-%d} {key}={obj[key]}",
                )
    for key, value in obj.items():
        if not isinstance(value, str):
            continue
        if key in ("title", "name", "headline", "display_name"):
            words = value.lower().replace("-", " ").split()
            yield "catch phrase", len(words) >= 3 and sum(w in CATCH for w in words) >= 2, f"{key}={value}"
            if not _KINDS.isdisjoint(obj):
                parts = value.split()
                yield (
                    "person where a thing",
                    len(parts) >= 2 and parts[0] in FIRST and parts[-1] in LAST,
                    f"{key}={value}",
                )
        if _TIME_NAME.fullmatch(key) and value[:1].isdigit():
            yield "broken time", not reads_as_time(value), f"{key}={value}"
        if _LAST.fullmatch(key):
            yield "time named as a word", when(value) is None, f"{key}={value}"
        if key in ("origin", "destination") and "flight_id" in obj:
            yield "airport", re.fullmatch(r"[A-Z]{3}", value) is None, f"{key}={value}"
        if key == "carrier" and "flight_id" in obj:
            yield "airline", " " in value or "," in value, f"{key}={value}"


def judge_answer(answer: Any, create: bool) -> Iterator[Judged]:
    stack: list[tuple[Any, dt.datetime | None, bool]] = [(answer, None, create)]
    while stack:
        node, created, top = stack.pop()
        if isinstance(node, list):
            stack.extend((item, created, top) for item in node)
        elif isinstance(node, dict):
            obj = {snake(k): v for k, v in node.items() if isinstance(k, str)}
            yield from judge_object(obj, created, top)
            own = next((t for k, v in obj.items() if k.startswith("created") and (t := when(v))), None)
            stack.extend((child, own, False) for child in obj.values())


def _answers(world: SyntheticWorld, seed: int) -> Iterator[tuple[str, Any, bool]]:
    for name, spec in world.tools.items():
        try:
            args = compile_generator(spec.parameters).generate(Random(seed))
            answer = world.call(name, args)
        except Exception:  # a refused call has no answer to read
            continue
        yield name, answer, snake(name).startswith(("create", "add", "new", "book_", "place"))


def sources(seeds: int) -> Iterator[tuple[str, str, Any, bool]]:
    for module in EXAMPLES:
        stubs = importlib.import_module(f"synthworld.examples.{module}")
        for seed in range(seeds):
            world = SyntheticWorld(seed, clock=leftover_world(seed).clock)
            world.add_tools(stubs)
            for name, answer, create in _answers(world, seed):
                yield "examples", f"{module}.{name}", answer, create
    for path in sorted((ROOT / "tests" / "openapi").glob("*.*")):
        if path.suffix not in (".json", ".yaml") or "prance" in path.name:
            continue
        for seed in range(seeds):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                world = SyntheticWorld.from_openapi(path, seed=seed, on_error="skip")
            for name, answer, create in _answers(world, seed):
                yield "openapi", f"{path.stem}.{name}", answer, create
    for seed in range(seeds * 2):
        for name, answer, create in _answers(leftover_world(seed), seed):
            yield "leftovers", name, answer, create


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--show", type=int, default=2, help="wrong values shown per category")
    args = parser.parse_args()
    checked: Counter[tuple[str, str]] = Counter()
    wrong: Counter[tuple[str, str]] = Counter()
    seen: dict[str, list[str]] = defaultdict(list)
    names = ("examples", "openapi", "leftovers")
    for source, where, answer, create in sources(args.seeds):
        for category, bad, what in judge_answer(answer, create):
            checked[(source, category)] += 1
            if bad:
                wrong[(source, category)] += 1
                if len(seen[category]) < args.show:
                    seen[category].append(f"{where}: {what}")
    categories = sorted({c for _, c in checked})
    print(f"| category | {' | '.join(names)} | all |")
    print("|---|" + "---:|" * (len(names) + 1))
    for category in categories:
        cells = [_cell(wrong[(s, category)], checked[(s, category)]) for s in names]
        total = _cell(sum(wrong[(s, category)] for s in names), sum(checked[(s, category)] for s in names))
        print(f"| {category} | {' | '.join(cells)} | {total} |")
    print(f"| all | | | | {_cell(sum(wrong.values()), sum(checked.values()))} |")
    for category in categories:
        for line in seen.get(category, []):
            print(f"  {category}: {line[:160]}")


def _cell(bad: int, total: int) -> str:
    return f"{bad}/{total} ({100 * bad / total:.1f}%)" if total else "-"


if __name__ == "__main__":
    main()
