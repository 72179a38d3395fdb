"""A scenario file that does not parse says what to change, not only what the parser missed: the
mistakes of a person writing YAML by hand (an item's key outdented to its list's dash, a key out
of line with its neighbours, a key indented under one whose value is already given, ``tools t``,
a value holding ``: `` or a ``{`` that wants quotes, a regex's backslash in double quotes, an
unquoted ``*``). Before, each said only the parser's words, such as "did not find expected '-'
indicator", at the line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from synthworld._yaml.hints import fix_hint
from synthworld.serve.cli import main as cli

HEAD = "synthworld_scenario: 1\nname: cancel\ntools: synthworld.examples.shop\n"
CASES = {
    "an item's key at its list's dash": (
        "expect:\n  calls:\n    - tool: get_order\n      input: {order_id: A1}\n"
        "    - tool: refund_order\n    input: {order_id: A1}\n",
        ":9: invalid YAML: did not find expected '-' indicator (line 9 stands at the column of the"
        " list's '- ' items but is not one: indent it under the item above to continue that item,"
        " or start a new item with '- ')",
    ),
    "an item's key between its dash and its keys": (
        "responses:\n  - tool: get_order\n    when: {order_id: A1}\n   output: {status: shipped}\n",
        ":7: invalid YAML: did not find expected '-' indicator (line 7 is indented 3 spaces, the keys"
        " of the item above 4: line it up)",
    ),
    "a key indented under a key with a value": (
        "seed: 1\n  agent: synthworld.examples.agents:refund_agent\n",
        ":5: invalid YAML: mapping values are not allowed in this context (line 5 is indented more"
        " than line 4, whose value is already given on its line: indent it 0 spaces to put its key"
        " beside that one)",
    ),
    "a key out of line with its neighbours": (
        "responses:\n- tool: get_order\n  output: {status: shipped}\n expect: {}\n",
        ":7: invalid YAML: did not find expected key (line 7 is indented 1 space, the keys beside it"
        " 0: line it up with them)",
    ),
    "a key without its colon": (
        "task refund the blender\nseed: 1\n",
        "invalid YAML: could not find expected ':' (line 4 has no ': ' after its key: write key:"
        " value, with a space after the colon)",
    ),
    "a value holding a colon": (
        "task: Note: refund the blender\n",
        ":4: invalid YAML: mapping values are not allowed in this context (the value of task: holds"
        """ ': ': put the value in quotes (task: "..."))""",
    ),
    "text after a quoted value": (
        'task: "Refund it" now\n',
        ":4: invalid YAML: did not find expected key (line 4 has more text after a quoted value: put"
        """ the whole value in quotes (task: '"Cancel it" now'))""",
    ),
    "a brace inside a flow mapping": (
        "expect:\n  output: {regex: ^Refunded {1}}\n",
        ":5: invalid YAML: did not find expected ',' or '}' (the { on line 5 is not closed by a } on"
        " its line, or a value inside it holds { } [ ] , or ': ': close it, and quote such a value"
        ' (regex: "^Refunded {1}"))',
    ),
    "a backslash in double quotes": (
        'expect:\n  output: {regex: "\\d+"}\n',
        ":5: invalid YAML: found unknown escape character (in double quotes a backslash starts an"
        """ escape: write the value in single quotes ('\\d+') or double each backslash ("\\\\d+"))""",
    ),
    "an unquoted star": (
        "latency:\n  *: 0.2\n",
        ":5: invalid YAML: did not find expected alphabetic or numeric character ('*' starts an"
        ' alias or an anchor in YAML: quote it, "*")',
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_synthworld_validate_says_how_to_fix_the_yaml(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body, said = CASES[case]
    path = tmp_path / "cancel.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    assert cli(["validate", str(path)]) == 1
    assert said in capsys.readouterr().err


def test_the_hint_reaches_pytest_collecting_the_file(tmp_path: Path) -> None:
    body, said = CASES["an item's key at its list's dash"]
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "cancel.yaml").write_text(HEAD + body, encoding="utf-8")
    run = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "scenarios"]
    done = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert f"scenarios/cancel.yaml{said}" in done.stdout


@pytest.mark.parametrize(
    "case", ["an item's key at its list's dash", "a value holding a colon", "an unquoted star"]
)
def test_pure_python_pyyamls_words_get_the_same_hint(case: str) -> None:
    """Without libyaml, PyYAML words the problems its own way; the hint is the same."""
    text = HEAD + CASES[case][0]
    with pytest.raises(yaml.MarkedYAMLError) as raised:
        list(yaml.parse(text, Loader=yaml.SafeLoader))
    error, mark, since = raised.value, raised.value.problem_mark, raised.value.context_mark
    assert error.problem is not None
    assert mark is not None
    context = (error.context, since.line + 1, since.column) if error.context and since else None
    hint = fix_hint(text, error.problem, (mark.line + 1, mark.column), context)
    assert hint
    assert hint in CASES[case][1]
