"""possession: an object used by someone other than its holder, or after it was lost or destroyed.

Uses come from the extractor's events and deltas and from the critic's own recogniser ("X
took / used / opened / held ... the silver compass", "sat with the Guild ledger open").
Who holds the object comes from the world at the cap (a FAIL); when the world has no object
entity for it, from the last earlier sentence that hands, takes or loses that same object
("Tomas gave the silver compass to Ivo", "The brass key was lost"), a WARN.

A FAIL is kept only when the reading is sure: a user known only by a pronoun while the holder is
named in the chapter, a bare "the ledger" in a chapter that also has "her own ledger" or "the inn
ledger", and "a long brass key" for the lost brass key are WARNs; "the compass rose" (the head
noun modifying another noun) is not the compass at all. An object the world knows only by
one common word ("the letter", "the key", "his pipe") is checked against nobody: an earlier
chapter's letter is not this one; a bare kind ("the candle" for the bare candle) is checked
against a holding or a loss of the last few chapters only (`RECENT_CHAPTERS`).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, replace
from typing import Any

from rapidfuzz import fuzz, process

from continuum.language.names import PRONOUNS, PROPER_NAME, normalize
from continuum.language.possession import HANDING_VERBS, PLACING_VERBS
from continuum.language.possession import HANDS as KEEPING
from continuum.language.prose import paragraphs, present, sentences
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.materialize.replay import LOSSES
from continuum.reads.critic_state import PriorSentence
from continuum.reads.world_state import Evidence, WorldState

NAME = "possession"
USE_DELTAS = LOSSES  # the delta kinds of a thing gone from its holder: "gave", "lost", "destroyed"
_NAME = PROPER_NAME
_USER = rf"(?P<user>{_NAME}|\b[Hh]e\b|\b[Ss]he\b)"
USE_VERBS = ("took|takes|used|uses|opened|unlocked|held|holds|pulled|drew|set|read|turned|wound|"
             "lifted|laid|carried|showed|wore|sat|stood|checked|consulted|produced|brought|"
             "fingered|polished|examined|closed|locked|waved|raised|clutched|gripped|weighed")
_USE = re.compile(rf"{_USER}\s+(?:\w+ly\s+)?(?P<verb>{USE_VERBS})\b(?P<rest>[^.;:!?\"“”]*)")
# A specific object: "the brass key", "the Guild ledger" (article, modifier, noun).
_OBJECT = re.compile(r"\bthe\s+(?P<np>(?:[A-Z][a-z]+|[a-z]{3,})\s+[a-z]{3,})\b")
_NOT_OBJECT = {"same", "other", "whole", "first", "last", "next", "only", "very", "most", "best",
               "rest", "way", "day", "night", "morning", "evening", "afternoon", "time", "end",
               "one", "two", "three", "old", "new", "little", "great", "long", "few"}
_FROM = re.compile(rf"\bfrom\s+(?P<from>{_NAME}|him\b|her\b)")
_GONE_VERBS = "lost|destroyed|burned|burnt|broken|smashed|stolen|sunk|melted|shattered"
_THROWN_INTO = r"(?:sea|harbour|harbor|river|fire|well|lake|canal|flames|grate|pond)"


# How many chapters back a holding or a loss still tells which object a draft's bare kind
# ("the letter" for the sealed letter) means; the eight novels' false alarms lie 7 to 16
# chapters back, the draft sets' slips 1 to 3.
RECENT_CHAPTERS = 5


@dataclass(frozen=True)
class Use:
    """A draft sentence in which a character uses an object."""

    user: uuid.UUID
    phrase: str
    verb: str
    start: int
    end: int
    quote: str
    source: str | None = None
    by_pronoun: bool = False
    vague: bool = False


@dataclass(frozen=True)
class Holding:
    """Where an object stands at the cap: held by someone, or gone."""

    holder: str | None
    gone: str | None
    evidence: Evidence


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Uses of an object in the draft that contradict who holds it (or that it is gone)."""
    from continuum.pipeline.critic.recognisers import presence

    findings: list[Finding] = []
    seen: set[tuple[uuid.UUID, str]] = set()
    for use in _extracted_uses(claims) + _recognised_uses(claims) + _parsed_uses(claims):
        key = (use.user, normalize(use.phrase))
        if key in seen or _moved_here_first(claims, use):
            continue
        thing = claims.bind(use.phrase, "object")
        if thing is not None and (thing in world.gone_objects or thing in world.holders):
            finding = _against_world(claims, world, use, thing)
        elif claims.history is not None and _specific(use.phrase):
            finding = _against_text(claims, use)
        else:
            finding = None
        if finding is not None and thing is not None and finding.evidence_chapter is not None \
                and _bare_kind(use, claims.name_of(thing)) \
                and world.cap - finding.evidence_chapter >= RECENT_CHAPTERS:
            # "the candle" fifteen chapters after Miss Havisham's bare candle (Great
            # Expectations): a kind named long after is not that very object
            finding = None
        if finding is not None and finding.severity == "FAIL":
            doubt = _doubt(claims, world, use, thing)
            if doubt:
                finding = replace(finding, severity="WARN", message=f"{finding.message} ({doubt})")
        if finding is not None:
            seen.add(key)
            findings.append(finding)
    for finding in _reappearances(claims, world):
        if finding.draft_start is None or finding.draft_end is None or \
                not overlaps_any(findings, finding.draft_start, finding.draft_end):
            findings.append(finding)
    findings += _newcomers(claims, world, findings)
    return findings + presence.check(claims, world, findings)


def _newcomers(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Someone the world has never met ("Kemp ... took out the Guild ledger") handling an
    object another person holds, or one that is gone, with no hand-over in the draft: a
    WARN (the draft may mean a new keeper the chapters have not shown)."""
    from continuum.pipeline.critic import parsed

    findings: list[Finding] = []
    for tok in parsed.tokens(claims):
        if tok.pos_ != "NOUN" or tok.dep_ != "dobj" or parsed.quoted(claims, tok):
            continue
        verb = tok.head
        if verb.pos_ != "VERB" or verb.lemma_ in NOT_HANDLING or not parsed.finite(verb) or \
                parsed.perfect_or_modal(verb) or any(c.dep_ == "neg" for c in verb.children):
            continue
        subject = _subject(verb)
        stranger = _stranger(claims, subject) if subject is not None else None
        phrase = object_phrase(claims, tok) if stranger else None
        thing = claims.bind(phrase, "object") if phrase else None
        if thing is None or not (thing in world.holders or thing in world.gone_objects):
            continue
        det = next((c.lower_ for c in tok.children if c.dep_ == "det"), None)
        if det != "the" or any(c.dep_ == "poss" for c in tok.children) or \
                normalize(phrase or "") != normalize(claims.name_of(thing)):
            continue  # "his new ledger", "a gold watch", "the ledger": maybe another of its kind
        sent = tok.sent
        use = Use(thing, phrase or "", verb.lemma_, sent.start_char, sent.end_char, sent.text)
        if _moved_here_first(claims, use) or overlaps_any(found + findings, sent.start_char, sent.end_char):
            continue
        if thing in world.gone_objects:
            gone = world.gone_objects[thing]
            since = gone.evidence
            state = f"it was {gone.how} in chapter {since.chapter}"
        else:
            held = world.holders[thing]
            since = held.evidence
            state = f"{claims.name_of(held.owner)} holds it since chapter {since.chapter}"
        findings.append(Finding(
            check=NAME, severity="WARN",
            message=f"{stranger}, new in this chapter, {present(verb.lemma_)} {claims.name_of(thing)}, "
                    f"but {state}",
            draft_start=sent.start_char, draft_end=sent.end_char, draft_quote=sent.text,
            evidence_chapter=since.chapter, evidence_quote=since.quote))
    return findings


def _stranger(claims: DraftClaims, subject: Any) -> str | None:
    """The name of a person new to the world whom a subject names (a proper name, or a
    pronoun the extractor resolved to one): None for anyone established or unnamed."""
    from continuum.pipeline.critic import parsed

    if parsed.who(claims, subject) is not None:
        return None
    name = claims.resolved_at(subject.idx)
    if name is None and subject.pos_ == "PROPN":
        name = parsed.name_of(subject)
    if not name or normalize(name) in PRONOUNS or not name[:1].isupper():
        return None
    if any(claims.bind(name, t) is not None for t in ("character", "object", "location", "faction", None)):
        return None
    return name


# A thing present in the scene: it lies, hangs or waits somewhere, or somebody finds or sees it.
PRESENCE = {"lie", "sit", "hang", "rest", "stand", "wait", "gleam", "glint", "glitter", "shine"}
FINDING = {"find", "discover", "spot", "notice", "see", "uncover", "unearth", "retrieve",
           "recover", "fish", "spy"}


def _reappearances(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """A lost or destroyed object back in the story's present: "there, at the back of the
    drawer, lay the brass key", "she found the brass key under the receipts" (narrated, not
    perfect, modal, negated or remembered). FAIL for the object's full name; a bare or
    indefinite mention ("the key", "a long brass key") or a remembered scene is a WARN."""
    from continuum.pipeline.critic import parsed
    from continuum.pipeline.critic.recognisers import presence

    if not world.gone_objects:
        return []
    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    for tok in parsed.tokens(claims):
        if tok.pos_ != "NOUN" or parsed.quoted(claims, tok):
            continue
        verb = tok.head
        # "there lay the brass key", "on the hook hung the brass key": a fronted place, no subject
        inverted = tok.dep_ in ("dobj", "attr") and verb.lemma_ in PRESENCE and verb.dep_ != "conj" \
            and not any(c.dep_ in parsed.SUBJECTS for c in verb.children) \
            and any(c.i < verb.i and (c.dep_ == "prep" or c.lower_ in ("there", "here"))
                    for c in verb.children)
        if not ((tok.dep_ == "nsubj" and verb.lemma_ in PRESENCE) or inverted
                or (tok.dep_ == "dobj" and verb.lemma_ in FINDING)):
            continue
        phrase = object_phrase(claims, tok)
        thing = claims.bind(phrase, "object") if phrase is not None else None
        if phrase is None or thing is None or thing not in world.gone_objects or thing in done:
            continue
        chain = [verb] + [h for h in verb.ancestors if verb.dep_ == "conj"][:1]
        if not parsed.finite(verb) or any(parsed.perfect_or_modal(v) for v in chain) \
                or parsed.reported(verb) or any(c.dep_ == "neg" for c in verb.children):
            continue  # "had locked it and hung the key": the past perfect carries over
        if verb.lemma_ in PRESENCE and any(re.search(rf"\b{p}\b", tok.sent.text.lower())
                                           for p in presence.LOSS_PLACES):
            continue  # "the brass key lay in the harbour mud": where it was lost
        det = next((c.lower_ for c in tok.children if c.dep_ == "det"), "the")
        if det in INDEFINITE and not _described(claims, tok.sent.text, phrase):
            continue  # "she found a key": any key
        sentence = next((s for s in sentences(claims.text, tok.sent.start_char, tok.sent.end_char)
                         if s.start <= tok.idx < s.end), None)
        if sentence is None:
            continue
        name = claims.name_of(thing)
        gone = world.gone_objects[thing]
        doubt = None
        if det in INDEFINITE or len(phrase.split()) < len(name.split()):
            doubt = f"the chapter says only \"{' '.join(t.text for t in tok.lefts if t.dep_ == 'det')} " \
                    f"{phrase}\", not that it is the same one"
        elif parsed.remembered(claims, sentence.start):
            doubt = "the paragraph may be a memory"
        done.add(thing)
        findings.append(Finding(
            check=NAME, severity="WARN" if doubt or not _specific(name) else "FAIL",
            message=f"the {name} is here ({verb.lower_}), but it was {gone.how} in chapter "
                    f"{gone.evidence.chapter}" + (f" ({doubt})" if doubt else ""),
            draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
            evidence_chapter=gone.evidence.chapter, evidence_quote=gone.evidence.quote))
    return findings


def _bare_kind(use: Use, name: str) -> bool:
    """The draft's sentence names only a kind of the object: "the candle" for the "bare
    candle" (its whole name is nowhere in the sentence)."""
    return re.search(rf"\b{re.escape(normalize(name))}\b", normalize(use.quote)) is None


def _doubt(claims: DraftClaims, world: WorldState, use: Use, thing: uuid.UUID | None) -> str | None:
    """Why a holder contradiction may be a misreading (then it is only a WARN): the user is
    only a pronoun while the holder is named in the draft, or one the narration around it
    does not make plain (`_plainly`), or the draft also has another object of that kind
    ("her own ledger", "the inn ledger") and names this one barely."""
    if thing is None:
        return None
    if use.vague:
        return f"the chapter says only \"{use.phrase}\", not that it is the same one"
    apart = _told_apart(claims, use)
    if apart:
        return f"the chapter tells this {use.phrase} apart ({apart}), so it may be another one"
    if thing in world.holders and thing not in world.gone_objects and use.by_pronoun:
        owner = claims.name_of(world.holders[thing].owner)
        if _named_before(claims, owner, use.start):
            return f"the user is only a pronoun and {owner} is named in this chapter"
        if not _plainly(claims, use):
            # "And he calmly held letter and envelope in the flame" (Dracula, chapter 4: the
            # Count, read as Mr. Hawkins, named only in his speech): the resolver's guess
            return "the user is only a pronoun, and the narration just before does not name them alone"
    other = _other_kind(claims, claims.name_of(thing), use)
    if other:
        return f"this chapter also has {other!r}, so the {use.phrase} may be another one"
    return None


def _plainly(claims: DraftClaims, use: Use) -> bool:
    """Whether a pronoun user is plain from the narration: the user is the one person it
    names in the use's sentence and the two before ("Mara sat by the fire and read. The
    Guild ledger lay open on her knees"), outside quotation marks."""
    spans = [s for s in sentences(claims.text) if s.start <= use.start]
    start = spans[-3].start if len(spans) >= 3 else 0
    named = set()
    for m in re.finditer(_NAME, claims.text[start:use.start]):
        at = start + m.start()
        if any(sp.start <= at < sp.end for sp in claims.speeches):
            continue
        who = claims.person(m.group(), at)
        if who is not None:
            named.add(who)
    return named == {use.user}


def _told_apart(claims: DraftClaims, use: Use) -> str | None:
    """A word or a clause on the object's noun in the use's sentence that the world's object
    does not carry: "the little brass key", "the brass key she kept on her chatelaine"."""
    from continuum.pipeline.critic import parsed

    head = use.phrase.split()[-1].lower()
    span = parsed.doc_of(claims).char_span(use.start, use.end, alignment_mode="expand")
    for tok in span or []:
        if tok.lower_ != head or tok.pos_ != "NOUN":
            continue
        extra = [t.text for t in tok.lefts if t.dep_ == "amod" and t.lower_ not in use.phrase.lower().split()]
        if extra:
            return " ".join(extra)
        clause = next((c for c in tok.children if c.dep_ in ("relcl", "acl")), None)
        if clause is not None:
            words = list(clause.subtree)
            return claims.text[words[0].idx:words[-1].idx + len(words[-1])]
    return None


def _named_before(claims: DraftClaims, name: str, start: int) -> bool:
    """The draft names the person (any name the world knows for them) before an offset."""
    target = claims.person(name)
    for m in re.finditer(_NAME, claims.text[:start]):
        if claims.person(m.group()) == target or same_person(m.group(), name):
            return True
    return False


_OWNED = r"(?:his|her|their|my|our|your|[A-Z][\w’-]+['’]s)\s+own"


def _other_kind(claims: DraftClaims, name: str, use: Use) -> str | None:
    """Another object with the same head noun in the draft: "her own ledger", or the head
    with a modifier the established name lacks ("inn ledger" beside "Guild ledger")."""
    words = normalize(name).split()
    head = words[-1] if words else ""
    used = normalize(use.phrase).split()
    if not head or used[-1:] != [head]:
        return None
    if len(used) > 1 and used[:-1] != words[:-1] and len(words) > 1:
        return use.phrase
    own = re.search(rf"\b{_OWNED}\s+(?:[a-z]+\s+)?{re.escape(head)}\b", claims.text, re.IGNORECASE)
    if own:
        return own.group()
    if len(used) > 1 or len(words) < 2:
        return None
    known = set(words[:-1])
    for m in re.finditer(rf"\bthe\s+(?P<mod>[A-Za-z]+)\s+{re.escape(head)}\b", claims.text):
        mod = m.group("mod").lower()
        if mod not in known and mod not in _NOT_OBJECT and not mod.endswith("ly"):
            return m.group()
    return None


def _extracted_uses(claims: DraftClaims) -> list[Use]:
    uses = []
    items: list[tuple[str | None, str | None, Any, str]] = [
        (d.subject, d.object, d.evidence, d.kind) for d in claims.extraction.state_deltas
             if d.kind in USE_DELTAS]
    items += [(e.subject, e.object, e.evidence, e.verb) for e in claims.extraction.events
              if e.type in ("possession", "other", "movement", "conflict", "communication")]
    for subject, obj, evidence, verb in items:
        user = claims.bind(subject, "character")
        if user is None or not obj or claims.bind(obj, "object") is None:
            continue
        if _compound(re.split(r"[.;:!?]", claims.text[evidence.start:evidence.end + 60])[0], obj):
            continue  # "drew the compass rose": another thing
        vague = not _definite(evidence.quote, obj)
        if vague and not _described(claims, evidence.quote, obj):
            continue  # "packed him a basket": another basket than the one in the world
        # a bare head noun ("put the key on his watch chain") may be any key, not the brass key,
        # when the story has other things of that kind ("the drawer key", "the key of the box")
        thing = claims.bind(obj, "object")
        bare = thing is not None and len(normalize(obj).split()) < len(
            normalize(claims.name_of(thing)).split()) and _other_kinds(claims, claims.name_of(thing))
        uses.append(Use(user, obj, verb, evidence.start, evidence.end, evidence.quote,
                        by_pronoun=not _names(claims, evidence.quote, user), vague=vague or bare))
    return uses


def _other_kinds(claims: DraftClaims, name: str) -> bool:
    """The draft or an earlier chapter has another thing with the object's head noun: "the
    drawer key", "its key", "the key of the box" beside "the brass key" (not "the compass",
    when the silver compass is the story's only compass)."""
    words = normalize(name).split()
    if len(words) < 2:
        return False
    head = re.escape(words[-1])
    other = re.compile(rf"\bthe\s+(?P<mod>[a-z]+)\s+{head}\b|\bits\s+{head}\b|"
                       rf"\b{head}\s+(?:of|to)\s+(?:the|it|that|this|his|her|their)\b",
                       re.IGNORECASE)

    def differs(m: re.Match[str]) -> bool:
        mod = (m.group("mod") or "").lower()
        return not mod or (mod not in words and mod not in _NOT_OBJECT and not mod.endswith("ly"))

    texts = [claims.text] + ([s.quote for s in claims.history.sentences_with(rf"\b{head}\b")]
                             if claims.history is not None else [])
    return any(differs(m) for text in texts for m in other.finditer(text))


def _described(claims: DraftClaims, quote: str, obj: str) -> bool:
    """An indefinite mention that still gives the established object's full description
    ("a long brass key" for "the brass key"): maybe the same object."""
    thing = claims.bind(obj, "object")
    if thing is None:
        return False
    words = normalize(claims.name_of(thing)).split()
    if len(words) < 2:
        return False
    head = r"\s+".join(re.escape(w) for w in words)
    return re.search(rf"\b(?:a|an)\s+(?:[a-z]+\s+)?{head}\b", quote, re.IGNORECASE) is not None


def _names(claims: DraftClaims, quote: str, person: uuid.UUID) -> bool:
    """The quote names the person (not only a pronoun for them)."""
    return any(claims.person(m.group()) == person for m in re.finditer(_NAME, quote))


# Words that may follow an object's head noun without making it a modifier of another noun.
_AFTER_HEAD = {"to", "from", "in", "into", "on", "onto", "out", "of", "off", "up", "down", "over",
               "under", "back", "away", "aside", "open", "shut", "again", "and", "or", "but", "with",
               "at", "by", "for", "across", "through", "round", "around", "about", "behind",
               "beside", "between", "inside", "near", "toward", "towards", "upon", "that", "which",
               "he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "the", "a",
               "an", "this", "there", "here", "then", "as", "so", "still", "too", "once", "twice",
               "closer", "carefully", "gently", "slowly", "is", "was", "had", "were", "lay"}


def _compound(quote: str, obj: str) -> bool:
    """The object's head noun modifies the next noun: "the compass rose", "the key ring"."""
    head = normalize(obj).split()[-1:] or [""]
    for m in re.finditer(rf"\b{re.escape(head[0])}\s+(?P<next>[a-z]+)\b", quote, re.IGNORECASE):
        nxt = m.group("next")
        if nxt.islower() and nxt not in _AFTER_HEAD and not nxt.endswith(("ly", "ed")):
            return True
    return False


def _recognised_uses(claims: DraftClaims) -> list[Use]:
    """"X took the silver compass out of her basket", "X sat ... with the Guild ledger open"."""
    uses = []
    narrated = [s for s in sentences(claims.text)
                if not any(sp.start <= s.start < sp.end for sp in claims.speeches)]
    for sentence in narrated:
        for m in _USE.finditer(sentence.text):
            at = sentence.start + m.start("user")
            surface = m.group("user")
            user = claims.person(surface, at)
            while user is None and len(surface.split()) > 1:  # "Then Aldous", "At last Mara"
                cut = surface.split(None, 1)
                at += len(surface) - len(cut[1])
                surface = cut[1]
                user = claims.person(surface, at)
            if user is None:
                continue
            rest = m.group("rest")
            clause = re.split(r",\s*(?:and|but|then|while|when)\b|\band\s+(?=[A-Z])", rest)[0]
            source = _FROM.search(clause)
            for obj in _OBJECT.finditer(clause):
                phrase = obj.group("np")
                if phrase.split()[0].lower() in _NOT_OBJECT or phrase.split()[-1] in _NOT_OBJECT:
                    continue
                if _compound(clause[obj.start("np"):], phrase):
                    continue
                uses.append(Use(user, phrase, m.group("verb"), sentence.start, sentence.end,
                                sentence.text, source.group("from") if source else None,
                                by_pronoun=normalize(surface) in PRONOUNS))
    return uses


# Verbs whose object is not in the subject's hands: perception, speech, thought, wanting.
NOT_HANDLING = {"see", "look", "watch", "notice", "mention", "remember", "recall", "think",
                "imagine", "describe", "want", "miss", "need", "name", "discuss", "forget",
                "find", "seek", "search", "lose", "recognise", "recognize", "hear", "ask",
                "dream", "picture", "fear", "hate", "love", "like", "wonder", "mean"}
# Where an object lying somewhere is in someone's hands: "the ledger lay open on her knees".
BODY = {"hand", "hands", "palm", "palms", "lap", "knee", "knees", "fingers", "pocket", "pockets",
        "arms", "arm", "fist", "grip", "belt", "neck", "coat", "apron", "collarbone", "chest",
        "throat", "breast", "bosom", "wrist", "waist", "shoulder", "hip", "ribs", "skin", "thigh"}


# How close a noun must be to a word of an object's name to be tried against the names: well
# under the resolver's own bar for a whole name, so no misspelling it accepts is skipped.
NEAR_WORD = 75.0


def _parsed_uses(claims: DraftClaims) -> list[Use]:
    """Uses found by structure: an established object's noun phrase as the object of a narrated
    verb whose subject resolves to a person ("Tomas turned the silver compass over", "he held
    a long brass key", "in his good hand he held ..."), or as the subject of a verb of lying
    on that person's hands, lap or knees ("Jonah's ledger lay open on her knees")."""
    from continuum.pipeline.critic import parsed

    uses: list[Use] = []
    words = claims.object_words
    if not words:
        return uses
    near: dict[str, bool] = {}
    for tok in parsed.tokens(claims):
        if tok.pos_ != "NOUN":
            continue
        word = tok.lower_
        if word not in near:  # a misspelt "compas" may still bind the compass
            near[word] = word in words or process.extractOne(
                word, words, scorer=fuzz.ratio, score_cutoff=NEAR_WORD) is not None
        if not near[word] or parsed.quoted(claims, tok):
            continue
        phrase = object_phrase(claims, tok)
        if phrase is None:
            continue
        verb, person = tok.head, None
        if tok.dep_ == "pobj" and tok.head.lower_ == "with":
            verb = tok.head.head
        if tok.dep_ in ("dobj", "pobj") and verb.pos_ == "VERB" and verb.lemma_ not in NOT_HANDLING:
            subject = _subject(verb)
            person = parsed.who(claims, subject) if subject is not None else None
        elif tok.dep_ == "nsubj" and verb.pos_ == "VERB":
            place = next((g for c in verb.children if c.dep_ == "prep" for g in c.children
                          if g.dep_ == "pobj" and g.lower_ in BODY), None)
            owner = next((c for c in place.children if c.dep_ == "poss"), None) if place is not None else None
            subject = owner
            person = parsed.who(claims, owner) if owner is not None else None
        else:
            continue
        if person is None or subject is None or not parsed.finite(verb) or \
                parsed.perfect_or_modal(verb) or any(c.dep_ == "neg" for c in verb.children):
            continue
        sent = tok.sent
        det = next((c.lower_ for c in tok.children if c.dep_ == "det"), "the")
        if det in INDEFINITE and not _described(claims, sent.text, phrase):
            continue  # "with a basket of bread": another basket than the one in the world
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        own = poss is not None and parsed.who(claims, poss) == person  # "her ledger": her own?
        bare = len(phrase.split()) < len(claims.name_of(claims.bind(phrase, "object")).split())  # type: ignore[arg-type]
        action = verb.lemma_ if tok.dep_ != "nsubj" else "hold"
        source = next((g.text for c in verb.subtree if c.dep_ == "prep" and c.lower_ == "from"
                       and c.head.i in (verb.i, tok.i) or c.head.head.i == verb.i and c.lower_ == "from"
                       for g in c.children if g.dep_ == "pobj"), None)  # "took it from her"
        uses.append(Use(person, phrase, action, sent.start_char, sent.end_char, sent.text, source,
                        by_pronoun=subject.pos_ == "PRON", vague=det in INDEFINITE or own or bare))
    return uses


def _subject(verb: Any) -> Any | None:
    """A verb's subject, or its coordinated head's ("took the key and unlocked the door")."""
    node = verb
    for _ in range(4):
        subject = next((c for c in node.children if c.dep_ == "nsubj"), None)
        if subject is not None or node.dep_ != "conj":
            return subject
        node = node.head
    return None


def object_phrase(claims: DraftClaims, noun: Any) -> str | None:
    """The established object a noun phrase names ("the silver compass", "Jonah's ledger" for
    the Guild ledger, a "long brass key"): its compounds and adjectives with the noun, the
    longest form that binds, as the draft writes it."""
    after = noun.nbor() if noun.i + 1 < len(noun.doc) else None
    if after is not None and after.pos_ in ("NOUN", "VERB") and after.lower_ not in _AFTER_HEAD \
            and after.dep_ in ("compound", "ROOT", "conj", "dobj", "appos", "ccomp"):
        return None  # "the compass rose": the noun names another thing
    mods = [t for t in noun.lefts if t.dep_ in ("compound", "amod", "nmod") and t.is_alpha]
    for i in range(len(mods) + 1):
        phrase = " ".join([*(t.text for t in mods[i:]), noun.text])
        thing = claims.bind(phrase, "object")
        if thing is None:
            continue
        name = set(normalize(claims.name_of(thing)).split())
        if any(t.pos_ in ("NOUN", "PROPN") and t.lower_ not in name for t in mods[:i]):
            return None  # "his room key", "the iron key": a key, but not the brass key
        return phrase
    return None


def _definite(quote: str, obj: str) -> bool:
    """The draft refers to that very object: "the brass key" / "his compass", not "a key"."""
    words = [re.escape(w) for w in normalize(obj).split()]
    if not words:
        return False
    head = r"\s+".join(words)
    m = re.search(rf"\b(?P<det>\w+)\s+(?:(?P<mod>[\w-]+)\s+)?{head}\b", quote, re.IGNORECASE)
    if m is None:
        return False
    return not {m.group("det").lower(), (m.group("mod") or "").lower()} & INDEFINITE


INDEFINITE = {"a", "an", "another", "some", "one", "any", "every", "each", "no"}
"""Determiners of a noun that may be any such thing, not an established one."""


def _specific(phrase: str) -> bool:
    words = phrase.split()
    return len(words) >= 2 and words[0].lower() not in _NOT_OBJECT


def _against_world(claims: DraftClaims, world: WorldState, use: Use,
                   thing: uuid.UUID) -> Finding | None:
    name = claims.name_of(thing)
    if not (_specific(name) or name[:1].isupper()):
        # "the letter", "the key", "his pipe": one word of a kind names no one object, and an
        # earlier chapter's letter is not this one (on the eight novels, 37 WARNs, none right)
        return None
    severity = "FAIL"
    if thing in world.gone_objects:
        gone = world.gone_objects[thing]
        return Finding(
            check=NAME, severity=severity,  # type: ignore[arg-type]
            message=f"{claims.name_of(use.user)} {present(use.verb)} {claims.name_of(thing)}, which was "
                    f"{gone.how} in chapter {gone.evidence.chapter}",
            draft_start=use.start, draft_end=use.end, draft_quote=use.quote,
            evidence_chapter=gone.evidence.chapter, evidence_quote=gone.evidence.quote)
    held = world.holders[thing]
    owner, since = held.owner, held.evidence
    if owner == use.user or same_person(claims.name_of(owner), claims.name_of(use.user)):
        return None
    if use.source and (claims.person(use.source) == owner or _holder_nearby(claims, use, owner)):
        return None  # taken from the holder here
    return Finding(
        check=NAME, severity=severity,  # type: ignore[arg-type]
        message=f"{claims.name_of(use.user)} {present(use.verb)} {claims.name_of(thing)}, but "
                f"{claims.name_of(owner)} holds it since chapter {since.chapter}",
        draft_start=use.start, draft_end=use.end, draft_quote=use.quote,
        evidence_chapter=since.chapter, evidence_quote=since.quote)


def _holder_nearby(claims: DraftClaims, use: Use, owner: uuid.UUID) -> bool:
    """"took the compass from him": a pronoun source standing for the holder, the last other
    person of that gender the draft mentions in this paragraph or the one before."""
    from continuum.pipeline.critic.recognisers.canon_subjects import gender

    source = normalize(use.source or "")
    if source not in ("him", "her"):
        return False
    wanted = "male" if source == "him" else "female"
    paras = [p for p in paragraphs(claims.text) if p.start <= use.start]
    since = paras[-2].start if len(paras) >= 2 else 0
    for start, _end, name in sorted(claims.spans, reverse=True):
        if not since <= start < use.start or normalize(name) in PRONOUNS:
            continue
        person = claims.person(name)
        if person is None or person == use.user or gender(claims, person) not in (wanted, "unknown"):
            continue
        return person == owner
    return False


def _against_text(claims: DraftClaims, use: Use) -> Finding | None:
    """The last earlier sentence that moves this very object decides who has it (a WARN)."""
    holding = _last_holding(claims, use.phrase)
    if holding is None:
        return None
    user = claims.name_of(use.user)
    if holding.gone:
        message = (f"{user} has the {use.phrase} here ({use.verb}), but it was {holding.gone} "
                   f"in chapter {holding.evidence.chapter}")
    else:
        assert holding.holder is not None
        owner = claims.person(holding.holder)
        if owner is None or owner == use.user or same_person(claims.name_of(owner), user) \
                or same_person(holding.holder, user):
            return None
        if use.source and (claims.person(use.source) == owner or same_person(use.source, holding.holder)):
            return None
        message = (f"{user} has the {use.phrase} here ({use.verb}), but chapter "
                   f"{holding.evidence.chapter} last leaves it with {claims.name_of(owner)}")
    return Finding(check=NAME, severity="WARN", message=message, draft_start=use.start,
                   draft_end=use.end, draft_quote=use.quote,
                   evidence_chapter=holding.evidence.chapter, evidence_quote=holding.evidence.quote)


def _last_holding(claims: DraftClaims, phrase: str) -> Holding | None:
    assert claims.history is not None
    np = r"the\s+" + r"\s+".join(re.escape(w) for w in phrase.split())
    found: Holding | None = None
    for sentence in claims.history.sentences_with(rf"\b{np}\b"):
        holding = _holding_in(sentence, np)
        if holding is not None:
            found = holding
    return found


def _holding_in(sentence: PriorSentence, np: str) -> Holding | None:
    """The last hand-over, taking or loss of the object that one sentence states."""
    text = sentence.quote
    ev = Evidence(sentence.chapter, text)
    events: list[tuple[int, Holding]] = []
    for m in re.finditer(rf"{np}\s+(?:was|had\s+been)\s+(?:\w+ly\s+)?(?P<how>{_GONE_VERBS})\b",
                         text, re.IGNORECASE):
        events.append((m.start(), Holding(None, m.group("how"), ev)))
    for m in re.finditer(rf"\b(?:threw|flung|tossed|dropped|hurled)\s+{np}\s+(?:in|into|over|down)"
                         rf"\s+(?:\w+\s+)?the\s+{_THROWN_INTO}\b", text, re.IGNORECASE):
        events.append((m.start(), Holding(None, "thrown away", ev)))
    for m in re.finditer(rf"\b(?:gave|handed|passed|returned|lent|sold|sent|entrusted)\s+{np}"
                         rf"\s+(?:back\s+)?to\s+(?P<to>{_NAME})", text):
        events.append((m.start(), Holding(m.group("to"), None, ev)))
    for m in re.finditer(rf"\b(?:gave|handed|passed|lent|sold)\s+(?P<to>{_NAME})\s+{np}", text):
        events.append((m.start(), Holding(m.group("to"), None, ev)))
    for m in re.finditer(rf"(?P<by>{_NAME})\s+(?:\w+ly\s+)?(?:took|picked\s+up|snatched|stole|"
                         rf"received|pocketed|seized|grabbed|kept|found|recovered)\s+{np}", text):
        events.append((m.start(), Holding(m.group("by"), None, ev)))
    events = [(at, h) for at, h in events
              if h.holder is None or normalize(h.holder) not in PRONOUNS]
    return max(events, key=lambda e: e[0])[1] if events else None


def _moved_here_first(claims: DraftClaims, use: Use) -> bool:
    """The draft itself hands the object over before this use."""
    np = r"(?:the|his|her|their)\s+" + r"\s+".join(re.escape(w) for w in use.phrase.split())
    before = claims.text[:use.start]
    return re.search(rf"\b(?:gave|handed|passed|returned|lent|sold|sent)\s+{np}|"
                     rf"\b(?:gave|handed|passed)\s+{_NAME}\s+{np}|{np}\s+(?:was|had\s+been)\s+"
                     rf"(?:found|returned|recovered|given)", before) is not None \
        or _handed_over(claims, use)


# Verbs that pass a thing to someone, and verbs that do when the thing goes into a hand.
TRANSFER = HANDING_VERBS
INTO_HAND = PLACING_VERBS | {"fold"}
HANDS = KEEPING | {"fist", "arm", "arms", "safekeeping"}


def _handed_over(claims: DraftClaims, use: Use) -> bool:
    """A parsed hand-over of this object before the use, whatever the wording: "He put it into
    her hand", "pressed the compass on her", "gave her the silver compass" (the object written
    out or as "it" right after it is named)."""
    from continuum.pipeline.critic import parsed

    head = use.phrase.split()[-1].lower()
    for verb in parsed.tokens(claims):
        if verb.idx >= use.start:
            break
        if verb.pos_ != "VERB" or parsed.quoted(claims, verb):
            continue
        if verb.lemma_ not in TRANSFER and not (verb.lemma_ in INTO_HAND and _into_a_hand(verb)) \
                and not _held_out_to(verb):
            continue
        things = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
        for thing in things:
            if thing.lower_ == head:
                return True
            if thing.lower_ in ("it", "them") and \
                    re.search(rf"\b{re.escape(head)}\b", claims.text[max(0, thing.idx - 300):thing.idx],
                              re.IGNORECASE):
                return True
    return False


def _held_out_to(verb: Any) -> bool:
    """"held it out to Mara", "passed the glass over to him": offered across to a person."""
    return verb.lemma_ in ("hold", "reach", "stretch", "push", "slide") \
        and any(c.dep_ == "prt" and c.lower_ in ("out", "over", "across") for c in verb.children) \
        and any(c.dep_ in ("prep", "dative") and c.lower_ == "to" for c in verb.children)


def _into_a_hand(verb: Any) -> bool:
    """"put it into her hand", "pressed it on him": the thing ends up with a person."""
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("into", "in", "on", "upon")):
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            if obj.lower_ in HANDS or obj.lower_ in ("him", "her", "them"):
                return True
    return False
