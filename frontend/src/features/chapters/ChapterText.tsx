/** Splits chapter text into paragraphs at blank lines; single line breaks inside a paragraph become spaces. */
export function toParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((block) => block.replace(/\s*\n\s*/g, ' ').trim())
    .filter((block) => block.length > 0);
}

/** Chapter text as plain paragraphs. The text is untrusted: it is only ever rendered as text. */
export function ChapterText({ text }: { text: string }) {
  return (
    <div className="chapter-text">
      {toParagraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
