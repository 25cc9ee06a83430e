import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from './e2e-ports.ts';
import { AudiencePage } from './pages/audience-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { ForgotPasswordPanel } from './pages/forgot-password-panel.ts';
import { LandingPage } from './pages/landing-page.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { resetCodeIn, startMailbox, type Mailbox } from './support/mailbox.ts';
import {
  addSongsByApi,
  newMusicianData,
  registerByApi,
  updateProfileByApi,
  type MusicianData,
  type ProfileChanges,
  type RegisteredMusician,
  type SongData,
} from './support/musicians.ts';

/** What a test's musician starts with, set up through the API. */
export interface MusicianSetup<S extends readonly SongData[]> extends Partial<MusicianData> {
  /** Profile changes made first (payment apps, links, tips or requests off). */
  profile?: ProfileChanges;
  /** Songs added next, in this order. */
  songs?: S;
}

/** A musician set up for a test: `songIds` are the ids of the songs asked for, in their order. */
export interface MusicianWithSongs<S extends readonly SongData[] = []> extends RegisteredMusician {
  songIds: { [K in keyof S]: string };
}

/** A dashboard tab, as its label reads. */
type DashboardTab = 'On Stage' | 'Requests' | 'Songs' | 'Analytics' | 'Design' | 'Profile';

interface TestFixtures {
  landing: LandingPage;
  forgotPassword: ForgotPasswordPanel;
  dashboard: DashboardPage;
  audience: AudiencePage;
  onStage: OnStagePage;
  /** Data for a musician nobody registered yet (unique email). */
  newMusician(overrides?: Partial<MusicianData>): MusicianData;
  /** A musician registered (and set up) through the API, not signed in in the browser. */
  registeredMusician<const S extends readonly SongData[] = []>(
    setup?: MusicianSetup<S>,
  ): Promise<MusicianWithSongs<S>>;
  /**
   * A musician registered through the API, then signed in through the form, on the dashboard;
   * then `songs` are added through the API and `tab` is opened.
   */
  signedInMusician<const S extends readonly SongData[] = []>(setup?: {
    songs?: S;
    tab?: DashboardTab;
  }): Promise<MusicianWithSongs<S>>;
  /** A second browser (another device) where `musician` signs in; closed after the test. */
  anotherDevice(musician: RegisteredMusician): Promise<Page>;
  /** Waits for the password-reset email sent to `email` and returns its code. */
  resetCodeFor(email: string): Promise<string>;
}

interface WorkerFixtures {
  mailbox: Mailbox;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  landing: async ({ page }, use) => use(new LandingPage(page)),
  forgotPassword: async ({ page }, use) => use(new ForgotPasswordPanel(page)),
  dashboard: async ({ page }, use) => use(new DashboardPage(page)),
  audience: async ({ page }, use) => use(new AudiencePage(page)),
  onStage: async ({ page }, use) => use(new OnStagePage(page)),

  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring
  newMusician: async ({}, use) => use(newMusicianData),
  registeredMusician: async ({ request }, use) =>
    use(async ({ profile, songs, ...overrides } = {}) => {
      const musician = await registerByApi(request, newMusicianData(overrides));
      if (profile) await updateProfileByApi(request, musician.token, profile);
      return { ...musician, songIds: await addSongsByApi(request, musician.token, songs) };
    }),

  signedInMusician: async ({ request, landing, dashboard }, use) =>
    use(async ({ songs, tab } = {}) => {
      const musician = await registerByApi(request, newMusicianData());
      await landing.goto();
      await landing.login(musician.email, musician.password);
      await expect(dashboard.welcome).toHaveText(`Welcome, ${musician.name}`);
      const songIds = await addSongsByApi(request, musician.token, songs);
      if (tab) await dashboard.tab(tab).click();
      return { ...musician, songIds };
    }),

  anotherDevice: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (musician) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      const landing = new LandingPage(page);
      await landing.goto();
      await landing.login(musician.email, musician.password);
      await expect(new DashboardPage(page).welcome).toHaveText(`Welcome, ${musician.name}`);
      return page;
    });
    for (const context of contexts) await context.close();
  },

  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring
    async ({}, use) => {
      const mailbox = await startMailbox(E2E_SMTP_PORT);
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],

  resetCodeFor: async ({ mailbox }, use) => {
    await use(async (email) => {
      let code: string | undefined;
      await expect
        .poll(
          () => {
            const mail = mailbox.messages.findLast((m) => m.to.includes(email.toLowerCase()));
            code = mail && resetCodeIn(mail);
            return code;
          },
          { message: `a reset code emailed to ${email}`, timeout: 10_000 },
        )
        .toBeTruthy();
      return code!;
    });
  },
});

export { expect };
