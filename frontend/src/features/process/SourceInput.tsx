import { useId, useState, type DragEvent } from 'react';
import { Icon } from '../../components/Icon';
import { ACCEPTED_FILES, SUPPORTED_LABEL } from './readSourceFile';

interface SourceInputProps {
  text: string;
  onTextChange: (text: string) => void;
  onFiles: (files: File[]) => void;
  /** When files are chosen the text box gives way to the file list. */
  hasFiles: boolean;
}

/** Where the text comes from: a paste box, a file picker, and a drop target for text and document files. */
export function SourceInput({ text, onTextChange, onFiles, hasFiles }: SourceInputProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={`source-input${dragging ? ' source-input--dragging' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {!hasFiles && (
        <div className="field">
          <label htmlFor={`${id}-text`}>Chapter text</label>
          <textarea
            id={`${id}-text`}
            rows={10}
            value={text}
            placeholder="Paste one chapter, or a whole book with its chapter headings (CHAPTER I., Chapter 2, …)"
            onChange={(event) => onTextChange(event.target.value)}
            aria-describedby={`${id}-drop-hint`}
          />
        </div>
      )}
      <div className="dropzone">
        <Icon name="upload" size={22} />
        <p id={`${id}-drop-hint`} className="dropzone__hint">
          {hasFiles
            ? `Add more files (${SUPPORTED_LABEL}): drop them here or`
            : `Or drop chapter or book files here (${SUPPORTED_LABEL}), or`}
        </p>
        <input
          id={`${id}-files`}
          className="visually-hidden file-input"
          type="file"
          accept={ACCEPTED_FILES}
          multiple
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            if (files.length > 0) onFiles(files);
            event.target.value = '';
          }}
        />
        <label htmlFor={`${id}-files`} className="button button--small">
          Choose files
        </label>
      </div>
    </div>
  );
}
