"""The promise, as a property over every read: at cap N nothing first asserted after N shows.

Routes are enumerated from the OpenAPI document, so a new GET route with a `cap` is covered
without anyone remembering to add it. The story is the golden fixture (10 chapters) and the
first chapters of Pride and Prejudice and of Treasure Island (told by "I", its narrator
named in chapter 3), ingested through the real spine with the offline extractor, plus a
scripted novel whose names are stamped with a later chapter (a married name, a fuller name
that retitles a page); a parked agent draft sits in the review queue and must never leak.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.conftest import chapters_of

GOLDEN = Path(__file__).resolve().parents[3] / "evals" / "fixtures" / "golden" / "chapters"
SECRET = "Zanzibarquux"
UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
ECHOED = {"query", "q"}
CHAPTER_MARKER = re.compile(r"model-of-chapter-(\d+)")  # seeded LLM calls name their chapter
QUERIES = ["key", "ledger", "Darcy", "stranger", "married", "Finchy", SECRET, "Wickham"]


@pytest.fixture(scope="module")
def story(database_url, shared_data):
    """Three novels ingested chapter by chapter, plus a parked draft; cleaned up afterwards."""
    from continuum.db.engine import get_engine

    novels = {}
    with write_session() as session:
        novels["golden"] = create_novel(session, title="The Saltmere Ledger")
        novels["pride"] = create_novel(session, title="Pride and Prejudice")
        novels["treasure"] = create_novel(session, title="Treasure Island")
    for n, path in enumerate(sorted(GOLDEN.glob("*.txt")), start=1):
        analyze_chapter(novel_id=novels["golden"], number=n, text=path.read_text("utf-8"))
    for n, chapter in enumerate(chapters_of(shared_data, "pride_and_prejudice.txt")[:4], start=1):
        analyze_chapter(novel_id=novels["pride"], number=n, text=chapter)
    # Told by "I": the narrator is first named in chapter 3 and tells chapter 4 unnamed.
    for n, chapter in enumerate(chapters_of(shared_data, "treasure_island.txt")[:4], start=1):
        analyze_chapter(novel_id=novels["treasure"], number=n, text=chapter)
    novels["married"] = _married_names_novel()
    with write_session() as session:
        session.execute(text(
            "INSERT INTO draft_submissions (novel_id, chapter_number, text, reason) "
            "VALUES (:n, 11, :t, 'fail')"),
            {"n": novels["golden"], "t": f"{SECRET} spoke from the grave."})
        _seed_llm_costs(session, novels)
    yield novels
    with get_engine().begin() as conn:
        conn.execute(text("DELETE FROM novels"))


MARRIED_CHAPTERS = {
    1: "Charlotte Lucas married Mr. Collins at the church.",
    2: "Charlotte Lucas walked home with Lizzy. \"Caroline,\" said Miss Bingley's brother.",
    3: "Mrs. Collins poured the tea for Lizzy.",
    4: "Elizabeth Vane, whom they all called Lizzy, smiled. Miss Bingley signed Caroline Bingley.",
}


def _married_names_novel() -> uuid.UUID:
    """Names stamped with a chapter: "Mrs. Collins" is Charlotte's from chapter 3 (her
    marriage is on record from 1), Lizzy's page is "Elizabeth Vane" from chapter 4, and the
    "Caroline" of chapter 2 joins Miss Bingley when she signs "Caroline Bingley" in 4."""
    from continuum.pipeline.extract.schema import ChapterExtraction, Evidence, RelationshipUpdate
    from tests.fakes import ScriptedExtractor, entity

    def person(text_: str, name: str, gender: str, *aliases: str):
        item = entity(text_, name, "character", *aliases)
        item.gender = gender
        return item

    def script(text_: str, number: int, context) -> ChapterExtraction:
        people = {
            1: [person(text_, "Charlotte Lucas", "female"), person(text_, "Mr. Collins", "male")],
            2: [person(text_, "Charlotte Lucas", "female"), person(text_, "Lizzy", "female"),
                person(text_, "Caroline", "female"), person(text_, "Miss Bingley", "female")],
            3: [person(text_, "Mrs. Collins", "female"), person(text_, "Lizzy", "female")],
            4: [person(text_, "Lizzy", "female", "Elizabeth Vane"),
                person(text_, "Miss Bingley", "female", "Caroline Bingley")],
        }[number]
        ties = [RelationshipUpdate(source="Charlotte Lucas", target="Mr. Collins",
                                   type="married_to", symmetric=True,
                                   evidence=Evidence(start=0, end=len(text_), quote=text_,
                                                     rule="scripted"))] if number == 1 else []
        return ChapterExtraction(new_entities=people, relationship_updates=ties)

    with write_session() as session:
        novel_id = create_novel(session, title="Stamped Names")
    extractor = ScriptedExtractor(script)
    for number, text_ in MARRIED_CHAPTERS.items():
        analyze_chapter(novel_id=novel_id, number=number, text=text_, extractor=extractor)
    return novel_id


def _seed_llm_costs(session, novels: dict) -> None:
    """LLM calls and alignment stats per chapter (the offline extractor makes none), each named
    after its chapter, plus the billed calls of a failed attempt at the chapter after the last."""
    for novel_id in novels.values():
        last = session.execute(text("SELECT max(number) FROM chapters WHERE novel_id = :n"),
                               {"n": novel_id}).scalar_one()
        session.execute(text(
            "INSERT INTO llm_calls (novel_id, chapter, pass_name, model, tokens_in, tokens_out, "
            "tokens_cached, latency_ms, cost_usd, status) "
            "SELECT :n, c, 'pass-' || marker, 'test/' || marker, 1000 * c, 100 * c, 10 * c, 50 * c, "
            "0.001 * c, CASE WHEN c > :last THEN 'server_error' ELSE 'ok' END "
            "FROM generate_series(1, :last + 1) AS c, "
            "LATERAL (SELECT 'model-of-chapter-' || c AS marker) m"), {"n": novel_id, "last": last})
        session.execute(text(
            "UPDATE chapters SET extraction_stats = extraction_stats || jsonb_build_object("
            "'alignment', jsonb_build_object('by_pass', jsonb_build_object("
            "'pass-model-of-chapter-' || number, jsonb_build_object("
            "'aligned', number, 'dropped', number % 3, 'invalid', 0)))) "
            "WHERE novel_id = :n"), {"n": novel_id})


def _assert_marker_visible(value: str, *, cap: int, where: str, path: str) -> None:
    for found in CHAPTER_MARKER.findall(value):
        assert int(found) <= cap, f"{where}: {path} shows data of chapter {found} > cap {cap}"


@pytest.fixture(scope="module")
def client(story):
    from continuum.api.app import create_app

    with TestClient(create_app(run_worker=False)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def truth(story):
    """Per novel: chapter count, entity first chapters, and names first known in each chapter."""
    facts = {}
    with read_session() as session:
        for key, novel_id in story.items():
            chapters = dict(session.execute(text(
                "SELECT number, text FROM chapters WHERE novel_id = :n"), {"n": novel_id}).all())
            first = dict(session.execute(text(
                "SELECT id::text, first_chapter FROM entities WHERE novel_id = :n"),
                {"n": novel_id}).all())
            names: dict[str, int] = {}
            for name, aliases, chapter in session.execute(text(
                    "SELECT name, aliases, chapter FROM entity_versions WHERE novel_id = :n"),
                    {"n": novel_id}):
                for surface in (name, *aliases):
                    names[surface] = min(names.get(surface, 10**6), chapter)
            title = session.execute(text("SELECT title FROM novels WHERE id = :n"),
                                    {"n": novel_id}).scalar_one()
            joins = [(str(person), chapter, set(names_) | {name}) for person, chapter, name, names_
                     in session.execute(text(
                         """SELECT e.joined_into, e.joined_chapter, v.name, v.aliases
                              FROM entities e JOIN entity_versions v
                                ON v.novel_id = e.novel_id AND v.entity_id = e.id
                             WHERE e.novel_id = :n AND e.joined_into IS NOT NULL"""),
                         {"n": novel_id})]
            twins = {str(t): (str(p), c) for t, p, c in session.execute(text(
                "SELECT id, joined_into, joined_chapter FROM entities "
                "WHERE novel_id = :n AND joined_into IS NOT NULL"), {"n": novel_id})}
            facts[key] = {"id": novel_id, "chapters": chapters, "first": first, "names": names,
                          "title": title, "joins": joins, "twins": twins}
    return facts


def _get_routes(client) -> list[dict]:
    routes = []
    for path, ops in client.app.openapi()["paths"].items():
        op = ops.get("get")
        if not op:
            continue
        params = {p["name"]: p for p in op.get("parameters", [])}
        if "cap" in params and "novel_id" in params:
            routes.append({"path": path, "params": params})
    return routes


def _late_names(facts: dict, cap: int) -> set[str]:
    """Names first known after the cap that no visible chapter text contains."""
    visible = " ".join([facts["title"], *(t for n, t in facts["chapters"].items() if n <= cap)])
    late = set()
    for surface, chapter in facts["names"].items():
        if (chapter > cap and len(surface) > 3 and surface[0].isupper()
                and not re.search(rf"\b{re.escape(surface)}\b", visible)):
            late.add(surface)
    return late


def _walk(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v, f"{path}[]")
    else:
        yield path, value


def _dicts(value):
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _dicts(v)


def _assert_no_early_join(body, *, facts: dict, cap: int, where: str) -> None:
    """Below the chapter that joined a twin into a person, the person wears none of its names."""
    for person, chapter, twin_names in facts["joins"]:
        if cap >= chapter:
            continue
        for found in _dicts(body):
            if found.get("id") == person:
                worn = {found.get("name"), *(found.get("aliases") or [])}
                assert not worn & twin_names, \
                    f"{where}: {person} wears {worn & twin_names}, joined only in {chapter} > {cap}"


def _assert_no_spoiler(body, *, facts: dict, cap: int, where: str) -> None:
    late = _late_names(facts, cap)
    _assert_no_early_join(body, facts=facts, cap=cap, where=where)
    for path, value in _walk(body):
        leaf = path.rsplit(".", 1)[-1].strip("[]")
        if isinstance(value, int) and not isinstance(value, bool) and "chapter" in leaf:
            assert value <= cap, f"{where}: {path}={value} beyond cap {cap}"
        if isinstance(value, str) and leaf in ECHOED:
            continue  # the reader's own query, echoed back
        if isinstance(value, str):
            assert SECRET not in value, f"{where}: the review queue leaked at {path}"
            _assert_marker_visible(value, cap=cap, where=where, path=path)
            for found in UUID_RE.findall(value):
                first = facts["first"].get(found)
                assert first is None or first <= cap, \
                    f"{where}: {path} names entity {found} first seen in {first} > cap {cap}"
            for name in late:
                assert not re.search(rf"\b{re.escape(name)}\b", value), \
                    f"{where}: {path} shows {name!r}, first known after cap {cap}: {value[:120]!r}"


def _urls(route: dict, facts: dict, cap: int, pick: int) -> list[tuple[str, dict, int | None]]:
    """Concrete URLs for a route at a cap, with the status a spoiler-free server must give."""
    path = route["path"].replace("{novel_id}", str(facts["id"]))
    query: dict = {"cap": cap}
    if "q" in route["params"]:
        query["q"] = QUERIES[pick % len(QUERIES)]
    urls = []
    if "{entity_id}" in path or "{eid}" in path:
        ids = sorted(facts["first"])
        for eid in (ids[pick % len(ids)], ids[(pick * 7 + 3) % len(ids)]):
            expected = 404 if facts["first"][eid] > cap else None
            urls.append((path.replace("{entity_id}", eid).replace("{eid}", eid), query, expected))
    elif "{number}" in path:
        number = 1 + pick % len(facts["chapters"])
        urls.append((path.replace("{number}", str(number)), query,
                     404 if number > cap else None))
    elif "{" not in path:
        urls.append((path, query, None))
    return urls


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_route_reveals_anything_after_the_cap(client, truth, data) -> None:
    routes = _get_routes(client)
    assert len(routes) >= 15, [r["path"] for r in routes]
    novel = data.draw(st.sampled_from(sorted(truth)))
    facts = truth[novel]
    cap = data.draw(st.integers(min_value=0, max_value=len(facts["chapters"])))
    route = data.draw(st.sampled_from(routes))
    pick = data.draw(st.integers(min_value=0, max_value=1000))
    for url, query, expected in _urls(route, facts, cap, pick):
        response = client.get(url, params=query)
        where = f"GET {url}?{query}"
        if expected is not None:
            assert response.status_code == expected, f"{where}: {response.status_code}"
            continue
        if response.status_code == 404:
            continue
        assert response.status_code == 200, f"{where}: {response.status_code} {response.text[:200]}"
        body = response.json() if "json" in response.headers.get("content-type", "") \
            else response.text
        _assert_no_spoiler(body, facts=facts, cap=cap, where=where)


def test_every_route_at_every_cap(client, truth) -> None:
    """Exhaustive over routes and caps (one entity/chapter pick each), to complement the sample."""
    for route in _get_routes(client):
        for facts in truth.values():
            for cap in range(0, len(facts["chapters"]) + 1):
                for url, query, expected in _urls(route, facts, cap, pick=cap):
                    response = client.get(url, params=query)
                    if expected is not None:
                        assert response.status_code == expected, (url, cap)
                    elif response.status_code == 200:
                        body = response.json() if "json" in response.headers.get(
                            "content-type", "") else response.text
                        _assert_no_spoiler(body, facts=facts, cap=cap, where=f"{url}@{cap}")


def test_raising_the_cap_never_removes_an_entity(client, truth) -> None:
    """Only a join takes an entity off the list: from its chapter the twin is its person."""
    for facts in truth.values():
        previous: set[str] = set()
        for cap in range(1, len(facts["chapters"]) + 1):
            page = client.get(f"/api/novels/{facts['id']}/entities",
                              params={"cap": cap, "limit": 1000}).json()
            assert page["total"] == len(page["items"]), "the whole list fits in one page"
            ids = {r["id"] for r in page["items"]}
            joined = {t for t, (person, chapter) in facts["twins"].items()
                      if chapter <= cap and person in ids}
            assert previous - joined <= ids, f"cap {cap} lost {previous - ids - joined}"
            assert not joined & ids, f"cap {cap} still lists the joined {joined & ids}"
            assert all(facts["first"][i] <= cap for i in ids)
            previous = ids


def test_the_joined_twin_is_in_the_story(truth) -> None:
    """The join the property checks exists: "Caroline" is Miss Bingley's from chapter 4."""
    (person, chapter, names), = truth["married"]["joins"]
    assert chapter == 4 and names == {"Caroline"}
    _assert_no_early_join({"id": person, "name": "Caroline Bingley", "aliases": ["Caroline"]},
                          facts=truth["married"], cap=4, where="probe")
    with pytest.raises(AssertionError):
        _assert_no_early_join({"id": person, "aliases": ["Caroline"]},
                              facts=truth["married"], cap=3, where="probe")


def test_the_review_queue_is_only_in_the_review_route(client, story) -> None:
    queue = client.get(f"/api/novels/{story['golden']}/review").json()
    assert any(SECRET in json.dumps(q) for q in [client.get(f"/api/review/{d['id']}").json()
                                                 for d in queue])
    hits = client.get(f"/api/novels/{story['golden']}/search", params={"q": SECRET}).json()
    assert SECRET not in json.dumps(hits["hits"])


def test_the_checker_catches_a_spoiler(truth) -> None:
    facts = truth["pride"]
    late = _late_names(facts, 2)
    assert any("Darcy" in name for name in late)
    with pytest.raises(AssertionError):
        _assert_no_spoiler({"name": sorted(late)[0]}, facts=facts, cap=2, where="probe")
    darcy = next(i for i, c in facts["first"].items() if c == 3)
    with pytest.raises(AssertionError):
        _assert_no_spoiler({"id": str(uuid.UUID(darcy))}, facts=facts, cap=2, where="probe")
    with pytest.raises(AssertionError):
        _assert_no_spoiler({"to_chapter": 3}, facts=facts, cap=2, where="probe")
    with pytest.raises(AssertionError):
        _assert_no_spoiler({"passes": [{"model": "test/model-of-chapter-3"}]}, facts=facts, cap=2,
                           where="probe")


def test_costs_stop_at_the_cap(client, truth) -> None:
    """The seeded calls are on every route that reports them, and never past the cap (nor the
    failed attempt at the chapter after the last, whose calls were billed)."""
    for facts in truth.values():
        last = len(facts["chapters"])
        for cap in range(0, last + 1):
            body = client.get(f"/api/novels/{facts['id']}/extraction", params={"cap": cap}).json()
            assert [r["chapter"] for r in body["chapters"]] == list(range(1, cap + 1))
            assert body["totals"]["calls"] == cap
            assert body["totals"]["tokens_in"] == 1000 * cap * (cap + 1) // 2
            for row in body["chapters"]:
                assert [p["model"] for p in row["passes"]] == [f"test/model-of-chapter-{row['chapter']}"]
                assert [p["pass_name"] for p in row["alignment"]["passes"]] == \
                    [f"pass-model-of-chapter-{row['chapter']}"]


def test_the_stamped_names_are_in_the_story_and_start_at_their_chapter(truth) -> None:
    """The married and fuller names the property checks exist, from their own chapters."""
    names = truth["married"]["names"]
    assert names["Mrs. Collins"] == 3 and names["Elizabeth Vane"] == 4
    assert "Mrs. Collins" in _late_names(truth["married"], 2)
    assert "Elizabeth Vane" in _late_names(truth["married"], 3)
