"""Every warning points at the user's own line, however deep in synthworld it arose."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends import FixtureBackend, RandomBackend


@contextmanager
def warnings_here() -> Iterator[list[warnings.WarningMessage]]:
    """The warnings given inside the block; each must name this file as where it happened."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught
    assert caught, "no warning was given"
    assert [(Path(w.filename).name, str(w.message)[:40]) for w in caught] == [
        (Path(__file__).name, str(w.message)[:40]) for w in caught
    ]


def test_a_misspelt_keyword_at_registration() -> None:
    world = SyntheticWorld()
    with warnings_here():
        world.register_tool(ToolSpec("find", "d", {"type": "object"}, {"typ": "string"}))
    with warnings_here():
        world.register_tool(ToolSpec("again", "d", {"type": "object", "requierd": []}, {"type": "string"}))


def test_a_stub_without_a_return_annotation() -> None:
    world = SyntheticWorld()
    with warnings_here() as caught:

        @world.tool
        def lookup(q: str):  # type: ignore[no-untyped-def]
            """Look up."""

    assert "no return annotation" in str(caught[0].message)


def _doc(paths: dict[str, Any]) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths}


def _returning(schema: Any) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def test_openapi_warnings_through_the_world() -> None:
    relaxed = _doc({"/a": {"get": {"operationId": "a", "responses": _returning({"type": "strin"})}}})
    with warnings_here() as caught:
        SyntheticWorld.from_openapi(relaxed)
    assert "set it aside" in str(caught[0].message)
    dangling = _doc({
        "/a": {"get": {"operationId": "a", "responses": _returning({"type": "string"})}},
        "/b": {"get": {"operationId": "b", "responses": _returning({"$ref": "#/components/schemas/Nope"})}},
    })  # fmt: skip
    with warnings_here() as caught:
        SyntheticWorld.from_openapi(dangling, on_error="skip")
    assert "operations left out" in str(caught[0].message)


def test_a_cassette_recorded_against_another_schema(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    spec = ToolSpec("get", "d", {"type": "object"}, {"type": "object"})
    with SyntheticWorld(backend=FixtureBackend(path, fallback=RandomBackend())) as world:
        world.register_tool(spec)
        world.call("get", {})
    replay = SyntheticWorld(backend=FixtureBackend(path, mode="none"))
    with warnings_here() as caught:
        replay.register_tool(ToolSpec("get", "d", {"type": "object"}, {"type": "string"}))
    assert "recorded against other returns schemas" in str(caught[0].message)
