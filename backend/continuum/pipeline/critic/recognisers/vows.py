"""commitments: narration that refers back to an earlier vow, agreement, arrangement, warning,
prediction, bargain or debt the record never shows.

The slip: a past-perfect (or "as X had ...") reference to a speech act or transaction that
creates an obligation or an expectation, whose making the earlier chapters never show. Forms:

- told as a past-perfect clause of its own ("Elena had sworn on the harbour wall that ...",
  "she had come because Jonah had fixed the day with her in his last letter", "it was exactly
  what the captain had warned her of in the boat");
- an "as"-clause on the act it pays off ("exactly as they had agreed on the quay", "just as he
  had warned her it would", "as Aldous had settled it with the bankers", "as agreed");
- a noun with a clause that places it in the past: a commitment noun ("the bargain they had
  struck at the fair", "the debt he owed Tomas") or any noun the act was about ("the twelve
  pounds his father had borrowed from Aldous", "the day they had fixed").

Verbs: promising (swear, vow, promise, pledge, undertake), agreeing and arranging (agree,
arrange, bargain, contract, covenant; settle, fix, appoint, book when they take terms — "the
day", "it with the bankers"), warning and foretelling (warn, caution, predict, foretell,
prophesy, forewarn; "as he had said it would"), lending and borrowing (borrow, lend, loan, owe).

The record holds it when an earlier sentence (or a setup, or this draft before it) has a word of
that kind and the act's own key words, or when an earlier exchange asked for it and was answered
"I will" / "I shall" / "Yes" / "I promise" (the request's key words within a few sentences before
the answer). Unrecorded, an act pinned to an occasion whose place or event the earlier chapters
show (so a reader can check that it is not there) FAILs; pinned to an occasion the record does not
know, or to a letter or message (whose text the page need not give), it WARNs; unpinned, a clause
of its own passes ("Tomas had promised to be home by six, and he was") while an "as"-clause or a
noun, which takes the act for granted, WARNs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from continuum.language.promises import UNDERTAKING_VERBS
from continuum.language.prose import sentences
from continuum.pipeline.critic.checks.knowledge import content_words
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, spans_overlap
from continuum.reads.world_state import WorldState

NAME = "commitments"
AGREE_VERBS = {"agree", "arrange", "bargain", "contract"}
# Verbs that make an arrangement only with terms: "fixed the day", "settled it with the bankers".
TERMS_VERBS = {"settle", "fix", "appoint", "book"}
WARN_VERBS = {"warn", "caution", "forewarn", "predict", "foretell", "prophesy", "prophesie"}
DEBT_VERBS = {"borrow", "lend", "loan", "owe"}
# Leaving a thing in someone's keeping, or putting it by for a day to come: "the purse he had
# left with her", "the bottle she had put by for the night they first kept house".
DEPOSIT_VERBS = {"leave", "entrust", "deposit", "put", "set", "lay", "save"}
VOW_VERBS = UNDERTAKING_VERBS | AGREE_VERBS | TERMS_VERBS | WARN_VERBS | DEBT_VERBS | DEPOSIT_VERBS
_TERMS = {"day", "date", "time", "hour", "place", "price", "terms", "term", "sum", "meeting",
          "appointment", "rendezvous", "wedding", "sale", "matter", "business", "passage", "fee",
          "rent", "hire", "bargain", "deal", "it", "that", "everything", "all"}
# Who one settles or fixes things with ("had settled with the bankers").
_PARTIES = {"banker", "bank", "man", "woman", "agent", "council", "guild", "lawyer", "solicitor",
            "partner", "landlord", "owner", "captain", "clerk", "merchant", "master", "buyer",
            "seller", "family", "parson", "vicar", "magistrate", "mayor"}
# Commitment nouns and the words an earlier sentence would use for the same commitment.
FAMILIES = {
    "promise": "promis", "vow": "vow|swor|swear", "oath": "oath|swor|swear", "pledge": "pledg",
    "bargain": "bargain|deal|agree", "pact": "pact|agree|swor|swear", "deal": "deal|bargain|agree",
    "agreement": "agree|bargain|deal", "arrangement": "arrang|agree", "wager": "wager|bet",
    "bet": "bet|wager", "debt": "debt|owe|owing|lent|loan|borrow", "covenant": "covenant|swor|swear",
    "loan": "loan|lent|lend|borrow|debt|owe", "appointment": "appoint|arrang|agree|meet",
    "assignation": "assignation|arrang|meet", "rendezvous": "rendezvous|arrang|meet",
    "contract": "contract|agree|sign", "compact": "compact|agree|swor|swear",
    "warning": "warn|caution|said|told", "prophecy": "prophe|foretold|foretell|predict|said|told",
    "prediction": "predict|foretold|foretell|said|told",
    "reward": "reward|bount|offer", "bounty": "bount|reward|offer",
}
_VOW_WORDS = r"\b(?:promis|swor|swear|vow|pledg|oath|agree|arrang|bargain|deal|pact|his\s+word|her\s+word)\w*"
_KIND_WORDS = {
    "promise": _VOW_WORDS,
    "agree": _VOW_WORDS + r"|\b(?:settl|fix|appoint|book|meet|contract)\w*",
    "warn": r"\b(?:warn|caution|predict|foret[eo]l|prophe|said|told|say|tell)\w*",
    "debt": r"\b(?:debt|ow[ei]|lent|lend|loan|borrow|pay|paid|repa)\w*",
    "deposit": r"\b(?:left|leave|entrust|deposit|put\s+(?:by|aside|away)|set\s+aside|laid\s+by|kept|keep|"
               r"sav(?:e|ed|ing)|hid|hidden)\b",
}
_FORETOLD = re.compile(r"\b(?:will|would|shall|'ll|must|going\s+to|one\s+day|some\s+day|"
                       r"sooner\s+or\s+later)\b", re.IGNORECASE)
_MEDIA = {"letter", "letters", "note", "notes", "message", "telegram", "wire", "will", "testament",
          "post", "card", "line", "lines"}
_TIMES = {"morning", "night", "day", "evening", "afternoon", "spring", "summer", "autumn", "winter",
          "week", "month", "year", "noon", "midnight", "dawn", "dusk", "hour", "time", "season"}
_OCCASION_PREPS = {"on", "in", "at", "during", "before", "after", "by", "beside", "outside", "inside",
                   "aboard", "over", "across", "under"}
# Words a phrase after an act may hold that name no place or event a reader could look up
# ("in a way", "in her heart", "in my presence", "in the affair of his heart", "by all
# practicable and impracticable means").
VAGUE_OCCASIONS = {"way", "end", "time", "moment", "world", "least", "most", "first", "last", "rest",
                   "presence", "affair", "affairs", "matter", "memory", "thoughts", "soul", "breast",
                   "means",
                   "same", "whole", "part", "course", "fact", "case", "turn", "voice", "word", "words",
                   "tone", "hand", "hands", "mind", "heart", "life", "earnest", "full", "private",
                   "public", "secret", "person", "writing", "return", "exchange", "advance"}
# Participles that make a commitment noun's act: "the wager laid", "the reward posted", "the
# bargain struck" (not "the promise of a post in a regiment now quartered in the north").
_MADE = {"lay", "make", "place", "strike", "offer", "post", "put", "give", "swear", "set", "agree",
         "shake", "seal", "sign"}
_RELATIONAL = {"back", "front", "side", "top", "bottom", "corner", "edge", "middle", "foot", "head",
               "end", "door", "steps"}
_WOULD = {"would", "should", "must", "will", "shall", "'d"}
_AS_MARKS = {"as", "like"}
# A short answer that takes on what was just asked: "I will," said Mara.
ASSENT = re.compile(r"^\W*(?:(?:yes|aye|very\s+well)\b\W*)?(?:yes|aye|i\s+will|i\s+shall|i\s+promise|"
                    r"i\s+swear|i\s+give\s+you\s+my\s+word|you\s+have\s+my\s+word|on\s+my\s+word)"
                    r"\b(?:\s+[\w']+){0,3}\s*[,.!;\u2014-]", re.IGNORECASE)
# What asks for it: an order or a plea ("Make sure of it.", "Promise me.", "Will you ...?").
REQUEST = re.compile(r"\b(?:will\s+you|would\s+you|promise\s+me|swear\s+(?:to\s+me|it)|you\s+must|"
                     r"you\s+will|make\s+sure|see\s+(?:that|to\s+it)|give\s+me\s+your\s+word|"
                     r"do\s+you\s+promise|i\s+want\s+you\s+to|i\s+need\s+you\s+to)\b"
                     r"|(?:^|[\"\u201c.!?]\s*)(?:[A-Z][a-z]+,\s+)?(?:make|see|keep|take|bring|find|look|go|get|do|"
                     r"don't|never|promise|swear|tell|give|let|mind|remember)\b", re.IGNORECASE)
EXCHANGE_WINDOW = 400  # characters of an earlier chapter before an answer that hold the request


@dataclass
class _Occasion:
    text: str
    on_page: bool
    words: list[str]


def check(claims: DraftClaims, world: WorldState, flagged: list[tuple[int, int]]) -> list[Finding]:
    """Vows, arrangements, warnings and debts that refer back to an unrecorded act."""
    from continuum.pipeline.critic import parsed

    findings: list[Finding] = []
    done: set[int] = set()
    for tok in parsed.tokens(claims):
        if tok.pos_ == "VERB":
            found = _act(claims, tok)
        elif tok.pos_ == "NOUN" and tok.lemma_ in FAMILIES and not parsed.quoted(claims, tok):
            found = _commitment_noun(claims, tok)
        else:
            continue
        if found is None or tok.sent.start_char in done:
            continue
        spoken = parsed.quoted(claims, tok)
        verb, content, label, form, kind, occasion = found
        if spoken and (occasion is None or not occasion.on_page):
            continue  # speech about what was said off the page is the speaker's business
        sent = tok.sent
        if any(spans_overlap(s, e, sent.start_char, sent.end_char) for s, e in flagged):
            continue
        if _recorded(claims, world, tok.lower_, kind, content, sent.start_char,
                     occasion.words if occasion is not None else []):
            continue
        if occasion is None and form == "clause":
            continue  # "Tomas had promised to be home by six": said any time, off the page
        on_page = occasion is not None and occasion.on_page and not spoken
        where = f" ({occasion.text})" if occasion else ""
        done.add(sent.start_char)
        findings.append(Finding(
            check=NAME, severity="FAIL" if on_page else "WARN",
            message=f"this refers back to {label}{where}, but no earlier chapter records it"
                    + (" (said in speech: the speaker may misremember)" if spoken else
                       "" if on_page else " (it may have been made off the page)"),
            draft_start=sent.start_char, draft_end=sent.end_char, draft_quote=sent.text))
    return findings


def _past_perfect(verb: Any) -> bool:
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
    if any(o.lower_ in _TERMS or o.lemma_ in _TERMS for o in objects):
        return True
    if any(c.dep_ == "prt" for c in verb.children):
        return False  # "settled down", "fixed up"
    if any(o.lower_ == "it" for o in objects) and any(
            c.dep_ == "nsubj" and c.lower_ in ("we", "they") for c in verb.children):
        return True  # "we settled it": a joint settlement
    return any(c.dep_ == "prep" and c.lower_ in ("with", "between") and any(
        g.dep_ == "pobj" and (g.pos_ == "PROPN" or g.lower_ in ("them", "him", "her", "us", "me")
                              or g.lemma_ in _PARTIES)
        for g in c.children) for c in verb.children)


def _prediction(verb: Any) -> bool:
    """"as he had said it would": say / tell with a clause of what would happen."""
    return any(c.dep_ in ("ccomp", "xcomp") and (
        c.lower_ in _WOULD or any(a.dep_ == "aux" and a.lower_ in _WOULD for a in c.children))
        for c in verb.children)


_Found = tuple[Any, str, str, str, str, _Occasion | None]


def _act(claims: DraftClaims, verb: Any) -> _Found | None:
    """The verb of an earlier act, what it was about, a label, its form (clause / as / noun),
    its kind (promise / agree / warn / debt) and the occasion it is pinned to."""
    from continuum.pipeline.critic import parsed

    lemma = verb.lemma_
    said = lemma in ("say", "tell")
    if lemma not in VOW_VERBS and not said:
        return None
    if verb.tag_ == "VBG":
        return None  # "Hindley has been borrowing money on his land": going on, not an act done
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in parsed.MODALS) for c in verb.children):
        return None
    as_clause = (verb.dep_ == "advcl" and any(c.lower_ in _AS_MARKS for c in verb.children
                                              if c.dep_ in ("mark", "advmod"))) \
        or (verb.dep_ == "relcl" and verb.head.lower_ == "way")  # "the way you said it would"
    if said and not (as_clause and _prediction(verb)):
        return None  # "said" and "told" look back only in "as he had said it would"
    if lemma in DEPOSIT_VERBS and not _deposits(verb):
        return None
    occasion, part = _occasion(claims, verb)
    # "We settled it on that bed at the Lantern, the day you walked in", "as we settled it
    # between us on the day of the hearing": a simple past in speech or an as-clause looks back
    # from the story's now to an occasion the earlier chapters show (in plain narration a simple
    # past is the story's now: a promise made in this chapter)
    told_then = verb.tag_ == "VBD" and (lemma in VOW_VERBS - WARN_VERBS or (said and _prediction(verb))) \
        and occasion is not None \
        and occasion.on_page and any(c.dep_ == "nsubj" for c in verb.children) \
        and (as_clause or parsed.quoted(claims, verb))
    if not _past_perfect(verb) and not told_then:
        # "as agreed on the quay": a bare participle on the act it pays off (unpinned, "as
        # promised" may be anything said in passing, on the page or off it)
        if not (as_clause and verb.tag_ in ("VBN", "VBD") and lemma in VOW_VERBS - DEBT_VERBS
                and occasion is not None and not any(c.dep_ == "nsubj" for c in verb.children)):
            return None
        return verb, _rest_of_sentence(claims, verb), f"what was {verb.lower_}", "as", _kind(lemma), occasion
    if not _commits(verb):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    person = _person(claims, subject)
    if as_clause:
        words = _rest_of_sentence(claims, verb)
        return verb, words, f"what {person} {_did(verb)}", "as", _kind(lemma), occasion
    if verb.dep_ in ("relcl", "acl") and verb.head.pos_ == "NOUN" and verb.head.lemma_ not in FAMILIES:
        # "the twelve pounds his father had borrowed from Aldous", "the day they had fixed", "the
        # money he had sworn to pay back": what the act was about
        if subject is None or verb.tag_ != "VBN" or \
                (lemma in WARN_VERBS and verb.head.lower_ in _TERMS):
            return None
        skip = {t.i for t in subject.subtree} | ({t.i for t in part.subtree} if part is not None else set())
        words = " ".join(t.text for t in verb.head.subtree if t.i not in skip)
        return verb, words, f"the {verb.head.lower_} {person} {_did(verb)} ({_short(words)!r})", \
            "noun", _kind(lemma), occasion
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
    words = " ".join(t.text for c in content for t in c.subtree
                     if t.i not in skip and not parsed.quoted(claims, t))
    return verb, words, f"what {person} {_did(verb)} ({_short(words)!r})", "clause", _kind(lemma), \
        occasion


def _did(verb: Any) -> str:
    """"had settled" for a past perfect, "settled" for a simple past."""
    return f"had {verb.lower_}" if _past_perfect(verb) else verb.lower_


def _person(claims: DraftClaims, subject: Any) -> str:
    """The subject as a reader would name it (a pronoun stays a pronoun)."""
    from continuum.pipeline.critic import parsed

    if subject is None:
        return "they"
    if subject.pos_ != "PROPN":
        return " ".join(t.text for t in subject.subtree)
    who = parsed.who(claims, subject)
    return claims.name_of(who) if who is not None else str(subject.text)


def _rest_of_sentence(claims: DraftClaims, verb: Any) -> str:
    """What an "as"-clause pays off: the sentence without the clause itself (or quoted speech
    the sentence splitter left on it)."""
    from continuum.pipeline.critic import parsed

    inside = {t.i for t in verb.subtree}
    spoken = parsed.quoted(claims, verb)  # a speaker's own "as we settled it": keep the speech
    return " ".join(t.text for t in verb.sent if t.i not in inside
                    and (spoken or not parsed.quoted(claims, t)) and not t.is_punct)


def _commitment_noun(claims: DraftClaims, noun: Any) -> _Found | None:
    """"the bargain they had struck at the fair", "the debt he owed Tomas"."""
    if noun.lemma_ not in FAMILIES:
        return None
    rel = next((c for c in noun.children if c.dep_ in ("relcl", "acl") and c.pos_ == "VERB"
                and (_past_perfect(c) or c.lemma_ == "owe"
                     or (c.dep_ == "acl" and c.tag_ in ("VBN", "VBD") and c.lemma_ in _MADE))
                and not any(x.dep_ == "neg" for x in c.children)), None)
    if rel is None:
        return None
    words = " ".join(t.text for t in rel.subtree)
    occasion, _part = _occasion(claims, rel)
    if rel.dep_ == "acl" and not _past_perfect(rel) and rel.lemma_ != "owe" and \
            (occasion is None or not occasion.on_page):
        return None  # "the wager laid on the night he proposed": a participle only with an occasion
    return rel, words, f"the {noun.lower_} {_short(words)!r}", "noun", noun.lemma_, occasion


def _short(words: str) -> str:
    cut = words.split()
    return " ".join(cut[:14]) + (" ..." if len(cut) > 14 else "")


def shown_occasion(claims: DraftClaims, verb: Any) -> bool:
    """Whether the act is pinned to an occasion the earlier chapters show ("promised her at
    the harvest fair", a fair the record has): a reader could check the act is not there."""
    return any(occasion.on_page for occasion, _part in _occasions(claims, verb))


def _occasion(claims: DraftClaims, verb: Any) -> tuple[_Occasion | None, Any]:
    """The occasion the act is pinned to, after the verb in its own clause: "on the harbour
    wall", "at the fair", "that night in the lighthouse", "in his last letter", "the evening he
    first rowed out", "when he came home" (with the token that holds it)."""
    return next(_occasions(claims, verb), (None, None))


def _occasions(claims: DraftClaims, verb: Any) -> Iterator[tuple[_Occasion, Any]]:
    """Every occasion the act's clause pins it to, in order (`_occasion` takes the first)."""
    # an "as"-clause's words before it are the main clause's ("At ten, exactly as he had ...")
    left = verb.dep_ not in ("advcl", "relcl", "acl")
    parts = [c for c in verb.children if c.dep_ in ("prep", "npadvmod", "advcl", "advmod", "tmod")
             and (left or c.i > verb.i)]
    # the parser often hangs it on the other party: "arranged it with the carter at the fair"
    said = {t.i for c in verb.children if c.dep_ in ("ccomp", "xcomp", "advcl", "relcl") for t in c.subtree}
    parts += [t for t in verb.subtree if t.dep_ == "prep" and t.i > verb.i and t.i not in said
              and t.head.i != verb.i and t.head.dep_ in ("pobj", "dobj")]
    for part in parts:
        found = _occasion_of(claims, part)
        if found is not None:
            yield found, part


def _occasion_of(claims: DraftClaims, part: Any) -> _Occasion | None:
    text = " ".join(t.text for t in part.subtree)
    if _particle(part):
        return None  # "put by": a particle, not a place
    if part.dep_ == "prep":
        if part.lower_ not in _OCCASION_PREPS:
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
        if noun is None or noun.lower_ in VAGUE_OCCASIONS or claims.person(noun.text) is not None:
            return None
    elif part.dep_ in ("npadvmod", "tmod"):
        noun = part
        if noun.lower_ not in _TIMES or not any(
                c.dep_ in ("det", "relcl", "acl", "prep", "amod") for c in noun.children):
            return None
    elif part.dep_ == "advcl" and any(c.lower_ == "when" for c in part.children if c.dep_ == "advmod"):
        noun = next((t for t in part.subtree if t.pos_ == "NOUN" and t.lower_ not in VAGUE_OCCASIONS),
                    None)
        words = [noun.lower_] if noun is not None else []
        return _Occasion(text, bool(words) and _on_page(claims, words), words)
    else:
        return None
    if noun.lower_ in _MEDIA:
        # "in his last letter": its text need not be on the page
        return _Occasion(text, False, [noun.lower_])
    words = _place_words(claims, noun)
    return _Occasion(text, bool(words) and _on_page(claims, words), words)


def _place_words(claims: DraftClaims, noun: Any) -> list[str]:
    """The words that name an occasion's place or event: the noun with its compounds, or for a
    time ("that night in the lighthouse", "the morning they rowed out") what follows it."""
    if noun.lower_ in _RELATIONAL:  # "at the back of the Guildhall": the Guildhall
        of = next((g for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
                   for g in c.children if g.dep_ == "pobj"), None)
        if of is not None:
            return _place_words(claims, of)
    if noun.lower_ not in _TIMES:
        return [c.lower_ for c in noun.lefts if c.dep_ == "compound" and c.is_alpha] + [noun.lower_]
    for c in noun.children:
        if c.dep_ == "prep":
            inner = next((g for g in c.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")
                          and g.lower_ not in VAGUE_OCCASIONS | _TIMES
                          and claims.person(g.text) is None), None)
            if inner is not None:
                return _place_words(claims, inner)
        if c.dep_ == "pobj" and c.head.i == noun.i:
            continue
    return [t.lower_ for t in noun.subtree if t.pos_ in ("NOUN", "PROPN") and t.i != noun.i
            and t.lower_ not in VAGUE_OCCASIONS | _TIMES and claims.person(t.text) is None][:1]


def _on_page(claims: DraftClaims, words: list[str]) -> bool:
    """The occasion's place or event is in the earlier chapters ("the harbour wall" in one
    sentence; a compound like "the Lantern table" at least in one chapter)."""
    if claims.history is None:
        return False
    nouns = [w for w in words if len(w) > 2]
    if not nouns:
        return False
    patterns = [rf"\b{re.escape(w)}s?\b" for w in nouns]
    if any(all(re.search(p, s.quote, re.IGNORECASE) for p in patterns[1:])
           for s in claims.history.sentences_with(patterns[0])):
        return True
    # "across the Lantern table": the inn and its table in one earlier chapter, if not one sentence
    chapters = getattr(claims.history, "chapters", [])
    return len(nouns) > 1 and any(all(re.search(p, text, re.IGNORECASE) for p in patterns)
                                  for _n, text in chapters)


def _key_words(claims: DraftClaims, content: str) -> set[str]:
    names = {w.lower().rstrip("s") for m in re.finditer(r"\b[A-Z][a-z]+\b", content)
             for w in [m.group()] if claims.person(w) is not None}
    names |= {w.rstrip("s") for entry in claims.roster.entries.values() if entry.type in ("character", None)
              for full in (entry.name, *entry.aliases) for w in re.findall(r"[a-z]+", full.lower())}
    return {w for w in content_words(content) if w not in names and len(w) > 3
            and w not in STOP_WORDS and w not in _TIMES} - _COMMON


def _recorded(claims: DraftClaims, world: WorldState, head: str, kind: str, content: str,
              before: int, occasion: list[str]) -> bool:
    """An earlier sentence, a setup, or this draft before the sentence, states the act with its
    key words (at least two of them, or its only one; with none, the occasion's: "fixed the day
    with her in his last letter"); or an earlier exchange asked for it and was answered "I will"."""
    key = _key_words(claims, content) or {w.rstrip("s") for w in occasion}
    if not key:
        return True  # nothing to look up
    need = min(2, len(key))
    family = re.compile(rf"\b(?:{FAMILIES[head]})\w*|{_VOW_WORDS}" if head in FAMILIES
                        else _KIND_WORDS.get(kind, _VOW_WORDS), re.IGNORECASE)

    def holds(text: str) -> bool:
        if len(content_words(text) & key) < need:
            return False
        found = family.search(text)
        if found is not None and kind == "warn" and \
                found.group().lower().startswith(("said", "told", "say", "tell")):
            return _FORETOLD.search(text) is not None  # '"The reef will have one of them," she said.'
        return found is not None

    if any(len(content_words(f"{setup.key} {setup.detail}") & key) >= need
           for setup in world.open_setups + world.paid_setups):
        return True
    if any(holds(s.text) for s in sentences(claims.text, 0, before)):
        return True
    if claims.history is None:
        return True
    if any(holds(s.quote) for s in claims.history.sentences_with(family.pattern)):
        return True
    return _exchange(claims, key, need)


def _exchange(claims: DraftClaims, key: set[str], need: int) -> bool:
    """An earlier chapter asked for it and had it answered: '"He will hang for this," the captain
    said. "Not your father. Make sure of it." / "I will," said Mara.' The request's key words are
    in the few sentences before a short "I will" / "I shall" / "Yes" / "I promise"."""
    history = claims.history
    if history is None:
        return False
    answers = [s for s in history.sentences_with(r"\b(?:yes|aye|will|shall|promise|swear|word)\b")
               if ASSENT.match(s.quote)]
    if not answers:
        return False
    asked = [s for w in sorted(key) for s in history.sentences_with(rf"\b{re.escape(w)}\b")]
    requests = history.sentences_with(REQUEST.pattern)
    for answer in answers:
        def near(s: Any, answer: Any = answer) -> bool:
            return s.chapter == answer.chapter and answer.start - EXCHANGE_WINDOW <= s.start < answer.start

        window = [s for s in asked if near(s)]
        said = set().union(*(content_words(s.quote) for s in window)) if window else set()
        if len(said & key) >= need and any(near(s) for s in requests):
            return True
    return False


_COMMON = {"would", "could", "should", "there", "their", "which", "about", "after", "before",
           "again", "still", "never", "always", "every", "other", "where", "while", "thing",
           "things", "until", "down", "made", "make", "come", "came", "went", "take", "took",
           "have", "that", "this", "with", "from", "them", "they", "were", "been", "when",
           "exactly", "just", "precisely", "agreed", "arranged", "promised", "warned", "settled",
           "fixed", "sworn", "vowed", "borrowed", "lent", "owed", "said", "told", "like", "great",
           "little", "small", "last", "first", "whole", "same", "very", "long", "good"}
