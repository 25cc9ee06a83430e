import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** One text input or textarea as the browser gets it: its label and its maxlength (or null). */
export interface RenderedTextField {
  label: string;
  maxLength: number | null;
}

/** Inputs a person types free text into; checkboxes, dates, numbers and files take no limit. */
const TEXT_INPUT_TYPES = new Set(['text', 'email', 'password', 'url', 'search', 'tel']);

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity)
    .trim();
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    if (name) attributes[name.toLowerCase()] = textOf(value ?? '');
  }
  return attributes;
}

/**
 * Renders an element to HTML (no DOM needed) and lists the text fields a person can edit, by
 * their label, in page order. Read-only fields are left out: nothing typed there is sent.
 */
export function renderedTextFields(element: ReactElement): RenderedTextField[] {
  const html = renderToStaticMarkup(element);
  const labels = new Map<string, string>();
  for (const [, id, text] of html.matchAll(/<label\b[^>]*\bfor="([^"]+)"[^>]*>(.*?)<\/label>/gs)) {
    if (id && text !== undefined) labels.set(id, textOf(text));
  }
  const fields: RenderedTextField[] = [];
  for (const [, tag, attributeText] of html.matchAll(/<(input|textarea)\b([^>]*)>/g)) {
    const attributes = attributesOf(attributeText ?? '');
    if (tag === 'input' && !TEXT_INPUT_TYPES.has(attributes.type ?? 'text')) continue;
    if ('readonly' in attributes) continue;
    fields.push({
      label:
        labels.get(attributes.id ?? '') ??
        attributes['aria-label'] ??
        attributes.name ??
        '(no label)',
      maxLength: attributes.maxlength === undefined ? null : Number(attributes.maxlength),
    });
  }
  return fields;
}
