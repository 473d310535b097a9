export type ReadResult = { ok: true; text: string } | { ok: false; error: string };

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

function readBytes(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Reads a .txt file as UTF-8 text, refusing what is not plain text with a reason a person understands. */
export async function readTextFile(file: File): Promise<ReadResult> {
  if (!/\.txt$/i.test(file.name)) return { ok: false, error: 'Only .txt files can be processed.' };
  if (file.size === 0) return { ok: false, error: 'The file is empty.' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: 'The file is larger than 20 MB.' };
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
