import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { AnalyticsTab } from './pages/analytics-tab.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { VenueScreen } from './pages/venue-screen.ts';
import { expectNoSeriousA11yFindings } from './support/axe.ts';
import { flattenGradients } from './support/flatten-gradients.ts';
import type { RegisteredMusician } from './support/musicians.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';
import { CREEP, HALO, JOLENE, VALERIE, WONDERWALL, YELLOW } from './support/songs.ts';

/*
 * axe-core (WCAG 2 A and AA: contrast included) over every screen, as a musician with a running
 * show sees it: songs, requests waiting, one lined up, one played. Each test walks its screens
 * with one musician set up through the API; a finding fails with its rule and its elements.
 */

const SONGS = [WONDERWALL, YELLOW, CREEP, JOLENE, HALO, VALERIE] as const;

/**
 * A running show with a request played, one rejected, one lined up, and three waiting (a tip, a
 * dedication).
 */
async function startShowWithRequests(
  request: APIRequestContext,
  musician: RegisteredMusician & { songIds: readonly string[] },
): Promise<void> {
  const started = await request.post('/api/shows/start', {
    headers: { authorization: `Bearer ${musician.token}` },
    data: { name: 'Friday at the Anchor' },
  });
  expect(started.ok()).toBe(true);
  const [wonderwall, yellow, creep, jolene, halo, valerie] = musician.songIds;
  const played = await submitRequestByApi(request, wonderwall!, { requester_name: 'Sarah' });
  const lined = await submitRequestByApi(request, yellow!, { requester_name: 'Tom' });
  await submitRequestByApi(request, creep!, { requester_name: 'Jess', tip_amount: 5 });
  await submitRequestByApi(request, jolene!, {
    requester_name: 'Aiko',
    dedication: 'For my sister, who sang it all summer',
  });
  await submitRequestByApi(request, halo!, { requester_name: 'Lou' });
  const rejected = await submitRequestByApi(request, valerie!, { requester_name: 'Priya' });
  await setRequestStatusByApi(request, musician.token, played.id, 'played');
  await setRequestStatusByApi(request, musician.token, rejected.id, 'rejected');
  await setRequestStatusByApi(request, musician.token, lined.id, 'up_next');
}

/** axe over what `page` shows, its gradients drawn at their lowest contrast (flatten-gradients.ts). */
async function expectAccessible(page: Page, where: string): Promise<void> {
  await flattenGradients(page);
  await expectNoSeriousA11yFindings(page, where);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('the landing page, the Analytics and Design tabs and the venue screen have no serious finding', async ({
  page,
  request,
  landing,
  signedInMusician,
}) => {
  // A walk through many screens, each checked by axe: 20-30 s alone, more beside another worker.
  test.setTimeout(90_000);
  await landing.goto();
  await expect(landing.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the landing page');

  const musician = await signedInMusician({ songs: SONGS });
  await startShowWithRequests(request, musician);

  const analytics = new AnalyticsTab(page);
  await analytics.open();
  await expect(analytics.chart.first()).toBeVisible();
  await expectAccessible(page, 'the Analytics tab');

  await openTab(page, 'Design');
  await expectAccessible(page, 'the Design tab');

  // The venue screen with its address note (the e2e server's address is local), then without.
  const screen = new VenueScreen(page);
  await screen.goto(musician.slug);
  await expect(screen.next).toContainText('Creep');
  await expect(screen.addressNote).toBeVisible();
  await expectAccessible(page, 'the venue screen with its address note');
  await screen.hideAddressNote();
  await expectAccessible(page, 'the venue screen');
});

/*
 * The screens of issue 43's other parts (the dashboard's On Stage, Songs, Requests and Profile
 * tabs, the On Stage screen, the audience page): checked here so that they stay clean.
 */
test('the dashboard tabs, the On Stage screen and the audience page have no serious finding', async ({
  page,
  request,
  signedInMusician,
}) => {
  // A walk through many screens, each checked by axe: 20-30 s alone, more beside another worker.
  test.setTimeout(90_000);
  const musician = await signedInMusician({ songs: SONGS });
  await startShowWithRequests(request, musician);

  // Every screen is checked before the test fails, so one run names all that is left to mend.
  const findings: string[] = [];
  const check = async (where: string) => {
    try {
      await expectAccessible(page, where);
    } catch (error) {
      findings.push((error as Error).message);
    }
  };

  for (const tab of ['On Stage', 'Songs', 'Requests', 'Profile']) {
    await openTab(page, tab);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    if (tab === 'On Stage') {
      await page.locator('details.board-column > summary').click();
      await expect(page.locator('details.board-column')).toContainText('Valerie');
    }
    await check(`the ${tab} tab`);
  }

  await page.goto(`/on-stage/${musician.slug}`);
  await expect(page.getByRole('region', { name: 'Active Requests' })).toContainText('Creep');
  // The played and rejected requests too, with their flags.
  await page.locator('details.stage-completed > summary').click();
  await expect(page.locator('details.stage-completed')).toContainText('Valerie');
  await check('the On Stage screen');

  const audience = new AudiencePage(page);
  await audience.goto(musician.slug);
  await expect(page.getByText('Wonderwall').first()).toBeVisible();
  await check('the audience page');

  expect(findings).toEqual([]);
});
