"""The parse cache for big YAML cassettes: used when the bytes are the same, never when not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from synthworld.cassette import Cassette, Interaction, load_cassette, save_cassette
from synthworld.cassette import cache as _cassette_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache directory, caching files of any size."""
    directory = tmp_path / "cache"
    monkeypatch.setenv("SYNTHWORLD_CACHE_DIR", str(directory))
    monkeypatch.setattr(_cassette_cache, "MIN_BYTES", 0)
    return directory


def entry(cache: Path) -> Path:
    (found,) = cache.iterdir()
    return found


def test_a_cached_parse_is_used_only_for_the_same_bytes(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette((Interaction("t", {"a": 1}, "real"),)))
    cached = json.loads(entry(cache).read_text())
    cached["document"]["interactions"][0]["output"] = "from the cache"
    entry(cache).write_text(json.dumps(cached))
    assert load_cassette(path).interactions[0].output == "from the cache"
    path.write_text(path.read_text().replace("output: real", "output: edited"))
    assert load_cassette(path).interactions[0].output == "edited"
    assert load_cassette(path).interactions[0].output == "edited"
    assert len(list(cache.iterdir())) == 1


def test_an_entry_an_older_reader_wrote_is_not_used(tmp_path: Path, cache: Path) -> None:
    # the bytes are the same, but what the reader makes of them changed (12:30 was 750)
    path = tmp_path / "c.yaml"
    path.write_text("synthworld_cassette: 1\ninteractions:\n- tool: t\n  input: {}\n  output: 12:30\n")
    assert load_cassette(path).interactions[0].output == "12:30"
    cached = json.loads(entry(cache).read_text())
    assert cached["reader"] == _cassette_cache.READER
    cached["document"]["interactions"][0]["output"] = 750
    entry(cache).write_text(json.dumps({key: cached[key] for key in ("sha256", "document")}))
    assert load_cassette(path).interactions[0].output == "12:30"


def test_a_damaged_entry_means_parsing_again(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette((Interaction("t", {}, 1),)))
    entry(cache).write_text("{not json")
    assert load_cassette(path).interactions[0].output == 1
    assert json.loads(entry(cache).read_text())["document"]["interactions"][0]["output"] == 1


def test_an_unwritable_cache_is_not_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("SYNTHWORLD_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(_cassette_cache, "MIN_BYTES", 0)
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette((Interaction("t", {}, 1),)))
    assert load_cassette(path).interactions[0].output == 1


def test_small_files_and_json_files_are_not_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SYNTHWORLD_CACHE_DIR", str(tmp_path / "cache"))
    save_cassette(tmp_path / "small.yaml", Cassette((Interaction("t", {}, 1),)))
    load_cassette(tmp_path / "small.yaml")
    monkeypatch.setattr(_cassette_cache, "MIN_BYTES", 0)
    save_cassette(tmp_path / "c.json", Cassette((Interaction("t", {}, 1),)))
    load_cassette(tmp_path / "c.json")
    assert not (tmp_path / "cache").exists()
