"""Who a character's words are: the established person who speaks a quotation, whose words a
voice outside quotation marks are, and whom a subject the extractor read stands for, bound
from the extractor's records and mentions (nothing here reads the draft's text)."""

from __future__ import annotations

import uuid
from typing import Any

from continuum.language.names import ADDRESS_TITLES, PRONOUNS, normalize
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.extract.schema import QuotedSpeech, Referent, Voice


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
    return subject_person(claims, voice.who, voice.paragraph_start)


def subject_person(claims: DraftClaims, ref: Referent, para_start: int) -> uuid.UUID | None:
    """The established person a subject is: the extractor's resolution, the written name,
    else (a bare he or she the extractor left alone) the last person named in the narration
    of the same paragraph whose gender does not rule the pronoun out."""
    found = claims.who(ref)
    if found is not None or ref.text.lower() not in ("he", "she"):
        return found
    from continuum.pipeline.critic.recognisers.canon_subjects import gender

    wanted = "male" if ref.text.lower() == "he" else "female"
    for start, _end, name, written in _mentions(claims):
        if not para_start <= start < ref.start or normalize(name) in PRONOUNS:
            continue
        if not written[:1].isupper() or _quoted(claims, start):
            continue
        person = claims.person(name)
        if person is not None and gender(claims, person) in (wanted, "unknown"):
            return person
    return None


_TITLE_WORDS = ADDRESS_TITLES | {"sergeant", "master", "mistress"}


def _initials(name: str) -> list[str]:
    """"Jonah Crane" -> J, C (titles dropped)."""
    return [w[0] for w in name.split() if w[:1].isupper() and w.rstrip(".").lower() not in _TITLE_WORDS]


def _mentions(claims: DraftClaims) -> list[tuple[int, int, str, str]]:
    """The extractor's mentions, last first: (start, end, the entity's name, as written)."""
    return sorted(((m.start, m.end, item.name, m.text) for item in claims.extraction.new_entities
                   for m in item.mentions), reverse=True)


def _quoted(claims: DraftClaims, at: int) -> bool:
    return any(s.start <= at < s.end for s in claims.extraction.quoted_speech)


def speaker_of(claims: DraftClaims, speech: QuotedSpeech) -> Any:
    """The established character who speaks a quote (a pronoun falls back to the last
    person named in the narration before the quote)."""
    if speech.speaker is None:
        return None
    found = claims.person(speech.speaker, speech.speaker_at)
    if found is not None or normalize(speech.speaker) not in PRONOUNS or speech.speaker == "I":
        return found
    for start, _end, name, written in _mentions(claims):
        if start < speech.start and not _quoted(claims, start) \
                and normalize(name) not in PRONOUNS and written[:1].isupper():
            return claims.person(name)
    return None
