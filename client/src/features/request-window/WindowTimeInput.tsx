import { clockTimeNear, clockValue } from './request-window-times.ts';

interface WindowTimeInputProps {
  label: string;
  name: 'requests_open_at' | 'requests_close_at';
  /** The stored time (ISO 8601), or null for none. */
  value: string | null;
  disabled: boolean;
  /** The new time as ISO 8601, or null when the field was cleared. */
  onSave(value: string | null): void;
}

/** One end of the window as a clock time on this device: the one within 12 hours of now. */
export function WindowTimeInput({ label, name, value, disabled, onSave }: WindowTimeInputProps) {
  return (
    <label className="window-time">
      {label}
      <input
        type="time"
        name={name}
        value={clockValue(value)}
        disabled={disabled}
        onChange={(event) => {
          const typed = event.target.value;
          if (typed === '') return onSave(null);
          const time = clockTimeNear(typed, Date.now());
          if (time) onSave(time.toISOString());
        }}
      />
    </label>
  );
}
