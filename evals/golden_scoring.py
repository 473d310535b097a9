"""Scoring one cap of a golden ingest against the answer key (pure functions, no database).

`golden.py` loads a `Snapshot` of what the read layer shows at a cap; `score_cap` compares
it with the key and returns hit/total tallies per category plus every miss, with the key's
evidence sentence. Rules (docs/EVALUATION.md repeats them):

- A key character is *found* through its full name or one of its aliases that no other
  key character shares ("Elena" names two people, so it never identifies one); aliases the
  key introduces later ("Finchy" from chapter 6, "the stranger" from 2) count from then on.
  The *primary* entity of a character is the candidate carrying most of those surfaces.
- Locations / holders: the latest projection edge in force among the character's (object's)
  entities; a `null` in the key is right when we have none either.
- Knowledge is recall: a key item learned by the cap is found when one of the knower's
  entities has a knows-edge by the cap whose fact covers ≥ 50 % of the key fact's content
  words. Leaks (a character credited with a secret the key says they do not know yet) are
  counted apart, not folded into the score.
- Relationships in force at the cap: same pair (either direction when symmetric) and a
  compatible type (`daughter_of` is `parent_of` reversed, `brother_of` is `sibling_of`);
  precision is over our relationships in force among characters. A tie the key's rows in
  force entail by kinship is right too, though not needed for recall (the whole-book
  scorer's `implied_triples`: Aldous Finch, Harriet's husband, is in-law to the man who
  marries their daughter).
- Threads: status at the cap (progressing counts as open) of the best name match (≥ 50 % of
  the key thread's content words).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from evals.common import NameIndex, norm_name, overlap
from evals.wholebook.score import fold_triple, implied_triples

KNOWLEDGE_OVERLAP = 0.5
THREAD_OVERLAP = 0.5
CATEGORIES = ("characters", "aliases", "char_precision", "locations", "possessions", "knowledge",
              "rel_recall", "rel_precision", "threads", "identity")
TARGETED = ("characters", "aliases", "locations", "possessions", "knowledge", "rel_recall",
            "rel_precision", "threads", "identity")

# type -> (family, role): role "sym" (either direction), "fwd" or "inv" (reversed pair).
_FAMILIES: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("parent_of", "father_of", "mother_of"), ("parent", "fwd")),
    **dict.fromkeys(("child_of", "son_of", "daughter_of"), ("parent", "inv")),
    **dict.fromkeys(("sibling_of", "brother_of", "sister_of"), ("sibling", "sym")),
    **dict.fromkeys(("married_to", "spouse_of", "wife_of", "husband_of"), ("married", "sym")),
    **dict.fromkeys(("engaged_to", "fiance_of", "fiancee_of", "betrothed_to"), ("engaged", "sym")),
    **dict.fromkeys(("friend_of", "friends_with"), ("friend", "sym")),
}


@dataclass(frozen=True)
class Placement:
    """An edge in force: the location (or holder) entity id and since when."""

    target: str
    since: int


@dataclass(frozen=True)
class Rel:
    """A relationship in force at the cap."""

    source: str
    target: str
    type: str
    symmetric: bool = False
    from_chapter: int = 1
    evidence: str | None = None


@dataclass
class Snapshot:
    """What the read layer shows at one cap, in entity ids."""

    cap: int
    index: NameIndex
    location: dict[str, Placement] = field(default_factory=dict)
    holder: dict[str, Placement] = field(default_factory=dict)
    knowledge: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    relationships: list[Rel] = field(default_factory=list)
    threads: list[tuple[str, str]] = field(default_factory=list)
    mentions: dict[tuple[int, str], set[str]] = field(default_factory=dict)


@dataclass
class Miss:
    """One wrong or missing answer, with the key's evidence for the right one."""

    category: str
    cap: int
    item: str
    expected: Any
    got: Any
    evidence: str | None = None
    evidence_chapter: int | None = None
    extracted: list[str] = field(default_factory=list)


@dataclass
class Tally:
    """Hits out of scored items."""

    hit: int = 0
    total: int = 0

    def add(self, ok: bool) -> bool:
        self.total += 1
        self.hit += int(ok)
        return ok

    @property
    def score(self) -> float | None:
        return self.hit / self.total if self.total else None


@dataclass
class CapScore:
    """Every category's tally at one cap, the misses, and knowledge leaks."""

    cap: int
    tallies: dict[str, Tally] = field(default_factory=lambda: {c: Tally() for c in CATEGORIES})
    checks: dict[str, Tally] = field(default_factory=dict)
    misses: list[Miss] = field(default_factory=list)
    leaks: int = 0
    pair_precision: Tally = field(default_factory=Tally)


class KeyCast:
    """The key's characters and the surfaces that identify each of them at a cap."""

    def __init__(self, key: dict[str, Any]) -> None:
        self.chars = {c["name"]: c for c in key["characters"]}
        counts = Counter(s for c in self.chars.values() for s in self._all(c))
        self.shared = {s for s, n in counts.items() if n > 1}
        reveal = key.get("identity_reveal") or {}
        self.hidden = (reveal.get("character"), norm_name(reveal.get("surface")),
                       reveal.get("revealed", 0))

    @staticmethod
    def _all(c: dict[str, Any]) -> set[str]:
        return {norm_name(s) for s in (c["name"], *c.get("aliases", []))} - {""}

    def every_surface(self) -> set[str]:
        """Every name and alias of every key character (shared ones included)."""
        return {s for c in self.chars.values() for s in self._all(c)}

    def surfaces(self, name: str, cap: int, *, hidden: bool = True) -> list[str]:
        """Normalized surfaces that identify `name` at the cap (shared aliases left out)."""
        c = self.chars[name]
        firsts = c.get("alias_first_chapter", {})
        out = [norm_name(c["name"])]
        for alias in c.get("aliases", []):
            if firsts.get(alias, c["first_chapter"]) <= cap:
                out.append(norm_name(alias))
        who, surface, revealed = self.hidden
        return [s for s in dict.fromkeys(out) if s and s not in self.shared
                and (hidden or not (name == who and s == surface and cap < revealed))]

    def candidates(self, index: NameIndex, name: str, cap: int) -> set[str]:
        """Character entities carrying one of the character's identifying surfaces."""
        return {e for s in self.surfaces(name, cap) for e in index.carriers(s, "character")}

    def primary(self, index: NameIndex, name: str, cap: int, *, hidden: bool = True,
                without: str | None = None) -> str | None:
        """The candidate carrying most identifying surfaces (then full name, then mentions);
        `without` leaves one surface out (to test where that surface points)."""
        wanted = [s for s in self.surfaces(name, cap, hidden=hidden) if s != norm_name(without)]
        cands = {e for s in wanted for e in index.carriers(s, "character")}
        if not cands:
            return None
        full = norm_name(name)

        def rank(eid: str) -> tuple[int, int, int, str]:
            have = index.surfaces(eid)
            return (len(have & set(wanted)), int(full in have), index.entities[eid].mentions, eid)

        return max(cands, key=rank)

    def who(self, index: NameIndex, entity_id: str, cap: int) -> set[str]:
        """The key characters an entity can stand for at the cap."""
        return {n for n in self.chars if entity_id in self.candidates(index, n, cap)}


def _loc_names(key: dict[str, Any], name: str) -> list[str]:
    for loc in key["locations"]:
        if norm_name(loc["name"]) == norm_name(name):
            return [loc["name"], *loc.get("aliases", [])]
    return [name]


def _latest(placements: list[Placement]) -> Placement | None:
    return max(placements, key=lambda p: p.since) if placements else None


def score_characters(key: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore,
                     texts: dict[int, str]) -> None:
    """Character recall, alias accuracy and character precision at the cap."""
    cap, index = snap.cap, snap.index
    for name, c in cast.chars.items():
        if c["first_chapter"] > cap:
            continue
        primary = cast.primary(index, name, cap, hidden=False)
        if not out.tallies["characters"].add(primary is not None or bool(
                cast.candidates(index, name, cap))):
            out.misses.append(Miss("characters", cap, name, name, None,
                                   *_sentence_with(texts, c["name"], cap)))
        for surface in [c["name"], *c.get("aliases", [])]:
            norm = norm_name(surface)
            if norm not in cast.surfaces(name, cap, hidden=False) or \
                    not _used(texts, surface, cap):
                continue
            carriers = index.carriers(surface, "character")
            ok = primary is not None and carriers == {primary}
            if not out.tallies["aliases"].add(ok):
                got = sorted(index.name_of(e) or e for e in carriers) or None
                out.misses.append(Miss("aliases", cap, f"{surface} → {name}",
                                       index.name_of(primary) or name, got,
                                       *_sentence_with(texts, surface, cap)))
    known = cast.every_surface()
    for eid, ent in index.entities.items():
        if ent.type != "character" or ent.first_chapter > cap:
            continue
        if not out.tallies["char_precision"].add(bool(index.surfaces(eid) & known)):
            out.misses.append(Miss("char_precision", cap, ent.name, None,
                                   [ent.name, *ent.aliases], *_sentence_with(texts, ent.name, cap)))


def score_locations(key: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    """Each tracked character's location at the end of the cap chapter."""
    cap, index = snap.cap, snap.index
    for name, by_chapter in key["location_at_end_of_chapter"].items():
        if str(cap) not in by_chapter:
            continue
        expected = by_chapter[str(cap)]
        got = _latest([snap.location[e] for e in cast.candidates(index, name, cap)
                       if e in snap.location])
        ok = got is None if expected is None else (
            got is not None and index.carries(got.target, _loc_names(key, expected)))
        if not out.tallies["locations"].add(ok):
            ev = key.get("location_evidence", {}).get(name, {}).get(str(cap)) or {}
            out.misses.append(Miss("locations", cap, name, expected,
                                   None if got is None else index.name_of(got.target),
                                   ev.get("evidence"), ev.get("chapter")))


def score_possessions(key: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    """The holder of each key object at the end of the cap chapter."""
    cap, index = snap.cap, snap.index
    for obj, by_chapter in key["holder_at_end_of_chapter"].items():
        if str(cap) not in by_chapter:
            continue
        expected = by_chapter[str(cap)]
        things = index.carriers(obj, "object") or {
            e for e in index.carriers(obj) if index.entities[e].type not in ("character",
                                                                             "location")}
        got = _latest([snap.holder[t] for t in things if t in snap.holder])
        ok = got is None if expected is None else (
            got is not None and got.target in cast.candidates(index, expected, cap))
        if not out.tallies["possessions"].add(ok):
            ev = key.get("holder_evidence", {}).get(obj, {}).get(str(cap)) or {}
            got_name = None if got is None else index.name_of(got.target)
            if not things:
                got_name = "(no object entity)" if expected is not None else got_name
            out.misses.append(Miss("possessions", cap, obj, expected, got_name,
                                   ev.get("evidence"), ev.get("chapter")))


def score_knowledge(key: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    """Recall of the key's knowledge items learned by the cap; leaks counted apart."""
    cap = snap.cap

    def facts_of(name: str) -> list[tuple[str, int]]:
        return [(f, ch) for e in cast.candidates(snap.index, name, cap)
                for f, ch in snap.knowledge.get(e, []) if ch <= cap]

    for item in key["knowledge"]:
        if item["learned_in"] > cap:
            continue
        facts = facts_of(item["knower"])
        best = max(facts, key=lambda f: overlap(item["fact"], f[0]), default=None)
        ok = best is not None and overlap(item["fact"], best[0]) >= KNOWLEDGE_OVERLAP
        if not out.tallies["knowledge"].add(ok):
            out.misses.append(Miss("knowledge", cap, f"{item['knower']} knows {item['fact']}",
                                   item["fact"], None if best is None else best[0],
                                   item["evidence"], item["evidence_chapter"]))
    # Leaks: a fact matching a key fact the character has not learned by the cap (and
    # matching none they have learned), for knowers the key speaks about.
    learned: dict[str, list[str]] = {}
    pending: dict[str, list[str]] = {}
    for item in key["knowledge"]:
        (learned if item["learned_in"] <= cap else pending).setdefault(
            item["knower"], []).append(item["fact"])
    for secret in key.get("secrets", []):
        for name in secret.get("not_known_by_end", []):
            pending.setdefault(name, []).append(secret["fact"])
    for name, facts_pending in pending.items():
        if name not in cast.chars:
            continue
        for fact, chapter in facts_of(name):
            if any(overlap(k, fact) >= KNOWLEDGE_OVERLAP for k in learned.get(name, [])):
                continue
            hit = next((p for p in facts_pending if overlap(p, fact) >= KNOWLEDGE_OVERLAP), None)
            if hit is not None:
                out.leaks += 1
                out.misses.append(Miss("knowledge_leak", cap, f"{name} knows {hit}",
                                       f"not known by chapter {cap}", f"{fact} (ch {chapter})"))


def rel_compatible(key_type: str, key_pair: tuple[str, str], our_type: str,
                   our_pair: tuple[str, str]) -> bool:
    """Same family of relationship, and the pair in an orientation that family allows."""
    kf, kr = _FAMILIES.get(key_type, (key_type, "fwd"))
    of, orole = _FAMILIES.get(our_type, (our_type, "fwd"))
    if kf != of:
        return False
    if kr == "sym" or orole == "sym":
        return set(key_pair) == set(our_pair)
    return our_pair == key_pair if kr == orole else our_pair == key_pair[::-1]


def score_relationships(key: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore
                        ) -> None:
    """Key relationships in force at the cap (recall) and ours among characters (precision)."""
    cap, index = snap.cap, snap.index
    live = [r for r in key["relationships"]
            if r["from_chapter"] <= cap and (r["to_chapter"] is None or cap < r["to_chapter"])]

    def matches(k: dict[str, Any], ours: Rel, *, typed: bool = True) -> bool:
        src = cast.candidates(index, k["source"], cap)
        tgt = cast.candidates(index, k["target"], cap)
        pair = ("s", "t")
        if ours.source in src and ours.target in tgt:
            our_pair = ("s", "t")
        elif ours.source in tgt and ours.target in src:
            our_pair = ("t", "s")
        else:
            return False
        return not typed or rel_compatible(k["type"], pair, ours.type, our_pair)

    for k in live:
        if not out.tallies["rel_recall"].add(any(matches(k, r) for r in snap.relationships)):
            near = [f"{index.name_of(r.source)} {r.type} {index.name_of(r.target)}"
                    for r in snap.relationships if matches(k, r, typed=False)]
            out.misses.append(Miss("rel_recall", cap, f"{k['source']} {k['type']} {k['target']}",
                                   k["type"], near or None, k["evidence"], k["evidence_chapter"]))
    entailed = implied_triples({t for k in live
                                 if (t := fold_triple(k["type"], k["source"], k["target"]))})
    for r in snap.relationships:
        ends = [index.entities.get(r.source), index.entities.get(r.target)]
        if any(e is None or e.type != "character" for e in ends):
            continue
        right = any(matches(k, r) for k in live) or _entailed(
            r, cast.who(index, r.source, cap), cast.who(index, r.target, cap), entailed)
        out.pair_precision.add(right or any(matches(k, r, typed=False) for k in live))
        if not out.tallies["rel_precision"].add(right):
            out.misses.append(Miss("rel_precision", cap,
                                   f"{index.name_of(r.source)} {r.type} {index.name_of(r.target)}",
                                   None, r.type, r.evidence, r.from_chapter))


def _entailed(rel: Rel, sources: set[str], targets: set[str],
              entailed: set[tuple[str, str, str]]) -> bool:
    """Whether our tie, between entities standing for these key characters, is one the key's
    rows entail."""
    return any(fold_triple(rel.type, a, b) in entailed for a in sources for b in targets)


def score_threads(key: dict[str, Any], snap: Snapshot, out: CapScore) -> None:
    """Status at the cap of every key thread opened by then."""
    cap = snap.cap
    for t in key["threads"]:
        if t["opened"] > cap:
            continue
        closed = t["closed"] is not None and t["closed"] <= cap
        expected = "closed" if closed else "open"
        best = max(snap.threads, key=lambda th: overlap(t["name"], th[0]), default=None)
        if best is not None and overlap(t["name"], best[0]) < THREAD_OVERLAP:
            best = None
        got = None if best is None else ("open" if best[1] == "progressing" else best[1])
        if not out.tallies["threads"].add(got == expected):
            out.misses.append(Miss("threads", cap, t["name"], expected,
                                   None if best is None else f"{best[0]} ({best[1]})",
                                   t["close_evidence"] if closed else t["open_evidence"],
                                   t["closed"] if closed else t["opened"]))


def score_cap(key: dict[str, Any], snap: Snapshot, texts: dict[int, str]) -> CapScore:
    """Every category at one cap."""
    from evals.golden_identity import score_identity

    cast = KeyCast(key)
    out = CapScore(cap=snap.cap)
    score_characters(key, cast, snap, out, texts)
    score_locations(key, cast, snap, out)
    score_possessions(key, cast, snap, out)
    score_knowledge(key, cast, snap, out)
    score_relationships(key, cast, snap, out)
    score_threads(key, snap, out)
    score_identity(key, cast, snap, out)
    return out


def _used(texts: dict[int, str], surface: str, cap: int) -> bool:
    """Is the surface used on its own (not inside a longer name) in chapters <= cap?"""
    return _sentence_with(texts, surface, cap)[0] is not None


def _sentence_with(texts: dict[int, str], surface: str, cap: int) -> tuple[str | None, int | None]:
    """The first sentence (and its chapter) using a surface on its own, up to the cap."""
    bare = re.sub(r"^(the|a|an)\s+", "", surface, flags=re.IGNORECASE)
    if not bare:
        return None, None
    proper = bare[:1].isupper()
    pattern = re.compile(r"\b" + re.escape(bare) + r"\b", 0 if proper else re.IGNORECASE)
    for chapter in sorted(c for c in texts if c <= cap):
        text_ = texts[chapter]
        for found in pattern.finditer(text_):
            before = text_[max(0, found.start() - 30):found.start()]
            after = text_[found.end():found.end() + 30]
            longer = re.search(r"[A-Z][a-z'’]*\s$", before) or re.match(r"\s[A-Z][a-z]", after)
            if proper and longer:
                continue  # part of a longer name: "Marsh" in "Elena Marsh"
            return _sentence_around(text_, found.start(), found.end()), chapter
    return None, None


def _sentence_around(text_: str, start: int, end: int) -> str:
    """The sentence holding [start, end) (a plain punctuation heuristic, for diagnostics)."""
    left = max(text_.rfind(m, 0, start) for m in (". ", "! ", "? ", "\n"))
    rights = [i for i in (text_.find(m, end) for m in (". ", "! ", "? ", "\n")) if i >= 0]
    right = min(rights) if rights else len(text_)
    return text_[left + 1:right + 1].strip()
