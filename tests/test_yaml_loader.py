"""The bounded YAML loader (synthworld._yaml): the same data as the safe loader, in one pass from
the parser's events, with line numbers, and every limit checked as the data grows (issue 16)."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld import _yaml
from synthworld.serve.cli import main as cli_main


def safe_load(text: str) -> Any:
    """What PyYAML's own safe loader (with timestamps left as text) builds."""
    return yaml.load(text, Loader=_yaml.JsonLikeLoader)


SAME_AS_SAFE_LOAD = [
    "a: 1\nb: [x, 'y', \"z\"]\nc: {d: ~, e: null, f: true, g: No, h: off}\n",
    "- 1\n- -5\n- 0x1F\n- 1_000\n- 017\n- 1:30\n- +3\n- 00\n- -0\n- 0\n- 12345678901234567890\n",
    "- 1.5\n- .inf\n- -.inf\n- 1e3\n- -2.5e-3\n- 6.8523015e+5\n- 190:20:30.15\n",
    "- 2020-01-01\n- 2001-12-14t21:59:43.10-05:00\n- !!str 5\n- !!int '7'\n- !!float 3\n"
    "- !!binary aGVsbG8=\n",
    "a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  y: 3\nc: {<<: [*a, {x: 9, z: 1}], w: 0}\n"
    "d: {<<: {x: 1}, <<: {x: 2}}\n",
    "base: &b {k: v}\nlist: [*b, *b]\nscalar: &s text\nagain: *s\n",
    "? a\n: b\n'1': one\n1: int-one\n",
    "text: |\n  line one\n  line two\nfolded: >\n  one\n  two\n",
    "",
    "---\n",
    "just text",
    "{a: [b, {c: d}], 'e': [[[]]]}",
    "a: 1\na: 2\n",
    "- !!timestamp 2020-01-01\n",
]


@pytest.mark.parametrize("text", SAME_AS_SAFE_LOAD)
def test_the_data_is_what_the_safe_loader_builds(text: str) -> None:
    assert repr(_yaml.load(text)) == repr(safe_load(text))


def test_base_60_numbers_stay_text_as_timestamps_do() -> None:
    # YAML 1.1 reads 19:30 as 1170 and 1:20:00 as 4800: a time in a scenario or cassette written by
    # hand would silently become a number (YAML 1.2 and JSON have no base-60 numbers)
    text = "at: 19:30\nlong: 1:20:00\nlap: 190:20:30.15\nn: 1_000\nhex: 0x1F\nf: 1.5\nneg: -3\n"
    assert _yaml.load(text) == {
        "at": "19:30",
        "long": "1:20:00",
        "lap": "190:20:30.15",
        "n": 1000,
        "hex": 31,
        "f": 1.5,
        "neg": -3,
    }
    assert _yaml.load_located(text)[0] == _yaml.load(text)


def test_explicit_timestamps_stay_what_the_safe_loader_makes_them() -> None:
    assert _yaml.load("- !!timestamp 2020-01-01\n") == [datetime.date(2020, 1, 1)]


yaml_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers()), children, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(yaml_values, st.booleans())
def test_any_dumped_data_reads_back_as_the_safe_loader_reads_it(value: Any, flow: bool) -> None:
    text = yaml.safe_dump(value, default_flow_style=flow, allow_unicode=True)
    assert repr(_yaml.load(text)) == repr(safe_load(text))


class TestLines:
    def test_each_path_has_its_line(self) -> None:
        text = "a:\n  b: [1, 2]\n  c:\n    - x: 1\n      y: 2\n"
        data, lines = _yaml.load_located(text)
        assert data == {"a": {"b": [1, 2], "c": [{"x": 1, "y": 2}]}}
        assert lines == {
            (): 1,
            ("a",): 1,
            ("a", "b"): 2,
            ("a", "b", 0): 2,
            ("a", "b", 1): 2,
            ("a", "c"): 3,
            ("a", "c", 0): 4,
            ("a", "c", 0, "x"): 4,
            ("a", "c", 0, "y"): 5,
        }

    def test_a_duplicate_key_names_both_lines(self) -> None:
        with pytest.raises(
            _yaml.YamlLimitError, match=r"duplicate key 'a' \(first given on line 2\)"
        ) as info:
            _yaml.load_located("x: 0\na: 1\nb: 2\na: 3\n", unique_keys=True)
        assert info.value.line == 4
        assert _yaml.load("a: 1\na: 3\n") == {"a": 3}  # without unique_keys, the last one wins


def alias_bomb(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


class TestLimits:
    @pytest.mark.parametrize("levels", [6, 9, 30])
    def test_an_alias_bomb_stops_at_the_alias_that_crosses_the_budget(self, levels: int) -> None:
        with pytest.raises(
            _yaml.YamlLimitError, match="aliases expand the document by more than 100,000"
        ) as e:
            _yaml.load(alias_bomb(levels))
        assert e.value.line == 6  # the aliases of level 5 add 9 * (9**5 + ...) values: over budget

    def test_aliases_within_the_budget(self) -> None:
        data = _yaml.load(alias_bomb(4))
        assert len(data["a4"]) == 9
        assert data["a4"][0] is data["a3"]  # shared, as the safe loader shares them

    @pytest.mark.parametrize(
        ("text", "message", "line"),
        [
            ("a: &x [1, *x]\n", "the alias *x refers to data that contains it", 1),
            ("a: 1\nb: *nope\n", "the alias *nope is not defined", 2),
            ("a: 1\n---\nb: 2\n", "expected a single document in the file, found another", 2),
            ("a:\n  b: 1" + "0" * 5000 + "\n", "an integer of 5,001 digits is too long to read", 2),
            ("a: 1_" + "0" * 5000 + "\n", "the value 1_000000000000000000… is too long to read", 1),
            ("a: !!bool maybe\n", "the value maybe is not a valid tag:yaml.org,2002:bool", 1),
            ("a: !!int abc\n", "the value abc is not a valid tag:yaml.org,2002:int", 1),
            ("a: !!float x\n", "the value x is not a valid tag:yaml.org,2002:float", 1),
            ("a: !!set {x, y}\n", "invalid YAML: the tag 'tag:yaml.org,2002:set' is not supported here", 1),
            ("a: !!omap [x: 1]\n", "the tag 'tag:yaml.org,2002:omap' is not supported here", 1),
            ("x: 1\na: !!python/name:os.system\n", "could not determine a constructor for the tag", 2),
            ("a: !!python/object:os.system {}\n", "the tag 'tag:yaml.org,2002:python/object:os.system'", 1),
            ("? [a, b]\n: 1\n", "a mapping key must be a scalar, found a list", 1),
            ("a: {<<: [1, 2]}\n", "'<<' merges a mapping or a list of mappings, nothing else", 1),
            ("a: [1, 2\n", "invalid YAML: did not find expected ',' or ']'", 2),
            ("a:\n\tb: 1\n", "(a tab in the indentation: YAML indents with spaces only)", 2),
            ("a:\n  - 1\n \t- 2\n", "(a tab in the indentation: YAML indents with spaces only)", 3),
        ],
    )
    def test_each_refusal_names_its_line(self, text: str, message: str, line: int) -> None:
        with pytest.raises(_yaml.YamlLimitError, match=message.replace("[", r"\[").replace("*", r"\*")) as e:
            _yaml.load(text)
        assert e.value.line == line

    def test_nesting_past_the_limit(self) -> None:
        with pytest.raises(_yaml.YamlLimitError, match="collections nest deeper than 300 levels"):
            _yaml.load("a: " + "[" * 301 + "]" * 301 + "\n")
        assert _yaml.load("[" * 300 + "]" * 300) is not None

    def test_nesting_past_the_limit_through_aliases(self) -> None:
        deep = "[" * 200 + "]" * 200
        with pytest.raises(_yaml.YamlLimitError, match="nest deeper than 300 levels") as info:
            _yaml.load(f"a: &d {deep}\nb: {'[' * 150}*d{']' * 150}\n")
        assert info.value.line == 2


def test_generate_names_the_line_of_a_bomb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "schema.yaml"
    path.write_text(
        "type: object\nexamples:\n" + "".join("  " + line + "\n" for line in alias_bomb(8).split("\n"))
    )
    assert cli_main(["generate", str(path)]) == 2
    assert f"cannot read schema {str(path)!r} line 8: aliases expand the document" in capsys.readouterr().err


YAML_IMPORTED_AGAIN = """
import sys
import synthworld._yaml

for name in [n for n in sys.modules if n == "yaml" or n.startswith(("yaml.", "synthworld"))]:
    del sys.modules[name]  # what pytester's in-process runs do with the modules a run imported
from synthworld import _yaml

print(_yaml.load("a: 1\\nb: [x, {c: y}]\\n"))
try:
    _yaml.load("a: [1\\n")
except _yaml.YamlLimitError as exc:
    print(exc.line, exc)
"""


def test_yaml_imported_again_in_one_process_is_still_read() -> None:
    """libyaml's parser keeps making the event and error classes of the ``yaml`` it was first
    imported with; a ``yaml`` imported again has classes of its own, and the loader, which told
    events apart by identity, met none it knew and spun forever (a pytester test of the plugin
    that loaded a scenario file hung)."""
    done = subprocess.run(
        [sys.executable, "-c", YAML_IMPORTED_AGAIN], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.splitlines() == [
        "{'a': 1, 'b': ['x', {'c': 'y'}]}",
        "2 invalid YAML: did not find expected ',' or ']' (the [ on line 1 is not closed by a ] on its"
        """ line, or a value inside it holds { } [ ] , or ': ': close it, and quote such a value (tags:"""
        """ [home, "to do: later"]))""",
    ]
