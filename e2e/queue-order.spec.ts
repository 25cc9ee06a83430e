import { expect, test } from './fixtures.ts';
import { OnStagePage } from './pages/on-stage-page.ts';
import { CREEP, HALO, YELLOW } from './support/songs.ts';
import { setRequestStatusByApi, submitRequestByApi } from './support/requests.ts';

test.describe('queue order', () => {
  test('Yellow sent to Up Next first stays first; Move to top on the dashboard reorders the On Stage screen', async ({
    context,
    request,
    dashboard,
    signedInMusician,
  }) => {
    const musician = await signedInMusician({ songs: [YELLOW, CREEP, HALO] });
    const [yellowId, creepId, haloId] = musician.songIds;
    // Creep is requested first, Yellow sent to Up Next first.
    const creep = await submitRequestByApi(request, creepId!, { requester_name: 'Kim' });
    const yellow = await submitRequestByApi(request, yellowId!, { requester_name: 'Jo' });
    await submitRequestByApi(request, haloId!, { requester_name: 'Sam' });
    await setRequestStatusByApi(request, musician.token, yellow.id, 'up_next');
    await setRequestStatusByApi(request, musician.token, creep.id, 'up_next');

    const stage = new OnStagePage(await context.newPage());
    await stage.goto(musician.slug);
    await expect(stage.connection).toHaveText('Connected');
    const stageUpNext = stage.upNext.getByRole('article');
    await expect(stageUpNext).toHaveCount(2);
    await expect(stageUpNext.nth(0)).toContainText('Yellow');
    await expect(stageUpNext.nth(1)).toContainText('Creep');

    await dashboard.tab('On Stage').click();
    const creepCard = dashboard.card(dashboard.upNextColumn, 'Creep');
    await expect(
      creepCard.getByRole('button', { name: 'Move Creep to the bottom' }),
    ).toBeDisabled();
    await creepCard.getByRole('button', { name: 'Move Creep to the top' }).click();

    // Every screen: Creep first now.
    await expect(stageUpNext.nth(0)).toContainText('Creep');
    await expect(stageUpNext.nth(1)).toContainText('Yellow');
    const dashboardUpNext = dashboard.upNextColumn.getByRole('article');
    await expect(dashboardUpNext.nth(0)).toContainText('Creep');

    // On stage the same moves wait behind a row's "More" button: Yellow back to the top.
    await stage.moveTo('Yellow', 'top');
    await expect(stageUpNext.nth(0)).toContainText('Yellow');
    await expect(dashboardUpNext.nth(0)).toContainText('Yellow');

    // Waiting requests move under "My order", chosen beside the queue.
    await expect(
      dashboard.card(dashboard.liveColumn, 'Halo').getByRole('button', { name: /^Move/ }),
    ).toHaveCount(0);
    await dashboard.page.getByLabel('Queue order').selectOption('manual');
    await expect(dashboard.page.getByLabel('Queue order')).toHaveValue('manual');
  });
});
