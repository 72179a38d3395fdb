"""The cassette file: round trips, readable output, and errors that name file, line and path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld import CassetteError, RandomBackend, SyntheticWorld, ToolSpec
from synthworld.backends.fixtures import FixtureBackend
from synthworld.cassette import Cassette, Fingerprint, Interaction, load_cassette, save_cassette
from synthworld.cassette.format import dumps, loads

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
interactions = st.builds(
    Interaction,
    tool=st.from_regex(r"[a-z_]{1,10}", fullmatch=True),
    input=st.dictionaries(st.text(), json_values, max_size=4),
    output=json_values,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(interactions, max_size=5), st.booleans())
def test_any_json_interaction_round_trips_through_yaml_and_json(
    items: list[Interaction], as_json: bool
) -> None:
    cassette = Cassette(tuple(items), {"t": Fingerprint("0" * 16, "f" * 16)})
    loaded = loads(dumps(cassette, as_json=as_json), as_json=as_json)
    assert loaded.to_dict() == json.loads(json.dumps(cassette.to_dict()))
    assert [i.index for i in loaded.interactions] == list(range(len(items)))


def test_yaml_is_block_style_sorts_inputs_keeps_output_order_and_unicode(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(
        path, Cassette((Interaction("greet", {"z": 1, "name": "Zoë"}, {"text": "héllo", "a": "2024-01-01"}),))
    )
    assert path.read_text(encoding="utf-8") == (
        "synthworld_cassette: 1\n"
        "generation: 0\n"
        "interaction_count: 1\n"
        "tools: {}\n"
        "interactions:\n"
        "- tool: greet\n"
        "  input:\n"
        "    name: Zoë\n"
        "    z: 1\n"
        "  output:\n"
        "    text: héllo\n"
        "    a: '2024-01-01'\n"
        "end_of_cassette: true\n"
    )


@pytest.mark.parametrize("name", ["c.json", "c.yaml"])
def test_a_cassette_saved_with_a_bom_loads(tmp_path: Path, name: str) -> None:
    # a JSON cassette saved by a Windows editor was "invalid JSON: Unexpected UTF-8 BOM"
    path = tmp_path / name
    text = '{"synthworld_cassette": 1, "interactions": [{"tool": "a", "input": {}, "output": "é"}]}'
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert [i.output for i in load_cassette(path).interactions] == ["é"]


def test_a_hand_written_cassette_keeps_unquoted_dates_as_strings(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "synthworld_cassette: 1\ninteractions:\n- tool: day\n  input: {}\n  output: {date: 2024-05-01}\n"
    )
    assert load_cassette(path).interactions[0].output == {"date": "2024-05-01"}


BAD_FILES = [
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n  - tool: [unclosed\n",
        r"c\.yaml, line 4: invalid YAML",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 7\ninteractions: []\n",
        r"c\.yaml, line 1: unknown cassette version 7; this synthworld reads versions 1; a newer "
        r"synthworld wrote it: upgrade synthworld \(pip install -U synthworld\) or re-record it",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 0\ninteractions: []\n",
        r"c\.yaml, line 1: unknown cassette version 0; this synthworld reads versions 1; no synthworld "
        r"writes it: write synthworld_cassette: 1 if the rest is a cassette, or re-record it",
    ),
    (
        "c.yaml",
        "interactions: []\n",
        r"c\.yaml: not a synthworld cassette \(no top-level 'synthworld_cassette' key\)",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {}\n  output: 1\n"
        "- tool: b\n  input: 3\n  output: 1\n",
        r"c\.yaml, line 7: at \$\.interactions\[1\]\.input: 3 is not of type 'object'",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {}\n",
        r"c\.yaml, line 3: at \$\.interactions\[0\]: an interaction needs 'output' \(the value returned\) "
        r"or 'error'",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {1: x}\n  output: 1\n",
        r"c\.yaml, line 4: at \$\.interactions\[0\]\.input: key 1 is not a string",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {}\n  output: .nan\n",
        r"c\.yaml, line 5: at \$\.interactions\[0\]\.output: nan is not a JSON number",
    ),
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  inputs: {}\n  output: 1\n",
        r"c\.yaml, line 3: at \$\.interactions\[0\]: Additional properties are not allowed "
        r"\('inputs' was unexpected\); did you mean 'input' for 'inputs'\?",
    ),
    ("c.json", '{"synthworld_cassette": 1,\n "interactions": [}\n', r"c\.json, line 2: invalid JSON"),
    (
        "c.json",
        '{"synthworld_cassette": 1, "interactions": [\n{"tool": "a", "input": {}, "output": Infinity}]}',
        r"c\.json, line 2: Infinity is not JSON",
    ),
    ("c.yaml", b"\xff\xfe\x00garbage", r"c\.yaml: not a UTF-8 text file"),
    (  # a Latin-1 character typed by hand in the middle of the file
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- {tool: a, input: {}, output: caf\xe9}\n".encode("latin-1"),
        r"c\.yaml: not a UTF-8 text file \(invalid continuation byte at line 3, byte 71\)",
    ),
    ("c.yaml", "synthworld_cassette: 1\n".encode("utf-16"), r"the file is UTF-16 .*: save it as UTF-8"),
    (
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {}\n  output: 1\n  error: {code: x}\n",
        r"c\.yaml, line 3: at \$\.interactions\[0\]: an interaction has both 'output' and 'error'",
    ),
    (  # DESIGN's "a list of interactions" under a key of the writer's own
        "c.yaml",
        "synthworld_cassette: 1\ncalls:\n- tool: a\n  input: {}\n  output: 1\n",
        r"c\.yaml, line 1: at \$: Additional properties are not allowed \('calls' was unexpected\); the "
        r"keys here are 'end_of_cassette', 'generation', 'interaction_count', 'interactions', 'journal', "
        r"'synthworld_cassette', 'tools'\n.*c\.yaml, line 1: at \$: 'interactions' is a required property$",
    ),
    (  # DESIGN's "{tool, input, output | error}" written with the error's code alone
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {}\n  error: timeout\n",
        r"c\.yaml, line 5: at \$\.interactions\[0\]\.error: 'timeout' is not of type 'object'; an error is "
        r"a mapping: write error: \{code: timeout, message: TEXT\} \(message optional\)",
    ),
    (
        "c.json",
        '{"synthworld_cassette": 1, "interactions": [{"tool": "a", "input": {}, "error": 404}]}',
        r"write error: \{code: CODE, message: TEXT\}",
    ),
    (
        "c.yaml",
        "synthworld_cassette: '1'\ninteractions: []\n",
        r"c\.yaml, line 1: synthworld_cassette is '1', a string; write the number",
    ),
    (  # a hand edit that gives a key twice: the reader kept the last one, losing the other
        "c.yaml",
        "synthworld_cassette: 1\ninteractions:\n- tool: a\n  input: {}\n  output: 1\n  output: 2\n",
        r"c\.yaml, line 6: duplicate key 'output' \(first given on line 5\)",
    ),
    (
        "c.json",
        '{"synthworld_cassette": 1, "interactions": [{"tool": "a", "input": {"x": 1, "x": 2}, "output": 1}]}',
        r"c\.json: duplicate key 'x' in one object",
    ),
]


@pytest.mark.parametrize(("name", "content", "pattern"), BAD_FILES)
def test_bad_files_raise_cassette_error_with_file_and_line(
    tmp_path: Path, name: str, content: Any, pattern: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(CassetteError, match=pattern):
        load_cassette(path)


SPEC = ToolSpec(
    "echo", "Echo.", {"type": "object", "properties": {"x": {"type": "integer"}}}, {"type": "integer"}
)


@pytest.mark.parametrize("mode", ["none", "once", "new_episodes", "all"])
@pytest.mark.parametrize(("name", "content", "pattern"), BAD_FILES[:2])
def test_a_corrupt_cassette_is_never_overwritten(
    tmp_path: Path, mode: str, name: str, content: str, pattern: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    before = path.read_bytes()
    with pytest.raises(CassetteError, match=pattern):
        FixtureBackend(path, mode=mode, fallback=RandomBackend())
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [name]


HAND_EDITED = """synthworld_cassette: 1
interactions:
- tool: a
  inptu: {x: 1}
  output: 1
- tool: a
  input: {x: 2}
  output: 2
- tool: a
  input: {x: 3}
  error: timeout
"""


@pytest.mark.parametrize("mode", ["none", "all"])
def test_every_mistake_of_a_hand_edit_is_named_at_once_and_the_file_kept(tmp_path: Path, mode: str) -> None:
    """Each problem on a line of its own, with its line and path: a user fixed the first one only
    to meet the next (``(and 2 more problems)``). A typo's hint is not said twice ('input' missing)."""
    path = tmp_path / "c.yaml"
    path.write_text(HAND_EDITED)
    with pytest.raises(CassetteError) as caught:
        FixtureBackend(path, mode=mode, fallback=RandomBackend())
    assert str(caught.value).splitlines() == [
        f"{path}, line 3: at $.interactions[0]: Additional properties are not allowed ('inptu' was "
        "unexpected); did you mean 'input' for 'inptu'?",
        f"{path}, line 11: at $.interactions[2].error: 'timeout' is not of type 'object'; an error is a "
        "mapping: write error: {code: timeout, message: TEXT} (message optional)",
    ]
    assert path.read_text() == HAND_EDITED


def test_a_cassette_corrupted_during_a_run_is_kept_and_so_is_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    backend = FixtureBackend(path, fallback=RandomBackend())
    world = SyntheticWorld(backend=backend)
    world.register_tool(SPEC)
    world.call("echo", {"x": 1})
    path.write_text("synthworld_cassette: 1\ninteractions: [")
    with pytest.raises(CassetteError, match="invalid YAML"):
        backend.close()
    assert path.read_text() == "synthworld_cassette: 1\ninteractions: ["
    assert '"tool":"echo"' in (tmp_path / "c.yaml.journal").read_text()


def test_load_cassette_of_nothing_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no cassette at"):
        load_cassette(tmp_path / "nope.yaml")


def test_fingerprints_change_with_the_schemas_only() -> None:
    renamed = ToolSpec("echo", "Another description.", SPEC.parameters, SPEC.returns)
    other = ToolSpec("echo", "Echo.", SPEC.parameters, {"type": "string"})
    assert Fingerprint.of(renamed) == Fingerprint.of(SPEC)
    assert Fingerprint.of(other).changed(Fingerprint.of(SPEC)) == ["returns"]
    assert Fingerprint.of(SPEC) == Fingerprint(
        "1fd5ea211dd72fa3", "f0765dbf409c74f0"
    )  # sha256 of canonical JSON


def test_the_shipped_schema_is_a_valid_json_schema() -> None:
    from importlib import resources

    from synthworld.schema._validate import schema_problems

    text = resources.files("synthworld").joinpath("schemas/cassette.schema.json").read_text("utf-8")
    assert schema_problems(json.loads(text)) == []
