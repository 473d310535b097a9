"""knowledge: a character states or acts on something they have not learned.

A comparator: the draft's claims are the extractor's records (knowledge deltas, "X knew that
..."; quoted speech with the names, words and kinships in it; a character's own words outside
quotation marks; verbs of knowing who someone is; names in a modal clause; names written out
or addressed), compared with the world's knowledge facts at the cap. For a person whose
identity is a secret ("the stranger was Ivo Marsh", known to a few), a speaker who has not
learned it and says who the person is ("That was Ivo Marsh") FAILs; one who only names him is
a WARN. It reads no text of the draft (it quotes it by the records' offsets).
"""

from __future__ import annotations

import uuid
from typing import Any, Literal

from continuum.language.content import names_in, stem, stems
from continuum.language.names import PRONOUNS
from continuum.language.speech import COGNITION_VERBS, KNOWING_VERBS
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.secrets import (
    Form,
    Secret,
    at,
    first_match,
    identity_assertion,
    kin_identity,
    kin_reference,
    knower_names,
    knows,
    same_knower,
    secrets_of,
    titled_surname,
    words_of,
)
from continuum.pipeline.critic.speakers import speaker_of, voice_owner
from continuum.pipeline.extract.schema import (
    Cognition,
    KinMention,
    ModalNaming,
    NamedSentence,
    NameRun,
    NameWriting,
    QuotedSpeech,
    Voice,
)
from continuum.reads.world_state import WorldState

__all__ = ["NAME", "check", "voice_owner"]

NAME = "knowledge"
OVERLAP = 0.6


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Findings of the knowledge check."""
    found = _stated_facts(claims, world) + _secret_identities(claims, world)
    return found + _voiced_facts(claims, world, found)


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
        words = stems(claim.fact)
        for key, (fact, evidence) in facts.items():
            wanted = stems(fact)
            if len(wanted) < 2 or who in knowers[key] or (who, key) in flagged:
                continue
            if len(wanted & words) / len(wanted) < OVERLAP:
                continue
            names = names_in(fact)
            if not names or not names & names_in(claim.fact):
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
        fact_names = names_in(fact)
        prepared.append((key, fact, evidence, knowers, fact_names,
                         stems(fact) - {stem(n) for n in fact_names}))
    findings: list[Finding] = []
    flagged: set[tuple[Any, str]] = set()
    told: dict[str, list[int]] = {}
    for speech in claims.extraction.quoted_speech:
        speaker = speaker_of(claims, speech)
        if speaker is None:
            continue
        name = claims.name_of(speaker)
        for sentence in speech.sentences:
            if sentence.question:
                continue
            said, names = set(sentence.stems), set(sentence.proper)
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
                    draft_start=sentence.start, draft_end=sentence.end,
                    draft_quote=claims.text[sentence.start:sentence.end],
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
    for speech in claims.extraction.quoted_speech:
        speaker = speaker_of(claims, speech)
        if speaker is None:
            continue
        speaker_name = claims.name_of(speaker)
        for name, secret in secrets.items():
            if (speaker, name) in flagged or knows(claims, speaker, secret):
                continue
            hit = _naming(speech, name, titled_surname(claims, secret))
            kin: KinMention | None = None if hit is not None else \
                kin_reference(claims, speech, secret, speaker) or kin_identity(speech, secret)
            if hit is None and kin is None:
                continue
            flagged.add((speaker, name))
            who = knower_names(claims, secret)
            if kin is not None:
                where = next((s for s in speech.sentences if s.start <= kin.start < s.end), None)
                message = (f"{speaker_name} speaks of {name} as {kin.text!r}, "
                           f"alive and about, but by chapter {world.cap} only {who} know that "
                           f"{secret.fact}")
                start, end = (where.start, where.end) if where is not None else (kin.start, kin.end)
                asserted = False
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
        findings.append(Finding(
            check=NAME, severity=severity,
            message=f"{claims.name_of(who)} {item.verb_text} who {secret.name} is, but by chapter "
                    f"{world.cap} only {knower_names(claims, secret)} know that {secret.fact}",
            draft_start=item.quote_start, draft_end=item.quote_end,
            draft_quote=claims.text[item.quote_start:item.quote_end],
            evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote))
    for naming, secret, who in _thought_of_as_alive(claims, secrets):
        if (who, secret.name) in flagged:
            continue
        flagged.add((who, secret.name))
        findings.append(Finding(
            check=NAME, severity="WARN",
            message=f"{claims.name_of(who)} thinks or acts here as if {secret.name} were alive and "
                    f"about, but by chapter {world.cap} only {knower_names(claims, secret)} know "
                    f"that {secret.fact}",
            draft_start=naming.quote_start, draft_end=naming.quote_end,
            draft_quote=claims.text[naming.quote_start:naming.quote_end],
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
        who = claims.who(item.subject)
        if severity is None or who is None:
            continue
        for secret in secrets.values():
            if knows(claims, who, secret):
                continue
            if not identity_assertion(item.names, secret, titled_surname(claims, secret)):
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
                    and (who := claims.who(naming.thinker)) is not None
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


def _written_names(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                   flagged: set[tuple[Any, str]]) -> list[Finding]:
    """A narrated sentence whose subject, its opening name, writes out or addresses someone by
    the full name of a person whose identity they have not learned (a WARN: the narrator may
    know it)."""
    return _name_writings(claims, world, secrets, flagged, ("opening",))


def _addressed_names(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                     flagged: set[tuple[Any, str]]) -> list[Finding]:
    """The structural form of `_written_names`: a narrated verb of writing, addressing or
    marking whose subject (a name, pronoun or nominal the extractor resolved) has not learned
    a secret identity, with that person's full name in the verb's own clause (a WARN)."""
    return _name_writings(claims, world, secrets, flagged, ("addressed", "marking"))


def _name_writings(claims: DraftClaims, world: WorldState, secrets: dict[str, Secret],
                   flagged: set[tuple[Any, str]], kinds: tuple[str, ...]) -> list[Finding]:
    findings: list[Finding] = []
    for item in claims.extraction.name_writings:
        if item.how not in kinds:
            continue
        writer = claims.who(item.writer)
        if writer is None:
            continue
        for name, secret in secrets.items():
            if len(name.split()) < 2 or (writer, name) in flagged or knows(claims, writer, secret):
                continue
            if first_match(item.names, [words_of(name)]) is None:
                continue
            flagged.add((writer, name))
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=f"{_writes(claims.name_of(writer), item, name)}, but by chapter "
                        f"{world.cap} only {knower_names(claims, secret)} know that {secret.fact}",
                draft_start=item.start, draft_end=item.end, draft_quote=claims.text[item.start:item.end],
                evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote))
    return findings


def _writes(writer: str, item: NameWriting, name: str) -> str:
    if item.how == "marking":
        return f"{writer} marks the name {name} in writing ({item.verb_text} ...)"
    return f"{writer} {item.verb_text if item.how == 'opening' else item.verb + 's'} the name {name}"


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
            hit = _voiced_naming(claims, voice, secret)
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
                draft_start=where.start, draft_end=where.end, draft_quote=claims.text[where.start:where.end],
                evidence_chapter=secret.evidence.chapter, evidence_quote=secret.evidence.quote))
    return findings


def _voiced_naming(claims: DraftClaims, voice: Voice, secret: Secret) -> tuple[NamedSentence, bool] | None:
    """The first sentence of a voice that names the secret's man, and whether it says who he
    is (`identity_assertion`); a bare naming in a sentence about the dead does not count."""
    words = secret.name.split()
    forms = [words_of(secret.name)]
    if len(words) > 1 and words[0].lower() not in PRONOUNS:
        forms.append(words_of(words[0]))
    titled = titled_surname(claims, secret)
    for sentence in voice.sentences:
        if identity_assertion(sentence.names, secret, titled):
            return sentence, True
        runs = [run for run in sentence.names if not run.initials]
        if first_match(runs, forms) is not None and not sentence.as_dead and not sentence.question:
            return sentence, False
    return None


def _initials_of(name: str) -> Form | None:
    """I, M for Ivo Marsh: a full name's initials ("I.M.", "I. M."), which give it away as well."""
    words = [w for w in name.split() if w[:1].isupper()]
    return tuple(w[0] for w in words) if len(words) >= 2 else None


def _naming(speech: QuotedSpeech, name: str, titled: list[Form]) -> tuple[int, int, bool] | None:
    """The sentence of a speech that names the person (first or full name, or a titled
    surname nobody else in the draft bears, or his initials), and whether it asserts who
    someone is ("... is Ivo Marsh")."""
    first = name.split()[0]
    forms = [words_of(name)] if len(name.split()) > 1 and first.lower() in PRONOUNS else \
        [words_of(name), words_of(first)]
    forms += titled
    initials = _initials_of(name)
    for sentence in speech.sentences:
        named = _first_naming(sentence.names, forms, initials)
        if named is None:
            continue
        run, k, form = named
        asserted = not run.initials and any(r.after_is and not r.initials and at(r, form, 0)
                                            for r in sentence.names)
        return sentence.start, sentence.end, asserted
    return None


def _first_naming(runs: list[NameRun], forms: list[Form],
                  initials: Form | None) -> tuple[NameRun, int, Form] | None:
    """The first name in a sentence that is one of the forms, or the initials."""
    for run in runs:
        if run.initials:
            if initials is not None and any(at(run, initials, k) for k in range(len(run.words))):
                return run, 0, initials
            continue
        hit = first_match([run], forms)
        if hit is not None:
            return hit
    return None
