"""OpenAI strict mode's documented rules (supported keywords and formats, the limits on nesting,
properties and enum values) as an independent checker: written apart from
`synthworld.formats.strict`, so the two can disagree. Used by the strict-rules tests and by
bench/bench_holdout.py."""

from __future__ import annotations

from typing import Any

DOCUMENTED = {
    *("type", "properties", "required", "additionalProperties", "items", "anyOf", "$ref", "$defs"),
    *("definitions", "enum", "const", "description", "title", "pattern", "format", "multipleOf"),
    *("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"),
}
FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
LOOKAROUND = ("(?=", "(?!", "(?<=", "(?<!")


def openai_refusals(schema: dict[str, Any]) -> list[str]:
    """What OpenAI's strict mode refuses in `schema`, from its documented rules (written apart from
    `synthworld.formats.strict`, so the two can disagree)."""
    found: list[str] = []
    counts = {"properties": 0, "enum": 0}

    def walk(node: Any, path: str, depth: int) -> None:
        if not isinstance(node, dict):
            found.append(f"{path}: not a schema")
            return
        found.extend(f"{path}: {key}" for key in sorted(set(node) - DOCUMENTED))
        if node.get("format", "date") not in FORMATS:
            found.append(f"{path}: format {node['format']}")
        if any(token in str(node.get("pattern", "")) for token in LOOKAROUND):
            found.append(f"{path}: lookaround")
        if "$ref" in node and (
            len(node) > 1 or not str(node["$ref"]).startswith(("#/$defs/", "#/definitions/"))
        ):
            found.append(f"{path}: $ref with siblings or not to a definition")
        if node.get("type") == "array" and not isinstance(node.get("items"), dict):
            found.append(f"{path}: array without items")
        kinds = node["type"] if isinstance(node.get("type"), list) else [node.get("type")]
        if "object" in kinds or "properties" in node:
            depth += 1
            found.extend([f"{path}: depth {depth}"] if depth > 10 else [])
            properties = node.get("properties", {})
            counts["properties"] += len(properties)
            if node.get("additionalProperties") is not False or set(node.get("required", [])) != set(
                properties
            ):
                found.append(f"{path}: open object or optional property")
            for name, child in properties.items():
                walk(child, f"{path}.{name}", depth)
        counts["enum"] += len(node.get("enum", []))
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]", depth)
        for index, child in enumerate(node.get("anyOf", [])):
            walk(child, f"{path}|{index}", depth)
        for key in ("$defs", "definitions"):
            for name, child in node.get(key, {}).items():
                walk(child, f"{path}/{name}", 0)

    walk(schema, "$", 0)
    found += [f"{counts['properties']} properties"] if counts["properties"] > 5000 else []
    return found + ([f"{counts['enum']} enum values"] if counts["enum"] > 1000 else [])
