"""The typed result of extraction: one Pydantic model per pass, shared by every extractor.

Offsets are character offsets into the whole chapter text (never chunk-relative).
Entity references inside passes are surface names; the spine resolves them to ids.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

CORE_TYPES = ("character", "location", "faction", "object")

PASS_NAMES = (
    "chapter_summary",
    "new_entities",
    "state_deltas",
    "events",
    "thread_updates",
    "continuity_flags",
    "relationship_updates",
    "dynamics_updates",
    "scene_segmentation",
    "multi_granularity_summaries",
    "knowledge_state_deltas",
    "commitments",
    "canon_facts",
)


class Evidence(BaseModel):
    """Where an item comes from: offsets into the chapter, the quote, the rule, a confidence."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str
    rule: str
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)


class Mention(BaseModel):
    """One surface occurrence of an entity in the chapter."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str


class EntityItem(BaseModel):
    """new_entities: an entity named in the chapter, with its aliases and mentions."""

    name: str
    type: str = "character"
    aliases: list[str] = Field(default_factory=list)
    description: str | None = None
    gender: Literal["male", "female", "plural", "unknown"] = "unknown"
    owner: str | None = None
    parent: str | None = None
    mentions: list[Mention] = Field(default_factory=list)
    evidence: Evidence
    # What this chapter's text says of the entity's kind, per kind ({"location": 3.0}): the
    # offline reader's evidence, summed over the book to re-decide a kind (`KnownEntity`).
    kind_votes: dict[str, float] = Field(default_factory=dict)


StateKind = Literal[
    "moved_to", "arrived_at", "left", "gained", "gave", "received", "lost", "destroyed",
    "died", "killed", "married", "engaged", "injured", "status",
]


class StateDelta(BaseModel):
    """state_deltas: a change in where someone is, what they hold, or their status."""

    kind: StateKind
    subject: str
    object: str | None = None
    value: str | None = None
    evidence: Evidence


class EventItem(BaseModel):
    """events: something that happened (realis), with its participants."""

    type: str
    summary: str
    subject: str | None = None
    verb: str
    object: str | None = None
    participants: list[str] = Field(default_factory=list)
    impact: float = Field(default=0.5, ge=0.0, le=1.0)
    story_order: int | None = None
    evidence: Evidence


class ThreadUpdate(BaseModel):
    """thread_updates: a plot thread opened, advanced or closed."""

    thread: str
    action: Literal["open", "progress", "close"]
    summary: str
    entities: list[str] = Field(default_factory=list)
    evidence: Evidence


class ContinuityFlagItem(BaseModel):
    """continuity_flags: foreshadowing, a setup or a callback worth tracking."""

    kind: Literal["foreshadowing", "setup", "callback"]
    description: str
    entities: list[str] = Field(default_factory=list)
    evidence: Evidence


class RelationshipUpdate(BaseModel):
    """relationship_updates: a relationship stated, started or ended in this chapter."""

    source: str
    target: str
    type: str
    symmetric: bool = False
    ended: bool = False
    evidence: Evidence


class DynamicsUpdate(BaseModel):
    """dynamics_updates: the tone and tension between two characters in this chapter."""

    a: str
    b: str
    tone: str
    tension: float = Field(default=0.0, ge=0.0, le=1.0)
    evidence: Evidence


class SceneItem(BaseModel):
    """scene_segmentation: one scene with its POV, place, time and cast."""

    index: int
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    pov: str | None = None
    location: str | None = None
    time_anchor: str | None = None
    present: list[str] = Field(default_factory=list)
    summary: str = ""


class Summaries(BaseModel):
    """multi_granularity_summaries: short, medium and long summaries of the chapter."""

    short: str = ""
    medium: str = ""
    long: str = ""


class KnowledgeDelta(BaseModel):
    """knowledge_state_deltas: a character learns a fact."""

    knower: str
    fact: str
    certainty: float = Field(default=1.0, ge=0.0, le=1.0)
    how: Literal["told", "witnessed", "discovered", "deduced", "overheard", "read"] = "told"
    source: str | None = None
    shared_with: list[str] = Field(default_factory=list)
    evidence: Evidence


class CommitmentItem(BaseModel):
    """commitments: a setup planted (Chekhov's gun) or its payoff."""

    kind: Literal["setup", "payoff"]
    key: str
    detail: str
    trigger: str | None = None
    weight: float = Field(default=0.5, ge=0.0, le=1.0)
    evidence: Evidence


class BackReferenceItem(BaseModel):
    """A sentence of the chapter that refers back to an earlier vow, agreement, arrangement,
    warning, prediction, bargain, debt or thing left in keeping, as done before the story's now
    ("Elena had sworn on the harbour wall that ...", "exactly as they had agreed at the fair",
    "the debt he owed Tomas"). Not a pass of its own: the critic looks the act up in the
    earlier chapters (was it made on the page?), the wiki does not store it."""

    kind: str = Field(
        description="the act: promise, agree (arrange, settle terms), warn (warn, predict, "
                    "foretell), debt (borrow, lend, owe), deposit (left in keeping, put by); "
                    "for a commitment noun, the noun's lemma (bargain, oath, wager, ...)")
    form: Literal["clause", "as", "noun"] = Field(
        description="clause: told as a past-perfect clause of its own ('had sworn that ...'); "
                    "as: a clause on what it pays off ('exactly as they had agreed'); noun: a "
                    "noun with a clause placing it in the past ('the bargain they had struck')")
    head: str = Field(description="the word that names the act as written, lower case "
                                  "('promised', 'bargain')")
    label: str = Field(description="who did what, for a reader: 'what Hal had sworn (that he "
                                   "would ...)'")
    content: str = Field(default="", description="what the act was about, in the text's words")
    capitalised: list[str] = Field(default_factory=list, description="the capitalised words of "
                                   "`content`, of which the critic sets people's names aside")
    said_before: list[str] = Field(default_factory=list, description="the chapter's sentences "
                                   "before it that tell an act of its kind ('promised', 'owed'), "
                                   "for the critic to look for the act's own words in")
    occasion: str | None = Field(default=None, description="the occasion it is pinned to as "
                                 "written ('on the harbour wall', 'in his last letter')")
    occasion_words: list[str] = Field(default_factory=list, description="the lower-case words "
                                      "naming the occasion's place or event ('harbour', 'wall')")
    occasion_written: bool = Field(default=False, description="the occasion is a letter or "
                                   "message, whose text the earlier chapters need not give")
    spoken: bool = Field(default=False, description="said inside quoted speech")
    needs_shown_occasion: bool = Field(default=False, description="it refers back only if "
                                       "its occasion is one the earlier chapters show (a simple "
                                       "past in speech or an as-clause, a bare participle on a noun)")
    evidence: Evidence


class PayoffItem(BaseModel):
    """A sentence that acts on a thing set up before the story's now: "just as he had sworn he
    would" ("wording"), a thing a past-perfect clause sets up ("the tin box his father had buried
    there forty years ago", "structure"), or a thing delivered by referring back to someone's
    spoken act ("the chart Ivo had promised her", "delivered"). Not a pass of its own: the critic
    looks for the setup in the earlier chapters, the wiki does not store it."""

    form: Literal["wording", "structure", "delivered"] = Field(
        description="wording: a payoff phrase ('as he had sworn he would', 'all these years'); "
                    "structure: a past-perfect clause setting the thing up, or 'as he had "
                    "promised' on the verb acting on it; delivered: a thing delivered by "
                    "referring back to a spoken act ('the chart Ivo had promised her')")
    thing: str = Field(description="the thing paid off, its specific words in lower case "
                                   "('sea chest'); for a person delivered, their name")
    person: bool = Field(default=False, description="the thing is a person's name ('Silas Webb, "
                                                    "whose name Jonah had shouted')")
    spoken: bool = Field(default=False, description="said inside quoted speech")
    soft: bool = Field(default=False, description="the setting up may be recent or is marked "
                                                  "only by 'at last', or the thing is named "
                                                  "earlier in the chapter")
    verb: str = Field(default="", description="delivered: the verb of the act as written "
                                              "('promised')")
    verb_lemma: str = Field(default="", description="delivered: its lemma ('promise')")
    speaker: str = Field(default="", description="delivered: who did it, as written")
    speaker_named: bool = Field(default=False, description="delivered: written as a proper name")
    speaker_start: int | None = Field(default=None, description="delivered: the chapter offset "
                                                                 "of who did it")
    occasions: list[list[str]] = Field(default_factory=list, description="delivered: the "
                                       "lower-case words naming the place or event of each "
                                       "occasion the act is pinned to (not a letter)")
    told_before: bool = Field(default=False, description="delivered: the chapter tells of the act "
                              "before it (a sentence with the thing's words and the same verb, or "
                              "the thing inside quoted speech)")
    capitalised: list[str] = Field(default_factory=list, description="the capitalised words of "
                                   "its sentence ('Mara', 'Tomas'), of which the critic sets "
                                   "people's names aside")
    evidence: Evidence


class ToldAct(BaseModel):
    """A sentence that tells an act a later chapter may refer back to: "Elena swore on the
    harbour wall that she would find him" tells a vow (and every family a vow word tells), '"The
    reef will have one of them," she said.' a warning. The critic finds the act "she had sworn"
    of a later chapter here when a sentence of its family has its key words; the wiki does not
    store it."""

    families: list[str] = Field(description="the keys of the families of acts it tells "
                                            "(`language.promises.acts_told`: 'vow', 'debt', 'warn')")
    words: list[str] = Field(description="its content words, crudely stemmed (`content_words`)")


class Exchange(BaseModel):
    """A request answered with a short assent: '"Not your father. Make sure of it." / "I will,"
    said Mara.' The critic finds the act a later chapter refers back to ("as she had sworn")
    here when the sentences asked before the answer have its key words; the wiki does not
    store it."""

    start: int = Field(ge=0, description="where the answer starts")
    asked: list[list[str]] = Field(description="the words of each sentence in the few hundred "
                                               "characters before the answer (one of them the request), "
                                               "lower case as written, stop words aside")


class FactFrame(BaseModel):
    """How the sentence around a canon fact gives it: the offline reader's marks on any
    extractor's fact (the critic's canon check weighs them; an LLM is not asked for them)."""

    then: bool = Field(default=False, description="told in a time clause, so about that time: "
                                                  "'since he was fourteen', 'when her hair was red'")
    bygone: bool = Field(default=False, description="the sentence tells of the past: 'in his "
                                                    "youth', 'the former clerk'")
    spoken: bool = Field(default=False, description="inside quoted speech")
    pronoun_led: bool = Field(default=False, description="the evidence begins with 'he' or 'she'")
    pronoun: str | None = Field(default=None, description="the evidence's first third-person "
                                                          "singular pronoun, lower case ('her')")
    names: list[str] = Field(default_factory=list, description="the names the evidence writes, "
                             "each with its tails ('Then Elena Marsh', 'Elena Marsh', 'Marsh')")
    names_before: list[str] = Field(default_factory=list, description="the same from the "
                                    "sentence's start to the evidence's end")
    sentence_start: int | None = None  # the sentence holding the evidence's start, if any
    sentence_end: int | None = None


class CanonFactItem(BaseModel):
    """canon_facts: a stable fact about an entity (age, eye colour, title, kinship...)."""

    subject: str
    predicate: str
    value: str
    kind: str = "attribute"
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    evidence: Evidence
    frame: FactFrame | None = None  # the offline reader's marks (`passes/canon_frames`)


class DatedAge(BaseModel):
    """An age at a dated event: "I was nine years old the year the Kestrel went down", "Tomas was
    fifteen when Mara was born" (form "event"), or an age then and the years since: "thirty years
    ... since I came to it a young fellow of two-and-twenty" (form "since"). The critic sums the
    years since the event against the locked age; the wiki does not store it."""

    form: Literal["event", "since"]
    who: str = Field(description="whose age, as written: a name, 'I', 'he' or 'she'")
    who_start: int = Field(ge=0, description="the chapter offset of `who`")
    age: int
    event: str = Field(default="", description="event: what dates it ('the Kestrel went down')")
    born: str | None = Field(default=None, description="event: the name whose birth dates it")
    wreck: bool = Field(default=False, description="event: a ship going down or wrecked")
    years: int | None = Field(default=None, description="since: the years since the age")
    spoken: bool = False  # inside quoted speech
    speaker: str | None = None  # in speech, the quotation's speaker as written, and its offset
    speaker_start: int | None = None
    # a "he"/"she" speaker: the names written in each paragraph before it (nearest first,
    # within 2,000 characters), for the one person of that gender they name
    names_before: list[list[str]] = Field(default_factory=list)
    sentence_start: int = Field(ge=0)
    sentence_end: int = Field(ge=0)
    evidence: Evidence


class RoleNaming(BaseModel):
    """A person the words call by a role noun, for the critic's reading of "said the
    innkeeper": a name (or "he", "she") then "is", "was", "had been" or "has been" and, within
    sixty characters of the same sentence, "a", "an" or "the" with the noun among the three
    words after it ("Elena Voss was a widow, and the landlady of the Lantern", "She had been
    the landlady there"); a name with the noun set off after it ("Redruth, the gamekeeper"); or
    "the NOUN, NAME" ("the coxswain, Israel Hands"). One record per noun the words may make the
    role (lower case words of three letters or more); the critic keeps, for a noun, the first
    naming of each stretch of words, as a search for that noun would."""

    noun: str = Field(description="the role noun, lower case ('landlady')")
    who: str = Field(description="the person as written: a name, 'he' or 'she'")
    start: int = Field(ge=0, description="where the naming begins: the name, or the 'the' "
                       "of 'the coxswain, Israel Hands'")
    end: int = Field(ge=0, description="where the noun ends")
    named_after: bool = Field(default=False, description="the name follows the noun "
                              "('the coxswain, Israel Hands')")


class DatedEvent(BaseModel):
    """An event a sentence dates by the years before the story's now: "lost at sea eleven years
    before, when his ship went down" (11 years, a wreck: "went down"). The critic sums an age
    at the same event in a later chapter ("I was nine years old the year the Kestrel went
    down") with the years since, against the locked age."""

    years: int = Field(description="how many years before: 'eleven years before', 'five years ago'")
    wreck: str | None = Field(default=None, description="the sentence's words of a ship going "
                              "down or wrecked, as written ('went down'), if it has any")
    start: int = Field(ge=0, description="where the sentence begins")
    quote: str = Field(description="the sentence")


class Referent(BaseModel):
    """A word that stands for someone: a name ("Tomas"), a pronoun, or a nominal, as written."""

    text: str
    start: int = Field(ge=0)
    proper: bool = False  # a proper name, read with its compound parts ("Captain Ilse Reyes")
    pronoun: bool = False


class NameRun(BaseModel):
    """A name as written in a stretch of the draft: a run of capitalised words ("Mr. Ivo Marsh",
    "Ivo") or of initials ("I. M."), with the words around it that make it say who someone is.
    The offline reader's record for the critic's knowledge check, which matches the names of
    secret identities against it."""

    words: list[str] = Field(description="the words as written, without a trailing full stop "
                                         "or possessive ('Mr', 'Ivo', 'Marsh')")
    start: int = Field(ge=0)
    initials: bool = Field(default=False, description="letters each with its full stop ('I. M.')")
    after_is: bool = Field(default=False, description="'is' or 'was' just before it")
    copula_gap: int | None = Field(default=None, description="words (0-2) between it and an "
                                   "is/was/were/be/been before it ('was his brother Ivo': 2)")
    after_for_as: bool = Field(default=False, description="'for' or 'as' just before it")
    alive_after: bool = Field(default=False, description="'alive', 'living', 'come home', ... "
                                                         "within 40 characters after it, same clause")


class NamedSentence(BaseModel):
    """A sentence of a character's words, with the names in it."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    question: bool = False
    as_dead: bool = Field(default=False, description="it speaks of someone as dead, gone or "
                                                     "remembered ('drowned', 'poor', 'would have')")
    names: list[NameRun] = Field(default_factory=list)
    stems: list[str] = Field(default_factory=list, description="its content words, stemmed")
    proper: list[str] = Field(default_factory=list, description="its proper names' words, lower case")


class KinMention(BaseModel):
    """A kinship said in speech: of the one spoken to ("your brother"), of someone named
    ("Tomas's brother"), or as who someone is ("That is my son-in-law's brother")."""

    how: Literal["yours", "owned", "identity"]
    kin: str = Field(description="the kin noun, lower case")
    owner: str | None = Field(default=None, description="owned: the word before 's")
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str
    near: list[str] = Field(default_factory=list, description="yours: the capitalised words "
                                                              "around the speech (whom it is said to)")


class QuotedSpeech(BaseModel):
    """A quotation with its speaker as written, its sentences and the kinships said in it: the
    offline reader's record for the critic's knowledge check."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    speaker: str | None = None
    speaker_at: int | None = None
    sentences: list[NamedSentence] = Field(default_factory=list)
    alive_now: bool = Field(default=False, description="it speaks of the story's own day or of "
                                                       "things at hand, not only of the past")
    kin: list[KinMention] = Field(default_factory=list)


class NameWriting(BaseModel):
    """Narration in which someone puts names to paper or to someone's face: "Elena Voss wrote
    ... Mr. Ivo Marsh" (opening), "greeted him as Ivo Marsh" (addressed), "struck the name Ivo
    Marsh off the roll" (marking), with the names in the verb's clause."""

    how: Literal["opening", "addressed", "marking"]
    verb: str = Field(description="the verb's lemma")
    verb_text: str = Field(description="the verb as written, lower case")
    writer: Referent
    start: int = Field(ge=0, description="the sentence's start")
    end: int = Field(ge=0, description="the sentence's end")
    names: list[NameRun] = Field(default_factory=list)


class Voice(BaseModel):
    """A stretch of narration that is a character's own words though not in quotation marks:
    the clause under a narrated verb of saying or believing ("she told Sal that the keeper was
    Ivo Marsh"), what follows the colon of a verb of writing ("and wrote: To Ivo Marsh"), or a
    letter, note or diary laid into the chapter ("From Harriet Finch's household book:", a
    signature at its foot, a letter read aloud inside a quotation). The offline reader's record
    for the critic's knowledge check; who the words belong to is bound by the critic."""

    how: Literal["reported", "written", "document"] = Field(
        description="reported: the clause of a verb of saying or believing; written: the words "
                    "after a verb of writing and its colon; document: a letter, note or diary")
    start: int = Field(ge=0, description="where the character's words begin")
    end: int = Field(ge=0, description="where they end")
    who: Referent = Field(description="the word that names whose words they are: the verb's "
                                      "subject, or the owner or signer of a document as written")
    initials: bool = Field(default=False, description="the document is signed with initials "
                                                      "only ('O. H.')")
    cue: str = Field(description="the verb's lemma, or the words that make the document theirs")
    sentences: list[NamedSentence] = Field(default_factory=list)
    paragraph_start: int = Field(default=0, ge=0, description="where the paragraph of the word "
                                                              "that names whose words they are begins")


class Cognition(BaseModel):
    """A narrated verb of knowing, realising or recognising with a subject ("He knew now that
    the bearded man was Ivo Marsh"), not negated, not in a question, not in speech. The
    offline reader's record for the critic's knowledge check, which asks whether the clause
    says who a person of a secret identity is."""

    verb: str = Field(description="the verb's lemma (know, realise, recognise, ...)")
    verb_text: str = Field(description="the verb as written, lower case")
    start: int = Field(ge=0, description="the verb's offset")
    subject: Referent = Field(description="the verb's subject as written")
    clause_start: int = Field(ge=0, description="where the verb's clause begins, after the verb")
    clause_end: int = Field(ge=0, description="where the verb's clause ends")
    sentence_start: int = Field(ge=0)
    sentence_end: int = Field(ge=0)
    told_before: bool = Field(default=False, description="a verb of telling in the paragraphs "
                                                         "just before (someone may have told him)")
    names: list[NameRun] = Field(default_factory=list, description="the names in its clause")
    quote_start: int = Field(default=0, ge=0, description="the plain sentence around the verb")
    quote_end: int = Field(default=0, ge=0)


class ModalNaming(BaseModel):
    """A proper name in narration, in a clause of the story's present or future with a modal
    and no perfect ("so that Ivo would know whose it was", "She would not send a bill after Ivo
    Marsh"), with the person whose clause holds it: the critic's knowledge check reads it as
    that person thinking of the one named as alive and about."""

    name: str = Field(description="the name's word as written")
    before: str | None = Field(default=None, description="the word before it as written")
    start: int = Field(ge=0, description="the name's offset")
    thinker: Referent = Field(description="the subject of the clause that holds the name")
    sentence_start: int = Field(ge=0)
    sentence_end: int = Field(ge=0)
    root_start: int = Field(ge=0, description="the offset of the sentence's main verb")
    quote_start: int = Field(default=0, ge=0, description="the plain sentence around the main verb")
    quote_end: int = Field(default=0, ge=0)


class Act(BaseModel):
    """A verb and who does it, as the chapter tells it ("Ilse Reyes was walking along the harbour
    wall", "Warden Hale's voice rang out"), with how it is told: in the story's now or before it,
    in a main clause, in speech, remembered. One record a verb and subject (a verb with none has
    one record without a subject). The offline reader's record for the critic's entity check,
    which asks whether the dead act."""

    verb: str = Field(description="the verb's lemma")
    verb_text: str = Field(description="the verb as written, lower case")
    start: int = Field(ge=0, description="the verb's offset")
    subject: Referent | None = Field(default=None, description="who does it as written: the "
                                     "verb's subject, or the owner of a part or trace of them")
    through: str | None = Field(default=None, description="the part or trace of the person that "
                                "is the subject ('voice' of 'Reyes's voice rang out')")
    sentence_start: int = Field(ge=0)
    sentence_end: int = Field(ge=0)
    quoted: bool = Field(default=False, description="the subject (the verb, when it has none) "
                         "is inside quoted speech")
    finite: bool = Field(default=False, description="a verb with a tense of its own or a progressive")
    before_now: bool = Field(default=False, description="told of before the story's now: a perfect, "
                             "a modal or 'used to' its sentence does not date in the story's day")
    recent: bool = Field(default=False, description="a past perfect its sentence dates in the "
                         "story's own day ('had signed it that morning')")
    today: bool = Field(default=False, description="its sentence names a time of the story's own "
                        "day or week ('that morning', 'yesterday', 'an hour before')")
    reported: bool = Field(default=False, description="under a verb of memory, thought or speech")
    relative: bool = Field(default=False, description="a relative clause or a clause on a noun")
    main_clause: bool = Field(default=False, description="the sentence's main verb or one "
                              "coordinated with it")
    copula: bool = Field(default=False, description="'be' with no place or company: a state, "
                         "not an act ('was tired', not 'was at the helm')")
    tense: Literal["past", "present"] | None = Field(default=None, description="present for a "
                                                     "present or modal form, past for a past one")
    remembered: bool = Field(default=False, description="the paragraph frames a memory before "
                             "the sentence")
    recollection: bool = Field(default=False, description="the sentence speaks of memory or "
                               "semblance ('came back to him', 'as if')")
    until_death: bool = Field(default=False, description="the sentence bounds it by a death "
                              "('until the day she died')")


class Utterance(BaseModel):
    """A passage of quoted speech with whoever says it as written ('"Two men on the stairs,"
    said Captain Reyes'), and how the saying is told. The offline reader's record for the
    critic's entity check, which asks whether the dead speak."""

    start: int = Field(ge=0, description="where the words begin, inside the quotation marks")
    end: int = Field(ge=0)
    text: str
    speaker: Referent | None = Field(default=None, description="the speaker as written, "
                                     "when the chapter gives one")
    told_before: bool = Field(default=False, description="the attribution is told before the "
                              "story's now ('as Reyes had said', 'she would say', 'once')")
    remembered: bool = Field(default=False, description="the paragraph frames a memory before it")


class ObjectUse(BaseModel):
    """An object in the narration's now, however it is named: handled by someone ("Tomas turned
    the silver compass over"), on someone ("the ledger lay open on her knees"), present ("on
    the desk lay the silver compass", "the brass key glinted"), found, or handed on. The
    offline reader's record for the critic's possession check (an LLM extraction leaves it
    empty); narration only, never a perfect, a modal or a negated verb."""

    how: Literal["handled", "on_person", "present", "found", "handed"]
    words: list[str]  # the noun with its compounds and adjectives before it, as written
    nominal: list[str] = Field(default_factory=list)  # those modifiers that are nouns ("room" key)
    start: int = Field(ge=0)  # the noun's offset
    determiner: str | None = None
    possessor: Referent | None = None  # "her" of "her ledger"
    user: Referent | None = None  # who handles it, or whose hands, lap or pocket it is on
    verb: str  # the verb's lemma
    verb_text: str
    instrument: bool = False  # "unlocked the door with the brass key"
    source: str | None = None  # "took it from her"
    resting: bool = False  # a verb of lying, hanging or shining somewhere
    reported: bool = False  # under a verb of memory, thought or speech
    remembered: bool = False  # the paragraph frames a memory before it
    where_lost: bool = False  # the sentence puts it where lost things lie ("in the harbour mud")
    adjectives: list[str] = Field(default_factory=list)  # every adjective on the noun ("little")
    clause: str | None = None  # a clause on the noun ("the gold watch she kept on her chain")
    evidence: Evidence  # the sentence


class ObjectFate(BaseModel):
    """A thing handed on, taken, lost or recovered, as the words say it: "Tomas gave the silver
    compass to Ivo", "gave Ivo the compass", "Ivo took the silver compass", "The brass key was
    lost", "flung the brass key into the harbour", "the ledger had been returned". The offline
    reader's record for the critic's possession check, which asks whether it moves the object a
    draft's character uses; which world object the words name is the critic's question."""

    how: Literal["given", "taken", "gone", "recovered"]
    verb: str = Field(description="the verb as written, lower case (gave, took, lost, flung)")
    determiner: str = Field(description="the word before the thing: the, his, her or their")
    words: list[str] = Field(description="the thing's words after its determiner, as written: "
                                         "the whole phrase when `closed`, else the (at most four) "
                                         "words that follow, the phrase being some of the first")
    closed: bool = Field(default=False, description="the phrase ends where `words` end "
                                                    "('... to Ivo', '... was lost')")
    receiver: Referent | None = Field(default=None, description="whom it is given to, as written")
    taker: Referent | None = Field(default=None, description="who takes, keeps or finds it")
    gone: str | None = Field(default=None, description="how it went: lost, broken, thrown away")
    start: int = Field(ge=0, description="where the words of the hand-over or loss begin")
    evidence: Evidence


class NameMention(BaseModel):
    """A capitalised name as written, with its title ("Mr. Darcy", "Aldous's", "Harbour Guild"),
    in narration or speech: whom it names is the critic's binding."""

    text: str
    start: int = Field(ge=0)
    in_speech: bool = False


class NounPhrase(BaseModel):
    """A noun with the words that tell it from others of its kind, as written: its determiner
    and modifiers ("the inn ledger", "a long brass key"), an owner ("her own ledger"), a
    complement ("the key of the box"), or the noun it modifies itself ("the compass rose")."""

    head: str
    start: int = Field(ge=0)
    before: list[str] = Field(default_factory=list, description="up to four words right before "
                                                                "it, nearest last (no punctuation between)")
    kind: str | None = Field(default=None, description="the one word between 'the' and it ('inn')")
    own: str | None = Field(default=None, description="'her own ledger', 'Jonah's own ledger'")
    its: bool = Field(default=False, description="'its key': a part of another thing")
    complement: bool = Field(default=False, description="'the key of the box', 'the key to it'")
    modifies_next: bool = Field(default=False, description="it modifies the next noun ('compass rose')")


class NounOfKind(BaseModel):
    """A noun written as one thing of its kind among others, by the words around it: a word
    between "the" and it ("the drawer key": head "key", kind "drawer"), or, with no such word,
    a part of another thing or a complement ("its key", "the key of the box": kind None). Only
    a kind that may tell things apart is kept ("the inn ledger", not "the old ledger"). The
    offline reader's record for the critic's possession check: may a later chapter's bare "the
    key" be another key than the brass key?"""

    head: str = Field(description="the noun as written, lower case")
    kind: str | None = Field(default=None, description="the word between 'the' and it, lower case")


class ChapterExtraction(BaseModel):
    """Everything the 13 passes found in one chapter."""

    chapter_summary: str = ""
    new_entities: list[EntityItem] = Field(default_factory=list)
    state_deltas: list[StateDelta] = Field(default_factory=list)
    events: list[EventItem] = Field(default_factory=list)
    thread_updates: list[ThreadUpdate] = Field(default_factory=list)
    continuity_flags: list[ContinuityFlagItem] = Field(default_factory=list)
    relationship_updates: list[RelationshipUpdate] = Field(default_factory=list)
    dynamics_updates: list[DynamicsUpdate] = Field(default_factory=list)
    scene_segmentation: list[SceneItem] = Field(default_factory=list)
    multi_granularity_summaries: Summaries = Field(default_factory=Summaries)
    knowledge_state_deltas: list[KnowledgeDelta] = Field(default_factory=list)
    commitments: list[CommitmentItem] = Field(default_factory=list)
    canon_facts: list[CanonFactItem] = Field(default_factory=list)
    # Not a pass: sentences referring back to an earlier vow, agreement, warning or debt (the
    # offline extractor reads them; an LLM extractor may leave them empty).
    back_references: list[BackReferenceItem] = Field(default_factory=list)
    # Not a pass either: sentences acting on a thing set up before (the offline extractor reads
    # them; an LLM extractor may leave them empty).
    payoffs: list[PayoffItem] = Field(default_factory=list)
    # Not a pass: words of a character's own outside quotation marks (the offline extractor
    # reads them for the critic's knowledge check; an LLM extractor may leave them empty).
    voices: list[Voice] = Field(default_factory=list)
    # Not passes: verbs of knowing who someone is, and names in a modal clause of the story's
    # now, for the critic's knowledge check (the offline extractor reads them).
    cognitions: list[Cognition] = Field(default_factory=list)
    modal_namings: list[ModalNaming] = Field(default_factory=list)
    # Not passes: quoted speech with the names and kinships in it, and narration that writes
    # or addresses names, for the critic's knowledge check (the offline extractor reads them).
    quoted_speech: list[QuotedSpeech] = Field(default_factory=list)
    name_writings: list[NameWriting] = Field(default_factory=list)
    # Not passes: who acts or speaks, and how it is told, for the critic's entity check (the
    # offline extractor reads them).
    acts: list[Act] = Field(default_factory=list)
    utterances: list[Utterance] = Field(default_factory=list)
    # Not passes: whether the chapter is told by "I", and the character who tells it when
    # the extractor could name them; the next chapter's context carries the narrator on.
    first_person: bool = False
    narrator: str | None = None
    # Not a pass either: the offline reader's objects in the narration's now (`ObjectUse`).
    object_uses: list[ObjectUse] = Field(default_factory=list)
    # Not passes either, for the possession check: things handed on, taken or lost
    # (`ObjectFate`), the chapter's nouns with the words around them, its capitalised names,
    # and where its sentences and paragraphs begin (the offline reader's segmentation).
    object_fates: list[ObjectFate] = Field(default_factory=list)
    noun_phrases: list[NounPhrase] = Field(default_factory=list)
    names: list[NameMention] = Field(default_factory=list)
    sentence_starts: list[int] = Field(default_factory=list)
    paragraph_starts: list[int] = Field(default_factory=list)
    # Not a pass: ages at a dated event, for the critic's canon check (the offline extractor
    # reads them; an LLM extractor may leave them empty).
    dated_ages: list[DatedAge] = Field(default_factory=list)
    # Not a pass: who the words call by a role noun ("Elena Voss was the innkeeper"), for the
    # critic's reading of "said the innkeeper" in this chapter and the later ones.
    role_namings: list[RoleNaming] = Field(default_factory=list)
    # Not a pass: events dated by the years before ("eleven years before, when his ship went
    # down"), for the critic's sums of an age at the event in a later chapter.
    dated_events: list[DatedEvent] = Field(default_factory=list)
    # Not passes: sentences that tell a vow, an arrangement, a warning or a debt, and requests
    # answered "I will", for the critic's commitments check (the offline extractor reads them).
    told_acts: list[ToldAct] = Field(default_factory=list)
    exchanges: list[Exchange] = Field(default_factory=list)
    # Not a pass: nouns written as one of several of their kind ("the drawer key", "its key"),
    # every word read, for the possession check of later chapters (the offline reader reads them).
    nouns_of_kind: list[NounOfKind] = Field(default_factory=list)


class ChapterRecords(BaseModel):
    """What a chapter's reading keeps for the critic of the chapters after it, stored with the
    chapter (`chapters.records`): the checks compare a draft's claims with these records of the
    earlier chapters instead of searching their text. Every field is a `ChapterExtraction`
    field of the same name, so `records_of` copies them from the extraction that read it."""

    # things handed on, taken or lost: the possession check's earlier hand-overs
    object_fates: list[ObjectFate] = Field(default_factory=list)
    # who the earlier chapters call by a role noun: whom "the innkeeper" stands for
    role_namings: list[RoleNaming] = Field(default_factory=list)
    # events dated by the years before: when the earlier chapters put a wreck
    dated_events: list[DatedEvent] = Field(default_factory=list)
    # acts told and requests answered: the commitments check's earlier acts
    told_acts: list[ToldAct] = Field(default_factory=list)
    exchanges: list[Exchange] = Field(default_factory=list)
    # nouns written as one of several of their kind: the possession check's other keys
    nouns_of_kind: list[NounOfKind] = Field(default_factory=list)


def records_of(extraction: ChapterExtraction) -> ChapterRecords:
    """The records of `ChapterRecords` that an extraction holds."""
    return ChapterRecords.model_validate(
        {field: getattr(extraction, field) for field in ChapterRecords.model_fields}, from_attributes=True)
