"""Verbs of speech: the lemmas that tag a line of dialogue with its speaker, the wider sets a
speaker or a conversation is found by, and the inflected forms the plain-text readers match
("…," said Mara / Mara asked, "…"). Each list is the one its users share; a narrower or wider
list is built from it here, so a verb added to the tags reaches every reader of them."""

from __future__ import annotations

from continuum.language.lexicon import words

# Verbs that tag a line of dialogue with its speaker, as lemmas: '"…," cried Elizabeth', '"Well,"
# he began'. A tagged verb is the speaking, not an event of the story.
DIALOGUE_TAGS = words(
    """say reply answer cry return exclaim continue add ask rejoin observe remark repeat
    whisper shout mutter murmur call begin resume interrupt retort sigh laugh"""
)
# The tags whose speaker the parser may read as their object ('"…," cried Elizabeth'): all but
# "begin".
INVERTED_TAGS = DIALOGUE_TAGS - {"begin"}
# Verbs a speaker is found by (the subject or the inverted object of one beside a quotation):
# the tags and the louder, softer and argued ways of saying a thing ("growled", "pleaded").
SPEECH_VERBS = DIALOGUE_TAGS | words(
    """inquire enquire declare demand insist protest explain plead roar growl snap gasp
    stammer falter urge agree admit venture persist echo groan sob scream yell sneer think
    respond reason argue suggest"""
)
# The interjections a name spoken to may follow: "Ah Newton!", "O Romeo", "Oh, Lizzy".
VOCATIVE_INTERJECTIONS = words("o oh ah")
# ... and the endearment: "my dear Handel,"; not "good" ("Good Heavens!" is no one spoken to).
VOCATIVE_LEADS = VOCATIVE_INTERJECTIONS | words("dear")
# Verbs that make a sentence part of a conversation between the people in it.
CONVERSATION_VERBS = DIALOGUE_TAGS | words("speak declare protest insist inquire enquire tell")

# Inflected forms that attribute a quotation in plain text, for regular expressions: the
# critic's prose reader takes a speaker's name or pronoun beside one of these.
SAID_FORMS = (
    "said", "says", "asked", "asks", "replied", "answered", "cried", "added", "whispered",
    "muttered", "called", "shouted", "observed", "continued", "went on", "began", "repeated",
    "exclaimed", "remarked", "told", "returned", "murmured", "declared", "insisted",
)
# ... and the sentence splitter's wider set: a quotation closed by "!" or "." and followed by a
# speaker and one of these ('"Go!" Alice cried.') runs on into that attribution.
ATTRIBUTION_FORMS = SAID_FORMS + (
    "cries", "replies", "answers", "inquired", "enquired", "thought", "screamed", "yelled",
    "sighed", "laughed", "sobbed", "demanded", "protested", "rejoined", "retorted", "interrupted",
    "suggested", "explained", "pleaded", "roared", "growled", "snapped", "wondered", "gasped",
    "stammered", "faltered", "urged", "agreed", "admitted", "ventured", "persisted", "resumed",
    "echoed", "groaned", "sang", "sneered", "broke in", "put in",
)

# Verbs whose clausal complement is the subject's own statement or belief ("she told Sal that
# the keeper was Ivo Marsh", "he swore it was his brother"): the clause is the subject's voice.
REPORTING_VERBS = words(
    """tell say whisper insist explain swear claim announce confide mention declare admit assure
    inform report repeat write warn boast gossip hint promise confess reveal shout call add
    believe think suppose reckon guess suspect fancy hold"""
)
# Verbs of putting words on paper: what follows their colon is the writer's ("and wrote: To
# Ivo Marsh, keeper of the light").
WRITING_VERBS = words(
    """write scrawl pen print sign address inscribe enter add scribble copy label mark note
    record head letter"""
)
# Capitalised words that open a sentence before a name, not part of it ("From Harriet Finch's
# household book", "Then Aldous").
LEADING_WORDS = words("From In Inside Then And But At On To Of With By For Under Across There Here So")
# Verbs of knowing, realising or recognising who someone is ("he knew now that the bearded man
# was Ivo Marsh"); the critic's knowledge check weighs the first two as knowing.
COGNITION_VERBS = words("know understand realise realize recognise recognize guess suspect")
KNOWING_VERBS = frozenset({"know", "understand"})

# The words a letter's closing line opens with, before its signature ("Yours, with love to the
# bride, Elena Voss.", "Believe me, …"), as a regular-expression alternation: the voices pass
# finds a document's writer by it, the letters pass a letter's signer.
VALEDICTION_OPENERS = (r"Yours|Your|Ever|With|Respectfully|Faithfully|Sincerely|Affectionately"
                       r"|In\s+haste|Believe\s+me")
