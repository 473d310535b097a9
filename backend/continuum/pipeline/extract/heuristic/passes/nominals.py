"""Nominal references the entities stage leaves open: "his wife" of "Mr. Bennet" is "Mrs. Bennet".

The period convention (Mr./Mrs. + surname) names a spouse the text never names directly;
the inferred mention is kept apart (token kind "inferred") so passes can trust it less.
"""

from __future__ import annotations

from typing import Any

from continuum.pipeline.extract.heuristic.document import ResolvedMention

SPOUSE_NOUNS = frozenset({"wife", "husband", "lady"})
SPOUSE_HONORIFICS = {"mr.": "Mrs.", "mr": "Mrs", "mrs.": "Mr.", "mrs": "Mr"}


def spouse_by_name(owner: str, noun_lemma: str, types: dict[str, str]) -> str | None:
    """"Mr. Bennet … his wife" → "Mrs. Bennet" (and back): the honorific convention."""
    parts = owner.split(maxsplit=1)
    if len(parts) != 2 or noun_lemma not in SPOUSE_NOUNS:
        return None
    honorific = parts[0].lower()
    other = SPOUSE_HONORIFICS.get(honorific)
    if other is None or (noun_lemma == "husband") != honorific.startswith("mrs"):
        return None
    candidate = f"{other} {parts[1]}"
    for known in types:
        if known.lower() == candidate.lower():
            return known
    return candidate


def resolve_spouses(
    doc: Any, token_key: list[str | None], token_kind: list[str | None], types: dict[str, str]
) -> list[ResolvedMention]:
    """Resolve "his wife" / "her husband" of a "Mr./Mrs. X" to "Mrs./Mr. X" as a nominal."""
    found: list[ResolvedMention] = []
    for tok in doc:
        if token_key[tok.i] is not None or tok.lemma_.lower() not in SPOUSE_NOUNS:
            continue
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        owner = token_key[poss.i] if poss is not None else None
        if owner is None or types.get(owner) != "character":
            continue
        spouse = spouse_by_name(owner, tok.lemma_.lower(), types)
        if spouse is not None and spouse != owner:
            token_key[tok.i] = spouse
            token_kind[tok.i] = "inferred"
            types.setdefault(spouse, "character")
            start = poss.idx if poss is not None else tok.idx
            end = tok.idx + len(tok.text)
            found.append(ResolvedMention(start, end, doc.text[start:end], spouse, "nominal"))
    return found


KIN_NOUNS = frozenset({"sister", "brother", "father", "mother", "son", "daughter", "uncle", "aunt",
                       "cousin", "nephew", "niece", "grandfather", "grandmother", "wife",
                       "husband"})


def resolve_kin(
    doc: Any, token_key: list[str | None], token_kind: list[str | None], types: dict[str, str]
) -> list[ResolvedMention]:
    """"his sister Elena Marsh" names Tomas's sister; "Tomas and his sister" is then she.

    The apposition (either way round: "his sister X", "X, his sister") ties an owner and a
    kin noun to a name; every other "his sister" of the same owner in the chapter, before
    or after, is that person. An owner with two different named sisters is left alone."""
    named: dict[tuple[str, str], set[str]] = {}
    for tok in doc:
        lemma = tok.lemma_.lower()
        if lemma not in KIN_NOUNS or tok.tag_ != "NN":
            continue
        owner = _owner(tok, token_key, types)
        if owner is None:
            continue
        names = [c for c in tok.children if c.dep_ == "appos"]
        if tok.dep_ == "appos":
            names.append(tok.head)
        for name in names:
            key = token_key[name.i]
            if key and types.get(key) == "character" and key != owner:
                named.setdefault((owner, lemma), set()).add(key)
    found: list[ResolvedMention] = []
    for tok in doc:
        lemma = tok.lemma_.lower()
        if token_key[tok.i] is not None or lemma not in KIN_NOUNS or tok.tag_ != "NN":
            continue
        owner = _owner(tok, token_key, types)
        keys = named.get((owner, lemma), set()) if owner else set()
        if len(keys) != 1:
            continue
        key = next(iter(keys))
        token_key[tok.i] = key
        token_kind[tok.i] = "inferred"
        poss = next(c for c in tok.children if c.dep_ == "poss")
        start, end = min(poss.idx, tok.idx), tok.idx + len(tok.text)
        found.append(ResolvedMention(start, end, doc.text[start:end], key, "nominal"))
    return found


def _owner(tok: Any, token_key: list[str | None], types: dict[str, str]) -> str | None:
    poss = next((c for c in tok.children if c.dep_ == "poss"), None)
    owner = token_key[poss.i] if poss is not None else None
    return owner if owner is not None and types.get(owner) == "character" else None
