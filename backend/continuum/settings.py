"""The one Settings class. Nothing else in the code base reads os.environ."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]
PROVIDER_LLM_TIMEOUT = 60.0
LOCAL_LLM_TIMEOUT = 900.0
"""A 1.5B model on 2 CPU cores reads ~25 prompt tokens/s and writes 3-5 tokens/s: a call of
2,500 prompt tokens and 1,000 output tokens takes five minutes or more."""
DROP_WARNING = 0.2
"""Share of an LLM extraction's items dropped for unalignable evidence above which a chapter is
logged by the LLM extractor and flagged by the read layer's extraction costs."""


class Settings(BaseSettings):
    """Every knob of Continuum, read from the environment (and an optional `.env`)."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    database_url: str | None = Field(
        default=None,
        description="PostgreSQL URL (must have pgvector). Unset: start the embedded server.",
    )
    database_read_url: str | None = Field(
        default=None,
        description="Optional read replica URL: the read layer queries it instead of the primary.",
    )
    read_replica_cache_seconds: float = Field(
        default=0.2, ge=0,
        description="How long the replica's replay position is cached by the read router.",
    )
    data_dir: Path = Field(
        default=Path("./var"), description="Where the embedded database and uploads live."
    )
    llm_model: str | None = Field(
        default=None, description="litellm model string; unset means the offline extractor."
    )
    llm_api_base: str | None = Field(
        default=None, description="Base URL for the LLM provider (e.g. a local Ollama or vLLM server)."
    )
    llm_api_key: str | None = Field(
        default=None, description="API key passed to litellm (else the provider's own variable)."
    )
    llm_max_concurrency: int | None = Field(
        default=None, ge=1,
        description="Concurrent LLM calls per chapter; unset: 4, or 1 for a local LLM_API_BASE.",
    )
    llm_timeout: float | None = Field(
        default=None, gt=0,
        description="Seconds per LLM call attempt; unset: 60, or 900 for a local LLM_API_BASE.",
    )
    llm_temperature: float | None = Field(
        default=None, ge=0, le=2,
        description="Sampling temperature sent with every LLM call; unset: the provider's default.",
    )
    llm_repeat_penalty: float | None = Field(
        default=None, gt=0,
        description="repeat_penalty sent to a llama.cpp or LM Studio server; unset: none sent.",
    )
    llm_max_retries: int = Field(
        default=3, ge=0, description="Retries of a transient LLM error (429, 5xx, timeout)."
    )
    embedding_model: str = Field(
        default="local:all-MiniLM-L6-v2",
        description="Embedder: local:all-MiniLM-L6-v2, mock:hash (tests), or a litellm model.",
    )
    embedding_dim: int = Field(default=384, description="Vector width of every embedding column.")
    continuum_api_token: str | None = Field(
        default=None, description="Bearer token required by mutating routes when set."
    )
    host: str = Field(default="127.0.0.1", description="Address the HTTP server binds.")
    port: int = Field(default=8000, ge=1, le=65535, description="Port of the HTTP server.")
    max_upload_bytes: int = Field(
        default=10 * 1024 * 1024, ge=1024, description="Largest accepted chapter or book upload."
    )
    max_book_chapters: int = Field(
        default=2000, ge=1, description="Largest number of chapters accepted in one book upload."
    )
    max_unpacked_bytes: int = Field(
        default=256 * 1024 * 1024, ge=1024,
        description="Largest total size a .docx, .odt or .epub may unpack to (a zip bomb is refused).",
    )
    convert_seconds: float = Field(
        default=60.0, gt=0, description="Time limit for converting one uploaded document to text."
    )
    run_worker: bool = Field(
        default=True, description="Run the in-process job worker inside `continuum serve`."
    )
    worker_poll_seconds: float = Field(
        default=0.5, gt=0, description="How often an idle worker looks for queued jobs."
    )
    job_max_attempts: int = Field(
        default=3, ge=1, description="Attempts before a job that keeps failing is marked failed."
    )
    index_threads: int = Field(
        default=1, ge=0,
        description="Threads beside each worker that only index chapters for search (embeddings), "
                    "so the vectors of one chapter are made on another core while the next is read. "
                    "0: the worker indexes only when no chapter is waiting.",
    )
    critic_enabled: bool = Field(
        default=True,
        description="Run the continuity critic before each chapter. Off: blocking writes are refused.",
    )
    critic_check_seconds: float = Field(
        default=120.0, gt=0,
        description="Time budget of the critic's checks on one draft (after extraction); overrun: "
                    "the critique is an error, so a blocking write parks.",
    )
    chunk_tokens: int = Field(default=2000, ge=200, description="Chunk size for extraction.")
    chunk_overlap: int = Field(default=200, ge=0, description="Token overlap between chunks.")
    context_max_entities: int = Field(
        default=200, ge=1, description="Cap on roster entries given to the extractor as context."
    )
    frontend_dist: Path = Field(
        default=REPO_ROOT / "frontend" / "dist", description="Built UI served at `/`."
    )
    log_level: str = Field(
        default="WARNING",
        description="Python logging level (INFO or DEBUG also shows the server's and jobs' logs; "
                    "`--verbose` does for one command).",
    )

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError(f"unknown log level {value!r}")
        return level

    @field_validator("database_url", "database_read_url", "llm_model", "continuum_api_token",
                     "llm_api_base", "llm_api_key")
    @classmethod
    def _blank_is_unset(cls, value: str | None) -> str | None:
        return value or None

    def llm_is_local(self) -> bool:
        """Whether LLM_API_BASE is a server on this machine or the local network (a model on
        a CPU, or one GPU serving one request at a time)."""
        if not self.llm_api_base:
            return False
        host = (urlsplit(self.llm_api_base).hostname or "").lower()
        if host in {"localhost", "host.docker.internal"} or host.endswith(".local"):
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return address.is_loopback or address.is_private or address.is_link_local

    @property
    def llm_call_timeout(self) -> float:
        """LLM_TIMEOUT, or its default: 60 s for a provider, 900 s for a local server."""
        if self.llm_timeout is not None:
            return self.llm_timeout
        return LOCAL_LLM_TIMEOUT if self.llm_is_local() else PROVIDER_LLM_TIMEOUT

    @property
    def llm_concurrency(self) -> int:
        """LLM_MAX_CONCURRENCY, or its default: 4 for a provider, 1 for a local server (which
        answers one request at a time, so a queued call would wait out its own timeout)."""
        if self.llm_max_concurrency is not None:
            return self.llm_max_concurrency
        return 1 if self.llm_is_local() else 4

    @property
    def extractor_name(self) -> str:
        """`offline` or `llm:<model>`, as /api/health reports it."""
        return f"llm:{self.llm_model}" if self.llm_model else "offline"

    def host_is_loopback(self) -> bool:
        """True when `host` only accepts connections from this machine."""
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (tests clear the cache to change them)."""
    return Settings()
