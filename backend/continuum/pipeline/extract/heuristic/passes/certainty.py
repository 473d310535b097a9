"""Whom a token means, for sure enough to state a relationship of them.

The pronoun resolver guesses, and a guessed relative is wrong half the time on a real novel.
`certain` says when a name or pronoun is sure: a name; a narration pronoun whose person is
plain from the sentence and the two before; the narration's "my" in a chapter told in the
first person (its narrator); an "I" or "my" in speech whose quotation's own tag names the
speaker. A speech tag's "her" ('"Another time, Lizzy," said her mother') is whoever the quotation
names (`addressee`), not the narration's last name; a quotation's "your" is the one person
its speaker calls by name (`addressed`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from continuum.language.pronouns import FIRST_PERSON_PLURAL, FIRST_PERSON_SINGULAR
from continuum.pipeline.extract.heuristic.coref import PRONOUN_GENDER
from continuum.pipeline.extract.heuristic.mentions import SPEECH_VERBS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relation_words import RELATION_NOUNS


def certain_owner(view: ChapterView, noun: Any, poss: Any, key: str) -> str | None:
    """Whose kin the noun names, for sure: in a speech tag, the one person the quotation
    names (`addressee`); a quotation's "your", the one person its speaker calls by name
    (`addressed`); elsewhere the possessive's person, when `certain`; else None."""
    if speech_tag(view, noun, poss):
        return addressee(view, noun, poss)
    if poss.lower_ == "your":
        return addressed(view, poss)
    if poss.pos_ == "NOUN" and view.token_kind[poss.i] is None:  # not "his wife's", read as her
        return key if role_holder(view, poss) == key else None
    return key if certain(view, poss, key) else None


def role_holder(view: ChapterView, role: Any) -> str | None:
    """The one person the chapter sets a bare role noun beside, by name, when the role is
    said bare ("owner's servants", no article, no owner of its own): Treasure Island ch. 18,
    the captain's log, "John Trelawney, owner; John Hunter and Richard Joyce, owner's
    servants"."""
    if any(c.dep_ in {"det", "poss", "amod", "compound"} for c in role.children) or \
            role.lemma_.lower() in RELATION_NOUNS:
        return None
    holders = {k for tok in view.tokens if tok.dep_ == "appos" and tok.pos_ == "NOUN"
               and tok.lemma_.lower() == role.lemma_.lower() and tok.i != role.i
               and view.token_kind[tok.head.i] == "name" for k in view.characters(tok.head)}
    return next(iter(holders)) if len(holders) == 1 else None


def addressed(view: ChapterView, tok: Any) -> str | None:
    """Whom a quotation's "you" or "your" means for sure: the one person its paragraph's
    quotations call by name ('"Now, Handel," Herbert replied, "… your guardian, Mr.
    Jaggers, …"'), when the quotation's own tag names its speaker, someone else."""
    speaker = tagged_speaker(view, tok) if view.in_quote(tok) else None
    if speaker is None:
        return None
    start, end = view.paragraphs[view.token_para[tok.i]]
    called = {m.entity_key for m in view.mentions_in(start, end)
              if m.kind == "name" and view.is_character(m.entity_key)
              and view.char_in_quote(m.start) and view.called_at(m.start)
              and not _glossing(view, m.start, m.end)} - {speaker}
    return next(iter(called)) if len(called) == 1 else None


def _glossing(view: ChapterView, start: int, end: int) -> bool:
    """Whether a name set off by commas glosses a noun ("your guardian, Mr. Jaggers, told
    you"): it is said of someone, not to them."""
    return any(t.dep_ == "appos" for t in view.tokens_between(start, end))


def speech_tag(view: ChapterView, noun: Any, owner_tok: Any) -> bool:
    """'"...," said her mother': a kin noun with a pronoun owner speaking a quotation."""
    verb = noun.head
    return (owner_tok.tag_ == "PRP$" and noun.dep_ == "nsubj" and not view.in_quote(noun)
            and verb.lemma_.lower() in SPEECH_VERBS and quote_beside(view, verb) is not None)


def quote_beside(view: ChapterView, verb: Any) -> range | None:
    """The token range of the quotation a speech tag belongs to: the one ending just before
    it ('"…," said her mother'), else the one opening just after ('her mother said, "…"')."""
    doc, para = view.doc, view.token_para[verb.i]
    tag = [verb, *(s for s in view.subjects(verb) for s in s.subtree)]
    start = min(t.i for t in tag)
    j = start - 1
    while j >= 0 and not view.in_quote(doc[j]) and (doc[j].is_punct or doc[j].is_space):
        j -= 1
    if j >= 0 and view.in_quote(doc[j]) and view.token_para[j] == para:
        end = j + 1
        while j >= 0 and view.in_quote(doc[j]):
            j -= 1
        return range(j + 1, end)
    k = max(t.i for t in tag) + 1
    while k < len(doc) and not view.in_quote(doc[k]) and (doc[k].is_punct or doc[k].is_space):
        k += 1
    if k < len(doc) and view.in_quote(doc[k]) and view.token_para[k] == para:
        first = k
        while k < len(doc) and view.in_quote(doc[k]):
            k += 1
        return range(first, k)
    return None


def tagged_speaker(view: ChapterView, tok: Any) -> str | None:
    """The speaker a quotation's own tag names ('"…my mother…," said Elizabeth'), or None:
    a speaker carried over from an earlier quote or read from "said she" is a guess."""
    doc, i = view.doc, tok.i
    first = last = i
    while first > 0 and view.in_quote(doc[first - 1]):
        first -= 1
    while last + 1 < len(doc) and view.in_quote(doc[last + 1]):
        last += 1
    para = view.token_para[i]
    for j in [*range(last + 1, min(len(doc), last + 8)), *range(first - 1, max(-1, first - 10), -1)]:
        t = doc[j]
        if view.in_quote(t) or view.token_para[j] != para:
            continue
        if t.lemma_.lower() in SPEECH_VERBS and t.pos_ in {"VERB", "AUX"}:
            named = [s for s in view.subjects(t) if view.token_kind[s.i] == "name"]
            return view.token_key[named[0].i] if len(named) == 1 else None
    return None


def addressee(view: ChapterView, noun: Any, owner_tok: Any) -> str | None:
    """Whom '"Another time, Lizzy," said her mother' makes "her": the one person of the
    pronoun's gender named in the quotation, else nobody (the narration's last name is as
    likely the other speaker)."""
    quote = quote_beside(view, noun.head)
    gender = PRONOUN_GENDER.get(owner_tok.lower_)
    if quote is None or gender is None:
        return None
    named = {view.token_key[j] or "" for j in quote
             if view.token_kind[j] == "name" and view.is_character(view.token_key[j])}
    named = {k for k in named if view.gender_of(k) == gender}
    return next(iter(named)) if len(named) == 1 else None


CENTRE_SENTENCES = 2  # how far back a lone named person still carries a possessive


def certain(view: ChapterView, tok: Any, key: str) -> bool:
    """Whether whom the token means is certain enough to state a relationship of them.

    A name is; so is a spouse read from a name ("his wife" of Mr. Bennet). A pronoun is only
    in narration, with its person named earlier in the same sentence ("Jane and her sister"),
    or the only person named in it and the two sentences before ("Anna Lind came in. Her
    father, ..."), or, opening a sentence, the subject of the one before when nobody else of
    that gender was named since ("Daniel Quill drove the cart. His mother, Martha Quill, ...";
    a subject noun set beside one name is that person: "And the coxswain, Israel Hands, was
    … seaman … He was a great confidant of Long John Silver", the squire named before him);
    an "I" or "my" in speech is certain when the quotation's own tag names its speaker ('"…my
    mother…," said Elizabeth'), and so is a signed letter's "my" (`letters`) and, in speech
    too, a "his" on a noun joined to its owner's name ("Mr. Matthew Pocket and his son
    Herbert": `_owner_beside`); so is the
    narration's "my" in a first-person chapter (its narrator). A "her" in speech, a pronoun
    with two people before it, and a bare noun phrase ("his wife" alone) are the resolver's
    guesses, and a guessed relative is wrong half the time on a real novel."""
    kind = view.token_kind[tok.i]
    if kind in ("name", "inferred"):
        return True
    if kind == "pronoun" and tok.i in view.signed:
        return True  # a letter's "my": its signature says whose
    if kind == "pronoun" and view.in_quote(tok):
        if tok.lower_ in FIRST_PERSON_SINGULAR:
            return tagged_speaker(view, tok) == key
        return _owner_beside(view, tok, key)
    if kind != "pronoun":
        return False
    if tok.lower_ in FIRST_PERSON_SINGULAR:
        return key == view.chapter.narrator  # the narration's "my" is whoever tells the chapter
    sentence = view.token_sent[tok.i]
    named: list[str] = []
    named_at: list[int] = []
    for j in _named_before(view, tok):
        if glossed(view.doc[j]):
            continue
        named.append(view.token_key[j] or "")
        named_at.append(j)
        if view.token_sent[j] == sentence and named[-1] == key:
            # "Jane and her sister": named in the same sentence, unless a pronoun of the same
            # gender came before the name for someone it had not named ("the suspicion of his
            # being omitted, for Mr. Darcy's pleasure, ... his friend Mr. Denny": Wickham's).
            return not _pronoun_before(view, tok, j)
    if set(named) == {key}:
        # the one person named in this sentence and the two before it, unless a pronoun of
        # the same sex beside a "we" that holds them means another (`_another_beside_us`)
        return not _another_beside_us(view, tok, key)
    subject, at = subject_before(view, tok)
    if subject != key or not opens_sentence(view, tok):
        return False
    gender = view.gender_of(key)
    return not any(k != key and j > at and view.gender_of(k) in (gender, None, "unknown")
                   for k, j in zip(named, named_at, strict=True))  # nobody of its sex since


def _owner_beside(view: ChapterView, tok: Any, key: str) -> bool:
    """A possessive on a noun joined to its owner's name: "Mr. Matthew Pocket and his son
    Herbert" (said by Pip), where "his" can be no one but the name before the "and"."""
    noun = tok.head
    if tok.dep_ != "poss" or noun.dep_ != "conj" or noun.i < tok.i:
        return False
    name = noun.head
    gender = PRONOUN_GENDER.get(tok.lower_)
    return view.token_kind[name.i] == "name" and view.token_key[name.i] == key and \
        gender is not None and view.gender_of(key) == gender


def only_one_of_its_sex(view: ChapterView, tok: Any, key: str) -> bool:
    """Whether a narration pronoun's person is the one person of its sex named in its
    sentence and the two before: "Nell Barrow cried at the gate. Wickham walked her home"
    (her: Nell); not with two women named ("Mrs. Weston … to Emma … Mr. Weston had
    accompanied her")."""
    gender = PRONOUN_GENDER.get(tok.lower_)
    if gender is None or view.in_quote(tok) or view.gender_of(key) != gender:
        return False
    named = {view.token_key[j] or "" for j in _named_before(view, tok)}
    return {k for k in named if view.gender_of(k) in (gender, None, "unknown")} == {key} \
        and not _another_beside_us(view, tok, key)


def _another_beside_us(view: ChapterView, tok: Any, key: str) -> bool:
    """Whether a narration pronoun of `tok`'s sex stands between `key`'s name and `tok` in a
    sentence whose "we" or "us" holds `key` (named as a subject earlier in the paragraph):
    "Herbert said, 'Certainly,' … We were anxious for the time when he would go to his
    lodging and leave us together … It was midnight before I took him round to Essex Street"
    (Great Expectations, chapter 41) — that "he" is not Herbert, one of "us", so the one man
    named is not the only man about, and "him" is Provis."""
    gender = PRONOUN_GENDER.get(tok.lower_)
    named_at = next((j for j in _named_before(view, tok) if view.token_key[j] == key), None)
    if named_at is None:
        return False
    if view.doc[named_at].dep_ not in {"nsubj", "nsubjpass"}:
        return False
    for j in range(named_at + 1, tok.i):
        other = view.doc[j]
        if PRONOUN_GENDER.get(other.lower_) != gender or view.in_quote(other) or \
                view.token_para[j] != view.token_para[named_at]:
            continue
        if any(t.lower_ in FIRST_PERSON_PLURAL and not view.in_quote(t)
               for t in view.tokens_between(*view.sentence_span(other))):
            return True
    return False


def _named_before(view: ChapterView, tok: Any) -> Iterator[int]:
    """The narration's names of people in the token's sentence and the `CENTRE_SENTENCES`
    before it, nearest first."""
    sentence = view.token_sent[tok.i]
    j = tok.i - 1
    while j >= 0 and view.token_sent[j] >= sentence - CENTRE_SENTENCES:
        if view.token_kind[j] == "name" and view.is_character(view.token_key[j]) \
                and not view.in_quote(view.doc[j]):
            yield j
        j -= 1


def _pronoun_before(view: ChapterView, tok: Any, name_at: int) -> bool:
    """A narration pronoun of `tok`'s gender, earlier in its sentence than the name at
    `name_at`, whose person the sentence did not name before it: someone carried over from
    earlier sentences (or nobody the resolver could find), the sentence's topic, whom a later
    pronoun may mean as well. "Sir William gave it as his decided opinion, that whenever Mr.
    Collins ... both he and his wife": that "his" is Sir William, named just before it."""
    gender, sentence = PRONOUN_GENDER.get(tok.lower_), view.token_sent[tok.i]
    if gender is None:
        return False
    start = name_at
    while start > 0 and view.token_sent[start - 1] == sentence:
        start -= 1
    named: set[str] = set()
    for j in range(start, name_at):
        if view.token_kind[j] == "name" and (key := view.token_key[j]):
            named.add(key)
        elif PRONOUN_GENDER.get(view.doc[j].lower_) == gender and not view.in_quote(view.doc[j]) \
                and view.token_key[j] not in named:
            return True
    return False


def glossed(tok: Any) -> bool:
    """Whether a name glosses someone's relative ("his brother-in-law, Mr. Hurst"): that
    person is the relative, not whom a later "his" in the sentence belongs to."""
    node = tok
    for _ in range(3):
        if node.dep_ == "appos" and any(c.dep_ == "poss" for c in node.head.children):
            return True
        if node.head.i == node.i:
            break
        node = node.head
    doc, j = tok.doc, tok.i - 1  # the parser may not see the gloss: "his brother-in-law, Mr. Hurst"
    while j >= 0 and (doc[j].dep_ == "compound" or doc[j].is_punct):
        j -= 1
    relative = j >= 0 and (doc[j].lemma_.lower() in RELATION_NOUNS or doc[j].lower_ == "law")
    return relative and any(t.tag_ == "PRP$" for t in doc[max(0, j - 6):j])


def opens_sentence(view: ChapterView, tok: Any) -> bool:
    """"His mother, Martha Quill, ...": the pronoun is the sentence's first word, or comes
    after nothing but a conjunction or adverb that links it to the sentence before ("And yet
    she was a happy woman": Miss Bates, the topic of the sentences before it)."""
    j = tok.i - 1
    while j >= 0 and view.token_sent[j] == view.token_sent[tok.i] and \
            (view.doc[j].pos_ in LINKING_POS or view.doc[j].is_space):
        j -= 1
    return j < 0 or view.token_sent[j] != view.token_sent[tok.i]


LINKING_POS = frozenset({"CCONJ", "ADV"})


def subject_before(view: ChapterView, tok: Any) -> tuple[str | None, int]:
    """The subject of the sentence before (a name, or a pronoun the resolver placed), whom an
    opening "his"/"her" continues: the centre of attention carries over; and where that
    sentence names them (-1 for nobody). A subject that is someone's ("His character was
    decided. He was the proudest, most disagreeable man in the world") carries its owner
    over; a subject noun set beside one name is that person ("And the coxswain, Israel Hands,
    was a careful, wily, old, experienced seaman … He was a great confidant of Long John
    Silver")."""
    sentence = view.token_sent[tok.i] - 1
    j = tok.i - 1
    while j >= 0 and view.token_sent[j] >= sentence:
        t = view.doc[j]
        if view.token_sent[j] == sentence and t.dep_ in {"nsubj", "nsubjpass"} \
                and t.head.dep_ == "ROOT" and not view.in_quote(t):
            if view.token_kind[j] in ("name", "pronoun"):
                return view.token_key[j], j
            owners = [c for c in t.children if c.dep_ == "poss"]
            if t.pos_ == "NOUN" and len(owners) == 1 and \
                    view.token_kind[owners[0].i] in ("name", "pronoun"):
                return view.token_key[owners[0].i], owners[0].i
            glosses = [c for c in t.children if c.dep_ == "appos" and not c.conjuncts]
            if t.pos_ == "NOUN" and not owners and len(glosses) == 1 and \
                    view.token_kind[glosses[0].i] == "name" and view.character(glosses[0]):
                return view.token_key[glosses[0].i], glosses[0].i
        j -= 1
    return None, -1
