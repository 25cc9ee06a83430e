import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEMES } from '#shared/audience-constants.ts';
import { SCHEME_COLORS, type SchemeColors } from '#shared/schemas/audience.ts';

// The CSS repeats the shared list as variables (a stylesheet cannot import it); this holds the two
// together: base.css's :root is the default (purple), audience.css overrides it per scheme.
const VARIABLE_OF: Record<keyof SchemeColors, string> = {
  bg: '--bg',
  raised: '--bg-raised',
  input: '--bg-input',
  border: '--border',
  text: '--text',
  muted: '--text-muted',
  accent: '--accent',
  accentStrong: '--accent-strong',
  accentText: '--accent-text',
  error: '--error',
  glow: '--glow',
};

const css = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const baseCss = css('./base.css');
const audienceCss = css('../../features/audience/audience.css');

function variablesOf(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]),
  );
}

const rootVariables = variablesOf(/^:root \{([^}]*)\}/m.exec(baseCss)![1]!);
const schemeBlocks = new Map(
  [...audienceCss.matchAll(/:root\[data-scheme='([\w-]+)'\] \{([^}]*)\}/g)].map(
    ([, scheme, block]) => [scheme!, variablesOf(block!)],
  ),
);

describe('the colour schemes of the CSS', () => {
  it('has a rule for every scheme of the list, and no other', () => {
    expect([...schemeBlocks.keys()].sort()).toEqual([...COLOR_SCHEMES].sort());
  });

  it.each(COLOR_SCHEMES)('%s: every variable is the shared list’s colour', (scheme) => {
    const variables = { ...rootVariables, ...schemeBlocks.get(scheme) };
    const fromCss = Object.fromEntries(
      Object.entries(VARIABLE_OF).map(([key, variable]) => [key, variables[variable]]),
    );
    expect(fromCss).toEqual(SCHEME_COLORS[scheme]);
  });

  it('a scheme sets only the variables the list holds', () => {
    const known = new Set(Object.values(VARIABLE_OF));
    for (const variables of schemeBlocks.values()) {
      expect(Object.keys(variables).filter((name) => !known.has(name))).toEqual([]);
    }
  });

  it('the default page glows with purple', () => {
    expect(baseCss).toContain(`radial-gradient(ellipse at top, ${SCHEME_COLORS.purple.glow}`);
  });
});
