"""Illustration captions are blanked for extraction without moving any offset."""

from continuum.pipeline.masking import mask_markup
from tests.conftest import chapters_of


def test_captions_become_spaces_with_offsets_kept(shared_data) -> None:
    chapter = chapters_of(shared_data, "pride_and_prejudice.txt")[2]
    masked = mask_markup(chapter)
    assert len(masked) == len(chapter)
    assert "[Illustration" in chapter and "[Illustration" not in masked
    kept = [i for i, (a, b) in enumerate(zip(chapter, masked, strict=True)) if a != b]
    assert all(masked[i] == " " for i in kept)
    assert masked.count("\n") == chapter.count("\n")


def test_plain_text_is_untouched() -> None:
    assert mask_markup("She said [quietly] no.") == "She said [quietly] no."
