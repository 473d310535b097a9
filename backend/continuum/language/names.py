"""People's names and titles: the honorifics by the sex and the marriage they tell, the titles a
name mention may open with, given names and their diminutives, and the name of a person in
plain text as a regular expression built from the one honorific list (`proper_name`). Name
normalization and the title rules (`compatible_titles`) are shared by canonicalization,
resolution, the critic and the read layer."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Iterable

from rapidfuzz.distance import Levenshtein

from continuum.language import lexicon
from continuum.language.grammar import WEEKDAYS
from continuum.language.pronouns import PRONOUNS as PRONOUNS  # never a name; imported from here

MALE_HONORIFICS = {"mr", "sir", "lord", "master", "mas'r", "uncle", "king", "prince", "duke", "father",
                   "brother", "count", "baron", "monsieur", "herr", "señor", "don"}
FEMALE_HONORIFICS = {"mrs", "miss", "ms", "lady", "madam", "madame", "aunt", "queen", "princess",
                     "duchess", "mother", "sister", "countess", "baroness", "mademoiselle",
                     "mlle", "mme", "frau", "señora", "dame"}
# Kinship words a family puts before a surname as a title, in lowercase too: "my aunt
# Philips", "my brother Gardiner" (Mrs. Philips and Mr. Gardiner, by the word's sex).
KIN_TITLES = frozenset({"aunt", "uncle", "sister", "brother"})
# Ranks (and a squire): no sex of their own, though the fiction read here gives them to men.
RANKS = {"captain", "capt", "cap'n", "capn", "colonel", "col", "major", "general", "gen",
         "lieutenant", "lt", "sergeant", "sgt", "admiral", "squire"}
NEUTRAL_HONORIFICS = RANKS | {"dr", "doctor", "professor", "prof", "reverend", "rev", "judge", "saint",
                              "st"}
HONORIFICS = MALE_HONORIFICS | FEMALE_HONORIFICS | NEUTRAL_HONORIFICS
# Titles that say what a person does, not who they were born or married ("Dr. Livesey",
# "Squire Trelawney", "Captain Smollett"; not "Sir", "Lady", "Saint").
OFFICE_TITLES = frozenset(NEUTRAL_HONORIFICS - {"saint", "st"})
# Marital titles: "Mrs. Bennet" and "Miss Bennet" are a mother and a daughter, never one woman;
# nor is a "Lady" (a wife's or a peer's daughter's title) ever called "Miss".
MARRIED_HONORIFICS = {"mrs", "madame", "mme", "señora", "frau", "lady", "dame"}
UNMARRIED_HONORIFICS = {"miss", "mademoiselle", "mlle", "señorita", "fräulein"}
# Titles of a wife with her husband's name ("Mrs. Bennet", "Lady Lucas"): she is rarely also
# called by her own given name with that surname, so "Elizabeth Bennet" is someone else.
WIFE_HONORIFICS = {"mrs", "madame", "mme", "señora", "frau"}
# Titles of rank worn with the given name ("Lady Catherine", "Sir William"): the plain
# "Catherine" of another family is not her.
RANK_HONORIFICS = {"sir", "lady", "lord", "dame"}
# A sovereign's titles: "King George" is the king, never the George Merry of the story, and a
# plain "George" is not the king.
ROYAL_HONORIFICS = frozenset({"king", "queen", "prince", "princess", "emperor", "empress"})
# Titles used with a surname, never a given name: "Colonel Fitzwilliam" is not Fitzwilliam Darcy.
SURNAME_TITLES = frozenset([
    "mr", "dr", "captain", "cap'n", "colonel", "major", "general", "lieutenant", "sergeant",
    "corporal", "admiral", "commodore", "professor", "reverend", "judge", "governor",
    "inspector", "constable"])
# The everyday titles of address ("Mr. Darcy", "Lady Lucas", "Captain Flint"): what is left of
# a name once they are dropped is its own words.
ADDRESS_TITLES = lexicon.words("mr mrs ms miss dr sir lady captain")
# Titles that only ever name people; others ("Mother Church", "King's Chapel") may head places.
PERSONAL_TITLES = lexicon.words(
    "mr mrs miss ms dr master mademoiselle madame monsieur sir messrs mister missus")
# A short or other spelling of a title and the title it spells: "Dr." is "Doctor", "Capt." is
# "Captain", "Mrs." is "Missus".
TITLE_SPELLINGS = {
    "dr": "doctor", "mr": "mister", "mrs": "missus", "capt": "captain", "cap'n": "captain",
    "cap\u2019n": "captain", "capn": "captain", "col": "colonel", "gen": "general",
    "lieut": "lieutenant", "lt": "lieutenant", "prof": "professor", "rev": "reverend",
    "sgt": "sergeant", "gov": "governor", "st": "saint", "mme": "madame", "mlle": "mademoiselle",
    "mas'r": "master", "mas\u2019r": "master",
}  # fmt: skip
# Of those, the spellings of a title as a character says it, not as a page would title anyone
# ("Cap'n Flint" is Captain Flint), normalized (`normalize` writes ’ as ').
DIALECT_TITLES = frozenset(k for k in TITLE_SPELLINGS if "'" in k) | {"capn"}

# Titles as a lisping speaker says them ("Mithter Jaggerth" is Mr. Jaggers): the title each
# one is and the way a page writes it. After one, the name is lisped too (`unlisp`).
LISPED_TITLES = {"mithter": ("mr", "Mr."), "mith": ("miss", "Miss"), "mithith": ("mrs", "Mrs.")}


def unlisp(word: str) -> str:
    """A word as said without a lisp: every "th" an "s" ("Jaggerth" is "Jaggers")."""
    return re.sub("th", "s", re.sub("Th", "S", word))

# The titles a name mention may open with ("Mr.", "the Duke of York", "Sister Agnes"), by the sex
# they tell: the honorifics and the rest of fiction's peers, clergy, officers and officials.
# Ranks count as a man's, unless pronouns say otherwise.
MALE_TITLES = frozenset(MALE_HONORIFICS | RANKS) | lexicon.words(
    """mister mas\u2019r m signor senor earl marquis marquess viscount emperor sheikh messrs
    grandfather parson rabbi cap\u2019n lieut corporal commodore bishop archbishop cardinal pope
    abbot prior friar archdeacon deacon sheriff mayor"""
)
FEMALE_TITLES = frozenset(FEMALE_HONORIFICS) | lexicon.words(
    "missus signora fräulein dona marchioness viscountess empress mistress grandmother granny nurse"
)
OTHER_TITLES = frozenset(NEUTRAL_HONORIFICS - RANKS) | lexicon.words(
    "gov governor senator president cousin inspector constable dean chief elder"
)
# Each such title and the sex it tells: "male", "female" or "unknown".
TITLE_GENDERS: dict[str, str] = {
    **dict.fromkeys(OTHER_TITLES, "unknown"),
    **dict.fromkeys(MALE_TITLES, "male"),
    **dict.fromkeys(FEMALE_TITLES, "female"),
}
# The married among them: the married honorifics and "Missus", "Signora", "Doña".
MARRIED_TITLES = frozenset(MARRIED_HONORIFICS) | lexicon.words("missus signora dona")

# A person's name in plain text, for regular expressions: a capitalised word ("Darcy",
# "O'Brien", "Fitz-William"), a run of them, and a title as written before one ("Mr. ", "Lady ",
# "Capt. "): any of the honorifics, with or without its period.
NAME_WORD = r"[A-Z][\w'’-]+"
TITLE_BEFORE_NAME = "(?:{})\\.?\\s+".format(
    "|".join(re.escape(t.capitalize()) for t in sorted(HONORIFICS, key=lambda t: (-len(t), t))))


def proper_name(most_words: int | None = None, *, titled: bool = True) -> str:
    """A regex for a name in plain text: capitalised words ("Elizabeth Bennet", "Harbour
    Guild"), led by an optional title when `titled` ("Mr. Darcy", "Capt. Smollett"), at most
    `most_words` of them after the title (any number when None)."""
    more = "*" if most_words is None else f"{{0,{most_words - 1}}}"
    title = f"(?:{TITLE_BEFORE_NAME})?" if titled else ""
    return rf"{title}{NAME_WORD}(?:\s+{NAME_WORD}){more}"


# A titled name of any length ("Mr. Aldous Finch Senior"), one of at most two words after its
# title ("Sir William Lucas", "Mara Voss"), and an untitled capitalised run ("Harbour Guild"):
# what the readers of names in plain text match.
PROPER_NAME = proper_name()
SHORT_NAME = proper_name(2)
CAPITALISED_RUN = proper_name(titled=False)


# Common given names of English-language fiction, for gender when no title says it.
MALE_NAMES = lexicon.words(
    """aaron abel abraham adam adolphus adrian alan albert alec alexander alfred allan amos andrew
    andy angus anthony archibald archie arthur augustus austin barnaby bartholomew basil ben
    benedict benjamin bernard bertie bill billy bob bobby bruce caleb cecil charles charley
    charlie chester christopher clarence claude clement colin cornelius cuthbert cyril dan
    daniel david denis dennis dick donald dudley duncan ebenezer edgar edmund edward edwin
    elijah elmer emil emmanuel enoch ephraim erasmus ernest eugene ezra felix ferdinand fergus
    francis frank fred frederick gabriel geoffrey george gerald gideon gilbert giles godfrey
    gregory gustave guy harold harry hector henry herbert hiram horace horatio hubert hugh
    humphrey ichabod ira isaac jabez jack jacob jake james jasper jem jeremiah jerome jesse
    jethro jim jimmy jo joe john jonas jonathan joseph joshua josiah jude julian julius kit
    lawrence lemuel leon leonard leopold lewis lionel louis lucius ludwig luke malcolm marcus
    mark marmaduke martin matthew matthias maurice michael miles morgan moses nat nathan
    nathaniel ned neville newland nicholas noah obadiah octavius oliver orlando oscar oswald
    owen patrick paul percy peter philip phineas pierre ralph randolph ray raymond reginald
    reuben richard robert robin roderick rodney roger ronald rufus rupert sam samuel saul
    sebastian seth sidney silas simon solomon stanley stephen teddy theodore thomas tim
    timothy tobias toby tom tommy ulysses uriah victor vincent wallace walter warren wilbur
    wilfred will william willie zachary"""
)
FEMALE_NAMES = lexicon.words(
    """abigail ada adela adelaide adeline agatha agnes alice alicia alma amanda amelia amy
    angela ann anna annabel anne annie antoinette arabella augusta aurora barbara beatrice
    bella bertha beth betsey betsy betty blanche bridget camilla caroline carrie catherine
    cecilia cecily celia charity charlotte christina christine clara clarissa clementine
    constance cora cornelia daisy daphne deborah delia diana dinah dolly dora dorothea dorothy
    edith edna eleanor elinor eliza elizabeth ella ellen elsa elsie emily emma emmeline estella
    esther ethel eugenia euphemia eva evangeline eve evelyn fanny felicity fidelia flora
    florence frances georgiana georgie georgina gertrude gladys grace gwendolen hannah harriet
    helen helena henrietta hester hetty hilda honora honoria hortense ida imogen irene isabel
    isabella jane janet janie jean jemima jennie jenny jessamine jessie joan joanna josephine
    judith julia julie juliet kate katharine katherine kathleen kitty laura lavinia leonora
    letitia lettice lilian lillian lilly lily linda lisa livy lizzie lizzy lottie louisa
    louise lucilla lucinda lucretia lucy lydia mabel madeline madge maggie mamie marcella
    margaret marguerite maria marian marianne marie marilla marjorie martha mary matilda maud
    maude meg mildred milly mina minerva minnie miriam mollie molly myra nancy nell nellie
    nelly nora norah olive olivia pamela patience patty pauline pearl peggy penelope phoebe
    phyllis polly priscilla prudence rachel rebecca rhoda rosa rosalind rosamond rosamund rose
    rowena ruth sabina sally sarah selina sophia sophie susan susanna susannah sybil sylvia
    tabitha tessa theresa ursula valentine vera victoria violet virginia wilhelmina winifred"""
)

def is_description(name: str) -> bool:
    """Whether a person's name is a description the narration calls them by ("the blind
    man"), not a name ("Pew", "the Aged")."""
    words = name.split()
    return len(words) >= 2 and words[0].lower() == "the" and words[1][:1].islower()


def is_given_name(word: str) -> bool:
    """Whether a lowercased word is a known given name (the lists above, the nickname data)."""
    return word in MALE_NAMES or word in FEMALE_NAMES or word in FULL_NAMES


def given_gender(word: str) -> str | None:
    """'male' or 'female' for a given name only one sex bears ("john", "isabella"), else None.

    A diminutive neither list holds has the sex of the full names it stands for in the
    nickname dataset when most of those are of that one sex and none of the other: "Millie"
    (Amelia, Emily, Camille) is a woman; "Terry" (Teresa, Theresa, Terence, Terri) and
    "Freddie" (Frederick, Frieda) are either."""
    listed = _listed_gender(word)
    if listed is not None or word in MALE_NAMES or word in FEMALE_NAMES:
        return listed
    fulls = _ONE_PAIR_APART.get(word, set())
    sexes = [sex for full in fulls if (sex := _listed_gender(full))]
    if len(set(sexes)) == 1 and 2 * len(sexes) > len(fulls):
        return sexes[0]
    return None


def _listed_gender(word: str) -> str | None:
    if word in MALE_NAMES and word not in FEMALE_NAMES:
        return "male"
    if word in FEMALE_NAMES and word not in MALE_NAMES:
        return "female"
    return None


ARTICLES = {"the", "a", "an"}
# Surname particles: "de Bourgh" has no given name "de".
PARTICLES = {"de", "van", "von", "du", "la", "le", "da", "di", "del", "della", "der", "den", "ten",
             "ter", "d'", "dos", "das"}
# A generation set after a name and a comma: "Mr. Pocket, Junior" is the son, not "Mr. Pocket".
GENERATION_SUFFIXES = frozenset({"junior", "jr", "senior", "sr"})
_PUNCT = re.compile(r"[^\w\s'-]+")
_SPACE = re.compile(r"\s+")


@functools.lru_cache(maxsize=1 << 16)  # pure, and called on the same few hundred names all book long
def normalize(name: str) -> str:
    """Case-, accent-, punctuation- and whitespace-insensitive key; drops a leading article."""
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    folded = folded.replace("’", "'")
    folded = _PUNCT.sub(" ", folded)
    words = _SPACE.sub(" ", folded).strip().split(" ")
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(w for w in words if w)


@functools.lru_cache(maxsize=1 << 16)
def split_honorific(name: str) -> tuple[str | None, str]:
    """('mr', 'darcy') for 'Mr. Darcy'; (None, 'elizabeth bennet') without a title."""
    words = normalize(name).split(" ")
    if len(words) > 1 and words[0] in HONORIFICS:
        return words[0], " ".join(words[1:])
    return None, " ".join(words)


def honorific_gender(honorific: str | None) -> str | None:
    """'male', 'female' or None for a title."""
    if honorific in MALE_HONORIFICS:
        return "male"
    if honorific in FEMALE_HONORIFICS:
        return "female"
    return None


def compatible_titles(a: str | None, b: str | None) -> bool:
    """Two titles can name the same person (Mr. vs Mrs. cannot, nor Mrs. vs Miss, nor a
    plain title vs a rank, nor a woman's Miss or Mrs. vs an office: "Dr. Marjoribanks" is Miss
    Marjoribanks's father, "Dr. and Mrs. Hughes" are two people, "Colonel Campbell" is not
    Miss Campbell)."""
    ga, gb = honorific_gender(a), honorific_gender(b)
    if ga is not None and gb is not None and ga != gb:
        return False
    if {a, b} & {"mr", "mrs"} and {a, b} & RANK_HONORIFICS:
        return False  # "Mrs. Darcy" is not Lady Anne Darcy, nor "Mr. Lucas" Sir William
    if womans_title_beside_office({a} if a else set(), {b} if b else set()):
        return False
    return not ({a, b} & MARRIED_HONORIFICS and {a, b} & UNMARRIED_HONORIFICS)


def womans_title_beside_office(these: Collection[str], those: Collection[str]) -> bool:
    """Whether one set of titles has a woman's Miss or Mrs. and the other an office's title
    (Dr., Professor, Captain …): two people of one surname, never one (`compatible_titles`)."""
    womans = UNMARRIED_HONORIFICS | WIFE_HONORIFICS
    return bool((set(these) & womans and set(those) & OFFICE_TITLES)
                or (set(these) & OFFICE_TITLES and set(those) & womans))


def ladys_surname(word: str, known: Iterable[tuple[str | None, str]]) -> bool:
    """Whether an untitled surname alone (`word`) meets a woman known only by a woman's
    title with it ("Hawkins" and "Mrs. Hawkins"): a surname said alone names a man ("Well,
    then, Hawkins", to her son), so it does not name her unless its pronouns say "she".
    `known` holds the person's names as (title, bare name) pairs."""
    with_it = [(t, b) for t, b in known if word in b.split(" ")]
    return bool(with_it) and all(t in FEMALE_HONORIFICS for t, _ in with_it)


def is_pronoun(surface: str) -> bool:
    """A personal or possessive pronoun (never a name, never an alias)."""
    return surface.strip().lower() in PRONOUNS


_WRITTEN_NAME = re.compile(rf"\b{PROPER_NAME}")


def name_surfaces(text: str) -> list[str]:
    """Every name a text writes, each with its tails and without a possessive ("Then Elena
    Marsh's" gives "Then Elena Marsh", "Elena Marsh", "Marsh"), pronouns left out."""
    out: list[str] = []
    for m in _WRITTEN_NAME.finditer(text):
        words = m.group().split()
        for i in range(len(words)):
            surface = re.sub(r"['’]s$", "", " ".join(words[i:]))
            if normalize(surface) not in PRONOUNS:
                out.append(surface)
    return out


# English diminutives, so "Lizzy" can name the Elizabeth of the story: the maintained
# `nicknames` dataset (Old Dominion University's hand-curated name/nickname pairs), plus the
# few period forms of English fiction it lacks (checked against it: each pair below is
# missing from the dataset's 1.0.1 release).
_FICTION_DIMINUTIVES = {
    "elizabeth": "betsey", "robert": "robin bert", "katherine": "kitty katie",
    "catherine": "kate kitty katie", "sarah": "sal", "mary": "mollie",
    "helen": "nell nellie nelly", "jane": "jenny", "ann": "nancy", "anne": "nancy",
    "charles": "charley chas", "eleanor": "nell",
}  # fmt: skip


def _nickname_pairs() -> list[tuple[str, str]]:
    """(full name, diminutive) pairs: the dataset's, then the supplement's."""
    from nicknames import name_triplets

    pairs = [(t.name1, t.name2) for t in name_triplets()]  # (full, "has_nickname", nick)
    pairs += [(full, nick) for full, nicks in _FICTION_DIMINUTIVES.items()
              for nick in nicks.split()]
    return pairs


FULL_NAMES: dict[str, set[str]] = {}
# Names one dataset pair apart ("lizzy"–"elizabeth"): two full names that merely share a
# diminutive ("caroline" and "charlotte" are both "chick") are not one person's.
_ONE_PAIR_APART: dict[str, set[str]] = {}
for _full, _nick in _nickname_pairs():
    FULL_NAMES.setdefault(_nick, set()).add(_full)
    FULL_NAMES.setdefault(_full, set()).add(_full)
    _ONE_PAIR_APART.setdefault(_nick, set()).add(_full)
    _ONE_PAIR_APART.setdefault(_full, set()).add(_nick)


def given_forms(word: str) -> set[str]:
    """The full given names a given name may stand for ("lizzy" -> {"elizabeth"})."""
    return FULL_NAMES.get(word, {word})


def same_given(a: str, b: str) -> bool:
    """Whether two given names can be one person's: equal, an initial, or a diminutive."""
    if a == b:
        return True
    a0, b0 = a.rstrip("."), b.rstrip(".")
    if len(b0) == 1:
        a0, b0 = b0, a0
    if len(a0) == 1:  # an initial: "W. Bones" is Billy (William) Bones
        return any(full.startswith(a0) for full in given_forms(b0) | {b0})
    return b in _ONE_PAIR_APART.get(a, ())


def stands_for(word: str, other: str) -> bool:
    """Whether the given name `word`, said alone, names the person called `other`: its
    diminutive ("Lizzy" for Elizabeth), the one full name of a diminutive ("Elizabeth"
    for Lizzy), or a diminutive's own pet form ("Bill" for Billy Bones). "Louisa" is not
    the "Eliza" who is also an Elizabeth. A full name the dataset spells two ways is still
    one name ("Catherine" for Kitty, whose full name is Catherine or Katherine)."""
    return other in given_forms(word) or _one_full_name(word, given_forms(other)) or \
        _twin_diminutives(word, other)


def _one_full_name(word: str, forms: set[str]) -> bool:
    """Whether `word` is the one full name `forms` hold, up to a letter's spelling:
    {"catherine", "katherine"} is Catherine; {"ann", "anne", "nancy"} is not Anne."""
    return word in forms and all(Levenshtein.distance(word, f) <= 1 for f in forms)


def _twin_diminutives(a: str, b: str) -> bool:
    """A diminutive and its own pet form, one dataset pair apart: "bill" and "billy",
    "tom" and "tommy"."""
    short, long = sorted((a, b), key=len)
    return long != short and long.startswith(short) and b in _ONE_PAIR_APART.get(a, ())


# Capitalised words that name no one: interjections, the parts of a book, days, months and
# feasts, forms of address ("Mum" said to a woman, "My dear Niece"), nationalities and languages.
NOT_NAMES = lexicon.words(
    """oh ah ahem alas aye nay yes yea no well why hush hullo hallo hello hey ho ha hah hm hmm
    pooh pshaw pray o lo behold farewell goodbye adieu amen bravo hurrah huzza chapter book
    part volume act scene canto section preface introduction contents appendix epilogue
    prologue note notes illustration footnote january february march april may june july
    august september october november december christmas easter michaelmas lent whitsuntide
    midsummer sir madam ma'am mum marm mamma mama papa miss master dear mrs mr lady lord ladyship
    lordship majesty highness excellency honour worship reverence niece nephew english french german italian
    spanish dutch russian latin greek"""
) | WEEKDAYS
# Abstractions a writer may capitalise or personify ("Fate", "Providence"): no characters.
ABSTRACTIONS = lexicon.words(
    """nature fate fortune destiny providence death life love time beauty truth virtue
    liberty justice fame hope mercy heavens"""
)
