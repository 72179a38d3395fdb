"""A scenario or cassette written as JSON with a 5,000-digit number says how to fix the file
(audit 11); before, it passed on Python's own advice: ``use sys.set_int_max_str_digits()``."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld import CassetteError, ScenarioError
from synthworld.cassette import load_cassette
from synthworld.scenario import load_scenario

HUGE = "1" + "0" * 5000
FIX = "cannot read the JSON: an integer of more than 4300 digits is too long to read; write it as a string"


def test_a_scenario(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(
        '{"synthworld_scenario": 1, "name": "s", "tools": "synthworld.examples.shop", "seed": ' + HUGE + "}",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}:1: {FIX}"


def test_a_cassette(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text('{"synthworld_cassette": 1, "interactions": [], "x": ' + HUGE + "}", encoding="utf-8")
    with pytest.raises(CassetteError) as caught:
        load_cassette(path)
    assert str(caught.value) == f"{path}: {FIX}"
