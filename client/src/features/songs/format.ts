/** Fills {name} placeholders of a shared message. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** "1 song" / "3 songs" */
export function songCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'song' : 'songs'}`;
}
