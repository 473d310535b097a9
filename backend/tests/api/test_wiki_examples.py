"""Every documented example of the wiki routes validates against the route's response model."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from continuum.api.routes import (
    canon,
    chapter_extras,
    export,
    extraction,
    graphs,
    repair,
    search,
    story,
    world,
)

MODULES = (story, world, graphs, canon, chapter_extras, extraction, search, repair, export)
ROUTES = [route for module in MODULES for route in module.router.routes]


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: f"{sorted(r.methods)[0]} {r.path}")
def test_the_route_documents_a_valid_example(route) -> None:
    examples = [content["example"] for spec in (route.responses or {}).values()
                for media, content in spec.get("content", {}).items() if "example" in content]
    assert examples, "document at least one example response"
    for media_examples in examples:
        if isinstance(media_examples, str):
            continue  # the Markdown export
        TypeAdapter(route.response_model).validate_python(media_examples)
