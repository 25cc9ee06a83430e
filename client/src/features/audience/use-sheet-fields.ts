import { useState } from 'react';

/** A sheet form's text values, and the value/onChange props binding a field to one. */
export function useSheetFields<K extends string>(initial: () => Record<K, string>) {
  const [values, setValues] = useState(initial);
  const field = (name: K) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });
  return { values, field };
}
