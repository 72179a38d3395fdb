"""Cases the eleventh hold-out of real-world schemas found (stop 51: Lambda Powertools', OSCAL's,
Telegram's, ElevenLabs' pydantic models; jupyter-lsp's, molecule's, semgrep's, Dask's schemas)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from synthworld import SyntheticWorld, ToolSpec


class _Window(BaseModel):
    """Powertools' ``VpcLatticeV2RequestContext`` in small: two fields read one key."""

    start: str = Field(alias="startedAt")
    start_text: str = Field(alias="startedAt")
    region: str


def test_a_model_whose_fields_share_an_alias_registers_and_answers() -> None:
    def get_window(window_id: str) -> _Window:
        """Fetch a window."""

    spec = ToolSpec.from_function(get_window)
    assert spec.returns["required"] == ["startedAt", "region"]
    world = SyntheticWorld(seed=3)
    world.register_tool(spec)
    answer = world.call("get_window", {"window_id": "w1"})
    assert set(answer) == {"startedAt", "region"}
    assert _Window.model_validate(answer).start == answer["startedAt"]
