"""Shared helpers of the golden, critic and search evals.

- a throwaway embedded PostgreSQL under `var/eval-<name>` with a fresh database in it;
- ingest of the golden fixture (*The Saltmere Ledger*) through the real write spine, with a
  fingerprint so a later eval in the same checkout can reuse an up-to-date ingest; the
  fixture helpers take another fixture directory too (`fixture_dir("golden2")`, the
  *Kessel Peak Comet*) and default to the first one;
- name matching of the answer key's names to extracted entities (names and aliases as of
  a cap, normalized);
- content words and overlap, the helpers every scorer shares;
- `write_section`: replace one `## ...` section of docs/EVALUATION.md, keeping the others.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "backend") not in sys.path:
    sys.path.insert(0, str(REPO / "backend"))

FIXTURES = REPO / "evals" / "fixtures"
GOLDEN = FIXTURES / "golden"
# Eval databases and diagnostics; CONTINUUM_EVAL_VAR moves them (parallel runs, scratch disks).
VAR = Path(os.environ.get("CONTINUUM_EVAL_VAR") or REPO / "var")
EVALUATION_MD = REPO / "docs" / "EVALUATION.md"
MINILM = "local:all-MiniLM-L6-v2"
MOCK = "mock:hash"
GOLDEN_TITLE = "The Saltmere Ledger"

# ---------------------------------------------------------------- text helpers (pure)

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset({
    "the", "a", "an", "that", "was", "were", "is", "are", "had", "has", "have", "of", "to",
    "in", "and", "his", "her", "their", "it", "its", "be", "been", "by", "on", "at", "for",
    "with", "he", "she", "they", "him", "them", "not", "from", "as", "this", "would", "could",
    "who", "which", "what", "whom", "there", "did", "do", "does", "but", "or", "so", "into",
})


def stem(word: str) -> str:
    """A crude stem: lower case, a plural s, then one inflection ending (forged/forgery → forg)."""
    w = word.lower()
    if w.endswith("s") and not w.endswith(("ss", "ies")) and len(w) > 4:
        w = w[:-1]
    for suffix in ("ies", "ing", "ery", "ed", "es", "er"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w


def content_words(text: str | None) -> set[str]:
    """Stemmed content words of a phrase (stop words and 1–2 letter words dropped)."""
    if not text:
        return set()
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


def overlap(wanted: str, got: str) -> float:
    """Share of `wanted`'s content words that `got` contains (0 when `wanted` has none)."""
    need = content_words(wanted)
    if not need:
        return 0.0
    return len(need & content_words(got)) / len(need)


def norm_name(name: str | None) -> str:
    """The pipeline's own name key (case, accents, punctuation, leading article)."""
    from continuum.language.names import normalize

    return normalize(name or "")


def ratio(hit: float, total: float) -> float | None:
    """hit / total, or None when there is nothing to score."""
    return None if not total else hit / total


def fmt(value: float | None) -> str:
    """A score as 0.00, or '—' when nothing was scored."""
    return "—" if value is None else f"{value:.2f}"


def mean(values: Iterable[float | None]) -> float | None:
    """Mean of the scored values (None ignored)."""
    vals = [v for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


# ---------------------------------------------------------------- name matching

@dataclass(frozen=True)
class Ent:
    """An extracted entity as of one cap: names, type, first chapter, mentions by the cap."""

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    first_chapter: int = 1
    mentions: int = 0


@dataclass
class NameIndex:
    """Entities by normalized name or alias, as of one cap."""

    entities: dict[str, Ent] = field(default_factory=dict)
    by_surface: dict[str, set[str]] = field(default_factory=dict)

    @classmethod
    def build(cls, entities: Iterable[Ent]) -> NameIndex:
        """Index entities by every name and alias they carry."""
        index = cls()
        for ent in entities:
            index.entities[ent.id] = ent
            for surface in (ent.name, *ent.aliases):
                key = norm_name(surface)
                if key:
                    index.by_surface.setdefault(key, set()).add(ent.id)
        return index

    def carriers(self, surface: str, type_: str | None = None) -> set[str]:
        """Ids of the entities (of a type) that carry a surface as name or alias."""
        ids = self.by_surface.get(norm_name(surface), set())
        return {i for i in ids if type_ is None or self.entities[i].type == type_}

    def surfaces(self, entity_id: str) -> set[str]:
        """Normalized name and aliases of an entity."""
        ent = self.entities[entity_id]
        return {norm_name(s) for s in (ent.name, *ent.aliases)} - {""}

    def carries(self, entity_id: str | None, names: Iterable[str]) -> bool:
        """Does the entity carry one of these names (normalized)?"""
        if entity_id is None or entity_id not in self.entities:
            return False
        return bool({norm_name(n) for n in names} & self.surfaces(entity_id))

    def name_of(self, entity_id: str | None) -> str | None:
        """The entity's name at the cap."""
        ent = self.entities.get(entity_id or "")
        return None if ent is None else ent.name


# ---------------------------------------------------------------- fixture

def fixture_dir(name: str = "golden") -> Path:
    """A golden fixture's directory by name ("golden", "golden2"); it must hold a key."""
    path = FIXTURES / name
    if not re.fullmatch(r"[\w-]+", name) or not (path / "answer_key.json").is_file():
        raise ValueError(f"no golden fixture {name!r} under {FIXTURES}")
    return path


def load_key(fixture: Path = GOLDEN) -> dict[str, Any]:
    """The golden answer key (of the first fixture unless told otherwise)."""
    return json.loads((fixture / "answer_key.json").read_text(encoding="utf-8"))


def golden_chapters(fixture: Path = GOLDEN) -> list[tuple[int, str, str]]:
    """(number, title, text) of the ten chapters of a golden fixture, in order."""
    titles = {c["number"]: c["title"] for c in
              json.loads((fixture / "chapters.json").read_text(encoding="utf-8"))}
    out = []
    for path in sorted((fixture / "chapters").glob("*.txt")):
        number = int(path.stem)
        out.append((number, titles.get(number, ""), path.read_text(encoding="utf-8")))
    return out


def load_drafts() -> list[dict[str, Any]]:
    """The 32 chapter-11 drafts, clean and seeded, by id."""
    return [json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((GOLDEN / "drafts").glob("*.json"))]


def load_questions() -> list[dict[str, Any]]:
    """The 24 search questions."""
    return json.loads((GOLDEN / "search_questions.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- database

@dataclass
class EvalDatabase:
    """A database on an embedded server under var/eval-<name>; settings point at it."""

    name: str
    data_dir: Path
    url: str

    @property
    def state_file(self) -> Path:
        """Where the fingerprint of the last ingest into this database is kept."""
        return self.data_dir / f"{self.name}.json"


def use_settings(*, url: str | None = None, embedding: str | None = None) -> None:
    """Point the app's settings at a database / embedder (the evals' only env writes)."""
    from continuum.db.engine import dispose_engines
    from continuum.settings import get_settings

    if url is not None:
        os.environ["DATABASE_URL"] = url
    if embedding is not None:
        os.environ["EMBEDDING_MODEL"] = embedding
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    get_settings.cache_clear()
    dispose_engines()


def open_database(name: str, *, fresh: bool, data_dir: Path | None = None) -> EvalDatabase:
    """Start the embedded server under var/eval-<name> (or `data_dir`) and open a database.

    `fresh` drops and recreates it; otherwise an existing database is kept (and migrated).
    """
    from continuum.db.embedded import start_embedded
    from continuum.db.engine import get_engine
    from continuum.db.migrate import upgrade
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = data_dir or VAR / f"eval-{name}"
    base.mkdir(parents=True, exist_ok=True)
    server = start_embedded(base)
    db = "eval_" + re.sub(r"\W", "_", name)
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            exists = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :d"),
                                  {"d": db}).first() is not None
            if exists and fresh:
                conn.execute(text(f'DROP DATABASE "{db}" WITH (FORCE)'))
            if fresh or not exists:
                conn.execute(text(f'CREATE DATABASE "{db}"'))
    finally:
        admin.dispose()
    url = make_url(server).set(database=db).render_as_string(hide_password=False)
    use_settings(url=url)
    upgrade(get_engine())
    database = EvalDatabase(name=name, data_dir=base, url=url)
    if fresh:
        database.state_file.unlink(missing_ok=True)
    return database


# ---------------------------------------------------------------- golden ingest

@dataclass
class GoldenIngest:
    """A golden novel ingested in an eval database."""

    db: EvalDatabase
    novel_id: uuid.UUID
    embedding: str
    seconds: float
    reused: bool
    timings: dict[int, float] = field(default_factory=dict)
    canon: list[dict[str, Any]] = field(default_factory=list)


def fingerprint(embedding: str, fixture: Path = GOLDEN) -> str:
    """What a golden ingest depends on: fixture, pipeline code and embedder."""
    digest = hashlib.sha256(embedding.encode())
    roots = [fixture / "chapters", fixture / "answer_key.json", REPO / "backend" / "continuum",
             REPO / "db" / "migrations"]
    for root in roots:
        files = [root] if root.is_file() else sorted(root.rglob("*"))
        for path in files:
            if path.is_file() and path.suffix in (".py", ".txt", ".json"):
                digest.update(str(path.relative_to(REPO)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def ingest_golden(
    *, embedding: str = MINILM, reuse: bool = True, name: str = "golden",
    data_dir: Path | None = None, lock_canon: bool = True,
    progress: Callable[[str], None] = print, fixture: Path = GOLDEN,
) -> GoldenIngest:
    """Ingest the ten golden chapters in order (offline extractor) and lock the key's canon.

    With `reuse`, an ingest in var/eval-<name> made from the same fixture, pipeline code and
    embedder is reused as it is. `fixture` is the first golden fixture unless told otherwise
    (give another fixture its own `name`, so that it gets its own database).
    """
    from continuum.db.engine import write_session
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel

    stamp = fingerprint(embedding, fixture)
    title = GOLDEN_TITLE if fixture == GOLDEN else load_key(fixture).get("title", fixture.name)
    db = open_database(name, fresh=False, data_dir=data_dir)
    if reuse and db.state_file.exists():
        state = json.loads(db.state_file.read_text(encoding="utf-8"))
        if state.get("fingerprint") == stamp and _novel_exists(db, state["novel_id"]):
            use_settings(embedding=embedding)
            progress(f"reusing the golden ingest in {db.data_dir} ({state['seconds']:.0f}s)")
            return GoldenIngest(db=db, novel_id=uuid.UUID(state["novel_id"]),
                                embedding=embedding, seconds=state["seconds"], reused=True,
                                canon=state.get("canon", []))
    db = open_database(name, fresh=True, data_dir=data_dir)
    use_settings(embedding=embedding)
    extractor = offline_extractor()
    with write_session() as session:
        novel_id = create_novel(session, title=title)
    began = time.perf_counter()
    timings: dict[int, float] = {}
    for number, chapter_title, text_ in golden_chapters(fixture):
        t0 = time.perf_counter()
        analyze_chapter(novel_id=novel_id, number=number, text=text_, title=chapter_title,
                        policy="warn", extractor=extractor)
        timings[number] = time.perf_counter() - t0
        progress(f"  golden chapter {number:2d} ingested in {timings[number]:.1f}s")
    from continuum.jobs.worker import Worker

    t0 = time.perf_counter()
    indexed = Worker(kinds=("index",)).drain()  # the chapters' search vectors (index jobs)
    progress(f"  {indexed} chapters indexed for search in {time.perf_counter() - t0:.1f}s")
    from evals.golden_canon import lock_key_canon

    canon = lock_key_canon(novel_id, load_key(fixture)) if lock_canon else []
    if lock_canon:
        progress(f"  locked {sum(c['locked_rows'] for c in canon)} stored canon facts "
                 f"({sum(bool(c['found']) for c in canon)} of the key's {len(canon)} locked facts)")
    seconds = time.perf_counter() - began
    db.state_file.write_text(json.dumps({"fingerprint": stamp, "novel_id": str(novel_id),
                                         "embedding": embedding, "seconds": seconds,
                                         "canon": canon}), encoding="utf-8")
    return GoldenIngest(db=db, novel_id=novel_id, embedding=embedding, seconds=seconds,
                        reused=False, timings=timings, canon=canon)


_EXTRACTOR: list[Any] = []


def use_ingest(ingest: GoldenIngest) -> GoldenIngest:
    """Point the settings back at a golden ingest's database and embedder."""
    use_settings(url=ingest.db.url, embedding=ingest.embedding)
    return ingest


def offline_extractor() -> Any:
    """The offline extractor (one per process: spaCy loads once)."""
    if not _EXTRACTOR:
        from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor

        _EXTRACTOR.append(OfflineExtractor())
    return _EXTRACTOR[0]


def _novel_exists(db: EvalDatabase, novel_id: str) -> bool:
    from continuum.db.engine import read_session
    from sqlalchemy import text

    try:
        with read_session() as session:
            return session.execute(text("SELECT 1 FROM chapters WHERE novel_id = :n AND "
                                        "number = 10"), {"n": novel_id}).first() is not None
    except Exception:  # noqa: BLE001 - a broken old database is simply not reused
        return False


# ---------------------------------------------------------------- reporting

def write_section(section: str, heading: str, path: Path = EVALUATION_MD) -> None:
    """Replace (or append) one `## heading` section of docs/EVALUATION.md, keeping the others
    and the section's own history: the paragraphs from its first "**Session N**" on, written
    by hand after a measurement, follow the regenerated text."""
    if path.exists():
        text_ = path.read_text(encoding="utf-8")
    else:
        text_ = "# Evaluation\n\nMeasured results of the project's evaluations.\n"
    lines = text_.splitlines(keepends=True)
    start = next((i for i, ln in enumerate(lines) if ln.strip() == heading), None)
    if start is None:
        new = text_.rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n"
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
                   len(lines))
        tail = "".join(lines[end:])
        first = next((i for i in range(start + 1, end) if lines[i].startswith("**Session ")), end)
        history = "".join(lines[first:end]).strip("\n")
        if history and history not in section:
            section = section.rstrip("\n") + "\n\n" + history + "\n"
        new = "".join(lines[:start]) + section.rstrip("\n") + "\n" + ("\n" + tail if tail else "")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")


def read_in_processes(module: str, stems: list[str], jobs: int,
                      extra: Callable[[int], list[str]] = lambda _share: []) -> list[int]:
    """Run `python -m module --read-only --book S ...` over `jobs` processes, the books dealt
    out in turn (each process reads its share one after the other, in databases of its own);
    `extra(i)` adds arguments for share i. Returns the exit codes."""
    jobs = max(1, jobs)
    shares = [stems[i::jobs] for i in range(jobs)]
    procs = [subprocess.Popen([sys.executable, "-m", module, "--read-only",
                               *extra(i), *(a for s in share for a in ("--book", s))], cwd=REPO)
             for i, share in enumerate(shares) if share]
    return [p.wait() for p in procs]


def write_json(path: Path, data: Any) -> None:
    """Write a diagnostic file (pretty JSON)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n",
                    encoding="utf-8")
