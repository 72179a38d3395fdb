"""Answer-space coverage: enum values, oneOf/anyOf branches and optional fields the answers reached,
counted on small worlds whose numbers are checked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import Coverage, FunctionBackend, SyntheticWorld, ToolError, ToolSpec
from synthworld.world.answer_space import AnswerProbe
from tests._plugin_support import isolate, run
from tests.test_eval_html import parse

pytest_plugins = ["pytester"]

RETURNS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "status": {"enum": ["pending", "paid", "cancelled"]},
        "method": {"oneOf": [{"$ref": "#/$defs/Card"}, {"$ref": "#/$defs/Bank"}]},
        "note": {"type": "string"},
        "lines": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"sku": {"type": "string"}, "gift": {"type": "boolean"}},
                "required": ["sku"],
            },
        },
    },
    "required": ["status", "method", "lines"],
    "$defs": {
        "Card": {
            "type": "object",
            "properties": {"kind": {"const": "card"}, "last4": {"type": "string"}},
            "required": ["kind"],
            "additionalProperties": False,
        },
        "Bank": {
            "type": "object",
            "properties": {"kind": {"const": "bank"}, "iban": {"type": "string"}},
            "required": ["kind", "iban"],
            "additionalProperties": False,
        },
    },
}
ANSWERS: dict[str, Any] = {
    "A1": {
        "status": "paid",
        "method": {"kind": "card", "last4": "4242"},
        "lines": [{"sku": "a"}, {"sku": "b", "gift": True}],
    },
    "A2": {"status": "paid", "method": {"kind": "bank", "iban": "DE1"}, "lines": [], "note": "x"},
    "A3": {"status": "pending", "method": {"kind": "card"}, "lines": [{"sku": "c"}]},
}
EVERY_OUTCOME = (
    "get_payment $.lines != []",
    "get_payment $.lines = []",
    "get_payment $.lines[*].gift = false",
    "get_payment $.lines[*].gift = true",
    "get_payment $.lines[*].gift absent",
    "get_payment $.lines[*].gift present",
    "get_payment $.method oneOf[0] (Card)",
    "get_payment $.method oneOf[1] (Bank)",
    "get_payment $.method.last4 absent",
    "get_payment $.method.last4 present",
    "get_payment $.note absent",
    "get_payment $.note present",
    'get_payment $.status = "cancelled"',
    'get_payment $.status = "paid"',
    'get_payment $.status = "pending"',
)
PARAMETERS = {"type": "object", "properties": {"payment_id": {"type": "string"}}, "required": ["payment_id"]}


def payment_world(**options: Any) -> SyntheticWorld:
    def answer(tool: str, args: dict[str, Any]) -> Any:
        if args["payment_id"] not in ANSWERS:
            raise ToolError("not_found", f"no payment {args['payment_id']}")
        return ANSWERS[args["payment_id"]]

    world = SyntheticWorld(seed=0, backend=FunctionBackend(answer), **options)
    world.register_tool(ToolSpec("get_payment", "Fetch a payment.", PARAMETERS, RETURNS))
    return world


def pay(world: SyntheticWorld, *ids: str) -> None:
    for payment_id in ids:
        world.call("get_payment", {"payment_id": payment_id})


def test_every_outcome_of_the_schema_is_listed() -> None:
    assert AnswerProbe(RETURNS, prefix="get_payment ").outcomes == EVERY_OUTCOME


def test_enum_values_branches_and_optional_fields_are_counted_per_answer() -> None:
    world = payment_world()
    pay(world, "A1", "A2", "A3")
    coverage = world.coverage()
    assert coverage.answers == {
        "get_payment $.lines[*].gift = false": 0,
        "get_payment $.lines[*].gift = true": 1,  # A1 (its second line)
        "get_payment $.lines[*].gift absent": 2,  # A1 (its first line) and A3
        "get_payment $.lines[*].gift present": 1,  # A1 (its second line): one answer reaches both
        "get_payment $.lines != []": 2,  # A1 and A3
        "get_payment $.lines = []": 1,  # A2
        "get_payment $.method oneOf[0] (Card)": 2,
        "get_payment $.method oneOf[1] (Bank)": 1,
        "get_payment $.method.last4 absent": 1,
        "get_payment $.method.last4 present": 1,
        "get_payment $.note absent": 2,
        "get_payment $.note present": 1,
        'get_payment $.status = "cancelled"': 0,
        'get_payment $.status = "paid"': 2,
        'get_payment $.status = "pending"': 1,
    }
    assert coverage.never_answered == [
        "get_payment $.lines[*].gift = false",
        'get_payment $.status = "cancelled"',
    ]
    assert round(coverage.answers_percent or 0, 2) == 86.67  # 13 of 15
    assert coverage.percent == 100.0  # tools called: the threshold's measure is unchanged


def test_failed_and_malformed_answers_reach_nothing_and_counts_survive_a_reset() -> None:
    world = payment_world(faults=[{"tool": "get_payment", "on_call": 2, "malformed": "wrong_type"}])
    pay(world, "A1", "A2")  # the second answer is broken on purpose: no part of the answer space
    with pytest.raises(ToolError):
        pay(world, "nope")
    world.reset()
    pay(world, "A3")
    answers = world.coverage().answers
    assert answers['get_payment $.status = "paid"'] == 1
    assert answers['get_payment $.status = "pending"'] == 1
    assert answers["get_payment $.note present"] == 0
    assert answers["get_payment $.method.last4 absent"] == 1  # A3
    assert answers["get_payment $.lines = []"] == 0  # A2 was broken
    assert sum(1 for n in answers.values() if n) == 10  # not: note present, Bank, cancelled, gift false, []
    assert world.coverage().tools == {"get_payment": 4}


def test_a_tool_never_answered_lists_no_outcomes() -> None:
    assert payment_world().coverage().answers == {}
    assert "answer space" not in payment_world().coverage().format()


def test_answers_merge_round_trip_and_older_dicts_still_load() -> None:
    first, second = payment_world(), payment_world()
    pay(first, "A1")
    pay(second, "A2", "A2")
    total = Coverage.merged([first.coverage(), second.coverage()])
    assert total.answers['get_payment $.status = "paid"'] == 3
    assert total.answers["get_payment $.method oneOf[1] (Bank)"] == 2
    assert total.answers["get_payment $.method oneOf[0] (Card)"] == 1
    assert total.never_answered == [
        "get_payment $.lines[*].gift = false",
        "get_payment $.method.last4 absent",
        'get_payment $.status = "cancelled"',
        'get_payment $.status = "pending"',
    ]
    assert Coverage.from_dict(total.to_dict()) == total
    saved_before = {"tools": {"get_payment": 1}, "errors": {}, "hazards": {}, "malformed": {}}
    assert Coverage.from_dict(saved_before).answers == {}
    assert (Coverage.from_dict(saved_before) + total).answers == total.answers


def test_text_and_html_show_the_answer_table_and_its_share() -> None:
    world = payment_world()
    pay(world, "A1", "A2", "A3")
    text = world.coverage().format()
    assert 'get_payment $.status = "cancelled"          0  <- never answered' in text
    assert 'get_payment $.status = "paid"               2' in text
    assert text.splitlines()[-1] == "answer space: 13/15 outcomes reached (87%)"
    page = parse(world.coverage()._repr_html_())
    table = page.tables["synthworld-coverage-answer"]
    assert table[0] == ["answer", "answers", ""]
    assert ['get_payment $.status = "cancelled"', "0", "never answered"] in table
    assert len(table) == 16
    assert "answer space: 13/15 outcomes reached (87%)" in world.coverage()._repr_html_()


def test_nullable_branches_are_named_and_a_recursive_schema_is_walked_once() -> None:
    tree = {
        "type": "object",
        "properties": {
            "label": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "children": {"type": "array", "items": {"$ref": "#"}},
        },
        "required": ["label"],
    }
    probe = AnswerProbe(tree)
    assert probe.outcomes == (
        "$.children != []",
        "$.children = []",
        "$.children absent",
        "$.children present",
        "$.children[*].children != []",
        "$.children[*].children = []",
        "$.children[*].children absent",  # the "#" reached again below is not walked again
        "$.children[*].children present",
        "$.children[*].label anyOf[0] (string)",
        "$.children[*].label anyOf[1] (null)",
        "$.label anyOf[0] (string)",
        "$.label anyOf[1] (null)",
    )
    value = {"label": None, "children": [{"label": "x"}]}
    assert sorted(probe.reached(value)) == [
        "$.children != []",
        "$.children present",
        "$.children[*].children absent",
        "$.children[*].label anyOf[0] (string)",
        "$.label anyOf[1] (null)",
    ]


def test_the_same_seed_reaches_the_same_answer_space() -> None:
    from synthworld.examples import helpdesk

    def answers(seed: int) -> dict[str, int]:
        world = SyntheticWorld(seed=seed)
        world.add_tools(helpdesk)
        for i in range(20):
            world.call("get_ticket", {"ticket_id": f"T-{i}"})
        return dict(world.coverage().answers)

    assert answers(3) == answers(3)
    assert sum(answers(3).values()) == 20  # each answer holds one status


# -- pytest --synthworld-coverage ------------------------------------------------------------


SESSION = """
from typing import Literal, TypedDict

from synthworld import FunctionBackend, SyntheticWorld


class Ticket(TypedDict):
    status: Literal["open", "closed", "pending"]


def test_get():
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: {"status": args["ticket_id"]}))

    @world.tool
    def get_ticket(ticket_id: str) -> Ticket:
        \"\"\"Fetch a ticket.\"\"\"

    for status in ("open", "open", "closed"):
        get_ticket(status)
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def test_the_session_table_shows_the_answer_space(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(SESSION)
    result = run(pyt, "--synthworld-coverage")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(
        [
            'get_ticket $.status = "closed"         1',
            'get_ticket $.status = "open"           2',
            'get_ticket $.status = "pending"        0  <- never answered',
            "answer space: 2/3 outcomes reached (67%)",
        ]
    )


def test_a_branch_that_refers_outside_the_definitions_is_still_told_apart() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {"oneOf": [{"$ref": "#/properties/a"}, {"type": "integer"}]},
        },
        "required": ["a", "b"],
    }
    probe = AnswerProbe(schema)
    assert probe.outcomes == ("$.b oneOf[0] (a)", "$.b oneOf[1] (integer)")
    assert probe.reached({"a": "x", "b": "y"}) == ["$.b oneOf[0] (a)"]
    assert probe.reached({"a": "x", "b": 3}) == ["$.b oneOf[1] (integer)"]


# -- counted as answered ----------------------------------------------------------------------


def test_an_answer_edited_in_the_trace_afterwards_counts_as_it_was_given() -> None:
    """Answers used to be read from the trace when coverage was asked for: editing
    ``trace[0].output`` before then moved the counts."""
    world = payment_world()
    pay(world, "A1", "A3")
    world.trace[0].output["status"] = "cancelled"
    world.trace[1].output["lines"].clear()
    answers = world.coverage().answers
    assert answers['get_payment $.status = "cancelled"'] == 0
    assert answers['get_payment $.status = "paid"'] == 1
    assert answers["get_payment $.lines[*].gift absent"] == 2  # A1's first line and A3's line


def test_a_handler_that_changes_earlier_answers_through_the_trace_changes_no_count() -> None:
    def answer(ctx: Any) -> Any:
        for call in ctx.trace:  # marks what it answered before, in place
            if call.output is not None:
                call.output["status"] = "cancelled"
        return ANSWERS[ctx.input["payment_id"]]

    world = SyntheticWorld(seed=0, backend=FunctionBackend(answer))
    world.register_tool(ToolSpec("get_payment", "Fetch a payment.", PARAMETERS, RETURNS))
    pay(world, "A1", "A2", "A3")
    assert world.trace[0].output["status"] == "cancelled"  # the trace holds what the handler did
    answers = world.coverage().answers
    assert answers['get_payment $.status = "cancelled"'] == 0
    assert answers['get_payment $.status = "paid"'] == 2
    assert answers['get_payment $.status = "pending"'] == 1
