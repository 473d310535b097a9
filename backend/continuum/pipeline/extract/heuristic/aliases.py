"""Alias clustering: group the name forms of a chapter into entities, honouring the context.

Forms are bound from the most specific to the least: full names first, then a title with
one name ("Mr. Darcy", "Lady Catherine"), then bare names ("Darcy"). A less specific form
joins a cluster only when exactly one compatible cluster exists; with several (the
Bennet sisters for "Miss Bennet") it stays its own cluster: no guessing. Compatibility
is about names (given-name and surname slots, diminutives, initials), gender (titles,
given names, pronoun statistics), marital titles (Miss vs Mrs.), the etiquette of titles
("Colonel X" takes a surname; "Miss Jemima" beside "Jemima Pinkerton" makes "Miss
Pinkerton" the elder sister) and type (a person never joins a place).

"Miss Bennet" is the eldest unmarried daughter of the Bennets, and her sisters are "Miss
Elizabeth Bennet", "Miss Lydia". Where the chapter or the story shows a family with several
daughters (`several_daughters`: "the eldest Miss Bennet", "the Miss Lucases", or two known
women with different given names and the surname), "Miss Bennet" and a given-named daughter
("Elizabeth Bennet") are never clustered together: which sister is the eldest, the names
alone do not say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from continuum.language.names import (
    MARRIED_TITLES,
    PERSONAL_TITLES,
    RANK_HONORIFICS,
    ROYAL_HONORIFICS,
    SURNAME_TITLES,
    TITLE_GENDERS,
    TITLE_SPELLINGS,
    UNMARRIED_HONORIFICS,
    WIFE_HONORIFICS,
    given_forms,
    given_gender,
    is_given_name,
    ladys_surname,
    normalize,
    same_given,
    split_honorific,
    stands_for,
    womans_title_beside_office,
)
from continuum.language.people import BIRTH_ORDER
from continuum.pipeline.extract.heuristic.mentions import (
    NAME_LABELS,
    PARTICLES,
    PLACE_LABELS,
    NameMention,
    norm_honorific,
)
from continuum.pipeline.extract.heuristic.nlp import adjectives
from continuum.pipeline.extract.protocol import KnownEntity
from continuum.pipeline.identity.resolve import dominant, plural_of

# One key per title: the full word, but for the three a name mostly wears short ("Dr.", "Mr.",
# "Mrs.": "Doctor Livesey" is keyed "dr livesey").
_WORN_SHORT = ("dr", "mr", "mrs")
_SAME_TITLE = {**{short: full for short, full in TITLE_SPELLINGS.items() if short not in _WORN_SHORT},
               **{TITLE_SPELLINGS[short]: short for short in _WORN_SHORT}}
# A wife's titles with a surname: "Mrs. Bennet", "Lady Lucas" (but "Lady Catherine" is a given name).
_WIFE_TITLES = WIFE_HONORIFICS | {"lady", "dame", "signora"}
# A known place or thing becomes a person only against what the book said of it before: one
# vote per earlier mention, up to `KNOWN_KIND_PRIOR`, so the inn a chapter names once on "our
# signboard of Admiral Benbow" stays the inn of the thirty mentions before, and "Redruth",
# taken for a town on its one mention before, takes "Tom Redruth" the gamekeeper. A person
# becomes a place on the chapter's evidence alone: a name taken for a person gathers
# pronouns and mentions it never earned ("Kent", "Bristol").
KNOWN_KIND_PRIOR = 5
# A place or thing named this few times may be the person a titled surname names ("Mr. Blandly").
_SLIP_MENTIONS = 3


def known_kind_prior(known: KnownEntity) -> float:
    """How much the book's earlier mentions of a known entity say for its kind."""
    return float(min(known.mentions, KNOWN_KIND_PRIOR))


class Votes(dict[str, float]):
    """Weighted evidence per label (3 = decisive, 1 = a hint); a missing label weighs 0."""

    def __missing__(self, key: str) -> float:
        return 0.0

    def add(self, other: Mapping[str, float]) -> None:
        for key, weight in other.items():
            self[key] += weight

    def best(self, allowed: set[str] | None = None) -> tuple[str, float] | None:
        """The label with the most positive weight (among `allowed`), or None."""
        scored = [(k, v) for k, v in self.items() if v > 0 and (allowed is None or k in allowed)]
        return max(scored, key=lambda kv: kv[1]) if scored else None


def _vote(votes: Counter[str]) -> str:
    """A gender from pronoun counts: at least two votes and two to one."""
    male, female = votes["male"], votes["female"]
    if male >= 2 and male >= 2 * female:
        return "male"
    if female >= 2 and female >= 2 * male:
        return "female"
    return "unknown"


@dataclass
class Form:
    """One normalized name form with its mentions and evidence."""

    key: str
    display: Counter[str]
    honorifics: frozenset[str]
    words: tuple[str, ...]  # lowercased name words, particles kept
    mentions: list[NameMention] = field(default_factory=list)
    types: Votes = field(default_factory=Votes)
    ner: Votes = field(default_factory=Votes)  # the part of `types` that is spaCy's label
    pronoun_gender: Counter[str] = field(default_factory=Counter)
    # The sex person nouns said of the form give it ("Israel Hands … was a … seaman"):
    # evidence for the entity's sex, not for which forms are one person (`Cluster.gender`).
    said_sex: Counter[str] = field(default_factory=Counter)
    epithet: bool = False  # the first word describes the person: "Old Orlick", "Long John"
    worn_with_the: bool = False  # mostly "the X": an inn, a ship, a house, never one of the people

    @property
    def core(self) -> tuple[str, ...]:
        """Name words without an epithet, particles or possessive pieces."""
        words = self.words[1:] if self.epithet else self.words
        return tuple(w for w in words if w not in PARTICLES and w not in {"'s", "\u2019s"})

    @property
    def gender(self) -> str:
        """Gender from the title, else the given name, else pronoun statistics."""
        genders = {TITLE_GENDERS[h] for h in self.honorifics} - {"unknown"}
        if len(genders) == 1:
            return genders.pop()
        first = self.core[0] if self.core else ""
        if (len(self.core) >= 2 or not self.honorifics) and (sex := given_gender(first)):
            return sex
        return _vote(self.pronoun_gender)

    @property
    def type(self) -> str | None:
        """The best-supported type of this form, or None without evidence."""
        best = self.types.best()
        return best[0] if best else None

    @property
    def count(self) -> int:
        return len(self.mentions)


@dataclass
class Cluster:
    """A group of forms judged to name one entity."""

    forms: list[Form]
    known: KnownEntity | None = None

    def genders(self) -> set[str]:
        found = {f.gender for f in self.forms} - {"unknown"}
        if self.known is not None and self.known.gender in {"male", "female"}:
            found.add(self.known.gender)
        return found

    def gender(self) -> str:
        """The one gender its forms agree on, else the pronoun statistics with the sex the
        person nouns said of them give, else "unknown"."""
        found = self.genders()
        if len(found) == 1:
            return found.pop()
        votes: Counter[str] = Counter()
        for f in self.forms:
            votes.update(f.pronoun_gender)
            votes.update(f.said_sex)
        return _vote(votes)

    def titles(self) -> set[str]:
        return {h for f in self.forms for h in f.honorifics}

    def multiword(self) -> list[tuple[str, ...]]:
        return [f.core for f in self.forms if len(f.core) >= 2]

    def own_votes(self) -> Votes:
        """What this chapter's mentions say of the kind (forms it names here, no prior)."""
        votes = Votes()
        for f in self.forms:
            if f.mentions:
                votes.add(f.types)
        return votes

    def lasting_votes(self) -> Votes:
        """What this chapter adds to the book's evidence of the kind: its own votes but
        spaCy's label, which says the same of a word in every chapter (the chapter being
        read counts it once, in `own_votes`)."""
        votes = self.own_votes()
        for f in self.forms:
            if f.mentions:
                for kind, weight in f.ner.items():
                    votes[kind] = max(votes[kind] - weight, 0.0)
        return votes

    def type_votes(self) -> Votes:
        """The forms' type votes, and the known entity's kind: decisive for a person, worth the
        book's earlier mentions of it (`known_kind_prior`) for a place or a thing."""
        votes = Votes()
        for f in self.forms:
            votes.add(f.types)
        if self.known is not None:
            votes[self.known.type] += 100 if self.known.type == "character" else \
                known_kind_prior(self.known)
        return votes


def _title_keys(titles: list[str] | tuple[str, ...]) -> list[str]:
    return [_SAME_TITLE.get(h, h) for h in titles]


def build_forms(mentions: list[NameMention]) -> list[Form]:
    """Group mentions by normalized titles and lowercased name words, in order of appearance."""
    forms: dict[str, Form] = {}
    for m in mentions:
        titles = _title_keys(m.honorifics)
        key = " ".join([*titles, *(w.lower() for w in m.words)])
        form = forms.get(key)
        if form is None:
            form = forms[key] = Form(key, Counter(), frozenset(titles), tuple(w.lower() for w in m.words))
        form.display[m.form] += 1
        form.mentions.append(m)
    people = _people_surnames(forms.values())
    for form in forms.values():
        form.epithet = _epithet(form.words) and (form.words[-1] in people or not any(
            _not_a_bearer(form, m.label) for m in form.mentions))
    return list(forms.values())


def _people_surnames(forms: Iterable[Form]) -> set[str]:
    """The last words of the chapter's names that are surely people's, with a personal title
    ("Mr. Barley"; a given name before it is no proof: "West Indies"). An adjective before one
    is an epithet whatever spaCy labels the pair ("Old Barley", read as a body, is Bill
    Barley)."""
    return {f.words[-1] for f in forms if f.words and f.honorifics & PERSONAL_TITLES}


_NOT_PERSON_LABELS = NAME_LABELS - {"PERSON"}  # spaCy's labels of a place, a body or a people


def _not_a_bearer(form: Form, label: str | None) -> bool:
    """Whether spaCy's label says the adjective is part of a place's, a body's or a people's
    name ("New York", "Royal Navy"), not a word for a bearer; a body's or a people's label on
    an adjective and a given name is the tagger's slip ("Honest Jemima" of Vanity Fair, read as
    a body, is Jemima Pinkerton)."""
    if label not in _NOT_PERSON_LABELS:
        return False
    return label in PLACE_LABELS or not (len(form.words) == 2 and is_given_name(form.words[1]))


def _epithet(words: tuple[str, ...]) -> bool:
    """Whether a name opens with an adjective that describes its bearer ("Old Orlick", "Long
    John Silver", "Poor Harriet"): an English adjective (spaCy's lemmatizer data) that is no
    given name ("Frank Churchill", "Rose Maylie"). Names of places keep theirs ("New York")."""
    first = words[0] if len(words) >= 2 else ""
    return first in adjectives() and not is_given_name(first)


def _surface_form(surface: str, etype: str | None = None) -> Form:
    """A Form for a known name or alias ("Mr. Darcy"), with no mentions."""
    parts = surface.split()
    titles: list[str] = []
    while len(parts) > 1 and norm_honorific(parts[0]):
        titles.append(norm_honorific(parts[0]) or "")
        parts = parts[1:]
    titles = _title_keys(titles)
    name = tuple(p.lower() for p in parts)
    form = Form(" ".join([*titles, *name]), Counter({surface: 0}), frozenset(titles), name)
    form.epithet = etype == "character" and _epithet(name)
    if etype:
        form.types[etype] += 1
    return form


def _names_compatible(form: Form, cluster: Cluster) -> bool:
    """Whether the form's name words fit one of the cluster's names."""
    core = form.core
    if not core:
        return False
    if len(core) >= 2:
        multiword = cluster.multiword()
        for other in multiword:
            if other == core:
                return True
            if same_given(core[0], other[0]) and (
                core[-1] == other[-1] or _contained(core, other) or _contained(other, core)
            ):
                return True
        return not multiword and _fills_out(form, cluster)
    word = core[0]
    surname_only = bool(form.honorifics) and form.honorifics <= SURNAME_TITLES
    for f in cluster.forms:
        other = f.core
        if not other:
            continue
        if other == core or (len(other) >= 2 and word == other[-1]):
            return True
        if len(other) >= 2 and word == other[0] and not surname_only:
            return True
        # A diminutive binds to an untitled given name: "Lizzy" is Elizabeth, not Lady Catherine.
        if not surname_only and not f.honorifics and word != other[0] and stands_for(word, other[0]):
            return True
    return False


def _fills_out(form: Form, cluster: Cluster) -> bool:
    """Whether a full name completes a cluster known so far by one name word: by its surname,
    titled or bare ("David Livesey" of Dr. Livesey, "Caroline Bingley" of Miss Bingley; but
    "Miss Jane Bates" is a younger sister of "Miss Bates", the eldest), or by
    its given name with no title it lacks ("Lydia Bennet" of Lydia; "Lady Catherine de Bourgh"
    is not Kitty's "Catherine")."""
    core = form.core
    younger = bool(form.honorifics & UNMARRIED_HONORIFICS)
    for f in cluster.forms:
        if len(f.core) != 1:
            continue
        if f.core[0] == core[-1] and not (younger and f.honorifics & UNMARRIED_HONORIFICS):
            return True
        if f.core[0] == core[0] and not f.honorifics & SURNAME_TITLES and form.honorifics <= f.honorifics \
                and not any(g.core == f.core and g.honorifics & SURNAME_TITLES for g in cluster.forms):
            return True  # not a surname the cluster is titled by: "Weston Churchill" is no Mr. Weston
    return False


def _contained(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """Whether `short` is `long` with middle names left out ("Henrietta Lebrune Patch")."""
    if len(short) >= len(long):
        return False
    it = iter(long)
    return all(w in it for w in short)


def compatible(form: Form, cluster: Cluster, several: frozenset[str] = frozenset()) -> bool:
    """Whether `form` may name the entity of `cluster` (names, gender, titles, type);
    `several` are the surnames of families with several daughters (`several_daughters`)."""
    if not _names_compatible(form, cluster):
        return False
    if _eldest_and_sister(form, cluster, several):
        return False
    gender, genders = form.gender, cluster.genders()
    if gender != "unknown" and genders and gender not in genders:
        return False
    if len(form.core) == 1 and not form.honorifics and gender != "female" and ladys_surname(
            form.core[0], [(h, " ".join(f.core)) for f in cluster.forms for h in f.honorifics or [None]]):
        return False  # "Well, then, Hawkins" is her son, not "Mrs. Hawkins"
    titles = cluster.titles()
    if form.honorifics & ROYAL_HONORIFICS - titles or (
            titles & ROYAL_HONORIFICS and len(form.core) >= 2 and not form.honorifics & titles):
        return False  # "King George" is not George Merry, nor he the king (`resolve.agrees`)
    if (form.honorifics & UNMARRIED_HONORIFICS and titles & MARRIED_TITLES) or (
        form.honorifics & MARRIED_TITLES and titles & UNMARRIED_HONORIFICS
    ):
        return False
    if womans_title_beside_office(form.honorifics, titles):
        return False  # "Dr. Marjoribanks" is Miss Marjoribanks's father
    if len(form.core) == 1 and form.honorifics and _title_given(cluster, form):
        return False
    if len(form.core) == 1 and not form.honorifics and any(
            f.honorifics & RANK_HONORIFICS and f.core[:1] == form.core for f in cluster.forms):
        return False  # "Anne" is not "Lady Anne Darcy": her given name goes with her rank
    if len(form.core) >= 2 and not form.honorifics and titles and titles <= _WIFE_TITLES \
            and not cluster.multiword():
        return False  # "Jane Bennet" is not the "Mrs. Bennet" known by her title alone
    if form.honorifics & _WIFE_TITLES and not form.honorifics & titles and _surname_of_full(cluster, form):
        return False  # "Mrs. Bennet" is not "Elizabeth Bennet": a wife's title needs the same title
    if _husband_and_wife(form, cluster):
        return False  # "Mrs. Bentley Drummle" is Bentley Drummle's wife, never Bentley Drummle
    given = form.core[0].rstrip(".") if len(form.core) >= 2 else ""
    if form.honorifics & _WIFE_TITLES and given and cluster.forms and not any(
            w == given or (len(given) == 1 and w.startswith(given))
            for f in cluster.forms for w in f.core):
        return False  # "Mrs. Robert Martin" is Robert Martin's wife, not the "Mrs. Martin" before
    ftype, votes = form.type, cluster.type_votes()
    cbest = votes.best()
    ctype = cbest[0] if cbest else None
    if form.worn_with_the and cluster.known is not None and cluster.known.type == "character":
        return False  # "at the Bell" (an inn) is no diminutive of William Collins
    if ftype and ctype and ftype != ctype and not titled_person_of_a_slip(form, cluster):
        # A weak vote (NER alone) may be overridden; a title or a place head may not, save a
        # known place or thing named only once or twice (`titled_person_of_a_slip`).
        if form.types[ftype] >= 3 and votes[ctype] >= 3:
            return False
        if ctype != "character" and form.honorifics:
            return False
    return True


def titled_person_of_a_slip(form: Form, cluster: Cluster) -> bool:
    """Whether a name with a personal title or none ("Mr. Blandly", "Tuppence") may name the
    person the book took for a place or a thing on a mention or two of it ("Blandly himself
    found the HISPANIOLA", in the squire's letter): so little outweighs it, as "Tom Redruth"
    outweighs the "Redruth" once taken for a town (`KNOWN_KIND_PRIOR`). Whether the
    chapter's evidence says a person at all is `analyze._retyped`'s to judge."""
    known = cluster.known
    return known is not None and known.type != "character" and not known.aliases \
        and form.honorifics <= PERSONAL_TITLES and len(form.core) == 1 \
        and normalize(known.name) == form.core[0] and known.mentions < _SLIP_MENTIONS


def several_daughters(doc: Any, forms: list[Form], known: list[KnownEntity],
                      quote_ids: list[int] | None = None) -> frozenset[str]:
    """Surnames of families the chapter or the story shows with more than one unmarried
    daughter: "the eldest Miss Bennet" (a rank before the title), "the Miss Lucases" (the
    title on the plural), or two women known by different given names with the surname and
    no wife's title ("Jane Bennet", "Elizabeth Bennet")."""
    found: set[str] = set()
    singulars = {w for f in forms for w in f.core} | {
        w.lower() for e in known for n in (e.name, *e.aliases) for w in n.split()}
    for f in forms:
        if not f.honorifics & UNMARRIED_HONORIFICS or len(f.core) != 1:
            continue
        word = f.core[0]
        found |= {s for s in singulars if plural_of(word, {s})}
        if any(m.tok_start > 0 and doc[m.tok_start - 1].lower_ in RANKED for m in f.mentions):
            found.add(word)
    givens: dict[str, set[str]] = {}
    named = [(n, e.gender) for e in known if e.type == "character" for n in (e.name, *e.aliases)]
    named += [(" ".join(f.words), f.gender) for f in forms if not f.honorifics]
    for name, gender in named:
        parts = name.lower().split()
        if len(parts) == 2 and gender == "female" and given_gender(parts[0]) == "female":
            givens.setdefault(parts[1], set()).add(parts[0])
    found |= {surname for surname, names in givens.items() if len(names) > 1}
    if quote_ids is not None:
        found |= _told_apart(forms, known, quote_ids)
    return frozenset(found)


def _told_apart(forms: list[Form], known: list[KnownEntity], quote_ids: list[int]) -> set[str]:
    """Surnames of a family new to the story whose "Miss <surname>" comes first in a
    quotation that then names a daughter by her given name and the surname: "First of all,
    he asked Miss Lucas. … the two fourth with Maria Lucas" (Mrs. Bennet's account of the
    ball, Pride and Prejudice, chapter 3) tells the eldest and Maria apart. A given name
    first ("Jane Fairfax … Miss Fairfax") is one woman named again, and so may be a "Miss"
    first in the narration; of a family whose daughters the story knows, their names say
    who is who."""
    families = {bare.split()[-1].lower() for e in known if e.gender != "male"
                for title, bare in map(split_honorific, (e.name, *e.aliases))
                if title in UNMARRIED_HONORIFICS or (title is None and " " in bare)}
    eldest: dict[tuple[int, str], int] = {}  # (quotation, surname) -> first "Miss" token
    for f in forms:
        if f.honorifics & UNMARRIED_HONORIFICS and len(f.core) == 1:
            for m in f.mentions:
                at = (quote_ids[m.tok_start], f.core[0])
                if at[0]:
                    eldest[at] = min(eldest.get(at, m.tok_start), m.tok_start)
    found = set()
    for f in forms:
        if f.honorifics or len(f.core) != 2 or given_gender(f.core[0]) != "female" or \
                f.core[1] in families:
            continue
        if any(eldest.get((quote_ids[m.tok_start], f.core[1]), m.tok_start) < m.tok_start
               for m in f.mentions if quote_ids[m.tok_start]):
            found.add(f.core[1])
    return found


# Words that rank a daughter among her sisters: "the eldest Miss Bennet" ("the only Miss
# Bates" has none).
RANKED = BIRTH_ORDER - {"only"}


def _eldest_and_sister(form: Form, cluster: Cluster, several: frozenset[str]) -> bool:
    """Whether one of the two is "Miss <surname>" alone and the other a given-named daughter
    of that surname, in a family with several daughters (see the module notes)."""
    def eldest(f: Form) -> bool:
        return bool(f.honorifics & UNMARRIED_HONORIFICS) and len(f.core) == 1 and f.core[0] in several

    def given_named(f: Form) -> bool:
        return len(f.core) >= 2 and f.core[-1] in several and f.core[0] != f.core[-1]

    if eldest(form):
        return any(given_named(f) and f.core[-1] == form.core[0] for f in cluster.forms)
    if given_named(form):
        names = [f for f in cluster.forms if f.core]
        return bool(names) and all(eldest(f) and f.core[0] == form.core[-1] for f in names)
    return False


def _husbands_full_name(f: Form) -> bool:
    """Whether a full name under a wife's title is her husband's ("Mrs. Joe Gargery",
    "Mrs. Bentley Drummle"), not her own: its given name is not a woman's ("Mrs. Mary Smith")."""
    return len(f.core) >= 2 and given_gender(f.core[0]) != "female"


def _husband_and_wife(form: Form, cluster: Cluster) -> bool:
    """Whether one of the two is a wife's title on her husband's full name and the other that
    name without it: the husband and his wife, never one person, whichever the story met
    first ("J. Gargery's power", Joe of himself, is not the Mrs. J. Gargery the chapter's
    context still holds)."""
    def wife(f: Form) -> bool:
        return bool(f.honorifics & WIFE_HONORIFICS)

    if not _husbands_full_name(form):
        return False
    return any(f.core == form.core and wife(f) != wife(form) for f in cluster.forms)


def _surname_of_full(cluster: Cluster, form: Form) -> bool:
    """Whether the form's one name word is the surname of a full name in the cluster."""
    word = form.core[0] if len(form.core) == 1 else ""
    return any(word == full[-1] != full[0] for full in cluster.multiword())


def _title_given(cluster: Cluster, form: Form) -> bool:
    """Whether the cluster goes by this title with its given name while `form` uses the surname.

    "Miss Jemima" with "Jemima Pinkerton" means "Miss Pinkerton" is another (elder) sister;
    a single "Miss Amelia" beside "Miss Sedley" is too little to say so.
    """
    word = form.core[0]
    for full in cluster.multiword():
        if word == full[-1] and word != full[0]:
            return any(
                f.honorifics & form.honorifics and f.core == (full[0],)
                and (f.count >= 2 or (cluster.known is not None and not f.mentions))
                for f in cluster.forms
            )  # a name the story already knows the person by counts as often heard
    return False


def _specificity(form: Form, given_names: set[str]) -> tuple[int, int, int]:
    """Full names first; among titled names, given names ("Miss Jemima") before surnames."""
    if len(form.core) >= 2:
        return (0, -len(form.core), -form.count)
    if form.honorifics:
        return (1 if form.core and form.core[0] in given_names else 2, 0, -form.count)
    return (3, 0, -form.count)


class _Index:
    """Clusters by the name words (and full given names) they contain."""

    def __init__(self) -> None:
        self.by_word: dict[str, list[Cluster]] = {}

    def add(self, cluster: Cluster, form: Form) -> None:
        for word in form.core:
            for key in given_forms(word) | {word}:
                bucket = self.by_word.setdefault(key, [])
                if not any(c is cluster for c in bucket):
                    bucket.append(cluster)

    def candidates(self, form: Form) -> list[Cluster]:
        found: dict[int, Cluster] = {}
        for word in form.core:
            for key in given_forms(word) | {word}:
                for c in self.by_word.get(key, []):
                    found.setdefault(id(c), c)
        return list(found.values())


def cluster_forms(forms: list[Form], known: list[KnownEntity],
                  several: frozenset[str] = frozenset()) -> list[Cluster]:
    """Cluster forms: known entities first, then full names, titled names, bare names;
    `several` as for `compatible`."""
    clusters: list[Cluster] = []
    index = _Index()
    by_surface: dict[str, list[Cluster]] = {}

    def attach(cluster: Cluster, form: Form) -> None:
        cluster.forms.append(form)
        index.add(cluster, form)

    for entity in known:
        cluster = Cluster([], known=entity)
        clusters.append(cluster)
        for surface in dict.fromkeys([entity.name, *entity.aliases]):
            form = _surface_form(surface, entity.type)
            attach(cluster, form)
            by_surface.setdefault(form.key, []).append(cluster)
    given_names = {f.core[0] for f in forms if len(f.core) >= 2}
    wives = {(f.core[0], f.core[-1]) for f in [*(g for c in clusters for g in c.forms), *forms]
             if f.honorifics & _WIFE_TITLES and len(f.core) >= 2}
    for form in sorted(forms, key=lambda f: _specificity(f, given_names)):
        exact = {id(c): c for c in _of_lean(form, by_surface.get(form.key, []))}
        if len(exact) > 1 and (chosen := _salient_known(list(exact.values()))) is not None:
            exact = {id(chosen): chosen}
        if len(exact) == 1 and (chosen := _surname_of_salient_man(form, next(iter(exact.values())),
                                                                   clusters)) is not None:
            exact = {id(chosen): chosen}
        if len(exact) == 1 and (chosen := _surname_of_leaned(form, next(iter(exact.values())),
                                                             clusters)) is not None:
            exact = {id(chosen): chosen}
        if len(exact) == 1:
            attach(next(iter(exact.values())), form)
            continue
        candidates = [] if exact else [c for c in index.candidates(form) if compatible(form, c, several)
                                       and not _husband_of_named_wife(form, c, wives)]
        if len(candidates) > 1 and len(form.core) >= 2:
            # "Mr. John Knightley" beside John Knightley and Mr. Knightley: the full name decides.
            same = [c for c in candidates if form.core in c.multiword()]
            candidates = same if len(same) == 1 else candidates
        if len(candidates) > 1 and form.honorifics:
            # "Mr. Pett" beside "Mr. Peter Pett" and an untitled Pett: the shared title decides.
            same = [c for c in candidates if form.honorifics & c.titles()]
            candidates = same if len(same) == 1 else candidates
        if len(candidates) > 1 and form.epithet:
            # "Long John" beside "Long John Silver" and John Trelawney: the epithet decides.
            same = [c for c in candidates if any(f.epithet and f.words[0] == form.words[0] for f in c.forms)]
            candidates = same if len(same) == 1 else candidates
        candidates = _of_lean(form, candidates)
        if len(candidates) > 1 and (chosen := _salient_known(candidates)) is not None:
            candidates = [chosen]
        if len(candidates) == 1:
            attach(candidates[0], form)
        else:
            cluster = Cluster([])
            clusters.append(cluster)
            attach(cluster, form)
    return [c for c in clusters if any(f.mentions for f in c.forms)]


def _husband_of_named_wife(form: Form, cluster: Cluster, wives: set[tuple[str, str]]) -> bool:
    """"Mr. John Knightley" is not the "Mr. Knightley" of the story when a "Mrs. John
    Knightley" is known: a wife called by her husband's given name is the wife of a younger
    son, and the elder is "Mr. Knightley" (`wives`: the (given, surname) of such wives)."""
    if len(form.core) < 2 or (form.core[0], form.core[-1]) not in wives or cluster.multiword():
        return False
    return any(f.core == (form.core[-1],) and f.honorifics & form.honorifics for f in cluster.forms)


def _surname_of_salient_man(form: Form, bare: Cluster, clusters: list[Cluster]) -> Cluster | None:
    """A surname alone that the story once took for a person of its own ("Hawkins", said to
    the narrator before his surname was known) goes, once a man far more named carries it
    in his full name ("Jim Hawkins"), to him: the salient one (`_salient_known`)."""
    if len(form.core) != 1 or form.honorifics or form.gender == "female" or bare.known is None \
            or bare.known.aliases or " " in bare.known.name:
        return None
    word = form.core[0]
    men = [c for c in clusters if c is not bare and c.known is not None and c.gender() == "male"
           and any(len(core) >= 2 and core[-1] == word for core in c.multiword())]
    chosen = _salient_known([bare, *men]) if men else None
    return chosen if chosen is not bare else None


def _surname_of_leaned(form: Form, known: Cluster, clusters: list[Cluster]) -> Cluster | None:
    """A surname alone that the story has called a woman of a family ("Finch" for Mara Finch)
    goes to the one man who carries it in full when its pronouns lean to a man ("Finch sent
    for me … in his square, upright hand": Aldous Finch)."""
    lean = _lean(form)
    if len(form.core) != 1 or form.honorifics or lean != "male" or known.gender() != "female":
        return None  # a surname alone names a man: it is moved to one, never to a woman
    word = form.core[0]
    fitting = [c for c in clusters if c is not known and c.known is not None and c.gender() == lean
               and any(len(core) >= 2 and core[-1] == word for core in c.multiword())]
    return fitting[0] if len(fitting) == 1 else None


def _of_lean(form: Form, candidates: list[Cluster]) -> list[Cluster]:
    """Among people of both sexes a name could be ("Finch": Mara or Aldous), those of the sex
    its pronouns lean to, if they lean at all and someone fits; salience decides only then."""
    lean = _lean(form)
    if lean is None or len(candidates) < 2 or form.honorifics:
        return candidates
    fitting = [c for c in candidates if c.gender() == lean]
    return fitting if fitting and len(fitting) < len(candidates) else candidates


def _lean(form: Form) -> str | None:
    """The sex the form's pronouns speak of, or None: twice and twice the other's; for a
    surname said alone, which names a man by custom, one "he" and no "she" ("Finch sent for
    me … in his square, upright hand": Aldous, not Mara Finch). A lone "her" after a name is
    as often someone else's ("Bingley was delighted with her sister"). Only a choice between
    people of both sexes asks it; salience decides a tie."""
    vote = _vote(form.pronoun_gender)
    if vote in ("male", "female"):
        return vote
    male, female = form.pronoun_gender["male"], form.pronoun_gender["female"]
    if len(form.core) == 1 and not form.honorifics and male and not female:
        return "male"
    return None


def _salient_known(candidates: list[Cluster]) -> Cluster | None:
    """Among clusters of known entities only, the one the book names far more than the others.

    The same rule as the cast's (`identity.resolve.salient`): "Mr. Smollett" in a chapter
    goes to the long-known Captain Smollett rather than to a rare "Smollett" beside him. A
    candidate that is new in this chapter makes the choice open: nothing is chosen.
    """
    if any(c.known is None for c in candidates):
        return None
    return dominant(candidates, lambda c: c.known.mentions if c.known else 0)


def canonical_name(cluster: Cluster) -> str:
    """The known name, else the longest full name without title (with it when the given
    name is not hers: "Mrs. Joe Gargery", "Mrs. Bentley Drummle", or the title is of a place:
    "King of Denmark"), else the commonest form."""
    if cluster.known is not None:
        return cluster.known.name
    seen = [f for f in cluster.forms if f.mentions]
    full = [f for f in seen if len(f.core) >= 2]
    if full:
        best = max(full, key=lambda f: (len(f.core), f.count, -f.mentions[0].start))
        display = best.display.most_common(1)[0][0].split()
        if (best.honorifics and given_gender(best.core[0]) not in (None, best.gender)) or (
                best.honorifics & WIFE_HONORIFICS and _husbands_full_name(best)):
            return " ".join(display)  # "Mrs. Joe Gargery", "Mrs. Bentley Drummle" keep the title
        if best.honorifics and best.words[0] == "of":
            return " ".join(display)  # "King of Denmark": a title of a place is no "of Denmark"
        return " ".join(display[len(display) - len(best.words) :])
    best = max(seen, key=lambda f: (f.count, len(f.words), -f.mentions[0].start))
    if all(m.kin_title for m in best.mentions):
        return " ".join(best.mentions[0].words)  # "my brother Gardiner" is Gardiner
    return best.display.most_common(1)[0][0]


def surface_forms(cluster: Cluster) -> list[str]:
    """Every distinct surface form written in the chapter, commonest first; an epithet said
    once ("Poor Knightley") describes the person and is no name of theirs ("Long John"), nor
    is a lowercase kinship title ("my aunt Philips")."""
    counts: Counter[str] = Counter()
    for f in cluster.forms:
        if (f.epithet and f.count < 2) or (f.mentions and all(m.kin_title for m in f.mentions)):
            continue  # "my aunt Philips" says who she is to the speaker, not a name of hers
        counts.update({k: v for k, v in f.display.items() if v})
    return [s for s, _ in counts.most_common()]
