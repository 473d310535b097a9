"""The assertion gate: is a predicate stated as having happened, or only talked about?

Rule passes produce an item only when its predicate is asserted. Negation, condition,
hedging modals, future, questions, desire or intention, bare infinitives and gerunds
("to see", "his marrying") and clauses under belief verbs BLOCK the item; they do not
merely lower its confidence. Reported speech (inside quotation marks or under a speech
verb) is not blocked: it lowers confidence.

Negation uses the dependency parse; "no longer" / "not any longer" is kept apart
(`NO_LONGER`) because it ends a state, which the relationship pass turns into an ending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuum.language.quotes import block_regions, single_quoted_beside, speech_style
from continuum.pipeline.extract.heuristic.coref import token_quote_ids
from continuum.pipeline.extract.heuristic.nlp import doc_text

NEGATION = "negation"
NO_LONGER = "no_longer"
CONDITION = "condition"
HEDGE = "hedge"
FUTURE = "future"
QUESTION = "question"
DESIRE = "desire"
BELIEF = "belief"
IRREALIS = "irrealis"
# "on reaching home", "after returning to Bath": a participle that happened, as its clause did.
EVENT_PREPS = frozenset({"on", "upon", "after"})
IMPERATIVE = "imperative"

FUTURE_MODALS = frozenset({"will", "shall", "'ll", "’ll", "wo"})
HEDGE_MODALS = frozenset(
    {"would", "could", "might", "may", "should", "must", "can", "ca", "ought", "need", "dare"}
)
HEDGE_ADVERBS = frozenset({"perhaps", "probably", "possibly", "maybe", "perchance"})
# "he was almost killed", "nearly drowned", "half dead", "as good as dead": not dead.
NEAR_THINGS = frozenset({"almost", "nearly", "half", "practically", "well-nigh", "all-but", "near",
                         "virtually"})


def near_thing(*tokens: Any) -> bool:
    """Whether a word is told as a near thing, which did not happen: "almost killed", "as good
    as dead", "all but dead", "she had as good as adopted me"."""
    for tok in tokens:
        for c in tok.children:
            if c.dep_ in {"advmod", "npadvmod", "amod"} and c.lower_ in NEAR_THINGS:
                return True
            if c.lower_ == "good" and any(g.lower_ == "as" for g in c.children):
                return True  # "as good as dead"
        if tok.i >= 2 and tok.doc[tok.i - 1].lower_ == "but" and tok.doc[tok.i - 2].lower_ == "all":
            return True  # "all but dead"
    return False


CONDITION_MARKS = frozenset({"if", "unless", "whether", "lest", "supposing", "provided"})
NEGATIVE_WORDS = frozenset({"nothing", "nobody", "none", "noone", "neither", "nowhere"})
# Heads whose infinitive complement did not (yet) happen.
DESIRE_HEADS = frozenset(
    {
        "want", "wish", "hope", "long", "intend", "plan", "desire", "mean", "expect", "try",
        "attempt", "decide", "resolve", "refuse", "promise", "swear", "vow", "offer",
        "prepare", "determine", "endeavour", "endeavor", "seek", "aim", "propose", "like",
        "love", "prefer", "hate", "need", "ask", "beg", "urge", "order", "tell", "advise",
        "persuade", "allow", "permit", "forbid", "encourage", "invite", "threaten", "agree",
        "consent", "wait", "strive", "struggle", "yearn", "ought",
    }
)
DESIRE_ADJECTIVES = frozenset(
    {
        "determined", "eager", "anxious", "ready", "willing", "resolved", "likely", "unlikely",
        "sure", "certain", "bound", "about", "impatient", "keen", "desirous", "unwilling",
        "unable", "afraid", "reluctant", "loath", "inclined",
    }
)
SEEM_HEADS = frozenset({"seem", "appear"})
HEDGE_ADJECTIVES = frozenset(
    {"likely", "unlikely", "possible", "impossible", "probable", "improbable", "doubtful"}
)
# Heads whose infinitive or gerund complement did happen ("managed to escape").
IMPLICATIVE_HEADS = frozenset(
    {
        "manage", "begin", "start", "continue", "proceed", "hasten", "venture", "happen",
        "contrive", "condescend", "keep", "go", "come", "stop", "cease", "finish", "chance",
        "fail", "help", "make", "let", "see", "hear", "watch", "feel", "bid", "succeed",
        "dare", "able", "get",
    }
)
BELIEF_HEADS = frozenset(
    {
        "think", "believe", "suppose", "fancy", "imagine", "suspect", "fear", "dream",
        "pretend", "doubt", "guess", "expect", "hope", "wish", "wonder", "pray", "assume",
        "presume", "trust", "dare", "feel", "conjecture", "suggest", "hold", "reckon",
        "consider",
    }
)
SPEECH_HEADS = frozenset(
    {
        "say", "tell", "reply", "answer", "cry", "exclaim", "return", "add", "continue",
        "observe", "remark", "declare", "whisper", "shout", "call", "write", "repeat",
        "insist", "assure", "inform", "announce", "claim", "mutter", "murmur", "protest",
        "explain", "report", "swear", "admit", "confess", "state", "rejoin",
    }
)
REPORTED_FACTOR = 0.75
OBJECT_CASE = frozenset({"her", "him", "them", "me", "us", "his", "their", "my", "your", "our"})
TERMINALS = frozenset({".", "!", "?", "…"})


@dataclass(frozen=True)
class Verdict:
    """Whether a predicate is asserted; `reason` names what blocks it, if anything."""

    reason: str | None = None
    reported: bool = False

    @property
    def asserted(self) -> bool:
        return self.reason is None

    @property
    def ends_state(self) -> bool:
        return self.reason == NO_LONGER

    @property
    def factor(self) -> float:
        """Confidence multiplier: reported speech is believed less than narration."""
        return REPORTED_FACTOR if self.reported else 1.0


ASSERTED = Verdict()


def quote_states(doc: Any) -> list[bool]:
    """Per token: inside quotation marks, in a paragraph set in from the margin (a letter
    the narration quotes as printed: `quotes.block_regions`) or in single quotes beside a
    chapter's doubles? Resets at paragraph breaks (unclosed quotes)."""
    book = doc_text(doc)
    # A letter set in, and single-quoted speech beside a chapter's doubles
    # (`quotes.single_quoted_beside`: Wuthering Heights, chapter 17), are quoted whole.
    blocks = block_regions(book)
    beside = [r for r in single_quoted_beside(book) if not any(a <= r[0] < b for a, b in blocks)]
    in_block = token_quote_ids(doc, sorted([*blocks, *beside]))
    # A book that speaks in double quotes opens no speech with a single one: "I went upon
    # 'Change" (Great Expectations ch. 22) is an apostrophe, and had put the rest of its
    # paragraph (the walk to Barnard's Inn, the coach for Hammersmith) in someone's mouth.
    singles_open = speech_style(book) != "double"
    inside = False
    states: list[bool] = []
    for tok in doc:
        if in_block[tok.i]:
            states.append(True)
            continue
        text = tok.text
        if text.count("\n") >= 2:
            inside = False
        if text in {"“", "‘"} or (text in {'"', "'", "``"} and tok.tag_ == "``"):
            if text in {"‘", "'"} and not singles_open:
                states.append(inside)
                continue
            inside = True
            states.append(True)
            continue
        if text in {"”", "’", "''"} or (text == '"' and tok.tag_ == "''"):
            states.append(True)
            inside = False
            continue
        if text == '"':
            inside = not inside
            states.append(True)
            continue
        states.append(inside)
    return states


def clause_terminals(doc: Any, in_quote: list[bool]) -> list[str]:
    """Per token: the first sentence-final mark after it in the same stretch of voice.

    Narration interrupted by a quotation keeps its own terminal ("… it?” cried his wife.")
    and a quotation never borrows the next quotation's mark.
    """
    result = [""] * len(doc)
    next_out = ""
    next_in = ""
    for i in range(len(doc) - 1, -1, -1):
        tok = doc[i]
        text = tok.text
        if text.count("\n") >= 2:
            next_out = next_in = ""
        if in_quote[i] and tok.tag_ == "''":
            next_in = ""
        if text in TERMINALS or (text and text[0] in "?!" and tok.is_punct):
            if in_quote[i]:
                next_in = text[0]
            else:
                next_out = text[0]
        result[i] = next_in if in_quote[i] else next_out
    return result


class AssertionGate:
    """Judges predicates of one parsed chapter; verdicts are memoized per token."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.in_quote = quote_states(doc)
        self.terminal = clause_terminals(doc, self.in_quote)
        self._memo: dict[int, Verdict] = {}

    def check(self, token: Any) -> Verdict:
        """The verdict for the clause headed by `token` (a verb, or a copula's complement)."""
        head = token
        while head.dep_ in {"attr", "acomp", "oprd"} and head.head != head:
            head = head.head
        cached = self._memo.get(head.i)
        if cached is None:
            cached = self._judge(head, depth=0)
            self._memo[head.i] = cached
        return cached

    def asserted(self, token: Any) -> bool:
        return self.check(token).asserted

    def _judge(self, verb: Any, depth: int) -> Verdict:
        reported = self.in_quote[verb.i]
        own = self._own_reason(verb)
        if own is not None:
            return Verdict(own, reported)
        if self.terminal[verb.i] == "?":
            return Verdict(QUESTION, reported)
        inherited = self._inherited(verb, depth)
        if inherited is None:
            return Verdict(None, reported)
        return Verdict(inherited.reason, reported or inherited.reported)

    def _own_reason(self, verb: Any) -> str | None:
        children = list(verb.children)
        has_subject = False
        has_aux = False
        negated = False
        for child in children:
            dep = child.dep_
            lower = child.lower_
            if dep == "neg":
                negated = True
            elif dep in {"aux", "auxpass"}:
                has_aux = True
                if child.tag_ == "MD" or lower in FUTURE_MODALS or lower in HEDGE_MODALS:
                    if lower in FUTURE_MODALS or child.lemma_ in {"will", "shall"}:
                        if self._inverted_condition(verb, child):
                            return CONDITION
                        return FUTURE
                    if self._inverted_condition(verb, child):
                        return CONDITION
                    return HEDGE
            elif dep == "mark" and lower in CONDITION_MARKS:
                return CONDITION
            elif dep == "advmod":
                if lower == "longer" and any(g.dep_ == "neg" for g in child.children):
                    return NO_LONGER
                if lower in HEDGE_ADVERBS:
                    return HEDGE
                if lower == "never":
                    negated = True
            elif dep in {"nsubj", "nsubjpass"}:
                has_subject = True
                if lower in NEGATIVE_WORDS or _has_no_det(child):
                    negated = True
            elif dep in {"dobj", "attr"} and (lower in NEGATIVE_WORDS or _has_no_det(child)):
                negated = True
        if negated:
            if any(c.dep_ == "advmod" and c.lower_ == "longer" for c in children):
                return NO_LONGER
            return NEGATION
        return self._form_reason(verb, has_subject, has_aux)

    def _inverted_condition(self, verb: Any, aux: Any) -> bool:
        """"Should he come, …": a modal before its subject in an adverbial clause."""
        if verb.dep_ != "advcl":
            return False
        subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
        return subject is not None and aux.i < subject.i and self.terminal[verb.i] != "?"

    def _form_reason(self, verb: Any, has_subject: bool, has_aux: bool) -> str | None:
        """Non-finite forms and the heads that govern them."""
        tag = verb.tag_
        dep = verb.dep_
        head = verb.head
        has_to = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
        if (tag == "VB" and not (has_aux or has_subject or has_to) and self.in_quote[verb.i]
                and (dep == "ROOT" or head_lemma(head, SPEECH_HEADS) in SPEECH_HEADS)):
            return IMPERATIVE  # “Give me a loan of the link,” said he
        if tag == "VB" and not has_aux and self.in_quote[verb.i] and any(
            c.dep_ == "nsubj" and c.tag_ == "NNP" and c.i < verb.i for c in verb.children
        ):
            return IMPERATIVE  # “Lizzy, tell me …”: a name addressed, not a subject
        if dep == "xcomp" or has_to:
            hl = head_lemma(head, DESIRE_HEADS | IMPLICATIVE_HEADS | SEEM_HEADS)
            if head.lower_ == "going" and head.tag_ == "VBG" and has_to:
                return FUTURE
            if hl == "be" and has_to:
                return FUTURE
            if hl in SEEM_HEADS:
                return HEDGE
            if head.pos_ == "ADJ":
                if head.lower_ in DESIRE_ADJECTIVES:
                    return DESIRE
                if head.lower_ == "able":
                    return None
                return IRREALIS if has_to else None
            if hl in IMPLICATIVE_HEADS and head.pos_ in {"VERB", "AUX"}:
                return NEGATION if hl == "fail" else None
            if hl == "beg" and verb.lemma_.lower() in SPEECH_HEADS:
                return None  # "they begged to inform me that …": a courtesy; the telling is done
            if hl in DESIRE_HEADS:
                return DESIRE
            if has_to:
                return IRREALIS
            return None
        if any(c.dep_ in {"aux", "auxpass"} and c.tag_ == "VB" for c in verb.children) and not any(
            c.dep_ == "aux" and (c.tag_ == "MD" or c.lower_ == "to") for c in verb.children
        ):
            return IRREALIS  # a bare "be hanged" / "have done" coordinated with a past verb
        if tag == "VB" and not has_aux:
            if dep in {"ROOT", "ccomp", "parataxis"} and not has_subject and (
                dep == "ROOT" or self.in_quote[verb.i]
            ):
                return IMPERATIVE
            if dep == "conj" and head.tag_ in {"VBD", "VBZ"}:
                return IRREALIS  # "wanted you to join …, and die a gentleman"
            if dep == "ccomp" and head.lemma_.lower() in IMPLICATIVE_HEADS:
                return None
            if dep in {"ccomp", "advcl"} and has_subject:
                return IRREALIS
        if tag == "VBG" and dep == "pcomp" and head.lower_ in EVENT_PREPS and \
                head.head.tag_ in {"VBD", "VBN"}:
            pass  # "on reaching home, she called …": the participle happened, as its clause did
        elif tag == "VBG" and dep in {"pcomp", "pobj", "dobj", "nsubj", "csubj", "nsubjpass"}:
            return IRREALIS
        if tag == "VBG" and not has_aux and any(
            c.dep_ == "poss" or (c.dep_ == "nsubj" and c.lower_ in OBJECT_CASE)
            for c in verb.children
        ):
            return IRREALIS  # "her marrying Mr. Collins": a gerund, talked about
        if tag == "VBG" and not has_aux and dep == "ccomp" and (
            head_lemma(head, IMPLICATIVE_HEADS) not in IMPLICATIVE_HEADS
        ):
            return IRREALIS
        if dep == "acl" and tag == "VB":
            return IRREALIS
        return None

    def _inherited(self, verb: Any, depth: int) -> Verdict | None:
        """Modality that a clause takes from the clause it hangs on."""
        dep = verb.dep_
        head = verb.head
        if head == verb or depth > 12:
            return None
        if dep in {"advcl", "ccomp"} and head.pos_ == "ADJ" and head.lower_ in HEDGE_ADJECTIVES:
            return Verdict(HEDGE)
        while head.pos_ not in {"VERB", "AUX"} and head.dep_ in {"advmod", "npadvmod", "prep",
                                                                  "pobj", "pcomp", "acomp",
                                                                  "attr", "oprd"}:
            if head.head == head:
                break
            head = head.head
        if dep == "conj":
            parent = self._judge(head, depth + 1)
            if parent.asserted:
                return None
            own_subject = any(c.dep_ in {"nsubj", "nsubjpass"} for c in verb.children)
            cc = next((c.lower_ for c in head.children if c.dep_ == "cc"), "and")
            if parent.reason in {NEGATION, NO_LONGER}:
                if own_subject or cc in {"but", "yet"}:
                    return None
                return parent
            if parent.reason in {CONDITION, QUESTION}:
                return parent
            return None if own_subject else parent
        implicative = dep == "ccomp" and head_lemma(head, IMPLICATIVE_HEADS) in IMPLICATIVE_HEADS
        if dep in {"xcomp", "advcl"} or implicative:
            parent = self._judge(head, depth + 1)
            if dep == "advcl" and parent.asserted and _destined(head):
                return Verdict(FUTURE)  # "whose place was to be at her head, when she lay dead"
            if parent.asserted or parent.reason in {NEGATION, NO_LONGER}:
                return None
            if dep == "ccomp" and parent.reason == IMPERATIVE and not implicative:
                return None
            return parent
        if dep == "ccomp":
            hl = head_lemma(head, BELIEF_HEADS | DESIRE_HEADS | SPEECH_HEADS)
            if hl in BELIEF_HEADS:
                return Verdict(BELIEF)
            if hl in DESIRE_HEADS and head.pos_ == "VERB" and hl not in SPEECH_HEADS:
                return Verdict(DESIRE)
            if hl in SPEECH_HEADS:
                parent = self._judge(head, depth + 1)
                if parent.reason in {CONDITION, FUTURE, HEDGE, DESIRE, BELIEF}:
                    return parent
                return Verdict(None, reported=True)
        return None


def _destined(verb: Any) -> bool:
    """"Was to be", "is to marry": a "be" whose complement is an infinitive tells what is
    destined or arranged, and a clause hung on it ("when she lay dead") has not happened."""
    return verb.lemma_ == "be" and any(
        c.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
        for c in verb.children)


def head_lemma(token: Any, lexicon: frozenset[str]) -> str:
    """The token's lemma, or the lexicon word its inflected form comes from when the
    lemmatizer slipped ("hoped" → "hop")."""
    lemma = token.lemma_.lower()
    if lemma in lexicon:
        return lemma
    lower = token.lower_
    for form in (lower, lower[:-1], lower[:-2], lower[:-3], lower[:-3] + "e", lower[:-2] + "e"):
        if form in lexicon:
            return form
    return lemma


def _has_no_det(token: Any) -> bool:
    return any(c.dep_ == "det" and c.lower_ == "no" for c in token.children)
