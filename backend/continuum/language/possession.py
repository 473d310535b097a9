"""Words of handing a thing over: the verbs that give it to someone, the verbs that put it
somewhere (into a hand, they give it too), and the hands and keeping it goes into ("pressed
the ring into her palm", "left it in his care")."""

from __future__ import annotations

from continuum.language.lexicon import words

# Verbs that pass a thing to someone: "gave her the key", "handed it to Jonah", "sent him a letter".
GIVE_VERBS = words("give hand sell lend bestow present deliver pass return send entrust bequeath offer")
# ... those done hand to hand, the giver there ("sent", "delivered", "bestowed" are not).
HANDING_VERBS = GIVE_VERBS - words("bestow deliver send")
# Verbs that put a thing somewhere: into someone's hand, they hand it over.
PLACING_VERBS = words("put press place slip thrust push drop lay tuck")
# A person's hands and keeping, where a thing handed over goes: "into her palm", "in his care".
HANDS = words("hand hands palm palms lap keeping care charge grasp fingers custody")

# The words of a thing moved on in plain text, as written (past tense): handed to someone ("gave
# the silver compass to Ivo"), taken, thrown away ("flung the brass key into the harbour"), gone
# ("the brass key was lost") or back ("the ledger had been returned").
GAVE = words("gave handed passed returned lent sold sent entrusted")
TOOK = words("took snatched stole received pocketed seized grabbed kept found recovered")
THREW = words("threw flung tossed dropped hurled")
GONE = words("lost destroyed burned burnt broken smashed stolen sunk melted shattered")
BACK = words("found returned recovered given")
# Where a thing thrown is gone for good: "into the sea", "on the fire".
THROWN_INTO = words("sea harbour harbor river fire well lake canal flames grate pond")
