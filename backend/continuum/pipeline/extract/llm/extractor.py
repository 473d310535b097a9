"""The LLM extractor: chunk the chapter, run the grouped passes concurrently, align, merge.

Per chunk, the first call of the plan goes alone (it writes the shared prompt prefix into
the provider's cache); when it returns, the chunk's other calls go out together, bounded
by `max_concurrency` across the whole chapter. A chapter of several chunks gets one more
call that combines the parts' summaries. Any failed call abandons the chapter: queued
calls are cancelled, the exception propagates and no partial extraction is returned.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from continuum.errors import ExtractionFailed
from continuum.language.names import normalize
from continuum.pipeline.chunking import Chunk, chunk_text, load_encoding
from continuum.pipeline.extract.llm.align import TextIndex
from continuum.pipeline.extract.llm.client import Abandoned, CallLog, LlmClient
from continuum.pipeline.extract.llm.convert import AlignStats, ChunkResult, Converter
from continuum.pipeline.extract.llm.merge import merge_chunks
from continuum.pipeline.extract.llm.passes import (
    CALL_GROUPS,
    PassAnswer,
    output_budget,
    parse_answer,
)
from continuum.pipeline.extract.llm.prompts import chunk_messages, combine_messages
from continuum.pipeline.extract.protocol import ProgressCallback, Reading, StoryContext
from continuum.pipeline.extract.schema import ChapterExtraction, Summaries
from continuum.settings import DROP_WARNING

log = logging.getLogger(__name__)

SUMMARY_PASSES = ("chapter_summary", "multi_granularity_summaries")
HEARTBEAT_SECONDS = 5.0
"""While calls are out, progress is reported this often: a local model on a CPU can take
minutes before its first token, and the Process page shows which call it is waiting for."""

Group = tuple[str, tuple[str, ...]]


class LlmExtractor:
    """The `Extractor` backed by any litellm model (`openai/...`, `anthropic/...`, `ollama/...`)."""

    def __init__(
        self,
        model: str,
        *,
        api_base: str | None = None,
        api_key: str | None = None,
        max_concurrency: int = 4,
        timeout: float = 60.0,
        max_retries: int = 3,
        retry_backoff: float = 1.0,
        chunk_tokens: int = 2000,
        chunk_overlap: int = 200,
        groups: tuple[Group, ...] = CALL_GROUPS,
        shared_prefix: bool = True,
        warm_cache: bool = True,
        temperature: float | None = None,
        repeat_penalty: float | None = None,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        if max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        self.name = f"llm:{model}"
        self.model = model
        self.client = LlmClient(model, api_base=api_base, api_key=api_key, timeout=timeout,
                                max_retries=max_retries, retry_backoff=retry_backoff,
                                temperature=temperature, repeat_penalty=repeat_penalty)
        self.heartbeat = heartbeat
        self.max_concurrency = max_concurrency
        self.chunk_tokens = chunk_tokens
        self.chunk_overlap = chunk_overlap
        self.groups = groups
        self.shared_prefix = shared_prefix
        self.warm_cache = warm_cache

    def read(
        self,
        text: str,
        *,
        chapter_number: int,
        context: StoryContext,
        progress: ProgressCallback | None = None,
    ) -> Reading:
        """The 13 passes over `text`, with their calls and alignment stats.

        Raises ExtractionFailed rather than return less; the error carries the calls made
        before the failure (a failure that is not the model's is wrapped in one), so that
        what the attempt cost is billed.
        """
        chunks = chunk_text(text, max_tokens=self.chunk_tokens, overlap=self.chunk_overlap)
        run = _Run(self, text, chunks, chapter_number, context, progress)
        try:
            results = run.chunks()
            chapter_summary, summaries = run.summaries(results)
        except ExtractionFailed as exc:
            exc.calls = tuple(run.log.calls)
            raise
        except Exception as exc:
            raise ExtractionFailed(f"{exc.__class__.__name__}: {exc}",
                                   calls=tuple(run.log.calls)) from exc
        merged = merge_chunks(results, len(text))
        extraction = ChapterExtraction(chapter_summary=chapter_summary,
                                       multi_granularity_summaries=summaries, **merged)
        stats = run.stats_dict()
        if stats["drop_rate"] > DROP_WARNING:
            log.warning("chapter %d: %d of %d items dropped (%.0f%%): their quotes are not in "
                        "the chapter text", chapter_number, stats["dropped"],
                        stats["aligned"] + stats["dropped"], 100 * stats["drop_rate"])
        return Reading(extraction, calls=tuple(run.log.calls), stats=stats)

    def extract(self, text: str, *, chapter_number: int, context: StoryContext,
                progress: ProgressCallback | None = None) -> ChapterExtraction:
        """`read` without what it cost."""
        return self.read(text, chapter_number=chapter_number, context=context,
                         progress=progress).extraction


class _Run:
    """The state of one `extract` call: its calls, alignment stats and chunk results."""

    def __init__(self, owner: LlmExtractor, text: str, chunks: list[Chunk], chapter_number: int,
                 context: StoryContext, progress: ProgressCallback | None) -> None:
        self.owner = owner
        self.text = text
        self.chunk_list = chunks
        self.chapter_number = chapter_number
        self.context = context
        self.progress = progress
        self.log = CallLog()
        self.stats = AlignStats()
        self.abort = threading.Event()
        known = {normalize(n) for e in context.entities for n in (e.name, *e.aliases)}
        self.converter = Converter(TextIndex(text), known, self.stats)
        passes = {p for _, group in owner.groups for p in group}
        self.combine = len(chunks) > 1 and set(SUMMARY_PASSES) <= passes
        self.total = len(chunks) * len(owner.groups) + int(self.combine)
        self.done = 0
        self.sent: dict[tuple[int, str], float] = {}  # (chunk, call) -> first request sent
        self.encoding = load_encoding()

    def chunks(self) -> list[ChunkResult]:
        results = [ChunkResult(chunk) for chunk in self.chunk_list]
        groups = self.owner.groups
        warm = self.owner.warm_cache and self.owner.shared_prefix and len(groups) > 1
        pool = ThreadPoolExecutor(max_workers=self.owner.max_concurrency,
                                  thread_name_prefix="llm-pass")
        pending: dict[Future[dict[str, PassAnswer]], tuple[int, Group]] = {}

        def submit(i: int, group: Group) -> None:
            pending[pool.submit(self._call, self.chunk_list[i], group)] = (i, group)

        deferred: dict[int, tuple[Group, ...]] = {}
        for i in range(len(self.chunk_list)):
            first, rest = (groups[:1], groups[1:]) if warm else (groups, ())
            for group in first:
                submit(i, group)
            deferred[i] = rest
        try:
            while pending:
                finished, _ = wait(pending, timeout=self.owner.heartbeat,
                                   return_when=FIRST_COMPLETED)
                if not finished:
                    self._waiting(pending.values())
                    continue
                # A call's own failure first: the calls it made others abandon come after.
                for future in sorted(finished, key=lambda f: isinstance(f.exception(), Abandoned)):
                    i, (group_name, _) = pending.pop(future)
                    self.converter.add(results[i], future.result())
                    self._tick(f"chunk {i + 1}/{len(results)}: {group_name}")
                    for group in deferred.pop(i, ()):
                        submit(i, group)
        except BaseException:
            # Queued calls are cancelled and retries stop; a request already sent is waited
            # for (at most `timeout`) so that what it cost is in the call log.
            self.abort.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        return results

    def _call(self, chunk: Chunk, group: Group) -> dict[str, PassAnswer]:
        name, passes = group
        messages = chunk_messages(self.owner.model, self.context, chunk, passes,
                                  chapter_number=self.chapter_number,
                                  chunks=len(self.chunk_list),
                                  shared_prefix=self.owner.shared_prefix)
        self.sent.setdefault((chunk.index, name), time.monotonic())
        budget = output_budget(passes, len(self.encoding.encode_ordinary(chunk.text)))
        try:
            data = self.owner.client.complete_json(name, messages, log_to=self.log,
                                                   abort=self.abort, max_tokens=budget)
            return parse_answer(name, passes, data)
        except BaseException:
            # Abandon the queued calls now, from this worker: one call at a time (a local
            # server), the next would otherwise be sent before the chapter's thread hears of it.
            self.abort.set()
            raise

    def summaries(self, results: list[ChunkResult]) -> tuple[str, Summaries]:
        """The chapter's summaries: its only chunk's, or the parts' summaries combined."""
        if not results:
            return "", Summaries()
        if not self.combine:
            return results[0].chapter_summary, results[0].summaries
        parts = [r.summaries.long or r.summaries.medium or r.chapter_summary for r in results]
        messages = combine_messages(parts, chapter_number=self.chapter_number,
                                    passes=SUMMARY_PASSES)
        parts_tokens = sum(len(self.encoding.encode_ordinary(part)) for part in parts)
        data = self.owner.client.complete_json("combine_summaries", messages, log_to=self.log,
                                               abort=self.abort,
                                               max_tokens=output_budget(SUMMARY_PASSES,
                                                                        parts_tokens))
        answers = parse_answer("combine_summaries", SUMMARY_PASSES, data)
        combined = ChunkResult(results[0].chunk)
        self.converter.add(combined, answers)
        self._tick("combine summaries")
        return combined.chapter_summary, combined.summaries

    def _waiting(self, calls: Any) -> None:
        """Report the calls the model is working on and how long the oldest has taken; the
        fraction stays where it is."""
        if self.progress is None:
            return
        started = [(self.sent[(i, name)], i, name) for i, (name, _p) in calls
                   if (i, name) in self.sent]
        if not started:
            return
        oldest = min(started)[0]
        where = ", ".join(f"chunk {i + 1}/{len(self.chunk_list)}: {name}"
                          for _t, i, name in sorted(started, key=lambda c: (c[1], c[2])))
        self.progress(f"{where} (waiting for the model, {time.monotonic() - oldest:.0f} s)",
                      self.done / self.total if self.total else 0.0)

    def _tick(self, what: str) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(what, self.done / self.total if self.total else 1.0)

    def stats_dict(self) -> dict[str, Any]:
        calls = list(self.log.calls)
        return {
            **self.stats.as_dict(),
            "chunks": len(self.chunk_list),
            "calls": len(calls),
            "tokens_in": sum(c.tokens_in for c in calls),
            "tokens_out": sum(c.tokens_out for c in calls),
            "tokens_cached": sum(c.tokens_cached for c in calls),
            "cost_usd": round(sum(c.cost_usd for c in calls), 6),
        }
