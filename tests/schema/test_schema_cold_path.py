"""The cold path's caches (metaschema verdicts per JSON text, scope keys per Loc, jsonschema-rs
registries per document) never change a value or an error."""

from __future__ import annotations

import re
import threading
from random import Random
from typing import Any

import pytest

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _api, _check, _intake, _probe_draws, _validate, compile_generator
from synthworld.schema._resolve import _scope, root_loc

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "integer", "minimum": 1},
        "tags": {"type": "array", "items": {"$ref": "#/$defs/tag"}, "maxItems": 3},
        "kind": {"oneOf": [{"const": "a"}, {"type": "string", "minLength": 3}]},
    },
    "required": ["id", "kind"],
    "$defs": {"tag": {"type": "string", "pattern": "^[a-z]{2,5}$"}},
}


def _values(schema: Any, **options: Any) -> list[Any]:
    generator = compile_generator(schema, **options)
    return [generator.generate(Random(seed)) for seed in range(8)]


def test_a_metaschema_cache_hit_keeps_the_values() -> None:
    from synthworld.schema import schema_problems

    _api._CACHE.clear()
    _validate._PASSED.clear()
    first = _values(SCHEMA)
    text = _intake.schema_key(SCHEMA)
    assert not _validate.passed_metaschema(text)  # a compile records nothing: it is cached by text
    assert schema_problems(SCHEMA) == []  # a registration's check records the pass
    assert _validate.passed_metaschema(text)
    _api._CACHE.clear()  # the generator is rebuilt, its metaschema check is a hit
    assert _values(SCHEMA) == first
    assert _values(SCHEMA, realistic=False) == _values(SCHEMA, realistic=False)


def test_a_bad_schema_gives_the_same_error_every_time() -> None:
    schema = {"properties": {"a": {"type": "strnig"}}}
    messages = []
    for _ in range(2):
        with pytest.raises(SchemaError, match="fix:") as info:
            compile_generator(schema)
        assert info.value.path == "/properties/a/type"
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    assert not _validate.passed_metaschema(_intake.schema_key(schema))


def test_an_unsatisfiable_schema_is_refused_at_compile_time_though_its_text_passed_the_metaschema() -> None:
    from synthworld.schema import schema_problems

    schema = {"allOf": [{"type": "string"}, {"type": "integer"}]}
    for _ in range(2):
        with pytest.raises(UnsatisfiableSchemaError) as info:
            compile_generator(schema)
        assert info.value.path == "/allOf/0"
    assert schema_problems(schema) == []  # valid JSON Schema, yet unsatisfiable


def test_the_metaschema_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from synthworld.schema import schema_problems

    monkeypatch.setattr(_validate, "_PASSED_SIZE", 3)
    _validate._PASSED.clear()
    for n in range(6):
        assert schema_problems({"type": "integer", "minimum": n, "title": "bounded"}) == []
    texts = [_intake.schema_key({"type": "integer", "minimum": n, "title": "bounded"}) for n in range(6)]
    assert [_validate.passed_metaschema(text) for text in texts] == [False] * 3 + [True] * 3
    assert len(_validate._PASSED) == 3


def test_a_compile_does_not_record_its_metaschema_pass() -> None:
    """A compile's pass is not recorded: its generator is kept by the same text, and the record
    (an ordered map under a lock) cost more than checking a small schema again."""
    _validate._PASSED.clear()
    for n in range(6):
        compile_generator({"type": "integer", "minimum": n, "title": "unrecorded"})
    assert len(_validate._PASSED) == 0


def test_a_loc_key_is_computed_once_and_children_share_the_scope() -> None:
    loc = root_loc({"properties": {"a": {"type": "string"}}, "$defs": {"b": {"$id": "urn:b"}}})
    key = loc.key()
    assert key == (id(loc.schema), loc.resolver._base_uri, _scope(loc.resolver))
    assert loc.key() is key
    child = loc.child(loc.schema["properties"]["a"], "properties", "a")
    assert child.key() == (id(child.schema), loc.resolver._base_uri, key[2])
    other = loc.child(loc.schema["$defs"]["b"], "$defs", "b")  # an $id: a new scope
    assert other.key()[1] == "urn:b"


def test_jsonschema_rs_registries_pin_a_bounded_number_of_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_check, "_REGISTRIES_SIZE", 8)
    _check._REGISTRIES.clear()
    for n in range(20):
        schema = {"type": "integer", "minimum": 0, "maximum": 50, "not": {"multipleOf": n + 2}}
        generator = compile_generator(schema)
        values = [generator.generate(Random(seed)) for seed in range(3)]
        assert all(v % (n + 2) for v in values)  # the negation is checked by jsonschema-rs
    assert len(_check._REGISTRIES) == 8
    assert generator.schema in [doc for doc, _ in _check._REGISTRIES.values()]  # the newest stays


def test_concurrent_cold_compiles_agree() -> None:
    schemas = [{**SCHEMA, "title": f"thing {n % 3}"} for n in range(8)]
    _api._CACHE.clear()
    _validate._PASSED.clear()
    expected = [_values(schema) for schema in schemas]
    _api._CACHE.clear()
    _validate._PASSED.clear()
    results: dict[int, list[Any]] = {}

    def work(n: int) -> None:
        results[n] = _values(schemas[n])

    threads = [threading.Thread(target=work, args=(n,)) for n in range(len(schemas))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [results[n] for n in range(len(schemas))] == expected


def test_a_returns_schema_checked_at_registration_is_not_checked_again_by_its_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from synthworld.schema import schema_problems

    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "title": "checked once"}
    assert schema_problems(schema) == []
    assert _validate.passed_metaschema(_intake.schema_key(schema))

    def fail(*args: Any) -> None:
        raise AssertionError("checked twice")

    monkeypatch.setattr(_intake, "metaschema_error", fail)
    compile_generator(schema)  # the generator's check is the record's hit


def test_the_probe_stream_is_random_zero_every_time() -> None:
    first, expected = _probe_draws.seeded_zero(), Random(0)
    draws = [first.random(), first.gauss(0, 1), first.getrandbits(70), first.randrange(10**9)]
    assert draws == [
        expected.random(),
        expected.gauss(0, 1),
        expected.getrandbits(70),
        expected.randrange(10**9),
    ]
    assert _probe_draws.seeded_zero().random() == Random(0).random()  # drawing from one leaves the next alone


PLAIN: list[Any] = [
    {"type": "string", "maxLength": 5},
    {"oneOf": [{"type": "integer", "multipleOf": 3}, {"type": "integer", "multipleOf": 5}]},
    {"type": "object", "properties": {"a": {"not": {"enum": [1, 2]}}, "b": {"format": "email"}}},
    {"type": "array", "items": {"anyOf": [{"type": "null"}, {"pattern": "^x+$"}]}, "minItems": 2},
]


@pytest.mark.parametrize("schema", PLAIN)
def test_a_document_without_references_shares_one_resolver_and_keeps_its_values(
    schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from synthworld.schema import _resolve

    _api._CACHE.clear()
    shared = compile_generator(schema)
    assert shared._checks._root.resolver is _resolve._PLAIN  # the compiled generator's own root
    values = [shared.generate(Random(seed)) for seed in range(12)]
    monkeypatch.setattr(_resolve, "_SCOPED", re.compile(""))  # every text "has" a reference: its own resolver
    _api._CACHE.clear()
    own = compile_generator(schema)
    loc = own._checks._root
    assert loc.resolver is not _resolve._PLAIN
    assert loc.key() == (id(loc.schema), "", _scope(loc.resolver))
    assert [own.generate(Random(seed)) for seed in range(12)] == values


@pytest.mark.parametrize(
    "schema",
    [
        {"properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"const": 1}}},
        {"$schema": "http://json-schema.org/draft-04/schema#", "id": "urn:x", "type": "integer"},
        {"$id": "urn:y", "type": "integer"},
        {"$anchor": "top", "type": "integer"},
    ],
)
def test_a_document_with_a_reference_or_a_scope_gets_its_own_resolver(schema: Any) -> None:
    from synthworld.schema import _resolve

    loc = root_loc(schema, None, _intake.schema_key(schema))
    assert loc.resolver is not _resolve._PLAIN
    assert loc.resolver.lookup("#").contents is schema  # the document itself is in its registry
    assert loc.key() == (id(schema), loc.resolver._base_uri, _scope(loc.resolver))


def test_a_compile_runs_with_the_cyclic_collector_off_and_turns_it_on_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    seen: list[bool] = []
    real = _api.Compiler

    def spy(**options: Any) -> Any:
        seen.append(gc.isenabled())
        return real(**options)

    monkeypatch.setattr(_api, "Compiler", spy)
    _api._CACHE.clear()
    assert gc.isenabled()
    compile_generator({"type": "integer", "title": "gc spy"})
    with pytest.raises(UnsatisfiableSchemaError):
        compile_generator({"allOf": [{"type": "string"}, {"type": "integer"}], "title": "gc spy"})
    assert seen == [False, False]
    assert gc.isenabled()


def test_a_child_escapes_its_pointer_and_enters_a_scope_or_a_dialect_it_declares() -> None:
    from synthworld.schema._resolve import DRAFT4, DRAFT7, DRAFT2020

    schema: dict[str, Any] = {
        "properties": {"a/b~c": {"type": "string"}, "d": {"$schema": DRAFT4, "id": "urn:d"}},
        "prefixItems": [{"$id": "urn:e"}, {"$schema": DRAFT7}],
    }
    loc = root_loc(schema, None, _intake.schema_key(schema))
    odd = loc.child(schema["properties"]["a/b~c"], "properties", "a/b~c")
    assert (odd.path, odd.pointer, odd.dialect) == ("/properties/a~1b~0c", "/properties/a~1b~0c", DRAFT2020)
    assert odd.resolver is loc.resolver
    assert odd.key() == (id(odd.schema), loc.key()[1], loc.key()[2])
    legacy = loc.child(schema["properties"]["d"], "properties", "d")
    assert (legacy.dialect, legacy.pointer, legacy.key()[1]) == (DRAFT4, "", "urn:d")
    first = loc.child(schema["prefixItems"][0], "prefixItems", 0)
    assert (first.path, first.pointer, first.key()[1]) == ("/prefixItems/0", "", "urn:e")
    second = loc.child(schema["prefixItems"][1], "prefixItems", 1)
    assert (second.path, second.pointer, second.dialect) == ("/prefixItems/1", "/prefixItems/1", DRAFT7)


DOC: dict[str, Any] = {
    "$defs": {
        "a/b": {"type": "integer"},
        "t~n": {"type": "string"},
        "per cent": {"type": "null"},
        "list": {
            "prefixItems": [{"type": "boolean"}, {"$id": "urn:in", "$defs": {"x": {"type": "integer"}}}]
        },
        "scoped": {"$id": "urn:scoped", "$defs": {"y": {"type": "string"}}},
        "named": {"$anchor": "here", "type": "number"},
    },
    "properties": {"p": {"$ref": "#"}},
}
LOCAL = [
    "#",
    "#/$defs/a~1b",
    "#/$defs/t~0n",
    "#/$defs/per%20cent",
    "#/$defs/list/prefixItems/0",
    "#/properties/p",
]
REMOTE = [
    "#here",
    "#/$defs/list/prefixItems/1/$defs/x",
    "#/$defs/scoped/$defs/y",
    "#/$defs/list/prefixItems/01",
    "#/$defs/missing",
    "#/$defs/list/prefixItems/9",
    "urn:scoped#/$defs/y",
]


@pytest.mark.parametrize("base", ["", "https://example.com/doc.json"])
@pytest.mark.parametrize("ref", LOCAL + REMOTE)
def test_a_local_pointer_resolves_as_referencing_resolves_it(ref: str, base: str) -> None:
    from synthworld.schema import _resolve

    doc = {**DOC, "$id": base} if base else DOC
    loc = root_loc(doc, None, _intake.schema_key(doc))
    found = _resolve._local_target(loc, ref)
    assert (found is not None) == (ref in LOCAL)  # the rest go to referencing
    referrer = _resolve.Loc({"$ref": ref}, loc.resolver, loc.dialect, "", doc, "")
    try:
        expected = loc.resolver.lookup(ref)
    except Exception:
        with pytest.raises(SchemaError, match="cannot resolve"):
            _resolve.resolve_ref(referrer, "$ref")
        return
    target = _resolve.resolve_ref(referrer, "$ref")
    assert target.schema is expected.contents
    assert target.key() == (id(expected.contents), expected.resolver._base_uri, _scope(expected.resolver))
    again = _resolve.Loc({"$ref": "#/$defs/t~0n"}, target.resolver, loc.dialect, "", doc, None)
    try:  # a second hop, from the scope the first entered
        then = expected.resolver.lookup("#/$defs/t~0n")
    except Exception:
        with pytest.raises(SchemaError, match="cannot resolve"):
            _resolve.resolve_ref(again, "$ref")
        return
    scope = (id(then.contents), then.resolver._base_uri, _scope(then.resolver))
    assert _resolve.resolve_ref(again, "$ref").key() == scope


@pytest.mark.parametrize(
    "text",
    ['{"a":null}', '[null]', '{"a":[1,null]}', '{"type":"null"}', '{"nullable":true}', '{"a":"x:null"}',
     "null", '{"enum":["null",1]}', '{"a":"nullnull"}', '{"a":1}'],
)  # fmt: skip
def test_a_null_value_is_found_in_one_scan_as_the_three_checks_found_it(text: str) -> None:
    from synthworld.schema._texts import _null_value

    assert _null_value(text.encode()) == (":null" in text or ",null" in text or "[null" in text)


@pytest.mark.parametrize(
    ("schema", "unsure"),
    [
        ({"unevaluatedProperties": False}, True),
        ({"items": {"unevaluatedItems": False}}, True),
        ({"$dynamicRef": "#meta"}, True),
        ({"$recursiveRef": "#"}, True),
        ({"$ref": "#"}, False),
        ({"properties": {"unevaluated": {"type": "string"}}}, False),
        ({"title": "unevaluated", "description": "a Ref"}, False),  # past the plain scans, not the regex
        ({"enum": ["$dynamicRef"]}, True),  # a string value too: the whole text is read, as before
    ],
)
def test_unsure_keywords_are_found_as_the_regex_finds_them(schema: Any, unsure: bool) -> None:
    text = _intake.schema_key(schema)
    assert _intake.unsure(text) is unsure
    assert unsure == (_intake.UNSURE_WORDS.search(text) is not None)


_WORDS = ('"$ref"', '"$dynamicRef"', '"$recursiveRef"', '"$id"', '"id"', '"$anchor"', '"$dynamicAnchor"',
          '"$recursiveAnchor"')  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        *(f'{{"a":{{{word}:1}}}}' for word in _WORDS),
        *(f'{{"enum":[{word}]}}' for word in _WORDS),
        '{"$refs":1,"ids":[],"$id2":"x","$Ref":1,"$anchors":0,"x_id":"id"}',
        '{"description":"\\"$ref\\" and id"}',
        '{"type":"string"}',
        "",
    ],
)
def test_a_scope_word_is_found_in_one_scan_as_one_scan_per_word_found_it(text: str) -> None:
    from synthworld.schema import _resolve

    assert (_resolve._SCOPED.search(text) is not None) == any(word in text for word in _WORDS)


@pytest.mark.parametrize(
    "ref",
    ["#", "#/a/b", "#/a%20b/~1c", "#anchor", "#/a#b", "#/a?b=c;d", "#/a\tb", "#/a\nb\r", "# /a", "#\x00/a",
     "other.json#/a", "urn:x#/y", "http://x.org/s#", "x", "", "#/é/ü"],
)  # fmt: skip
def test_a_fragment_is_read_as_urldefrag_reads_it(ref: str) -> None:
    from urllib.parse import urldefrag

    from synthworld.schema._resolve import _fragment

    assert _fragment(ref) == urldefrag(ref).fragment


ANY_ITEMS: list[Any] = [
    {"type": "array"},
    {"type": "array", "minItems": 2, "maxItems": 4},
    {"type": "object", "additionalProperties": True, "minProperties": 1},
    {"items": {}},
]


@pytest.mark.parametrize("schema", ANY_ITEMS)
def test_any_value_is_compiled_once_per_process_and_gives_the_values_a_fresh_compile_gives(
    schema: dict[str, Any],
) -> None:
    from synthworld.schema import _compile

    _api._CACHE.clear()
    first = _values(schema)
    shared = _compile._anything()
    _compile._ANYTHING.clear()  # a process that never compiled "any value" before
    _api._CACHE.clear()
    assert _values(schema) == first
    assert _compile._anything() is not shared  # compiled afresh, the same values


def test_two_documents_share_the_any_value_node() -> None:
    from synthworld.schema._compile import Compiler, _anything
    from synthworld.schema._parts import Part

    nodes = []
    for doc in ({"type": "array"}, {"type": "array", "maxItems": 9}):
        array = Compiler().node([Part(root_loc(doc))])
        assert array.s.rest is not None
        nodes.append(array.s.rest.resolve())
    assert nodes[0] is nodes[1] is _anything()


@pytest.mark.parametrize(
    "value",
    ["plain", "é\ud800 \"quoted\"", 0, -7, 10**40, True, False, None, 1.0, -0.0, 2.5, float("nan"),
     float("inf"), [1, 2.0, {"b": None, "a": ["x"]}], {"z": 1.0, "ä": [True]}, (1, 2)],
)  # fmt: skip
def test_json_key_is_the_sorted_compact_json_text_of_the_normal_value(value: Any) -> None:
    import json

    from synthworld._json import json_normal
    from synthworld.schema._canonicalise import json_key

    assert json_key(value) == json.dumps(json_normal(value), sort_keys=True, separators=(",", ":"))


def test_json_key_tells_true_from_one_and_one_from_one_point_zero() -> None:
    from synthworld.schema._canonicalise import json_key

    assert json_key(True) != json_key(1)
    assert json_key(1) == json_key(1.0)
    assert json_key({"a": 1, "b": 2}) == json_key({"b": 2.0, "a": 1})
