"""Search at the cap: full text + dense vectors, fused by reciprocal rank, diversified by MMR."""

from __future__ import annotations

import logging
import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from continuum.api.deps import CapDep, SessionDep, SettingsDep
from continuum.api.routes._examples import LIZZY, example
from continuum.embed import Embedder, EmbeddingError, get_embedder
from continuum.reads.search import Mode, SearchResults, search

log = logging.getLogger(__name__)
router = APIRouter(tags=["search"])

SEARCH_EXAMPLE = {
    "query": "silver key", "mode": "hybrid", "cap": 7, "dense_available": True, "indexing": [],
    "hits": [{"kind": "passage", "id": "311", "chapter": 4, "start": 5120, "end": 6034,
              "snippet": "the «silver» «key» lay under the old oak", "score": 0.0325,
              "entity": None},
             {"kind": "entity", "id": LIZZY["id"], "chapter": 1, "start": None, "end": None,
              "snippet": "Elizabeth Bennet", "score": 0.0164, "entity": LIZZY}],
}


def _embedder(settings: SettingsDep) -> Embedder | None:
    """The embedder the stored vectors were made with; None when it cannot load."""
    try:
        return get_embedder(settings.embedding_model)
    except EmbeddingError:
        log.warning("embedder %s unavailable; search runs on full text", settings.embedding_model)
        return None


@router.get("/novels/{novel_id}/search", response_model=SearchResults,
            responses=example(SEARCH_EXAMPLE))
def search_novel(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    embedder: Annotated[Embedder | None, Depends(_embedder)],
    q: Annotated[str, Query(min_length=1, max_length=500, examples=["silver key"])],
    limit: Annotated[int, Query(ge=1, le=50)] = 10,
    mode: Annotated[Mode, Query(description="hybrid (default), or one retriever for evaluation")
                    ] = "hybrid",
) -> SearchResults:
    """Passages, scenes, events and entities from chapters up to the cap; « » mark matches."""
    return search(session=session, novel_id=novel_id, cap=cap, q=q, limit=limit, mode=mode,
                  embedder=embedder)
