"""Secret identities at the cap, and the forms a draft can give one away in.

A secret is a knowledge fact of the form "the stranger was (his brother) Ivo Marsh" or "Ivo
Marsh was alive" that only some characters have learned. Beyond writing out the name, a
character who has not learned it gives it away by:

- a titled surname for the man in question ("Good morning, Mr. Marsh"), when no other bearer
  of that surname is in the draft to be the one meant;
- a kinship the secret itself states ("the stranger was his brother Ivo"), said of him by
  someone who has not learned it as of a man alive and about ("Your brother left these ...
  tell him the room is there");
- knowing, realising or recognising in narration that someone "was Ivo Marsh"
  (`identity_assertion` on the clause of a verb the extractor reads, `passes/cognitions`).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field

from continuum.language.names import CAPITALISED_RUN, PRONOUNS, split_honorific
from continuum.language.people import FEMALE_KIN, KIN_NOUNS, MALE_KIN
from continuum.language.prose import Speech
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.reads.world_state import Evidence, WorldState

_NAME = CAPITALISED_RUN
# "the stranger was his brother Ivo", "the man in black is Ivo Marsh", "Ivo Marsh was alive"
_IDENTITY = re.compile(
    rf"^(?:the|that|this)\s+[\w\s'’-]+?\s+(?:is|was)\s+(?:(?P<whose>his|her|their|my|our|your)\s+"
    rf"(?:own\s+)?(?:(?P<kin>[a-z]+)\s+)?)?(?P<name>{_NAME})\s*(?:,.*)?$")
_ALIVE = re.compile(rf"^(?P<name>{_NAME})\s+(?:is|was)\s+(?:still\s+)?(?:alive|living|not dead)\b")
_KIN = KIN_NOUNS | {"twin"}
_TITLES = {"male": r"(?:Mr\.?|Mister|Master)", "female": r"(?:Mrs\.?|Miss|Ms\.?)"}


@dataclass
class Secret:
    """A person whose identity only `knowers` have learned by the cap."""

    name: str
    knowers: set[uuid.UUID]
    fact: str
    evidence: Evidence
    # Kin nouns the secret states, with the knowers they relate him to ("brother" of Tomas).
    kin: dict[str, set[uuid.UUID]] = field(default_factory=dict)


def secrets_of(world: WorldState) -> dict[str, Secret]:
    """Secret identities by the fullest name they use."""
    out: dict[str, Secret] = {}
    for known in world.knowledge:
        knower, fact = known.knower, known.fact
        m = _IDENTITY.match(fact.strip()) or _ALIVE.match(fact.strip())
        if m is None:
            continue
        name = m.group("name")
        home = next((k for k in out if same_person(k, name)), None)
        if home is None:
            out[name] = Secret(name, {knower}, fact, known.evidence)
            home = name
        else:
            out[home].knowers.add(knower)
            if len(name) > len(home):  # keep the fullest name as the key
                out[name] = out.pop(home)
                out[name].name = home = name
        kin = m.groupdict().get("kin")
        if kin in _KIN:
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


def titled_surname(claims: DraftClaims, secret: Secret) -> re.Pattern[str] | None:
    """"Mr. Marsh" for Ivo Marsh, when the draft names no other Marsh (Tomas, Elena Marsh)
    who could be the one meant. The title's gender is the one his other names take, or
    either when nothing tells."""
    words = split_honorific(secret.name)[1].split()
    if len(words) < 2:
        return None
    surname = words[-1]
    secret_first = words[0]
    text = claims.text
    for entry in claims.roster.entries.values():
        if entry.type not in ("character", None):
            continue
        for other in (entry.name, *entry.aliases):
            bare = split_honorific(other)[1].split()
            if len(bare) < 2 or bare[-1] != surname or bare[0] == secret_first:
                continue
            if re.search(rf"\b{re.escape(bare[0])}\b", text, re.IGNORECASE):
                return None  # another bearer of the surname is in the draft
    kin = set(secret.kin)
    title = _TITLES["male"] if kin & MALE_KIN and not kin & FEMALE_KIN else \
        _TITLES["female"] if kin & FEMALE_KIN and not kin & MALE_KIN else \
        rf"(?:{_TITLES['male']}|{_TITLES['female']})"
    return re.compile(rf"\b{title}\s+{re.escape(surname.capitalize())}\b")


# Signs that a man is spoken of as alive and about, not remembered: the story's own day, the
# things at hand, a message for him.
ALIVE_NOW = re.compile(
    r"\b(?:these|now|tonight|today|this\s+(?:morning|week)|yesterday|last\s+(?:night|week)|"
    r"for\s+a\s+(?:week|fortnight|month|day\s+or\s+two)|all\s+week|"
    r"(?:tell|give|ask|send|show|bring|take)\s+(?:it\s+|them\s+|this\s+|these\s+)?(?:to\s+)?him|"
    r"when\s+you\s+see\s+him|when\s+you\s+go)\b", re.IGNORECASE)
_PAST_ONLY = re.compile(r"\b(?:used\s+to|years\s+ago|before\s+he\s+(?:was\s+lost|drowned|went|sailed)|"
                        r"when\s+(?:he|we|you)\s+(?:was|were)\s+(?:a\s+boy|boys|young|children))\b",
                        re.IGNORECASE)


def kin_reference(claims: DraftClaims, speech: Speech, secret: Secret,
                  speaker: uuid.UUID) -> tuple[int, int] | None:
    """The span of a kinship the secret states ("your brother", "Tomas's brother"), spoken by
    someone who has not learned it, of a man alive and about now; None otherwise. "Your" must
    be said to a relative the secret names (one named near the speech)."""
    said = claims.text[speech.start:speech.end]
    if ALIVE_NOW.search(said) is None or _PAST_ONLY.search(said):
        return None
    near = claims.text[max(0, speech.start - 800):speech.end + 200]
    for kin, relatives in secret.kin.items():
        names = [claims.name_of(r) for r in relatives if r in claims.roster.entries and r != speaker]
        firsts = {split_honorific(n)[1].split()[0].capitalize() for n in names if split_honorific(n)[1]}
        own = "|".join(re.escape(f) for f in sorted(firsts))
        forms = [rf"\byour\s+(?:own\s+|poor\s+|elder\s+|older\s+)?{kin}\b"]
        if own:
            forms.append(rf"\b(?:{own})(?:'s|’s)\s+(?:\w+\s+)?{kin}\b")
        for m in re.finditer("|".join(forms), said, re.IGNORECASE):
            if m.group().lower().startswith("your") and \
                    not any(re.search(rf"\b{re.escape(f)}\b", near) for f in firsts):
                continue  # "your brother" said to nobody the secret relates him to
            return speech.start + m.start(), speech.start + m.end()
    return None


def kin_identity(claims: DraftClaims, speech: Speech, secret: Secret) -> tuple[int, int] | None:
    """"That is my son-in-law's brother out there": a spoken identity assertion whose
    predicate ends in the kinship the secret states, owned by someone other than the speaker
    ("my brother" is the speaker's own). The span of the assertion, or None."""
    said = claims.text[speech.start:speech.end]
    for kin in secret.kin:
        m = re.search(rf"\b(?:that|this|he|it|yon|the\s+\w+(?:\s+\w+)?)\s+"
                      rf"(?:is|was|must\s+be|can\s+only\s+be)\s+(?:\w+\s+){{0,3}}?[\w-]+(?:'s|’s)\s+(?:own\s+|elder\s+|older\s+|younger\s+)?{kin}\b",
                      said, re.IGNORECASE)
        if m is not None:
            return speech.start + m.start(), speech.start + m.end()
    return None


def identity_assertion(clause: str, secret: Secret, titled: re.Pattern[str] | None) -> bool:
    """A clause that says who someone is in terms of the secret: "... was Ivo Marsh", "...
    for Ivo", "Ivo Marsh was alive", "Mr. Marsh had come home"."""
    words = split_honorific(secret.name)[1].split()
    first = secret.name.split()[0] if secret.name.split()[0].lower() not in PRONOUNS else None
    alts = [re.escape(secret.name)] + ([re.escape(first)] if first and len(words) > 1 else [])
    if titled is not None:
        alts.append(titled.pattern.removeprefix(r"\b").removesuffix(r"\b"))
    name = rf"(?:{'|'.join(alts)})"
    return re.search(
        rf"\b(?:is|was|were|be|been)\s+(?:(?:really|truly|in\s+fact|none\s+other\s+than|no\s+other\s+than)\s+)?"
        rf"(?:\w+\s+){{0,2}}?{name}\b|\b(?:for|as)\s+{name}\b|\b{name}\b[^.;]{{0,40}}\b(?:alive|living|"
        rf"survived|come\s+home|come\s+back|not\s+(?:dead|drowned))\b", clause) is not None
