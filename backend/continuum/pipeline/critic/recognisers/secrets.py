"""Secret identities at the cap (read from the world's knowledge facts), and the forms a draft
can give one away in, matched against the names and kinships the extractor read in the draft
(`passes/namings`, `passes/cognitions`); nothing here reads the draft's text.

A secret is a knowledge fact of the form "the stranger was (his brother) Ivo Marsh" or "Ivo
Marsh was alive" that only some characters have learned. Beyond writing out the name, a
character who has not learned it gives it away by:

- a titled surname for the man in question ("Good morning, Mr. Marsh"), when no other bearer
  of that surname is in the draft to be the one meant;
- a kinship the secret itself states ("the stranger was his brother Ivo"), said of him by
  someone who has not learned it as of a man alive and about ("Your brother left these ...
  tell him the room is there");
- knowing, realising or recognising in narration that someone "was Ivo Marsh"
  (`identity_assertion` on the names of a verb's clause, with the words before and after each).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from continuum.language.names import PRONOUNS, normalize, split_honorific
from continuum.language.people import FEMALE_KIN, MALE_KIN, SECRET_KIN
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.extract.heuristic.passes.fact_identities import identity_of
from continuum.pipeline.extract.schema import KinMention, NameRun, QuotedSpeech
from continuum.reads.world_state import Evidence, WorldState

_TITLES = {"male": ("Mr", "Mister", "Master"), "female": ("Mrs", "Miss", "Ms")}


@dataclass
class Secret:
    """A person whose identity only `knowers` have learned by the cap."""

    name: str
    knowers: set[uuid.UUID]
    fact: str
    evidence: Evidence
    # Kin nouns the secret states, with the knowers they relate him to ("brother" of Tomas).
    kin: dict[str, set[uuid.UUID]] = field(default_factory=dict)
    # The titled surnames the draft can only mean him by (`titled_surname`), once worked out.
    titled: list[tuple[str, ...]] | None = None


def secrets_of(world: WorldState) -> dict[str, Secret]:
    """Secret identities by the fullest name they use."""
    out: dict[str, Secret] = {}
    for known in world.knowledge:
        knower, fact = known.knower, known.fact
        identity = identity_of(fact)
        if identity is None:
            continue
        name = identity.name
        home = next((k for k in out if same_person(k, name)), None)
        if home is None:
            out[name] = Secret(name, {knower}, fact, known.evidence)
            home = name
        else:
            out[home].knowers.add(knower)
            if len(name) > len(home):  # keep the fullest name as the key
                out[name] = out.pop(home)
                out[name].name = home = name
        kin = identity.kin
        if kin in SECRET_KIN:
            out[home].kin.setdefault(kin, set()).add(knower)
    return out


def knows(claims: DraftClaims, who: uuid.UUID, secret: Secret) -> bool:
    """Whether a character has learned the secret (or is the person it is about)."""
    name = claims.name_of(who)
    if who in secret.knowers or same_person(name, secret.name):
        return True
    return any(same_knower(name, claims.name_of(k)) for k in secret.knowers
               if k in claims.roster.entries)


def same_knower(a: str, b: str) -> bool:
    """Two world entities that are one knower: the same name or first name, not a titled
    surname ("Mrs. Finch" is not Mara Finch, who knows more than her mother)."""
    if not same_person(a, b):
        return False
    bare_a, bare_b = split_honorific(a)[1].split(), split_honorific(b)[1].split()
    return bare_a == bare_b or (bool(bare_a) and bool(bare_b) and bare_a[0] == bare_b[0])


def knower_names(claims: DraftClaims, secret: Secret) -> str:
    return ", ".join(sorted(claims.name_of(k) for k in secret.knowers if k in claims.roster.entries))


Form = tuple[str, ...]


def words_of(name: str) -> Form:
    """A name's words as the extractor records them ("Mr. Ivo Marsh" -> Mr, Ivo, Marsh)."""
    return tuple(w.rstrip(".") for w in name.split())


def titled_surname(claims: DraftClaims, secret: Secret) -> list[Form]:
    """"Mr. Marsh" for Ivo Marsh, when the draft names no other Marsh (Tomas, Elena Marsh)
    who could be the one meant: the title-and-surname pairs of either title the man could
    bear (his other names' gender, or either when nothing tells); empty otherwise."""
    if secret.titled is None:
        secret.titled = _titled_surname(claims, secret)
    return secret.titled


def _titled_surname(claims: DraftClaims, secret: Secret) -> list[Form]:
    words = split_honorific(secret.name)[1].split()
    if len(words) < 2:
        return []
    surname = words[-1]
    secret_first = words[0]
    named = _draft_words(claims)
    for entry in claims.roster.entries.values():
        if entry.type not in ("character", None):
            continue
        for other in (entry.name, *entry.aliases):
            bare = split_honorific(other)[1].split()
            if len(bare) < 2 or bare[-1] != surname or bare[0] == secret_first:
                continue
            if bare[0].lower() in named:
                return []  # another bearer of the surname is in the draft
    kin = set(secret.kin)
    titles = _TITLES["male"] if kin & MALE_KIN and not kin & FEMALE_KIN else \
        _TITLES["female"] if kin & FEMALE_KIN and not kin & MALE_KIN else \
        _TITLES["male"] + _TITLES["female"]
    return [(title, surname.capitalize()) for title in titles]


def _draft_words(claims: DraftClaims) -> set[str]:
    """Every word, lower case, of the names the extractor read in the draft."""
    extraction = claims.extraction
    names: list[str] = []
    for item in extraction.new_entities:
        names += [item.name, *item.aliases, *(m.text for m in item.mentions)]
    runs = [run for speech in extraction.quoted_speech for s in speech.sentences for run in s.names]
    runs += [run for voice in extraction.voices for s in voice.sentences for run in s.names]
    runs += [run for item in extraction.cognitions for run in item.names]
    runs += [run for item in extraction.name_writings for run in item.names]
    return {w.lower() for name in names for w in normalize(name).split()} | \
        {w.lower() for run in runs for w in run.words}


def at(run: NameRun, form: Form, k: int) -> bool:
    """The form's words are the run's from its k-th word on."""
    return tuple(run.words[k:k + len(form)]) == form


def first_match(runs: Iterable[NameRun], forms: list[Form]) -> tuple[NameRun, int, Form] | None:
    """The first name in text order that any form matches, with the word it starts at."""
    for run in runs:
        for k in range(len(run.words)):
            form = next((f for f in forms if at(run, f, k)), None)
            if form is not None:
                return run, k, form
    return None


def identity_assertion(runs: list[NameRun], secret: Secret, titled: list[Form]) -> bool:
    """Names in a clause that say who someone is in terms of the secret: "... was Ivo Marsh",
    "... for Ivo", "Ivo Marsh was alive", "Mr. Marsh had come home"."""
    words = split_honorific(secret.name)[1].split()
    first = secret.name.split()[0] if secret.name.split()[0].lower() not in PRONOUNS else None
    forms = [words_of(secret.name)] + ([words_of(first)] if first and len(words) > 1 else []) + titled
    for run in runs:
        if run.initials:
            continue
        for k in range(len(run.words)):
            if not any(at(run, f, k) for f in forms):
                continue
            if (run.copula_gap is not None and run.copula_gap + k <= 2) or \
                    (k == 0 and run.after_for_as) or run.alive_after:
                return True
    return False


def kin_reference(claims: DraftClaims, speech: QuotedSpeech, secret: Secret,
                  speaker: uuid.UUID) -> KinMention | None:
    """A kinship the secret states ("your brother", "Tomas's brother"), spoken by someone
    who has not learned it, of a man alive and about now; None otherwise. "Your" must be said
    to a relative the secret names (one named near the speech)."""
    if not speech.alive_now:
        return None
    for kin, relatives in secret.kin.items():
        names = [claims.name_of(r) for r in relatives if r in claims.roster.entries and r != speaker]
        firsts = {split_honorific(n)[1].split()[0].capitalize() for n in names if split_honorific(n)[1]}
        for mention in speech.kin:
            if mention.kin != kin:
                continue
            if mention.how == "yours" and any(f in mention.near for f in firsts):
                return mention
            if mention.how == "owned" and (mention.owner or "").lower() in {f.lower() for f in firsts}:
                return mention
    return None


def kin_identity(speech: QuotedSpeech, secret: Secret) -> KinMention | None:
    """"That is my son-in-law's brother out there": a spoken identity assertion whose
    predicate ends in the kinship the secret states, owned by someone other than the speaker
    ("my brother" is the speaker's own)."""
    for kin in secret.kin:
        found = next((m for m in speech.kin if m.how == "identity" and m.kin == kin), None)
        if found is not None:
            return found
    return None
