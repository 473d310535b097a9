"""Where people live: a home read from the text, and "went home" sent to it.

A home is said in a few ways, and only these are read:

- a verb of living with a named place: "We … lived in the Temple", "she resided at
  Hartfield" (its subjects live there);
- a place's relative "where … lived": "Longbourn, the village where Mr. Bennet lived";
- a person named by a place with "of": "Mr. Darcy of Pemberley", "Miss Woodhouse of
  Hartfield" (not with an article: "the John of Sunderland" is a steamer);
- a home named on the way to it: "went home to Longbourn".

Narration or speech, asserted, of a named person or a certain pronoun; not a plan or a wish
("would live at Netherfield"), not a former home ("had lived at West Hall"), not a
negation. A home is a `lives_at` relationship (person → place); the newest one a person has
is their home (`persist.facts` ends the one before). The homes the story knows (the
context's relationships) and the chapter's, in text order, tell `movement` where "went
home" goes: without one, going home only ends the place on record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from continuum.language.grammar import MODALS
from continuum.pipeline.extract.heuristic.passes.certainty import certain
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.movement import (
    LIVE_VERBS,
    MOVE_VERBS,
    TO_PREPS,
    company,
)
from continuum.pipeline.extract.schema import RelationshipUpdate

LIVES_AT = "lives_at"
LIVE_PREPS = frozenset({"in", "at"})
# "would live", "had lived": a plan, a wish, a former home.
NOT_NOW_AUX = MODALS | {"to", "had", "\u2019d"}


@dataclass
class Homes:
    """Each person's home: the story's, then the chapter's statements in text order."""

    known: dict[str, str] = field(default_factory=dict)
    said: list[tuple[int, str, str]] = field(default_factory=list)  # token index, person, place
    updates: list[RelationshipUpdate] = field(default_factory=list)

    def of(self, person: str, before: int) -> str | None:
        """The person's home as of token `before`: the last one the chapter said before it,
        else the one the story knows, else the chapter's first (said later in the chapter
        of the same visit: "went home … to Longbourn, the village where they lived")."""
        earlier = [place for i, who, place in self.said if who == person and i < before]
        if earlier:
            return earlier[-1]
        if person in self.known:
            return self.known[person]
        return next((place for _, who, place in self.said if who == person), None)

    @classmethod
    def build(cls, view: ChapterView) -> Homes:
        homes = cls()
        for rel in view.context.relationships:  # newest first (`pipeline.context`)
            if rel.type == LIVES_AT:
                homes.known.setdefault(rel.source, rel.target)
        for tok in view.tokens:
            if view.is_markup(tok):
                continue
            for person, place, parts in _statements(view, tok):
                homes._add(view, tok, person, place, parts)
        return homes

    def _add(self, view: ChapterView, tok: Any, person: str, place: str, parts: list[Any]) -> None:
        if (tok.i, person, place) in self.said:
            return
        self.said.append((tok.i, person, place))
        if any(u.source == person and u.target == place for u in self.updates):
            return
        start, end = view.span_of([tok], parts)
        self.updates.append(RelationshipUpdate(
            source=person, target=place, type=LIVES_AT,
            evidence=view.evidence(start, end, "relationships.residence", 0.7)))


def _statements(view: ChapterView, tok: Any) -> list[tuple[str, str, list[Any]]]:
    """The (person, place, tokens) homes a token states."""
    if tok.pos_ == "PROPN" and view.character(tok):
        return _named_of(view, tok)
    if tok.pos_ != "VERB" or not view.verdict(tok).asserted:
        return []
    if any(c.dep_ in {"aux", "neg"} and c.lower_ in NOT_NOW_AUX | {"not", "n't", "never"}
           for c in tok.children):
        return []
    lemma = tok.lemma_.lower()
    if lemma in LIVE_VERBS:
        return _lived_in(view, tok)
    return _home_to(view, tok)


def _people(view: ChapterView, verb: Any) -> list[tuple[Any, str]]:
    """Who lives there: a name, the narrator's "we", or a pronoun whose person is certain in
    a main clause ("the lady with whom she lived in London" is someone else's home)."""
    main = verb.dep_ == "ROOT" or (verb.dep_ == "conj" and verb.head.dep_ == "ROOT")

    def sure(t: Any, who: str) -> bool:
        if t.lower_ == "we" or (view.token_kind[t.i] == "name" and t.pos_ == "PROPN"):
            return True
        return view.token_kind[t.i] == "pronoun" and main and certain(view, t, who)

    return [(t, who) for t, who in company(view, verb) if sure(t, who)]


def _named_place(view: ChapterView, tok: Any) -> str | None:
    """A location the story knows by name (no guessed capitalised word)."""
    key = view.key(tok)
    return key if key and view.type_of(key) == "location" else None


def _lived_in(view: ChapterView, verb: Any) -> list[tuple[str, str, list[Any]]]:
    nouns = [noun for prep, noun in view.preps(verb) if prep in LIVE_PREPS]
    where = _where_of(verb)
    found = next(((p, n) for n in [*nouns, *([where] if where is not None else [])]
                  for p in [_named_place(view, n)] if p), None)
    if found is None:
        return []
    return [(who, found[0], [t, found[1]]) for t, who in _people(view, verb)]


def _where_of(verb: Any) -> Any | None:
    """"Longbourn, the village where they lived": the place a relative "where" hangs on,
    through its apposition."""
    if verb.dep_ != "relcl" or not any(c.lower_ == "where" for c in verb.children):
        return None
    noun = verb.head
    if noun.dep_ == "appos":
        return noun.head
    return noun


def _named_of(view: ChapterView, tok: Any) -> list[tuple[str, str, list[Any]]]:
    """"Mr. Darcy of Pemberley": a person's name with "of" and a place it needs no noun for;
    not a name with an article ("the John of Sunderland" is a steamer)."""
    if any(c.dep_ == "det" for c in tok.children):
        return []
    for prep in tok.children:
        if prep.dep_ != "prep" or prep.lower_ != "of":
            continue
        for pobj in prep.children:
            place = _named_place(view, pobj) if pobj.dep_ == "pobj" else None
            if place is not None and not any(c.dep_ == "det" for c in pobj.children):
                return [(view.character(tok) or "", place, [pobj])]
    return []


def _home_to(view: ChapterView, verb: Any) -> list[tuple[str, str, list[Any]]]:
    """"went home to Longbourn", "returned home, to Hartfield"."""
    if verb.lemma_.lower() not in MOVE_VERBS:
        return []
    home = next((c for c in verb.children if c.lower_ == "home"
                 and c.dep_ in {"advmod", "npadvmod", "dobj", "prt"}), None)
    if home is None:
        return []
    preps = [*view.preps(verb), *view.preps(home)]
    found = next(((p, noun) for prep, noun in preps if prep in TO_PREPS
                  for p in [_named_place(view, noun)] if p), None)
    if found is None:
        return []
    return [(who, found[0], [t, home, found[1]]) for t, who in _people(view, verb)]
