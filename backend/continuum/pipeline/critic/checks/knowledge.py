"""knowledge: a character states or acts on something they have not learned.

Two sources of draft claims: the extractor's knowledge deltas ("X knew that ..."), and the
critic's own recogniser for speech that names a person whose identity is a secret at the cap
("the stranger was Ivo Marsh", known to a few): a speaker who has not learned it and says
who the person is ("That was Ivo Marsh") FAILs; one who only names him is a WARN.
"""

from __future__ import annotations

import re
import uuid
from typing import Any, Literal

from continuum.language.names import ADDRESS_TITLES, CAPITALISED_RUN, HONORIFICS, PRONOUNS, normalize
from continuum.language.prose import Span, Speech, sentences
from continuum.language.speech import COGNITION_VERBS, KNOWING_VERBS
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.secrets import (
    Secret,
    identity_assertion,
    kin_identity,
    kin_reference,
    knower_names,
    knows,
    same_knower,
    secrets_of,
    titled_surname,
)
from continuum.pipeline.extract.heuristic.passes.clauses import clause_subject
from continuum.pipeline.extract.schema import Cognition, ModalNaming, Referent, Voice
from continuum.reads.world_state import WorldState

NAME = "knowledge"
OVERLAP = 0.6
_WORD = re.compile(r"[a-z]+")
_STOP = {"the", "a", "an", "that", "was", "were", "is", "had", "has", "have", "of", "to", "in",
         "and", "his", "her", "their", "it", "be", "been", "by", "on", "at", "for", "with",
         "not", "from", "as", "this", "would", "could", "who", "which"} | set(PRONOUNS)


def content_words(text: str) -> set[str]:
    """Lower-case content words (crude stems) of a fact or sentence."""
    return {w.rstrip("s") for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


_PROPER = re.compile(r"\b[A-Z][a-z'’-]+\b")


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Findings of the knowledge check."""
    found = _stated_facts(claims, world) + _secret_identities(claims, world)
    return found + _voiced_facts(claims, world, found)


def _names_in(text: str) -> set[str]:
    """Capitalised words after the first word (proper names, crudely), titles aside: "Mr.
    Cole" and "Mr. Elton" share no name."""
    words = [w for w in _PROPER.findall(text) if w.lower() not in HONORIFICS]  # not "Mr"
    return {w.lower() for w in words if text.find(w) > 0 or w.lower() not in _STOP}


def _stated_facts(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """A knower in the draft voices a fact that only others have learned by the cap."""
    knowers: dict[str, set[Any]] = {}
    facts: dict[str, tuple[str, Any]] = {}
    for known in world.knowledge:
        knowers.setdefault(known.key, set()).add(known.knower)
        facts.setdefault(known.key, (known.fact, known.evidence))
    findings, flagged = [], set()
    for claim in claims.extraction.knowledge_state_deltas:
        who = claims.bind(claim.knower, "character")
        if who is None:
            continue
        words = _stems(claim.fact)
        for key, (fact, evidence) in facts.items():
            wanted = _stems(fact)
            if len(wanted) < 2 or who in knowers[key] or (who, key) in flagged:
                continue
            if len(wanted & words) / len(wanted) < OVERLAP:
                continue
            names = _names_in(fact)
            if not names or not names & _names_in(claim.fact):
                continue  # a fact with no name in common ("he should not go") is too vague
            if _learns_it_here(claims, claim, knowers[key]):
                continue
            flagged.add((who, key))
            findings.append(Finding(
                check=NAME, severity="FAIL",
                message=f"{claims.name_of(who)} knows that {fact}, but has not learned it "
                        f"by chapter {world.cap}",
                draft_start=claim.evidence.start, draft_end=claim.evidence.end,
                draft_quote=claim.evidence.quote,
                evidence_chapter=evidence.chapter,
                evidence_quote=evidence.quote,
            ))
    return findings


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


def _voiced_facts(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """A speaker asserts, in their own words, a fact the world records only others as knowing:
    the quote names someone the fact names and carries the fact's other key words (stems, any
    order). A WARN: the speaker may have heard it off the page. Questions, the fact's own
    subjects and speakers who heard it earlier in this draft from a knower pass."""
    facts: dict[str, tuple[str, Any, set[Any]]] = {}
    for known in world.knowledge:
        facts.setdefault(known.key, (known.fact, known.evidence, set()))[2].add(known.knower)
    prepared = []  # each fact's names and its other key words, worked out once
    for key, (fact, evidence, knowers) in facts.items():
        fact_names = _names_in(fact)
        prepared.append((key, fact, evidence, knowers, fact_names,
                         _stems(fact) - {_stem(n) for n in fact_names}))
    findings: list[Finding] = []
    flagged: set[tuple[Any, str]] = set()
    told: dict[str, list[int]] = {}
    for speech in claims.speeches:
        speaker = _speaker(claims, speech)
        if speaker is None:
            continue
        name = claims.name_of(speaker)
        for sentence in sentences(claims.text, speech.start, speech.end):
            if sentence.text.rstrip("\"”' ").endswith("?"):
                continue
            said, names = _stems(sentence.text), _names_in(sentence.text)
            for key, fact, evidence, knowers, fact_names, rest in prepared:
                if not fact_names & names or len(rest) < 2 or len(rest & said) / len(rest) < OVERLAP:
                    continue
                if speaker in knowers or any(same_knower(name, claims.name_of(k))
                                             for k in knowers if k in claims.roster.entries):
                    told.setdefault(key, []).append(sentence.start)
                    continue
                if (speaker, key) in flagged or set(name.lower().split()) & fact_names or \
                        told.get(key) or overlaps_any(found + findings, sentence.start, sentence.end):
                    continue
                flagged.add((speaker, key))
                findings.append(Finding(
                    check=NAME, severity="WARN",
                    message=f"{name} says that {fact}, but by chapter {world.cap} has not "
                            f"learned it",
                    draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
                    evidence_chapter=evidence.chapter, evidence_quote=evidence.quote))
    return findings


def _learns_it_here(claims: DraftClaims, claim, knowers: set) -> bool:  # type: ignore[no-untyped-def]
    """Finding it out in this chapter, or being told by someone who knows, is no contradiction."""
    if claim.how in ("discovered", "witnessed", "overheard", "read", "deduced"):
        return True
    source = claims.bind(claim.source, "character")
    return claim.how == "told" and source is not None and source in knowers


def _secret_identities(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Speech that names a person whose identity only some characters have learned, narration
    in which someone who has not learned it knows or realises who he is, and speech that
    gives him his kinship as a man alive and about."""
    secrets = secrets_of(world)
    findings: list[Finding] = []
    if not secrets:
        return findings  # every finding below names a secret identity
    flagged: set[tuple[Any, str]] = set()
    findings += _known_in_narration(claims, world, secrets, flagged)
    findings += _written_names(claims, world, secrets, flagged)
    findings += _addressed_names(claims, world, secrets, flagged)
    findings += _voiced_secrets(claims, world, secrets, flagged)
    for speech in claims.speeches:
        speaker = _speaker(claims, speech)
        if speaker is None:
            continue
        speaker_name = claims.name_of(speaker)
        for name, secret in secrets.items():
            if (speaker, name) in flagged or knows(claims, speaker, secret):
                continue
            hit = _naming(claims.text, speech, name, titled_surname(claims, secret))
            kin = None if hit is not None else \
                kin_reference(claims, speech, secret, speaker) or kin_identity(claims, speech, secret)
            if hit is None and kin is None:
                continue
            flagged.add((speaker, name))
            who = knower_names(claims, secret)
            if kin is not None:
                where = next(s for s in sentences(claims.text, speech.start, speech.end)
                             if s.start <= kin[0] < s.end)
                message = (f"{speaker_name} speaks of {name} as {claims.text[kin[0]:kin[1]]!r}, "
                           f"alive and about, but by chapter {world.cap} only {who} know that "
                           f"{secret.fact}")
                start, end, asserted = where.start, where.end, False
            else:
                start, end, asserted = hit  # type: ignore[misc]
                message = (f"{speaker_name} says who {name} is, but by chapter {world.cap} only "
                           f"{who} know that {secret.fact}" if asserted else
                           f"{speaker_name} names {name}, but by chapter {world.cap} only {who} "
                           f"know that {secret.fact}")
            findings.append(Finding(
                check=NAME, severity="FAIL" if asserted else "WARN", message=message,
                draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote,
            ))
    return findings


def _known_in_narration(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                        flagged: set[tuple[Any, str]]) -> list[Finding]:
    """"He knew now that the bearded man ... was Ivo Marsh": someone who has not learned a
    secret identity knows it (FAIL) or realises or recognises it (WARN: he may be finding it
    out on the page)."""
    findings: list[Finding] = []
    for item, secret, severity, who in _cognitions(claims, secrets):
        if (who, secret.name) in flagged:
            continue
        flagged.add((who, secret.name))
        where = _sentence_at(claims, item.sentence_start, item.sentence_end, item.start)
        findings.append(Finding(
            check=NAME, severity=severity,
            message=f"{claims.name_of(who)} {item.verb_text} who {secret.name} is, but by chapter "
                    f"{world.cap} only {knower_names(claims, secret)} know that {secret.fact}",
            draft_start=where.start, draft_end=where.end, draft_quote=where.text,
            evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote))
    for naming, secret, who in _thought_of_as_alive(claims, secrets):
        if (who, secret.name) in flagged:
            continue
        flagged.add((who, secret.name))
        where = _sentence_at(claims, naming.sentence_start, naming.sentence_end, naming.root_start)
        findings.append(Finding(
            check=NAME, severity="WARN",
            message=f"{claims.name_of(who)} thinks or acts here as if {secret.name} were alive and "
                    f"about, but by chapter {world.cap} only {knower_names(claims, secret)} know "
                    f"that {secret.fact}",
            draft_start=where.start, draft_end=where.end, draft_quote=where.text,
            evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote))
    return findings


Severity = Literal["FAIL", "WARN"]
# Knowing who someone is FAILs; realising, recognising, guessing or suspecting it is a WARN
# (he may be finding it out on the page).
COGNITION: dict[str, Severity] = {verb: "FAIL" if verb in KNOWING_VERBS else "WARN"
                                  for verb in COGNITION_VERBS}


def _cognitions(claims: DraftClaims,
                secrets: dict[str, Secret]) -> list[tuple[Cognition, Secret, Severity, uuid.UUID]]:
    """The extractor's narrated verbs of knowing or realising whose subject has not learned a
    secret and whose clause says who the person is: (the verb's record, secret, severity,
    subject id). A knower's telling in the paragraphs just before makes a FAIL a WARN."""
    out: list[tuple[Cognition, Secret, Severity, uuid.UUID]] = []
    for item in claims.extraction.cognitions:
        severity = COGNITION.get(item.verb)
        who = _who(claims, item.subject)
        if severity is None or who is None:
            continue
        clause = claims.text[item.clause_start:item.clause_end]
        for secret in secrets.values():
            if knows(claims, who, secret):
                continue
            if not identity_assertion(clause, secret, titled_surname(claims, secret)):
                continue
            told = severity == "FAIL" and item.told_before
            out.append((item, secret, "WARN" if told else severity, who))
            break
    return out


def _thought_of_as_alive(claims: DraftClaims,
                         secrets: dict[str, Secret]) -> list[tuple[ModalNaming, Secret, uuid.UUID]]:
    """The extractor's names in a narrated modal clause of the story's now ("so that Ivo would
    know whose it was") that name a secret's person, whose thinker has not learned the secret:
    (the first record of the sentence, secret, thinker id), at most one a sentence."""
    by_sentence: dict[int, list[ModalNaming]] = {}
    for naming in claims.extraction.modal_namings:
        by_sentence.setdefault(naming.sentence_start, []).append(naming)
    out: list[tuple[ModalNaming, Secret, uuid.UUID]] = []
    for namings in by_sentence.values():
        hit = next(((naming, secret, who) for secret in secrets.values() for naming in namings
                    if _names_secret(naming, secret)
                    and (who := _who(claims, naming.thinker)) is not None
                    and not knows(claims, who, secret)), None)
        if hit is not None:
            out.append(hit)
    return out


def _names_secret(naming: ModalNaming, secret: Secret) -> bool:
    """The name is the secret person's first name, or his surname within his full name."""
    words = secret.name.split()
    if naming.name == words[0] and words[0].lower() not in PRONOUNS:
        return True
    return len(words) > 1 and naming.name == words[-1] and naming.before == words[0]


# Narration in which someone puts a person's name to paper or to his face: "wrote across the
# outside ...: Mr. Ivo Marsh", "addressed it to Ivo Marsh", "greeted him as Ivo Marsh".
_WRITES = re.compile(rf"^(?P<who>{CAPITALISED_RUN})\s+(?:\w+ly\s+)?"
                     r"(?P<verb>wrote|addressed|inscribed|signed|labelled|labeled|"
                     r"greeted|hailed|introduced|called)\b")


def _written_names(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                   flagged: set[tuple[Any, str]]) -> list[Finding]:
    """A narrated sentence whose subject writes out, or addresses someone by, the full name
    of a person whose identity they have not learned (a WARN: the narrator may know it)."""
    findings: list[Finding] = []
    for sentence in sentences(claims.text):
        if any(sp.start <= sentence.start < sp.end for sp in claims.speeches):
            continue
        m = _WRITES.match(sentence.text)
        if m is None:
            continue
        writer = claims.person(m.group("who"), sentence.start)
        if writer is None:
            continue
        writer_name = claims.name_of(writer)
        for name, secret in secrets.items():
            if len(name.split()) < 2 or (writer, name) in flagged or knows(claims, writer, secret):
                continue
            knowers, fact, evidence = secret.knowers, secret.fact, secret.evidence
            if re.search(rf"\b{re.escape(name)}\b", sentence.text[m.end():]) is None:
                continue
            flagged.add((writer, name))
            who = ", ".join(sorted(claims.name_of(k) for k in knowers if k in claims.roster.entries))
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=f"{writer_name} {m.group('verb')} the name {name}, but by chapter "
                        f"{world.cap} only {who} know that {fact}",
                draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
                evidence_chapter=evidence.chapter, evidence_quote=evidence.quote,
            ))
    return findings


ADDRESS_VERBS = {"write", "address", "inscribe", "sign", "label", "greet", "hail", "introduce",
                 "call", "name", "thank", "welcome", "announce", "present", "enter", "list",
                 "register", "book"}


# Verbs of marking a name in a record: a non-knower who strikes "Ivo Marsh" from the list of the
# drowned, or writes "living" against it, acts on the secret.
MARKING_VERBS = {"strike", "cross", "score", "scratch", "underline", "tick", "mark", "note",
                 "record", "erase", "delete", "rub", "draw", "rule"}
LINE_VERBS = {"draw", "rule"}



def _addressed_names(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                     flagged: set[tuple[Any, str]]) -> list[Finding]:
    """The structural form of `_written_names`: a narrated verb of writing or addressing whose
    subject (a name, pronoun or nominal the extractor resolved) has not learned a secret
    identity, with that person's full name in the verb's own clause (a WARN)."""
    from continuum.pipeline.critic import parsed

    findings: list[Finding] = []
    for verb in parsed.tokens(claims):
        marking = verb.lemma_ in MARKING_VERBS
        if not (verb.lemma_ in ADDRESS_VERBS or marking) or verb.pos_ != "VERB" \
                or parsed.quoted(claims, verb):
            continue
        if verb.lemma_ in LINE_VERBS and not any(c.dep_ == "dobj" and c.lemma_ in ("line", "stroke")
                                                 for c in verb.children):
            continue  # "drew a line through the name", not "drew a chair"
        subject = clause_subject(verb)
        writer = parsed.who(claims, subject) if subject is not None else None
        if writer is None:
            continue
        sent = verb.sent
        if marking:  # only what the verb itself marks: "struck the name Ivo Marsh from the list"
            words = list(verb.subtree)
            clause = claims.text[verb.idx:words[-1].idx + len(words[-1])]
        else:
            clause = claims.text[verb.idx:sent.end_char]
        writer_name = claims.name_of(writer)
        for name, secret in secrets.items():
            if len(name.split()) < 2 or (writer, name) in flagged or knows(claims, writer, secret):
                continue
            knowers, fact, evidence = secret.knowers, secret.fact, secret.evidence
            if re.search(rf"\b{re.escape(name)}\b", clause) is None:
                continue
            flagged.add((writer, name))
            where = _sentence_at(claims, sent.start_char, sent.end_char, verb.idx)
            who = ", ".join(sorted(claims.name_of(k) for k in knowers if k in claims.roster.entries))
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=(f"{writer_name} marks the name {name} in writing ({verb.lower_} ...)"
                         if marking else f"{writer_name} {verb.lemma_}s the name {name}")
                        + f", but by chapter "
                        f"{world.cap} only {who} know that {fact}",
                draft_start=where.start, draft_end=where.end, draft_quote=where.text,
                evidence_chapter=evidence.chapter, evidence_quote=evidence.quote))
    return findings


# A sentence that speaks of the man as dead or gone, or of what he would have done: naming him
# there gives nothing away.
_AS_DEAD = re.compile(r"\b(?:drown(?:ed|ing)?|dead|died|death|lost|grave|late|poor|memory|remember(?:ed)?|"
                      r"mourn(?:ed)?|buried|used\s+to|years\s+ago|(?:would|could|might|should)\s+have)\b",
                      re.IGNORECASE)
_VOICED = {"reported": "says", "written": "writes", "document": "writes"}


def _voiced_secrets(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                    flagged: set[tuple[Any, str]]) -> list[Finding]:
    """Words that are a character's own though not in quotation marks (a reported clause, a
    line written after a colon, a letter or diary laid into the chapter: `voices`) and give
    away a secret identity the character has not learned: saying who the man is, or that he is
    alive, FAILs; naming him, other than as the dead, is a WARN."""
    findings: list[Finding] = []
    for voice in claims.extraction.voices:
        owner = voice_owner(claims, voice)
        if owner is None:
            continue
        for name, secret in secrets.items():
            if (owner, name) in flagged or knows(claims, owner, secret):
                continue
            hit = _voiced_naming(claims, voice, secret, name)
            if hit is None:
                continue
            where, asserted = hit
            flagged.add((owner, name))
            speaker = claims.name_of(owner)
            verb = _VOICED[voice.how]
            findings.append(Finding(
                check=NAME, severity="FAIL" if asserted else "WARN",
                message=(f"{speaker} {verb} who {name} is" if asserted else f"{speaker} {verb} of {name}")
                        + f" ({voice.cue!r}), but by chapter {world.cap} only "
                          f"{knower_names(claims, secret)} know that {secret.fact}",
                draft_start=where.start, draft_end=where.end, draft_quote=where.text,
                evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote))
    return findings


def voice_owner(claims: DraftClaims, voice: Voice) -> uuid.UUID | None:
    """The established character whose words a voice the extractor read are: a document's
    owner or signer (initials included), or the subject of a verb of saying or writing."""
    if voice.how == "document":
        if voice.initials:
            letters = [c for c in voice.who.text if c.isupper()]
            hits = {eid for eid, entry in claims.roster.entries.items() if entry.type in ("character", None)
                    and any(_initials(n) == letters for n in (entry.name, *entry.aliases))}
            return hits.pop() if len(hits) == 1 else None
        return claims.person(voice.who.text, voice.who.start)
    return _subject_person(claims, voice.who)


def _subject_person(claims: DraftClaims, ref: Referent) -> uuid.UUID | None:
    """The established person a subject is: the extractor's resolution, the written name,
    else (a bare he or she the extractor left alone) the last person named in the narration
    of the same paragraph whose gender does not rule the pronoun out."""
    found = _who(claims, ref)
    if found is not None or ref.text.lower() not in ("he", "she"):
        return found
    from continuum.pipeline.critic.recognisers.canon_subjects import gender

    wanted = "male" if ref.text.lower() == "he" else "female"
    para_start = claims.text.rfind("\n\n", 0, ref.start) + 1
    for start, end, name in sorted(claims.spans, reverse=True):
        if not para_start <= start < ref.start or normalize(name) in PRONOUNS:
            continue
        if not claims.text[start:end][:1].isupper() or \
                any(s.start <= start < s.end for s in claims.speeches):
            continue
        person = claims.person(name)
        if person is not None and gender(claims, person) in (wanted, "unknown"):
            return person
    return None


def _who(claims: DraftClaims, ref: Referent) -> uuid.UUID | None:
    """The established person a subject stands for: the extractor's own resolution of the
    mention (a name, a pronoun or a nominal like "the captain"), else the written name."""
    resolved = claims.resolved_at(ref.start)
    if resolved and normalize(resolved) not in PRONOUNS:
        found = claims.person(resolved)
        if found is not None:
            return found
    return claims.person(ref.text) if ref.proper else None


_TITLE_WORDS = ADDRESS_TITLES | {"sergeant", "master", "mistress"}


def _initials(name: str) -> list[str]:
    """"Jonah Crane" -> J, C (titles dropped)."""
    return [w[0] for w in name.split() if w[:1].isupper() and w.rstrip(".").lower() not in _TITLE_WORDS]


def _voiced_naming(claims: DraftClaims, voice: Voice, secret: Secret,
                   name: str) -> tuple[Span, bool] | None:
    """The first sentence of a voice that names the secret's man, and whether it says who he
    is (`identity_assertion`); a bare naming in a sentence about the dead does not count."""
    first = name.split()[0]
    forms = [re.escape(name)] + ([re.escape(first)] if len(name.split()) > 1 and first.lower() not in PRONOUNS
                                 else [])
    pattern = re.compile(rf"\b(?:{'|'.join(forms)})\b")
    titled = titled_surname(claims, secret)
    for sentence in sentences(claims.text, voice.start, voice.end):
        asserted = identity_assertion(sentence.text, secret, titled)
        if asserted:
            return sentence, True
        if pattern.search(sentence.text) and _AS_DEAD.search(sentence.text) is None \
                and not sentence.text.rstrip("\"”'’ ").endswith("?"):
            return sentence, False
    return None


def _sentence_at(claims: DraftClaims, start: int, end: int, at: int) -> Span:
    """The plain-prose sentence around an offset in a parsed sentence's span (the parser may
    run two sentences together, as a one-word reply and the narration after it)."""
    return next((s for s in sentences(claims.text, start, end) if s.start <= at < s.end),
                Span(start, end, claims.text[start:end]))


def _speaker(claims: DraftClaims, speech: Speech) -> Any:
    """The established character who speaks a quote (a pronoun falls back to the last
    person named in the narration before the quote)."""
    if speech.speaker is None:
        return None
    found = claims.person(speech.speaker, speech.speaker_at)
    if found is not None or normalize(speech.speaker) not in PRONOUNS or speech.speaker == "I":
        return found
    for start, _end, name in sorted(claims.spans, reverse=True):
        if start < speech.start and all(not (s.start <= start < s.end) for s in claims.speeches) \
                and normalize(name) not in PRONOUNS and claims.text[start:_end][:1].isupper():
            return claims.person(name)
    return None


def _initials_of(name: str) -> str | None:
    """"I.M." / "I. M." for Ivo Marsh: a full name's initials, which give it away as well."""
    words = [w for w in name.split() if w[:1].isupper()]
    if len(words) < 2:
        return None
    return r"\b" + r"\.\s?".join(re.escape(w[0]) for w in words) + r"\.(?!\w)"


def _naming(text: str, speech: Speech, name: str,
            titled: re.Pattern[str] | None = None) -> tuple[int, int, bool] | None:
    """The sentence of a speech that names the person (first or full name, or a titled
    surname nobody else in the draft bears), and whether it asserts who someone is ("... is
    Ivo Marsh")."""
    first = name.split()[0]
    forms = [re.escape(name)] if len(name.split()) > 1 and first.lower() in PRONOUNS else \
        [re.escape(name), re.escape(first)]
    if titled is not None:
        forms.append(titled.pattern)
    initials = _initials_of(name)
    if initials is not None:
        forms.append(initials)
    pattern = re.compile("|".join(rf"(?:{f})" for f in forms))
    for sentence in sentences(text, speech.start, speech.end):
        m = pattern.search(sentence.text)
        if m is None:
            continue
        by_initials = initials is not None and re.fullmatch(initials, m.group()) is not None
        asserted = not by_initials and \
            re.search(rf"\b(?:is|was)\s+{re.escape(m.group())}(?!\w)", sentence.text) is not None
        return sentence.start, sentence.end, asserted
    return None
