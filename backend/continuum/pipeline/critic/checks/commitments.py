"""commitments: a payoff without a setup (FAIL); setups overdue for a payoff (WARN); an act
referred back to that the record never shows.

Payoffs come from the extractor and from the critic's own recogniser: a narrated sentence
that acts on something "just as he had sworn he would", "as his father had always said he
one day must", "that had waited all these years", "she had made her swear not to open". Its
object ("the sea chest", "the old harpoon") must have been planted: an earlier chapter has
to mention it (or a setup in the world must share its words), or the payoff FAILs.

Acts referred back to (the extractor's `back_references`: "Elena had sworn on the harbour wall
that ...", "exactly as they had agreed on the quay", "the debt he owed Tomas") are looked up in
the record: it holds one when an earlier sentence (or a setup, or this draft before it) has a word
of that kind and the act's own key words, or when an earlier exchange asked for it and was
answered "I will" / "I shall" / "Yes" / "I promise" (the request's key words within a few
sentences before the answer). Unrecorded, an act pinned to an occasion whose place or event the
earlier chapters show (so a reader can check that it is not there) FAILs; pinned to an occasion the
record does not know, or to a letter or message (whose text the page need not give), it WARNs;
unpinned, a clause of its own passes ("Tomas had promised to be home by six, and he was") while an
"as"-clause or a noun, which takes the act for granted, WARNs.
"""

from __future__ import annotations

import re
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from continuum.language.promises import (
    COMMITMENT_FAMILIES,
    OCCASION_TIMES,
    PROMISE_VERBS,
    PURPOSE_VERBS,
    VAGUE_OCCASIONS,
)
from continuum.language.prose import Span, sentences
from continuum.pipeline.critic.checks.knowledge import content_words
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, spans_overlap
from continuum.pipeline.extract.heuristic.passes.back_references import Occasion, occasions
from continuum.pipeline.extract.schema import BackReferenceItem
from continuum.reads.world_state import WorldState

NAME = "commitments"
OVERDUE_CHAPTERS = 10
_PRONOUN = r"(?:he|she|they|I|we|you)"
# The sentence says it fulfils an old promise, charge or long wait.
PAYOFF_MARKERS = re.compile(
    rf"\bhad\s+(?:always\s+|once\s+|long\s+)?(?:sworn|promised|vowed|pledged|said|told\s+\w+)\s+"
    rf"(?:that\s+)?(?:{_PRONOUN}\s+)?(?:one\s+day\s+|some\s+day\s+|would\s+one\s+day\s+)?"
    rf"(?:would|must|should|will|shall)\b"
    r"|\b(?:sworn|vowed|promised|pledged)\s+to\s+(?:come\s+back|go\s+back|return)\s+for\b"
    r"|\bmade\s+(?:him|her|them|me|us)\s+(?:swear|promise|vow)\b"
    r"|\b(?:had\s+)?(?:waited|lain|hung|stood|rested|lay)\s+(?:there\s+)?(?:for\s+)?"
    r"(?:all\s+)?(?:these|those)\s+years\b"
    r"|\bsince\s+(?:his|her|their|my|our)\s+(?:father|mother|grandfather|grandmother)'s\s+time\b",
    re.IGNORECASE)
_NP = re.compile(
    r"\b(?:the|his|her|their|my|our)\s+(?P<np>(?:(?:[a-z]+)'s\s+)?(?:[a-z]{3,}\s+){0,2}[a-z]{3,})"
    r"(?:\s+of\s+the\s+(?P<of>[a-z]{3,}))?")
_GENERIC = {"old", "new", "little", "great", "big", "small", "loose", "long", "short", "dark",
            "faded", "last", "first", "same", "whole", "own", "very", "poor", "good", "fine",
            "day", "time", "way", "years", "year", "life", "hand", "hands", "head", "eyes",
            "face", "door", "room", "house", "home", "morning", "night", "evening", "world",
            "moment", "father", "mother", "grandmother", "grandfather", "sister", "brother",
            "wife", "husband", "son", "daughter", "keeping", "word", "words", "promise"}
_FUNCTION = {"that", "which", "who", "whom", "whose", "where", "when", "with", "from", "into",
             "onto", "above", "below", "beneath", "under", "over", "behind", "beside", "near",
             "and", "but", "for", "nor", "out", "off", "upon", "down", "back", "away", "inside",
             "had", "has", "was", "were", "she", "him", "her", "his", "they", "them", "its",
             "the", "not", "all", "too", "then", "than", "there", "here", "once"}
_STOP_VERBS = {"had", "has", "was", "were", "would", "could", "should", "must", "been", "said",
               "sworn", "promised", "always", "since", "made", "swear", "years", "these", "those",
               "all", "waited", "hung", "lain", "time", "father", "mother", "grandmother",
               "grandfather"}


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Payoffs must pay a planted setup; long-open setups are worth a reminder."""
    findings = []
    planted = world.open_setups + world.paid_setups
    for item in claims.extraction.commitments:
        if item.kind != "payoff":
            continue
        words = content_words(item.key) | content_words(item.detail)
        if any(content_words(setup.key) & words for setup in planted):
            continue
        findings.append(Finding(
            check=NAME, severity="FAIL",
            message=f"this pays off {item.detail!r}, which was never set up",
            draft_start=item.evidence.start, draft_end=item.evidence.end,
            draft_quote=item.evidence.quote,
        ))
    flagged = [(f.draft_start or 0, f.draft_end or 0) for f in findings]
    # a back-reference to a spoken act is checked against the record first: it knows more
    # than the wording or the "had promised" relative clause below
    for sentence, thing, act, severity in _back_references(claims, world):
        if any(spans_overlap(s, e, sentence.start, sentence.end) for s, e in flagged):
            continue
        findings.append(Finding(
            check=NAME, severity=severity,  # type: ignore[arg-type]
            message=f"this refers back to what {act} ({thing!r}), but no earlier chapter "
                    f"records it",
            draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
        ))
        flagged.append((sentence.start, sentence.end))
    # a vow pinned to an occasion on the page is the surest reading of its sentence; a WARN
    # (an act that may have been made off the page) gives way to a payoff marker below
    held: list[Finding] = []
    for finding in _acts_referred_back(claims, world, flagged):
        if finding.severity != "FAIL":
            held.append(finding)
            continue
        findings.append(finding)
        flagged.append((finding.draft_start or 0, finding.draft_end or 0))
    recognised = [(*p, False) for p in _recognised_payoffs(claims)]
    recognised += [p for p in _parsed_payoffs(claims)
                   if not any(spans_overlap(p[0].start, p[0].end, r[0].start, r[0].end) for r in recognised)]
    for sentence, thing, spoken, soft in recognised:
        if any(spans_overlap(s, e, sentence.start, sentence.end) for s, e in flagged):
            continue
        mentioned = _planted(claims, world, thing)
        if mentioned and (len(thing.split()) > 1 or _in_context(claims, world, thing, sentence)):
            continue
        weak = mentioned or spoken or soft
        findings.append(Finding(
            check=NAME, severity="WARN" if weak else "FAIL",
            message=(f"this pays off {thing!r} as a long-standing promise or wait, but no "
                     f"earlier chapter sets it up" if not mentioned else
                     f"this pays off {thing!r} as a long-standing promise or wait; earlier "
                     f"chapters mention a {thing} but never with anything else this sentence "
                     f"says of it") + (" (said in dialogue)" if spoken else ""),
            draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
        ))
        flagged.append((sentence.start, sentence.end))
    for finding in held:
        if not any(spans_overlap(s, e, finding.draft_start or 0, finding.draft_end or 0) for s, e in flagged):
            findings.append(finding)
            flagged.append((finding.draft_start or 0, finding.draft_end or 0))
    for setup in world.open_setups:
        waited = world.cap + 1 - setup.evidence.chapter  # chapters since the setup, this one included
        if overdue_reminder(waited):
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=(f"the setup {setup.detail!r} from chapter {setup.evidence.chapter} is still unpaid "
                         f"after {waited} chapters"),
                evidence_chapter=setup.evidence.chapter, evidence_quote=setup.evidence.quote,
            ))
    return findings


def overdue_reminder(waited: int) -> bool:
    """A setup unpaid for more than OVERDUE_CHAPTERS chapters is recalled in the chapter that
    makes it overdue and every OVERDUE_CHAPTERS chapters after — not in every chapter, where
    one old promise would repeat the same warning for the rest of the book."""
    past = waited - OVERDUE_CHAPTERS - 1
    return past >= 0 and past % OVERDUE_CHAPTERS == 0


# Dialogue that calls in an old promise: "You promised me the weathervane by Michaelmas".
SPOKEN_PAYOFF = re.compile(
    r"\b(?:you|he|she|they)\s+(?:had\s+)?(?:promised|swore|vowed)\s+(?:me|us|him|her|them)\s+"
    r"(?=(?:the|his|her|their|your|my|our)\s)", re.IGNORECASE)


def _recognised_payoffs(claims: DraftClaims) -> list[tuple[Span, str, bool]]:
    """Sentences with a payoff marker and the object they act on (narration, or dialogue
    calling in a promise of a thing), with whether it is said in dialogue."""
    out = []
    for sentence in sentences(claims.text):
        # a sentence may open with the quotation mark itself
        spoken = any(sp.start - 1 <= sentence.start < sp.end for sp in claims.speeches)
        if spoken:
            marker = SPOKEN_PAYOFF.search(sentence.text)
            thing = _object_of(sentence.text[marker.end():]) if marker else None
        else:
            marker = PAYOFF_MARKERS.search(sentence.text)
            thing = _object_of(sentence.text) if marker else None
        if thing and _a_noun(claims, sentence, thing.split()[-1]):
            out.append((sentence, thing, spoken))
    return out


def _a_noun(claims: DraftClaims, sentence: Span, word: str) -> bool:
    """The wording's thing ends in a noun of the parse: "the sea chest", not "her doctor
    told" or "a fierce young hound if I join the hunt against": a payoff acts on a thing."""
    from continuum.pipeline.critic import parsed

    span = parsed.doc_of(claims).char_span(sentence.start, sentence.end, alignment_mode="expand")
    return any(t.lower_ == word and t.pos_ in ("NOUN", "PROPN") for t in span or [])


# Past-perfect verbs that refer back to an earlier act of setting something up ("the box he
# had buried", "the letter she had promised", "as he had sworn").
STRONG_SETUP_VERBS = PROMISE_VERBS | {"hide", "bury", "conceal", "secrete", "plant", "stow"}
SETUP_VERBS = STRONG_SETUP_VERBS | {"keep", "save", "seal", "lock", "tuck", "leave", "put", "store",
                                    "wrap", "mark", "set"}
_AT_LAST_RE = re.compile(r"\b(?:at\s+(?:long\s+)?last|finally)\b", re.IGNORECASE)


def _parsed_payoffs(claims: DraftClaims) -> list[tuple[Span, str, bool, bool]]:
    """Narrated payoffs found by structure rather than wording: an object noun whose
    past-perfect relative clause sets it up ("the box Tomas had buried under the quay"), or a
    verb acting on an object "as he had promised" / "at last" / "finally" (only a soft marker:
    "at last" often means no more than "after a while", so an unplanted thing is a WARN).
    "At last" counts only after an oath or a promise the narration told in the sentences
    just before ("made her swear on the chapel Bible that she would not open it ... opened,
    at last, the little door"): alone, in published prose, it is nearly always no payoff
    ("he said at last"; 61 WARNs on the eight novels, none a payoff).
    Items: the sentence, the thing, whether it is said in dialogue, whether the marker is soft."""
    from continuum.pipeline.critic import parsed

    out: list[tuple[Span, str, bool, bool]] = []
    done: set[int] = set()
    sents = list(parsed.doc_of(claims).sents)
    for n, sent in enumerate(sents):
        if sent.start_char in done:
            continue
        if parsed.quoted(claims, sent.root):
            promised = _promised_in_speech(claims, sent)
            if promised:
                out.append((Span(sent.start_char, sent.end_char, sent.text), promised, True, False))
            continue
        thing, soft = None, False
        for tok in sent:
            if tok.pos_ != "NOUN" or parsed.quoted(claims, tok) or thing is not None:
                continue
            rel = next((c for c in tok.children if c.dep_ in ("relcl", "acl") and _refers_back(c)),
                       None)
            if rel is not None:
                if any(c.lower_ in ("where", "when") for c in rel.children if c.dep_ == "advmod"):
                    # "the board, where her letters had waited all these years": the thing is
                    # what waited there, not the place
                    tok = next((c for c in rel.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
                elif tok.lower_ in ("one", "thing", "ones", "things"):  # "the one she had sworn ..."
                    tok = next((t for t in sent if t.pos_ == "NOUN" and t.i < tok.i
                                and any(c.dep_ in ("relcl", "acl") for c in t.children)), None)
                if tok is not None:
                    thing = parsed.phrase(tok, _GENERIC | _STOP_VERBS)
                    # a hiding or promise without "years ago", "since ..." may be recent;
                    # one promised by nobody named ("that perfect novelty which had been so
                    # long promised it", Emma) cannot be checked against who promised it
                    soft = not {t.lower_ for t in rel.subtree} & _LONG_AGO or _by_nobody(rel)
        at_last = _at_last_verbs(sent)
        verbs = [t for t in sent if t.pos_ == "VERB" and not parsed.quoted(claims, t)
                 and (_as_promised(t) or (t in at_last
                                          and _sworn_before(claims, sents[max(0, n - 3):n + 1])))]
        for verb in verbs if thing is None else []:
            obj = next((c for c in verb.children if c.dep_ in ("dobj", "obj") and c.pos_ == "NOUN"),
                       None)
            if obj is not None and obj.lower_ not in _GENERIC:
                thing = parsed.phrase(obj, _GENERIC | _STOP_VERBS)
                soft = not _as_promised(verb)
                break
        if thing and thing.split()[-1] not in _GENERIC:
            head = thing.split()[-1].rstrip("s")
            # set up earlier in this very draft: the payoff may be the draft's own
            soft = soft or re.search(rf"\b{re.escape(head)}s?\b", claims.text[:sent.start_char],
                                     re.IGNORECASE) is not None
            done.add(sent.start_char)
            out.append((Span(sent.start_char, sent.end_char, sent.text), thing, False, soft))
    return out


def _preps(verb: Any) -> list[tuple[str, Any]]:
    return [(c.lower_, g) for c in verb.children if c.dep_ == "prep"
            for g in c.children if g.dep_ == "pobj"]


def _by_nobody(rel: Any) -> bool:
    """A passive clause with no agent: "which had been so long promised"."""
    return any(c.dep_ == "auxpass" for c in rel.children) and not any(
        c.dep_ == "agent" for c in rel.children)


def _past_perfect(verb: Any) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "have" for c in verb.children)


# Verbs of something staying put for a long time ("the harpoon that had hung there since ...").
POSITIONAL = {"hang", "lie", "wait", "rest", "stand", "sit", "sleep", "gather",
              "lain"}  # the lemmatizer leaves "lain" as it is
_LONG_AGO = {"ago", "years", "since", "long", "childhood", "boy", "girl", "always", "before"}


def _refers_back(rel: Any) -> bool:
    """A past-perfect relative clause that refers back to a setup: a hiding or a promise
    ("the box he had buried", "the letter she had made her swear not to open"), or something
    left, kept or lying somewhere since long ago ("that had hung there since his father's time")."""
    if not _past_perfect(rel):
        return False
    if any(n.lower_ in VAGUE_OCCASIONS for p, n in _preps(rel)):
        return False  # "which she had kept in her heart ever since": a feeling, not a thing kept
    if rel.lemma_ in STRONG_SETUP_VERBS or any(t.lemma_ in PURPOSE_VERBS for t in rel.subtree):
        return True
    words = {t.lower_ for t in rel.subtree}
    if rel.lemma_ in POSITIONAL - SETUP_VERBS:
        # the thing itself stayed put ("that had hung there since ..."), not someone who stood
        # holding it ("a glove that he had stood holding for a long time")
        subject = next((c for c in rel.children if c.dep_ == "nsubj"), None)
        if subject is not None and (subject.pos_ == "PROPN" or subject.lower_ in
                                    ("he", "she", "they", "i", "we", "you")):
            return False
    return rel.lemma_ in SETUP_VERBS | POSITIONAL and bool(words & _LONG_AGO)


def _promised_in_speech(claims: DraftClaims, sent: Any) -> str | None:
    """Dialogue calling in a promise of a thing: "you promised me the weathervane"."""
    from continuum.pipeline.critic import parsed

    for verb in sent:
        if verb.lemma_ not in {"promise", "swear", "vow", "pledge"} or not parsed.quoted(claims, verb):
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        obj = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
        if subject is None or subject.lower_ not in ("you", "he", "she", "they") or obj is None:
            continue
        if any(c.dep_ in ("dative", "iobj") for c in verb.children) and obj.lower_ not in _GENERIC:
            return str(parsed.phrase(obj, _GENERIC | _STOP_VERBS))
    return None


def _sworn_before(claims: DraftClaims, sents: list[Any]) -> bool:
    """Whether the narration of these sentences tells of an oath or a promise (the word as
    any part of speech: the parser takes "made her swear" for a noun)."""
    from continuum.pipeline.critic import parsed

    return any(t.lemma_.lower() in PROMISE_VERBS and not parsed.quoted(claims, t)
               for sent in sents for t in sent)


def _at_last_verbs(sent: Any) -> list[Any]:
    """The verbs "at last" / "at long last" / "finally" modify (with their conjuncts)."""
    out: list[Any] = []
    for m in _AT_LAST_RE.finditer(sent.text):
        tok = next((t for t in sent if t.idx - sent.start_char == m.start()), None)
        while tok is not None and tok.pos_ not in ("VERB", "AUX") and tok.head.i != tok.i:
            tok = tok.head
        if tok is not None and tok.pos_ in ("VERB", "AUX"):
            out += [tok, *tok.conjuncts]
    return out


def _as_promised(verb: Any) -> bool:
    """"as he had promised", "just as she had sworn she would": a clause of the verb."""
    return any(c.dep_ == "advcl" and c.lemma_ in PURPOSE_VERBS and _past_perfect(c)
               and any(m.lower_ in ("as", "like") for m in c.children if m.dep_ in ("mark", "advmod"))
               for c in verb.children)


_COMMON = {"would", "could", "should", "there", "their", "which", "about", "after", "before",
           "again", "still", "almost", "never", "always", "every", "going", "being", "other",
           "where", "while", "first", "little", "great", "thing", "things", "through", "think",
           "thought", "though", "right", "something", "nothing", "himself", "herself"}


def _in_context(claims: DraftClaims, world: WorldState, thing: str, sentence: Span) -> bool:
    """A one-word thing ("letter") is planted only where an earlier sentence mentions it with
    another key word of the payoff sentence (not a character's name or a common word)."""
    names = {w.lower() for m in re.finditer(r"\b[A-Z][a-z]+\b", sentence.text)
             for w in [m.group()] if claims.person(w) is not None}
    context = {w for w in content_words(sentence.text) - content_words(thing)
               if len(w) >= 5 and w not in _COMMON and w not in names
               and w not in _GENERIC and w not in _STOP_VERBS}
    if not context or claims.history is None:
        return True
    if any(content_words(f"{setup.key} {setup.detail}") & context
           for setup in world.open_setups + world.paid_setups
           if thing.rstrip("s") in content_words(f"{setup.key} {setup.detail}")):
        return True
    pattern = rf"\b{re.escape(thing.rstrip('s'))}s?\b"
    return any(content_words(s.quote) & context for s in claims.history.sentences_with(pattern))


def _object_of(sentence: str) -> str | None:
    """The first specific thing the sentence acts on ("sea chest", "seal letter")."""
    for m in _NP.finditer(sentence):
        words = [w for w in re.split(r"\s+|'s\s*", m.group("np")) if w]
        cut = next((i for i, w in enumerate(words) if w in _FUNCTION), len(words))
        if cut < len(words):
            words = words[:cut]
        elif m.group("of"):
            words.append(m.group("of"))
        keep = [w for w in words if w not in _GENERIC and w not in _STOP_VERBS]
        if keep:
            return " ".join(keep)
    return None


def _planted(claims: DraftClaims, world: WorldState, thing: str) -> bool:
    """Some earlier sentence, or a setup in the world, mentions every key word of the thing
    (crude plural stems)."""
    words = thing.split()
    wanted = {w.rstrip("s") for w in words}
    if any(wanted <= content_words(f"{setup.key} {setup.detail}")
           for setup in world.open_setups + world.paid_setups):
        return True
    if claims.history is None:
        return True
    patterns = [rf"\b{re.escape(w.rstrip('s'))}s?\b" for w in words]
    candidates = claims.history.sentences_with(patterns[0])
    return any(all(re.search(p, s.quote, re.IGNORECASE) for p in patterns[1:]) for s in candidates)


# Verbs of an earlier spoken or written act a payoff can refer back to: "the chart Ivo had
# promised her", "just where he had said it would be", "whose name Jonah had shouted".
# Each with the forms an earlier sentence may write it in.
_ACT_FORMS = {"say": "said|says|say", "tell": "told|tell|tells", "promise": "promise[sd]?",
              "swear": "swore|sworn|swear", "vow": "vow(?:ed|s)?", "pledge": "pledge[sd]?",
              "shout": "shout(?:ed|s)?", "whisper": "whisper(?:ed|s)?", "call": "call(?:ed|s)?",
              "mention": "mention(?:ed|s)?", "warn": "warn(?:ed|s)?", "order": "order(?:ed|s)?",
              "instruct": "instruct(?:ed|s)?", "predict": "predict(?:ed|s)?",
              "describe": "describe[sd]?", "name": "name[sd]?", "give": "gave|given|give"}
SPEECH_ACTS = frozenset(_ACT_FORMS)
# Antecedents too vague to look up ("the thing he had promised", "the way she had said").
_VAGUE = {"one", "ones", "thing", "things", "way", "time", "day", "moment", "place", "word",
          "words", "something", "everything", "anything", "nothing", "what", "all", "much", "lot"}
_ADJECTIVES = {"old", "new", "little", "great", "big", "small", "long", "short", "very", "own",
               "same", "other", "whole", "first", "last", "next", "only", "few", "many", "such"}
def _back_references(claims: DraftClaims, world: WorldState) -> list[tuple[Span, str, str, str]]:
    """Narration that delivers something by referring back to an earlier spoken act of a known
    character: a past-perfect verb of saying or promising, in a clause on the thing delivered
    ("the chart of the southern islands that Ivo had promised her in the lighthouse", "the
    letter, just where Mara had said it would be", "Silas Webb, whose name Jonah had shouted").
    The record must hold that thing: an earlier sentence with all its key words, a setup, or
    (for a person) an established name. Unrecorded, it FAILs only when the act is pinned to
    an occasion the earlier chapters show ("promised her at the harvest fair", a fair on
    record: `_shown_occasion`); otherwise it is a WARN, for a novel refers back to acts
    told off the page all the time ("Startop had lent money in my presence", "Mr.
    Crackenthorp … had ordered" the wedding feast). Items: the sentence, the thing, who did
    what, the severity."""
    from continuum.pipeline.critic import parsed

    out: list[tuple[Span, str, str, str]] = []
    done: set[int] = set()
    for verb in parsed.tokens(claims):
        if verb.lemma_ not in SPEECH_ACTS or verb.pos_ != "VERB" or not _past_perfect(verb) \
                or parsed.quoted(claims, verb) or any(c.dep_ == "neg" for c in verb.children):
            continue
        if any(c.dep_ == "aux" and c.lower_ in parsed.MODALS for c in verb.children):
            continue  # "which she would have described": never said at all
        sent = verb.sent
        if sent.start_char in done:
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is None or subject.lower_ in ("who", "that", "which"):
            continue
        speaker = parsed.who(claims, subject)
        if speaker is None:
            continue
        if verb.lemma_ == "give" and not any(c.lower_ in ("name", "word") for c in verb.children):
            continue  # "the key he had given to the council": a hand-over, not a spoken act
        thing = _delivered(verb)
        if thing is None:
            continue
        words, proper = thing
        label = " ".join(words)
        if _recorded(claims, world, words, proper) or \
                _set_up_in_draft(claims, words, verb.lemma_, sent.start_char):
            continue
        severity = "FAIL" if _shown_occasion(claims, verb) else "WARN"
        act = f"{claims.name_of(speaker)} had {verb.lower_}"
        done.add(sent.start_char)
        out.append((Span(sent.start_char, sent.end_char, sent.text), label, act, severity))
    return out


def _delivered(verb: Any) -> tuple[list[str], bool] | None:
    """What the referring-back clause is about: the noun it modifies ("the chart ... that Ivo
    had promised", a proper name for "whose name ..."), or, for "just where / as he had said",
    the subject of the clause it hangs on. Returns its key words and whether it is a name."""
    from continuum.pipeline.critic import parsed

    if verb.dep_ == "relcl":
        noun = verb.head
    elif _zero_relative(verb) is not None:
        noun = _zero_relative(verb)  # "the barrel Aldous had promised ..." parsed as a clause
    elif verb.dep_ == "advcl" and any(c.lower_ in ("where", "as", "like")
                                      for c in verb.children if c.dep_ in ("advmod", "mark")):
        noun = next((c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass", "dobj")
                     and c.pos_ in ("NOUN", "PROPN")), None)
    else:
        return None
    if noun is None:
        return None
    if noun.pos_ == "PROPN":
        return [parsed.name_of(noun)], True
    if noun.pos_ != "NOUN" or noun.lower_ in _VAGUE:
        return None
    if noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.pos_ == "NOUN" \
            and noun.head.head.lower_ not in _VAGUE:
        noun = noun.head.head  # "the chart of the southern islands that ...": the chart
    words = _modifiers(noun) + [noun.lower_]
    of = next((g for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
               for g in c.children if g.dep_ == "pobj" and g.pos_ == "NOUN"), None)
    if of is not None:
        words += _modifiers(of) + [of.lower_]
    return words, False


def _zero_relative(verb: Any) -> Any | None:
    """The noun right before a referring-back clause with no relative word ("it was the barrel
    Aldous had promised the street"), when the parser made the clause a complement instead."""
    if verb.dep_ not in ("ccomp", "conj", "acl"):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.left_edge.i == 0 or subject.i > verb.i:
        return None
    before = verb.doc[subject.left_edge.i - 1]
    if before.pos_ == "NOUN" and before.dep_ in ("attr", "dobj", "nsubj", "pobj") and \
            before.lower_ not in _VAGUE and before.head.i != verb.i:
        return before
    return None


def _modifiers(noun: Any) -> list[str]:
    """A noun's specific modifiers: compounds, adjectives, numbers, possessor nouns."""
    out: list[str] = []
    for t in noun.lefts:
        if t.dep_ in ("nummod", "compound", "amod", "nmod", "poss") and t.is_alpha \
                and t.pos_ in ("NOUN", "ADJ", "NUM", "PROPN") and t.lower_ not in _ADJECTIVES:
            out += [c.lower_ for c in t.lefts if c.pos_ == "NUM" and c.is_alpha] + [t.lower_]
    return out


def _recorded(claims: DraftClaims, world: WorldState, words: list[str], proper: bool) -> bool:
    """The record holds the thing: an established person (or an earlier sentence naming
    them), a setup with all its key words, or an earlier sentence with all of them."""
    if claims.history is None:
        return True
    if proper:
        name = words[0]
        if claims.person(name) is not None or claims.bind(name) is not None:
            return True
        return claims.history.mentions(rf"\b{re.escape(name.split()[-1])}\b")
    wanted = {w.rstrip("s") for w in words}
    if any(wanted <= content_words(f"{setup.key} {setup.detail}")
           for setup in world.open_setups + world.paid_setups):
        return True
    patterns = sorted((rf"\b{re.escape(w.rstrip('s'))}s?\b" for w in words), key=len, reverse=True)
    return any(all(re.search(p, s.quote, re.IGNORECASE) for p in patterns[1:])
               for s in claims.history.sentences_with(patterns[0]))



def _set_up_in_draft(claims: DraftClaims, words: list[str], lemma: str, before: int) -> bool:
    """The draft itself tells of the act earlier: a sentence before with the thing's key
    words and the same verb, or the thing inside quoted speech."""
    verb = re.compile(rf"\b(?:{_ACT_FORMS.get(lemma, lemma)})\b", re.IGNORECASE)
    patterns = [re.compile(rf"\b{re.escape(w.rstrip('s'))}s?\b", re.IGNORECASE) for w in words]
    for sentence in sentences(claims.text, 0, before):
        if all(p.search(sentence.text) for p in patterns) and (
                verb.search(sentence.text)
                or any(sp.start - 1 <= sentence.start < sp.end for sp in claims.speeches)):
            return True
    return False


# -- acts referred back to (the extractor's back_references), looked up in the record ------------

_VOW_WORDS = r"\b(?:promis|swor|swear|vow|pledg|oath|agree|arrang|bargain|deal|pact|his\s+word|her\s+word)\w*"
# The words an earlier sentence would use for an act of each kind.
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
# Words of an act's content too common to look it up by.
_ACT_COMMON = {"would", "could", "should", "there", "their", "which", "about", "after", "before",
               "again", "still", "never", "always", "every", "other", "where", "while", "thing",
               "things", "until", "down", "made", "make", "come", "came", "went", "take", "took",
               "have", "that", "this", "with", "from", "them", "they", "were", "been", "when",
               "exactly", "just", "precisely", "agreed", "arranged", "promised", "warned", "settled",
               "fixed", "sworn", "vowed", "borrowed", "lent", "owed", "said", "told", "like", "great",
               "little", "small", "last", "first", "whole", "same", "very", "long", "good"}


def _acts_referred_back(claims: DraftClaims, world: WorldState,
                        flagged: list[tuple[int, int]]) -> list[Finding]:
    """Vows, arrangements, warnings and debts the extractor read as referred back to, which the
    record does not hold (one finding a sentence)."""
    findings: list[Finding] = []
    done: set[int] = set()
    for item in claims.extraction.back_references:
        start, end = item.evidence.start, item.evidence.end
        if start in done:
            continue
        shown = _shown(claims, item)
        if item.needs_shown_occasion and not shown:
            continue
        if item.spoken and not shown:
            continue  # speech about what was said off the page is the speaker's business
        if any(spans_overlap(s, e, start, end) for s, e in flagged):
            continue
        if _act_recorded(claims, world, item, start):
            continue
        if item.occasion is None and item.form == "clause":
            continue  # "Tomas had promised to be home by six": said any time, off the page
        on_page = shown and not item.spoken
        where = f" ({item.occasion})" if item.occasion else ""
        done.add(start)
        findings.append(Finding(
            check=NAME, severity="FAIL" if on_page else "WARN",
            message=f"this refers back to {item.label}{where}, but no earlier chapter records it"
                    + (" (said in speech: the speaker may misremember)" if item.spoken else
                       "" if on_page else " (it may have been made off the page)"),
            draft_start=start, draft_end=end, draft_quote=item.evidence.quote))
    return findings


def _shown(claims: DraftClaims, item: BackReferenceItem) -> bool:
    """The act is pinned to an occasion the earlier chapters show (not a letter)."""
    return item.occasion is not None and not item.occasion_written and bool(item.occasion_words) \
        and _on_page(claims, item.occasion_words)


def _shown_occasion(claims: DraftClaims, verb: Any) -> bool:
    """Whether a spoken act is pinned to an occasion the earlier chapters show ("promised her at
    the harvest fair", a fair the record has): a reader could check the act is not there."""
    def is_person(tok: Any) -> bool:
        return claims.person(tok.text) is not None

    return any(_occasion_on_page(claims, o) for o, _part in occasions(verb, is_person))


def _occasion_on_page(claims: DraftClaims, occasion: Occasion) -> bool:
    return not occasion.written and bool(occasion.words) and _on_page(claims, occasion.words)


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
            and w not in STOP_WORDS and w not in OCCASION_TIMES} - _ACT_COMMON


def _act_recorded(claims: DraftClaims, world: WorldState, item: BackReferenceItem, before: int) -> bool:
    """An earlier sentence, a setup, or this draft before the sentence, states the act with its
    key words (at least two of them, or its only one; with none, the occasion's: "fixed the day
    with her in his last letter"); or an earlier exchange asked for it and was answered "I will"."""
    head, kind = item.head, item.kind
    key = _key_words(claims, item.content) or {w.rstrip("s") for w in item.occasion_words}
    if not key:
        return True  # nothing to look up
    need = min(2, len(key))
    family = re.compile(rf"\b(?:{COMMITMENT_FAMILIES[head]})\w*|{_VOW_WORDS}" if head in COMMITMENT_FAMILIES
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
