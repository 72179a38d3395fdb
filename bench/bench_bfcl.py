"""A hold-out run over the whole Berkeley Function Calling Leaderboard (BFCL) data: tool docs that
become tools, ground-truth calls that pass a world's input check, answers within ``response``.

DATA is bfcl-eval's data folder (``bfcl_eval/data`` of its wheel, or a folder holding it): the
question files ``BFCL_v4_*.json``, ``multi_turn_func_doc/`` and ``possible_answer/``.

- docs: every distinct tool doc (by its JSON) of the question files' ``function`` lists and of
  ``multi_turn_func_doc/``, each read alone with `synthworld.bfcl_tools` (schemas compiled).
- ground truth: each call of ``possible_answer/`` (the first acceptable value of each argument,
  nested dicts too; ``""`` means "may be left out") checked with ``check_inputs`` of the tool its
  entry documents; a multi-turn call (Python text such as ``cd(folder='x')``) against the
  ``multi_turn_func_doc/`` tool of its name. A failure is put in a class that says whose it is.
- answers: each multi-turn doc's world called with its ground-truth calls and with inputs drawn
  from its parameters (seeds 0-4), each answer checked against the doc's ``response`` (its types
  read by the pinned table) with python-jsonschema and its format checker.
- registration: `SyntheticWorld.from_bfcl` of the largest world, one tool per distinct name (the
  first doc of each), and of the largest question file with ``on_error="skip"``; median of 3.

    python bench/bench_bfcl.py DATA
"""

from __future__ import annotations

import argparse
import ast
import collections
import contextlib
import json
import re
import statistics
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema

from synthworld import SourceError, SyntheticWorld, ToolError, ToolInputError, ToolSpec, bfcl_tools, generate
from synthworld.formats.bfcl import GORILLA_TYPES

FORMATS = jsonschema.Draft202012Validator.FORMAT_CHECKER


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def question_files(data: Path) -> list[Path]:
    return [p for p in sorted(data.glob("BFCL_v4_*.json")) if p.read_text(encoding="utf-8")[:2] != "{\n"]


def distinct_docs(data: Path) -> dict[str, dict[str, Any]]:
    """Every distinct doc by its canonical JSON, in the order first seen."""
    docs: dict[str, dict[str, Any]] = {}
    for path in question_files(data):
        for entry in lines(path):
            for doc in entry.get("function", []):
                docs.setdefault(json.dumps(doc, sort_keys=True), doc)
    for path in sorted((data / "multi_turn_func_doc").glob("*.json")):
        for doc in lines(path):
            docs.setdefault(json.dumps(doc, sort_keys=True), doc)
    return docs


# -- ground truth -----------------------------------------------------------------------------


def first(options: list[Any], *, top: bool = True) -> tuple[bool, Any]:
    """The first acceptable value of an argument (``""``: it may be left out); in a dict argument,
    each key's options again, one level deep, as bfcl-eval's dict_checker reads them."""
    given = [option for option in options if option != ""]
    if not given:
        return False, None
    return True, value(given[0]) if top else given[0]


def value(chosen: Any) -> Any:
    if isinstance(chosen, dict):
        picked = {key: first(options, top=False) for key, options in chosen.items()}
        return {key: v for key, (kept, v) in picked.items() if kept}
    if isinstance(chosen, list) and chosen and all(isinstance(item, dict) for item in chosen):
        return [value(item) for item in chosen]
    return chosen


def single_calls(data: Path) -> Iterator[tuple[str, dict[str, Any], str, dict[str, Any]]]:
    """``(entry id, the entry's docs by name, tool name, chosen arguments)`` of the AST categories."""
    for path in question_files(data):
        answers = data / "possible_answer" / path.name
        if not answers.exists():
            continue
        truth = {entry["id"]: entry["ground_truth"] for entry in lines(answers)}
        for entry in lines(path):
            if "function" not in entry or entry["id"] not in truth:
                continue
            docs = {doc["name"]: doc for doc in entry["function"]}
            for call in truth[entry["id"]]:
                for name, arguments in call.items():
                    picked = {key: first(options) for key, options in arguments.items()}
                    yield entry["id"], docs, name, {key: v for key, (kept, v) in picked.items() if kept}


def multi_turn_calls(data: Path) -> Iterator[tuple[str, str]]:
    """``(entry id, call text)`` of every multi-turn ground-truth call."""
    for path in sorted((data / "possible_answer").glob("BFCL_v4_multi_turn_*.json")):
        for entry in lines(path):
            for turn in entry["ground_truth"]:
                for text in turn:
                    yield entry["id"], text


def parsed(text: str, spec: ToolSpec) -> dict[str, Any]:
    call = ast.parse(text, mode="eval").body
    assert isinstance(call, ast.Call)
    args = [ast.literal_eval(arg) for arg in call.args]
    kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}
    return spec.bind_arguments(tuple(args), kwargs)


def called_name(text: str) -> str:
    func = ast.parse(text, mode="eval").body
    assert isinstance(func, ast.Call)
    return ast.unparse(func.func)


PROBLEM = re.compile(r"^\$(?P<path>(?:\.[^.\[:]+|\[\d+\])*): (?P<what>.*)$")


def why(exc: ToolInputError, doc: dict[str, Any], arguments: dict[str, Any]) -> str:
    """Whose fault an input-check failure is, from its first problem, the Gorilla schema at the
    problem's path and the value given there."""
    problem = (exc.problems or [""])[0]
    if problem.startswith("unexpected parameter"):
        return "data: an argument the doc does not list"
    found = PROBLEM.match(problem)
    if found is None:
        return f"other: {problem[:100]}"
    what = found["what"]
    if what.endswith("is a required property"):
        return "data: a required argument left out"
    schema, given = _at(doc["parameters"], arguments, found["path"])
    kind = schema.get("type") if isinstance(schema, dict) else None
    if "is not one of" in what and "is not of type" not in problem:
        return "data: a value outside the doc's enum"
    if "is not of type" not in what:
        return f"other: {what[:100]}"
    if given is None:
        return "data: None where the doc's default is not None"
    if kind in ("any", "Any"):
        return "data: a non-string for 'any' (bfcl-eval types 'any' as a string)"
    if isinstance(given, str) and GORILLA_TYPES.get(str(kind)) in ("object", "array"):
        return "data: a variable's name (a string) for a dict or list (BFCL's checker takes names)"
    return f"data: another type than the doc's ({type(given).__name__} for '{kind}')"


def _at(schema: Any, given: Any, path: str) -> tuple[Any, Any]:
    """The Gorilla schema and the given value at a JSON path such as ``.parts[1]``."""
    for key in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        name, index = key
        if name:
            schema = (schema.get("properties") or {}).get(name, {}) if isinstance(schema, dict) else {}
            given = given.get(name) if isinstance(given, dict) else None
        else:
            schema = schema.get("items", {}) if isinstance(schema, dict) else {}
            given = given[int(index)] if isinstance(given, list) and int(index) < len(given) else None
    return schema, given


def ground_truth(data: Path) -> tuple[collections.Counter[str], collections.Counter[str], dict[str, str]]:
    """Calls that pass (by ``single``, ``multi``), calls that fail by class, an example of each."""
    passed, failed, example = collections.Counter[str](), collections.Counter[str](), {}
    for entry_id, docs, name, arguments in single_calls(data):
        if name not in docs:
            cls = "data: a call of a tool its entry does not document"
            failed[cls] += 1
            example.setdefault(cls, f"{entry_id}: {name}")
            continue
        spec = ToolSpec.from_bfcl(docs[name]) if _readable(docs[name]) else None
        if spec is None:
            failed["data: the doc cannot be read (see docs)"] += 1
            example.setdefault("data: the doc cannot be read (see docs)", f"{entry_id}: {name}")
            continue
        try:
            spec.check_inputs(arguments)
            passed["single"] += 1
        except ToolInputError as exc:
            cls = why(exc, docs[name], arguments)
            failed[cls] += 1
            example.setdefault(cls, f"{entry_id}: {name}({json.dumps(arguments)[:90]})")
    multi = {  # names the memory classes share never come up: their ground truth is text, not calls
        doc["name"]: ToolSpec.from_bfcl(doc)
        for p in sorted((data / "multi_turn_func_doc").glob("*.json"))
        for doc in lines(p)
    }
    for entry_id, text in multi_turn_calls(data):
        name = called_name(text)
        if name not in multi:
            failed["data: a multi-turn call of no documented tool"] += 1
            example.setdefault("data: a multi-turn call of no documented tool", f"{entry_id}: {text}")
            continue
        try:
            multi[name].check_inputs(parsed(text, multi[name]))
            passed["multi"] += 1
        except (ToolInputError, ValueError) as exc:
            given = parsed(text, multi[name]) if isinstance(exc, ToolInputError) else {}
            cls = "multi-turn " + (
                why(exc, multi[name].metadata["bfcl"], given) if given else f"other: {exc}"
            )
            failed[cls] += 1
            example.setdefault(cls, f"{entry_id}: {text[:100]}")
    return passed, failed, example


def _readable(doc: dict[str, Any]) -> bool:
    try:
        bfcl_tools([doc])
        return True
    except SourceError:
        return False


# -- answers ----------------------------------------------------------------------------------


def typed(schema: Any) -> Any:
    """The oracle: a Gorilla schema with each type read by the pinned table, and the tuple form of
    ``items`` (a list, draft 4) as ``prefixItems``."""
    if isinstance(schema, list):
        return [typed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {
        k: GORILLA_TYPES.get(v, v) if k == "type" and isinstance(v, str) else typed(v)
        for k, v in schema.items()
    }
    if isinstance(out.get("items"), list):
        out["prefixItems"] = out.pop("items")
    return out


def answers(data: Path) -> tuple[int, int, int, list[str]]:
    checked, invalid, refused, examples = 0, 0, 0, []
    truth = collections.defaultdict(list)
    for _, text in multi_turn_calls(data):
        truth[called_name(text)].append(text)
    for path in sorted((data / "multi_turn_func_doc").glob("*.json")):
        world = SyntheticWorld.from_bfcl(path, seed=0)
        for doc in lines(path):
            if "response" not in doc:
                continue
            spec = world.tools[doc["name"]]
            inputs = [generate(spec.parameters, seed=seed) for seed in range(5)]
            for text in truth[doc["name"]]:
                with contextlib.suppress(ToolInputError, ValueError):
                    inputs.append(spec.check_inputs(parsed(text, spec)))
            validator = jsonschema.Draft202012Validator(typed(doc["response"]), format_checker=FORMATS)
            for given in inputs:
                try:
                    answer = world.call(doc["name"], given)
                except ToolError:  # the world's own lifecycle: a key deleted earlier is not_found
                    refused += 1
                    continue
                checked += 1
                errors = list(validator.iter_errors(answer))
                if errors:
                    invalid += 1
                    examples.append(f"{doc['name']}: {errors[0].message[:100]}")
    return checked, invalid, refused, examples


# -- registration -----------------------------------------------------------------------------


def timed(build: Any) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(3):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            start = time.perf_counter()
            world = build()
            times.append(time.perf_counter() - start)
        size = len(world.tools)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "data", type=Path, help="bfcl-eval's data folder (or a folder holding bfcl_eval/data)"
    )
    data = parser.parse_args().data
    if (data / "bfcl_eval" / "data").is_dir():
        data = data / "bfcl_eval" / "data"
    docs = distinct_docs(data)
    names = {doc["name"] for doc in docs.values()}
    broken = [f"{doc['name']}: {exc}" for doc in docs.values() for exc in _errors(doc)]
    print(f"data: {data}")
    print("| measure | count |\n|---|---|")
    print(f"| distinct tool docs (names) | {len(docs)} ({len(names)}) |")
    print(f"| docs that register | {len(docs) - len(broken)} |")
    passed, failed, example = ground_truth(data)
    multi = sum(n for cls, n in failed.items() if cls.startswith("multi-turn"))
    single = sum(failed.values()) - multi
    total = passed.total() + single + multi
    print(f"| ground-truth calls that pass the input check | {passed.total()} of {total} |")
    print(f"| ... single-turn (AST categories) | {passed['single']} of {passed['single'] + single} |")
    print(f"| ... multi-turn (Python text, parsed) | {passed['multi']} of {passed['multi'] + multi} |")
    checked, invalid, refused, bad = answers(data)
    print(f"| multi-turn answers valid against `response` | {checked - invalid} of {checked} |")
    print(f"| multi-turn calls the world failed as its lifecycle says (`not_found`) | {refused} |")
    first_docs = list({doc["name"]: doc for doc in reversed(list(docs.values()))}.values())[::-1]
    seconds, size = timed(lambda: SyntheticWorld.from_bfcl(first_docs, on_error="skip"))
    print(f"| registration, one tool per distinct name ({size} tools) | {seconds:.2f} s |")
    largest = max(
        question_files(data), key=lambda p: len({d["name"] for e in lines(p) for d in e.get("function", [])})
    )
    seconds, size = timed(lambda: SyntheticWorld.from_bfcl(largest, on_error="skip"))
    print(f"| registration, {largest.name} with on_error='skip' ({size} tools) | {seconds:.2f} s |")
    print("\nDocs that do not register:")
    for line in broken:
        print(f"- {line[:300]}")
    print("\nGround-truth calls that fail, by class:\n\n| class | calls | e.g. |\n|---|---|---|")
    for cls, count in failed.most_common():
        print(f"| {cls} | {count} | `{example.get(cls, '')}` |")
    if bad:
        print("\nInvalid answers:", *bad[:10], sep="\n- ")


def _errors(doc: dict[str, Any]) -> list[str]:
    try:
        bfcl_tools([doc])
    except SourceError as exc:
        return [str(exc)]
    return []


if __name__ == "__main__":
    sys.exit(main())
