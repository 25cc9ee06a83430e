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
      <label htmlFor={id} className="drop-zone-label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={extension}
        className="drop-zone-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // Choosing the same file again after a fix should work.
          event.target.value = '';
        }}
      />
      <p className="drop-zone-hint">
        {fileName ? `Selected: ${fileName}` : `Choose a ${extension} file or drop it here.`}
      </p>
    </div>
  );
}
