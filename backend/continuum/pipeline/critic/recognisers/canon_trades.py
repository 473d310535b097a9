"""Occupations said without "X was a Y": "Teaching was Elena's living", "her trade was
weaving", "earned her bread by sewing", "worked as a carter", "kept a shop", and appositives
("Jonah Crane, the Guild's own treasurer,"), compared by trade family with the locked
occupation (or an earlier chapter's). Always a WARN: people change trades and hold two posts."""

from __future__ import annotations

import re
import uuid
from typing import Any

from continuum.language.grammar import MODALS
from continuum.language.names import PRONOUNS, SHORT_NAME, normalize
from continuum.language.pronouns import FEMALE_PRONOUNS, MALE_PRONOUNS
from continuum.language.prose import sentences
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.canon_record import (
    OFFICES,
    earlier_trades,
    locked,
    same_trade,
)
from continuum.pipeline.critic.recognisers.canon_subjects import gender, mentioned
from continuum.reads.world_state import WorldState

# Words for one trade, as a person, a gerund or the place it is kept ("kept school").
FAMILIES = {
    "teacher": "teacher teaching schoolteacher schoolteaching schoolmistress schoolmaster governess "
               "tutor tutoring school schooling usher",
    "seamstress": "seamstress sempstress dressmaker dressmaking needlewoman needlework sewing stitching "
                  "tailor tailoring milliner millinery mantua-maker",
    "smith": "blacksmith smith smithing farrier ironwork smithy forge",
    "innkeeper": "innkeeper innkeeping landlady landlord publican inn tavern alehouse hostess taverner",
    "mapmaker": "mapmaker mapmaking cartographer cartography chartmaker surveyor surveying",
    "keeper": "lighthouse lightkeeper lamplighter light",
    "clerk": "clerk clerking copyist scrivener copying",
    "treasurer": "treasurer bursar",
    "fisher": "fisherman fishing fisher fishwife",
    "doctor": "doctor doctoring physician surgeon",
    "parson": "parson vicar rector curate clergyman minister preaching priest chaplain",
    "farmer": "farmer farming husbandry",
    "baker": "baker baking bakery",
    "weaver": "weaver weaving",
    "spinner": "spinner spinning",
    "miller": "miller milling mill",
    "nurse": "nurse nursing midwife midwifery",
    "captain": "captain",
    "shopkeeper": "shopkeeper shopkeeping shop grocer draper chandler",
    "laundress": "washerwoman laundress washing laundering",
    "cook": "cook cooking",
    "carpenter": "carpenter carpentry joiner joinery",
    "shoemaker": "shoemaker shoemaking cobbler cobbling",
    "sailor": "sailor seaman mariner seafaring",
    "carter": "carter carrier carting haulage",
    "lawyer": "lawyer attorney solicitor barrister",
    "harbourmaster": "harbourmaster harbour-master",
}
FAMILY = {word: family for family, words in FAMILIES.items() for word in words.split()}
_NAME = SHORT_NAME
_WHO = rf"(?P<who>{_NAME}|\b[Hh]e\b|\b[Ss]he\b)"
_POSS = rf"(?P<who>{_NAME})['’]s|\b(?P<poss>[Hh]is|[Hh]er)"
_LIVING = r"(?:living|trade|calling|profession|livelihood|occupation|bread|line\s+of\s+work)"
_BE = r"(?:was|is|had\s+been|has\s+been)"
_ART = r"(?:(?:the|a|an)\s+)?"
FORMS = [
    # "Teaching was Elena Marsh's living", "Weaving had been her trade"
    re.compile(rf"(?:^|[;,]\s+|\b(?:and|but)\s+)(?P<what>[A-Za-z-]+ing)\s+{_BE}\s+(?:{_POSS})\s+"
               rf"(?:own\s+|only\s+|whole\s+)?{_LIVING}\b"),
    # "Elena Marsh's living was teaching", "her trade had been the loom"
    re.compile(rf"(?:{_POSS})\s+(?:own\s+|only\s+)?{_LIVING}\s+{_BE}\s+{_ART}(?P<what>[a-z-]+)\b"),
    # "she earned her bread by sewing", "Hal made a living as a carter"
    re.compile(rf"{_WHO}\s+(?:had\s+)?(?:earned|earns|made|makes|got|gets|won|scraped)\s+"
               rf"(?:his|her|a|an\s+honest)\s+(?:bread|living|keep|livelihood|crust)\s+(?:by|as|at|from|in)\s+"
               rf"{_ART}(?P<what>[a-z-]+(?:\s+[a-z-]+)?)\b"),
    # "Hal worked as a carter", "she was apprenticed as a milliner"
    re.compile(rf"{_WHO}\s+(?:had\s+)?(?:worked|works|served|serves|was\s+employed|found\s+work|"
               rf"was\s+apprenticed|hired\s+out)\s+as\s+{_ART}(?P<what>[a-z-]+(?:\s+[a-z-]+)?)\b"),
    # "Ruth kept a shop", "she kept school"
    re.compile(rf"{_WHO}\s+(?:kept|keeps|ran|runs|had\s+kept)\s+(?:a\s+|an\s+|the\s+)?"
               rf"(?:[a-z]+\s+)?(?P<what>shop|school|inn|tavern|alehouse|bakery|smithy|forge|mill)\b"),
]
# "Jonah Crane, the Guild's own treasurer," "Ruth Penrose, a seamstress of the town,"
_APPOSITIVE = re.compile(
    rf"(?P<who>{_NAME}),\s+(?:the|a|an)\s+(?:[A-Za-z][\w’'-]*['’]s\s+)?"
    rf"(?:own\s+)?(?P<pre>[a-z-]+\s+)?(?P<what>[a-z]+)(?=\s*[,.;:—)]|\s+(?:of|who|whose|at|in|and|by|from|with|for)\b)")
_WORDS = re.compile(r"[A-Za-z-]+")
_PAST = {"former", "late", "one-time", "sometime", "ex", "retired", "old"}


def trade_agrees(trade: str, value: str) -> bool:
    """The same trade in words ("smith" / "blacksmith") or in family ("dressmaker" / "seamstress")."""
    return same_trade(trade, value) or same_family(trade, value)


def family(term: str) -> str | None:
    """The trade family of a word ("sewing" and "dressmaker" are the seamstress's)."""
    return FAMILY.get(term.lower())


def _families(value: str) -> set[str]:
    return {f for f in (family(w) for w in normalize(value).split()) if f is not None}


def same_family(draft: str, locked: str) -> bool:
    """A draft's trade names the locked one: the same head noun ("clerk" and "clerk of the
    Harbour Guild", not "treasurer of the Harbour Guild") or its trade family ("dressmaker" and
    "seamstress")."""
    heads = [normalize(v).split(" of ")[0].split()[-1:] for v in (draft, locked)]
    if not heads[0] or not heads[1]:
        return False
    if heads[0] == heads[1]:
        return True
    return family(heads[0][0]) is not None and family(heads[0][0]) == family(heads[1][0])


def trade_findings(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Occupations in the forms above that belong to another trade family than the locked one."""
    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    for sentence in sentences(claims.text):
        if any(sp.start <= sentence.start < sp.end for sp in claims.speeches) or \
                not any(word.lower() in FAMILY for word in _WORDS.findall(sentence.text)):
            continue  # in speech, or no trade's word in it for any form to find
        for m in [m for form in FORMS for m in form.finditer(sentence.text)] + \
                [m for m in _APPOSITIVE.finditer(sentence.text) if _appositive(m)]:
            what = next((f for f in map(family, m.group("what").split()) if f), None)
            if what is None:
                continue
            key = "who" if m.groupdict().get("who") else "poss"
            surface = m.group(key)
            at = sentence.start + m.start(key)
            person = _person(claims, surface, at)
            start, end = sentence.start + m.start(), sentence.start + m.end()
            if person is None or person in done or overlaps_any(found + findings, start, end):
                continue
            pronoun = normalize(surface) in PRONOUNS
            who = claims.name_of(person)
            known = [(value, ev.chapter, ev.quote)  # type: ignore[attr-defined]
                     for _n, value, ev in locked(claims, world, person, who, "occupation")]
            known = known or [(t, s.chapter, s.quote) for t, s in earlier_trades(claims, person)]
            families = {f for value, _c, _q in known for f in _families(value)}
            if not families or what in families:
                continue
            if pronoun and _other_of_trade(claims, world, person, what, surface):
                continue
            value, chapter, quote = known[0]
            done.add(person)
            findings.append(Finding(
                check="canon", severity="WARN",
                message=f"{who}'s trade here is {m.group('what').lower()!r}, but chapter {chapter} "
                        f"makes them {value!r} (people change trades, or hold two)"
                        + (" (the person is only a pronoun)" if pronoun else ""),
                draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                evidence_chapter=chapter, evidence_quote=quote))
    return findings


def _appositive(m: re.Match[str]) -> bool:
    """A trade in apposition to a name: not a past post ("the former clerk") nor a word that
    only looks like one."""
    pre = (m.group("pre") or "").strip().lower()
    return pre not in _PAST and m.group("what").lower() in FAMILY and \
        m.group("what").lower() not in ("light", "school", "inn", "mill", "shop", "forge", "smithy")


def _person(claims: DraftClaims, surface: str, at: int) -> uuid.UUID | None:
    found = claims.person(surface, at)
    if found is None and normalize(surface) not in PRONOUNS and len(surface.split()) > 1:
        found = claims.person(surface.split(None, 1)[1], at)  # "Then Tomas"
    if found is not None and claims.roster.entries[found].type != "character":
        return None
    return found


def _other_of_trade(claims: DraftClaims, world: WorldState, person: uuid.UUID, what: str,
                    pronoun: str) -> bool:
    """Another person the draft mentions, who could be the pronoun, has that trade locked."""
    word = pronoun.lower()
    wanted = "male" if word in MALE_PRONOUNS else "female" if word in FEMALE_PRONOUNS else None
    people = mentioned(claims)
    return any(f.subject_id is not None and f.subject_id != person and f.subject_id in people
               and f.predicate == "occupation" and what in _families(f.value)
               and (wanted is None or gender(claims, f.subject_id) in (wanted, "unknown"))
               for f in world.locked_canon)


# Suffixes that make a word a trade or post whatever the word ("wheelwright", "harbourmaster",
# "seamstress", "fishmonger").
_TRADE_SUFFIX = re.compile(r"^[a-z]{2,}(?:master|mistress|keeper|maker|smith|wright|monger|stress|wife)$")
_PLACES = {"light", "school", "inn", "mill", "shop", "forge", "smithy", "tavern", "alehouse", "bakery"}
# A trade of the past, not of now: "had been a sailor in his youth", "the former clerk".
_BYGONE = re.compile(r"\b(?:(?<!never\s)(?<!not\s)(?<!at\s)once|formerly|former|"
                     r"in\s+(?:his|her|their)\s+youth|"
                     r"as\s+a\s+(?:boy|girl|lad|child)|years\s+(?:ago|before)|used\s+to|"
                     r"before\s+(?:he|she|they)\s+(?:married|came|went)|late|retired|one-time|sometime)\b",
                     re.IGNORECASE)


def bygone(sentence: str) -> bool:
    """The sentence tells a trade of the past ("in his youth", "the former clerk")."""
    return _BYGONE.search(sentence) is not None


def not_so(noun: Any) -> bool:
    """Whether a trade noun says something other than what its holder is: denied ("he could
    be no judge of the evil", Emma) or supposed ("would be the squire", "might be a
    doctor")."""
    verb = noun.head if noun.dep_ in {"attr", "oprd", "acomp"} else None
    return any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children) or (
        verb is not None and any(c.dep_ == "aux" and c.lower_ in MODALS for c in verb.children))


def trade_word(word: str) -> bool:
    """A noun for a person's trade or post: a known trade family, or a trade-making suffix."""
    word = word.lower()
    if word in _PLACES or word.endswith("ing"):
        return False
    return word in FAMILY or word in OCCUPATIONS or word in OFFICES or _TRADE_SUFFIX.match(word) is not None


def predicated_trades(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """A trade noun the parse says is someone's, in narration or speech: "Mara has been a
    seamstress since ...", "Reyes was harbourmaster of this town", "like the wheelwright he
    was", "Elena Voss the chandler was taking down her shutters" — against the locked
    occupation (or an earlier chapter's), by trade family. A WARN: people change trades and
    hold two posts; a trade of the past ("in his youth", "the former clerk") passes."""
    from continuum.pipeline.critic import parsed
    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    for noun in parsed.tokens(claims):
        if noun.pos_ != "NOUN" or not trade_word(noun.lower_):
            continue
        subject = _trade_holder(noun)
        if subject is None:
            continue
        person = parsed.who(claims, subject)
        if person is None or person in done or claims.roster.entries[person].type != "character":
            continue
        sent = noun.sent
        if bygone(sent.text) or any(c.lower_ in _PAST for c in noun.lefts) or not_so(noun):
            continue
        start, end = sent.start_char, sent.end_char
        if overlaps_any(found + findings, start, end):
            continue
        who = claims.name_of(person)
        known = [(value, ev.chapter, ev.quote)  # type: ignore[attr-defined]
                 for _n, value, ev in locked(claims, world, person, who, "occupation")]
        known = known or [(t, s.chapter, s.quote) for t, s in earlier_trades(claims, person)]
        if not known or any(same_family(noun.lower_, value) or _shares_word(noun.lower_, value)
                            for value, _c, _q in known):
            continue
        if subject.pos_ == "PRON" and _other_of_trade(claims, world, person, family(noun.lower_) or "",
                                                      subject.text):
            continue
        value, chapter, quote = known[0]
        done.add(person)
        findings.append(Finding(
            check="canon", severity="WARN",
            message=f"{who} is called {noun.lower_!r} here, but chapter {chapter} makes them "
                    f"{value!r} (people change trades, or hold two)",
            draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
            evidence_chapter=chapter, evidence_quote=quote))
    return findings


def _shares_word(trade: str, value: str) -> bool:
    """"smith" and "blacksmith", "keeper" and "innkeeper of the Lantern Inn"."""
    return any(w == trade or (len(w) > 3 and (w in trade or trade in w)) for w in normalize(value).split())


def _trade_holder(noun):  # type: ignore[no-untyped-def]
    """The token the trade noun is said of: the subject of its copula ("X has been a N"), the
    pronoun of "like the N he was", or a name set beside it ("Elena Voss the chandler", "X,
    the N,"). None for any other use of the noun."""
    head = noun.head
    if noun.dep_ in ("attr", "acomp") and head.lemma_ in ("be", "become"):
        if any(c.dep_ == "neg" for c in head.children) or any(c.dep_ == "mark" for c in head.children):
            return None
        return next((c for c in head.children if c.dep_ == "nsubj"), None)
    relcl = next((c for c in noun.children if c.dep_ == "relcl" and c.lemma_ == "be"), None)
    if relcl is not None and noun.dep_ == "pobj" and head.lower_ in ("like", "as"):
        return next((c for c in relcl.children if c.dep_ == "nsubj" and c.pos_ == "PRON"), None)
    if noun.dep_ == "appos" and head.pos_ == "PROPN":
        return head
    det = noun.i - 1
    before = noun.doc[det - 1] if det >= 1 and noun.doc[det].lower_ == "the" else None
    if before is not None and before.text[:1].isupper() and before.i > noun.sent.start \
            and noun.dep_ in ("nsubj", "appos", "compound"):
        while before.i > noun.sent.start and before.nbor(-1).text[:1].isupper():
            before = before.nbor(-1)  # the name's first word
        return before  # "Elena Voss the chandler was taking down the shutters" (however parsed)
    return None
