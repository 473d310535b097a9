"""entity: the dead act or speak; a new name that is a near-duplicate of an established one.

Who acts or speaks, and how it is told, is the extractor's reading (`passes/acts`: the
draft's `Act` and `Utterance` records); this check compares it with the world's dead."""

from __future__ import annotations

import bisect
from typing import Any

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from continuum.language.names import ADDRESS_TITLES, normalize, split_honorific
from continuum.language.prose import present
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.extract.schema import Act, EventItem
from continuum.pipeline.identity.resolve import resolve_name
from continuum.reads.world_state import WorldState

NAME = "entity"
NEAR_DUPLICATE = 88.0
# Things the dead may still "do" in prose without a contradiction.
AFTERLIFE_VERBS = {"bury", "mourn", "remember", "lie", "rest", "die", "kill", "murder", "find",
                   "carry", "miss", "grieve", "haunt", "be", "seem", "dream", "recall"}


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Findings of the entity check."""
    found = _dead_actors(claims, world)
    found += _dead_subjects(claims, world, found)
    found += _dead_speakers(claims, world, found)
    return found + _near_duplicates(claims, world)


def _acts_in(claims: DraftClaims, start: int, end: int) -> list[Act]:
    """The extractor's acts whose verb lies in [start, end), in text order."""
    acts = claims.extraction.acts
    first = bisect.bisect_left(acts, start, key=lambda a: a.start)
    last = bisect.bisect_left(acts, end, key=lambda a: a.start)
    return acts[first:last]


def _quoted_at(claims: DraftClaims, at: int) -> bool:
    """The offset lies inside quoted speech the extractor read."""
    return any(u.start <= at < u.end for u in claims.extraction.utterances)


def _in_the_past(claims: DraftClaims, event: EventItem) -> bool:
    """The clause opens with its subject and an act told before now ("Captain Reyes had left",
    not "Reyes, who had left, ..."), not dated in the story's own day ("had signed it that
    morning")."""
    start = event.evidence.start
    return any(a.before_now and not a.today
               for a in _acts_in(claims, start, event.evidence.end)
               if a.subject is not None and start <= a.subject.start <= start + len(a.subject.text))


def _told_as_before(claims: DraftClaims, event: EventItem) -> bool:
    """The event's verb, as the extractor read it, is a past perfect or modal not dated in the
    story's present, a reported memory, or a relative clause about the person ("Reyes, who
    commanded the Watch ..."), or its sentence bounds it by the death: the act belongs to the
    lifetime, not to this chapter."""
    for act in _acts_in(claims, event.evidence.start, event.evidence.end):
        if act.verb != event.verb.lower():
            continue
        if act.recent:
            return False
        if act.before_now or act.reported or act.relative or act.until_death:
            return True
    return False


def _dead_actors(claims: DraftClaims, world: WorldState) -> list[Finding]:
    findings, seen = [], set()
    for event in claims.extraction.events:
        actor = claims.bind(event.subject, "character")
        if actor is None or not _still_dead(world, actor) or event.verb.lower() in AFTERLIFE_VERBS:
            continue
        if _in_the_past(claims, event) or _told_as_before(claims, event) or \
                _spoken_of_as_past(claims, event):
            continue
        if actor in seen:
            continue
        seen.add(actor)
        died = world.dead[actor]
        named = _names_in(world, actor, event.evidence.quote) and \
            not _quoted_at(claims, event.evidence.start)
        if not named and not sure_death(world, actor):
            continue  # a pronoun acting after a death read from a pronoun: two guesses
        findings.append(Finding(
            check=NAME, severity="FAIL" if named and sure_death(world, actor) else "WARN",
            message=f"{claims.name_of(actor)} died in chapter {died.chapter} but "
                    f"{present(event.verb)} here",
            draft_start=event.evidence.start, draft_end=event.evidence.end,
            draft_quote=event.evidence.quote, evidence_chapter=died.chapter,
            evidence_quote=died.quote,
        ))
    return findings


# Verbs that say how things stood, or stand for another verb ("She did"): no act of the dead.
_STATING_VERBS = frozenset({"have", "do", "be"})


def _spoken_of_as_past(claims: DraftClaims, event: EventItem) -> bool:
    """A character speaking of how the dead were, in the past tense and undated ("'Aunt
    Isabella had not you and me to nurse her,' I replied"; "'She did,' cried my young lady",
    of how Isabella left): the dead do nothing here. An act told of them ("Captain Reyes
    stopped me at the lychgate") is still one."""
    if event.verb.lower() not in _STATING_VERBS:
        return False
    acts = _acts_in(claims, event.evidence.start, event.evidence.end)
    if not acts or not _quoted_at(claims, event.evidence.start) or acts[0].today:
        return False
    tenses = {a.tense for a in acts}
    return "past" in tenses and "present" not in tenses


# Words of a name that name nobody alone: its titles, and "old", "young", "the".
_TITLES = ADDRESS_TITLES | {"sergeant", "old", "young", "the"}


def _name_words(world: WorldState, person: Any) -> set[str]:
    named = world.names[person]
    return {w.strip(".,'’").lower() for n in (named.name, *named.aliases) for w in n.split()
            if len(w) >= 3 and w.strip(".,'’").lower() not in _TITLES}


def _names_in(world: WorldState, person: Any, text: str) -> bool:
    """The text names the person (a word of one of their names, not a pronoun or a role)."""
    words = {w.strip(".,;:!?'’\"“”").lower() for w in text.split()}
    return bool(_name_words(world, person) & words)


def sure_death(world: WorldState, person: Any) -> bool:
    """The death on record names the dead ("Captain Ilse Reyes died of her wounds"), rather
    than a pronoun the extractor resolved ("He was stone dead"): only then can an act after it
    FAIL; otherwise the death itself may be misread, and the finding is a WARN."""
    died = world.dead.get(person)
    return died is not None and _names_in(world, person, died.quote)


def _still_dead(world: WorldState, person: Any) -> bool:
    """Dead on record, and the book has not gone on with them since (`disputed_death`): an
    alarm its author has already let pass is not raised again in every later chapter."""
    return person in world.dead and disputed_death(world, person) is None


def disputed_death(world: WorldState, person: Any) -> int | None:
    """The first chapter after the death in which the record has the dead act: the book went
    on with them (Dracula's Lucy walks as one of the Undead; Mr. Wopsle "died amiably at
    Camberwell" on the stage), so the death is not the last word, and an act after it is no
    contradiction to raise again."""
    return next((chapter for chapter, verb in world.acts_after_death.get(person, [])
                 if verb.lower() not in AFTERLIFE_VERBS), None)


def _dead_subjects(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Any verb the extractor read whose subject (a name, or a pronoun or nominal it resolved,
    or the owner of a voice or a hand) is a dead character, told in the story's present (not
    perfect, modal, remembered or in speech): FAIL for a named subject in a main clause, else
    WARN (always for a voice or a hand: it may be a memory or a ghost)."""
    if not world.dead:
        return []
    findings: list[Finding] = []
    seen = {f.evidence_quote for f in found}
    acting = [a for a in claims.extraction.acts if a.subject is not None]
    for act in sorted(acting, key=lambda a: a.subject.start if a.subject else a.start):
        if act.subject is None or not (act.finite or act.recent) or act.verb in AFTERLIFE_VERBS:
            continue
        if act.before_now or act.reported or act.quoted or act.copula:
            continue
        actor = claims.who(act.subject)
        if actor is None or not _still_dead(world, actor):
            continue
        start, end = act.sentence_start, act.sentence_end
        if act.through is not None and act.recollection:
            continue  # "her voice came back to him": a memory, not an act
        died = world.dead[actor]
        if died.quote in seen or overlaps_any(found + findings, start, end):
            continue
        named = act.subject.proper and act.through is None
        if not named and not sure_death(world, actor):
            continue  # a pronoun acting after a death read from a pronoun: two guesses
        seen.add(died.quote)
        strong = named and act.main_clause and not act.remembered and sure_death(world, actor)
        findings.append(Finding(
            check=NAME, severity="FAIL" if strong else "WARN",
            message=f"{claims.name_of(actor)} died in chapter {died.chapter} but acts here "
                    f"({act.verb_text})",
            draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
            evidence_chapter=died.chapter, evidence_quote=died.quote,
        ))
    return findings


def _dead_speakers(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Quoted speech whose speaker is a dead character: FAIL when the speaker is named and
    the attribution is not told before now ("as Reyes had said"), else WARN."""
    if not world.dead:
        return []
    findings: list[Finding] = []
    seen = {f.evidence_quote for f in found}
    for speech in claims.extraction.utterances:
        if speech.speaker is None:
            continue
        actor = claims.person(speech.speaker.text, speech.speaker.start)
        if actor is None or not _still_dead(world, actor):
            continue
        died = world.dead[actor]
        if died.quote in seen:
            continue
        seen.add(died.quote)
        strong = not speech.speaker.pronoun and not speech.told_before and \
            not speech.remembered and sure_death(world, actor)
        findings.append(Finding(
            check=NAME, severity="FAIL" if strong else "WARN",
            message=f"{claims.name_of(actor)} died in chapter {died.chapter} but speaks here",
            draft_start=speech.start, draft_end=speech.end, draft_quote=speech.text,
            evidence_chapter=died.chapter, evidence_quote=died.quote,
        ))
    return findings


def _plural(a: str, b: str) -> bool:
    """"hursts" / "hurst": a family named in the plural, not a misspelling."""
    return a in (b + "s", b + "es") or b in (a + "s", a + "es")


def _plural_of(draft: str, known: str) -> bool:
    """The draft's word is the known one in the plural ("Marshes" / "Marsh"); the other way
    round ("Vos" / "Voss") a letter was dropped."""
    return draft in (known + "s", known + "es")


def _near(a: str, b: str) -> bool:
    return a != b and len(a) >= 4 and len(b) >= 4 and not _plural(a, b) \
        and fuzz.ratio(a, b) >= NEAR_DUPLICATE


def _near_duplicates(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """A new name one slip away from an established one: FAIL when a full name keeps the first
    name and misspells the rest ("Mara Fynch"), WARN for a lone surname ("Mrs. Nichols")."""
    findings = []
    for item in claims.extraction.new_entities:
        resolution = resolve_name(claims.roster, item.name, item.type)
        if resolution.entity_id is not None and resolution.rule != "fuzzy":
            continue  # a name of an established entity (bound only by spelling slips is not)
        _, bare = split_honorific(item.name)
        best, best_score = None, 0.0
        for entity_id, named in world.names.items():
            if named.type != item.type:
                continue
            for known in (named.name, *named.aliases):
                _, known_bare = split_honorific(known)
                if known_bare == bare or len(known_bare) < 4 or _plural(bare, known_bare):
                    continue
                score = fuzz.ratio(bare, known_bare)
                if score > best_score:
                    best, best_score = (entity_id, known), score
        if best is None or best_score < NEAR_DUPLICATE or normalize(item.name) == normalize(best[1]):
            best = _tokenwise(item.name, item.type, world) if item.type == "character" else None
            if best is None:
                continue
        tokens, known_tokens = bare.split(), split_honorific(best[1])[1].split()
        full = len(tokens) >= 2 and len(tokens) == len(known_tokens) and tokens[0] == known_tokens[0]
        first = item.mentions[0] if item.mentions else None
        findings.append(Finding(
            check=NAME, severity="FAIL" if full else "WARN",
            message=f"{item.name!r} is new but looks like a misspelling of {best[1]!r}",
            draft_start=first.start if first else item.evidence.start,
            draft_end=first.end if first else item.evidence.end,
            draft_quote=first.text if first else item.evidence.quote,
            evidence_chapter=world.names[best[0]].first_chapter, evidence_quote=best[1],
        ))
    return findings + _misspelt_mentions(claims, world, findings)


def _misspelt_mentions(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """A full name in the draft that the extractor bound to an established person although it
    is spelt otherwise ("Aldus Finch" for "Aldous Finch"): every word but one equal, that one a
    slip. The extractor forgave the slip; a reader will not."""
    known = {normalize(n) for named in world.names.values() for n in (named.name, *named.aliases)}
    findings: list[Finding] = []
    seen: set[str] = set()
    for item in claims.extraction.new_entities:
        for mention in item.mentions:
            surface = mention.text.strip()
            key = normalize(surface)
            if key in seen or key in known or not surface[:1].isupper():
                continue
            if any(f.draft_start == mention.start for f in found):
                continue
            hit = _one_slip(surface, world)
            typo = None
            if hit is None:
                typo = _one_typo(surface, world)
                if typo is None:
                    continue
                hit = typo
            seen.add(key)
            entity_id, known_name = hit
            findings.append(Finding(
                check=NAME, severity="WARN" if typo else "FAIL",
                message=f"{surface!r} looks like a misspelling of {known_name!r}",
                draft_start=mention.start, draft_end=mention.end, draft_quote=mention.text,
                evidence_chapter=world.names[entity_id].first_chapter, evidence_quote=known_name,
            ))
    return findings


def _one_slip(name: str, world: WorldState) -> tuple | None:
    """The established full name that `name` misspells in exactly one word."""
    title, bare = split_honorific(name)
    tokens = bare.split()
    if len(tokens) < 2:
        return None
    for entity_id, named in world.names.items():
        if named.type != "character":
            continue
        for known in (named.name, *named.aliases):
            known_tokens = split_honorific(known)[1].split()
            if len(known_tokens) != len(tokens):
                continue
            pairs = list(zip(tokens, known_tokens, strict=True))
            slips = [(a, b) for a, b in pairs if a != b]
            if len(slips) == 1 and _near(*slips[0]):
                return entity_id, known
    return None


def _one_typo(name: str, world: WorldState) -> tuple | None:
    """The established full name that `name` misses by a single letter in one word, the
    other words equal ("Elana Marsh" for "Elena Marsh", "Elena Vos" for "Elena Voss", whatever
    type the extractor gave the slip): too short a word for the similarity ratio, so only a
    WARN ("Joan Smith" and "John Smith" may be two people)."""
    _title, bare = split_honorific(name)
    tokens = bare.split()
    if len(tokens) < 2:
        return None
    for entity_id, named in world.names.items():
        if named.type != "character":
            continue
        for known in (named.name, *named.aliases):
            known_tokens = split_honorific(known)[1].split()
            if len(known_tokens) != len(tokens):
                continue
            slips = [(a, b) for a, b in zip(tokens, known_tokens, strict=True) if a != b]
            if len(slips) == 1 and min(map(len, slips[0])) >= 3 and not _plural_of(*slips[0]) \
                    and Levenshtein.distance(*slips[0]) == 1:
                return entity_id, known
    return None


def _tokenwise(name: str, type_: str, world: WorldState) -> tuple | None:
    """"Tomas Marsch" for an established "Tomas Marsh" of any type (the extractor may have
    typed the full name otherwise): same first name, the rest one slip away."""
    _, bare = split_honorific(name)
    tokens = bare.split()
    if len(tokens) < 2:
        return None
    for entity_id, named in world.names.items():
        for known in (named.name, *named.aliases):
            known_tokens = split_honorific(known)[1].split()
            if len(known_tokens) != len(tokens) or known_tokens[0] != tokens[0]:
                continue
            rest = list(zip(tokens[1:], known_tokens[1:], strict=True))
            if all(a == b or _near(a, b) for a, b in rest) and any(a != b for a, b in rest):
                return entity_id, known
    return None
