"""back_references: narration that refers back to an earlier vow, agreement, arrangement,
warning, prediction, bargain, debt or thing left in keeping (ported from the critic's
`recognisers/vows`; the critic's commitments check looks each one up in the record).

The wordings: a past-perfect (or "as X had ...") reference to a speech act or transaction that
creates an obligation or an expectation.

- told as a past-perfect clause of its own ("Elena had sworn on the harbour wall that ...",
  "she had come because Jonah had fixed the day with her in his last letter", "it was exactly
  what the captain had warned her of in the boat");
- an "as"-clause on the act it pays off ("exactly as they had agreed on the quay", "just as he
  had warned her it would", "as Aldous had settled it with the bankers", "as agreed on the quay");
- a noun with a clause that places it in the past: a commitment noun ("the bargain they had
  struck at the fair", "the debt he owed Tomas") or any noun the act was about ("the twelve
  pounds his father had borrowed from Aldous", "the day they had fixed").

Verbs (`language.promises`): promising (swear, vow, promise, pledge, undertake), agreeing and
arranging (agree, arrange, bargain, contract, covenant; settle, fix, appoint, book when they take
terms — "the day", "it with the bankers"), warning and foretelling (warn, caution, predict,
foretell, prophesy, forewarn; "as he had said it would"), lending and borrowing (borrow, lend,
loan, owe), keeping ("left it with her", "put by for the night").

Each item carries the first occasion the act is pinned to ("on the harbour wall", "in his last
letter", "the evening he first rowed out"), read by `occasions`; whether the earlier chapters show
that occasion is the critic's question, not the reader's. A simple past in speech or an
as-clause ("We settled it on that bed at the Lantern", "as we settled it between us on the day of
the hearing") and a commitment noun with a bare participle ("the wager laid on the night he
proposed") refer back only when they do: such items are marked `needs_shown_occasion`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from continuum.language.grammar import MODALS
from continuum.language.promises import (
    AGREE_VERBS,
    ARRANGED_TERMS,
    ARRANGING_PARTIES,
    COMMITMENT_FAMILIES,
    DEBT_VERBS,
    DEPOSIT_VERBS,
    MAKING_PARTICIPLES,
    OCCASION_PREPS,
    OCCASION_TIMES,
    PLACE_PARTS,
    TERMS_VERBS,
    UNDERTAKING_VERBS,
    VAGUE_OCCASIONS,
    VOW_VERBS,
    WARN_VERBS,
    WRITTEN_MEDIA,
    act_family,
    tells_act,
)
from continuum.language.prose import in_speech, sentences, speeches
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import BackReferenceItem, Evidence

_WOULD = {"would", "should", "must", "will", "shall", "'d"}
_AS_MARKS = {"as", "like"}


@dataclass
class Occasion:
    """What an act is pinned to: its text, the words naming its place or event, and whether
    it is a letter or message (whose text the page need not give)."""

    text: str
    words: list[str] = field(default_factory=list)
    written: bool = False


IsPerson = Callable[[Any], bool]


def extract_back_references(view: ChapterView) -> list[BackReferenceItem]:
    """Every act referred back to, in text order (several may share a sentence: the critic
    keeps the first it cannot find on record)."""
    spans = speeches(view.text)

    def quoted(tok: Any) -> bool:
        return in_speech(spans, tok.idx) is not None

    def is_person(tok: Any) -> bool:
        return view.character(tok) is not None

    out: list[BackReferenceItem] = []
    for tok in view.tokens:
        if view.is_markup(tok):
            continue
        if tok.pos_ == "VERB":
            found = _act(view, tok, quoted, is_person)
        elif tok.pos_ == "NOUN" and tok.lemma_ in COMMITMENT_FAMILIES and not quoted(tok):
            found = _commitment_noun(tok, is_person)
        else:
            continue
        if found is None:
            continue
        sent = tok.sent
        occasion = found.pop("occasion")
        out.append(BackReferenceItem(
            **found, head=tok.lower_, spoken=quoted(tok),
            capitalised=CAPITALISED.findall(found.get("content", "")),
            said_before=said_before(view.text, sent.start_char, tok.lower_, found["kind"]),
            occasion=occasion.text if occasion else None,
            occasion_words=occasion.words if occasion else [],
            occasion_written=occasion.written if occasion else False,
            evidence=Evidence(start=sent.start_char, end=sent.end_char, quote=sent.text,
                              rule=f"back_references.{found['form']}", confidence=0.6)))
    return out


def said_before(text: str, before: int, head: str, kind: str) -> list[str]:
    """The chapter's sentences before an act referred back to that tell an act of its kind
    ("Tomas had promised ...", '"The reef will have one of them," she said.' of a warning)."""
    family = act_family(head, kind)
    return [s.text for s in sentences(text, 0, before) if tells_act(family, kind, s.text)]


CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")  # a name's parts, and any other capitalised word


def past_perfect(verb: Any) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "have" for c in verb.children)


def _kind(lemma: str) -> str:
    return ("promise" if lemma in UNDERTAKING_VERBS else "agree" if lemma in AGREE_VERBS | TERMS_VERBS
            else "warn" if lemma in WARN_VERBS | {"say", "tell"} else "deposit" if lemma in DEPOSIT_VERBS
            else "debt")


def _deposits(verb: Any) -> bool:
    """"left it with her", "entrusted", "put by" / "set aside" / "laid by" / "saved for": a
    thing kept for someone or for a day to come, not "left the room" or "put on his coat"."""
    lemma = verb.lemma_
    if lemma in ("entrust", "deposit"):
        return True
    if lemma == "leave":
        return any(c.dep_ == "prep" and c.lower_ == "with" for c in verb.children)
    if lemma == "save":
        return any(c.dep_ == "prep" and c.lower_ == "for" for c in verb.children)
    return any(_particle(c) for c in verb.children) and \
        any(t.lower_ in ("for", "against", "till", "until") for t in verb.sent if t.i > verb.i)


def _particle(tok: Any) -> bool:
    """"put by", "set aside", "laid away" (the parser may take "by" for a preposition)."""
    return tok.lower_ in ("by", "aside", "away") and tok.dep_ in ("prt", "prep", "advmod") \
        and not any(c.dep_ == "pobj" for c in tok.children)


def _commits(verb: Any) -> bool:
    """The verb makes a commitment here: always for promising, agreeing, warning and lending;
    for settle / fix / appoint / book only with terms ("fixed the day", "settled it with the
    bankers"), not "settled into a chair" or "fixed the pump"."""
    if verb.lemma_ in DEPOSIT_VERBS:
        return _deposits(verb)
    if verb.lemma_ not in TERMS_VERBS:
        return True
    objects = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
    if any(o.lower_ in ARRANGED_TERMS or o.lemma_ in ARRANGED_TERMS for o in objects):
        return True
    if any(c.dep_ == "prt" for c in verb.children):
        return False  # "settled down", "fixed up"
    if any(o.lower_ == "it" for o in objects) and any(
            c.dep_ == "nsubj" and c.lower_ in ("we", "they") for c in verb.children):
        return True  # "we settled it": a joint settlement
    return any(c.dep_ == "prep" and c.lower_ in ("with", "between") and any(
        g.dep_ == "pobj" and (g.pos_ == "PROPN" or g.lower_ in ("them", "him", "her", "us", "me")
                              or g.lemma_ in ARRANGING_PARTIES)
        for g in c.children) for c in verb.children)


def _prediction(verb: Any) -> bool:
    """"as he had said it would": say / tell with a clause of what would happen."""
    return any(c.dep_ in ("ccomp", "xcomp") and (
        c.lower_ in _WOULD or any(a.dep_ == "aux" and a.lower_ in _WOULD for a in c.children))
        for c in verb.children)


def _act(view: ChapterView, verb: Any, quoted: Callable[[Any], bool],
         is_person: IsPerson) -> dict[str, Any] | None:
    """The verb of an earlier act: its kind, form, label, what it was about and the occasion
    it is pinned to."""
    lemma = verb.lemma_
    said = lemma in ("say", "tell")
    if lemma not in VOW_VERBS and not said:
        return None
    if verb.tag_ == "VBG":
        return None  # "Hindley has been borrowing money on his land": going on, not an act done
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in MODALS) for c in verb.children):
        return None
    as_clause = (verb.dep_ == "advcl" and any(c.lower_ in _AS_MARKS for c in verb.children
                                              if c.dep_ in ("mark", "advmod"))) \
        or (verb.dep_ == "relcl" and verb.head.lower_ == "way")  # "the way you said it would"
    if said and not (as_clause and _prediction(verb)):
        return None  # "said" and "told" look back only in "as he had said it would"
    if lemma in DEPOSIT_VERBS and not _deposits(verb):
        return None
    occasion, part = first_occasion(verb, is_person)
    # "We settled it on that bed at the Lantern, the day you walked in", "as we settled it
    # between us on the day of the hearing": a simple past in speech or an as-clause looks back
    # from the story's now to an occasion the earlier chapters show (in plain narration a simple
    # past is the story's now: a promise made in this chapter)
    told_then = verb.tag_ == "VBD" and (lemma in VOW_VERBS - WARN_VERBS or (said and _prediction(verb))) \
        and occasion is not None and not occasion.written and bool(occasion.words) \
        and any(c.dep_ == "nsubj" for c in verb.children) and (as_clause or quoted(verb))
    if not past_perfect(verb) and not told_then:
        # "as agreed on the quay": a bare participle on the act it pays off (unpinned, "as
        # promised" may be anything said in passing, on the page or off it)
        if not (as_clause and verb.tag_ in ("VBN", "VBD") and lemma in VOW_VERBS - DEBT_VERBS
                and occasion is not None and not any(c.dep_ == "nsubj" for c in verb.children)):
            return None
        return dict(content=_rest_of_sentence(verb, quoted), label=f"what was {verb.lower_}",
                    form="as", kind=_kind(lemma), occasion=occasion)
    found = _what(view, verb, part, quoted, as_clause)
    if found is None:
        return None
    return {**found, "kind": _kind(lemma), "occasion": occasion,
            "needs_shown_occasion": not past_perfect(verb)}


def _what(view: ChapterView, verb: Any, part: Any, quoted: Callable[[Any], bool],
          as_clause: bool) -> dict[str, Any] | None:
    """The form of a committing verb's reference, its label and what it was about."""
    lemma = verb.lemma_
    if not _commits(verb):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    person = _person(view, subject)
    if as_clause:
        return dict(content=_rest_of_sentence(verb, quoted), label=f"what {person} {_did(verb)}",
                    form="as")
    if verb.dep_ in ("relcl", "acl") and verb.head.pos_ == "NOUN" and \
            verb.head.lemma_ not in COMMITMENT_FAMILIES:
        # "the twelve pounds his father had borrowed from Aldous", "the day they had fixed", "the
        # money he had sworn to pay back": what the act was about
        if subject is None or verb.tag_ != "VBN" or \
                (lemma in WARN_VERBS and verb.head.lower_ in ARRANGED_TERMS):
            return None
        skip = {t.i for t in subject.subtree} | ({t.i for t in part.subtree} if part is not None else set())
        words = " ".join(t.text for t in verb.head.subtree if t.i not in skip)
        return dict(content=words, form="noun",
                    label=f"the {verb.head.lower_} {person} {_did(verb)} ({_short(words)!r})")
    if verb.dep_ not in ("ROOT", "conj", "ccomp", "advcl", "xcomp", "pcomp"):
        return None
    if subject is None or subject.lower_ in ("who", "that", "which"):
        return None
    content = [c for c in verb.children if c.dep_ in ("ccomp", "xcomp") or (
        c.dep_ == "dobj" and c.pos_ != "PROPN" and not (lemma in WARN_VERBS and c.pos_ == "PRON")) or (
        c.dep_ == "advcl" and any(m.lower_ == "that" for m in c.children if m.dep_ == "mark")) or (
        c.dep_ == "prep" and (part is None or c.i != part.i) and (
            c.lower_ in ("of", "about", "against", "for", "from") and lemma in WARN_VERBS | DEBT_VERBS
            or lemma in TERMS_VERBS | AGREE_VERBS and c.lower_ not in ("with", "to")))]
    if not any(c.pos_ in ("VERB", "AUX") for c in content):
        # "had sworn on the ferry steps that she would ...": the parser hung the vow on "steps";
        # "what the captain had warned her of in the boat, ...: that ..."
        clause = next((t for t in verb.sent if t.i > verb.i and t.pos_ in ("VERB", "AUX") and any(
            (m.dep_ == "mark" and m.lower_ == "that") or (m.dep_ == "aux" and m.lower_ in _WOULD)
            or (m.dep_ == "advmod" and m.lower_ == "that") for m in t.children)), None)
        content += [clause] if clause is not None and all(c.i != clause.i for c in content) else []
    if not content:
        return None
    skip = {t.i for t in part.subtree} if part is not None else set()
    words = " ".join(t.text for c in content for t in c.subtree if t.i not in skip and not quoted(t))
    return dict(content=words, form="clause",
                label=f"what {person} {_did(verb)} ({_short(words)!r})")


def _did(verb: Any) -> str:
    """"had settled" for a past perfect, "settled" for a simple past."""
    return f"had {verb.lower_}" if past_perfect(verb) else verb.lower_


def _person(view: ChapterView, subject: Any) -> str:
    """The subject as a reader would name it (a pronoun stays a pronoun)."""
    if subject is None:
        return "they"
    if subject.pos_ != "PROPN":
        return " ".join(t.text for t in subject.subtree)
    return view.character(subject) or str(subject.text)


def _rest_of_sentence(verb: Any, quoted: Callable[[Any], bool]) -> str:
    """What an "as"-clause pays off: the sentence without the clause itself (or quoted speech
    the sentence splitter left on it)."""
    inside = {t.i for t in verb.subtree}
    spoken = quoted(verb)  # a speaker's own "as we settled it": keep the speech
    return " ".join(t.text for t in verb.sent if t.i not in inside
                    and (spoken or not quoted(t)) and not t.is_punct)


def _commitment_noun(noun: Any, is_person: IsPerson) -> dict[str, Any] | None:
    """"the bargain they had struck at the fair", "the debt he owed Tomas"."""
    rel = next((c for c in noun.children if c.dep_ in ("relcl", "acl") and c.pos_ == "VERB"
                and (past_perfect(c) or c.lemma_ == "owe"
                     or (c.dep_ == "acl" and c.tag_ in ("VBN", "VBD") and c.lemma_ in MAKING_PARTICIPLES))
                and not any(x.dep_ == "neg" for x in c.children)), None)
    if rel is None:
        return None
    words = " ".join(t.text for t in rel.subtree)
    occasion, _part = first_occasion(rel, is_person)
    participle = rel.dep_ == "acl" and not past_perfect(rel) and rel.lemma_ != "owe"
    if participle and (occasion is None or occasion.written or not occasion.words):
        return None  # "the wager laid on the night he proposed": a participle only with an occasion
    return dict(content=words, label=f"the {noun.lower_} {_short(words)!r}", form="noun",
                kind=noun.lemma_, occasion=occasion, needs_shown_occasion=participle)


def _short(words: str) -> str:
    cut = words.split()
    return " ".join(cut[:14]) + (" ..." if len(cut) > 14 else "")


def first_occasion(verb: Any, is_person: IsPerson) -> tuple[Occasion | None, Any]:
    """The occasion the act is pinned to, after the verb in its own clause: "on the harbour
    wall", "at the fair", "that night in the lighthouse", "in his last letter", "the evening he
    first rowed out", "when he came home" (with the token that holds it)."""
    return next(occasions(verb, is_person), (None, None))


def occasions(verb: Any, is_person: IsPerson) -> Iterator[tuple[Occasion, Any]]:
    """Every occasion the act's clause pins it to, in order, with the token that holds it
    (`is_person`: whether a noun names a person, who is no occasion)."""
    # an "as"-clause's words before it are the main clause's ("At ten, exactly as he had ...")
    left = verb.dep_ not in ("advcl", "relcl", "acl")
    parts = [c for c in verb.children if c.dep_ in ("prep", "npadvmod", "advcl", "advmod", "tmod")
             and (left or c.i > verb.i)]
    # the parser often hangs it on the other party: "arranged it with the carter at the fair"
    said = {t.i for c in verb.children if c.dep_ in ("ccomp", "xcomp", "advcl", "relcl") for t in c.subtree}
    parts += [t for t in verb.subtree if t.dep_ == "prep" and t.i > verb.i and t.i not in said
              and t.head.i != verb.i and t.head.dep_ in ("pobj", "dobj")]
    for part in parts:
        found = _occasion_of(part, is_person)
        if found is not None:
            yield found, part


def _occasion_of(part: Any, is_person: IsPerson) -> Occasion | None:
    text = " ".join(t.text for t in part.subtree)
    if _particle(part):
        return None  # "put by": a particle, not a place
    if part.dep_ == "prep":
        if part.lower_ not in OCCASION_PREPS:
            return None
        noun = next((g for g in part.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN", "ADJ")),
                    None)
        if noun is None and not any(g.dep_ == "pobj" for g in part.children):
            # "taken on the ferry steps" parsed with "steps" as the verb's object
            ahead = part.doc[part.i + 1:min(part.i + 5, part.sent.end)]
            stop = next((t.i for t in ahead if t.is_punct), ahead.end)
            noun = next((t for t in ahead if t.i < stop and t.pos_ in ("NOUN", "PROPN")
                         and not (t.i + 1 < stop and t.nbor().pos_ in ("NOUN", "PROPN"))), None)
            text = part.doc[part.i:noun.i + 1].text if noun is not None else text
        if noun is None or noun.lower_ in VAGUE_OCCASIONS or is_person(noun):
            return None
    elif part.dep_ in ("npadvmod", "tmod"):
        noun = part
        if noun.lower_ not in OCCASION_TIMES or not any(
                c.dep_ in ("det", "relcl", "acl", "prep", "amod") for c in noun.children):
            return None
    elif part.dep_ == "advcl" and any(c.lower_ == "when" for c in part.children if c.dep_ == "advmod"):
        noun = next((t for t in part.subtree if t.pos_ == "NOUN" and t.lower_ not in VAGUE_OCCASIONS),
                    None)
        return Occasion(text, [noun.lower_] if noun is not None else [])
    else:
        return None
    if noun.lower_ in WRITTEN_MEDIA:
        # "in his last letter": its text need not be on the page
        return Occasion(text, [noun.lower_], written=True)
    return Occasion(text, _place_words(noun, is_person))


def _place_words(noun: Any, is_person: IsPerson) -> list[str]:
    """The words that name an occasion's place or event: the noun with its compounds, or for a
    time ("that night in the lighthouse", "the morning they rowed out") what follows it."""
    if noun.lower_ in PLACE_PARTS:  # "at the back of the Guildhall": the Guildhall
        of = next((g for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
                   for g in c.children if g.dep_ == "pobj"), None)
        if of is not None:
            return _place_words(of, is_person)
    if noun.lower_ not in OCCASION_TIMES:
        return [c.lower_ for c in noun.lefts if c.dep_ == "compound" and c.is_alpha] + [noun.lower_]
    for c in noun.children:
        if c.dep_ == "prep":
            inner = next((g for g in c.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")
                          and g.lower_ not in VAGUE_OCCASIONS | OCCASION_TIMES
                          and not is_person(g)), None)
            if inner is not None:
                return _place_words(inner, is_person)
    return [t.lower_ for t in noun.subtree if t.pos_ in ("NOUN", "PROPN") and t.i != noun.i
            and t.lower_ not in VAGUE_OCCASIONS | OCCASION_TIMES and not is_person(t)][:1]
