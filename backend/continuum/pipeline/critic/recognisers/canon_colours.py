"""Hair and eye colours beyond "her red hair": comparisons and similes ("her hair came down,
as brown as a hazelnut"), "the colour of X" ("hair the colour of wet sand"), "like X" ("hair
like spun gold"), "X-coloured hair", colour words predicated through a clause chain ("their
hair whipped loose and both of them as red as the bracken"), and owners given as "their"
(the two or three people the paragraph has just named)."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any

from continuum.language.colours import COLOUR_WORDS, COMPARED, VARIANTS
from continuum.language.names import PRONOUNS, PROPER_NAME, normalize
from continuum.language.prose import paragraphs
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import overlaps_any
from continuum.pipeline.critic.recognisers.canon_record import (
    PARTS,
    against_locked,
    by_pronoun,
    colour_meant_other,
    owner,
)

PART_WORDS = {"hair", "eyes", "eye", "beard", "curls", "locks", "tresses", "plait", "plaits", "braid",
              "braids", "moustache", "whiskers"}
# A part's predicate ("curls" are hair).
PART_OF = {"eyes": "eyes", "eye": "eyes", "beard": "beard", "moustache": "beard", "whiskers": "beard"}
_CHAIN = ("advcl", "conj", "acomp", "attr", "oprd", "xcomp", "advmod", "npadvmod", "appos", "amod")
_PLURAL = {"their", "both", "they", "each"}


@dataclass(frozen=True)
class ColourClaim:
    """A colour the draft gives someone's hair or eyes, and how it says so."""

    part: Any  # the hair/eyes token
    colour: str  # a bare colour word
    direct: bool  # the colour sits on the part itself, not through a clause chain
    plural: bool  # the owner is "their" / "both of them"
    start: int
    end: int


def colour_of(tok: Any) -> tuple[str, bool] | None:
    """The colour a token gives, and whether it is a bare colour word: "red", "coppery", "the
    colour of straw" (the noun "colour"), "like copper" (the preposition), "straw-coloured"."""
    word = tok.lower_
    if word in COLOUR_WORDS and tok.pos_ in ("ADJ", "NOUN", "PROPN", "VERB"):
        return word, True
    if word in VARIANTS and tok.pos_ in ("ADJ", "NOUN"):
        return VARIANTS[word], True
    if word in ("colour", "color", "shade", "hue") or (word == "like" and tok.pos_ == "ADP"):
        of = tok if word == "like" else next((c for c in tok.children if c.lower_ == "of"), None)
        thing = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if thing is None and word == "like":  # "hair like spun gold", parsed as a verb
            thing = next((t for t in tok.doc[tok.i + 1:tok.i + 4] if t.lower_ in COMPARED), None)
        return _thing_colour(thing)
    if word in ("coloured", "colored") and tok.i >= 2 and tok.doc[tok.i - 1].text == "-":
        colour = COMPARED.get(tok.doc[tok.i - 2].lower_)
        return (colour, False) if colour else None
    return None


def _thing_colour(thing: Any) -> tuple[str, bool] | None:
    """"a raven's wing" → black (the possessor), "spun gold" → fair, "the dead bracken" → red."""
    if thing is None:
        return None
    for tok in (thing, *(c for c in thing.children if c.dep_ in ("poss", "compound"))):
        colour = COMPARED.get(tok.lower_) or COMPARED.get(tok.lemma_.lower())
        if colour:
            return colour, False
    return None


def _is_part(tok: Any) -> bool:
    return bool(tok.lower_ in PART_WORDS and tok.pos_ in ("NOUN", "PROPN"))


def part_of(tok: Any) -> tuple[Any, bool] | None:
    """The hair/eyes noun a colour token describes, and whether directly: a modifier of the
    noun, a predicate of a clause whose subject it is, or (not directly) a comparison hanging
    off such a clause ("her hair came down ..., as brown as a hazelnut"). None when the colour
    has a subject of its own that is some other thing ("her face as red as a beet")."""
    node, hops = tok, 0
    if tok.lower_ == "like":  # "hair like copper", "her hair shone like copper"
        if _is_part(tok.head):
            return tok.head, True
        if tok.i > 0 and _is_part(tok.doc[tok.i - 1]):
            return tok.doc[tok.i - 1], True
        node, hops = tok.head, 1
    while hops < 4:
        if hops == 1 and node.pos_ == "VERB" and tok.dep_ in ("advcl", "oprd", "xcomp", "acomp", "ccomp"):
            worn = next((c for c in node.children if c.dep_ == "dobj" and _is_part(c)), None)
            if worn is not None:  # "shook out hair as black as ...", "wore her hair red"
                return worn, False
        own = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if own is not None:
            if _is_part(own):
                return own, (hops <= 1 and node.lemma_ == "be") or node == tok
            if own.pos_ != "PRON" or own.lower_ not in _PLURAL | {"it"}:
                return None
            if own.lower_ == "it":
                return None
        if _is_part(node) and node != tok:
            return node, hops <= 1
        if node.dep_ not in _CHAIN or node.head.i == node.i:
            return None
        if node.dep_ in ("amod", "appos") and _is_part(node.head):
            return node.head, True
        node, hops = node.head, hops + 1
    return None


def not_a_colour_claim(tok: Any, part: Any) -> bool:
    """"eyes red with weeping", "hair white with flour", "not black", "no longer red": a state
    or a denial, not the colour the person has."""
    if any(c.dep_ == "prep" and c.lower_ in ("with", "from") for c in tok.children):
        return True
    if part.lower_ in ("eyes", "eye") and tok.lower_ in ("red", "pink", "raw"):
        return True
    heads = [tok, tok.head, part.head]
    return any(c.dep_ == "neg" or c.lower_ in ("longer", "never") for h in heads for c in h.children)


def claims_in(claims: DraftClaims) -> list[ColourClaim]:
    """Every colour the draft's narration gives a hair/eyes noun, in any of the forms above."""
    from continuum.pipeline.critic import parsed

    out: list[ColourClaim] = []
    for tok in parsed.tokens(claims):
        colour = colour_of(tok)
        if colour is None or parsed.quoted(claims, tok):
            continue
        found = part_of(tok)
        if found is None:
            continue
        part, direct = found
        if any(c.part.i == part.i for c in out) or not_a_colour_claim(tok, part):
            continue
        poss = next((c for c in part.children if c.dep_ == "poss"), None)
        own = next((c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        plural = (poss is not None and poss.lower_ == "their") or (own is not None and own.lower_ in _PLURAL)
        out.append(ColourClaim(part, colour[0], direct and colour[1], plural,
                               tok.sent.start_char, tok.sent.end_char))
    return out


_PERSON = re.compile(rf"\b{PROPER_NAME}")


def named_before(claims: DraftClaims, at: int) -> list[uuid.UUID]:
    """The characters named in the paragraph before an offset (else in the paragraph before
    that): who "their" can mean. Empty when it is not two or three people."""
    paras = [p for p in paragraphs(claims.text) if p.start <= at]
    for para in reversed(paras[-2:]):
        people: list[uuid.UUID] = []
        for m in _PERSON.finditer(claims.text, para.start, min(at, para.end)):
            words = m.group().split()
            for i in range(len(words)):
                surface = " ".join(words[i:])
                if normalize(surface) in PRONOUNS:
                    break
                who = claims.person(surface)
                if who is not None:
                    if who not in people and claims.roster.entries[who].type == "character":
                        people.append(who)
                    break
        if people:
            return people if 2 <= len(people) <= 3 else []
    return []


# "black-haired", "grey-eyed", "red-headed": a colour joined to a part by a hyphen.
HYPHENATED = {"haired": "hair", "headed": "hair", "eyed": "eyes", "bearded": "beard"}
_DESCRIBED = ("conj", "appos", "amod", "acomp", "attr", "advcl", "npadvmod", "dobj", "nsubj")


def hyphenated_colours(claims: DraftClaims, world: Any, found: list[Any]) -> list[Any]:
    """"Jonah Crane, clerk, thin, black-haired, ...", "the grey-eyed innkeeper": a colour
    hyphenated to a part, said of the person the description hangs on (its head chain up to a
    name or a resolved nominal), else of the last person named in the paragraph before it.
    Always a WARN: a description may be of someone else the sentence names."""
    from dataclasses import replace

    from continuum.pipeline.critic import parsed
    findings: list[Any] = []
    doc = parsed.doc_of(claims)
    for tok in parsed.tokens(claims):
        if tok.i + 2 >= len(doc) or doc[tok.i + 1].text != "-" or doc[tok.i + 2].lower_ not in HYPHENATED:
            continue
        colour = colour_of(tok) or (lambda c: (c, False) if c else None)(COMPARED.get(tok.lower_))
        if colour is None:
            continue
        part = HYPHENATED[doc[tok.i + 2].lower_]
        sent = tok.sent
        if overlaps_any(found + findings, sent.start_char, sent.end_char):
            continue
        owner = _described(claims, doc[tok.i + 2])
        if owner is None:
            continue
        finding = against_locked(claims, world, owner, claims.name_of(owner), PARTS[PART_OF.get(part, part)],
                                  colour[0], sent.start_char, sent.end_char)
        if finding is not None:
            findings.append(replace(finding, severity="WARN",
                                    message=f"{finding.message} (in a description: "
                                            f"'{tok.text}-{doc[tok.i + 2].text}')"))
    return findings


_FORM_NAME = re.compile(rf"\bName:\s*(?P<who>{PROPER_NAME})")


def _described(claims: DraftClaims, word: Any) -> uuid.UUID | None:
    """The person a hyphenated description is of: up its head chain, the person on a form's
    "Name:" line, else the last person named in the paragraph before it."""
    from continuum.pipeline.critic import parsed

    node = word
    for _ in range(5):
        if node.pos_ in ("PROPN", "NOUN", "PRON") and node.i != word.i:
            who = parsed.who(claims, node)
            if who is not None and claims.roster.entries[who].type == "character":
                return who
        if node.dep_ not in _DESCRIBED or node.head.i == node.i:
            break
        node = node.head
    para_start = claims.text.rfind("\n\n", 0, word.idx) + 1
    form = _FORM_NAME.search(claims.text, para_start, word.idx)  # "Name: Jonah Crane. ... Description:"
    if form is not None:
        who = claims.person(form.group("who"), form.start("who"))
        if who is not None:
            return who
    for start, _end, name in sorted(claims.spans, reverse=True):
        if para_start <= start < word.idx and normalize(name) not in PRONOUNS:
            who = claims.person(name)
            if who is not None and claims.roster.entries[who].type == "character":
                return who
    return None


def compared_colours(claims: DraftClaims, world: Any, found: list[Any]) -> list[Any]:
    """Colours in comparisons and other forms against the locked colour: a FAIL only for a named
    owner with the colour on the part itself ("Mara's hair was the colour of straw"), else a
    WARN; silent when a pronoun owner may mean someone else who has that colour."""
    from dataclasses import replace

    findings: list[Any] = []
    for claim in claims_in(claims):
        if overlaps_any(found + findings, claim.start, claim.end):
            continue
        predicate = PARTS[PART_OF.get(claim.part.lower_, "hair")]
        if claim.plural:
            owners, sure = named_before(claims, claim.part.idx), False
        else:
            person = owner(claims, claim.part)
            pronoun = by_pronoun(claim.part)
            if person is None or (pronoun and colour_meant_other(claims, world, person, predicate,
                                                                 claim.colour, claim.part)):
                continue
            owners, sure = [person], claim.direct and not pronoun
        for person in owners:
            finding = against_locked(claims, world, person, claims.name_of(person), predicate,
                                     claim.colour, claim.start, claim.end)
            if finding is None:
                continue
            if not sure:
                how = " (said of them together)" if claim.plural else \
                    " (the owner is only a pronoun)" if by_pronoun(claim.part) else \
                    " (said in a comparison or a clause beside the hair or eyes)"
                finding = replace(finding, severity="WARN", message=finding.message + how)
            findings.append(finding)
            break
    return findings
