"""LitBank evaluation of the offline extractor's entities stage (names, aliases, pronouns).

Runs `analyze_chapter_text` with an empty story context on every `coref/NAME.txt` of
the LitBank dev documents and scores it against the gold annotation:

- character recall: gold chains holding a PROP_PER mention with at least one of their
  PROP mentions overlapped by a predicted character name mention;
- character precision: predicted character clusters with a name mention overlapping a
  gold PER span of the entity layer (any PER span, nominal ones included);
- alias pairwise F1: over pairs of matched gold PROP_PER mentions, "same gold chain"
  against "same predicted character";
- location recall / precision: the same over FAC, GPE and LOC;
- pronoun accuracy (report only): gold PRON_PER mentions in chains with a PROP_PER
  mention that our resolver links to the predicted cluster matched to that chain;
- pronoun precision (report only): of the third-person pronouns our resolver links to a
  character and that are gold PRON_PER mentions, those whose gold chain is the one matched
  to that character; a pronoun of someone the text never names (a chain with no PROP_PER
  mention matched) linked to a character is wrong;
- first-person narrator: a document is told in the first person when one gold chain holds
  at least 15 of the narration's "I", "me", "my" (narration: outside quotation marks, as
  the extractor's quote detector reads them). Detection recall and precision over those
  documents; naming recall over the ones whose narrator chain has a PROP_PER name, and
  precision over the narrators the extractor named (right = the predicted cluster matched
  to the narrator's chain).

Usage: `python -m evals.litbank [--data DIR] [--no-write] [--limit N]` from the repo root.
"""

from __future__ import annotations

import argparse
import bisect
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path

from continuum.language.pronouns import FEMALE_PRONOUNS, MALE_PRONOUNS

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "backend") not in sys.path:
    sys.path.insert(0, str(REPO / "backend"))

SECTION = "## LitBank (offline extractor)"
LOCATION_TYPES = frozenset({"FAC", "GPE", "LOC"})
THIRD_PERSON = MALE_PRONOUNS | FEMALE_PRONOUNS  # the pronouns whose precision is reported


@dataclass(frozen=True)
class GoldMention:
    """One mention of the coreference layer."""

    id: str
    start: int
    end: int
    text: str
    etype: str  # PER, FAC, GPE, LOC, ORG, VEH
    kind: str  # PROP, NOM, PRON
    chain: str


@dataclass
class Gold:
    """The gold annotation of one document."""

    mentions: list[GoldMention]
    entity_spans: dict[str, list[tuple[int, int]]]  # entity layer: type -> spans
    narrator_chain: str | None = None  # the chain telling the document as "I", if any


@dataclass(frozen=True)
class PredMention:
    """A predicted mention: span, entity key, and kind ("name" or "pronoun")."""

    start: int
    end: int
    key: str
    kind: str
    text: str = ""


@dataclass
class Prediction:
    """What the extractor produced for one document."""

    mentions: list[PredMention]
    types: dict[str, str]
    first_person: bool = False
    narrator: str | None = None


@dataclass
class Counts:
    """Additive counts of one document (or a sum of documents)."""

    char_gold: int = 0
    char_found: int = 0
    char_pred: int = 0
    char_pred_ok: int = 0
    pair_tp: int = 0
    pair_pred: int = 0
    pair_gold: int = 0
    loc_gold: int = 0
    loc_found: int = 0
    loc_pred: int = 0
    loc_pred_ok: int = 0
    pron_total: int = 0
    pron_correct: int = 0
    pron_linked: int = 0  # third-person pronouns we link that are gold PRON_PER mentions
    pron_linked_ok: int = 0
    fp_gold: int = 0  # documents told in the first person
    fp_found: int = 0
    fp_pred: int = 0
    fp_pred_ok: int = 0
    narrator_gold: int = 0  # of those, narrated by a named character
    narrator_found: int = 0
    narrator_pred: int = 0
    narrator_pred_ok: int = 0
    errors: dict[str, list[str]] = field(default_factory=dict, compare=False)

    def __add__(self, other: Counts) -> Counts:
        out = Counts()
        for f in fields(self):
            if f.name != "errors":
                setattr(out, f.name, getattr(self, f.name) + getattr(other, f.name))
        return out

    def metrics(self) -> dict[str, float]:
        """Recall, precision and F1 figures derived from the counts."""
        pair_p = _div(self.pair_tp, self.pair_pred)
        pair_r = _div(self.pair_tp, self.pair_gold)
        return {
            "char_recall": _div(self.char_found, self.char_gold),
            "char_precision": _div(self.char_pred_ok, self.char_pred),
            "alias_f1": _div(2 * pair_p * pair_r, pair_p + pair_r),
            "loc_recall": _div(self.loc_found, self.loc_gold),
            "loc_precision": _div(self.loc_pred_ok, self.loc_pred),
            "pronoun_accuracy": _div(self.pron_correct, self.pron_total),
            "pronoun_precision": _div(self.pron_linked_ok, self.pron_linked),
            "first_person_recall": _div(self.fp_found, self.fp_gold),
            "first_person_precision": _div(self.fp_pred_ok, self.fp_pred),
            "narrator_recall": _div(self.narrator_found, self.narrator_gold),
            "narrator_precision": _div(self.narrator_pred_ok, self.narrator_pred),
        }


def _div(a: float, b: float) -> float:
    return a / b if b else 1.0 if a == 0 else 0.0


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _any_overlap(span: tuple[int, int], spans: Iterable[tuple[int, int]]) -> bool:
    return any(_overlaps(span, s) for s in spans)


def _best_key(span: tuple[int, int], preds: Sequence[PredMention]) -> str | None:
    """The key of the predicted mention overlapping `span` the most."""
    best: tuple[int, str] | None = None
    for p in preds:
        overlap = min(span[1], p.end) - max(span[0], p.start)
        if overlap > 0 and (best is None or overlap > best[0]):
            best = (overlap, p.key)
    return best[1] if best else None


def score_document(gold: Gold, pred: Prediction) -> Counts:
    """Score one document's prediction against its gold annotation."""
    c = Counts(errors={"missed_char": [], "bad_char": [], "missed_loc": [], "bad_loc": []})
    names = [m for m in pred.mentions if m.kind == "name"]
    char_names = [m for m in names if pred.types.get(m.key) == "character"]
    loc_names = [m for m in names if pred.types.get(m.key) == "location"]
    chains: dict[str, list[GoldMention]] = {}
    for g in gold.mentions:
        chains.setdefault(g.chain, []).append(g)

    # Characters: recall over gold chains with a PROP_PER mention.
    matched: list[tuple[str, str]] = []  # (gold chain, predicted key) per matched PROP_PER
    chain_key: dict[str, str] = {}
    for chain, ms in chains.items():
        props = [m for m in ms if m.kind == "PROP" and m.etype == "PER"]
        if not props:
            continue
        c.char_gold += 1
        votes: Counter[str] = Counter()
        for m in props:
            key = _best_key((m.start, m.end), char_names)
            if key is not None:
                matched.append((chain, key))
                votes[key] += 1
        if votes:
            c.char_found += 1
            chain_key[chain] = votes.most_common(1)[0][0]
        else:
            c.errors["missed_char"].append(props[0].text)
    per_spans = gold.entity_spans.get("PER", [])
    for key in sorted({m.key for m in char_names}):
        c.char_pred += 1
        spans = [(m.start, m.end) for m in char_names if m.key == key]
        if any(_any_overlap(s, per_spans) for s in spans):
            c.char_pred_ok += 1
        else:
            c.errors["bad_char"].append(key)

    # Alias clustering: pairs of matched PROP_PER mentions.
    for i in range(len(matched)):
        for j in range(i + 1, len(matched)):
            same_gold = matched[i][0] == matched[j][0]
            same_pred = matched[i][1] == matched[j][1]
            c.pair_gold += same_gold
            c.pair_pred += same_pred
            c.pair_tp += same_gold and same_pred

    # Locations.
    for ms in chains.values():
        props = [m for m in ms if m.kind == "PROP" and m.etype in LOCATION_TYPES]
        if not props:
            continue
        c.loc_gold += 1
        if any(_best_key((m.start, m.end), loc_names) for m in props):
            c.loc_found += 1
        else:
            c.errors["missed_loc"].append(props[0].text)
    loc_spans = [s for t in LOCATION_TYPES for s in gold.entity_spans.get(t, [])]
    for key in sorted({m.key for m in loc_names}):
        c.loc_pred += 1
        spans = [(m.start, m.end) for m in loc_names if m.key == key]
        if any(_any_overlap(s, loc_spans) for s in spans):
            c.loc_pred_ok += 1
        else:
            c.errors["bad_loc"].append(key)

    # Pronouns (report only).
    pronouns = [m for m in pred.mentions if m.kind == "pronoun"]
    for chain, ms in chains.items():
        if not any(m.kind == "PROP" and m.etype == "PER" for m in ms):
            continue
        for m in ms:
            if m.kind == "PRON" and m.etype == "PER":
                c.pron_total += 1
                key = _best_key((m.start, m.end), pronouns)
                if key is not None and key == chain_key.get(chain):
                    c.pron_correct += 1

    gold_pronouns = [m for m in gold.mentions if m.kind == "PRON" and m.etype == "PER"]
    for p in pronouns:
        if p.text.lower() not in THIRD_PERSON:
            continue
        g = next((g for g in gold_pronouns if _overlaps((g.start, g.end), (p.start, p.end))), None)
        if g is not None:
            c.pron_linked += 1
            c.pron_linked_ok += chain_key.get(g.chain) == p.key

    # The first-person narrator.
    told = gold.narrator_chain is not None
    c.fp_gold += told
    c.fp_found += told and pred.first_person
    c.fp_pred += pred.first_person
    c.fp_pred_ok += told and pred.first_person
    named = told and any(m.kind == "PROP" and m.etype == "PER" for m in chains[gold.narrator_chain])
    right = told and pred.narrator is not None and chain_key.get(gold.narrator_chain) == pred.narrator
    c.narrator_gold += named
    c.narrator_found += named and right
    c.narrator_pred += pred.narrator is not None
    c.narrator_pred_ok += right
    if pred.narrator is not None and not right:
        c.errors.setdefault("bad_narrator", []).append(pred.narrator)
    return c


def read_gold(coref_dir: Path, entities_dir: Path, name: str) -> Gold:
    """Read the coref-layer mentions with their chains and the entity-layer spans."""
    chain_of: dict[str, str] = {}
    appositions: list[tuple[str, str]] = []
    for line in (coref_dir / f"{name}.chains.tsv").read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if parts[0] == "COREF" and len(parts) >= 3:
            chain_of[parts[1]] = parts[2]
        elif parts[0] == "APPOS" and len(parts) >= 3:
            appositions.append((parts[1], parts[2]))
    for a, b in appositions:  # "I, Vandyck Jennings": an apposition joins its partner's chain
        if a not in chain_of and b in chain_of:
            chain_of[a] = chain_of[b]
        elif b not in chain_of and a in chain_of:
            chain_of[b] = chain_of[a]
    mentions: list[GoldMention] = []
    for mid, label, start, end, text in _brat(coref_dir / f"{name}.ann"):
        kind, _, etype = label.partition("_")
        mentions.append(GoldMention(mid, start, end, text, etype, kind, chain_of.get(mid, "single:" + mid)))
    spans: dict[str, list[tuple[int, int]]] = {}
    for _, label, start, end, _ in _brat(entities_dir / f"{name}.ann"):
        spans.setdefault(label, []).append((start, end))
    text = (coref_dir / f"{name}.txt").read_text(encoding="utf-8")
    return Gold(mentions, spans, narrator_chain(text, mentions))


FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
NARRATOR_MIN_MENTIONS = 15


def narrator_chain(text: str, mentions: Sequence[GoldMention]) -> str | None:
    """The gold chain holding most of the narration's "I", if it holds enough of them."""
    from continuum.language.quotes import quote_regions

    regions = quote_regions(text)
    starts = [a for a, _ in regions]

    def in_quote(at: int) -> bool:
        k = bisect.bisect_right(starts, at) - 1
        return k >= 0 and at < regions[k][1]

    votes = Counter(m.chain for m in mentions
                    if m.kind == "PRON" and m.text.lower() in FIRST_PERSON and not in_quote(m.start))
    if not votes:
        return None
    chain, count = votes.most_common(1)[0]
    return chain if count >= NARRATOR_MIN_MENTIONS else None


def _brat(path: Path) -> Iterable[tuple[str, str, int, int, str]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("T"):
            continue
        mid, info, text = line.split("\t", 2)
        label, offsets = info.split(" ", 1)
        start, end = offsets.split(";")[0].split()
        yield mid, label, int(start), int(end), text


def predict(text: str) -> Prediction:
    """Run the offline entities stage on a text with an empty story context."""
    from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
    from continuum.pipeline.extract.protocol import StoryContext

    chapter = analyze_chapter_text(text, StoryContext())
    mentions = [PredMention(m.start, m.end, m.entity_key, m.kind, m.text)
                for m in chapter.mentions]
    # LitBank's PER covers groups of people ("the Woodhouses", "the Dacians"): the extractor's
    # groups (a family or a people, typed faction with plural gender) are its people too.
    return Prediction(mentions, {k: "character" if e.gender == "plural" else e.type
                                 for k, e in chapter.entities.items()},
                      first_person=chapter.first_person, narrator=chapter.narrator)


def data_dir(arg: str | None) -> Path:
    """The LitBank dev directory: --data, else $CONTINUUM_SHARED_DATA, else ../shared/data."""
    if arg:
        return Path(arg)
    shared = os.environ.get("CONTINUUM_SHARED_DATA") or str(REPO.parent / "shared" / "data")
    return Path(shared) / "litbank-dev"


_COLUMNS = ("char_recall", "char_precision", "alias_f1", "loc_recall", "loc_precision",
            "pronoun_accuracy")  # fmt: skip
_HEAD = ("char R", "char P", "alias F1", "loc R", "loc P", "pron acc")


def render(rows: list[tuple[str, Counts]], total: Counts, seconds: float) -> str:
    """The markdown section: micro averages, then one row per document."""
    m = total.metrics()
    lines = [
        SECTION,
        "",
        f"`python -m evals.litbank` over {len(rows)} LitBank dev documents, empty story "
        f"context, {seconds:.0f} s in total. Micro averages:",
        "",
        "| metric | value | counts |",
        "|---|---|---|",
        f"| character recall | {m['char_recall']:.3f} | {total.char_found}/{total.char_gold} |",
        f"| character precision | {m['char_precision']:.3f} | {total.char_pred_ok}/{total.char_pred} |",
        f"| alias pairwise F1 | {m['alias_f1']:.3f} | P {_div(total.pair_tp, total.pair_pred):.3f}"
        f", R {_div(total.pair_tp, total.pair_gold):.3f} |",
        f"| location recall | {m['loc_recall']:.3f} | {total.loc_found}/{total.loc_gold} |",
        f"| location precision | {m['loc_precision']:.3f} | {total.loc_pred_ok}/{total.loc_pred} |",
        f"| pronoun accuracy (report only) | {m['pronoun_accuracy']:.3f} | "
        f"{total.pron_correct}/{total.pron_total} |",
        f"| pronoun precision (report only) | {m['pronoun_precision']:.3f} | "
        f"{total.pron_linked_ok}/{total.pron_linked} |",
        f"| first-person narration recall | {m['first_person_recall']:.3f} | "
        f"{total.fp_found}/{total.fp_gold} |",
        f"| first-person narration precision | {m['first_person_precision']:.3f} | "
        f"{total.fp_pred_ok}/{total.fp_pred} |",
        f"| narrator named, recall | {m['narrator_recall']:.3f} | "
        f"{total.narrator_found}/{total.narrator_gold} |",
        f"| narrator named, precision | {m['narrator_precision']:.3f} | "
        f"{total.narrator_pred_ok}/{total.narrator_pred} |",
        "",
        "| document | " + " | ".join(_HEAD) + " |",
        "|---|" + "---|" * len(_HEAD),
    ]
    for name, counts in rows:
        dm = counts.metrics()
        cells = " | ".join(f"{dm[k]:.2f}" for k in _COLUMNS)
        lines.append(f"| {name.removesuffix('_brat')} | {cells} |")
    return "\n".join(lines) + "\n"


def write_section(path: Path, section: str) -> None:
    """Replace (or append) this eval's section in docs/EVALUATION.md, keeping the others."""
    if path.exists():
        text = path.read_text(encoding="utf-8")
    else:
        text = "# Evaluation\n\nMeasured results of the project's evaluations.\n"
    lines = text.splitlines(keepends=True)
    start = next((i for i, ln in enumerate(lines) if ln.strip() == SECTION), None)
    if start is None:
        new = text.rstrip("\n") + "\n\n" + section
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        tail = "".join(lines[end:])
        new = "".join(lines[:start]) + section + ("\n" + tail if tail else "")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the evaluation, print the table, and update docs/EVALUATION.md."""
    parser = argparse.ArgumentParser(prog="python -m evals.litbank", description=__doc__.split("\n")[0])
    parser.add_argument("--data", help="the litbank-dev directory")
    parser.add_argument("--limit", type=int, default=0, help="only the first N documents")
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    parser.add_argument("--errors", action="store_true", help="print missed and spurious names")
    args = parser.parse_args(argv)
    root = data_dir(args.data)
    names = sorted(p.name.removesuffix(".txt") for p in (root / "coref").glob("*.txt"))
    if args.limit:
        names = names[: args.limit]
    if not names:
        print(f"no LitBank documents under {root}", file=sys.stderr)
        return 2
    rows: list[tuple[str, Counts]] = []
    total = Counts()
    began = time.perf_counter()
    for name in names:
        text = (root / "coref" / f"{name}.txt").read_text(encoding="utf-8")
        counts = score_document(read_gold(root / "coref", root / "entities", name), predict(text))
        rows.append((name, counts))
        total = total + counts
        if args.errors:
            for kind, items in counts.errors.items():
                if items:
                    print(f"  {name[:30]} {kind}: {items}")
    section = render(rows, total, time.perf_counter() - began)
    print(section)
    if not args.no_write:
        write_section(REPO / "docs" / "EVALUATION.md", section)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
