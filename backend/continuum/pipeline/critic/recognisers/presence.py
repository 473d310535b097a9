"""possession: an object physically present in the draft's scene that should not be there.

An object is present when the narration makes it the subject of a verb of the story's now, of
any kind ("the brass key on its string knocked against her collarbone", "the compass glinted in
the lamplight"), or of a fronted verb of lying or hanging ("on the corner of the desk lay the
silver compass"). The parse of such sentences is often wrong, so "the brass key [on its
string] <past-tense verb>" is also read from the words. Then:

- a lost or destroyed object is back (FAIL for its full name; WARN when the paragraph may be
  a memory or the verb is a verb of lying somewhere, which may be where it was lost);
- a held object lies or hangs in a scene its holder is nowhere in (WARN: it may have been lent
  off the page), naming whose place it is when the sentence says so ("Aldous's desk", "where
  Aldous had left it").
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from continuum.language.names import CAPITALISED_RUN
from continuum.language.prose import in_speech, sentences
from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.reads.world_state import WorldState

NAME = "possession"
# Verbs of lying, hanging or shining somewhere: the thing is in the scene, nobody need hold it.
RESTING = {"lie", "lay", "sit", "hang", "rest", "stand", "wait", "gleam", "glint", "glitter", "shine",
           "dangle", "swing", "lean", "perch", "nestle", "sparkle", "wink", "catch"}
# Verbs with an object as subject that do not put it in the scene now.
ABSENT = {"be", "have", "sink", "vanish", "disappear", "go", "fall", "drown", "rust", "rot", "seem",
          "mean", "matter", "belong", "remain", "stay", "haunt", "come", "get", "become", "cost",
          "need", "deserve", "lose", "leave", "used"}
# Where a lost thing still is: "the brass key lay in the harbour mud" is consistent.
LOSS_PLACES = {"harbour", "harbor", "sea", "mud", "bottom", "seabed", "depths", "deep", "silt",
               "weed", "river", "riverbed", "grave", "ashes", "ruins", "wreck", "drift", "tide"}
_PAST_IRREGULAR = {"swung", "hung", "lay", "sat", "shone", "struck", "caught", "rang", "beat",
                   "bit", "stood", "spun", "slid", "stuck", "clung", "rode", "rose", "sprang",
                   "shook", "broke", "flew", "lit", "dug", "wound"}
_FRONTED = "lay|hung|sat|stood|rested|waited|gleamed|glinted|glittered|shone|dangled|swung|leaned|perched"
# A sentence that opens on a place: "On the corner of the desk, ... lay the silver compass".
_PLACE_FIRST = re.compile(r"^(?:On|In|At|Under|Beneath|Beside|Among|Against|Behind|Inside|Upon|Over|"
                          r"Across|By|Near|Between|Above|Below|There|Here|Round|Around)\b")
_MODIFIER = (r"(?:\s+(?:on|in|at|round|around|from|with|upon|under|by)\s+"
             r"(?:its|her|his|their|the|a|an)\s+[a-z]+)?")


def check(claims: DraftClaims, world: WorldState, taken: list[Finding]) -> list[Finding]:
    """Lost objects back in the scene and held objects lying where their holder is not."""
    from continuum.pipeline.critic import parsed

    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    doc = parsed.doc_of(claims)
    for thing, start, _tok, verb in _present(claims, world, doc):
        if thing in done or in_speech(claims.speeches, start) is not None:
            continue
        sentence = next((s for s in sentences(claims.text) if s.start <= start < s.end), None)
        if sentence is None or overlaps_any(taken + findings, sentence.start, sentence.end):
            continue
        clause = sentence.text.lower()
        name = claims.name_of(thing)
        if thing in world.gone_objects:
            if verb.lemma_ in RESTING and any(re.search(rf"\b{p}\b", clause) for p in LOSS_PLACES):
                continue  # "the brass key lay in the harbour mud": where it was lost
            gone = world.gone_objects[thing]
            doubt = "the paragraph may be a memory" if parsed.remembered(claims, sentence.start) else None
            findings.append(Finding(
                check=NAME, severity="WARN" if doubt else "FAIL",
                message=f"the {name} is here ({verb.text}), but it was {gone.how} in chapter "
                        f"{gone.evidence.chapter}" + (f" ({doubt})" if doubt else ""),
                draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
                evidence_chapter=gone.evidence.chapter, evidence_quote=gone.evidence.quote))
        elif thing in world.holders and verb.lemma_ in RESTING:
            held = world.holders[thing]
            owner, since = held.owner, held.evidence
            if _in_draft(claims, owner, doc):
                continue  # the holder is in the scene: it may be theirs to put down
            other = _someone_else(claims, owner, sentence.start, sentence.end, doc)
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=f"the {name} is here ({verb.text}"
                        + (f", with {claims.name_of(other)}" if other is not None else "")
                        + f"), but {claims.name_of(owner)} holds it since chapter {since.chapter} "
                          f"and is not in this chapter",
                draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
                evidence_chapter=since.chapter, evidence_quote=since.quote))
        else:
            continue
        done.add(thing)
    return findings


def _present(claims: DraftClaims, world: WorldState, doc: Any) -> list[tuple[uuid.UUID, int, Any, Any]]:
    """(object, offset, noun token, verb) for each established object the narration makes present."""
    from continuum.pipeline.critic import parsed
    from continuum.pipeline.critic.checks.possession import INDEFINITE, object_phrase

    tracked = set(world.gone_objects) | set(world.holders)
    out: list[tuple[uuid.UUID, int, Any, Any]] = []
    for tok in parsed.tokens(claims):
        if tok.pos_ != "NOUN":
            continue
        verb = tok.head
        inverted = tok.dep_ in ("dobj", "attr") and verb.lemma_ in RESTING \
            and not any(c.dep_ in parsed.SUBJECTS for c in verb.children) \
            and any(c.i < verb.i and (c.dep_ == "prep" or c.lower_ in ("there", "here"))
                    for c in verb.children)
        if not ((tok.dep_ == "nsubj" and verb.pos_ == "VERB" and verb.lemma_ not in ABSENT) or inverted):
            continue
        if _not_now(verb):
            continue
        det = next((c.lower_ for c in tok.children if c.dep_ == "det"), "the")
        phrase = object_phrase(claims, tok)
        thing = claims.bind(phrase, "object") if phrase is not None and det not in INDEFINITE else None
        if phrase is None or thing is None or thing not in tracked or not _full(claims, phrase, thing):
            continue
        out.append((thing, tok.idx, tok, verb))
    # the words, where the parse lost the verb: "the brass key on its string knocked against ..."
    for thing in tracked:
        name = claims.name_of(thing)
        if len(name.split()) < 2:
            continue
        words = r"\s+".join(re.escape(w) for w in name.split())
        for m in re.finditer(rf"\b[Tt]he\s+{words}\b{_MODIFIER}\s+(?:\w+ly\s+)?(?P<verb>[a-z]+)\b",
                             claims.text):
            span = doc.char_span(m.start("verb"), m.end("verb"))
            if span is None:
                continue
            verb = span[0]
            past = verb.tag_ == "VBD" or verb.lower_ in _PAST_IRREGULAR or verb.lower_.endswith("ed")
            if not past or verb.lemma_ in ABSENT or verb.lower_ in ("was", "had", "were", "used") \
                    or _not_now(verb, loose=True):
                continue  # right after the noun phrase, with no auxiliary: a simple past
            out.append((thing, m.start(), None, verb))
        for m in re.finditer(rf"(?P<verb>{_FRONTED})\s+the\s+{words}\b", claims.text):
            sentence = next((x for x in sentences(claims.text) if x.start <= m.start() < x.end), None)
            span = doc.char_span(m.start("verb"), m.end("verb"))
            if sentence is None or span is None or not _PLACE_FIRST.match(sentence.text) or \
                    _not_now(span[0], loose=True):
                continue  # "On the workbench, under the lamp, lay the silver thimble"
            out.append((thing, m.start(), None, span[0]))
    return sorted(out, key=lambda item: item[1])


def _not_now(verb: Any, loose: bool = False) -> bool:
    """The verb is not an act of the story's now: perfect, modal, negated, non-finite or
    reported ("she remembered how the brass key hung there"). Loose: the words already show a
    simple past, whatever the tagger says ("bumped" tagged as a participle)."""
    from continuum.pipeline.critic import parsed

    if any(c.dep_ == "neg" for c in verb.children) or parsed.reported(verb):
        return True
    if loose:
        return any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    if verb.pos_ != "VERB":
        return True
    return bool(not parsed.finite(verb) or parsed.perfect_or_modal(verb))


def _full(claims: DraftClaims, phrase: str, thing: uuid.UUID) -> bool:
    """The draft names the object in full ("the silver compass", not "the compass")."""
    return len(phrase.split()) >= len(claims.name_of(thing).split()) >= 2


def _in_draft(claims: DraftClaims, person: uuid.UUID, doc: Any) -> bool:
    """The person is named (or resolved by the extractor) anywhere in the draft."""
    name = claims.name_of(person)
    if any(claims.person(n) == person for _s, _e, n in claims.spans):
        return True
    for ent in doc.ents:
        if claims.person(ent.text) == person or same_person(ent.text, name):
            return True
    return any(claims.person(m.group()) == person
               for m in re.finditer(rf"\b{CAPITALISED_RUN}", claims.text))


def _someone_else(claims: DraftClaims, owner: uuid.UUID, start: int, end: int, doc: Any) -> uuid.UUID | None:
    """A person the sentence ties the object's place to ("Aldous's desk", "where Aldous had
    left it"), other than the holder."""
    for m in re.finditer(rf"\b{CAPITALISED_RUN}", claims.text[start:end]):
        who = claims.person(re.sub(r"['’]s$", "", m.group()), start + m.start())
        if who is not None and who != owner and claims.roster.entries[who].type == "character":
            return who
    return None
