"""Alias clustering: group name forms of one chapter into entities, honouring the context.

Forms are bound from the most specific to the least: full names first, then a title
with one name ("Mr. Darcy", "Lady Catherine"), then bare names ("Darcy"). A less
specific form joins a cluster only when exactly one compatible cluster exists; with
several (the Bennet sisters for "Miss Bennet") it stays its own cluster. Compatibility
is about names (first name / surname slots), gender (honorifics, first names, pronoun
statistics), marital titles (Miss vs Mrs.) and type (a person never joins a place).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from continuum.pipeline.extract.heuristic.mentions import (
    HONORIFICS,
    MARRIED,
    PARTICLES,
    UNMARRIED,
    NameMention,
    norm_honorific,
)
from continuum.pipeline.extract.protocol import KnownEntity

_SAME_TITLE = {"doctor": "dr", "capt": "captain", "col": "colonel", "gen": "general",
               "lieut": "lieutenant", "lt": "lieutenant", "prof": "professor",
               "rev": "reverend", "mister": "mr", "missus": "mrs", "mme": "madame",
               "mlle": "mademoiselle", "sgt": "sergeant", "gov": "governor", "st": "saint"}  # fmt: skip
# Common given names of English-language fiction, for gender when no title says it.
MALE_NAMES = frozenset(
    """aaron abraham adam adolphus albert alexander alfred allan andrew angus anthony archibald
    arthur augustus austin basil ben benjamin bernard bertie bill billy bob charles charley
    charlie christopher clarence claude colin cyril daniel david dick donald duncan edgar edmund
    edward edwin ernest eugene felix ferdinand francis frank fred frederick gabriel geoffrey
    george gerald gilbert godfrey gregory guy harold harry henry herbert horace hubert hugh
    humphrey isaac jack jacob jake james jasper jem jim jimmy jo joe john jonathan joseph
    joshua julian julius lawrence leonard lewis louis luke marcus mark martin matthew maurice
    michael nat nathan nathaniel ned nicholas noah oliver oscar owen patrick paul percy peter
    philip ralph randolph ray reginald richard robert robin roderick roger ronald rupert samuel
    sam sidney silas simon stephen teddy theodore thomas tim timothy toby tom tommy victor
    vincent walter wilfred will william willie abel adrian alan alec amos andy archie barnaby
    bartholomew benedict billy bobby bruce caleb cecil chester clement cornelius cuthbert
    dan denis dennis dudley ebenezer elijah elmer emil emmanuel enoch ephraim erasmus
    ezra fergus gideon giles godfrey gustave hector hiram horatio ichabod ira jabez jeremiah
    jerome jesse jethro jonas josiah jude kit lemuel leon leopold lionel lucius ludwig
    malcolm marmaduke matthias miles morgan moses neville newland obadiah octavius orlando
    oswald phineas pierre raymond reuben rodney rufus saul sebastian seth solomon stanley
    tobias timothy ulysses uriah wallace warren wilbur zachary"""
    .split()
)
FEMALE_NAMES = frozenset(
    """ada adela adelaide agatha agnes alice amelia amy angela ann anna anne annie arabella
    barbara beatrice bella bertha beth betsey betsy betty blanche caroline catherine cecilia
    cecily charlotte clara clarissa constance cora cornelia daisy diana dinah dolly dora
    dorothea dorothy edith eleanor elinor eliza elizabeth ella ellen elsie emily emma esther
    ethel eva eve evelyn fanny flora florence frances georgiana georgina gertrude grace
    gwendolen hannah harriet helen helena henrietta hester hetty honora ida isabel isabella
    jane janet jean jemima jennie jenny jessie joan josephine judith julia juliet kate
    katharine katherine kathleen kitty laura lavinia letitia lilian lillian lily livy lizzie
    lizzy lottie louisa louise lucilla lucy lydia mabel madeline maggie margaret maria marian
    marianne marie marilla martha mary matilda maud maude meg mildred milly minnie miriam
    molly nancy nell nellie nelly olivia patience pauline peggy penelope phoebe polly
    priscilla rachel rebecca rose rosa rosamond ruth sally sarah sophia sophie susan susanna
    sybil theresa victoria violet virginia winifred abigail adeline agatha alicia alma
    amanda amelia annabel antoinette augusta aurora bertha bridget camilla carrie celia
    charity christina christine clementine daphne deborah delia dora edna eliza elsa emmeline
    estella ethel eugenia euphemia evangeline felicity fidelia georgie gladys hilda honoria
    hortense imogen irene janie jemima jessamine jo josephine joanna julie kate leonora
    lettice lilly linda lisa lottie lucinda lucretia mabel madge mamie marcella marguerite
    marjorie mina minerva mollie myra nora norah olive pamela patty pearl phyllis prudence
    rhoda rosalind rosamund rowena sabina selina susannah sylvia tabitha tessa ursula
    valentine vera wilhelmina"""
    .split()
)

# English diminutives, so "Lizzy" can name the Elizabeth of the chapter (untitled forms only).
_NICKNAMES = {
    nick: full
    for full, nicks in {
        "elizabeth": "lizzy lizzie liz eliza betsy betsey bess bessie beth betty libby",
        "margaret": "meg maggie peggy madge margery", "henry": "harry hal hank",
        "william": "bill billy will willie willy", "robert": "bob bobby rob robin bert",
        "richard": "dick dicky rick", "john": "jack johnny", "james": "jim jimmy jem jamie",
        "thomas": "tom tommy", "edward": "ned ted teddy eddie", "frances": "fanny",
        "katherine": "kate kitty katie kit", "catherine": "kate kitty katie kit",
        "sarah": "sally sal", "mary": "polly molly mamie mollie", "helen": "nell nellie nelly",
        "susan": "sue sukey susie", "jane": "jenny jennie", "ann": "annie nan nancy",
        "anne": "annie nan nancy", "anna": "annie", "charles": "charley charlie chas",
        "frederick": "fred freddy freddie", "samuel": "sam sammy", "benjamin": "ben benny",
        "joseph": "joe joey", "nathaniel": "nat", "anthony": "tony", "deborah": "deb debby",
        "lawrence": "larry", "theodore": "theo teddy", "matilda": "tilly", "dorothy": "dolly dot",
        "isabella": "bella", "isabel": "bella", "alexander": "alec alex sandy",
        "christopher": "kit chris", "patrick": "pat paddy", "michael": "mike mick",
        "eleanor": "nell nelly ellie", "harriet": "hattie", "judith": "judy",
    }.items()
    for nick in nicks.split()
}  # fmt: skip


def _given(word: str) -> set[str]:
    """A given name with the full forms it may abbreviate."""
    out = {word}
    if word in _NICKNAMES:
        out.add(_NICKNAMES[word])
    out.update(full for nick, full in _NICKNAMES.items() if nick == word)
    return out


@dataclass
class Form:
    """One normalized name form with its mentions and evidence."""

    key: str
    display: Counter[str]
    honorifics: frozenset[str]
    words: tuple[str, ...]  # lowercased name words, particles kept
    mentions: list[NameMention] = field(default_factory=list)
    types: Counter[str] = field(default_factory=Counter)
    pronoun_gender: Counter[str] = field(default_factory=Counter)

    @property
    def core(self) -> tuple[str, ...]:
        """Name words without particles or possessive pieces."""
        return tuple(w for w in self.words if w not in PARTICLES and w not in {"'s", "’s"})

    @property
    def gender(self) -> str:
        """Gender from the title, else the first name, else pronoun statistics."""
        genders = {HONORIFICS[h] for h in self.honorifics} - {"unknown"}
        if len(genders) == 1:
            return genders.pop()
        if len(self.core) >= 2 or not self.honorifics:
            first = self.core[0] if self.core else ""
            if first in MALE_NAMES and first not in FEMALE_NAMES:
                return "male"
            if first in FEMALE_NAMES and first not in MALE_NAMES:
                return "female"
        return _vote(self.pronoun_gender)

    @property
    def type(self) -> str | None:
        """The best-supported type of this form, or None without evidence."""
        if not self.types:
            return None
        return self.types.most_common(1)[0][0]

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
        """The one gender its forms agree on, else "unknown"."""
        found = self.genders()
        if len(found) == 1:
            return found.pop()
        votes: Counter[str] = Counter()
        for f in self.forms:
            votes.update(f.pronoun_gender)
        return _vote(votes)

    def titles(self) -> set[str]:
        return {h for f in self.forms for h in f.honorifics}

    def multiword(self) -> list[tuple[str, ...]]:
        return [f.core for f in self.forms if len(f.core) >= 2]

    def words(self) -> set[str]:
        return {w for f in self.forms for w in f.core}

    def type_votes(self) -> Counter[str]:
        votes: Counter[str] = Counter()
        for f in self.forms:
            votes.update(f.types)
        if self.known is not None:
            votes[self.known.type] += 100
        return votes


def _vote(votes: Counter[str]) -> str:
    """A gender from pronoun counts: at least two votes and three to one."""
    male, female = votes["male"], votes["female"]
    if male >= 2 and male >= 3 * female:
        return "male"
    if female >= 2 and female >= 3 * male:
        return "female"
    return "unknown"


def form_key(mention: NameMention) -> str:
    """The grouping key of a mention: normalized titles and lowercased name words."""
    titles = [_SAME_TITLE.get(h, h) for h in mention.honorifics]
    return " ".join([*titles, *(w.lower() for w in mention.words)])


def build_forms(mentions: list[NameMention]) -> list[Form]:
    """Group mentions by form key, in order of first appearance."""
    forms: dict[str, Form] = {}
    for m in mentions:
        key = form_key(m)
        form = forms.get(key)
        if form is None:
            titles = frozenset(_SAME_TITLE.get(h, h) for h in m.honorifics)
            form = forms[key] = Form(key, Counter(), titles, tuple(w.lower() for w in m.words))
        form.display[m.form] += 1
        form.mentions.append(m)
    return list(forms.values())


def _known_form(entity: KnownEntity, surface: str) -> Form:
    parts = surface.split()
    titles: list[str] = []
    while len(parts) > 1 and norm_honorific(parts[0]):
        titles.append(_SAME_TITLE.get(norm_honorific(parts[0]) or "", norm_honorific(parts[0]) or ""))
        parts = parts[1:]
    words = tuple(p.lower() for p in parts)
    form = Form(" ".join([*titles, *words]), Counter({surface: 0}), frozenset(titles), words)
    form.types[entity.type] += 1
    return form


def _names_compatible(form: Form, cluster: Cluster) -> bool:
    """Whether the form's name words fit one of the cluster's names."""
    core = form.core
    if not core:
        return False
    if len(core) >= 2:
        for other in cluster.multiword():
            if other == core:
                return True
            if _first_matches(core[0], other[0]) and (
                core[-1] == other[-1] or _contained(core, other) or _contained(other, core)
            ):
                return True
        return any(f.core == core for f in cluster.forms)
    word = core[0]
    for f in cluster.forms:
        other = f.core
        if len(other) >= 2 and word in (other[0], other[-1]):
            return True
        if other == core:
            return True
        # Nicknames bind untitled given names only: "Lizzy" is Elizabeth, not Lady Elizabeth.
        if not form.honorifics and not f.honorifics and other:
            if (len(other) == 1 or len(other) >= 2) and word != other[0]:
                if _given(word) & _given(other[0]) and other[0] in FEMALE_NAMES | MALE_NAMES:
                    return True
    return False


def _contained(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """Whether `short` is `long` with some middle names left out ("Henrietta Lebrune Patch")."""
    if len(short) >= len(long):
        return False
    it = iter(long)
    return all(w in it for w in short)


def _first_matches(a: str, b: str) -> bool:
    if a == b:
        return True
    a0, b0 = a.rstrip("."), b.rstrip(".")
    return (len(a0) == 1 and b0.startswith(a0)) or (len(b0) == 1 and a0.startswith(b0))


def compatible(form: Form, cluster: Cluster) -> bool:
    """Whether `form` may name the entity of `cluster` (names, gender, titles, type)."""
    if not _names_compatible(form, cluster):
        return False
    gender = form.gender
    genders = cluster.genders()
    if gender != "unknown" and genders and gender not in genders:
        return False
    titles = cluster.titles()
    if len(form.core) == 1 and form.honorifics and _title_given(cluster, form):
        return False
    if form.honorifics & UNMARRIED and titles & MARRIED:
        return False
    if form.honorifics & MARRIED and titles & UNMARRIED:
        return False
    ftype = form.type
    votes = cluster.type_votes()
    ctype = votes.most_common(1)[0][0] if votes else None
    if ftype and ctype and ftype != ctype:
        # A weak vote (NER alone) may be overridden; a title or a place head may not.
        strong_form = form.types[ftype] >= 3
        strong_cluster = votes[ctype] >= 3
        if strong_form and strong_cluster:
            return False
        if ctype != "character" and form.honorifics:
            return False
    return True


def _title_given(cluster: Cluster, form: Form) -> bool:
    """Whether the cluster goes by this title with its given name while `form` uses a surname.

    "Miss Jemima" with "Jemima Pinkerton" means "Miss Pinkerton" is another (elder) sister.
    """
    word = form.core[0]
    for full in cluster.multiword():
        if word == full[-1] and word != full[0]:
            return any(
                f.honorifics & form.honorifics and f.core == (full[0],) for f in cluster.forms
            )
    return False


def _specificity(form: Form, forms: list[Form]) -> tuple[int, int, int]:
    """Full names first; among titled names, given names ("Miss Jemima") before surnames."""
    if len(form.core) >= 2:
        return (0, -len(form.core), -form.count)
    if form.honorifics:
        given = any(len(f.core) >= 2 and f.core[0] == form.core[0] for f in forms)
        return (1 if given else 2, 0, -form.count)
    return (3, 0, -form.count)


def cluster_forms(forms: list[Form], known: list[KnownEntity]) -> list[Cluster]:
    """Cluster forms: known entities first, then full names, titled names, bare names."""
    clusters: list[Cluster] = []
    by_surface: dict[str, list[Cluster]] = {}
    for entity in known:
        surfaces = [entity.name, *entity.aliases]
        cluster = Cluster([_known_form(entity, s) for s in surfaces], known=entity)
        clusters.append(cluster)
        for s in surfaces:
            by_surface.setdefault(_surface_key(s), []).append(cluster)
    for form in sorted(forms, key=lambda f: _specificity(f, forms)):
        exact = {id(c): c for c in by_surface.get(form.key, [])}
        if len(exact) == 1:
            next(iter(exact.values())).forms.append(form)
            continue
        candidates = [] if exact else [c for c in clusters if compatible(form, c)]
        if len(candidates) > 1 and form.honorifics:
            # "Mr. Pett" with "Mr. Peter Pett" and an untitled Pett: the shared title decides.
            same = [c for c in candidates if form.honorifics & c.titles()]
            candidates = same if len(same) == 1 else candidates
        if len(candidates) == 1:
            candidates[0].forms.append(form)
        else:
            clusters.append(Cluster([form]))
    return [c for c in clusters if any(f.mentions for f in c.forms)]


def _surface_key(surface: str) -> str:
    parts = surface.split()
    titles: list[str] = []
    while len(parts) > 1 and norm_honorific(parts[0]):
        key = norm_honorific(parts[0]) or ""
        titles.append(_SAME_TITLE.get(key, key))
        parts = parts[1:]
    return " ".join([*titles, *(p.lower() for p in parts)])


def canonical_name(cluster: Cluster) -> str:
    """The known name, else the longest full name without title, else the commonest form."""
    if cluster.known is not None:
        return cluster.known.name
    seen = [f for f in cluster.forms if f.mentions]
    full = [f for f in seen if len(f.core) >= 2]
    if full:
        best = max(full, key=lambda f: (len(f.core), f.count, -f.mentions[0].start))
        display = best.display.most_common(1)[0][0].split()
        return " ".join(display[len(display) - len(best.words) :])
    best = max(seen, key=lambda f: (f.count, len(f.words), -f.mentions[0].start))
    return best.display.most_common(1)[0][0]


def surface_forms(cluster: Cluster) -> list[str]:
    """Every distinct surface form written in the chapter, commonest first."""
    counts: Counter[str] = Counter()
    for f in cluster.forms:
        counts.update({k: v for k, v in f.display.items() if v})
    return [s for s, _ in counts.most_common()]
