"""A key written in the wrong place of a scenario file is named with where it goes.

Before: ``not_called:`` beside ``expect:`` got "unknown key 'not_called'; allowed keys: agent,
backend, ..." (no word of ``expect``), ``responses:`` under ``expect:`` the expect keys,
``{tool: X, output: ...}`` under ``expect.calls`` "allowed keys: input, tool", and
``not_called: cancel_event`` "'cancel_event' is not of type 'array'".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario

HEAD = "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "expect:\n  max_calls: 3\nnot_called: [refund_order]\n",
            "s.yaml:6: not_called: unknown key 'not_called'; 'not_called' is an expectation: move it "
            "under 'expect:' (expect: {not_called: ...})",
        ),
        (
            "output: {regex: '^Refunded'}\n",
            "s.yaml:4: output: unknown key 'output'; 'output' is an expectation: move it under "
            "'expect:' (expect: {output: ...})",
        ),
        (
            "expect:\n  responses:\n    - {tool: get_order, output: {status: open}}\n",
            "s.yaml:5: expect.responses: unknown key 'responses'; 'responses' goes at the top level "
            "of the file, not under 'expect:' (unindent it)",
        ),
        (
            "expect:\n  calls:\n    - {tool: get_order, output: {status: open}}\n",
            "s.yaml:6: expect.calls[0].output: unknown key 'output'; a call pattern matches a tool and "
            "its input only: script the tool's output under the top-level 'responses:' ({tool: NAME, "
            "when: {...}, output: ...}), or check the agent's final answer with expect.output",
        ),
        (
            "expect:\n  calls:\n    - {tool: get_order, when: {order_id: A1}}\n",
            "s.yaml:6: expect.calls[0].when: unknown key 'when'; a call pattern's arguments go under "
            "'input:' ({tool: NAME, input: {...}})",
        ),
        (  # before: "'1' is not of type 'integer'", and no more
            "expect:\n  max_calls: {refund_order: '1'}\n",
            "s.yaml:5: expect.max_calls.refund_order: '1' is not of type 'integer'; write the number "
            "without quotes: refund_order: 1",
        ),
        (
            "seed: '3'\n",
            "s.yaml:4: seed: '3' is not of type 'integer'; write the number without quotes: seed: 3",
        ),
        (
            "expect:\n  not_called: refund_order\n",
            "s.yaml:5: expect.not_called: 'refund_order' is not of type 'array'; it takes a list: "
            'write not_called: ["refund_order"]',
        ),
    ],
)
def test_a_misplaced_key_says_where_it_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("s.yaml").write_text(HEAD + body, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario("s.yaml")
    assert str(info.value).splitlines() == [expected]


def test_a_misspelt_key_in_its_place_keeps_its_close_match(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + "expect:\n  max_call: 3\n", encoding="utf-8")
    meant = r"expect\.max_call: unknown key 'max_call'; did you mean 'max_calls'\?$"
    with pytest.raises(ScenarioError, match=meant):
        load_scenario(path)


def test_a_scripted_answers_when_and_output_are_both_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, a `when` naming no parameter hid what was wrong with the output beside it (and was
    named at the entry's line, not at `when`'s)."""
    monkeypatch.chdir(tmp_path)
    body = "responses:\n  - tool: get_order\n    when: {orderid: A1}\n    output: {status: 7}\n"
    Path("s.yaml").write_text(HEAD + body, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario("s.yaml")
    lines = str(info.value).splitlines()
    assert [line.split(": ")[0] for line in lines] == ["s.yaml:5", "s.yaml:6"]
    assert lines[0].startswith("s.yaml:5: responses[0]: script('get_order'): ")
    assert "$.status: 7 is not of type 'string'" in lines[0]
    assert lines[1] == (
        "s.yaml:6: responses[0].when: names no parameter ['orderid'] (parameters: order_id); "
        "did you mean 'order_id'?"
    )


def test_a_run_without_an_agent_says_every_place_to_give_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "add 'agent: module:callable' or pass agent=...", Python's words on the command line."""
    monkeypatch.chdir(tmp_path)
    Path("s.yaml").write_text(HEAD, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario("s.yaml").run(1)
    assert str(info.value) == (
        "s.yaml: no agent to run; add 'agent: module:callable' to the file, or give one: --agent "
        "module:callable (synthworld run, eval), agent=... (Python)"
    )


OPS = "$regex, $any, $contains, $gt, $gte, $lt, $lte"


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (  # before: accepted, and the run failed on `'A1' != {'regex': '^A'}`
            "{order_id: {regex: '^A'}}",
            "s.yaml:6: expect.calls[0].input.order_id: 'order_id' takes no object, so {regex: ...} never "
            "matches; an operator starts with '$': write {$regex: ...}",
        ),
        (
            "{order_id: {$regx: '^A'}}",
            f"s.yaml:6: expect.calls[0].input.order_id.$regx: unknown operator '$regx'; use one of {OPS}; "
            "did you mean '$regex'?",
        ),
        (
            "{order_id: {$in: [A1, A2]}}",
            f"s.yaml:6: expect.calls[0].input.order_id.$in: unknown operator '$in'; use one of {OPS}; to "
            "match one of several texts, use $regex: '^(a|b)$'; a plain value matches itself",
        ),
    ],
)
def test_a_match_operator_written_wrong_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pattern: str, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    body = f"expect:\n  calls:\n    - {{tool: get_order, input: {pattern}}}\n"
    Path("s.yaml").write_text(HEAD + body, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario("s.yaml")
    assert str(info.value).splitlines() == [expected]


def test_a_field_named_like_an_operator_in_an_object_parameter_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An object parameter may have a field called ``regex``: a pattern of its fields is fine."""
    monkeypatch.chdir(tmp_path)
    tools = (
        "tools:\n  - name: find\n    parameters:\n      type: object\n      properties:\n"
        "        rule: {type: object, properties: {regex: {type: string}}}\n"
    )
    body = "expect:\n  calls:\n    - {tool: find, input: {rule: {regex: '^A'}}}\n"
    Path("s.yaml").write_text("synthworld_scenario: 1\nname: x\n" + tools + body, encoding="utf-8")
    assert load_scenario("s.yaml").data["expect"]["calls"][0]["input"] == {"rule": {"regex": "^A"}}
