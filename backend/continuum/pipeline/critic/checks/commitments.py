"""commitments: a payoff without a setup (FAIL); setups overdue for a payoff (WARN); an act
referred back to that the record never shows.

Payoffs come from the extractor (its commitments of kind "payoff" and its `payoffs`): a
narrated sentence that acts on something "just as he had sworn he would", "as his father had
always said he one day must", "that had waited all these years", "she had made her swear not to
open", or on "the tin box his father had buried there forty years ago". Its object ("the sea
chest", "the old harpoon") must have been planted: an earlier chapter has to mention it (or a
setup in the world must share its words), or the payoff FAILs (a WARN when the extractor marked
it soft or it is said in dialogue). A thing delivered by referring back to someone's spoken act
("the chart Ivo had promised her") must be on record too.

Acts referred back to (the extractor's `back_references`: "Elena had sworn on the harbour wall
that ...", "exactly as they had agreed on the quay", "the debt he owed Tomas") are looked up in
the record: it holds one when an earlier sentence (or a setup, or this draft before it) has a word
of that kind and the act's own key words, or when an earlier exchange asked for it and was
answered "I will" / "I shall" / "Yes" / "I promise" (the request's key words within a few
sentences before the answer). The earlier chapters' acts told and exchanges are the records
their reading stored (`claims.earlier`: `ToldAct`, `Exchange`); things and places are looked up
by their words in the earlier chapters' sentences (`PriorText.sentences_with_words`).
Unrecorded, an act pinned to an occasion whose place or event the earlier chapters show (so
a reader can check that it is not there) FAILs; pinned to an occasion the record does not
know, or to a letter or message (whose text the page need not give), it WARNs; unpinned, a
clause of its own passes ("Tomas had promised to be home by six, and he was") while an
"as"-clause or a noun, which takes the act for granted, WARNs.
"""

from __future__ import annotations

from spacy.lang.en.stop_words import STOP_WORDS

from continuum.language.content import content_words, letter_words
from continuum.language.promises import (
    OCCASION_TIMES,
    PAYOFF_GENERIC,
    PAYOFF_MARKER_WORDS,
    act_key,
    told,
)
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, spans_overlap
from continuum.pipeline.extract.schema import BackReferenceItem, PayoffItem
from continuum.reads.world_state import WorldState

NAME = "commitments"
OVERDUE_CHAPTERS = 10


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
    for payoff, act, severity in _delivered_unrecorded(claims, world):
        start, end = payoff.evidence.start, payoff.evidence.end
        if any(spans_overlap(s, e, start, end) for s, e in flagged):
            continue
        findings.append(Finding(
            check=NAME, severity=severity,  # type: ignore[arg-type]
            message=f"this refers back to what {act} ({payoff.thing!r}), but no earlier chapter "
                    f"records it",
            draft_start=start, draft_end=end, draft_quote=payoff.evidence.quote,
        ))
        flagged.append((start, end))
    # a vow pinned to an occasion on the page is the surest reading of its sentence; a WARN
    # (an act that may have been made off the page) gives way to a payoff marker below
    held: list[Finding] = []
    for finding in _acts_referred_back(claims, world, flagged):
        if finding.severity != "FAIL":
            held.append(finding)
            continue
        findings.append(finding)
        flagged.append((finding.draft_start or 0, finding.draft_end or 0))
    # the payoff wording first; a thing read by structure only where no wording was found
    payoffs = claims.extraction.payoffs
    worded = [p for p in payoffs if p.form == "wording"]
    paid = worded + [p for p in payoffs if p.form == "structure" and not any(
        spans_overlap(p.evidence.start, p.evidence.end, w.evidence.start, w.evidence.end)
        for w in worded)]
    for payoff in paid:
        start, end, thing, spoken = payoff.evidence.start, payoff.evidence.end, payoff.thing, payoff.spoken
        if any(spans_overlap(s, e, start, end) for s, e in flagged):
            continue
        mentioned = _planted(claims, world, thing)
        if mentioned and (len(thing.split()) > 1 or _in_context(claims, world, payoff)):
            continue
        weak = mentioned or spoken or payoff.soft
        findings.append(Finding(
            check=NAME, severity="WARN" if weak else "FAIL",
            message=(f"this pays off {thing!r} as a long-standing promise or wait, but no "
                     f"earlier chapter sets it up" if not mentioned else
                     f"this pays off {thing!r} as a long-standing promise or wait; earlier "
                     f"chapters mention a {thing} but never with anything else this sentence "
                     f"says of it") + (" (said in dialogue)" if spoken else ""),
            draft_start=start, draft_end=end, draft_quote=payoff.evidence.quote,
        ))
        flagged.append((start, end))
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


_COMMON = {"would", "could", "should", "there", "their", "which", "about", "after", "before",
           "again", "still", "almost", "never", "always", "every", "going", "being", "other",
           "where", "while", "first", "little", "great", "thing", "things", "through", "think",
           "thought", "though", "right", "something", "nothing", "himself", "herself"}


def _in_context(claims: DraftClaims, world: WorldState, payoff: PayoffItem) -> bool:
    """A one-word thing ("letter") is planted only where an earlier sentence mentions it with
    another key word of the payoff sentence (not a character's name or a common word)."""
    thing, sentence = payoff.thing, payoff.evidence.quote
    names = {w.lower() for w in payoff.capitalised if claims.person(w) is not None}
    context = {w for w in content_words(sentence) - content_words(thing)
               if len(w) >= 5 and w not in _COMMON and w not in names
               and w not in PAYOFF_GENERIC and w not in PAYOFF_MARKER_WORDS}
    if not context or claims.history is None:
        return True
    if any(content_words(f"{setup.key} {setup.detail}") & context
           for setup in world.open_setups + world.paid_setups
           if thing.rstrip("s") in content_words(f"{setup.key} {setup.detail}")):
        return True
    return any(content_words(s.quote) & context
               for s in claims.history.sentences_with_words([thing.rstrip("s")]))


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
    return bool(claims.history.sentences_with_words([w.rstrip("s") for w in words]))


def _recorded(claims: DraftClaims, world: WorldState, words: list[str], proper: bool) -> bool:
    """The record holds the thing: an established person (or an earlier sentence naming
    them), a setup with all its key words, or an earlier sentence with all of them."""
    if claims.history is None:
        return True
    if proper:
        name = words[0]
        if claims.person(name) is not None or claims.bind(name) is not None:
            return True
        return bool(claims.history.sentences_with_words([name.split()[-1]], plural=False))
    wanted = {w.rstrip("s") for w in words}
    if any(wanted <= content_words(f"{setup.key} {setup.detail}")
           for setup in world.open_setups + world.paid_setups):
        return True
    return bool(claims.history.sentences_with_words([w.rstrip("s") for w in words]))


def _delivered_unrecorded(claims: DraftClaims, world: WorldState) -> list[tuple[PayoffItem, str, str]]:
    """The extractor's things delivered by referring back to an earlier spoken act of a known
    character ("the chart of the southern islands that Ivo had promised her in the lighthouse",
    "the letter, just where Mara had said it would be", "Silas Webb, whose name Jonah had
    shouted"), which the record does not hold: an earlier sentence with all its key words, a
    setup, or (for a person) an established name. Unrecorded, it FAILs only when the act is
    pinned to an occasion the earlier chapters show ("promised her at the harvest fair", a fair
    on record) and the speaker is named, not a pronoun; otherwise it is a WARN, for a novel
    refers back to acts told off the page all
    the time ("Startop had lent money in my presence", "Mr. Crackenthorp … had ordered" the
    wedding feast). Items: the payoff, who did what, the severity (one a sentence)."""
    out: list[tuple[PayoffItem, str, str]] = []
    done: set[int] = set()
    for item in claims.extraction.payoffs:
        if item.form != "delivered" or item.evidence.start in done:
            continue
        speaker = claims.person_at(item.speaker_start, item.speaker if item.speaker_named else None)
        if speaker is None:
            continue
        words = [item.thing] if item.person else item.thing.split()
        if item.told_before or _recorded(claims, world, words, item.person):
            continue  # the draft tells of the act before it, or the record holds the thing
        # A FAIL names its speaker: "the wedding-feast which he had ordered at the Rainbow"
        # (Silas Marner ch 21) rests on whom "he" is, and is a WARN.
        shown = item.speaker_named and any(_on_page(claims, place) for place in item.occasions)
        done.add(item.evidence.start)
        out.append((item, f"{claims.name_of(speaker)} had {item.verb}", "FAIL" if shown else "WARN"))
    return out


# -- acts referred back to (the extractor's back_references), looked up in the record ------------

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
        if _act_recorded(claims, world, item):
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


def _on_page(claims: DraftClaims, words: list[str]) -> bool:
    """The occasion's place or event is in the earlier chapters ("the harbour wall" in one
    sentence; a compound like "the Lantern table" at least in one chapter)."""
    if claims.history is None:
        return False
    nouns = [w for w in words if len(w) > 2]
    if not nouns:
        return False
    if claims.history.sentences_with_words(nouns):
        return True
    # "across the Lantern table": the inn and its table in one earlier chapter, if not one sentence
    return len(nouns) > 1 and claims.history.chapter_with_words(nouns)


def _key_words(claims: DraftClaims, item: BackReferenceItem) -> set[str]:
    """The words of an act's content to look it up by: not a person's name (the draft's, bound
    by the claims, or any established character's), a stop word or a time of day."""
    content = item.content
    names = {w.lower().rstrip("s") for w in item.capitalised if claims.person(w) is not None}
    names |= {w.rstrip("s") for entry in claims.roster.entries.values() if entry.type in ("character", None)
              for full in (entry.name, *entry.aliases) for w in letter_words(full)}
    return {w for w in content_words(content) if w not in names and len(w) > 3
            and w not in STOP_WORDS and w not in OCCASION_TIMES} - _ACT_COMMON


def _act_recorded(claims: DraftClaims, world: WorldState, item: BackReferenceItem) -> bool:
    """An earlier sentence (the earlier chapters' `told_acts`), a setup, or this draft before the
    sentence, states the act with its key words (at least two of them, or its only one; with
    none, the occasion's: "fixed the day with her in his last letter"); or an earlier exchange
    asked for it and was answered "I will" (their `exchanges`)."""
    key = _key_words(claims, item) or {w.rstrip("s") for w in item.occasion_words}
    if not key:
        return True  # nothing to look up
    need = min(2, len(key))
    if any(len(content_words(f"{setup.key} {setup.detail}") & key) >= need
           for setup in world.open_setups + world.paid_setups):
        return True
    if any(len(content_words(text) & key) >= need for text in item.said_before):
        return True  # the draft's own sentences before it that tell an act of its kind
    if claims.history is None:
        return True
    family = act_key(item.head, item.kind)
    if any(told(family, act.families) and len(key.intersection(act.words)) >= need
           for _n, act in claims.earlier.each("told_acts")):
        return True
    return _exchange(claims, key, need)


def _exchange(claims: DraftClaims, key: set[str], need: int) -> bool:
    """An earlier chapter asked for it and had it answered (the extractor's `exchanges`): '"He
    will hang for this," the captain said. "Not your father. Make sure of it." / "I will," said
    Mara.' The key words are in the sentences asked before the answer that write one of them."""
    for _n, exchange in claims.earlier.each("exchanges"):
        said = {w.rstrip("s") for words in exchange.asked if key.intersection(words) for w in words}
        if len(said & key) >= need:
            return True
    return False
