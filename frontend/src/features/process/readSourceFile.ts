/** What reading a chosen file gave: its text (.txt), a document the server converts, or why not. */
export type ReadResult = { ok: true; text: string } | { ok: true; document: true } | { ok: false; error: string };

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Word, OpenDocument, RTF, EPUB, Markdown and HTML: sent as they are; the server reads their structure. */
export const DOCUMENT_SUFFIXES = ['.docx', '.odt', '.rtf', '.epub', '.md', '.markdown', '.html', '.htm', '.xhtml'];
export const TEXT_SUFFIXES = ['.txt'];
/** For the file picker's `accept`. */
export const ACCEPTED_FILES = [...TEXT_SUFFIXES, ...DOCUMENT_SUFFIXES, 'text/plain'].join(',');
export const SUPPORTED_LABEL = '.txt, .md, .html, .docx, .odt, .rtf and .epub';

function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Whether a file is a document the server converts (rather than text read here). */
export function isDocument(name: string): boolean {
  return DOCUMENT_SUFFIXES.includes(suffixOf(name));
}

function readBytes(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Reads a .txt file as UTF-8 text; a document (.docx, .epub, …) is left for the server to convert.
 * Anything else is refused with a reason a person understands.
 */
export async function readSourceFile(file: File): Promise<ReadResult> {
  const suffix = suffixOf(file.name);
  if (!TEXT_SUFFIXES.includes(suffix) && !DOCUMENT_SUFFIXES.includes(suffix)) {
    return { ok: false, error: `Continuum reads ${SUPPORTED_LABEL} files.` };
  }
  if (file.size === 0) return { ok: false, error: 'The file is empty.' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: 'The file is larger than 20 MB.' };
  if (DOCUMENT_SUFFIXES.includes(suffix)) return { ok: true, document: true };
  const bytes = new Uint8Array(await readBytes(file));
  if (bytes.includes(0)) return { ok: false, error: 'This looks like a binary file, not text.' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    if (!text.trim()) return { ok: false, error: 'The file contains only blank space.' };
    return { ok: true, text };
  } catch {
    return { ok: false, error: 'The file is not UTF-8 text. Save it as UTF-8 and try again.' };
  }
}
