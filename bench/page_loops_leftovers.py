"""The agent loops of stop 50's paging leftovers, seeds 0-19, before any create and after 7
(the worlds of `tests/test_page_loops*.py`): (1) every page's count against the items the loop
sees (HAL, GitHub-style ``page``, FHIR ``offset``, RFC 8288 link arrays, ``meta``); (2) link
arrays whose relation is free, an ``enum`` or a ``pattern`` (relations that are no page relation;
``first``/``last``/``self`` URLs without the call's query); (3) page objects requiring
``page``/``per_page`` (left out; their numbers against the call's); (4) a ``link`` text field and
the REST twin's ``Link`` header followed by ``rel="next"``. Run on a tree with its `tests/`.

    PYTHONPATH=TREE:TREE/bench python bench/page_loops_leftovers.py
"""


def _repro() -> None:
    from synthworld import SyntheticWorld
    from tests import test_page_loops as L
    from tests import test_page_loops_more as M

    def loop(world, first, step):
        pages = []
        try:
            seen = L._loop(world, first, step, pages)
        except AssertionError:
            return None, pages
        return seen, pages

    def row(name, make, first, step, count, made_list=(0, 7)):
        for made in made_list:
            stats = {"ok": 0, "bound": 0, "promise": 0, "repeat": 0, "more": 0}
            for seed in range(20):
                w = make(seed)
                ids = L._made(w, made)
                try:
                    seen, pages = loop(w, first, step)
                except Exception as e:
                    stats.setdefault(type(e).__name__, 0)
                    stats[type(e).__name__] += 1
                    continue
                if seen is None:
                    stats["bound"] += 1
                    continue
                counts = [count(p) for p in pages] if count else []
                bad = any(c != len(seen) for c in counts)
                stats["promise"] += bad
                stats["repeat"] += len(seen) != len(set(seen))
                stats["more"] += len(pages) > 1
                stats["ok"] += not bad and len(seen) == len(set(seen)) and seen[:made] == ids
            print(f"{name:10} made={made}: {stats}")

    hal = L._follow(lambda p: p["_links"].get("next", {}).get("href"))
    row("hal", lambda s: SyntheticWorld.from_openapi(L.HAL, seed=s), {"limit": 3}, hal, lambda p: p["total"])
    gh = L._follow(lambda p: (p.get("links") or {}).get("next"))
    row(
        "github",
        lambda s: SyntheticWorld.from_openapi(L.GITHUB, seed=s),
        {"q": "t", "per_page": 2},
        gh,
        lambda p: p["total_count"],
    )
    for style, (rel, url, place) in sorted(M.LINK_LISTS.items()):

        def link(page, rel=rel, url=url):
            return next((e.get(url) for e in page.get("link") or () if e.get(rel) == "next"), None)

        row(
            style,
            lambda s, rel=rel, url=url, place=place: SyntheticWorld.from_openapi(
                M._link_list(rel, url, place), seed=s
            ),
            {"limit": 3},
            L._follow(link),
            lambda p: p["total"],
        )
    row(
        "meta",
        lambda s: SyntheticWorld.from_openapi(M.META, seed=s),
        {"limit": 3},
        lambda p: {"limit": 3, "cursor": p["meta"]["next_cursor"]} if p["meta"].get("next_cursor") else None,
        lambda p: p["meta"]["total"],
    )


def _rels() -> None:
    from urllib.parse import parse_qsl, urlsplit

    from synthworld import SyntheticWorld
    from tests import test_page_loops as L
    from tests.test_page_loops_more import _link_list

    def doc(rel_schema, place="offset"):
        d = _link_list("rel", "href", place)
        d["components"]["schemas"]["Page"]["properties"]["link"]["items"]["properties"]["rel"] = rel_schema
        return d

    cases = {
        "free": {"type": "string"},
        "enum": {"type": "string", "enum": ["self", "first", "last", "next", "prev"]},
        "enum previous": {"type": "string", "enum": ["self", "first", "last", "next", "previous"]},
        "pattern": {"type": "string", "pattern": "^(self|first|last|next|previous)$"},
    }
    for name, rel in cases.items():
        for made in (0, 7):
            stats = {"ok": 0, "bad_rels": 0, "bad_urls": 0, "wrong": 0}
            ex = None
            for seed in range(20):
                w = SyntheticWorld.from_openapi(doc(rel), seed=seed)
                ids = L._made(w, made)
                pages = []

                def nxt(p):
                    return next((e["href"] for e in p["link"] if e["rel"] == "next"), None)

                try:
                    seen = L._loop(w, {"limit": 3}, L._follow(nxt), pages)
                except AssertionError:
                    stats["wrong"] += 1
                    continue
                rels = [e["rel"] for p in pages for e in p["link"]]
                good_rel = all(r in ("self", "first", "last", "next", "prev", "previous") for r in rels)
                # self/first/last must name this/first/last page of the call
                urls_ok = True
                for p in pages:
                    for e in p["link"]:
                        q = dict(parse_qsl(urlsplit(e["href"]).query))
                        if e["rel"] == "first" and q.get("offset", "0") != "0":
                            urls_ok = False
                        if e["rel"] in ("first", "last", "self") and "limit" not in q:
                            urls_ok = False
                            ex = ex or (seed, e)
                ok = len(seen) == len(set(seen)) == pages[-1]["total"] and seen[:made] == ids
                stats["bad_rels"] += not good_rel
                stats["bad_urls"] += not urls_ok
                stats["ok"] += ok and good_rel and urls_ok
                if not ok:
                    stats["wrong"] += 1
                if not good_rel and ex is None:
                    ex = (seed, rels)
            print(name, made, stats, ex)


def _meta() -> None:
    from synthworld import SyntheticWorld
    from tests import test_page_loops as L

    INT = {"type": "integer"}

    def doc(holder, fields, required_meta, names=("page", "per_page")):
        meta = {"type": "object", "required": list(fields), "properties": dict.fromkeys(fields, INT)}
        page = L._things("data", **{holder: meta})
        if required_meta:
            page["required"] += [holder]
        return L._api("/things", [(names[0], "integer"), (names[1], "integer")], page)

    cases = {
        "meta req page/per_page/total (optional meta)": (
            doc("meta", ["page", "per_page", "total"], False),
            ("page", "per_page"),
            "meta",
        ),
        "meta req page/per_page/total (required meta)": (
            doc("meta", ["page", "per_page", "total", "total_pages"], True),
            ("page", "per_page"),
            "meta",
        ),
        "pagination pageNumber/pageSize": (
            doc("pagination", ["pageNumber", "pageSize", "totalCount"], False, ("pageNumber", "pageSize")),
            ("pageNumber", "pageSize"),
            "pagination",
        ),
    }
    for name, (d, (pn, ps), holder) in cases.items():
        for made in (0, 7):
            bad = missing = 0
            ex = None
            for seed in range(20):
                w = SyntheticWorld.from_openapi(d, seed=seed)
                L._made(w, made)
                n = 1
                while n < 10:
                    p = w.call("list_things", {pn: n, ps: 3})
                    m = p.get(holder)
                    if m is None:
                        missing += 1
                        break
                    tot = m.get("total", m.get("totalCount"))
                    if (
                        m.get(pn) != n
                        or m.get(ps) != 3
                        or ("total_pages" in m and m["total_pages"] != -(-tot // 3))
                    ):
                        bad += 1
                        ex = ex or (seed, n, m)
                        break
                    if n * 3 >= tot:
                        break
                    n += 1
            print(f"{name} made={made}: missing {missing}, inconsistent {bad}/20 {ex}")
    print("--- first call names no page number")
    for name, (d, (_, ps), holder) in cases.items():
        for made in (0, 7):
            out = []
            for seed in range(6):
                w = SyntheticWorld.from_openapi(d, seed=seed)
                L._made(w, made)
                p = w.call("list_things", {ps: 3})
                out.append(p.get(holder))
            print(name, made, out)


def _linkbody() -> None:
    import re

    from synthworld import SyntheticWorld
    from tests import test_page_loops as L

    doc = L._api(
        "/search/things",
        [("q", "string"), ("page", "integer"), ("per_page", "integer")],
        L._things("items", total_count={"type": "integer"}, link={"type": "string"}),
    )

    def nxt(p):
        m = re.search(r'<([^>]*)>;\s*rel="next"', p.get("link") or "")
        return m[1] if m else None

    for made in (0, 7):
        st = {"ok": 0, "bound": 0, "wrong": 0, "more": 0}
        for seed in range(20):
            w = SyntheticWorld.from_openapi(doc, seed=seed)
            ids = L._made(w, made)
            pages = []
            try:
                seen = L._loop(w, {"q": "t", "per_page": 2}, L._follow(nxt), pages)
            except AssertionError:
                st["bound"] += 1
                continue
            good = (
                len(seen) == len(set(seen))
                and all(p["total_count"] == len(seen) for p in pages)
                and seen[:made] == ids
            )
            st["ok" if good else "wrong"] += 1
            st["more"] += len(pages) > 1
        print("link body", made, st, pages[0].get("link"))


def _twin() -> None:
    import re

    import httpx

    from synthworld import SyntheticWorld
    from synthworld.serve.rest.app import RestApp
    from tests import test_page_loops as L

    doc = L._api(
        "/repos/{owner}/issues",
        [("page", "integer"), ("per_page", "integer")],
        {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}},
    )
    op = doc["paths"]["/repos/{owner}/issues"]
    op["parameters"] = [{"name": "owner", "in": "path", "required": True, "schema": {"type": "string"}}]
    op["get"]["responses"]["200"]["headers"] = {
        "Link": {"schema": {"type": "string"}, "description": "GitHub paging"}
    }

    def nxt(h):
        m = re.search(r'<([^>]*)>;\s*rel="next"', h or "")
        return m[1] if m else None

    for made in (0, 7):
        st = {"ok": 0, "bound": 0, "wrong": 0, "more": 0}
        ex = None
        for seed in range(20):
            w = SyntheticWorld.from_openapi(doc, seed=seed)
            with httpx.Client(transport=httpx.WSGITransport(app=RestApp(w)), base_url="http://twin") as c:
                ids = [c.post("/repos/me/issues", json={"name": f"t{n}"}).json()["id"] for n in range(made)]
                url = "/repos/me/issues?per_page=3"
                seen = []
                calls = 0
                while url and calls < 30:
                    r = c.get(url)
                    calls += 1
                    seen += [t["id"] for t in r.json()]
                    url = nxt(r.headers.get("link"))
                    ex = ex or r.headers.get("link")
                if calls >= 30:
                    st["bound"] += 1
                    continue
                good = len(seen) == len(set(seen)) and seen[:made] == ids and (made == 0 or seen == ids)
                st["ok" if good else "wrong"] += 1
                st["more"] += calls > 1
        print("twin Link", made, st, ex)


def main() -> None:
    for part in (_repro, _rels, _meta, _linkbody, _twin):
        print(f"== {part.__name__[1:]}")
        part()


if __name__ == "__main__":
    main()
