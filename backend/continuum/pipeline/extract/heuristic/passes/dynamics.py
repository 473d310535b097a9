"""dynamics_updates: tone and tension between pairs of characters who interact.

Two characters interact when they take part in the same conversation (a run of
consecutive paragraphs with dialogue: speakers are the characters named or referred to
outside the quotation marks, plus vocatives inside them) or are arguments of one verb
("Darcy looked at Elizabeth"). Tone comes from a small lexicon over their shared
sentences (warm, hostile, tense, formal, playful, else neutral); tension is the share
of hostile and tense cues against calm ones. One update per pair per chapter.
"""

from __future__ import annotations

from collections import Counter

from continuum.language.speech import CONVERSATION_VERBS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.schema import DynamicsUpdate

TONE_WORDS: dict[str, frozenset[str]] = {
    "warm": words(
        """love kind kindly kindness affection affectionate tender tenderly gentle gently
        pleased delight delighted happy glad thank thanks grateful fond fondly warmly
        embrace smile smiled cordial cordially sweet sweetly cheerful cheerfully comfort
        compassion sympathy hearty heartily caress kiss"""
),
    "hostile": words(
        """hate hatred anger angry angrily furious fury rage contempt contemptuous insult
        abuse scorn scornful curse threaten threat enemy cruel despise sneer sneered coldly
        insolent insolence impertinent impertinence resent resentment disgust odious
        abominable villain wretch liar damn blow strike hostile hostility indignant
        indignation"""
),
    "tense": words(
        """nervous nerves anxious anxiety impatient impatiently fear afraid uneasy uneasiness
        vex vexed vexing vexation tiresome worried tremble trembling agitation agitated
        alarm alarmed dread suspicion suspicious quarrel argue dispute sharp sharply
        reproach scold complain suffer distress provoke provoking mortify mortified
        offended offence offense awkward embarrassed embarrassment"""
),
    "formal": words(
        """sir madam respect respectful honour honor beg pardon obliged civility civil
        acquaint acquainted introduce introduction ceremony permit pray compliment
        compliments esteem consent duty propriety courtesy bow curtsey"""
),
    "playful": words(
        """tease teasing joke jest jesting sarcastic humour humor wit witty merry
        merriment playful mischief arch archly amuse amused amusement absurd nonsense
        flatter flattery banter droll laugh laughed laughing laughter"""
),
}
TONE_PRIORITY = ("hostile", "tense", "warm", "playful", "formal")
TONE_OF: dict[str, str] = {}
for _name, _lexicon in TONE_WORDS.items():
    for _word in _lexicon:
        TONE_OF.setdefault(_word, _name)
NARRATION_BREAK = 400  # characters of narration without dialogue that end a conversation


def extract_dynamics(view: ChapterView) -> list[DynamicsUpdate]:
    """One tone/tension reading per interacting pair, ordered by first shared sentence."""
    cues = _sentence_cues(view)
    who: dict[int, set[str]] = {}
    for m in view.mentions_in(0, len(view.text)):
        sent = view.sentence_at(m.start)
        if sent >= 0 and view.is_character(m.entity_key):
            who.setdefault(sent, set()).add(m.entity_key)
    pair_sentences: dict[tuple[str, str], set[int]] = {}
    for a, b, sentences in exchanges(view):
        if a != b and sentences:
            pair_sentences.setdefault((min(a, b), max(a, b)), set()).update(sentences)
    for a, b, sentence in _verb_pairs(view):
        pair = (min(a, b), max(a, b))
        pair_sentences.setdefault(pair, set()).add(sentence)
    updates = []
    for (a, b), sentences in sorted(pair_sentences.items(), key=lambda kv: min(kv[1])):
        counts: Counter[str] = Counter()
        for s in sentences:
            counts.update(cues.get(s, {}))
        tone = _tone(counts)
        score = counts["hostile"] + 0.6 * counts["tense"] + 0.15 * counts["exclaim"]
        calm = counts["warm"] + 0.5 * counts["playful"] + 0.3 * counts["formal"]
        tension = score / (score + calm + 2.0)
        best = max(sorted(sentences), key=lambda s: (
            len({a, b} & who.get(s, set())),
            sum(v for k, v in cues.get(s, {}).items() if k != "exclaim"),
        ))
        start, end = view.chapter.sentences[best]
        hits = sum(counts[k] for k in TONE_PRIORITY)
        evidence = view.evidence(start, end, "dynamics.shared_sentences",
                                 0.45 + 0.1 * min(hits, 4))
        updates.append(DynamicsUpdate(a=a, b=b, tone=tone, tension=round(tension, 3),
                                      evidence=evidence))
    return updates


def _tone(counts: Counter[str]) -> str:
    best = max(TONE_PRIORITY, key=lambda k: (counts[k], -TONE_PRIORITY.index(k)))
    return best if counts[best] >= 1 else "neutral"


def _sentence_cues(view: ChapterView) -> dict[int, Counter[str]]:
    """Tone cue counts per literary sentence, in one pass over the tokens."""
    cues: dict[int, Counter[str]] = {}
    prev = ""
    for tok in view.tokens:
        lower = tok.lower_
        sent = view.token_sent[tok.i]
        if sent < 0 or view.is_markup(tok):
            prev = lower
            continue
        if lower == "!":
            cues.setdefault(sent, Counter())["exclaim"] += 1
        elif not (lower == "dear" and prev == "my"):  # "my dear" is a form of address
            tone = TONE_OF.get(lower) or TONE_OF.get(tok.lemma_.lower())
            if tone is not None:
                cues.setdefault(sent, Counter())[tone] += 1
        prev = lower
    return cues


def exchanges(view: ChapterView) -> list[tuple[str, str, set[int]]]:
    """Who talks to whom, paragraph by paragraph of dialogue: (speaker, partner, sentences).

    A paragraph's speaker is the subject of its speech tag ("said his lady"); its partner
    is whoever is addressed (a vocative, "said … to him") or else the previous speaker.
    An unattributed line alternates between the last two speakers; a long stretch of
    narration without dialogue ends the conversation.
    """
    doc = view.doc
    n = len(view.paragraphs)
    quoted = [False] * n
    tagged: list[list[str]] = [[] for _ in range(n)]
    addressed: list[list[str]] = [[] for _ in range(n)]
    for tok in doc:
        p = view.token_para[tok.i]
        if p < 0 or view.is_markup(tok):
            continue
        if tok.is_quote:
            quoted[p] = True
        elif tok.pos_ == "VERB" and not view.in_quote(tok) and tok.lemma_.lower() in CONVERSATION_VERBS:
            for subject in view.subjects(tok):
                _add(tagged[p], view.character(subject))
            for prep, noun in view.preps(tok):
                if prep == "to":
                    _add(addressed[p], view.character(noun))
    for m in view.mentions_in(0, len(view.text)):
        p = view.paragraph_at(m.start)
        if p >= 0 and view.is_character(m.entity_key) and view.char_in_quote(m.start) \
                and view.called_at(m.start):
            _add(addressed[p], m.entity_key)
    out: list[tuple[str, str, set[int]]] = []
    last: list[str] = []
    for p in range(n):
        start, end = view.paragraphs[p]
        if not quoted[p]:
            if end - start > NARRATION_BREAK:
                last = []
            continue
        speakers = tagged[p]
        if not speakers:
            if addressed[p]:
                speakers = [c for c in last[-1:] if c not in addressed[p]]
            elif len(last) >= 2:
                speakers = [last[-2]]
        partners = [c for c in addressed[p] if c not in speakers]
        if not partners:
            partners = [c for c in reversed(last) if c not in speakers][:1]
        sentences = set(view.sentences_in(start, end))
        for a in speakers:
            for b in partners:
                out.append((a, b, sentences))
        for who in speakers:
            if who in last:
                last.remove(who)
            last.append(who)
        last = last[-2:]
    return out


def _add(names: list[str], key: str | None) -> None:
    if key and key not in names:
        names.append(key)


def _verb_pairs(view: ChapterView) -> list[tuple[str, str, int]]:
    """Characters who are subject and object (or prepositional object) of one verb."""
    out = []
    for tok in view.tokens:
        if tok.pos_ != "VERB" or view.in_quote(tok) or view.is_markup(tok):
            continue
        agents = [c for s in view.subjects(tok) for c in view.characters(s)]
        if not agents:
            continue
        others = [c for o in view.objects(tok) for c in view.characters(o)]
        others += [c for p, n in view.preps(tok) if p in {"to", "at", "with", "on", "upon"}
                   for c in view.characters(n)]
        for a in agents:
            for b in others:
                if a != b and view.token_sent[tok.i] >= 0:
                    out.append((a, b, view.token_sent[tok.i]))
    return out

