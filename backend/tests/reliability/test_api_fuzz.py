"""Schemathesis against a running `continuum serve`: no 5xx, no response outside its schema.

Every operation of the OpenAPI document gets CONTINUUM_FUZZ_EXAMPLES generated requests
(25 by default; deterministic) that fit the schema, checked for server errors and schema
conformance, and CONTINUUM_FUZZ_NEGATIVE_EXAMPLES (10) that break it, checked for server
errors. Operations under a novel run against a real novel with chapters, so the reads reach
their SQL.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance
from sqlalchemy import create_engine
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from tests.fakes import ScriptedExtractor
from tests.reliability.conftest import script
from tests.reliability.helpers import (
    REPO_ROOT,
    child_env,
    cli,
    free_port,
    scratch_database,
    stop,
    wait_http,
)

EXAMPLES = int(os.environ.get("CONTINUUM_FUZZ_EXAMPLES", "25"))
NEGATIVE_EXAMPLES = int(os.environ.get("CONTINUUM_FUZZ_NEGATIVE_EXAMPLES", "10"))
TOKEN = "fuzz-token-0b5e"
AUTH = {"Authorization": f"Bearer {TOKEN}"}

pytestmark = pytest.mark.timeout(900)


@dataclass(frozen=True)
class Live:
    base: str
    novel: str


def _seed(url: str) -> str:
    """A novel with three ingested chapters, written straight through the spine."""
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel

    engine = create_engine(url, poolclass=NullPool)
    with Session(engine) as session, session.begin():
        novel = create_novel(session, title="Fuzzed", author="Nobody")
    extractor = ScriptedExtractor(script)
    for number, body in enumerate(["Ada met Bram.", "Ada rode to Netherfield.",
                                   "Bram wrote to Ada from Netherfield."], start=1):
        analyze_chapter(novel_id=novel, number=number, text=body, engine=engine,
                        extractor=extractor)
    engine.dispose()
    return str(novel)


@pytest.fixture(scope="module")
def live(pg_server_url: str, tmp_path_factory) -> Iterator[Live]:  # type: ignore[no-untyped-def]
    log = tmp_path_factory.mktemp("fuzz") / "serve.log"
    with scratch_database(pg_server_url, migrate=True) as url:
        novel = _seed(url)
        port = free_port()
        env = child_env(DATABASE_URL=url, CONTINUUM_API_TOKEN=TOKEN, HOST="127.0.0.1",
                        LOG_LEVEL="WARNING", MAX_UPLOAD_BYTES=str(256 * 1024))
        with log.open("wb") as out:
            process = subprocess.Popen(cli("serve", "--port", str(port), "--no-worker"), env=env,
                                       cwd=REPO_ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_http(f"http://127.0.0.1:{port}/api/health", process)
            yield Live(f"http://127.0.0.1:{port}", novel)
        finally:
            stop(process)


def _fuzz(operation, live: Live, mode: GenerationMode) -> str | None:  # type: ignore[no-untyped-def]
    """Run one operation's examples; the first failure's report, or None."""
    names = {p.name for p in operation.path_parameters}
    fixed = {"novel_id": live.novel} if "novel_id" in names and operation.method != "delete" else {}
    checks = [not_a_server_error] + ([response_schema_conformance]
                                     if mode is GenerationMode.POSITIVE else [])

    examples = EXAMPLES if mode is GenerationMode.POSITIVE else NEGATIVE_EXAMPLES

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              phases=[Phase.explicit, Phase.generate, Phase.shrink],
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode, path_parameters=fixed or None))
    def run(case) -> None:  # type: ignore[no-untyped-def]
        response = case.call(base_url=live.base, headers=AUTH, timeout=60)
        case.validate_response(response, checks=checks, headers=AUTH)

    try:
        run()
    except Unsatisfiable:
        return None  # nothing of this operation can be sent wrong (no parameters, no body)
    except Exception as exc:  # noqa: BLE001 - every operation is reported, not only the first
        return f"{operation.method.upper()} {operation.path} [{mode.value}]: {exc}"[:3000]
    return None


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                         ids=["fits-schema", "breaks-schema"])
def test_no_server_errors_and_responses_fit_their_schema(live: Live, mode: GenerationMode) -> None:
    schema = schemathesis.openapi.from_url(f"{live.base}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 20
    failures = [f for f in (_fuzz(op, live, mode) for op in operations) if f]
    assert failures == [], "\n\n".join(failures)
