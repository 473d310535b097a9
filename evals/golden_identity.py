"""Identity rules of the golden key, checked at one cap (pure functions).

- nickname: "Finchy" (from chapter 6) is an alias of Aldous Finch's entity and of no other
  character, and its bare uses are linked to him;
- hidden identity: "the stranger" is tracked from chapter 2; before the reveal (chapter 9)
  nothing the reader sees ties him to Ivo; from the reveal on he is Ivo's entity, the one
  named in chapter 1 (no new Ivo is created);
- ambiguous first name: Elena Marsh and Elena Voss are two entities, and bare "Elena" is
  never an alias of exactly one of them.
"""

from __future__ import annotations

from typing import Any

from evals.common import norm_name
from evals.golden_scoring import CapScore, KeyCast, Miss, Snapshot, Tally


def _check(out: CapScore, name: str, ok: bool, *, expected: Any, got: Any,
           evidence: str | None, chapter: int | None) -> None:
    out.tallies["identity"].add(ok)
    out.checks.setdefault(name, Tally()).add(ok)
    if not ok:
        out.misses.append(Miss("identity", out.cap, name, expected, got, evidence, chapter))


def _linked(snap: Snapshot, surface: str, chapters: range | None = None) -> set[str]:
    """Entities that mentions of a surface are linked to (chapters <= cap)."""
    key = norm_name(surface)
    return {e for (chapter, text_), ids in snap.mentions.items()
            if text_ == key and chapter <= snap.cap and (chapters is None or chapter in chapters)
            for e in ids}


def score_identity(key: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    """The nickname, hidden-identity and ambiguous-name rules at the cap."""
    _nickname(key.get("nickname"), cast, snap, out)
    _reveal(key.get("identity_reveal"), cast, snap, out)
    for amb in key.get("ambiguous_first_names", []):
        _ambiguous(amb, cast, snap, out)


def _names(snap: Snapshot, ids: set[str]) -> list[str]:
    return sorted(snap.index.name_of(e) or e for e in ids)


def _nickname(nick: dict[str, Any] | None, cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    if not nick or snap.cap < nick["introduced"]:
        return
    who, alias = nick["character"], nick["alias"]
    anchor = cast.primary(snap.index, who, snap.cap, without=alias)
    carriers = snap.index.carriers(alias, "character")
    _check(out, f"nickname {alias!r} is an alias of {who}", anchor is not None and
           carriers == {anchor}, expected=who, got=_names(snap, carriers) or None,
           evidence=nick["evidence"], chapter=nick["introduced"])
    for use in nick.get("bare_uses", []):
        if use["chapter"] > snap.cap:
            continue
        linked = _linked(snap, alias, range(use["chapter"], use["chapter"] + 1))
        _check(out, f"bare {alias!r} in chapter {use['chapter']} is {who}",
               anchor is not None and linked == {anchor}, expected=who,
               got=_names(snap, linked) or None, evidence=use["evidence"], chapter=use["chapter"])


def _reveal(reveal: dict[str, Any] | None, cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    if not reveal or snap.cap < reveal["first_seen"]:
        return
    cap, index = snap.cap, snap.index
    who, surface = reveal["character"], reveal["surface"]
    stranger = index.carriers(surface, "character") | _linked(snap, surface)
    own = cast.surfaces(who, cap, hidden=False)
    if cap < reveal["revealed"]:
        _check(out, f"{surface!r} is tracked as a character", bool(stranger),
               expected=f"an entity for {surface!r}", got=None,
               evidence=None, chapter=reveal["first_seen"])
        leaked = {e for e in stranger if index.surfaces(e) & {s for s in own
                                                              if s != norm_name(surface)}}
        _check(out, f"{surface!r} is not shown as {who} before chapter {reveal['revealed']}",
               not leaked, expected=f"no {who} name on {surface!r}",
               got=_names(snap, leaked) or None, evidence=reveal.get("note"),
               chapter=reveal["first_seen"])
        return
    anchor = cast.primary(index, who, cap, without=surface)
    _check(out, f"the reveal binds {surface!r} to {who}",
           anchor is not None and stranger == {anchor}, expected=who,
           got=_names(snap, stranger) or None, evidence=reveal["evidence"],
           chapter=reveal["revealed"])
    named = {e for s in own if s != norm_name(surface) for e in index.carriers(s, "character")}
    late = {e for e in named if index.entities[e].first_chapter > reveal["character_first_named"]}
    _check(out, f"the reveal reuses {who} from chapter {reveal['character_first_named']}",
           bool(named) and not late, expected=f"{who} first seen in chapter "
           f"{reveal['character_first_named']}",
           got=[f"{index.name_of(e)} (first chapter {index.entities[e].first_chapter})"
                for e in sorted(named)] or None,
           evidence=reveal["evidence"], chapter=reveal["revealed"])


def _ambiguous(amb: dict[str, Any], cast: KeyCast, snap: Snapshot, out: CapScore) -> None:
    if snap.cap < amb["evidence_chapter"]:
        return
    anchors = [cast.primary(snap.index, n, snap.cap) for n in amb["candidates"]]
    distinct = all(anchors) and len(set(anchors)) == len(anchors)
    _check(out, f"{' and '.join(amb['candidates'])} are distinct entities", distinct,
           expected=amb["candidates"], got=[snap.index.name_of(a) for a in anchors],
           evidence=amb["evidence"], chapter=amb["evidence_chapter"])
    carriers = snap.index.carriers(amb["surface"], "character")
    bound = [a for a in anchors if a is not None and a in carriers]
    _check(out, f"bare {amb['surface']!r} is not bound to just one of them", len(bound) != 1,
           expected="both or neither", got=_names(snap, set(bound)) or None,
           evidence=amb["evidence"], chapter=amb["evidence_chapter"])
