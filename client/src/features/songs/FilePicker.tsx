import { useId, useRef, useState, type DragEvent } from 'react';

interface FilePickerProps {
  /** ".csv" or ".lst" */
  extension: string;
  label: string;
  fileName: string | null;
  onFile(file: File): void;
}

/** A file input that also takes a file dropped on it. */
export function FilePicker({ extension, label, fileName, onFile }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div
      className={over ? 'drop-zone drop-zone-over' : 'drop-zone'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {/* The browser's own picker reads "Choose file / No file chosen" beside our text: it stays
          out of sight (still focusable) and this label is its button. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={extension}
        className="visually-hidden drop-zone-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // Choosing the same file again after a fix should work.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="button button-secondary drop-zone-button">
        Choose {label}
      </label>
      {fileName ? (
        <p className="drop-zone-file">{fileName}</p>
      ) : (
        <p className="drop-zone-hint">{`No file chosen yet. You can also drop a ${extension} file here.`}</p>
      )}
    </div>
  );
}
