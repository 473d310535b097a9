"""Verbs of promising: the four every reader of a promise knows ("promised", "swore", "vowed",
"pledged"), with the formal undertakings a vow may also be made by and the purposes a payoff may
refer back to as it refers back to a promise ("as he had planned")."""

from __future__ import annotations

import re

from continuum.language.lexicon import words

# Verbs that make a promise: "she promised to come back", "he swore he would find it".
PROMISE_VERBS = words("promise swear vow pledge")
# A promise made as a formal undertaking too: "undertook to repay", "covenanted with the guild".
UNDERTAKING_VERBS = PROMISE_VERBS | words("undertake covenant")
# A promise or a purpose, either of which a later act may fulfil: "as he had promised", "as she
# had planned", "what he had meant to do".
PURPOSE_VERBS = PROMISE_VERBS | words("plan intend mean resolve")

# -- acts a later sentence may refer back to ("as they had agreed", "the debt he owed") -----------
# (read by the extractor's back-reference pass, `pipeline/extract/heuristic/passes/back_references`;
# looked up in the record by the critic's commitments check)

# Agreeing and arranging: "exactly as they had agreed at the fair".
AGREE_VERBS = words("agree arrange bargain contract")
# Verbs that make an arrangement only with terms: "fixed the day", "settled it with the bankers".
TERMS_VERBS = words("settle fix appoint book")
# Warning and foretelling: "just as she had warned him it would".
WARN_VERBS = words("warn caution forewarn predict foretell prophesy prophesie")
# Lending and borrowing: "the ten shillings he had borrowed from the miller".
DEBT_VERBS = words("borrow lend loan owe")
# Leaving a thing in someone's keeping, or putting it by for a day to come: "the purse he had
# left with her", "the bottle she had put by for the night they first kept house".
DEPOSIT_VERBS = words("leave entrust deposit put set lay save")
VOW_VERBS = UNDERTAKING_VERBS | AGREE_VERBS | TERMS_VERBS | WARN_VERBS | DEBT_VERBS | DEPOSIT_VERBS
# What settle / fix / appoint / book take as terms ("fixed the day", "settled it").
ARRANGED_TERMS = words("""day date time hour place price terms term sum meeting appointment
                          rendezvous wedding sale matter business passage fee rent hire bargain
                          deal it that everything all""")
# Who one settles or fixes things with ("had settled with the bankers").
ARRANGING_PARTIES = words("""banker bank man woman agent council guild lawyer solicitor partner
                             landlord owner captain clerk merchant master buyer seller family
                             parson vicar magistrate mayor""")
# Commitment nouns (a table), each with the stems an earlier sentence would use for the same
# commitment: "the bargain they had struck" is on record where a sentence says "deal" or "agree".
COMMITMENT_FAMILIES = {
    "promise": "promis", "vow": "vow|swor|swear", "oath": "oath|swor|swear", "pledge": "pledg",
    "bargain": "bargain|deal|agree", "pact": "pact|agree|swor|swear", "deal": "deal|bargain|agree",
    "agreement": "agree|bargain|deal", "arrangement": "arrang|agree", "wager": "wager|bet",
    "bet": "bet|wager", "debt": "debt|owe|owing|lent|loan|borrow", "covenant": "covenant|swor|swear",
    "loan": "loan|lent|lend|borrow|debt|owe", "appointment": "appoint|arrang|agree|meet",
    "assignation": "assignation|arrang|meet", "rendezvous": "rendezvous|arrang|meet",
    "contract": "contract|agree|sign", "compact": "compact|agree|swor|swear",
    "warning": "warn|caution|said|told", "prophecy": "prophe|foretold|foretell|predict|said|told",
    "prediction": "predict|foretold|foretell|said|told",
    "reward": "reward|bount|offer", "bounty": "bount|reward|offer",
}
# Participles that make a commitment noun's act: "the wager laid", "the reward posted", "the
# bargain struck" (not "the promise of a post in a regiment now quartered in the north").
MAKING_PARTICIPLES = words("lay make place strike offer post put give swear set agree shake seal sign")
# Where an act may be written down rather than said: "in his last letter" (its text need not be
# on the page).
WRITTEN_MEDIA = words("letter letters note notes message telegram wire will testament post card line lines")
# Times an act may be pinned to: "that night in the lighthouse", "the morning they rowed out".
OCCASION_TIMES = words("""morning night day evening afternoon spring summer autumn winter week month
                          year noon midnight dawn dusk hour time season""")
# Prepositions that pin an act to an occasion: "on the harbour wall", "at the fair".
OCCASION_PREPS = words("on in at during before after by beside outside inside aboard over across under")
# Words a phrase after an act may hold that name no place or event a reader could look up
# ("in a way", "in her heart", "in my presence", "in the affair of his heart", "by all
# practicable and impracticable means").
VAGUE_OCCASIONS = words("""way end time moment world least most first last rest presence affair
                           affairs matter memory thoughts soul breast means same whole part course
                           fact case turn voice word words tone hand hands mind heart life earnest
                           full private public secret person writing return exchange advance""")
# A part of a place: "at the back of the Guildhall" is at the Guildhall.
PLACE_PARTS = words("back front side top bottom corner edge middle foot head end door steps")

# -- payoffs: a thing set up long ago and acted on now ("the tin box his father had buried there
# forty years ago", "the chart Ivo had promised her") -------------------------------------------

# Past-perfect verbs that refer back to setting a thing up: a hiding or a promise (strong), or
# keeping, leaving or putting it somewhere (only with a word of long ago).
STRONG_SETUP_VERBS = PROMISE_VERBS | words("hide bury conceal secrete plant stow")
SETUP_VERBS = STRONG_SETUP_VERBS | words("keep save seal lock tuck leave put store wrap mark set")
# Verbs of a thing staying put for a long time ("the harpoon that had hung there since ...";
# the lemmatizer leaves "lain" as it is).
POSITIONAL_VERBS = words("hang lie wait rest stand sit sleep gather lain")
# Words that set a hiding or a promise long before the story's now.
LONG_AGO = words("ago years since long childhood boy girl always before")
# Words of a payoff's noun phrase too general to name the thing paid off ("the old harpoon" is
# the harpoon; "the day", "her hands" name nothing set up).
PAYOFF_GENERIC = words("""old new little great big small loose long short dark faded last first same
                          whole own very poor good fine day time way years year life hand hands head
                          eyes face door room house home morning night evening world moment father
                          mother grandmother grandfather sister brother wife husband son daughter
                          keeping word words promise""")
# The payoff wording's own words, never the thing ("had sworn", "all these years").
PAYOFF_MARKER_WORDS = words("""had has was were would could should must been said sworn promised
                               always since made swear years these those all waited hung lain time
                               father mother grandmother grandfather""")
# Verbs of an earlier spoken or written act a payoff can refer back to ("the chart Ivo had
# promised her", "just where he had said it would be", "whose name Jonah had shouted"), each
# with the forms an earlier sentence may write it in.
SPOKEN_ACT_FORMS = {"say": "said|says|say", "tell": "told|tell|tells", "promise": "promise[sd]?",
                    "swear": "swore|sworn|swear", "vow": "vow(?:ed|s)?", "pledge": "pledge[sd]?",
                    "shout": "shout(?:ed|s)?", "whisper": "whisper(?:ed|s)?", "call": "call(?:ed|s)?",
                    "mention": "mention(?:ed|s)?", "warn": "warn(?:ed|s)?", "order": "order(?:ed|s)?",
                    "instruct": "instruct(?:ed|s)?", "predict": "predict(?:ed|s)?",
                    "describe": "describe[sd]?", "name": "name[sd]?", "give": "gave|given|give"}
# Words that end the thing's noun phrase in a payoff wording ("the sea chest he had brought").
PAYOFF_PHRASE_STOPS = words("""that which who whom whose where when with from into onto above below
                               beneath under over behind beside near and but for nor out off upon
                               down back away inside had has was were she him her his they them its
                               the not all too then than there here once""")
# Antecedents too vague to look up ("the thing he had promised", "the way she had said").
VAGUE_ANTECEDENTS = words("""one ones thing things way time day moment place word words something
                             everything anything nothing what all much lot""")
# Adjectives that say nothing of which thing it is ("the old chart" is the chart).
PLAIN_ADJECTIVES = words("""old new little great big small long short very own same other whole first
                            last next only few many such""")


# The words a sentence would use for an act referred back to, by its kind (a vow, an
# arrangement, a warning, a debt, a thing left in keeping), and by its noun (COMMITMENT_FAMILIES).
VOW_WORDS = r"\b(?:promis|swor|swear|vow|pledg|oath|agree|arrang|bargain|deal|pact|his\s+word|her\s+word)\w*"
KIND_WORDS = {
    "promise": VOW_WORDS,
    "agree": VOW_WORDS + r"|\b(?:settl|fix|appoint|book|meet|contract)\w*",
    "warn": r"\b(?:warn|caution|predict|foret[eo]l|prophe|said|told|say|tell)\w*",
    "debt": r"\b(?:debt|ow[ei]|lent|lend|loan|borrow|pay|paid|repa)\w*",
    "deposit": r"\b(?:left|leave|entrust|deposit|put\s+(?:by|aside|away)|set\s+aside|laid\s+by|kept|keep|"
               r"sav(?:e|ed|ing)|hid|hidden)\b",
}
# A warning told as what will come: "The reef will have one of them."
FORETOLD = re.compile(r"\b(?:will|would|shall|'ll|must|going\s+to|one\s+day|some\s+day|"
                      r"sooner\s+or\s+later)\b", re.IGNORECASE)


def act_family(head: str, kind: str) -> re.Pattern[str]:
    """The words of an act of this noun (`head`: "promise", "debt") or kind ("warn")."""
    return re.compile(rf"\b(?:{COMMITMENT_FAMILIES[head]})\w*|{VOW_WORDS}" if head in COMMITMENT_FAMILIES
                      else KIND_WORDS.get(kind, VOW_WORDS), re.IGNORECASE)


def tells_act(family: re.Pattern[str], kind: str, text: str) -> bool:
    """A sentence has a word of the act's family; a warning "said" or "told" only as what will
    come ('"The reef will have one of them," she said.')."""
    return _told_by(family.search(text), kind, text)


def _told_by(found: re.Match[str] | None, kind: str, text: str) -> bool:
    """Whether the family's first word in a sentence (`found`) tells the act: a warning's
    "said" or "told" only with what will come."""
    if found is not None and kind == "warn" and \
            found.group().lower().startswith(("said", "told", "say", "tell")):
        return FORETOLD.search(text) is not None
    return found is not None


def _acts_told() -> dict[str, tuple[re.Pattern[str], str]]:
    """Every family of acts a sentence may tell, by its key (`act_key`): each commitment noun's
    (a warning's, a prophecy's and a prediction's also as a warning is told), then each kind's."""
    told = {head: (act_family(head, head), head) for head in COMMITMENT_FAMILIES}
    told |= {f"{head}/warn": (act_family(head, "warn"), "warn") for head in COMMITMENT_FAMILIES
             if _SAYING.search(COMMITMENT_FAMILIES[head])}
    return told | {kind: (act_family("", kind), kind) for kind in KIND_WORDS}


_SAYING = re.compile(r"\b(?:said|told|say|tell)")


def act_key(head: str, kind: str) -> str:
    """The family of acts an act referred back to is told by, as `acts_told` names it: its
    noun's ("bargain": a sentence with "deal" or "agreed" tells it), else its kind's ("warn":
    "warned", or "said" of what will come)."""
    if head in COMMITMENT_FAMILIES:
        return f"{head}/warn" if kind == "warn" and f"{head}/warn" in ACTS_TOLD else head
    return kind if kind in KIND_WORDS else "promise"


def acts_told(text: str) -> list[str]:
    """The keys of the families of acts a sentence tells (`tells_act`), a promise's standing
    for every family a vow word tells (`told`): "Tomas swore he would come back" -> promise;
    "He lent Tomas ten shillings" -> debt, loan."""
    words = [m.group() for m in ANY_ACT.finditer(text)]
    if not words:
        return []  # no word of any family
    found = [key for key, (family, kind) in ACTS_TOLD.items() if _tells(family, kind, text, words)]
    return [key for key in found if key == "promise" or key not in VOWED] if "promise" in found else found


def told(key: str, families: list[str]) -> bool:
    """Whether a sentence telling these families (`acts_told`) tells the act of this key."""
    return key in families or ("promise" in families and key in VOWED)


def _tells(family: re.Pattern[str], kind: str, text: str, words: list[str]) -> bool:
    """`tells_act` of a sentence, given the words of any family it holds, in order (`ANY_ACT`):
    the family's first word is the first of them it matches, since every family's words
    begin where a word does and run to its end."""
    first = next((found for word in words if (found := family.match(word)) is not None), None)
    return _told_by(first, kind, text)


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern ("a(?:b|c)|d" -> "a(?:b|c)", "d")."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(pattern):
        if c == "(" and (i == 0 or pattern[i - 1] != "\\"):
            depth += 1
        elif c == ")" and pattern[i - 1] != "\\":
            depth -= 1
        elif c == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
    return [*out, pattern[start:]]


ACTS_TOLD = _acts_told()
# A word of any family, each alternative once: a sentence without one tells no act.
ANY_ACT = re.compile("|".join(dict.fromkeys(
    a for family, _kind in ACTS_TOLD.values() for a in _alternatives(family.pattern))), re.IGNORECASE)
# The families a sentence with a vow word tells: each commitment noun's, and an arrangement.
VOWED = frozenset(key for key, (family, kind) in ACTS_TOLD.items()
                  if kind != "warn" and VOW_WORDS in family.pattern)
