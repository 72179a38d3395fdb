"""Answer-space coverage of booleans, nullable values, maps (``additionalProperties``) and
``if``/``then``/``else``: each counted as two outcomes, from stubs, hand-written specs and a
pytest session."""

from __future__ import annotations

from typing import Any, Literal, Optional

import pytest
from typing_extensions import NotRequired, TypedDict

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.world.answer_space import AnswerProbe
from tests._plugin_support import isolate
from tests.test_eval_html import parse

pytest_plugins = ["pytester"]


class Product(TypedDict):
    sku: str
    discount: Optional[float]  # noqa: UP045 (the spelling users write in stubs)
    stock: dict[str, int]
    badges: dict[str, Literal["new", "sale"]]
    note: NotRequired[Optional[str]]  # noqa: UP045


PRODUCTS: dict[str, Any] = {
    "p1": {"sku": "p1", "discount": None, "stock": {}, "badges": {"a": "new"}},
    "p2": {"sku": "p2", "discount": 0.1, "stock": {"berlin": 3}, "badges": {}, "note": None},
    "p3": {"sku": "p3", "discount": None, "stock": {"a": 1, "b": 2}, "badges": {"x": "new", "y": "new"}},
}


def product_world(seed: int = 0, *, random: bool = False) -> SyntheticWorld:
    backend = None if random else FunctionBackend(lambda tool, args: PRODUCTS[args["sku"]])
    world = SyntheticWorld(seed=seed, backend=backend)

    @world.tool
    def get_product(sku: str) -> Product:
        """Fetch a product."""

    return world


def test_optional_fields_and_maps_of_a_stub_are_two_outcomes_each() -> None:
    world = product_world()
    for sku in ("p1", "p2", "p3"):
        world.call("get_product", {"sku": sku})
    assert world.coverage().answers == {
        'get_product $.badges.* = "new"': 2,  # p1 and p3 (p3 twice in one answer: counted once)
        'get_product $.badges.* = "sale"': 0,
        "get_product $.badges.* absent": 1,
        "get_product $.badges.* present": 2,
        "get_product $.discount != null": 1,
        "get_product $.discount = null": 2,
        "get_product $.note != null": 0,  # present once, and null then
        "get_product $.note = null": 1,
        "get_product $.note absent": 2,
        "get_product $.note present": 1,
        "get_product $.stock.* absent": 1,
        "get_product $.stock.* present": 2,
    }
    assert world.coverage().never_answered == [
        'get_product $.badges.* = "sale"',
        "get_product $.note != null",
    ]
    assert round(world.coverage().answers_percent or 0, 2) == 83.33  # 10 of 12


def test_text_and_html_list_the_new_outcomes_and_share_one_total() -> None:
    world = product_world()
    world.call("get_product", {"sku": "p1"})
    coverage = world.coverage()
    text = coverage.format()
    assert "get_product $.discount = null          1" in text
    assert "get_product $.stock.* present          0  <- never answered" in text
    assert text.splitlines()[-1] == "answer space: 5/12 outcomes reached (42%)"
    table = parse(coverage._repr_html_()).tables["synthworld-coverage-answer"]
    assert ["get_product $.discount != null", "0", "never answered"] in table
    assert ["get_product $.stock.* absent", "1", ""] in table
    assert len(table) == 1 + len(coverage.answers) == 13
    assert "answer space: 5/12 outcomes reached (42%)" in coverage._repr_html_()


def test_a_seeded_world_reaches_both_sides_and_the_same_seed_the_same_counts() -> None:
    def answers(seed: int) -> dict[str, int]:
        world = product_world(seed, random=True)
        for i in range(30):
            world.call("get_product", {"sku": f"p{i}"})
        return dict(world.coverage().answers)

    first = answers(4)
    assert first == answers(4)
    for outcome in ("$.discount = null", "$.discount != null", "$.stock.* absent", "$.stock.* present"):
        assert first[f"get_product {outcome}"] > 0, outcome
    assert first["get_product $.discount = null"] + first["get_product $.discount != null"] == 30


class Stock(TypedDict):
    in_stock: bool
    backorder: Optional[bool]  # noqa: UP045


def test_true_and_false_of_a_boolean_are_two_outcomes_as_an_enum_of_two_is() -> None:
    answers = iter([{"in_stock": True, "backorder": None}, {"in_stock": True, "backorder": False}])
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: next(answers)))

    @world.tool
    def get_stock(sku: str) -> Stock:
        """Stock of a product."""

    get_stock("a")
    get_stock("b")
    assert world.coverage().answers == {
        "get_stock $.backorder != null": 1,
        "get_stock $.backorder = false": 1,
        "get_stock $.backorder = null": 1,
        "get_stock $.backorder = true": 0,
        "get_stock $.in_stock = false": 0,
        "get_stock $.in_stock = true": 2,
    }
    assert AnswerProbe({"type": "boolean", "const": True}).outcomes == ()  # one value: nothing to tell apart
    assert AnswerProbe({"enum": [True, False, 1]}).outcomes == ("$ = 1", "$ = false", "$ = true")


def test_nullable_type_lists_anyof_null_and_enums_with_null_are_counted_once_each() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": ["string", "null"]},
            "b": {"anyOf": [{"type": "integer"}, {"type": "null"}]},  # already two branches
            "c": {"type": ["string", "null"], "enum": ["x", None]},  # the enum names null itself
            "d": {"type": ["null"]},  # only null: nothing to tell apart
        },
        "required": ["a", "b", "c", "d"],
    }
    probe = AnswerProbe(schema)
    assert probe.outcomes == (
        "$.a != null",
        "$.a = null",
        "$.b anyOf[0] (integer)",
        "$.b anyOf[1] (null)",
        '$.c = "x"',
        "$.c = null",
    )
    assert sorted(probe.reached({"a": None, "b": 1, "c": None, "d": None})) == [
        "$.a = null",
        "$.b anyOf[0] (integer)",
        "$.c = null",
    ]


def test_a_map_beside_named_and_patterned_keys_counts_only_the_other_keys() -> None:
    schema = {
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "patternProperties": {"^x-": {"type": "string"}},
        "additionalProperties": {"enum": [1, 2]},
        "required": ["id"],
    }
    probe = AnswerProbe(schema)
    assert probe.outcomes == ("$.* = 1", "$.* = 2", "$.* absent", "$.* present")
    assert probe.reached({"id": "a", "x-trace": "t"}) == ["$.* absent"]
    assert sorted(probe.reached({"id": "a", "x-trace": "t", "n": 2})) == ["$.* = 2", "$.* present"]


def test_a_map_that_must_have_entries_or_is_closed_lists_no_pair() -> None:
    assert AnswerProbe({"type": "object", "additionalProperties": {}, "minProperties": 1}).outcomes == ()
    assert AnswerProbe({"type": "object", "additionalProperties": False}).outcomes == ()
    assert AnswerProbe({"type": "object", "additionalProperties": {"not": {}}}).outcomes == ()
    assert AnswerProbe({"type": "object"}).outcomes == ()  # open, not declared a map: not counted
    assert AnswerProbe({"type": "object", "additionalProperties": True}).outcomes == (
        "$.* absent",
        "$.* present",
    )


SHIPMENT = {
    "type": "object",
    "properties": {
        "country": {"type": "string"},
        "state": {"type": "string"},
        "carrier": {"type": "string"},
    },
    "required": ["country", "carrier"],
    "if": {"properties": {"country": {"const": "US"}}, "required": ["country"]},
    "then": {"required": ["state"], "properties": {"carrier": {"enum": ["ups", "usps"]}}},
    "else": {"properties": {"carrier": {"enum": ["dhl", "ups"]}}},
}


def test_the_side_of_an_if_each_answer_took_is_counted_with_what_that_side_adds() -> None:
    answers = iter([{"country": "US", "state": "CA", "carrier": "usps"}, {"country": "DE", "carrier": "dhl"}])
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: next(answers)))
    world.register_tool(
        ToolSpec("get_shipment", "A shipment.", {"type": "object", "properties": {}}, SHIPMENT)
    )
    world.call("get_shipment", {})
    world.call("get_shipment", {})
    assert world.coverage().answers == {
        'get_shipment $ if (country = "US") else': 1,
        'get_shipment $ if (country = "US") then': 1,
        'get_shipment $.carrier = "dhl"': 1,
        'get_shipment $.carrier = "ups"': 0,
        'get_shipment $.carrier = "usps"': 1,
        "get_shipment $.state absent": 1,
        "get_shipment $.state present": 1,
    }


def test_an_if_is_named_by_its_title_or_its_json_and_a_boolean_if_is_not_counted() -> None:
    titled = {"if": {"title": "domestic", "required": ["state"]}, "then": {}}
    assert AnswerProbe(titled).outcomes == ("$ if (domestic) else", "$ if (domestic) then")
    plain = {"if": {"required": ["state"]}}
    assert AnswerProbe(plain).outcomes == (
        '$ if {"required":["state"]} else',
        '$ if {"required":["state"]} then',
    )
    long = {"if": {"required": [f"field_{i}" for i in range(10)]}}
    cut = '$ if {"required":["field_0","field_1","field_2","field_3","field\u2026'  # 60 characters
    assert AnswerProbe(long).outcomes == (f"{cut} else", f"{cut} then")
    assert AnswerProbe({"if": True, "then": {"required": ["a"]}}).outcomes == ()


# -- pytest --synthworld-coverage -n 2 ----------------------------------------------------------


SESSION = """
from typing import Optional

import pytest
from typing_extensions import TypedDict

from synthworld import FunctionBackend, SyntheticWorld


class User(TypedDict):
    nick: Optional[str]
    scores: dict[str, int]


ANSWERS = {{"a": {{"nick": None, "scores": {{}}}}, "b": {{"nick": "bo", "scores": {{}}}}}}


@pytest.mark.parametrize("user_id", {ids!r})
def test_get(user_id):
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: ANSWERS[args["user_id"]]))

    @world.tool
    def get_user(user_id: str) -> User:
        \"\"\"Fetch a user.\"\"\"

    get_user(user_id)
"""


def test_workers_send_the_new_outcomes_to_the_controller(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyt = isolate(pytester, monkeypatch)
    pyt.makepyfile(SESSION.format(ids=["a", "b", "a", "b"]))
    result = pyt.runpytest_subprocess(
        "-p", "synthworld.pytest_plugin", "-p", "xdist", "-n", "2", "--synthworld-coverage"
    )
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(
        [
            "get_user $.nick != null            2",
            "get_user $.nick = null             2",
            "get_user $.scores.* absent         4",
            "get_user $.scores.* present        0  <- never answered",
            "answer space: 3/4 outcomes reached (75%)",
        ]
    )
