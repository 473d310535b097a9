"""commitments: narration that refers back to an earlier vow, promise, oath, bargain or debt
the record never shows.

Two forms, with or without the word "promise": the vow told as a past-perfect main clause
("Elena had sworn on the harbour wall that she would not cut her hair until ...", "Aldous had
promised the whole street a barrel on the day ...", "as they had agreed at the fair, ...") and
a commitment noun with a clause that places it in the past ("the bargain they had struck at
the fair", "the oath he had taken in the chapel", "the debt he owed Tomas since the wreck").
The record holds it when an earlier sentence (or a setup, or this draft before it) has a word
of promising and the vow's own key words. Unrecorded, a vow pinned to an occasion whose place
or event the earlier chapters show (so a reader can check that it is not there) FAILs; pinned to
an occasion the record does not know, it WARNs; unpinned, a main-clause vow passes ("Tomas had
promised to be home by six, and he was") and a commitment noun WARNs."""

from __future__ import annotations

import re
from typing import Any

from continuum.pipeline.critic.checks.knowledge import content_words
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding
from continuum.pipeline.critic.prose import sentences
from continuum.reads.world_state import WorldState

NAME = "commitments"
VOW_VERBS = {"swear", "vow", "promise", "pledge", "agree", "arrange", "bargain", "undertake",
             "covenant", "contract"}
# Commitment nouns and the words an earlier sentence would use for the same commitment.
FAMILIES = {
    "promise": "promis", "vow": "vow|swor|swear", "oath": "oath|swor|swear", "pledge": "pledg",
    "bargain": "bargain|deal|agree", "pact": "pact|agree|swor|swear", "deal": "deal|bargain|agree",
    "agreement": "agree|bargain|deal", "arrangement": "arrang|agree", "wager": "wager|bet",
    "bet": "bet|wager", "debt": "debt|owe|owing|lent|loan|borrow", "covenant": "covenant|swor|swear",
}
_VOW_WORDS = r"\b(?:promis|swor|swear|vow|pledg|oath|agree|arrang|bargain|deal|pact|his\s+word|her\s+word)\w*"
_OCCASION = re.compile(r"\b(?:on|in|at|during|before|after|by|beside|outside|inside)\s+(?:the|that|a|an|his|"
                       r"her|their|our|my)\s+(?:[a-z]+\s+){0,2}?(?P<noun>[a-z]{3,})(?:\s+of\s+(?:the\s+)?[a-z]{3,})?|\bwhen\b|\b(?:that|one|the\s+same)"
                       r"\s+(?P<time>morning|night|day|evening|afternoon|spring|summer|autumn|winter)\b",
                       re.IGNORECASE)
_WOULD = {"would", "should", "must", "will", "shall", "'d"}
_VAGUE_OCCASIONS = {"way", "end", "time", "moment", "world", "least", "most", "first", "last", "rest",
                    "same", "whole"}


def check(claims: DraftClaims, world: WorldState, flagged: list[tuple[int, int]]) -> list[Finding]:
    """Vows and commitment nouns that refer back to an unrecorded promise."""
    from continuum.pipeline.critic import parsed

    findings: list[Finding] = []
    done: set[int] = set()
    for tok in parsed.doc_of(claims):
        if parsed.quoted(claims, tok) or tok.sent.start_char in done:
            continue
        found = _main_vow(claims, tok) if tok.pos_ == "VERB" else \
            _commitment_noun(claims, tok) if tok.pos_ == "NOUN" else None
        if found is None:
            continue
        verb, content, label = found
        sent = tok.sent
        if any(s < sent.end_char and e > sent.start_char for s, e in flagged):
            continue
        if _recorded(claims, world, tok.lower_, content, sent.start_char):
            continue
        occasion = _occasion(verb, content) if tok.pos_ == "VERB" else _after(claims, verb)
        if occasion is None and tok.pos_ == "VERB":
            continue  # "Tomas had promised to be home by six": said any time, off the page
        on_page = occasion is not None and _on_page(claims, occasion)
        severity = "FAIL" if on_page else "WARN"
        where = f" ({occasion})" if occasion else ""
        done.add(sent.start_char)
        findings.append(Finding(
            check=NAME, severity=severity,  # type: ignore[arg-type]
            message=f"this refers back to {label}{where}, but no earlier chapter records it"
                    + ("" if on_page else " (it may have been made off the page)"),
            draft_start=sent.start_char, draft_end=sent.end_char, draft_quote=sent.text))
    return findings


def _past_perfect(verb: Any) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "have" for c in verb.children)


def _main_vow(claims: DraftClaims, verb: Any) -> tuple[Any, str, str] | None:
    """"X had sworn [occasion] that ...", "X had promised Y a barrel [occasion]", "as they had
    agreed [occasion], ...": the verb, the vow's content and a label."""
    from continuum.pipeline.critic import parsed

    if verb.lemma_ not in VOW_VERBS or not _past_perfect(verb) or \
            any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in parsed.MODALS) for c in verb.children):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if verb.dep_ in ("ROOT", "conj", "ccomp"):
        if subject is None or subject.lower_ in ("who", "that", "which"):
            return None
        content = [c for c in verb.children if c.dep_ in ("ccomp", "xcomp") or (
            c.dep_ == "dobj" and c.pos_ != "PROPN") or (
            c.dep_ == "advcl" and any(m.lower_ == "that" for m in c.children if m.dep_ == "mark"))]
        if not any(c.pos_ in ("VERB", "AUX") for c in content):
            # "had sworn on the ferry steps that she would ...": the parser hung the vow on "steps"
            clause = next((t for t in verb.subtree if t.i > verb.i and t.pos_ in ("VERB", "AUX") and any(
                (m.dep_ == "mark" and m.lower_ == "that") or (m.dep_ == "aux" and m.lower_ in _WOULD)
                for m in t.children)), None)
            content += [clause] if clause is not None else []
    elif verb.dep_ == "advcl" and any(c.lower_ in ("as", "like") for c in verb.children
                                      if c.dep_ in ("mark", "advmod")):
        content = [verb.head]  # "as they had agreed at the fair, Mara brought the chart"
    else:
        return None
    if not content:
        return None
    words = " ".join(t.text for c in content for t in (c.subtree if c is not verb.head else
                                                           [x for x in c.sent if x.i not in
                                                            {y.i for y in verb.subtree}]))
    who = parsed.who(claims, subject) if subject is not None else None
    person = claims.name_of(who) if who is not None else (subject.text if subject is not None else "they")
    return verb, words, f"what {person} had {verb.lower_} ({_short(words)!r})"


def _commitment_noun(claims: DraftClaims, noun: Any) -> tuple[Any, str, str] | None:
    """"the bargain they had struck at the fair", "the debt he owed Tomas"."""
    if noun.lemma_ not in FAMILIES:
        return None
    rel = next((c for c in noun.children if c.dep_ in ("relcl", "acl") and c.pos_ == "VERB"
                and (_past_perfect(c) or c.lemma_ == "owe")
                and not any(x.dep_ == "neg" for x in c.children)), None)
    if rel is None:
        return None
    words = " ".join(t.text for t in rel.subtree)
    return rel, words, f"the {noun.lower_} {_short(words)!r}"


def _short(words: str) -> str:
    cut = words.split()
    return " ".join(cut[:14]) + (" ..." if len(cut) > 14 else "")


def _occasion(verb: Any, content: str) -> str | None:
    """The occasion the act is pinned to in the verb's own clause, outside the vow's content:
    "on the harbour wall", "at the fair", "that night", "when he came home"."""
    parts = [c for c in verb.children if c.dep_ in ("prep", "npadvmod", "advcl", "advmod")
             and " ".join(t.text for t in c.subtree) not in content]
    for part in parts:
        text = " ".join(t.text for t in part.subtree)
        m = _OCCASION.search(text)
        if m and (m.group("noun") or "").lower() not in _VAGUE_OCCASIONS:
            return m.group()
    return None


def _after(claims: DraftClaims, verb: Any) -> str | None:
    """The occasion in the words right after a commitment noun's clause, up to its first comma
    ("the oath she had taken on the ferry steps, ...")."""
    rest = re.split(r"[,;:.!?]", claims.text[verb.idx + len(verb.text):verb.sent.end_char])[0]
    m = _OCCASION.search(rest)
    return m.group() if m and (m.group("noun") or "").lower() not in _VAGUE_OCCASIONS else None


def _on_page(claims: DraftClaims, occasion: str) -> bool:
    """The occasion's place or event is in the earlier chapters ("the harbour wall")."""
    if claims.history is None:
        return False
    nouns = [w for w in content_words(occasion) if len(w) > 3 and w not in _VAGUE_OCCASIONS
             and w not in ("morning", "night", "evening", "afternoon", "when", "came", "went")]
    if not nouns:
        return False
    patterns = [rf"\b{re.escape(w)}s?\b" for w in nouns]
    return any(all(re.search(p, s.quote, re.IGNORECASE) for p in patterns[1:])
               for s in claims.history.sentences_with(patterns[0]))


def _recorded(claims: DraftClaims, world: WorldState, head: str, content: str, before: int) -> bool:
    """An earlier sentence, a setup, or this draft before the sentence, states a promise with
    the vow's key words (at least two of them, or its only one)."""
    names = {w.lower() for m in re.finditer(r"\b[A-Z][a-z]+\b", content)
             for w in [m.group()] if claims.person(w) is not None}
    key = {w for w in content_words(content) if w not in names and len(w) > 3} - _COMMON
    need = min(2, len(key))
    family = re.compile(rf"\b(?:{FAMILIES.get(head, '')})\w*|{_VOW_WORDS}" if head in FAMILIES
                        else _VOW_WORDS, re.IGNORECASE)

    def holds(text: str) -> bool:
        return family.search(text) is not None and len(content_words(text) & key) >= need

    if any(len(content_words(f"{k} {d}") & key) >= max(need, 1)
           for k, d, _ev in world.open_setups + world.paid_setups):
        return True
    if any(holds(s.text) for s in sentences(claims.text, 0, before)):
        return True
    if claims.history is None:
        return True
    return any(holds(s.quote) for s in claims.history.sentences_with(family.pattern))


_COMMON = {"would", "could", "should", "there", "their", "which", "about", "after", "before",
           "again", "still", "never", "always", "every", "other", "where", "while", "thing",
           "things", "until", "down", "made", "make", "come", "came", "went", "take", "took",
           "have", "that", "this", "with", "from", "them", "they", "were", "been", "when"}
