"""How much first-visit compile work rebuilds a node that another schema's compiler already built.

Each compiled schema has its own `Compiler`, so a subschema that many tools share (an OpenAPI
component inlined in dozens of responses) is compiled once per tool. Counted here, in Python calls
(a `sys.setprofile` counter: the machine's load does not move it), for each workload's first calls
(each distinct schema text compiled, then seed 0; SchemaStore also seeds 1-4):

- first-visit compiles: the work inside `Compiler.node` calls that miss the compiler's memo
  (nested ones counted once, in the outermost);
- repeats: the part of it spent on a node whose inputs equal those of a node an earlier compiler
  built (only the outermost such node of a nesting is counted). The inputs compared: each
  conjunct's content after its omitted words, with every ``$ref`` replaced by its target's content
  (recursively), its dialect, the routes of its path and of its pointer (`_place.route_of`: the
  names a string field's context reads), and the `Place` of the node itself (its parent's title and
  example live outside its content). A cache also needs what this key leaves out (the full path,
  which error messages of lazy branches name; the identity of each choice, which the budget of
  `_nodes.BRANCHES` alternatives counts; the resolver's scope), so the repeats are an upper bound
  of what such a cache could save, before the cost of computing its key at every first visit;
- the safe class: repeats with no ``$ref`` in their text and no `ChoiceNode` built inside.

``--world DOC`` instead builds ``SyntheticWorld.from_openapi`` and calls each tool once, counting
the generators compiled per returns text (`compile_owned` compiles a text met twice twice: over the
first tool's own schema, kept by no cache, then over a cached copy) and where the first calls go.

    python bench/bench_shared_nodes.py [WORKLOAD ...] [--github PATH]
    python bench/bench_shared_nodes.py --world kubernetes|stripe|docker|github [--github PATH]

Workloads: github (``--github``: ``api.github.com.json`` from ``npm pack @octokit/openapi@23.0.2``),
kubernetes, stripe (bench/data), docker (tests/openapi), register (bench_register's 500 tools),
jsts, schemastore.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import gzip
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from random import Random
from typing import Any

import bench_register
import yaml
from bench_corpora import load

from synthworld import SyntheticWorld, openapi_tools
from synthworld.backends.random import RandomBackend
from synthworld.schema import _api, _nodes, compile_generator
from synthworld.schema._compile import Compiler
from synthworld.schema._place import place_of, route_of
from synthworld.world.coverage import CoverageCounter

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = {
    "kubernetes": ROOT / "bench" / "data" / "kubernetes.json.gz",
    "stripe": ROOT / "bench" / "data" / "stripe.json.gz",
    "docker": ROOT / "tests" / "openapi" / "docker-engine-1.53.yaml",
}
CALLS = [0]


def counting(frame: Any, event: str, arg: Any) -> None:
    if event == "call":
        CALLS[0] += 1


def document(name: str, github: str | None) -> Any:
    path = Path(github) if name == "github" and github else DOCUMENTS[name]
    if path.suffix == ".gz":
        return json.loads(gzip.decompress(path.read_bytes()))
    return yaml.safe_load(path.read_text()) if path.suffix == ".yaml" else json.loads(path.read_text())


def schemas(name: str, github: str | None) -> list[Any]:
    if name in ("jsts", "schemastore"):
        found = [row["schema"] for row in load(name)]
    elif name == "register":
        found = [spec.returns for spec in bench_register.specs(500)]
    else:
        found = [tool.returns for tool in openapi_tools(document(name, github))]
    return list({json.dumps(s): s for s in found}.values())  # a world shares equal texts' generators


def _digest(value: Any, resolver: Any, memo: dict[int, str], open_: set[int]) -> Any:
    """``value`` with each ``$ref`` replaced by the digest of its target (a cycle: a marker)."""
    if isinstance(value, list):
        return [_digest(v, resolver, memo, open_) for v in value]
    if not isinstance(value, dict):
        return value
    if id(value) in memo:
        return memo[id(value)]
    if id(value) in open_:
        return "cycle"
    open_.add(id(value))
    out: dict[str, Any] = {}
    for word, sub in value.items():
        if word in ("$ref", "$dynamicRef", "$recursiveRef") and isinstance(sub, str):
            try:
                out[word] = ["ref", _digest(resolver.lookup(sub).contents, resolver, memo, open_)]
            except Exception:
                out[word] = ["unresolved", sub]
        else:
            out[word] = _digest(sub, resolver, memo, open_)
    open_.discard(id(value))
    text = json.dumps(out, sort_keys=True, default=repr).encode()
    memo[id(value)] = found = hashlib.blake2b(text, digest_size=12).hexdigest()
    return found


class Tracer:
    """Wraps `Compiler.node` and `ChoiceNode.__init__` to sort first-visit work (see the module)."""

    def __init__(self) -> None:
        self.seen: dict[Any, int] = {}  # inputs -> id of the first compiler that built them
        self.compilers: list[Compiler] = []  # kept alive, so no id is reused
        self.memos: dict[int, dict[int, str]] = {}
        self.stack: list[dict[str, Any]] = []
        self.counts: collections.Counter[str] = collections.Counter()
        self.phase = "cold "  # or "warm ": seeds 1-4 of a SchemaStore schema

    def key(self, parts: Any) -> Any:
        out = []
        for part in parts:
            loc = part.loc
            memo = {} if part.omit else self.memos.setdefault(id(loc.doc), {})
            content = _digest(part.node, loc.resolver, memo, set())
            scope = bool(tuple(loc.resolver._previous))
            out.append((content, loc.dialect, route_of(loc.path), route_of(loc.pointer or ""), scope))
        return tuple(out), tuple(place_of(list(parts)))

    def install(self) -> None:
        original, tracer = Compiler.node, self

        def node(compiler: Compiler, parts: Any) -> Any:
            if not parts or _memo_key(parts) in compiler._memo:
                return original(compiler, parts)
            return tracer.first_visit(original, compiler, parts)

        Compiler.node = node  # type: ignore[method-assign]
        made = _nodes.ChoiceNode.__init__

        def choice(self: Any, options: Any) -> None:
            for frame in tracer.stack:
                frame["choice"] = True
            made(self, options)

        _nodes.ChoiceNode.__init__ = choice  # type: ignore[method-assign]

    def first_visit(self, original: Any, compiler: Compiler, parts: Any) -> Any:
        sys.setprofile(None)
        self.compilers.append(compiler)
        first = self.seen.setdefault(self.key(parts), id(compiler))
        again = first != id(compiler)
        repeat = again and not any(f["repeat"] for f in self.stack)
        text = json.dumps([p.loc.schema for p in parts], default=repr)
        frame = {"start": CALLS[0], "again": again, "repeat": repeat, "ref": "Ref" in text, "safe": 0}
        self.stack.append(frame)
        sys.setprofile(counting)
        try:
            return original(compiler, parts)
        finally:
            sys.setprofile(None)
            self.stack.pop()
            self.settle(frame, CALLS[0] - frame["start"])
            sys.setprofile(counting)

    def settle(self, frame: dict[str, Any], spent: int) -> None:
        safe = spent if frame["again"] and not frame["ref"] and "choice" not in frame else frame["safe"]
        if self.stack:
            self.stack[-1]["safe"] += safe
            return
        for phase in ("", self.phase):
            self.counts[phase + "first_visit"] += spent
            self.counts[phase + "safe"] += safe
            self.counts[phase + "repeat"] += spent if frame["repeat"] else 0


def _memo_key(parts: Any) -> Any:
    """`Compiler.node`'s memo key of ``parts``."""
    if len(parts) == 1:
        return (parts[0].key(), route_of(parts[0].loc.path))
    return (tuple(p.key() for p in parts), tuple(route_of(p.loc.path) for p in parts))


def shares(name: str, github: str | None) -> None:
    tracer = Tracer()
    tracer.install()
    found = schemas(name, github)
    total = failed = 0
    for schema in found:
        start = CALLS[0]
        sys.setprofile(counting)
        try:
            tracer.phase = "cold "
            generator = _api.Generator(schema)
            for seed in range(5 if name == "schemastore" else 1):
                tracer.phase = "warm " if seed else "cold "
                generator.generate(Random(seed))
        except Exception:  # the corpora hold a few unsatisfiable schemas: their calls count too
            failed += 1
        finally:
            sys.setprofile(None)
        total += CALLS[0] - start
    first, repeat, safe = (tracer.counts[k] for k in ("first_visit", "repeat", "safe"))
    print(
        f"| {name} | {len(found)} ({failed} fail) | {total:,} | {first:,} ({first / total:.1%}) | "
        f"{repeat / first:.1%} ({repeat / total:.1%}) | {safe / first:.1%} ({safe / total:.1%}) |",
        flush=True,
    )
    if name == "schemastore":
        first, repeat, safe = (tracer.counts[f"warm {k}"] for k in ("first_visit", "repeat", "safe"))
        print(f"| (seeds 1-4 only) | | | {first:,} | {repeat / first:.1%} | {safe / first:.1%} |")


def world(name: str, github: str | None) -> None:
    """Generators per returns text at registration, and where the first calls' work goes."""
    built: collections.Counter[str] = collections.Counter()
    spent: collections.Counter[str] = collections.Counter()
    parts: collections.Counter[str] = collections.Counter()
    init = _api.Generator.__init__

    def counted_init(self: Any, schema: Any, **options: Any) -> None:
        start = CALLS[0]
        init(self, schema, **options)
        built[self._key] += 1
        spent[self._key] += CALLS[0] - start

    _api.Generator.__init__ = counted_init  # type: ignore[method-assign]
    for owner, method in ((RandomBackend, "respond"), (CoverageCounter, "_fold")):
        _count_in(owner, method, parts)
    source = document(name, github)
    sys.setprofile(counting)
    made = SyntheticWorld.from_openapi(source, seed=1)
    sys.setprofile(None)
    registered = CALLS[0]
    again = sum(spent[k] / built[k] * (built[k] - 1) for k in built)
    print(f"{name}: {len(made.tools)} tools, {len(built)} returns texts, {sum(built.values())} generators")
    print(
        f"  from_openapi: {registered:,} calls; in generators {sum(spent.values()):,}; "
        f"in second compiles of a text {again:,.0f}"
    )
    tools = list(made.tools.values())
    inputs = [compile_generator(t.parameters).generate(Random(i)) for i, t in enumerate(tools)]
    start = CALLS[0]
    parts.clear()
    sys.setprofile(counting)
    for tool, given in zip(tools, inputs, strict=True):
        made.reset()
        with contextlib.suppress(Exception):  # a refused input or a simulated failure: a first call too
            made.call(tool.name, given)
    made.coverage()  # the answers not folded yet
    sys.setprofile(None)
    calls = CALLS[0] - start
    print(
        f"  first calls: {calls:,} calls; RandomBackend.respond {parts['respond']:,} "
        f"({parts['respond'] / calls:.1%}); coverage fold {parts['_fold']:,} ({parts['_fold'] / calls:.1%})"
    )


def _count_in(owner: Any, method: str, into: collections.Counter[str]) -> None:
    original = getattr(owner, method)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        start = CALLS[0]
        try:
            return original(*args, **kwargs)
        finally:
            into[method] += CALLS[0] - start

    setattr(owner, method, wrapped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*", default=["kubernetes", "stripe", "docker", "register"])
    parser.add_argument("--github", help="api.github.com.json of @octokit/openapi")
    parser.add_argument("--world", help="count a from_openapi world's generators and first calls")
    args = parser.parse_args()
    if args.world:
        world(args.world, args.github)
        return
    if len(args.workloads) == 1:
        shares(args.workloads[0], args.github)
        return
    print("| workload | schema texts | calls | first-visit compiles | repeats | safe class |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in args.workloads:  # each in a fresh process: nothing cached by the one before
        extra = ["--github", args.github] if args.github else []
        subprocess.run([sys.executable, __file__, name, *extra], check=True)


if __name__ == "__main__":
    main()
