import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './form-validation.ts';

/**
 * Text values and their errors for a form; typing in a field clears its error. Every field
 * names its longest value (the server's limit for what it feeds), so the input stops there.
 */
export function useFormFields<K extends string>(
  initial: Record<K, string>,
  maxLengths: Record<K, number>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  /** Props for a TextField (or a TextAreaField) bound to `field`. */
  function bind(field: K) {
    return {
      name: field,
      value: values[field],
      error: errors[field],
      maxLength: maxLengths[field],
      onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
        const { value } = event.target;
        setValues((current) => ({ ...current, [field]: value }));
        setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      },
    };
  }

  return { values, setValues, errors, setErrors, bind };
}
