"""The methods of OpenRPC documents as an archive `bench_holdout.py` reads: each method's params
(an object by param name, what an agent fills when a JSON-RPC server is given to it as a tool)
and its result, written to ``package/<document>/<method>.params.json`` and ``.result.json``.

OpenRPC's schemas are JSON Schema draft-07 and refer to ``#/components/schemas/...``: each file
holds the document's ``components`` beside the schema, so those references resolve inside it.
A param or result given by ``$ref`` to ``#/components/contentDescriptors/...`` is read there.

    python bench/holdout_openrpc.py HOLDOUT/openrpc-methods.tar.gz metamask-api-specs-0.15.0.tgz \\
        open-rpc-examples-1.7.2.tgz
"""

from __future__ import annotations

import io
import json
import sys
import tarfile
from pathlib import Path
from typing import Any

DRAFT = "http://json-schema.org/draft-07/schema#"


def documents(archive: str) -> list[tuple[str, dict[str, Any]]]:
    """Each OpenRPC document (a ``.json`` member with an ``openrpc`` key) of an npm archive."""
    out = []
    with tarfile.open(archive, "r:gz") as tar:
        for info in sorted(tar.getmembers(), key=lambda i: i.name):
            handle = tar.extractfile(info) if info.isfile() and info.name.endswith(".json") else None
            doc = json.loads(handle.read()) if handle is not None else None
            if isinstance(doc, dict) and "openrpc" in doc and doc.get("methods"):
                out.append((f"{Path(archive).name.removesuffix('.tgz')}/{Path(info.name).stem}", doc))
    return out


def descriptor(doc: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
    """A content descriptor, its ``$ref`` to ``#/components/contentDescriptors/`` followed."""
    ref = item.get("$ref", "")
    if ref.startswith("#/components/contentDescriptors/"):
        return doc["components"]["contentDescriptors"][ref.rsplit("/", 1)[1]]  # type: ignore[no-any-return]
    return item


def method_schemas(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``<method>.params`` and ``<method>.result`` of every method of ``doc`` as draft-07 roots."""
    holder = {"components": {"schemas": doc.get("components", {}).get("schemas", {})}}
    out: dict[str, dict[str, Any]] = {}
    for method in doc["methods"]:
        if "$ref" in method:
            continue
        params = [descriptor(doc, p) for p in method.get("params", [])]
        out[f"{method['name']}.params"] = {
            "$schema": DRAFT,
            "type": "object",
            "properties": {p["name"]: p.get("schema", True) for p in params},
            "required": [p["name"] for p in params if p.get("required")],
            "additionalProperties": False,
            **holder,
        }
        if "result" in method:
            result = descriptor(doc, method["result"]).get("schema", {})
            result = result if isinstance(result, dict) else {"allOf": [result]}  # true or false
            out[f"{method['name']}.result"] = {"$schema": DRAFT, **result, **holder}
    return out


def main() -> None:
    out, archives = sys.argv[1], sys.argv[2:]
    with tarfile.open(out, "w:gz") as tar:
        for archive in archives:
            for name, doc in documents(archive):
                for key, schema in method_schemas(doc).items():
                    data = json.dumps(schema, indent=1).encode()
                    info = tarfile.TarInfo(f"package/{name}/{key}.json")
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
                    print(f"{name}/{key}")


if __name__ == "__main__":
    main()
