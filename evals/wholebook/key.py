"""The whole-book answer keys: who is who, how they are related, where they are."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

KEYS = Path(__file__).resolve().parents[1] / "fixtures" / "wholebook"

RelType = Literal["married", "engaged", "sibling", "parent", "grandparent", "aunt_uncle",
                  "cousin", "in_law", "friend", "servant", "guardian", "godparent",
                  "companion", "patron"]
SYMMETRIC_TYPES = frozenset({"married", "engaged", "sibling", "cousin", "in_law", "friend"})


class KeyName(BaseModel):
    """One name a person goes by, from the chapter the text first uses it for them."""

    name: str
    from_: int = Field(alias="from", ge=1)
    kind: Literal["married", "revealed"] | None = None


class KeyPerson(BaseModel):
    """A person of the book with every name they go by."""

    id: str
    display: str
    main: bool = False
    gender: Literal["male", "female", "unknown"] = "unknown"
    names: list[KeyName]
    shared_names: list[str] = Field(default_factory=list)

    @property
    def first_chapter(self) -> int:
        """The chapter the text first names them."""
        return min(n.from_ for n in self.names)


class KeyRelationship(BaseModel):
    """A relationship the text states, from the chapter it is first plain."""

    a: str
    b: str
    type: RelType
    from_: int = Field(alias="from", ge=1)
    quote: str = ""


class KeyWhereabouts(BaseModel):
    """Where a person is at the end of a chapter."""

    chapter: int = Field(ge=1)
    person: str
    place: str
    also: list[str] = Field(default_factory=list)
    within: list[str] = Field(default_factory=list)
    quote: str = ""

    @property
    def accepted(self) -> list[str]:
        """Every place name that counts as right."""
        return [self.place, *self.also, *self.within]


class KeyMarriage(BaseModel):
    """A marriage reported in the book."""

    a: str
    b: str
    chapter: int


class KeyDeath(BaseModel):
    """A death reported in the book."""

    person: str
    chapter: int
    before_story: bool = False


class KeyPlace(BaseModel):
    """A named place with its other names."""

    name: str
    also: list[str] = Field(default_factory=list)
    within: list[str] = Field(default_factory=list)


class BookKey(BaseModel):
    """The answer key of one novel."""

    book: str
    chapters: int = Field(ge=1)
    people: list[KeyPerson]
    relationships: list[KeyRelationship] = Field(default_factory=list)
    whereabouts: list[KeyWhereabouts] = Field(default_factory=list)
    marriages: list[KeyMarriage] = Field(default_factory=list)
    deaths: list[KeyDeath] = Field(default_factory=list)
    places: list[KeyPlace] = Field(default_factory=list)
    not_people: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _references_resolve(self) -> BookKey:
        ids = {p.id for p in self.people}
        if len(ids) != len(self.people):
            raise ValueError(f"{self.book}: person ids are not unique")
        refs = [(r.a, "relationship") for r in self.relationships]
        refs += [(r.b, "relationship") for r in self.relationships]
        refs += [(w.person, "whereabouts") for w in self.whereabouts]
        refs += [(m.a, "marriage") for m in self.marriages] + [(m.b, "marriage")
                                                                for m in self.marriages]
        refs += [(d.person, "death") for d in self.deaths]
        missing = sorted({f"{where} names {ref!r}" for ref, where in refs if ref not in ids})
        if missing:
            raise ValueError(f"{self.book}: unknown person ids: {'; '.join(missing)}")
        late = [w for w in self.whereabouts if w.chapter > self.chapters]
        if late:
            raise ValueError(f"{self.book}: whereabouts past the last chapter: {late[0]}")
        return self

    @property
    def stem(self) -> str:
        """The novel's file stem (pride_and_prejudice)."""
        return Path(self.book).stem

    def person(self, person_id: str) -> KeyPerson:
        """A person by id."""
        return next(p for p in self.people if p.id == person_id)


def load_key(path: Path) -> BookKey:
    """One key file, validated."""
    return BookKey.model_validate(json.loads(path.read_text(encoding="utf-8")))


def available_keys(directory: Path = KEYS) -> dict[str, Path]:
    """Key files by novel stem."""
    return {p.stem: p for p in sorted(directory.glob("*.json"))}
