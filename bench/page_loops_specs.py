"""Agent loops over every list operation of real OpenAPI documents (`tests/openapi/`, Stripe's
and Kubernetes' whole documents in `bench/data/`, the library example): for each tool whose
answer is a list the world pages, seeds 0-4, before any create, an agent calls it with a size
(its ``limit``/``per_page``... parameter: 3) and the other inputs drawn from their schemas, then
follows what the page says comes next (Stripe's ``has_more`` with ``starting_after``, a cursor
field into the token parameter, a ``next`` URL, a ``Link`` text, a link list's ``next`` entry,
Kubernetes' ``metadata.continue``), at most 30 calls. Counted: loops that end, hit the bound,
repeat an item, or whose pages' counts (``total``...) disagree with the items seen.

    PYTHONPATH=$PWD:$PWD/bench python bench/page_loops_specs.py
"""

from __future__ import annotations

import gzip
import json
import re
import warnings
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import yaml

from synthworld import SyntheticWorld, ToolSpec, generate
from synthworld.errors import SynthworldError
from synthworld.world.consistency import plan_for
from synthworld.world.page_ids import AFTER
from synthworld.world.page_urls import URL_NAMES
from synthworld.world.paging import COUNTS, CURSORS, TOKENS
from synthworld.world.shapes import MORE_KEYS, PAGE_HOLDERS

# What an agent reads, the same on every tree (a tree's own lists may lack Kubernetes' ``continue``).
TOKENS = (*TOKENS, "continue")
CURSORS = (*CURSORS, "continue")

ROOT = Path(__file__).resolve().parents[1]
BOUND = 30
SIZES = ("limit", "per_page", "perPage", "page_size", "pageSize", "max_results", "maxResults", "size", "top")


def documents() -> dict[str, Any]:
    """Every document by name (parsed)."""
    docs: dict[str, Any] = {}
    for path in sorted((ROOT / "tests" / "openapi").glob("*.[jy]*")):
        docs[path.name] = path
    for name in ("stripe.json.gz", "kubernetes.json.gz"):
        docs[name] = json.loads(gzip.decompress((ROOT / "bench" / "data" / name).read_bytes()))
    docs["library_openapi.yaml"] = yaml.safe_load(
        (ROOT / "bench" / "data" / "library_openapi.yaml").read_text()
    )
    return docs


def _holders(page: Any) -> list[dict[str, Any]]:
    if type(page) is not dict:
        return []
    keys = (*PAGE_HOLDERS, "metadata", "links", "_links")
    return [page, *(page[k] for k in keys if type(page.get(k)) is dict)]


def _query(url: str) -> dict[str, Any]:
    return {k: int(v) if v.isdigit() else v for k, v in parse_qsl(urlsplit(url).query)}


def step(page: Any, args: dict[str, Any], params: dict[str, Any], items: list[Any]) -> dict[str, Any] | None:
    """The next call's input an agent reads from `page` (None: it reads no next page)."""
    if type(page) is not dict:
        return None
    nodes = _holders(page)
    for node in nodes:
        for key in URL_NAMES:
            link = node.get(key)
            link = link.get("href") if type(link) is dict else link
            if type(link) is str and "?" in link:
                return {**args, **_query(link)}
        for key in ("link", "links", "_links"):
            if type(node.get(key)) is list:
                for entry in node[key]:
                    rel = entry.get("rel", entry.get("relation")) if type(entry) is dict else None
                    url = (
                        next((entry.get(u) for u in ("href", "url", "uri")), None) if rel == "next" else None
                    )
                    if type(url) is str and "?" in url:
                        return {**args, **_query(url)}
            if type(node.get(key)) is str and (found := re.search(r'<([^>]*)>;\s*rel="next"', node[key])):
                return {**args, **_query(found[1])}
    token = next((k for k in dict.fromkeys(TOKENS) if k in params), None) or (
        "page" if _string(params, "page") else None
    )
    for node in nodes:
        for key in CURSORS:
            if token and type(node.get(key)) is str and node[key]:
                return {**args, token: node[key]}
    after = next((k for k in AFTER if k in params), None)
    more = any(n.get(k) is True for n in nodes for k in MORE_KEYS)
    if after and more and items and type(items[-1]) is dict and "id" in items[-1]:
        return {**args, after: items[-1]["id"]}
    return None


def _string(params: dict[str, Any], name: str) -> bool:
    """Whether the parameter `name` takes a string (Stripe search's ``page``: the ``next_page``)."""
    schema = params.get(name)
    return isinstance(schema, dict) and schema.get("type") == "string"


def _items(page: Any, key: str | None) -> list[Any]:
    found = page if key is None else page.get(key) if type(page) is dict else None
    return found if type(found) is list else []


def _ident(item: Any) -> Any:
    if type(item) is not dict:
        return json.dumps(item, sort_keys=True)
    return next((item[k] for k in ("id", "uid", "name", "key") if type(item.get(k)) in (str, int)), None) or (
        json.dumps(item.get("metadata"), sort_keys=True)
        if "metadata" in item
        else json.dumps(item, sort_keys=True)
    )


def loop(world: SyntheticWorld, spec: ToolSpec, key: str | None, seed: int) -> str:
    """How one loop went: ``ok``, ``bound``, ``repeat``, ``count``, ``refused``."""
    props = spec.parameters.get("properties") or {}
    params = props
    size = next((k for k in SIZES if k in props), None)
    try:
        drawn = generate(spec.parameters, seed=seed)
    except SynthworldError:
        return "refused"
    required = set(spec.parameters.get("required") or ())
    args = {k: v for k, v in drawn.items() if k in required}
    if size:
        args[size] = 3
    seen: list[Any] = []
    counts: list[Any] = []
    call: dict[str, Any] | None = args
    for _ in range(BOUND):
        if call is None:
            break
        try:
            page = world.call(spec.name, call)
        except Exception:  # a refused link query is a loop gone wrong
            return "refused"
        items = _items(page, key)
        seen += [_ident(i) for i in items]
        counts += [n[k] for n in _holders(page) for k in COUNTS if type(n.get(k)) is int]
        call = step(page, args, params, items)
    else:
        return "bound"
    if len(seen) != len(set(seen)):
        return "repeat"
    return "count" if any(c != len(seen) for c in counts) else "ok"


def main() -> None:
    totals: Counter[str] = Counter()
    for name, doc in documents().items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            world = SyntheticWorld.from_openapi(doc, seed=0, on_error="skip")
        lists = []
        for spec in world.tools.values():
            plan = plan_for(spec)
            coll = plan.shapes.collection if plan.shapes else None
            if plan.lifecycle.family == "list" and coll is not None:
                lists.append((spec, coll.key))
        row: Counter[str] = Counter()
        for seed in range(5):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fresh = SyntheticWorld.from_openapi(doc, seed=seed, on_error="skip")
            empty = fresh.state.snapshot()
            for spec, key in lists:
                fresh.state.restore(empty)  # each loop in a world that has made and seen nothing
                row[loop(fresh, spec, key, seed)] += 1
        totals.update(row)
        print(f"{name:40} {len(lists):3} lists: {dict(sorted(row.items()))}", flush=True)
    print(f"{'all':40}       {dict(sorted(totals.items()))}")


if __name__ == "__main__":
    main()
