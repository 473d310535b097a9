"""The entities stage of the offline extractor: parse once, find names, cluster, type, resolve pronouns.

Typing weighs cues per mention (3 = decisive, 1 = a hint) and sums them per cluster: a
title is decisive for a person, a place head ("Park") or prefix ("Lake") for a place; a
preposition of place ("in X", "stopped at X"), the subject of a speech verb, a possessive
("X's face"), a vocative or an apposition ("X, the old man") are hints. spaCy's label is
one prior per name, not one vote per mention. A cluster with no support, or more
support for "not an entity" ("the Thames", "a Frenchman", an italic title), is dropped.
Every weight is one field of `TypeWeights`, the table below.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from continuum.language.gazetteer import is_known_place
from continuum.language.grammar import NAMING_VERBS, QUANTIFIERS
from continuum.language.names import (
    FEMALE_NAMES,
    MALE_NAMES,
    PERSONAL_TITLES,
    given_gender,
    is_description,
    is_given_name,
    normalize,
    split_honorific,
)
from continuum.language.people import KIN_NOUNS, person_noun_sex
from continuum.language.pronouns import PERSON_RELATIVES
from continuum.language.quotes import quote_regions
from continuum.language.speech import VOCATIVE_LEADS
from continuum.pipeline.extract.heuristic.aliases import (
    Cluster,
    Votes,
    build_forms,
    canonical_name,
    cluster_forms,
    known_kind_prior,
    several_daughters,
    surface_forms,
    titled_person_of_a_slip,
)
from continuum.pipeline.extract.heuristic.answered_names import names_answered
from continuum.pipeline.extract.heuristic.coref import (
    KeyedSpan,
    pronoun_gender_votes,
    resolve_pronouns,
    token_quote_ids,
    token_sentence_ids,
)
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter, ResolvedMention
from continuum.pipeline.extract.heuristic.gates import AssertionGate
from continuum.pipeline.extract.heuristic.mentions import (
    DASHES,
    DEITIES,
    LOCATION_HEADS,
    LOCATION_PREFIXES,
    OF_TITLES,
    SPEECH_VERBS,
    NameMention,
    find_name_mentions,
    previous_word,
    words,
)
from continuum.pipeline.extract.heuristic.narrator import is_vocative
from continuum.pipeline.extract.heuristic.nlp import parse
from continuum.pipeline.extract.heuristic.offices import office_mentions
from continuum.pipeline.extract.heuristic.passes.nominals import (
    descriptive_mentions,
    revealed_name,
)
from continuum.pipeline.extract.heuristic.passes.relation_words import KINDS_OF_PEOPLE
from continuum.pipeline.extract.heuristic.passes.textmap import bracketed
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import CORE_TYPES, EntityItem, Evidence, Mention
from continuum.pipeline.identity.resolve import plural_of
from continuum.pipeline.segment import split_sentences

# The kinds a name is typed between: every core type but an object ("character", "location", "faction").
_KEPT_TYPES = tuple(t for t in CORE_TYPES if t != "object")
_DEITY_WORDS = frozenset(d.lower() for d in DEITIES)


@dataclass(frozen=True)
class TypeWeights:
    """What one piece of evidence adds to a name's vote for a type (3 = decisive, 1 = a hint),
    and for which type. Per mention unless said otherwise; summed per form, then per cluster."""

    # The name itself and the word before it (`_form_cues`).
    custom_head: float = 5.0  # the novel's own type: its head noun ends the name, "Lowood Academy"
    place_prefix: float = 3.0  # location: a place prefix opens it, "Lake Windermere", "Mount Doom"
    title: float = 3.0  # character: a title leads it, "Mr. Darcy", "Lady Catherine"
    title_after_the: float = 0.5  # character: a title after "the", "the Admiral Benbow" (an inn)
    titled_place: float = 3.0  # location: a place head after a title not only a person's, "St. Mary's Church"
    place_head: float = 3.0  # location: a place head ends it, "Netherfield Park"; a place word, "Heaven"
    faction_head: float = 3.0  # faction: a body's head noun ends it, "the East India Company"
    faction_head_alone: float = 1.5  # faction: the head noun alone, "the Company"
    place_suffix: float = 0.7  # location: one word with a place ending, "Hertfordshire", "Portsmouth"
    after_a: float = 1.5  # other: after "a" or "an", "a Frenchman"; a plural after "many" (a kind)
    vessel: float = 3.0  # location: a ship's name, "the good ship Hispaniola", "the Walrus, Flint's ship"
    other_label: float = 0.6  # other: spaCy tags its last word a date, a law, a work of art
    after_the: float = 1.0  # other: after "the", untitled ("the Thames", "the Nellie")
    modifier: float = 0.5  # other: a compound before a noun, "Norfolk coat"
    italics: float = 2.0  # other: in italics, a title, a ship, a foreign phrase
    quoted_alone: float = 1.5  # other: alone in quotation marks, a title, a term, a sign
    person_label_long: float = 0.6  # character: spaCy's PERSON on two words or more, no place head
    # The mention's role in its sentence (`_context_cues`).
    possessive: float = 0.8  # character: an owner, "Klein's", "at Klein's"
    with_object: float = 0.5  # character: "with Elinor"
    done_like: float = 1.0  # character: what one does like someone, "dance like Hillisberg or Parisot"
    in_place: float = 1.5  # location: the object of "in", "across", "near", ...
    at_object: float = 1.5  # "at": character after a look ("laughed at Darcy"), else location
    motion_to: float = 1.5  # location: "to" or "from" after a verb of motion, "went to London"
    talk_to: float = 1.0  # character: "to" or "from" after a verb of talk, "wrote to Jane"
    of_place_noun: float = 1.5  # location: "of" after a place noun, "the town of Meryton"
    person_verb_subject: float = 1.5  # character: the subject of a person's verb, "Elizabeth smiled"
    subject: float = 1.0  # character: the subject of any other verb
    kin_or_body_owner: float = 1.5  # character: the owner of kin or a body, "Darcy's sister", "Jane's eyes"
    visited: float = 1.5  # location: the object of a visit, "reached Pemberley", "left Kent"
    sung: float = 1.5  # other: what is sung, a song, "whenever I sang Old Clem"
    performed: float = 3.0  # other: a part played or a play read, "play Hamlet", "your reading of Hamlet"
    things_called: float = 1.5  # other: what things are called, "calls the knaves Jacks"
    person_gloss: float = 1.5  # character: a person's apposition or "who" clause, "Toots, the pug"
    place_gloss: float = 1.5  # location: a place's apposition, "Longbourn, the village where they lived"
    vocative: float = 1.5  # character: set off as one spoken to, "“Kitty, ...", "..., Lizzy!"
    # A form's mentions together (`analyze_chapter_text`, `_person_surnames`).
    pronoun: float = 0.7  # character: per mention a "he" or "she" takes up, "Darcy walked in; he ..."
    family_plural: float = 1.2  # faction, with the person votes moved to it: "the Bennets", "the Britons"
    given_name: float = 2.0  # character, once: a known given name opens it ("Tomas Marsh", "Jane")
    surname: float = 3.5  # character, per mention: a place head that is a person's surname, "Marsh"
    deity: float = 1.0  # other, replacing every vote: a deity, "God", "the Almighty"
    refrain: float = 1.0  # other, replacing every vote: a song's burden, "--Old Clem!" (`_refrain`)
    # spaCy's label, one prior per name at most this much (`ner_prior`).
    person_label: float = 0.8  # character: PERSON
    org_label: float = 0.4  # character when one word ("Lydia" as ORG), else faction
    place_label: float = 0.8  # location: GPE, LOC or FAC
    gazetteer: float = 1.2  # location, a prior: a country, state or town of the world, "Bristol"


WEIGHTS = TypeWeights()


def analyze_chapter_text(
    text: str, context: StoryContext, custom_types: list[str] | None = None
) -> AnalyzedChapter:
    """Parse a chapter once and find its named entities, their aliases and pronoun mentions."""
    doc = parse(text)
    _people_nouns_are_nouns(doc)
    sentences = [(s.start, s.end) for s in split_sentences(text)]
    customs = _custom_types(context, custom_types)
    known_names = {" ".join(s.lower().split()) for e in context.entities for s in (e.name, *e.aliases)}
    known_words = {w for name in known_names for w in name.split()}
    mentions = find_name_mentions(doc, known_words, known_names)
    sent_ids = token_sentence_ids(doc, sentences)
    quote_ids = token_quote_ids(doc, quote_regions(text))
    not_people = {normalize(n) for e in context.entities if e.type != "character"
                  for n in (e.name, *e.aliases)}
    gender_votes = pronoun_gender_votes(
        doc, [(m.tok_start, m.tok_end) for m in mentions], sent_ids, quote_ids,
        [normalize(m.text) in not_people for m in mentions],
    )

    forms = build_forms(mentions)
    vote_of = {id(m): v for m, v in zip(mentions, gender_votes, strict=True)}
    groups: set[str] = set()
    singulars = known_words | {w for f in forms for w in f.core}
    cores = {f.core for f in forms}
    people_words = {w.lower() for e in context.entities if e.type == "character"
                    for s in (e.name, *e.aliases) for w in s.split()}
    for form in forms:
        grouped = 0
        for m in form.mentions:
            form.types.add(type_votes(doc, m, customs))
            grouped += is_group(doc, m)
            vote = vote_of[id(m)]
            if vote:
                form.pronoun_gender[vote] += 1
                form.types["character"] += WEIGHTS.pronoun
            said = predicated_sex(doc, m.tok_start, m.tok_end)
            if said:
                form.said_sex[said] += PREDICATED_SEX_VOTES
        form.ner = ner_prior(form.mentions)
        if not form.honorifics and form.key == " ".join(form.core) and \
                _world_place(form.core, cores, people_words):
            # "Bristol", "Odessa": a town of the world, however spaCy labels it (its place
            # label says the same thing, so the two are one prior); not a name with a word
            # dropped from it ("the Old Mon", Dracula's devil, is no "Mon").
            form.ner["location"] = max(form.ner["location"], WEIGHTS.gazetteer)
        form.types.add(form.ner)
        if _family_plural(doc, form, singulars, grouped):
            # A family or a people named in the plural ("the Bennets", "the Britons") is a
            # group: whatever its mentions do votes for the group, never for one person.
            groups.add(form.key)
            form.types["faction"] += form.types.pop("character", 0.0) + WEIGHTS.family_plural
        worn_with_the = form.worn_with_the = _mostly_after_the(doc, form)
        if worn_with_the:
            # "the Admiral Benbow", "the Blue Boar", "the Jolly Roger": a name worn with "the"
            # is an inn, a ship, a house or a title, never one of the people.
            form.types.pop("character", None)
        if form.core and form.core[-1] in _DEITY_WORDS:
            form.types = Votes({"other": WEIGHTS.deity})  # a deity is not one of the story's people
        elif _refrain(doc, form.mentions):
            form.types = Votes({"other": WEIGHTS.refrain})  # a song's burden, not someone in it
        first = form.core[0] if form.core else ""
        if (len(form.core) >= 2 or not form.honorifics) and first in MALE_NAMES | FEMALE_NAMES \
                and not worn_with_the:  # "the Union Jack", "the Jolly Roger": no given name
            form.types["character"] += WEIGHTS.given_name
    _person_surnames(doc, forms, context)
    clusters = cluster_forms(forms, context.entities,
                             several_daughters(doc, forms, context.entities, quote_ids))

    entities: dict[str, EntityItem] = {}
    keyed: list[KeyedSpan] = []
    names: list[ResolvedMention] = []
    for cluster in clusters:
        etype = _cluster_type(cluster, customs)
        if etype is None:
            continue
        item = _entity_item(cluster, etype, text, sentences)
        item.kind_votes = {k: round(v, 2) for k, v in sorted(cluster.lasting_votes().items()) if v}
        if etype in ("character", "faction") and all(
                f.key in groups for f in cluster.forms if f.mentions):
            item.gender = "plural"  # a family or a people: "they" may be them
        key, n = item.name, 1
        while key in entities:  # two clusters kept apart under one display name
            n += 1
            key = f"{item.name} ({n})"
        entities[key] = item
        for form in cluster.forms:
            for m in form.mentions:
                keyed.append(KeyedSpan(m.tok_start, m.tok_end, key))
                names.append(ResolvedMention(m.start, m.end, text[m.start:m.end], key, "name"))
    for span in _epithet_characters(doc, text, sentences, context, entities, sent_ids, quote_ids,
                                    keyed):
        keyed.append(KeyedSpan(span.tok_start, span.tok_end, span.key))
        start, end = _char_span(doc, span)
        names.append(ResolvedMention(start, end, text[start:end], span.key, "nominal"))
    for span in office_mentions(doc, context, entities, keyed):
        start, end = _char_span(doc, span)
        item = entities.get(span.key) or _known_item(span.key, text, sentences, start)
        entities[span.key] = item
        item.mentions.append(Mention(start=start, end=end, text=text[start:end]))
        names.append(ResolvedMention(start, end, text[start:end], span.key, "nominal"))
        if item.gender in ("male", "female"):
            keyed.append(span)  # "the squire … he": only a person whose sex the chapter knows
    keyed.sort(key=lambda k: k.tok_start)
    genders = {k: e.gender for k, e in entities.items()
               if e.type == "character" or e.gender == "plural"}
    # A name in an illustration's caption or an editor's note ("[_Copyright 1894 by George
    # Allen._]") is no antecedent: the story's "he" after it is not the publisher.
    in_markup = bracketed(doc, text)
    resolution = resolve_pronouns(
        doc, [k for k in keyed if not in_markup[k.tok_start]], genders, sent_ids, quote_ids,
        aliases={k: e.aliases for k, e in entities.items()}, previous_narrator=context.narrator,
        title=context.chapter_title,
        known={e.name: e.aliases for e in context.entities
               if e.type == "character" and e.gender != "plural"},
        dead=frozenset(e.name for e in context.entities if e.dead),
    )
    pronouns = resolution.mentions
    narrator = resolution.narrator.key
    if narrator is not None and narrator not in entities:
        entities[narrator] = _known_narrator(context, narrator, pronouns)
    if narrator is not None:
        pronouns = _fold_addressed_names(entities, names, pronouns, narrator,
                                         resolution.narrator.addressed)
    pronouns = _fold_answer_calls(context, entities, names, pronouns, resolution.answer_calls,
                                  resolution.vocatives)
    pronouns = _fold_answered_back(entities, names, pronouns, resolution.answered_back,
                                   resolution.vocatives)
    answered = names_answered(doc, quote_ids, keyed, pronouns, entities, _known_names(context))
    pronouns = _fold(entities, names, pronouns, answered,
                     {k: [entities[k].name, *entities[k].aliases] for k in answered}, same_person=True)
    pronouns = _fold_called_listeners(doc, context, entities, names, pronouns, keyed, quote_ids)
    for p in pronouns:
        entities[p.entity_key].mentions.append(Mention(start=p.start, end=p.end, text=p.text))
    resolved = sorted([*names, *pronouns], key=lambda m: (m.start, m.end))
    resolved = _fold_nicknames(doc, context, entities, resolved)
    for item in entities.values():
        item.mentions.sort(key=lambda m: m.start)
    return AnalyzedChapter(text, doc, sentences, entities, resolved,
                           first_person=resolution.narrator.first_person, narrator=narrator)


def _known_narrator(context: StoryContext, key: str, pronouns: list[ResolvedMention]) -> EntityItem:
    """The previous chapter's narrator, not named in this one but telling it as "I"."""
    known = next((e for e in context.entities if e.name == key), None)
    first = next(p for p in pronouns if p.entity_key == key)
    return EntityItem(
        name=key, type="character", aliases=list(known.aliases) if known else [],
        gender=known.gender if known and known.gender in {"male", "female"} else "unknown",
        evidence=Evidence(start=first.start, end=first.end, quote=first.text,
                          rule="narrator: the first-person narrator of the previous chapter",
                          confidence=0.6),
    )


def _fold_addressed_names(
    entities: dict[str, EntityItem], names: list[ResolvedMention],
    pronouns: list[ResolvedMention], narrator: str, addressed: tuple[str, ...],
) -> list[ResolvedMention]:
    """"Then, my dear Handel," said he: a name new to the story that the others only say to
    the narrator (`narrator.NarratorFinding.addressed`) is the narrator's. Its entity goes:
    the name becomes the narrator's alias and its name mentions the narrator's; the
    pronouns the resolver gave it ("he", Herbert's, read near "Handel") are left
    unresolved, since the narrator is "I". Returns the pronouns kept."""
    folded = {k for k in addressed if k in entities and k != narrator
              and entities[k].type == "character"}
    return _fold(entities, names, pronouns, dict.fromkeys(folded, narrator),
                 {k: [entities[k].name, *entities[k].aliases] for k in folded})


def _fold(
    entities: dict[str, EntityItem], names: list[ResolvedMention],
    pronouns: list[ResolvedMention], into: Mapping[str, str], aliases: Mapping[str, list[str]],
    same_person: bool = False,
) -> list[ResolvedMention]:
    """Fold each entity of `into` into its person: its entity goes, `aliases` become the
    person's and its name mentions theirs; the pronouns the resolver gave it are left
    unresolved (read near a name that was someone else's), unless the text says the two are
    one person (`same_person`: "My name is Jaggers"), when they are the person's too.
    Returns the pronouns kept."""
    if not into:
        return pronouns
    for key in sorted(into):
        item, target = entities.pop(key), entities[into[key]]
        for alias in aliases[key]:
            if alias != target.name and alias not in target.aliases:
                target.aliases.append(alias)
        target.mentions.extend(item.mentions)
    names[:] = [ResolvedMention(m.start, m.end, m.text, into[m.entity_key], m.kind)
                if m.entity_key in into else m for m in names]
    if same_person:
        return [ResolvedMention(p.start, p.end, p.text, into[p.entity_key], p.kind)
                if p.entity_key in into else p for p in pronouns]
    return [p for p in pronouns if p.entity_key not in into]


def _fold_answer_calls(
    context: StoryContext, entities: dict[str, EntityItem], names: list[ResolvedMention],
    pronouns: list[ResolvedMention], calls: tuple[tuple[str, str], ...],
    vocatives: Mapping[str, int],
) -> list[ResolvedMention]:
    """'"Well aged parent," said Wemmick … / "All right, John; all right!" replied the old
    man': a given name new to the story, said mostly to call someone (half its mentions or
    more), half of those times or more in answer to one speaker a tag names and never in
    answer to anyone else, nor by that speaker ("Now Joseph," says Pumblechook, answered
    with "No, Joseph"), is that speaker's given name when the speaker is known by a title
    and surname alone and the name is one of the speaker's sex ("Matthew" said to Mr.
    Pocket; not "Jim" said to Dick, who has a given name: the answer may turn to a third
    person). It folds into the speaker like a name said to the narrator (`_fold`), with the
    full name they make ("John Wemmick") for its page;
    `coref.Replies.answer_calls` lists the calls."""
    answered: dict[str, list[str]] = {}
    for name, speaker in calls:
        answered.setdefault(name, []).append(speaker)
    known = _known_names(context)
    folded: dict[str, str] = {}
    for key, speakers in answered.items():
        item, target = entities.get(key), entities.get(speakers[0])
        called = vocatives.get(key, 0)
        mentioned = sum(1 for m in names if m.entity_key == key)
        if item is None or target is None or len(set(speakers)) != 1 or \
                2 * len(speakers) < called or 2 * called < mentioned or \
                item.name.lower() in known or not _given_name_for(item, target):
            continue
        folded[key] = speakers[0]
    # "John", and "John Wemmick": the surname of a person known by a title and surname alone
    aliases = {k: [entities[k].name, f"{entities[k].name} {entities[o].name.split()[-1]}"]
               for k, o in folded.items()}
    return _fold(entities, names, pronouns, folded, aliases)


def _fold_answered_back(
    entities: dict[str, EntityItem], names: list[ResolvedMention],
    pronouns: list[ResolvedMention], calls: tuple[tuple[str, str], ...],
    vocatives: Mapping[str, int],
) -> list[ResolvedMention]:
    """'"… here's what I want to know, Barbecue: …" (Israel Hands) / "Israel," said Silver,
    "your head ain't much account"' (Treasure Island ch. 11): the one a speech calls by a
    name answers it, calling its speaker back by name; the name is the answerer's. It folds
    into them when it is a byname (one word, no given name of the name lists, the entity's
    only name), said mostly to call someone (half its mentions or more), and every time
    answered back by the same speaker, whom the story knows by another name. The name
    becomes the answerer's alias, so the entity the story founded for it earlier joins
    them (`identity.joins.name_twins`). `coref.Replies.answered_back` lists the calls."""
    answered: dict[str, set[str]] = {}
    for name, speaker in calls:
        answered.setdefault(name, set()).add(speaker)
    folded: dict[str, str] = {}
    for key, speakers in answered.items():
        item, target = entities.get(key), entities.get(next(iter(speakers)))
        mentioned = sum(1 for m in names if m.entity_key == key)
        if item is None or target is None or len(speakers) != 1 or item is target or \
                item.type != "character" or item.aliases or " " in item.name or \
                is_given_name(item.name.lower()) or 2 * vocatives.get(key, 0) < mentioned:
            continue
        folded[key] = next(iter(speakers))
    return _fold(entities, names, pronouns, folded, {k: [entities[k].name] for k in folded})


# A person noun said of a name counts as this many pronouns for the entity's sex (not for
# which forms are one person: "Captain Ilse Reyes" and "Reyes was a tall woman" stay one):
# one statement decides it ("Israel Hands … was a careful, wily, old, experienced seaman"),
# twice as many pronouns of the other sex outweigh it (`aliases.Cluster.gender`).
PREDICATED_SEX_VOTES = 2


def predicated_sex(doc: Any, start: int, end: int) -> str | None:
    """The sex a person noun said of a name gives it: the name's copula's complement ("Israel
    Hands was a … seaman"; as the gloss of the subject too: "the coxswain, Israel Hands, was
    a … seaman") or the noun set beside it ("Mr. Dance, a tall man"), by `person_noun_sex`;
    None when none is said, or it is a proper noun ("a German")."""
    head = doc[start:end].root
    nouns = [c for c in head.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
    subject = head.head if head.dep_ == "appos" and head.head.dep_ == "nsubj" else head
    if subject.dep_ == "nsubj" and subject.head.lemma_ == "be":
        nouns += [c for c in subject.head.children if c.dep_ == "attr" and c.pos_ == "NOUN"]
    sexes = {sex for n in nouns if (sex := person_noun_sex(n.lemma_))}
    return sexes.pop() if len(sexes) == 1 else None


def _people_nouns_are_nouns(doc: Any) -> None:
    """'"…," said her father.': the tagger sometimes reads a lowercase word for a kind of
    person at a sentence's end as a proper noun; a word for people written in lowercase is a
    common noun, whatever the tagger says."""
    for tok in doc:
        if tok.pos_ == "PROPN" and tok.is_lower and tok.lower_ in KINDS_OF_PEOPLE:
            tok.pos_, tok.tag_ = "NOUN", "NNS" if tok.tag_ == "NNPS" else "NN"


def _known_names(context: StoryContext) -> set[str]:
    """Every name and alias the story knows, lowercased: a name not among them is new."""
    return {n.lower() for e in context.entities for n in (e.name, *e.aliases)}


def _fold_called_listeners(
    doc: Any, context: StoryContext, entities: dict[str, EntityItem], names: list[ResolvedMention],
    pronouns: list[ResolvedMention], keyed: list[KeyedSpan], quote_ids: list[int],
) -> list[ResolvedMention]:
    """'"_You_ began the evening well, Charlotte," said Mrs. Bennet, with civil self-command, to
    Miss Lucas' (Pride and Prejudice, chapter 5): the one name a quotation calls someone by
    is the one its tag says it is said to. A given name new to the story folds into the
    listener when the story knows the listener by a title and one word alone and the name is
    one of their sex (`_called_by_title`), like a name answered to (`_fold_answer_calls`)."""
    at = {j: span.key for span in keyed for j in range(span.tok_start, span.tok_end)}
    known = _known_names(context)
    folded: dict[str, str] = {}
    for verb in doc:
        if quote_ids[verb.i] or verb.pos_ != "VERB" or verb.lemma_.lower() not in SPEECH_VERBS:
            continue
        listeners = {at[p.i] for c in verb.subtree if c.lower_ == "to" and _said_to(c, verb)
                     for p in c.children if p.dep_ == "pobj" and p.i in at}
        quote = _tagged_quotation(doc, verb, quote_ids) if len(listeners) == 1 else 0
        called = {span.key for span in keyed if quote and quote_ids[span.tok_start] == quote
                  and is_vocative(doc, span, quote_ids)}
        if not quote or len(called) != 1 or listeners == called:
            continue
        (listener,), (name,) = listeners, called
        item, target = entities.get(name), entities.get(listener)
        if item is None or target is None or item.name.lower() in known or \
                target.name.lower() not in known or not _called_by_title(item, target) or \
                folded.get(name, listener) != listener:
            continue
        folded[name] = listener
    return _fold(entities, names, pronouns, folded, {k: [entities[k].name] for k in folded})


def _called_by_title(item: EntityItem, target: EntityItem) -> bool:
    """Whether a one-word name could be the given name of a person the story knows only by a
    title and one word ("Miss Lucas", whose "Lucas" is her family's): a given name of the
    person's sex, and not that word."""
    own = [split_honorific(n) for n in (target.name, *target.aliases)]
    return item.type == target.type == "character" and not item.aliases and \
        len(item.name.split()) == 1 and given_gender(item.name.lower()) == target.gender and \
        all(title and " " not in bare and bare.lower() != item.name.lower() for title, bare in own)


def _said_to(prep: Any, verb: Any) -> bool:
    """Whether a "to" belongs to the speech verb through prepositions and their objects only:
    "said …, to Miss Lucas", which the parser may hang on the "with" before it."""
    tok = prep
    while tok.dep_ in {"prep", "pobj"} and tok.head.i != tok.i:
        tok = tok.head
        if tok.i == verb.i:
            return True
    return False


def _tagged_quotation(doc: Any, verb: Any, quote_ids: list[int]) -> int:
    """The quotation a speech tag closes ('"…," said Mrs. Bennet', '"…," Mrs. Bennet said'),
    with nothing but punctuation and the speaker between; 0 when there is none."""
    speaker = {t.i for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"} for t in c.subtree}
    j = verb.i - 1
    while j >= 0 and not quote_ids[j] and (doc[j].is_punct or doc[j].is_space or j in speaker) \
            and doc[j].text.count("\n") < 2:
        j -= 1
    return quote_ids[j] if j >= 0 else 0


def _given_name_for(item: EntityItem, target: EntityItem) -> bool:
    """Whether a one-word character name could be the given name a person lacks: a given name
    of the person's sex, for a person known by a title and surname alone."""
    return item.type == target.type == "character" and not item.aliases and \
        len(item.name.split()) == 1 and given_gender(item.name.lower()) == target.gender and \
        not any(is_given_name(w.lower()) for n in (target.name, *target.aliases)
                for w in split_honorific(n)[1].split())


def _fold_nicknames(
    doc: Any, context: StoryContext, entities: dict[str, EntityItem],
    resolved: list[ResolvedMention],
) -> list[ResolvedMention]:
    """"Everyone in Saltmere called him Finchy": the nickname is an alias of whoever "him" is.

    The named one (a pronoun or name, the verb's object) must be a character; the nickname a
    one-word, untitled name new to the story, used no more often than its owner's names."""
    at = {m.start: m for m in resolved}
    known = _known_names(context)
    folds: dict[str, str] = {}
    for tok in doc:
        if tok.lemma_.lower() not in NAMING_VERBS or tok.pos_ != "VERB":
            continue
        obj = next((c for c in tok.children if c.dep_ == "dobj"), None)
        name = next((c for c in tok.children if c.dep_ in {"oprd", "xcomp", "attr"}
                     and c.pos_ == "PROPN"), None)
        if obj is None or name is None or obj.i > name.i:
            continue
        owner, nick = at.get(obj.idx), at.get(name.idx)
        if owner is None or nick is None or owner.entity_key == nick.entity_key:
            continue
        item, target = entities.get(nick.entity_key), entities.get(owner.entity_key)
        if item is None or target is None or item.type != "character" or \
                target.type != "character" or item.name.lower() in known or \
                len(item.name.split()) != 1 or item.aliases or \
                len(item.mentions) > len(target.mentions):
            continue
        folds[nick.entity_key] = owner.entity_key
    for nick_key, owner_key in folds.items():
        item = entities.pop(nick_key)
        target = entities[owner_key]
        if item.name not in target.aliases:
            target.aliases.append(item.name)
        target.mentions.extend(item.mentions)
    if not folds:
        return resolved
    return [ResolvedMention(m.start, m.end, m.text, folds.get(m.entity_key, m.entity_key), m.kind)
            for m in resolved]


def _epithet_characters(
    doc: Any, text: str, sentences: list[tuple[int, int]], context: StoryContext,
    entities: dict[str, EntityItem], sent_ids: list[int], quote_ids: list[int],
    keyed: list[KeyedSpan] | None = None,
) -> list[KeyedSpan]:
    """"the stranger", "the old sailor" as a character: an unnamed person the narration keeps
    calling so (`passes/nominals.descriptive_mentions`).

    It counts when the chapter uses it at least twice as a clause's subject, or the story
    already knows it (then its mentions go to the entity carrying it, the revealed name
    included), or the chapter reveals who it is ("the stranger was none other than Ivo
    Marsh": its mentions go to him and it becomes his alias). Mentions are "nominal", not
    names. Adds or extends the EntityItem."""
    found = descriptive_mentions(doc)
    key_at = {i: k.key for k in (keyed or []) for i in range(k.tok_start, k.tok_end)}
    types = {k: e.type for k, e in entities.items()}
    gate = AssertionGate(doc) if found else None
    spans: list[KeyedSpan] = []
    for surface, uses in found.items():
        known = next((e for e in context.entities if e.type == "character" and any(
            n.lower() == surface for n in (e.name, *e.aliases))), None)
        # Only the narration reveals: "The gentleman I speak of is one Mr. Matthew Pocket,"
        # in Jaggers's mouth, does not make the narration's "strange gentleman" Mr. Pocket.
        told = [u for u in uses if not quote_ids[u.head]]
        reveal = revealed_name(doc, told, key_at, types, gate.asserted) if gate else None
        subjects = sum(doc[u.head].dep_ in {"nsubj", "nsubjpass"} for u in uses)
        if known is None and reveal is None and subjects < 2:
            continue
        key = reveal[0] if reveal is not None else known.name if known is not None else surface
        if reveal is not None or (known is not None and not is_description(known.name)):
            # A person with a name now: "the man" after "the blind man, Pew" is anyone
            # (Treasure Island ch. 8, where "the man" is Silver), only the description is his.
            uses = [u for u in uses if u.surface == surface]
        votes = pronoun_gender_votes(doc, [(u.start, u.end) for u in uses], sent_ids, quote_ids)
        male, female = votes.count("male"), votes.count("female")
        gender: Literal["male", "female", "unknown"] = (
            "male" if male > female else "female" if female > male else
            person_noun_sex(surface.split()[-1]) or "unknown")  # type: ignore[assignment]
        mentions = [Mention(start=doc[u.start].idx, end=doc[u.end - 1].idx + len(doc[u.end - 1]),
                            text=text[doc[u.start].idx:doc[u.end - 1].idx + len(doc[u.end - 1])])
                    for u in uses]
        item = entities.get(key)
        if item is None:
            first = mentions[0]
            k = max(0, bisect.bisect_right([a for a, _ in sentences], first.start) - 1)
            a, b = sentences[k] if sentences else (first.start, first.end)
            item = EntityItem(name=key, type="character", gender=gender, aliases=[],
                              evidence=Evidence(start=a, end=b, quote=text[a:b],
                                                rule="names:epithet", confidence=0.6))
            entities[key] = item
        elif item.gender == "unknown":
            item.gender = gender
        if key != surface and surface not in item.aliases:
            item.aliases.append(surface)
        item.mentions.extend(mentions)
        spans.extend(KeyedSpan(u.start, u.end, key) for u in uses)
    return spans


def _char_span(doc: Any, span: KeyedSpan) -> tuple[int, int]:
    """The [start, end) characters of a span of tokens."""
    return doc[span.tok_start].idx, doc[span.tok_end - 1].idx + len(doc[span.tok_end - 1])


def _known_item(name: str, text: str, sentences: list[tuple[int, int]], at: int) -> EntityItem:
    """An item for a person of the story the chapter speaks of without naming ("the squire").
    Its sex is only the one its given name tells, not the story's, which may be a guess from
    the very title of the office ("Captain Ilse Reyes" taken for a man)."""
    k = max(0, bisect.bisect_right([a for a, _ in sentences], at) - 1)
    a, b = sentences[k] if sentences else (at, at)
    told = given_gender(normalize(name.split()[0])) if name.split() else None
    gender: Literal["male", "female", "unknown"] = told or "unknown"  # type: ignore[assignment]
    return EntityItem(name=name, type="character", gender=gender, aliases=[],
                      evidence=Evidence(start=a, end=b, quote=text[a:b], rule="names:office",
                                        confidence=0.6))


def _person_surnames(doc: Any, forms: list[Any], context: StoryContext) -> None:
    """"Tomas Marsh", "Elena Marsh": a place head after a given name is a surname.

    A form's first word is a given name when it names a character on its own and never a
    place ("Tomas", not "Netherfield") or opens a character's full name ("Elena Voss"), in
    this chapter or the story so far. Such
    a name is a person however its last word reads ("Marsh", "Hall", "Wood"), and so is any
    other untitled name with that surname ("Ivo Marsh"), unless written "the …"."""
    kept = {"character", "location", "faction"}
    given: set[str] = set()
    for form in forms:
        best = form.types.best(kept)
        if form.honorifics or not form.core or best is None or best[0] != "character":
            continue
        if len(form.core) == 1 and (form.types["location"] > 0 or len(form.mentions) < 2):
            continue  # "at Netherfield", or one "Netherfield is taken": no given name
        if len(form.core) == 1 or form.core[-1] not in LOCATION_HEADS:
            given.add(form.core[0])
    for known in context.entities:
        if known.type == "character":
            first = known.name.split()[0].lower() if known.name.split() else ""
            if first and first.rstrip(".") not in PERSONAL_TITLES and len(known.name.split()) > 1:
                given.add(first)

    def named_with_the(form: Any) -> bool:
        return sum(word_before(doc, m) == "the" for m in form.mentions) * 2 > len(form.mentions)

    surnames: set[str] = set()
    candidates = [f for f in forms if not f.honorifics and len(f.core) >= 2
                  and f.core[-1] in LOCATION_HEADS and not named_with_the(f)
                  and not {"'s", "\u2019s"} & set(f.words)]  # "Maule's Well" is a place
    for form in candidates:
        if form.core[0] in given:
            surnames.add(form.core[-1])
    for form in candidates:
        if form.core[-1] in surnames:
            form.types["character"] += WEIGHTS.surname * len(form.mentions)


def _custom_types(context: StoryContext, custom_types: list[str] | None) -> list[str]:
    names = list(custom_types or []) + [t.name for t in context.custom_types]
    return [n for n in dict.fromkeys(names) if n not in CORE_TYPES]


def _cluster_type(cluster: Cluster, customs: list[str]) -> str | None:
    """The best-supported type; None when nothing supports it or "not an entity" wins."""
    if cluster.known is not None:
        return _retyped(cluster)
    votes = cluster.type_votes()
    best = votes.best({*_KEPT_TYPES, *customs})
    if best is None or votes["other"] >= best[1]:
        return None
    return best[0]


# A known person, place or group is re-typed when the evidence for another of those kinds is
# decisive (`RETYPE_MIN`) and outweighs the known kind's by `RETYPE_RATIO`: "Kent", taken for a
# person in a letter's heading, is a place once people "leave Kent". The evidence is the whole
# book's so far (the earlier chapters' votes, kept with the entity's versions, and this
# chapter's): "Hammersmith", a person by its one mention in speech, is a place once the next
# chapters send people "to Hammersmith". Without earlier votes (a book read by the LLM
# extractor), this chapter's own evidence decides against a prior worth its earlier mentions.
RETYPE_MIN = 3.0
RETYPE_RATIO = 2.0


def _retyped(cluster: Cluster) -> str:
    """The known entity's type, or the kind the book's evidence so far decisively says it is."""
    assert cluster.known is not None
    known = cluster.known.type
    if known not in _KEPT_TYPES:
        return known
    votes = cluster.own_votes()
    history = cluster.known.kind_votes
    if history:
        votes.add(history)
    best = votes.best(set(_KEPT_TYPES))
    if best is None or best[0] == known:
        return known
    kind, weight = best
    if kind == "character" and votes["other"] < weight and any(
            titled_person_of_a_slip(f, cluster) for f in cluster.forms if f.mentions):
        # "Mr. Blandly" of the "Blandly" once taken for a place; not a play read and played,
        # "your reading of Hamlet" of the "Hamlet" of "the Ghost in Hamlet"
        return kind
    # Without the book's votes, a place becomes a person only against its earlier mentions.
    prior = known_kind_prior(cluster.known) if kind == "character" and not history else 0.0
    decisive = weight >= RETYPE_MIN and weight >= RETYPE_RATIO * max(votes[known] + prior, 0.0)
    return kind if decisive else known


def _entity_item(cluster: Cluster, etype: str, text: str, sentences: list[tuple[int, int]]) -> EntityItem:
    """The EntityItem of a cluster: canonical name, other forms as aliases, all mentions."""
    name = canonical_name(cluster)
    mentions = sorted((m for f in cluster.forms for m in f.mentions), key=lambda m: m.start)
    first = mentions[0]
    rules = sorted({"title" if f.honorifics else "name" for f in cluster.forms if f.mentions})
    confidence = 1.0 if cluster.known is not None else min(1.0, 0.5 + 0.1 * len(mentions))
    gender = cluster.gender() if etype == "character" else "unknown"
    # The evidence is the sentence of the first mention, quoted exactly (text[start:end]).
    k = max(0, bisect.bisect_right([s for s, _ in sentences], first.start) - 1)
    a, b = sentences[k] if sentences else (first.start, first.end)
    if not a <= first.start < b or b - a > 400:
        a, b = max(0, first.start - 150), min(len(text), first.end + 150)
    return EntityItem(
        name=name,
        type=etype,
        aliases=[s for s in surface_forms(cluster) if s != name],
        gender=gender if gender in {"male", "female"} else "unknown",
        # Mention texts as printed ("HISPANIOLA"), not as the parser read them.
        mentions=[Mention(start=m.start, end=m.end, text=text[m.start:m.end]) for m in mentions],
        evidence=Evidence(
            start=a,
            end=b,
            quote=text[a:b],
            rule="names:" + "+".join(rules),
            confidence=round(confidence, 2),
        ),
    )


# --- Typing cues -------------------------------------------------------------------------

_FACTION_HEADS = words(
    """company society army navy regiment church party club guild order brotherhood council
    parliament ministry bank firm league union corps brigade militia congress court family
    families government association academy senate"""
)
_PLACE_SUFFIXES = tuple(words("shire bury borough burgh chester caster minster mouth ville wich"))
_PLACE_WORDS = frozenset({"Heaven", "Hell", "Paradise", "Purgatory"})
_OTHER_LABELS = words("WORK_OF_ART EVENT LAW PRODUCT DATE TIME LANGUAGE")
_IN_PREPS = words(
    """in into inside within near throughout across through outside beyond around over along above
    below past up down aboard"""
)
_MOTION = words(
    """go come return travel walk ride drive move send journey sail remove set run fly hasten hurry
    proceed get arrive depart start bring take carry lead ship emigrate retire escape flee"""
)
# Setting out "for" a place: "started for Little Britain", "set off for Bath", "sailed for
# Bristol", "took coach for Hammersmith" (not "came for Jane" or "sent for Mr. Jones").
_BOUND_FOR = words("start set leave depart sail embark head")
_CONVEYANCES = words("coach ship boat passage carriage chaise post train steamer")
_LOOK = words(
    """look stare gaze glance laugh smile wink nod frown shout peep peer point aim sneer scowl grin
    jeer rail snap glare yell yelp bark growl snarl howl bellow scream hiss swear curse"""
)
# Verbs of seeming: "looked like Paris", "sounded like Bath" compare with anything at all.
_SEEMING = words("be look seem sound feel smell taste appear become")
_VISIT = words("leave visit reach enter quit approach cross explore invade conquer sack tour inhabit")
_SING = words("sing hum whistle chant")  # "sang Old Clem": a song
# "play Hamlet to Joe's Ghost", "your reading of Hamlet": a part played, or a play read
_PERFORM = words("play act perform enact")
_PERFORMANCES = words("reading performance role rôle")  # not "part of London"
_NAMING = words("call name term dub")
_AWAY = words("absent away")  # "absent from Surry", "away from London": where one is not
_TALK_TO = words("say speak talk write reply whisper listen bow turn answer belong")
_PLACE_NOUNS = words(
    """town city village county parish state kingdom streets shire country province provinces
    neighbourhood neighborhood vicinity north south east west castle outskirts environs capital
    coast shores banks part parts centre center middle edge borders empire inhabitants natives
    king queen"""
)
# A place's nouns that gloss its name: "Longbourn, the village where they lived".
# Not every place head: "Jaggers, the head of …", "Joe, the best of fellows", "the end".
_GLOSSING_PLACES = words(
    """village town city county parish kingdom country province neighbourhood neighborhood
    capital park hall street square lane road house lodge castle abbey manor inn church chapel
    bridge river lake mountain hill island isle bay forest valley farm cottage grange palace
    estate seat mansion residence rectory parsonage vicarage prison gaol harbour port coast
    heath moor marsh beach cove""")
# A ship is a place people are on, though the text calls her "she": "the good ship
# Hispaniola", "the old Walrus, Flint's old ship".
_VESSEL_NOUNS = words("""ship schooner brig brigantine sloop frigate barque bark vessel yacht
    steamer steamship packet cutter galleon lugger clipper""")
_PERSON_VERBS = words(
    """say cry reply answer ask exclaim think feel smile laugh know believe hope wish love marry
    tell hear speak talk sigh nod whisper shout remember want wonder look return"""
)
_KIN_BODY = words(
    """wife husband father mother son daughter sister brother uncle aunt cousin friend friends eyes
    eye face hand hands voice head heart mind arm arms lips hair feet life death manner manners
    name servant master mistress"""
)
# What only a person has "of" them: "the death of poor Fairfax", "the daughter of Mr. Bennet"
# (not "the heart of London", "the face of the country").
_KIN_OF = KIN_NOUNS | words("death funeral friend widow servant")
_OPEN_QUOTES = frozenset({"\u201c", "\u2018", '"', "'"})
_CLOSE_QUOTES = frozenset({"\u201d", "\u2019", '"', "'"})
_VOCATIVE_DEPS = words("npadvmod intj ROOT dep appos nsubj dobj")
# What sets a gloss off from its name: "Toots, the … pug"; not "Drat that boy" (an oath).
_SETTING_OFF = frozenset({",", "-", "--", "\u2014", "("})
_BEFORE_VOCATIVE = _OPEN_QUOTES | {","} | VOCATIVE_LEADS  # "“Kitty, …", "Ah Newton!", "my dear Handel,"
_AFTER_VOCATIVE = frozenset({",", "!", "?", ".", ";", "\u201d", "\u2019", '"'})


def ner_prior(mentions: list[NameMention]) -> Votes:
    """The NER labels of a form's mentions as one prior worth at most 0.8.

    The small model decides mostly from the word itself, so repeated labels are one piece
    of evidence, not many. It tags many one-word personal names ORG; bodies that really are
    organisations carry a head noun ("Company") that votes on its own.
    """
    prior = Votes()
    for m in mentions:
        if m.label == "PERSON":
            prior["character"] += WEIGHTS.person_label
        elif m.label == "ORG":
            prior["character" if len(m.words) == 1 else "faction"] += WEIGHTS.org_label
        elif m.label in {"GPE", "LOC", "FAC"}:
            prior["location"] += WEIGHTS.place_label
    return Votes({k: v / len(mentions) for k, v in prior.items()}) if mentions else prior


_PERSONAL_TITLES_WITH_THE = frozenset([
    "mr", "mrs", "miss", "ms", "master", "mister", "sir", "lady", "lord", "dr", "doctor",
    "reverend", "rev", "honourable"])


def _world_place(core: tuple[str, ...], cores: set[tuple[str, ...]], people_words: set[str]) -> bool:
    """Whether a name is a place of the gazetteer and no given name, no word of a person the
    story knows ("Weston", "Bingley": towns too), nor the first or last words of a longer
    name the chapter prints that is none ("Ogden" of "Ogden Ford", "Washington" of "George
    Washington"; "York" of "New York" still is)."""
    if not core or core[0] in MALE_NAMES | FEMALE_NAMES or core[0] in people_words or \
            core[-1] in people_words or not is_known_place(" ".join(core)):
        return False
    n = len(core)
    return not any(len(other) > n and core in (other[:n], other[-n:])
                   and not is_known_place(" ".join(other)) for other in cores)


def _mostly_after_the(doc: Any, form: Any) -> bool:
    """Whether most mentions of a singular, untitled name come right after "the"."""
    if set(form.honorifics) & _PERSONAL_TITLES_WITH_THE or not form.mentions:
        return False
    if form.core and form.core[-1].endswith("s"):
        return False  # "the Bennets": a family, decided apart
    after = sum(1 for m in form.mentions if word_before(doc, m) == "the")
    return 2 * after > form.count


def _family_plural(doc: Any, form: Any, singulars: set[str], grouped: int) -> bool:
    """A family or a people: "the Bennets", "the Miss Lucases", "the Britons" — not "Bones".

    One plural word, mostly tagged plural, that is the plural of a name word the chapter or
    the story knows ("Bennet") or mostly comes after "the"; a title with such a plural
    ("Miss Lucases") too."""
    if len(form.core) != 1 or not form.core[0].endswith("s"):
        return False
    known_plural = plural_of(form.core[0], singulars - {form.core[0]})
    if form.honorifics:
        return known_plural
    after_the = sum(1 for m in form.mentions if word_before(doc, m) == "the")
    if known_plural and grouped and 2 * grouped >= form.count:
        return True  # "The Blaines were … They were the Blaines of Lake Geneva" (one read as a place)
    return 2 * grouped > form.count and (known_plural or 2 * after_the > form.count)


def is_group(doc: Any, m: NameMention) -> bool:
    """A people or a family named in the plural ("the Huns", "the Bennets")."""
    tok = doc[m.tok_end - 1]
    if m.honorifics or tok.dep_ in {"amod", "compound"} or not m.words[-1].endswith("s"):
        return False
    if m.label in {"GPE", "LOC", "FAC"} or m.words[-1].lower() in LOCATION_HEADS:
        return False
    return tok.tag_ in {"NNPS", "NNS"} or (m.label == "NORP" and tok.pos_ != "ADJ")


REFRAIN_MIN = 3


def _refrain(doc: Any, mentions: list[NameMention]) -> bool:
    """A name sung as a song's burden: most of its mentions in the chapter, and at least
    `REFRAIN_MIN`, are a whole exclamation after a dash ("hammer boys round--Old Clem! With a
    thump and a sound--Old Clem!", Great Expectations ch. 12), which a person's name called
    out is not: a call opens its sentence or follows a comma ("Jane!", "Oh, Jane!")."""
    sung = sum(1 for m in mentions if m.tok_start > 0 and m.tok_end < len(doc)
               and doc[m.tok_start - 1].text in DASHES and doc[m.tok_end].text == "!")
    return sung >= REFRAIN_MIN and 2 * sung > len(mentions)


def _head_of(doc: Any, m: NameMention) -> Any:
    head = doc[m.tok_end - 1]
    while head.head.i != head.i and m.tok_start <= head.head.i < m.tok_end:
        head = head.head
    while head.dep_ == "conj" and head.head.i < head.i:
        head = head.head  # "from Selby and Nuttall": conjuncts share the first one's role
    return head


def type_votes(doc: Any, m: NameMention, custom_types: list[str]) -> Votes:
    """Weighted evidence for the type of one mention (`TypeWeights`: 3 = decisive, 1 = a hint)."""
    votes = Votes()
    head_word = m.words[-1].lower()
    for custom in custom_types:  # a novel's own type wins on its head noun: "Lowood Academy"
        if head_word == custom.replace("_", " ").split()[-1].lower():
            votes[custom] += WEIGHTS.custom_head
    votes.add(_form_cues(doc, m, head_word))
    votes.add(_context_cues(doc, m))
    return votes


def _form_cues(doc: Any, m: NameMention, head_word: str) -> Votes:
    """Cues from the name itself and the word before it."""
    votes = Votes()
    before = word_before(doc, m)
    place_head = len(m.words) > 1 and head_word in LOCATION_HEADS
    if m.words[0].lower() in LOCATION_PREFIXES and len(m.words) > 1 and not m.honorifics:
        votes["location"] += WEIGHTS.place_prefix
    elif m.honorifics and not (m.honorifics[0] in OF_TITLES and "of" in m.words):
        if place_head and not set(m.honorifics) & PERSONAL_TITLES:
            votes["location"] += WEIGHTS.titled_place
        else:
            votes["character"] += WEIGHTS.title if before != "the" else WEIGHTS.title_after_the
    elif place_head or (len(m.words) == 1 and m.words[0] in _PLACE_WORDS):
        votes["location"] += WEIGHTS.place_head
    elif head_word in _FACTION_HEADS:
        votes["faction"] += WEIGHTS.faction_head if len(m.words) > 1 else WEIGHTS.faction_head_alone
    elif len(m.words) == 1 and head_word.endswith(_PLACE_SUFFIXES):
        votes["location"] += WEIGHTS.place_suffix
    if before in {"a", "an"} or (before in QUANTIFIERS and head_word.endswith("s")):
        votes["other"] += WEIGHTS.after_a  # "a Frenchman", "many Johns": a kind, not a name
    if before in _VESSEL_NOUNS or _vessel_apposition(doc, m):
        votes["location"] += WEIGHTS.vessel  # "the good ship Hispaniola", "the Walrus, Flint's old ship"
    if is_group(doc, m):
        pass  # a people or a family: voted once per form, in analyze_chapter_text
    elif m.label is None and doc[m.tok_end - 1].ent_type_ in _OTHER_LABELS:
        votes["other"] += WEIGHTS.other_label
    elif before == "the" and not m.honorifics:
        votes["other"] += WEIGHTS.after_the  # rivers, ships, inns, buildings: "the Thames", "the Nellie"
    last = doc[m.tok_end - 1]
    if last.dep_ == "compound" and last.head.pos_ == "NOUN":
        votes["other"] += WEIGHTS.modifier  # "Norfolk coat", "Bologna sausage": a name used as a modifier
    if before == "_":
        votes["other"] += WEIGHTS.italics  # italics: a title, a ship, a foreign phrase
    after = doc[m.tok_end].text if m.tok_end < len(doc) else ""
    if before in _OPEN_QUOTES and after in _CLOSE_QUOTES:
        votes["other"] += WEIGHTS.quoted_alone  # a name alone in quotation marks: a title, a term, a sign
    if m.label == "PERSON" and len(m.words) > 1 and head_word not in LOCATION_HEADS:
        votes["character"] += WEIGHTS.person_label_long
    return votes


def word_before(doc: Any, m: NameMention) -> str:
    """The word before a name, lowercased, across the line break and indent of a letter set
    out in the text ("the good ship\n     HISPANIOLA"); "" at the start."""
    j = previous_word(doc, m.tok_start)
    return doc[j].lower_ if j is not None else ""


def _vessel_apposition(doc: Any, m: NameMention) -> bool:
    """"the old Walrus, Flint's old ship": a ship's noun in apposition to the name."""
    head = _head_of(doc, m)
    return any(c.dep_ == "appos" and c.lemma_.lower() in _VESSEL_NOUNS for c in head.children) or (
        head.dep_ == "appos" and head.head.lemma_.lower() in _VESSEL_NOUNS)


def _among_places(head: Any) -> bool:
    """A name listed with two or more common nouns for places: "Lakes, mountains, and rivers"
    (one is as likely a misparse: "Kirby & John's mills")."""
    return sum(c.pos_ == "NOUN" and (c.lemma_.lower() in LOCATION_HEADS or c.lemma_.lower() in _PLACE_NOUNS)
               for c in head.conjuncts) >= 2


def _across_quote(doc: Any, verb: Any, head: Any) -> bool:
    """Whether a quotation mark stands between a name's phrase and the verb it is parsed
    under; not the marks a name is printed in ('staggered into the " Coach and Horses "')."""
    low, high = sorted((verb.i, head.left_edge.i))
    return any(doc[k].is_quote for k in range(low + 1, high - 1))


def _speech_apart(doc: Any, verb: Any, head: Any) -> bool:
    """Whether a quotation mark stands anywhere between a subject and its verb: the parser hung
    a quotation's first word on the speech tag after it ('“Drat that boy,” interposed my
    sister', '“Tar!” cried my sister', Great Expectations ch. 2 and 4)."""
    low, high = sorted((verb.i, head.i))
    return any(doc[k].is_quote for k in range(low + 1, high))


def _things_called(head: Any, verb: Any) -> bool:
    """Whether a naming verb gives the name to things, a plural noun for no kind of people:
    "He calls the knaves Jacks", "to call those picture-cards Jacks" (the parser hangs the
    cards on the name); not "called his sons Tom and Ned"."""
    named = [c for c in verb.children if c.dep_ == "dobj" and c.i != head.i]
    named += [c for c in head.children if c.dep_ == "compound" and c.pos_ == "NOUN"]
    return any(t.tag_ == "NNS" and t.lemma_.lower() not in KINDS_OF_PEOPLE for t in named)


def _context_cues(doc: Any, m: NameMention) -> Votes:
    """Cues from the syntactic role of the mention in its sentence."""
    votes = Votes()
    head = _head_of(doc, m)
    gov = head.head
    if m.tok_end < len(doc) and doc[m.tok_end].lower_ in {"'s", "\u2019s"}:
        votes["character"] += WEIGHTS.possessive  # "Klein's", "at Klein's": owners are mostly people
    elif head.dep_ == "pobj" and gov.lower_ == "with":
        votes["character"] += WEIGHTS.with_object
    elif head.dep_ in {"nsubj", "nsubjpass", "dobj", "pobj"} and _among_places(head):
        votes["location"] += WEIGHTS.in_place  # "Lakes, mountains, and rivers shall not be jumbled"
    elif head.dep_ == "pobj" and _across_quote(doc, gov.head, head):
        pass  # '"…, to the Lakes," said …': the parser hung the quotation's words on the tag
    elif head.dep_ == "pobj":
        prep, verb = gov.lower_, gov.head
        if prep in _IN_PREPS:
            votes["location"] += WEIGHTS.in_place
        elif prep == "at":
            if verb.pos_ == "NOUN" and verb.dep_ == "dobj":
                verb = verb.head  # "yelped fearful promises at Toots": the verb of the promises
            votes["character" if verb.lemma_ in _LOOK else "location"] += WEIGHTS.at_object
        elif prep in {"to", "from", "towards", "toward"} and verb.lemma_ in _MOTION or (
                prep == "from" and verb.lower_ in _AWAY):
            votes["location"] += WEIGHTS.motion_to  # "went to Bath", "absent from Surry"
        elif prep == "for" and (verb.lemma_ in _BOUND_FOR or verb.lemma_ == "take" and any(
                c.dep_ == "dobj" and c.lemma_ in _CONVEYANCES for c in verb.children)
                or verb.pos_ == "NOUN" and verb.lemma_ in _CONVEYANCES):
            # "started for London", "took coach for Hammersmith", "the steamer for Hamburg"
            votes["location"] += WEIGHTS.motion_to
        elif prep in {"to", "from", "towards", "toward"} and verb.lemma_ in _TALK_TO:
            votes["character"] += WEIGHTS.talk_to
        elif prep == "from" and verb.lemma_ == "descend":
            votes["character"] += WEIGHTS.kin_or_body_owner  # "descended from Attila": an ancestor
        elif prep == "like" and verb.lemma_ not in _SEEMING and (verb.pos_ == "VERB" or (
                verb.dep_ == "conj" and verb.head.pos_ == "VERB")) and not (
                m.tok_start > 0 and doc[m.tok_start - 1].lower_ in {"a", "an"}):
            # "dance like Parisot" (a "sing …, and dance like" too); not "looked like Paris",
            # nor "lain like a Trojan" (one of a kind)
            votes["character"] += WEIGHTS.done_like
        elif prep == "of" and verb.lemma_.lower().split("-")[-1] in _PLACE_NOUNS:
            votes["location"] += WEIGHTS.of_place_noun
        elif prep == "of" and verb.pos_ == "NOUN" and verb.lemma_.lower() in _PERFORMANCES:
            votes["other"] += WEIGHTS.performed  # "your reading of Hamlet"
        elif prep == "of" and verb.pos_ == "NOUN" and verb.lemma_.lower() in _KIN_OF:
            votes["character"] += WEIGHTS.kin_or_body_owner  # "the death of poor Fairfax"
    elif head.dep_ in {"nsubj", "nsubjpass"} and gov.pos_ == "VERB" and _speech_apart(doc, gov, head):
        pass  # '“Drat that boy,” interposed my sister': a quotation's word is not the tag's speaker
    elif head.dep_ in {"nsubj", "nsubjpass"} and gov.pos_ == "VERB":
        votes["character"] += WEIGHTS.person_verb_subject if gov.lemma_ in _PERSON_VERBS else WEIGHTS.subject
    elif head.dep_ == "poss" and gov.lemma_.lower() in _KIN_BODY:
        votes["character"] += WEIGHTS.kin_or_body_owner
    elif head.dep_ == "dobj" and gov.lemma_ in _VISIT:
        votes["location"] += WEIGHTS.visited
    elif head.dep_ == "dobj" and gov.lemma_ in _SING:
        votes["other"] += WEIGHTS.sung
    elif head.dep_ == "dobj" and gov.lemma_ in _PERFORM:
        votes["other"] += WEIGHTS.performed
    if head.dep_ in {"oprd", "dobj"} and gov.lemma_ in _NAMING and _things_called(head, gov):
        votes["other"] += WEIGHTS.things_called
    set_off = m.tok_end < len(doc) and doc[m.tok_end].text in _SETTING_OFF
    for child in head.children:
        if child.i >= m.tok_end and (
            (child.dep_ == "appos" and child.lemma_.lower() in KINDS_OF_PEOPLE and set_off)
            or (child.dep_ == "relcl" and any(c.lower_ in PERSON_RELATIVES for c in child.children))
        ):
            votes["character"] += WEIGHTS.person_gloss  # "Toots, the ... pug", "Opechancanough, who was ..."
        elif child.i >= m.tok_end and child.dep_ == "appos" and child.pos_ == "NOUN" and \
                child.lemma_.lower() in _GLOSSING_PLACES:
            votes["location"] += WEIGHTS.place_gloss  # "Longbourn, the village where they lived"
    if (
        head.dep_ in _VOCATIVE_DEPS
        and m.tok_start > 0
        and m.tok_end < len(doc)
        and doc[m.tok_start - 1].lower_ in _BEFORE_VOCATIVE
        and doc[m.tok_end].text in _AFTER_VOCATIVE
        and (doc[m.tok_start - 1].text, doc[m.tok_end].text) != (",", ",")  # not a list item
    ):
        votes["character"] += WEIGHTS.vocative  # "“Kitty, ...", "..., Lizzy!"
    return votes
