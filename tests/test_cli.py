"""The `synthworld` command line: --version, help, and generate."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from synthworld import __version__
from synthworld.serve.cli import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"synthworld {__version__}\n"


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "generate" in capsys.readouterr().out


def test_generate_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    schema = {
        "type": "object",
        "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 9}},
        "required": ["n"],
    }
    path = tmp_path / "schema.json"
    path.write_text(json.dumps(schema))
    assert main(["generate", str(path), "-n", "5", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    values = [json.loads(line) for line in lines]
    assert len(values) == 5
    assert all(0 <= v["n"] <= 9 for v in values)
    assert main(["generate", str(path), "-n", "5", "--seed", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == lines


def test_generate_reads_a_yaml_schema_as_yaml_1_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A property named ``on`` and an enum of country codes with Norway's ``no`` stay text (YAML 1.1
    would read them as booleans: a key True, and false in place of 'no')."""
    path = tmp_path / "schema.yaml"
    path.write_text(
        "type: object\n"
        "properties:\n"
        "  on: {type: boolean}\n"
        "  country: {enum: [se, no, dk]}\n"
        "required: [on, country]\n"
        "additionalProperties: false\n"
    )
    assert main(["generate", str(path), "-n", "20"]) == 0
    values = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(set(v) == {"on", "country"} and isinstance(v["on"], bool) for v in values)
    assert {v["country"] for v in values} == {"se", "no", "dk"}


def test_generate_reports_a_bad_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"type": "string", "minLength": 5, "maxLength": 2}')
    assert main(["generate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"synthworld generate: invalid schema {str(path)!r}: ")


def test_generate_notes_a_schema_that_is_probably_not_the_one_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "typo.json"
    typo.write_text('{"type": "object", "properties": {"n": {"typ": "integer"}}}')
    assert main(["generate", str(typo)]) == 0
    assert capsys.readouterr().err == (
        f"synthworld generate: {str(typo)!r}: $.properties.n: unknown keyword 'typ' is ignored; "
        "did you mean 'type'?\n"
    )
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text("synthworld_scenario: 1\nname: x\ntools: tracker\n")
    assert main(["generate", str(scenario)]) == 0
    assert capsys.readouterr().err == (
        f"synthworld generate: {str(scenario)!r}: no JSON Schema keyword at the root "
        "(synthworld_scenario, name, tools), so any value is valid\n"
    )


def test_generate_reports_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "does-not-exist.json"]) == 2
    assert "cannot read schema 'does-not-exist.json'" in capsys.readouterr().err


def test_console_script_module_entry() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "synthworld", "--version"], capture_output=True, text=True, timeout=60
    )
    assert out.stdout.strip() == f"synthworld {__version__}"


def test_a_wrong_flag_is_reported_with_the_commands_own_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["validate", "a.yaml", "--bogus"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: synthworld validate [-h] FILE [FILE ...]\n")
    assert err.endswith("synthworld validate: error: unrecognized arguments: --bogus\n")
    with pytest.raises(SystemExit) as info:
        main(["--bogus"])
    assert info.value.code == 2
    assert capsys.readouterr().err.endswith("synthworld: error: unrecognized arguments: --bogus\n")


def test_ctrl_c_exits_130_with_one_line_and_no_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import synthworld.serve.commands.generate as generate

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(generate, "compile_generator", interrupted)
    path = tmp_path / "schema.json"
    path.write_text('{"type": "integer"}')
    try:
        code = main(["generate", str(path)])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C left main() as a traceback")
    assert code == 130
    assert capsys.readouterr() == ("", "synthworld generate: interrupted\n")


def test_generate_refuses_a_negative_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "schema.json"
    path.write_text('{"type": "integer"}')
    assert main(["generate", str(path), "-n", "-2"]) == 2
    assert capsys.readouterr() == ("", "synthworld generate: -n -2: give 0 or more values\n")
    assert main(["generate", str(path), "-n", "0"]) == 0
    assert capsys.readouterr().out == ""
