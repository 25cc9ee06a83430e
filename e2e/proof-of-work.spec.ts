import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { PublicQueueView } from './pages/public-queue.ts';
import { updateProfileByApi } from './support/musicians.ts';
import { PHONE } from './support/phone.ts';
import { submitRequestByApi } from './support/requests.ts';
import { CREEP, YELLOW } from './support/songs.ts';

// The e2e server runs PROOF_OF_WORK=adaptive (the default): every +1 proves a little work, which
// the phone's page solves in a Web Worker, unseen. And how long that takes a phone, in Chromium:
// the solver's loop (altcha-lib's: one Web Crypto digest a number) over the numbers a quiet
// challenge's search tries on average, beside a floor (one write's round trip), at full speed and
// with the CPU slowed 4x as a mid-range phone's.

/** Milliseconds for `tries` digests of ALTCHA's search, as altcha-lib's solveChallenge runs it. */
function timeSearch(page: Page, tries: number): Promise<number> {
  return page.evaluate(async (count) => {
    const encoder = new TextEncoder();
    const started = performance.now();
    for (let n = 0; n < count; n++) {
      const hash = await crypto.subtle.digest('SHA-256', encoder.encode(`0123456789abcdef&${n}`));
      if (new Uint8Array(hash)[0] === 256) break;
    }
    return performance.now() - started;
  }, tries);
}

/** Milliseconds for one audience write that needs no proof (the page's own request route). */
function timeFloor(page: Page, songId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const started = performance.now();
    await fetch('/api/requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        song_id: id,
        requester_name: 'Floor',
        requester_email: `floor-${Math.random()}@example.com`,
      }),
    });
    return performance.now() - started;
  }, songId);
}

test('a phone’s +1 proves its work in the background and lands; a phone’s solve, measured', async ({
  browser,
  request,
  signedInMusician,
}) => {
  const musician = await signedInMusician({ songs: [YELLOW, CREEP], tab: 'Requests' });
  await updateProfileByApi(request, musician.token, { public_queue: true });
  const [yellow, creep] = musician.songIds;
  await submitRequestByApi(request, creep, { requester_name: 'Ben Example' });

  const context = await browser.newContext(PHONE);
  const phonePage = await context.newPage();
  const proofs: string[] = [];
  phonePage.on('request', (sent) => {
    const header = sent.headers()['x-altcha'];
    if (header) proofs.push(header);
  });
  await new AudiencePage(phonePage).goto(musician.slug);
  const queue = new PublicQueueView(phonePage);
  await queue.tab.click();
  await queue.vote('Creep', 'Cleo Voter', 'cleo@example.com');
  await expect(queue.row('Creep').getByRole('button', { name: 'Voted' })).toBeDisabled();
  await expect(queue.row('Creep')).toContainText('2 votes');
  expect(proofs).toHaveLength(1);
  // Quicker than a second: no word was shown.
  await expect(phonePage.getByTestId('proof-progress')).toHaveCount(0);

  // A quiet challenge hides its number among 20,000: the search tries 10,000 on average.
  const figures: Record<string, number> = {};
  const cdp = await context.newCDPSession(phonePage);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    figures[`floor_ms_cpu_${rate}x`] = await timeFloor(phonePage, yellow!);
    figures[`solve_10000_ms_cpu_${rate}x`] = await timeSearch(phonePage, 10_000);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  test
    .info()
    .annotations.push({ type: 'proof-of-work timings', description: JSON.stringify(figures) });
  writeFileSync(test.info().outputPath('proof-of-work-timings.json'), JSON.stringify(figures));
  // Figures for docs/benchmarks.md, not a verdict: a timed assertion fails on a loaded machine.
  console.log(`proof-of-work timings: ${JSON.stringify(figures)}`);
  await context.close();
});
