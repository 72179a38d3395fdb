"""A document whose references reach an embedded resource is crawled once per compile
(`_resolve._crawled_root`), not again at each lookup of the dangling-reference walk and the
compile; every document still resolves in its own scope and registry."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
import referencing
import referencing.jsonschema

from synthworld.errors import SchemaError
from synthworld.schema import compile_generator


def _doc(root: str, item: dict[str, Any]) -> dict[str, Any]:
    """A document whose two properties reach embedded resources by relative URIs."""
    return {
        "$id": root,
        "type": "object",
        "properties": {"a": {"$ref": "item.json"}, "b": {"$ref": "other.json#/$defs/x"}},
        "required": ["a", "b"],
        "$defs": {
            "item": {"$id": "item.json", **item},
            "other": {"$id": "other.json", "$defs": {"x": {"type": "string", "minLength": 2}}},
        },
    }


@pytest.fixture
def crawls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times `referencing.Registry.crawl` crawled something (the real one runs: only
    counted; a crawl of a crawled registry finds nothing to do)."""
    count = [0]
    real = referencing.Registry.crawl

    def counted(self: referencing.Registry[Any]) -> referencing.Registry[Any]:
        count[0] += bool(self._uncrawled)
        return real(self)

    monkeypatch.setattr(referencing.Registry, "crawl", counted)
    return count


def test_a_document_of_embedded_resources_is_crawled_once_and_keeps_its_own_scope(crawls: list[int]) -> None:
    """Two documents with the same relative ``$id``s (``item.json``) under different roots: each
    resolves its own, each crawled once (before: four times, twice by the dangling walk)."""
    integers = compile_generator(_doc("https://one.example/root.json", {"type": "integer", "minimum": 3}))
    assert crawls[0] == 1
    nulls = compile_generator(_doc("https://two.example/root.json", {"type": "null"}))
    assert crawls[0] == 2
    for seed in range(5):
        value = integers.generate(Random(seed))
        assert isinstance(value["a"], int)
        assert value["a"] >= 3
        assert len(value["b"]) >= 2
        assert nulls.generate(Random(seed))["a"] is None
    assert crawls[0] == 2  # nor at a call


def test_a_registry_crawled_once_resolves_each_callers_own_documents(crawls: list[int]) -> None:
    """The same document compiled against two registries naming ``shared.json`` differently:
    each compile reads its own registry's (a URI the registry holds needs no crawl of the document)."""
    doc = {"$id": "https://app.example/root.json", "$ref": "shared.json"}

    def registry(shared: dict[str, Any]) -> referencing.Registry[Any]:
        resource = referencing.jsonschema.DRAFT202012.create_resource(shared)
        made: referencing.Registry[Any] = referencing.Registry().with_resource(
            "https://app.example/shared.json", resource
        )
        return made

    texts = registry({"type": "string", "minLength": 4})
    numbers = registry({"type": "number", "minimum": 10})
    before = crawls[0]
    text_gen = compile_generator(doc, registry=texts)
    number_gen = compile_generator(doc, registry=numbers)
    assert crawls[0] - before == 2  # each registry with the metaschemas (kept); the document: never
    for seed in range(5):
        assert isinstance(text_gen.generate(Random(seed)), str)
        assert number_gen.generate(Random(seed)) >= 10


def test_documents_of_local_pointers_are_never_crawled_and_dangling_refs_still_refused(
    crawls: list[int],
) -> None:
    """Pointers into the document itself look nothing up (no crawl); a relative reference to
    nothing is refused at compile time, naming it, as before."""
    local: dict[str, Any] = {"$defs": {"n": {"type": "integer"}}, "properties": {"n": {"$ref": "#/$defs/n"}}}
    local["required"] = ["n"]
    assert isinstance(compile_generator(local).generate(Random(0))["n"], int)
    assert crawls[0] == 0
    broken = {"$id": "https://x.example/r.json", "properties": {"p": {"$ref": "nowhere.json"}}}
    with pytest.raises(SchemaError, match=r"cannot resolve \$ref='nowhere.json' at '/properties/p'"):
        compile_generator(broken)
    assert crawls[0] == 1
