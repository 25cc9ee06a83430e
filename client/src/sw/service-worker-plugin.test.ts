import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { filesOfEntry } from './service-worker-plugin.ts';

/** A chunk of a build's bundle, as far as filesOfEntry reads it. */
function chunk(
  fileName: string,
  parts: { html?: string; imports?: string[]; lazy?: string[]; css?: string[] } = {},
) {
  return {
    type: 'chunk',
    fileName,
    isEntry: parts.html !== undefined,
    facadeModuleId: parts.html ? `/repo/client/${parts.html}` : null,
    imports: parts.imports ?? [],
    dynamicImports: parts.lazy ?? [],
    viteMetadata: { importedCss: new Set(parts.css ?? []), importedAssets: new Set<string>() },
  };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/main.js', {
      html: 'index.html',
      imports: ['assets/react.js'],
      lazy: ['assets/OnStage.js'],
      css: ['assets/main.css'],
    }),
    chunk('assets/OnStage.js', { imports: ['assets/react.js'], css: ['assets/OnStage.css'] }),
    chunk('assets/audience.js', { html: 'audience.html', imports: ['assets/react.js'] }),
    chunk('assets/overlay.js', { html: 'overlay.html', imports: ['assets/react.js'] }),
    chunk('assets/react.js'),
    { type: 'asset', fileName: 'index.html' },
  ].map((output) => [output.fileName, output]),
) as unknown as Rolldown.OutputBundle;

describe('filesOfEntry', () => {
  it("lists an entry's HTML, chunks (lazy ones too) and their CSS", () => {
    expect(filesOfEntry(bundle, 'index.html')).toEqual([
      'assets/OnStage.css',
      'assets/OnStage.js',
      'assets/main.css',
      'assets/main.js',
      'assets/react.js',
      'index.html',
    ]);
  });

  it("keeps each page's files to itself", () => {
    expect(filesOfEntry(bundle, 'audience.html')).toEqual([
      'assets/audience.js',
      'assets/react.js',
      'audience.html',
    ]);
  });

  it('fails the build when an entry is missing, rather than precaching nothing', () => {
    expect(() => filesOfEntry(bundle, 'missing.html')).toThrow('missing.html');
  });
});
