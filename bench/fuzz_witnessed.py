"""Stop 51's fuzz: schemas grown around a witness, so every one is satisfiable, each compiled once
and asked for seeds 0-9 (issue 15: every satisfiable schema gets a valid value on every seed,
refusals at compile time only, and only for unsatisfiable schemas).

A family of `fuzz_witnessed_parts` picks a witness value and offers keywords drawn around it;
`accrete` keeps each keyword only while the witness still validates (python-jsonschema, the
draft's own validator, format checking on), so a refusal is always of a satisfiable schema.
``refs`` takes a schema of another family and moves it behind ``$ref``s (`refify`): definitions
named with ``/``, ``~``, ``%``, spaces and non-ASCII (pointers escaped as RFC 6901 and 3986 say),
pointers into ``properties``/``items``/``allOf`` of other subschemas, recursive wrappers whose
base case is the schema (``anyOf``, arrays with ``minItems``, a required property cycle) by
``$ref``, 2019-09's ``$recursiveRef`` or 2020-12's ``$dynamicRef``; the witness wrapped to match.
Drafts 4, 6, 7, 2019-09 and 2020-12 by ``$schema`` (refs: 2019-09 and 2020-12).

Counted: schemas, refused at compile (all satisfiable), failed at a call (any exception from
``generate`` after a compile that answered), invalid values, crashes at compile (not a
SchemaError), and the slowest compile and call (CPU seconds).

    python bench/fuzz_witnessed.py names|numbers|strings|refs --seed 1 --count 1000 [--show 5]
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import time
import urllib.parse
from typing import Any

import jsonschema
import jsonschema.validators
import jsonschema_rs
from fuzz_witnessed_parts import DRAFTS, FAMILIES, names_defs

from synthworld.errors import SchemaError
from synthworld.schema import compile_generator

SEEDS = 10
SLOW = 1.0
"""CPU seconds over which a compile or a call is counted and shown (issue 15: no call over a second)."""
ODD_NAMES = ["a/b", "t~x", "50%", "a b", "ü", "~1", "x%2Fy", "", "0", "$ref", "a~0/~1b"]


def validator(schema: Any, draft: str) -> Any:
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def accrete(rng: random.Random, family: str, draft: str) -> tuple[dict[str, Any], Any]:
    """A schema of two to seven keywords (more tries), each kept while the witness validates."""
    make_witness = FAMILIES[family][0]
    witness = make_witness(rng)
    schema: dict[str, Any] = {"$schema": DRAFTS[draft]}
    if family == "names":
        schema["definitions" if draft in "467" else "$defs"] = names_defs(rng, witness)
    return _grow(rng, family, draft, schema, witness, rng.randint(2, 7), 0), witness


def _grow(rng: random.Random, family: str, draft: str, schema: dict[str, Any], witness: Any, want: int,
          depth: int) -> dict[str, Any]:  # fmt: skip
    """``schema`` with up to ``want`` more keywords the witness meets (a combinator of smaller
    schemas grown the same way, around the witness or around another, sometimes)."""
    start = len(schema)
    for _ in range(want * 4):
        if len(schema) - start >= want:
            break
        if depth < 2 and rng.random() < 0.25:
            word, value = _combinator(rng, family, draft, witness, depth)
        else:
            word, value = FAMILIES[family][1](rng, witness, draft)
        trial = {**schema, **value} if word == "if" else {**schema, word: value}
        try:
            full = trial if "$schema" in trial else {"$schema": DRAFTS[draft], **trial}
            if validator(full, draft).is_valid(witness) and _meta_ok(full) and _rs_ok(full, witness):
                schema = trial
        except Exception:  # an unreadable pattern, a number too big for the validator
            continue
    return schema


def _combinator(rng: random.Random, family: str, draft: str, witness: Any, depth: int) -> tuple[str, Any]:
    """An ``allOf``/``anyOf``/``oneOf``/``not``/``if`` of schemas grown around the witness (``mine``)
    or another of the family's witnesses (``other``, which the witness may fail)."""
    mine = lambda: _grow(rng, family, draft, {}, witness, rng.randint(1, 3), depth + 1)  # noqa: E731
    other = lambda: _grow(rng, family, draft, {}, FAMILIES[family][0](rng), rng.randint(1, 3), depth + 1)  # noqa: E731
    word = rng.choice(
        ["allOf", "anyOf", "oneOf", "not", "if"] if draft not in "46" else ["allOf", "anyOf", "oneOf", "not"]
    )
    if word == "allOf":
        return word, [mine() for _ in range(rng.randint(2, 3))]
    if word in ("anyOf", "oneOf"):
        branches = [mine(), *(other() for _ in range(rng.randint(1, 2)))]
        rng.shuffle(branches)
        return word, branches
    if word == "not":
        return word, other()
    return word, {"if": other(), "then": mine(), "else": mine()}  # placed flat by the caller


def _rs_ok(schema: Any, witness: Any) -> bool:
    """Whether jsonschema-rs takes the witness too (the validators read some keywords apart:
    draft 7's ``contentEncoding``, ``multipleOf`` of huge floats; synthworld wants both)."""
    return bool(jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(witness))


def _meta_ok(schema: Any) -> bool:
    cls = jsonschema.validators.validator_for(schema)
    return bool(cls(cls.META_SCHEMA).is_valid(schema))


def _pointer(*tokens: str) -> str:
    """An RFC 6901 pointer as a URI fragment (``~0``, ``~1``, then percent-encoding)."""
    escaped = [t.replace("~", "~0").replace("/", "~1") for t in tokens]
    return "#/" + "/".join(urllib.parse.quote(t, safe="~$!'()*+,;=:@") for t in escaped)


def refify(rng: random.Random, schema: dict[str, Any], witness: Any) -> tuple[dict[str, Any], Any]:
    """``schema`` behind ``$ref``s (see the module's docstring); the witness wrapped to match."""
    draft = "2019" if "2019" in schema["$schema"] else "2020"
    body = {k: v for k, v in schema.items() if k not in ("$schema", "$defs")}
    inner_defs = schema.get("$defs", {})
    name = rng.choice(ODD_NAMES)
    defs: dict[str, Any] = {**inner_defs, name: body}
    ref = _pointer("$defs", name)
    kind = rng.randrange(8)
    root: dict[str, Any]
    if kind == 0:  # a ref to the definition
        root = {"$ref": ref}
    elif kind == 1:  # a pointer into another subschema's properties
        holder = rng.choice(ODD_NAMES)
        defs["holder"] = {"type": "object", "properties": {holder: body}}
        root = {"allOf": [{"$ref": _pointer("$defs", "holder", "properties", holder)}]}
    elif kind == 2:  # a list whose items are the definition, and a pointer to them
        defs["list"] = {"type": "array", "items": {"$ref": ref}, "minItems": 1}
        root = {"type": "object", "properties": {"xs": {"$ref": "#/$defs/list"},
                "one": {"$ref": "#/$defs/list/items"}}, "required": ["xs", "one"]}  # fmt: skip
        witness = {"xs": [witness], "one": witness}
    elif kind == 3:  # recursion with a base case in an anyOf
        defs["rec"] = {"anyOf": [{"$ref": ref}, {"type": "array", "minItems": rng.randint(1, 3),
                       "items": {"$ref": "#/$defs/rec"}}]}  # fmt: skip
        root = {"$ref": "#/$defs/rec"}
        witness = [witness] * defs["rec"]["anyOf"][1]["minItems"] if rng.random() < 0.5 else witness
    elif kind == 4:  # a required cycle through an array with minItems, ended by an anyOf's base case
        k = rng.randint(1, 3)
        defs["node"] = {"type": "object", "required": ["kids"], "properties": {"kids": {
            "type": "array", "minItems": k, "items": {"$ref": "#/$defs/kid"}}}}  # fmt: skip
        defs["kid"] = {rng.choice(["anyOf", "oneOf"]): [{"$ref": "#/$defs/node"}, {"$ref": ref}]}
        root = {"$ref": "#/$defs/node"}
        witness = {"kids": [witness] * k}
    elif kind == 5 and draft == "2019":  # $recursiveRef: a tree of the schema's values
        root = {"$recursiveAnchor": True, "anyOf": [{"$ref": ref}, {"type": "array", "minItems": 1,
                "items": {"$recursiveRef": "#"}}]}  # fmt: skip
        witness = [[witness]]
    elif kind == 5:  # $dynamicRef: a generic list whose item type the root binds
        defs["list"] = {"$id": "list", "type": "array", "minItems": 1, "items": {"$dynamicRef": "#item"},
                        "$defs": {"item": {"$dynamicAnchor": "item"}}}  # fmt: skip
        defs["item"] = {"$dynamicAnchor": "item", **body}
        root = {"$id": "https://ex.test/root", "$ref": "list"}
        witness = [witness]
    elif kind == 6:  # a $ref with siblings, reached through an anchor
        defs[name] = {"$anchor": "target", **body}
        root = {"$ref": "#target", "not": {"const": "never-the-witness"}}
    else:  # mutual recursion: even/odd nesting ending at the schema
        defs["even"] = {
            "anyOf": [{"$ref": ref}, {"type": "array", "items": {"$ref": "#/$defs/odd"}, "minItems": 1}]
        }
        defs["odd"] = {"type": "array", "items": {"$ref": "#/$defs/even"}, "minItems": 1, "maxItems": 2}
        root = {"$ref": "#/$defs/even"}
        witness = [[witness]] if rng.random() < 0.5 else witness
    root.setdefault("$defs", defs)
    return {"$schema": DRAFTS[draft], **root}, witness


class Hung(Exception):
    pass


def _hung(signum: int, frame: Any) -> None:
    raise Hung


def make(rng: random.Random, kind: str) -> tuple[dict[str, Any], Any]:
    if kind == "refs":
        schema, witness = accrete(rng, rng.choice(sorted(FAMILIES)), rng.choice(["2019", "2020"]))
        return refify(rng, schema, witness)
    return accrete(rng, kind, rng.choice(sorted(DRAFTS)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=[*sorted(FAMILIES), "refs"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--show", type=int, default=5, help="failures printed per kind")
    parser.add_argument("--limit", type=float, default=20.0, help="CPU seconds a compile or call may take")
    args = parser.parse_args()
    signal.signal(signal.SIGPROF, _hung)
    rng = random.Random(args.seed)
    compile_generator({"type": "string", "format": "date"}).generate(random.Random(0))  # warm imports
    counts = dict.fromkeys(["schemas", "refused", "call failed", "invalid", "crashed", "hung", "unwitnessed",
                            f"compile over {SLOW:g} s", f"call over {SLOW:g} s"], 0)  # fmt: skip
    slowest = {"compile": (0.0, ""), "call": (0.0, "")}

    def timed(what: str, fn: Any, schema: Any) -> Any:
        start = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, args.limit)
        try:
            return fn()
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            took = time.process_time() - start
            if took > slowest[what][0]:
                slowest[what] = (took, json.dumps(schema)[:200])
            if took > SLOW:
                report(f"{what} over {SLOW:g} s", schema, f"{took:.2f} s CPU")

    def report(what: str, schema: Any, detail: str) -> None:
        counts[what] += 1
        if counts[what] <= args.show:
            print(f"{what}: {json.dumps(schema)} -- {detail}")

    for _ in range(args.count):
        schema, witness = make(rng, args.kind)
        check = validator(schema, "")
        if not check.is_valid(witness):  # refify's wrapping went wrong: a bug of this script
            report("unwitnessed", schema, json.dumps(witness))
            continue
        counts["schemas"] += 1
        try:
            gen = timed("compile", lambda s=schema: compile_generator(s), schema)
        except Hung:
            report("hung", schema, "compile")
            continue
        except SchemaError as exc:
            report("refused", schema, f"witness {json.dumps(witness)[:100]}: {str(exc)[:200]}")
            continue
        except Exception as exc:
            report("crashed", schema, f"{type(exc).__name__}: {str(exc)[:200]}")
            continue
        for seed in range(SEEDS):
            try:
                value = timed("call", lambda g=gen, s=seed: g.generate(random.Random(s)), schema)
            except Hung:
                report("hung", schema, f"seed {seed}")
                break
            except Exception as exc:
                report("call failed", schema, f"seed {seed}: {type(exc).__name__}: {str(exc)[:200]}")
                break
            if not check.is_valid(value):
                report("invalid", schema, f"seed {seed}: {json.dumps(value)[:200]}")
                break
    print(
        f"{args.kind} --seed {args.seed} --count {args.count}: "
        + ", ".join(f"{v} {k}" for k, v in counts.items())
    )
    for what, (took, text) in slowest.items():
        print(f"slowest {what}: {took:.3f} s CPU {text}")


if __name__ == "__main__":
    main()
