import { expect, test } from './fixtures.ts';
import { HALO } from './support/songs.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { musicianRequestsByApi, submitRequestByApi } from './support/requests.ts';

test.describe('Played and Reject take effect at once; Undo stays', () => {
  test('Played on the dashboard shows on the On Stage screen at once, and Undo brings it back on both', async ({
    context,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [HALO] });
    const [songId] = musician.songIds;
    const filed = await submitRequestByApi(request, songId, { requester_name: 'Ana' });
    const serverStatus = async () =>
      (await musicianRequestsByApi(request, musician.token)).find((r) => r.id === filed.id)?.status;

    // The tablet on the mic stand: the On Stage screen in a second page.
    const stage = new OnStagePage(await context.newPage());
    await stage.goto(musician.slug);
    await expect(stage.card('Halo', stage.active)).toBeVisible();
    await expect(stage.connection).toHaveText('Connected');
    await expect(dashboard.card(dashboard.liveColumn, 'Halo')).toBeVisible();

    await dashboard
      .card(dashboard.liveColumn, 'Halo')
      .getByRole('button', { name: 'Played', exact: true })
      .click();
    await expect(dashboard.card(dashboard.completedColumn, 'Halo')).toContainText('Played');
    // Sent at once: the server and the other screen have it while Undo is still offered.
    await expect(dashboard.undoToasts).toHaveText(['Marked played: HaloUndo']);
    await expect(stage.card('Halo', stage.completed)).toContainText('PLAYED');
    await expect(stage.card('Halo', stage.active)).toBeHidden();
    expect(await serverStatus()).toBe('played');
    await expect(dashboard.undoToasts).toHaveText(['Marked played: HaloUndo']);
    // For a look at the toast and the stage (test-results/): not compared.
    await dashboard.page.screenshot({ path: test.info().outputPath('dashboard-undo-toast.png') });
    await stage.page.screenshot({ path: test.info().outputPath('stage-after-played.png') });

    await dashboard.undoToasts.getByRole('button', { name: 'Undo' }).click();
    await expect(dashboard.undoToasts).toHaveCount(0);
    await expect(dashboard.card(dashboard.liveColumn, 'Halo')).toBeVisible();
    await expect(stage.card('Halo', stage.active)).toBeVisible();
    await expect(stage.completed.getByRole('article')).toHaveCount(0);
    expect(await serverStatus()).toBe('pending');
  });
});
