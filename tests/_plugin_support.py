"""Shared by the plugin tests: the repository root and an in-process pytest run with our plugin."""

from __future__ import annotations

from pathlib import Path

import pytest

import synthworld

REPO = str(Path(synthworld.__file__).resolve().parent.parent)


def isolate(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A pytester whose runs load only our plugin (whether or not the entry point is installed)."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("PYTHONPATH", REPO)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("SYNTHWORLD_BLOCK_LLM", raising=False)
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """Run pytest in-process with the synthworld plugin."""
    return pytester.runpytest("-p", "synthworld.pytest_plugin", "-p", "no:cacheprovider", *args)
