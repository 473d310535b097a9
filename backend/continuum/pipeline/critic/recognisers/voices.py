"""Whose words a stretch of narration is, when it is not the narrator's.

Quoted speech has a speaker (`prose.speeches`). Other words in a draft belong to a character
too, and what they say there is as much theirs as speech is:

- a reported clause: "she told Sal that the keeper was Ivo Marsh", "he swore it was his
  brother" — the clause under a verb of saying, writing or believing is the subject's;
- written words after a colon: "and wrote: To Ivo Marsh, keeper of the light";
- a document laid into the chapter: a letter, note, diary or account introduced as someone's
  ("From Harriet Finch's household book ...:", "a letter from Jonah Crane") or signed at its
  foot ("Yours ever, E. V."), whether set out as its own paragraphs or read aloud inside
  quotation marks (nested quotes: "'Marsh. They tell me ...'").

Each such stretch is a `Voice` with the character it belongs to; the checks treat it as that
character stating or acting on what it says.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from continuum.language.names import ADDRESS_TITLES, PRONOUNS, PROPER_NAME, normalize
from continuum.language.prose import Span, paragraphs, sentences
from continuum.pipeline.critic.claims import DraftClaims

How = Literal["reported", "written", "document"]

# Verbs whose clausal complement is the subject's own statement or belief.
SAYING = {"tell", "say", "whisper", "insist", "explain", "swear", "claim", "announce", "confide",
          "mention", "declare", "admit", "assure", "inform", "report", "repeat", "write", "warn",
          "boast", "gossip", "hint", "promise", "confess", "reveal", "shout", "call", "add",
          "believe", "think", "suppose", "reckon", "guess", "suspect", "fancy", "hold"}
# Verbs of putting words on paper: what follows their colon is the writer's.
WRITING = {"write", "scrawl", "pen", "print", "sign", "address", "inscribe", "enter", "add",
           "scribble", "copy", "label", "mark", "note", "record", "head", "letter"}
_DOCUMENT_NOUNS = (r"letter|note|notes|diary|journal|book|notebook|daybook|day-book|ledger|log|"
                   r"logbook|account|accounts|memorandum|message|card|statement|report|deposition|"
                   r"will|testament|postscript|lines|hand|pages?|entry|entries")
_NAME = PROPER_NAME
# "From Harriet Finch's household book", "Elena's note", "a letter from Jonah Crane", "in Aldous's hand"
_OWNED = re.compile(rf"(?P<a>{_NAME})['’]s\s+(?:[a-z-]+\s+){{0,2}}?(?:{_DOCUMENT_NOUNS})\b"
                    rf"|\b(?:{_DOCUMENT_NOUNS})\s+(?:[a-z]+\s+){{0,2}}?from\s+(?P<b>{_NAME})")
# A signature at the foot: "Yours, with love to the bride, Elena Voss." / "J. C." / "— A. Finch"
_VALEDICTION = re.compile(r"^(?:[—–-]\s*)?(?:(?:Yours|Your|Ever|With|Respectfully|Faithfully|Sincerely|"
                          r"Affectionately|In\s+haste|Believe\s+me)\b[^\n]*?,\s*)?"
                          r"(?P<name>(?:[A-Z]\.\s*){1,3}|" + _NAME + r")\s*\.?\s*['’\"”]*\s*$")
_INITIALS = re.compile(r"^(?:[A-Z]\.\s*){1,3}$")
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|mine|myself)\b")
# Nested quotes: a document read aloud ("'Marsh. They tell me ...'").
_READ_ALOUD = re.compile(r"^\s*['‘]")


@dataclass(frozen=True)
class Voice:
    """A stretch of the draft that is a character's own statement, writing or belief."""

    start: int
    end: int
    who: uuid.UUID
    how: How
    cue: str  # the verb or the document cue that makes it theirs

    def text(self, claims: DraftClaims) -> str:
        return claims.text[self.start:self.end]


def voices(claims: DraftClaims) -> list[Voice]:
    """Every non-narrator voice of the draft outside quoted speech (and documents read aloud
    inside it), in text order."""
    found = reported_clauses(claims) + written_after_colon(claims) + documents(claims)
    return sorted(found, key=lambda v: (v.start, v.end))


def person_at(claims: DraftClaims, tok: Any) -> uuid.UUID | None:
    """The established person a subject token is: the extractor's resolution, the written
    name, else (a bare he or she the extractor left alone) the last person named in the
    narration of the same paragraph whose gender does not rule the pronoun out."""
    from continuum.pipeline.critic import parsed

    found = parsed.who(claims, tok)
    if found is not None or tok.lower_ not in ("he", "she"):
        return found
    from continuum.pipeline.critic.recognisers.canon_subjects import gender

    wanted = "male" if tok.lower_ == "he" else "female"
    para_start = claims.text.rfind("\n\n", 0, tok.idx) + 1
    for start, end, name in sorted(claims.spans, reverse=True):
        if not para_start <= start < tok.idx or normalize(name) in PRONOUNS:
            continue
        if not claims.text[start:end][:1].isupper() or \
                any(s.start <= start < s.end for s in claims.speeches):
            continue
        person = claims.person(name)
        if person is not None and gender(claims, person) in (wanted, "unknown"):
            return person
    return None


def clause_subject(verb: Any) -> Any | None:
    """A verb's subject, or that of the verb it is coordinated with ("dipped his pen, thought a
    moment and wrote", which the parser may hang as a subjectless adverbial clause)."""
    node = verb
    for _ in range(5):
        subject = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None:
            return subject if subject.dep_ == "nsubj" else None
        if node.dep_ not in ("conj", "xcomp", "advcl") or node.head == node:
            return None
        node = node.head
    return None


def _negated(verb: Any) -> bool:
    return any(c.dep_ == "neg" or c.lower_ in ("never", "hardly", "scarcely") for c in verb.children)


def reported_clauses(claims: DraftClaims) -> list[Voice]:
    """"She told Sal ... that the keeper was Ivo Marsh": the complement clause of a narrated
    verb of saying or believing, as its subject's statement. Negated verbs and questions are
    left out."""
    from continuum.pipeline.critic import parsed

    out: list[Voice] = []
    for verb in parsed.tokens(claims):
        if verb.lemma_ not in SAYING or verb.pos_ not in ("VERB", "AUX") or parsed.quoted(claims, verb):
            continue
        clause = next((c for c in verb.children if c.dep_ == "ccomp"), None)
        if clause is None or _negated(verb) or verb.sent.text.rstrip("\"”' ").endswith("?"):
            continue
        words = sorted(clause.subtree, key=lambda t: t.i)
        if any(parsed.quoted(claims, t) for t in words):
            continue  # 'said, "..."': the quote is speech, attributed elsewhere
        subject = clause_subject(verb)
        who = person_at(claims, subject) if subject is not None else None
        if who is None:
            continue
        start, end = words[0].idx, words[-1].idx + len(words[-1])
        out.append(Voice(start, end, who, "reported", verb.lemma_))
    return out


def written_after_colon(claims: DraftClaims) -> list[Voice]:
    """"... and wrote: To Ivo Marsh, keeper of the light": what follows the colon of a narrated
    verb of writing, to the end of its sentence, is the writer's."""
    from continuum.pipeline.critic import parsed

    out: list[Voice] = []
    for verb in parsed.tokens(claims):
        if verb.lemma_ not in WRITING or verb.pos_ != "VERB" or parsed.quoted(claims, verb):
            continue
        nxt = verb.nbor() if verb.i + 1 < len(verb.doc) else None
        if nxt is None or nxt.text != ":":
            continue
        subject = clause_subject(verb)
        who = person_at(claims, subject) if subject is not None else None
        if who is None:
            continue
        start = nxt.idx + 1
        end = next((s.end for s in sentences(claims.text, verb.sent.start_char, len(claims.text))
                    if s.start <= verb.idx < s.end), verb.sent.end_char)
        out.append(Voice(start, end, who, "written", verb.lemma_))
    return out


def documents(claims: DraftClaims) -> list[Voice]:
    """Letters, notes and diaries laid into the chapter, with their writer: paragraphs after a
    narrated cue that names the document's owner and ends in a colon, up to a signature or
    the end of the run of paragraphs; a signature alone names the writer of the run of
    first-person paragraphs above it; a quoted passage that opens with a nested quote is a
    document read aloud, its writer named by its signature."""
    out: list[Voice] = []
    paras = paragraphs(claims.text)
    taken: set[int] = set()
    for i, para in enumerate(paras):
        cue = _OWNED.search(para.text)
        if cue is None or not para.text.rstrip().endswith(":"):
            continue
        owner = _owner(claims, cue.group("a") or cue.group("b"), para.start + cue.start())
        if owner is None:
            continue
        end = None
        for j in range(i + 1, len(paras)):
            taken.add(j)
            end = paras[j].end
            if _VALEDICTION.match(paras[j].text.strip()):
                break
        if end is not None:
            out.append(Voice(paras[i + 1].start, end, owner, "document", cue.group()))
    for i, para in enumerate(paras):
        if i in taken:
            continue
        sign = _VALEDICTION.match(para.text.strip())
        if sign is None or len(para.text) > 80 or i == 0:
            continue
        owner = _owner(claims, sign.group("name"), para.start)
        if owner is None:
            continue
        first = i
        while first > 0 and first - 1 not in taken and \
                _FIRST_PERSON.search(_unquoted(claims, paras[first - 1])):
            first -= 1
        if first < i:
            taken.update(range(first, i + 1))
            out.append(Voice(paras[first].start, para.end, owner, "document", sign.group().strip()))
    out += _read_aloud(claims)
    return out


def _unquoted(claims: DraftClaims, para: Span) -> str:
    """A paragraph's narration with its quoted speech blanked out."""
    chars = list(claims.text[para.start:para.end])
    for s in claims.speeches:
        for k in range(max(s.start, para.start), min(s.end, para.end)):
            chars[k - para.start] = " "
    return "".join(chars)


def _read_aloud(claims: DraftClaims) -> list[Voice]:
    """A run of paragraphs that open with a nested quote ("'Marsh. They tell me ...), the last
    closing it and signed at its foot ("... J. C.'"): the signer's words, whoever reads them."""
    out: list[Voice] = []
    run: list[Span] = []
    for para in paragraphs(claims.text):
        if not run and not _READ_ALOUD.match(para.text.lstrip("\"“")):
            continue
        if not para.text.lstrip().startswith(("\"", "“")):
            run = []
            continue
        run.append(para)
        tail = para.text.rstrip().rstrip("\"”").rstrip()
        if not tail.endswith(("'", "’")):
            continue  # the letter goes on
        owner = _signer(claims, tail.rstrip("'’").rstrip(), para.start)
        if owner is not None:
            out.append(Voice(run[0].start, para.end, owner, "document", "signature"))
        run = []
    return out


_SIGNED = re.compile(rf"(?:(?:(?<=[.!?])\s+|^|[—–-]\s*)(?P<initials>(?:[A-Z]\.\s*){{1,3}})"
                     rf"|(?:\n\s*|(?:Yours|yours|Ever|ever|faithfully|sincerely|truly|love)[^.\n]*?,\s*)"
                     rf"(?P<name>{_NAME}))\.?$")


def _signer(claims: DraftClaims, tail: str, at: int) -> uuid.UUID | None:
    """The writer a letter's last words name: initials after its last sentence, or a name on
    a line of its own or after a valediction's comma ("Yours ever, Elena Voss")."""
    m = _SIGNED.search(tail)
    return _owner(claims, m.group("initials") or m.group("name"), at) if m else None


def _owner(claims: DraftClaims, surface: str, at: int) -> uuid.UUID | None:
    """The one established character a document cue or signature names (initials included)."""
    surface = surface.strip().rstrip(".")
    if _INITIALS.match(surface + "."):
        letters = [c for c in surface if c.isupper()]
        hits = {eid for eid, entry in claims.roster.entries.items() if entry.type in ("character", None)
                and any(_initials(n) == letters for n in (entry.name, *entry.aliases))}
        return hits.pop() if len(hits) == 1 else None
    words = surface.split()
    while len(words) > 1 and words[0] in _LEADING:  # "From Harriet Finch's household book"
        words = words[1:]
    return claims.person(" ".join(words), at)


# Capitalised words that open a sentence before a name, not part of it.
_LEADING = {"From", "In", "Inside", "Then", "And", "But", "At", "On", "To", "Of", "With", "By", "For",
            "Under", "Across", "There", "Here", "So"}
_TITLE_WORDS = ADDRESS_TITLES | {"sergeant", "master", "mistress"}


def _initials(name: str) -> list[str]:
    """"Jonah Crane" -> J, C (titles dropped)."""
    return [w[0] for w in name.split() if w[:1].isupper() and w.rstrip(".").lower() not in _TITLE_WORDS]
