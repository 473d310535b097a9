"""Set-based reads and pages give exactly what the whole-list, per-entity reads give."""

from __future__ import annotations

from continuum.reads.canon import list_canon, page_canon
from continuum.reads.entities import list_entities, page_entities
from continuum.reads.entity_state import entity_states, get_entity_state
from continuum.reads.graphs import entity_graph, relationship_graph
from continuum.reads.relationships import list_relationships, page_relationships
from continuum.reads.timeline import list_events, page_events

CAPS = range(0, 5)


def _pages(read, paged, whole, size: int, **kwargs) -> None:
    """Walking the pages of `paged` yields `whole`, each page reporting the whole count."""
    full = read(whole, **kwargs)
    seen = []
    offset = 0
    while True:
        page = read(paged, limit=size, offset=offset, **kwargs)
        assert page.total == len(full) and page.limit == size and page.offset == offset
        if not page.items:
            break
        assert len(page.items) <= size
        seen += page.items
        offset += size
    assert seen == full


def test_pages_of_every_list_add_up_to_the_list(story, read) -> None:
    novel, people = story
    for cap in CAPS:
        for size in (1, 2, 200):
            _pages(read, page_events, list_events, size, novel_id=novel, cap=cap)
            _pages(read, page_events, list_events, size, novel_id=novel, cap=cap, order="story",
                   entity_id=people["Bram Stone"])
            _pages(read, page_relationships, list_relationships, size, novel_id=novel, cap=cap)
            _pages(read, page_entities, list_entities, size, novel_id=novel, cap=cap)
            _pages(read, page_entities, list_entities, size, novel_id=novel, cap=cap,
                   type_="character")
            _pages(read, page_canon, list_canon, size, novel_id=novel, cap=cap)


def test_a_page_past_the_end_is_empty_but_still_counts(story, read) -> None:
    novel, _ = story
    events = read(list_events, novel_id=novel, cap=4)
    assert events
    late = read(page_events, novel_id=novel, cap=4, limit=5, offset=len(events) + 3)
    assert late.items == [] and late.total == len(events)
    everyone = read(list_entities, novel_id=novel, cap=4)
    late_entities = read(page_entities, novel_id=novel, cap=4, offset=len(everyone))
    assert late_entities.items == [] and late_entities.total == len(everyone)


def test_entity_states_at_once_equal_one_at_a_time(story, read) -> None:
    novel, people = story
    for cap in CAPS:
        ids = list(people.values())
        together = read(entity_states, novel_id=novel, cap=cap, entity_ids=ids)
        for entity_id in ids:
            alone = read(get_entity_state, novel_id=novel, cap=cap, entity_id=entity_id)
            assert together.get(entity_id) == alone, (cap, entity_id)
    assert read(entity_states, novel_id=novel, cap=4, entity_ids=[]) == {}


def test_a_trimmed_graph_keeps_the_best_connected_nodes_and_their_edges(story, read) -> None:
    novel, _ = story
    for graph_of in (entity_graph, relationship_graph):
        whole = read(graph_of, novel_id=novel, cap=4)
        assert whole.total_nodes == len(whole.nodes) and whole.total_edges == len(whole.edges)
        assert len(whole.nodes) > 2
        small = read(graph_of, novel_id=novel, cap=4, limit=2)
        assert len(small.nodes) == 2 and small.limit == 2
        assert (small.total_nodes, small.total_edges) == (whole.total_nodes, whole.total_edges)
        kept = {n.id for n in small.nodes}
        assert all(e.source in kept and e.target in kept for e in small.edges)
        assert small.edges == [e for e in whole.edges if e.source in kept and e.target in kept]
        degree = {n.id: sum((e.source == n.id) + (e.target == n.id) for e in whole.edges)
                  for n in whole.nodes}
        dropped = [degree[n.id] for n in whole.nodes if n.id not in kept]
        assert min(degree[i] for i in kept) >= max(dropped)
