"""The name filter of long wiki lists: the reader's text as a literal, case and accent blind substring.

`:q` is bound to `contains_pattern(text)`, or NULL for no filter. The fragments only look at
what a row shows at the cap (a row of `names_at_cap`), so a name learned later never matches.
"""

from __future__ import annotations

MAX_QUERY = 100
"""Longest filter text a list route accepts."""


def fold(sql: str) -> str:
    """SQL: the text with accents stripped (NFKD, combining marks removed), lower-cased."""
    return f"lower(regexp_replace(normalize({sql}, NFKD), '[\\u0300-\\u036f]', '', 'g'))"


def contains_pattern(q: str | None) -> str | None:
    """The LIKE pattern for `q` anywhere (`%`, `_` and `\\` literal); None for no filter."""
    needle = (q or "").strip()
    if not needle:
        return None
    return "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def text_matches(sql: str) -> str:
    """SQL boolean: the text expression `sql` contains `:q`."""
    # Both sides go through the same SQL fold, so case and accents compare alike in any locale.
    return f"{fold(sql)} LIKE {fold('CAST(:q AS text)')} ESCAPE '\\'"


def names_match(alias: str) -> str:
    """SQL boolean: a row of `names_at_cap` whose name or an alias (as of the cap) contains `:q`."""
    return f"""({text_matches(f'{alias}.name')}
               OR EXISTS (SELECT 1 FROM unnest({alias}.aliases) AS {alias}_alias(surface)
                           WHERE {text_matches(f'{alias}_alias.surface')}))"""
