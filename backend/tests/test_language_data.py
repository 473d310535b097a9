"""The language data is written once: every English word list of the backend (speech verbs,
titles, kin nouns, colours, ...) has one definition, the narrower and wider ones are built from
it in `continuum.language`, and a person's name in plain text is matched by the one pattern
built from the honorific list (`continuum.language.names.proper_name`).

- No two module-level word lists anywhere in `continuum/` (set, frozenset, tuple or list
  literals, `words("...")`, `"...".split()`: three or more words) share 80% of their words
  (Jaccard: shared / all): a copy, or a copy with a few words changed, fails. A named subset
  built from a list (`DIALOGUE_TAGS - {"begin"}`) is no literal and passes.
- No such literal outside `continuum/language/` copies one of the language data's lists as
  built at import (`SPEECH_VERBS` is a union: its copy would be no literal of it).
- No two of the language data's collections (their module-level sets, tuples, lists of
  strings and dict keys) have the same words, but two tables (dicts) may map the same words.
- No string outside `language/names.py` spells the honorific alternation of a name pattern
  ("Mr|Mrs|...") or its capitalised run.

Lists of identifiers ("sibling_of", "new_entities") and of punctuation are not word lists here.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import continuum
import continuum.language

CONTINUUM = Path(continuum.__file__).resolve().parent
NEAR_COPY = 0.8
"""Two lists whose shared words are at least this share of all their words are one list."""
_WORD = re.compile(r"['’]?[^\W\d_](?:[^\W_]|['’. -])*")  # a word: letters, "cap'n", "'d", "went on"
_WORD_CALLS = {"words", "_words"}
_COLLECTIONS = {"frozenset", "set", "tuple", "list"}


@dataclass(frozen=True)
class WordList:
    where: str  # "language/promises.py:PROMISE_VERBS"
    words: frozenset[str]
    table: bool = False  # a dict's keys: two tables may map the same words to different things


def is_word_list(items: Iterable[object]) -> bool:
    """Three or more strings, each a word or a phrase ("cap'n", "went on", "'d", "st.")."""
    items = list(items)
    return len(set(items)) >= 3 and all(isinstance(i, str) and _WORD.fullmatch(i) for i in items)


def _literal(node: ast.expr) -> list[str] | None:
    """The strings of a literal word list, or None."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        arg, func = node.args[0], node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in _WORD_CALLS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value.split()
        if name in _COLLECTIONS:
            return _literal(arg)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "split"
            and not node.args and isinstance(node.func.value, ast.Constant)
            and isinstance(node.func.value.value, str)):
        return node.func.value.value.split()
    if isinstance(node, (ast.Set, ast.List, ast.Tuple)) and node.elts and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return None


def _assignments(tree: ast.Module) -> Iterator[tuple[str, ast.expr]]:
    """Module-level (name, value) pairs, "A, B = x, y" too."""
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name):
            yield node.target.id, node.value
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node.value
                elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    for t, v in zip(target.elts, node.value.elts, strict=False):
                        if isinstance(t, ast.Name):
                            yield t.id, v


def literal_word_lists(sources: dict[str, str]) -> list[WordList]:
    """The word lists written as literals at module level in each source (path -> text)."""
    found = []
    for path, source in sources.items():
        for name, value in _assignments(ast.parse(source)):
            words = _literal(value)
            if words is not None and is_word_list(words):
                found.append(WordList(f"{path}:{name}", frozenset(words)))
    return found


def near_copies(lists: list[WordList], others: list[WordList] | None = None) -> list[str]:
    """Pairs of lists (within `lists`, or each of `lists` against `others`) that share at
    least NEAR_COPY of their words."""
    pairs = [(a, b) for i, a in enumerate(lists) for b in lists[i + 1:]] if others is None else \
        [(a, b) for a in lists for b in others]
    out = []
    for a, b in pairs:
        shared = len(a.words & b.words) / len(a.words | b.words)
        if a.where != b.where and shared >= NEAR_COPY:
            out.append(f"{a.where} and {b.where} share {shared:.0%} of their words")
    return out


def _continuum_sources() -> dict[str, str]:
    return {str(p.relative_to(CONTINUUM)): p.read_text(encoding="utf-8")
            for p in sorted(CONTINUUM.rglob("*.py"))}


def language_data() -> list[WordList]:
    """Every module-level collection of words in `continuum.language` as built at import (a
    dict's keys), once each: a list imported into another module is the same object."""
    seen: set[int] = set()
    found = []
    for info in sorted(pkgutil.iter_modules(continuum.language.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"continuum.language.{info.name}")
        for name, value in sorted(vars(module).items()):
            if name.startswith("__") or id(value) in seen:
                continue
            items = list(value) if isinstance(value, (set, frozenset, tuple, list, dict)) else []
            if is_word_list(items):
                seen.add(id(value))
                found.append(WordList(f"language/{info.name}.py:{name}", frozenset(items),
                                      isinstance(value, dict)))
    return found


def test_no_word_list_is_written_twice() -> None:
    lists = literal_word_lists(_continuum_sources())
    assert len(lists) > 200, "the scan found too few word lists to mean anything"
    assert near_copies(lists) == []


def test_language_data_is_not_copied_elsewhere() -> None:
    outside = [w for w in literal_word_lists(_continuum_sources()) if not w.where.startswith("language/")]
    assert near_copies(language_data(), outside) == []


def test_language_data_lists_differ() -> None:
    data = language_data()
    assert {"language/speech.py:SPEECH_VERBS", "language/names.py:HONORIFICS",
            "language/promises.py:PROMISE_VERBS"} <= {w.where for w in data}
    same = [f"{a.where} and {b.where}" for i, a in enumerate(data) for b in data[i + 1:]
            if a.words == b.words and not (a.table and b.table)]
    assert same == []


_NAME_PIECES = ("Mr|Mrs", r"[A-Z][\w'’-]+", r"[A-Z][\w’'-]+")


def name_patterns(sources: dict[str, str]) -> list[str]:
    """String constants outside language/names.py that spell a piece of the name pattern."""
    out = []
    for path, source in sources.items():
        if path == "language/names.py":
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out += [f"{path}:{node.lineno}: {piece}" for piece in _NAME_PIECES if piece in node.value]
    return out


def test_names_are_matched_by_the_one_pattern() -> None:
    assert name_patterns(_continuum_sources()) == []


COPY = 'SAY = frozenset({"say", "reply", "answer", "cry", "ask"})\n'


@pytest.mark.parametrize(("sources", "found"), [
    ({"a.py": COPY, "b.py": 'TAGS = words("say reply answer cry ask")\n'}, 1),
    ({"a.py": COPY, "b.py": 'TAGS = ("say", "reply", "answer", "cry", "ask", "shout")\n'}, 1),
    ({"a.py": COPY, "b.py": 'A, B = 1, {"answer", "cry", "ask", "say", "reply"}\n'}, 1),
    ({"a.py": COPY, "b.py": 'TAGS = SAY | {"whisper", "shout", "mutter", "murmur"}\n'}, 0),
    ({"a.py": COPY, "b.py": 'SIBLINGS = {"sister_of", "brother_of", "sibling_of"}\n'
                            'KINDS = ("sister_of", "brother_of", "sibling_of")\n'}, 0),
])
def test_a_copied_list_is_found(sources: dict[str, str], found: int) -> None:
    assert len(near_copies(literal_word_lists(sources))) == found


def test_a_copied_name_pattern_is_found() -> None:
    source = '_WHO = r"(?:(?:Mr|Mrs|Dr)\\.?\\s+)?[A-Z][\\w\'’-]+(?:\\s+[A-Z][\\w\'’-]+)*"\n'
    assert len(name_patterns({"pipeline/critic/x.py": source})) == 2
    assert name_patterns({"language/names.py": source}) == []
