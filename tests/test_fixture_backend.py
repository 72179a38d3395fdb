"""FixtureBackend: record modes, replay order, errors, fallbacks, drift, stale interactions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthworld import BackendError, CassetteError, FixtureMissError, SyntheticWorld, ToolError, ToolSpec
from synthworld.backends.base import Answer, CallContext
from synthworld.backends.fixtures import FixtureBackend
from synthworld.backends.random import RandomBackend
from synthworld.cassette import Cassette, CassetteDriftWarning, Interaction, load_cassette, save_cassette
from synthworld.spec import ToolAnnotations

USER = ToolSpec(
    "get_user",
    "Fetch a user by ID.",
    {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["user_id"]},
    {
        "type": "object",
        "properties": {"id": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
        "required": ["id", "age"],
    },
)


class Counting:
    """A real fallback (RandomBackend) that counts how often it is asked."""

    name = "counting"

    def __init__(self) -> None:
        self.calls = 0
        self.prepared: list[str] = []
        self.inner = RandomBackend()

    def prepare(self, spec: ToolSpec) -> None:
        self.prepared.append(spec.name)

    def respond(self, ctx: CallContext) -> Any:
        self.calls += 1
        return self.inner.respond(ctx)


class Failing:
    name = "failing"

    def respond(self, ctx: CallContext) -> Any:
        raise ToolError("not_found", f"no user {ctx.input['user_id']}")


def world_with(backend: Any, seed: int = 0, spec: ToolSpec = USER, **options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed, backend=backend, **options)
    world.register_tool(spec)
    return world


def record(path: Path, *user_ids: str, seed: int = 0) -> list[Any]:
    with world_with(FixtureBackend(path, fallback=RandomBackend()), seed) as world:
        return [world.call("get_user", {"user_id": u}) for u in user_ids]


# -- once ---------------------------------------------------------------------------------


def test_once_records_with_the_fallback_when_the_cassette_is_absent(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    fallback = Counting()
    with world_with(FixtureBackend(path, fallback=fallback)) as world:
        first = world.call("get_user", {"user_id": "u1"})
        assert world.trace[0].backend == "counting"
    assert fallback.calls == 1
    saved = load_cassette(path)
    assert [(i.tool, dict(i.input), i.output) for i in saved.interactions] == [
        ("get_user", {"user_id": "u1"}, first)
    ]


def test_once_replays_an_existing_cassette_without_calling_the_fallback(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    recorded = record(path, "u1", "u2")
    fallback = Counting()
    world = world_with(FixtureBackend(path, fallback=fallback), seed=12345)
    assert [world.call("get_user", {"user_id": u}) for u in ("u1", "u2")] == recorded
    assert [c.backend for c in world.trace] == ["fixtures", "fixtures"]
    with pytest.raises(FixtureMissError, match="matches the call get_user"):
        world.call("get_user", {"user_id": "u3"})
    assert fallback.calls == 0


def test_once_with_an_existing_cassette_never_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "u1")
    before = path.read_bytes()
    with world_with(FixtureBackend(path, fallback=Counting())) as world:
        world.call("get_user", {"user_id": "u1"})
        with pytest.raises(FixtureMissError):
            world.call("get_user", {"user_id": "u9"})
    assert path.read_bytes() == before
    assert not (tmp_path / "c.yaml.journal").exists()


# -- none ---------------------------------------------------------------------------------


def test_none_replays_and_never_calls_the_fallback(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    recorded = record(path, "u1")
    fallback = Counting()
    world = world_with(FixtureBackend(path, mode="none", fallback=fallback), seed=77)
    assert world.call("get_user", {"user_id": "u1"}) == recorded[0]
    with pytest.raises(FixtureMissError):
        world.call("get_user", {"user_id": "u2"})
    assert fallback.calls == 0


def test_none_with_a_missing_cassette_says_the_file_does_not_exist(tmp_path: Path) -> None:
    path = tmp_path / "absent.yaml"
    world = world_with(FixtureBackend(path, mode="none", fallback=Counting()))
    with pytest.raises(FixtureMissError) as info:
        world.call("get_user", {"user_id": "u1"})
    message = str(info.value)
    assert f"cassette file {path} does not exist (mode 'none' replays only)" in message
    assert "mode='once'" in message
    assert "then run it with --record-mode once" in message  # what a scenario user does instead
    assert "under pytest: --synthworld-record-mode once" in message
    assert "closest" not in message.lower()
    assert not path.exists()


def test_an_unmatched_call_names_the_closest_interactions_and_the_differing_fields(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(
        path,
        Cassette(
            (
                Interaction("get_user", {"user_id": "u1"}, {"id": "u1", "age": 1}),
                Interaction("get_user", {"user_id": "zzzzzz", "extra": 1}, {"id": "z", "age": 2}),
            )
        ),
    )
    world = world_with(FixtureBackend(path, mode="none"))
    with pytest.raises(FixtureMissError) as info:
        world.call("get_user", {"user_id": "u2"})
    message = str(info.value)
    assert "Closest recorded interactions:" in message
    assert message.index('#0 get_user({"user_id":"u1"})') < message.index("#1 get_user")
    assert 'user_id: recorded "u1", called with "u2"' in message
    assert "extra: recorded 1, not in the call" in message
    assert message.endswith(
        "\nrecord it with mode='new_episodes' (a scenario file: synthworld run FILE --record-mode "
        "new_episodes; under pytest: --synthworld-record-mode new_episodes); or loosen matching with "
        "match=synthworld.cassette.matchers.ignore(...)."
    )


def test_a_miss_for_an_unrecorded_tool_lists_the_recorded_tools(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette((Interaction("other_tool", {}, 1),)))
    world = world_with(FixtureBackend(path, mode="none"))
    with pytest.raises(
        FixtureMissError, match=r"Nothing was recorded for tool 'get_user' \(recorded tools: other_tool\)"
    ):
        world.call("get_user", {"user_id": "u1"})


# -- new_episodes and all -------------------------------------------------------------------


def test_new_episodes_replays_matches_and_records_misses(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    (old,) = record(path, "u1")
    fallback = Counting()
    with world_with(FixtureBackend(path, mode="new_episodes", fallback=fallback), seed=5) as world:
        assert world.call("get_user", {"user_id": "u1"}) == old
        new = world.call("get_user", {"user_id": "u2"})
        assert [c.backend for c in world.trace] == ["fixtures", "counting"]
    assert fallback.calls == 1
    inputs = [(dict(i.input), i.output) for i in load_cassette(path).interactions]
    assert inputs == [({"user_id": "u1"}, old), ({"user_id": "u2"}, new)]


def test_all_re_records_everything_and_drops_old_interactions_on_close(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "u1", "stale")
    fallback = Counting()
    backend = FixtureBackend(path, mode="all", fallback=fallback)
    world = world_with(backend, seed=999)
    fresh = world.call("get_user", {"user_id": "u1"})
    assert fallback.calls == 1
    assert len(load_cassette(path).interactions) == 3  # not yet compacted: old file + journal
    backend.close()
    saved = load_cassette(path)
    assert [(dict(i.input), i.output) for i in saved.interactions] == [({"user_id": "u1"}, fresh)]


def test_all_without_any_call_leaves_the_cassette_alone(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "u1")
    before = path.read_bytes()
    FixtureBackend(path, mode="all", fallback=Counting()).close()
    assert path.read_bytes() == before


def test_a_recording_mode_without_fallback_explains_what_to_pass(tmp_path: Path) -> None:
    world = world_with(FixtureBackend(tmp_path / "c.yaml", mode="new_episodes"))
    with pytest.raises(FixtureMissError) as err:
        world.call("get_user", {"user_id": "u1"})
    assert "no fallback was given: pass fallback=RandomBackend()" in str(err.value)
    assert "(in a scenario file: 'fallback: random' under backend)" in str(err.value)  # scenario users too


def test_an_unknown_mode_lists_the_modes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="'none', 'once', 'new_episodes', 'all'"):
        FixtureBackend(tmp_path / "c.yaml", mode="rewrite")


# -- order, repeats, errors -------------------------------------------------------------------


def test_identical_calls_replay_their_recorded_answers_in_order(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(
        path,
        Cassette(
            (
                Interaction("get_user", {"user_id": "u1"}, {"id": "first", "age": 1}),
                Interaction("get_user", {"user_id": "u2"}, {"id": "other", "age": 2}),
                Interaction("get_user", {"user_id": "u1"}, {"id": "second", "age": 3}),
            )
        ),
    )
    # The backend's order alone (a world that remembers answers get_user(u1) as the user u1)
    world = world_with(FixtureBackend(path, mode="none"), remember=False)
    ids = [world.call("get_user", {"user_id": "u1"})["id"] for _ in range(2)]
    assert ids == ["first", "second"]
    with pytest.raises(FixtureMissError, match=r"Its 2 recorded answer\(s\) were already played"):
        world.call("get_user", {"user_id": "u1"})


def test_allow_repeats_replays_the_last_answer_again(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette((Interaction("get_user", {"user_id": "u1"}, {"id": "a", "age": 1}),)))
    world = world_with(FixtureBackend(path, mode="none", allow_repeats=True), remember=False)
    assert [world.call("get_user", {"user_id": "u1"})["id"] for _ in range(3)] == ["a", "a", "a"]
    remembering = world_with(FixtureBackend(path, mode="none", allow_repeats=True))
    assert remembering.call("get_user", {"user_id": "u1"}) == {"id": "u1", "age": 1}  # the user asked for


def test_a_non_idempotent_tool_records_each_repeated_call_and_replays_them_in_order(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    spec = ToolSpec(
        USER.name,
        USER.description,
        USER.parameters,
        USER.returns,
        annotations=ToolAnnotations(idempotent=False),
    )
    with world_with(FixtureBackend(path, fallback=RandomBackend()), spec=spec) as world:
        live = [world.call("get_user", {"user_id": "u1"}) for _ in range(3)]
    assert len(load_cassette(path).interactions) == 3
    replay = world_with(FixtureBackend(path, mode="none"), seed=4242, spec=spec)
    assert [replay.call("get_user", {"user_id": "u1"}) for _ in range(3)] == live


def test_a_fallback_tool_error_is_recorded_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with world_with(FixtureBackend(path, fallback=Failing())) as world, pytest.raises(ToolError) as live:
        world.call("get_user", {"user_id": "ghost"})
    (saved,) = load_cassette(path).interactions
    assert saved.error == {"code": "not_found", "message": "no user ghost"}
    assert saved.output is None
    replay = world_with(FixtureBackend(path, mode="none"))
    with pytest.raises(ToolError) as again:
        replay.call("get_user", {"user_id": "ghost"})
    assert (again.value.code, again.value.message) == (live.value.code, live.value.message)
    assert replay.trace[0].error == {"code": "not_found", "message": "no user ghost"}


def test_a_recorded_output_that_breaks_the_returns_schema_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette((Interaction("get_user", {"user_id": "u1"}, {"id": "u1", "age": -3}),)))
    world = world_with(FixtureBackend(path, mode="none"))
    with pytest.raises(
        BackendError, match=r"recorded interaction #0 get_user.*no longer matches the returns schema"
    ) as info:
        world.call("get_user", {"user_id": "u1"})
    assert "-3 is less than the minimum of 0" in str(info.value)
    assert world.trace[0].output is None


def test_an_invalid_fallback_answer_is_not_recorded(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    world = world_with(FixtureBackend(path, fallback=lambda ctx: {"id": 3}))
    with pytest.raises(BackendError, match="breaks its returns schema"):
        world.call("get_user", {"user_id": "u1"})
    world.close()
    assert not path.exists()


def test_a_fallback_answer_keeps_its_source_and_usage(tmp_path: Path) -> None:
    def llm_like(ctx: CallContext) -> Answer:
        return Answer({"id": "x", "age": 1}, source="llm", usage={"total_tokens": 7})

    with world_with(FixtureBackend(tmp_path / "c.yaml", fallback=llm_like)) as world:
        world.call("get_user", {"user_id": "u1"})
    assert (world.trace[0].backend, world.trace[0].usage) == ("llm", {"total_tokens": 7})


# -- stale interactions, drift, lifecycle -------------------------------------------------------


def test_unplayed_lists_interactions_no_call_used(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "u1", "u2", "u3")
    backend = FixtureBackend(path, mode="none")
    world = world_with(backend)
    world.call("get_user", {"user_id": "u2"})
    assert [(i.index, i.input["user_id"]) for i in backend.unplayed()] == [(0, "u1"), (2, "u3")]
    with pytest.raises(AssertionError, match=r"2 recorded interactions .* were never played:\n  #0 get_user"):
        backend.assert_all_played()
    backend.rewind()
    assert len(backend.unplayed()) == 3


def test_interactions_recorded_in_this_run_count_as_played(tmp_path: Path) -> None:
    backend = FixtureBackend(tmp_path / "c.yaml", fallback=RandomBackend())
    world_with(backend).call("get_user", {"user_id": "u1"})
    assert backend.unplayed() == []
    backend.assert_all_played()


DRIFTED = ToolSpec(USER.name, USER.description, USER.parameters, {"type": "object"})


def test_schema_drift_warns_naming_the_tool(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "u1")
    with pytest.warns(
        CassetteDriftWarning, match=r"tool 'get_user' was recorded against other returns schemas"
    ) as warned:
        world = world_with(FixtureBackend(path, mode="none"), spec=DRIFTED)
    how = "(a scenario file: synthworld run FILE --record-mode all; under pytest: --synthworld-record-mode"
    assert how in str(warned[0].message)
    world.call("get_user", {"user_id": "u1"})


def test_schema_drift_fails_with_strict(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "u1")
    with pytest.raises(CassetteError, match="tool 'get_user' was recorded against other returns schemas"):
        world_with(FixtureBackend(path, mode="none", strict=True), spec=DRIFTED)


def test_prepare_is_forwarded_to_the_fallback(tmp_path: Path) -> None:
    fallback = Counting()
    world_with(FixtureBackend(tmp_path / "c.yaml", fallback=fallback))
    assert fallback.prepared == ["get_user"]


def test_close_is_idempotent_and_the_backend_is_a_context_manager(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with FixtureBackend(path, fallback=RandomBackend()) as backend:
        world_with(backend).call("get_user", {"user_id": "u1"})
    text = path.read_text()
    backend.close()
    backend.close()
    assert path.read_text() == text
    assert not (tmp_path / "c.yaml.journal").exists()


def test_json_cassettes_by_extension(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    recorded = record(path, "u1")
    assert path.read_text().startswith('{\n  "synthworld_cassette": 1')
    assert world_with(FixtureBackend(path, mode="none")).call("get_user", {"user_id": "u1"}) == recorded[0]


def test_it_is_a_backend_and_misses_are_lookup_errors(tmp_path: Path) -> None:
    from synthworld.backends.base import Backend

    backend = FixtureBackend(tmp_path / "c.yaml", mode="none")
    assert isinstance(backend, Backend)
    assert backend.name == "fixtures"
    with pytest.raises(LookupError):
        world_with(backend).call("get_user", {"user_id": "u1"})
