"""An OpenAPI PATCH whose body is an untyped object (Kubernetes' merge-patch operations) merges
the body into the remembered entity as a JSON merge patch (RFC 7386): a later GET shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld

SEEDS = range(10)

DOC = Path(__file__).parent / "openapi" / "deployments-merge-patch-3.0.yaml"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_merge_patch_changes_what_a_later_get_reads(seed: int) -> None:
    world = SyntheticWorld.from_openapi(DOC, seed=seed)
    before = world.call("readDeployment", {"name": "web"})
    gone = next(iter(before["labels"]), None)
    labels: dict[str, Any] = {"tier": "frontend"} | ({gone: None} if gone is not None else {})
    patch = {"labels": labels, "spec": {"replicas": 3}}
    patched = world.call("patchDeployment", {"name": "web", "body": patch})
    after = world.call("readDeployment", {"name": "web"})
    kept = {key: value for key, value in before["labels"].items() if key != gone}
    assert after["labels"] == kept | {"tier": "frontend"}
    assert after["spec"] == before["spec"] | {"replicas": 3}
    assert patched == after
    assert "merge_patch" in world.trace[1].rules
