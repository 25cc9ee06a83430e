import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addSongByApi, FULL_PROFILE } from './support/musicians.ts';
import { HALO, JOLENE } from './support/songs.ts';
import { PHONE } from './support/phone.ts';

const SHOTS = '/tmp/shots-i18n';
mkdirSync(SHOTS, { recursive: true });

/** Intl writes a no-break space between an amount and its currency. */
const NBSP = '\u00a0';

/**
 * Nothing on the page is wider than the phone (a long German word must wrap, not overflow). A
 * mobile browser widens its layout to content that overflows, so the page is held to the
 * phone's own width, not to window.innerWidth.
 */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const phoneWidth = page.viewportSize()!.width;
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    phoneWidth,
  );
}

test.describe('a phone whose browser asks for Spanish', () => {
  test.use({ ...PHONE, locale: 'es-ES' });

  test('shows the page, the forms and the server’s refusals in Spanish; the songs stay as written', async ({
    page,
    request,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ profile: FULL_PROFILE });
    for (const title of ['Wonderwall', 'Yellow', 'Creep', 'Hallelujah']) {
      await addSongByApi(request, musician.token, { title, artist: 'Oasis', genres: ['Britpop'] });
    }

    await audience.goto(musician.slug);
    await expect(audience.heading).toHaveText(musician.name);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(`${musician.name} | Peticiones de canciones`);
    await expect(audience.language).toHaveValue('es');
    await expect(audience.language.locator('option:checked')).toHaveText('Español');
    await expect(audience.songCount).toHaveText('4 canciones');
    await expect(page.getByLabel('Buscar canciones')).toHaveAttribute(
      'placeholder',
      'Busca por título, artista o género',
    );
    await expect(page.getByLabel('Ordenar', { exact: true })).toContainText('Más pedidas');
    await expect(page.getByRole('button', { name: 'Propina', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Canción al azar' })).toBeVisible();
    // The musician's words are never translated.
    const wonderwall = page.getByRole('listitem').filter({ hasText: 'Wonderwall' });
    await expect(wonderwall).toContainText('Oasis');
    await expect(wonderwall).toContainText('Britpop');

    await page.getByLabel('Buscar canciones').fill('yell');
    await expect(audience.songCount).toHaveText('Mostrando 1 de 4 canciones');
    await page.getByLabel('Buscar canciones').fill('');

    // The request form checks on the phone, in Spanish.
    await wonderwall.getByRole('button', { name: 'Pedir canción' }).click();
    const form = page.getByRole('dialog', { name: 'Pedir una canción' });
    await expect(form).toContainText('Wonderwall');
    await form.getByRole('button', { name: 'Enviar petición' }).click();
    await expect(form.getByLabel('Tu nombre')).toHaveAccessibleDescription(
      'Escribe tu nombre y tu correo electrónico',
    );
    await form.getByLabel('Tu nombre').fill('Ana');
    await form.getByLabel('Tu correo electrónico').fill('ana@example.com');
    await form.getByLabel('Dedicatoria (opcional)').fill('Para mi hermana');
    await form.getByRole('button', { name: 'Enviar petición' }).click();

    // Sent first, with the place in line; the tip is one optional tap after it.
    const sent = page.getByRole('dialog', { name: 'Tu petición' });
    await expect(sent.getByRole('status')).toHaveText('Enviada: n.º 1 en la fila');
    await page.screenshot({ path: `${SHOTS}/es-sent-390.png` });
    await sent.getByRole('button', { name: 'Enviar una propina' }).click();

    // Tips: dollars written the Spanish way, the default note in Spanish.
    const tip = page.getByRole('dialog', { name: 'Enviar una propina' });
    await expect(tip.getByRole('group', { name: 'Importes rápidos' })).toBeVisible();
    for (const amount of [1, 5, 10, 20]) {
      await expect(
        tip.getByRole('button', { name: `${amount}${NBSP}US$`, exact: true }),
      ).toBeVisible();
    }
    await expect(tip.getByLabel('Mensaje (opcional)')).toHaveAttribute(
      'placeholder',
      '¡Gracias por la música! (con petición de canción)',
    );
    await tip.getByLabel('Importe de la propina (US$)').fill('600');
    await expect(tip).toContainText('La propina no puede superar los 500 US$');
    await page.screenshot({ path: `${SHOTS}/es-tip-390.png` });
    // No tip after all: back to the request sent, with the follow links.
    await tip.getByRole('button', { name: 'Sin propina' }).click();
    await expect(sent.getByRole('link', { name: 'Sitio web' })).toBeVisible();
    await sent.getByRole('button', { name: 'Listo' }).click();

    const mine = page.getByRole('region', { name: 'Tus peticiones' });
    await expect(mine.getByRole('listitem').filter({ hasText: 'Wonderwall' })).toContainText(
      'Recibida',
    );
    await page.screenshot({ path: `${SHOTS}/es-page-390.png`, fullPage: true });

    // Two more, then a fourth in ten minutes: the server refuses it in Spanish.
    for (const title of ['Yellow', 'Creep', 'Hallelujah']) {
      await page.getByRole('listitem').filter({ hasText: title }).getByRole('button').click();
      await form.getByLabel('Tu nombre').fill('Ana');
      await form.getByLabel('Tu correo electrónico').fill('ana@example.com');
      await form.getByRole('button', { name: 'Enviar petición' }).click();
      if (title === 'Hallelujah') break;
      await sent.getByRole('button', { name: 'Listo' }).click();
    }
    await expect(form.getByRole('alert')).toHaveText(
      'Has pedido 3 canciones en los últimos 10 minutos. Vuelve a intentarlo en 10 minutos.',
    );
    await page.screenshot({ path: `${SHOTS}/es-limit-390.png` });
  });
});

test.describe('the language switcher', () => {
  test.use(PHONE);

  test('is English by default, changes to German and French, and keeps the choice on reload', async ({
    page,
    audience,
    registeredMusician,
  }) => {
    const musician = await registeredMusician({ profile: FULL_PROFILE, songs: [HALO, JOLENE] });

    // The spec's English, unchanged.
    await audience.goto(musician.slug);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`${musician.name} | Song Requests`);
    await expect(audience.songCount).toHaveText('2 songs');
    await expect(
      audience.songs.first().getByRole('button', { name: 'Request Song' }),
    ).toBeVisible();
    await expect(audience.tipButton).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('en');
    const names = await audience.language.locator('option').allInnerTexts();
    expect(names).toEqual(['English', 'Español', 'Deutsch', 'Français', 'Português']);

    await audience.language.selectOption({ label: 'Deutsch' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(audience.songCount).toHaveText('2 Songs');
    await expect(page).toHaveTitle(`${musician.name} | Songwünsche`);
    await expect(page.getByLabel('Sprache')).toHaveValue('de');
    await expect(page.getByRole('button', { name: 'Filter anzeigen' })).toBeVisible();
    await expect(audience.songs.filter({ hasText: 'Jolene' })).toContainText('Dolly Parton');
    await page.reload();
    await expect(audience.songCount).toHaveText('2 Songs');
    await expect(audience.language).toHaveValue('de');

    // The longest German words, on a phone: the filters, a form and the tip modal fit.
    await page.getByRole('button', { name: 'Filter anzeigen' }).click();
    await expect(page.getByRole('group', { name: 'Filter' })).toContainText('Alles zurücksetzen');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/de-page-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Trinkgeld', exact: true }).click();
    const tip = page.getByRole('dialog', { name: 'Trinkgeld geben' });
    await expect(tip.getByLabel('Trinkgeldbetrag ($)')).toBeVisible();
    await expect(tip.getByRole('button', { name: `5${NBSP}$`, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/de-tip-390.png` });
    await page.keyboard.press('Escape');
    await audience.songs.filter({ hasText: 'Halo' }).getByRole('button').click();
    const form = page.getByRole('dialog', { name: 'Song wünschen' });
    await expect(form.getByLabel('Deine E-Mail-Adresse')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/de-request-390.png` });
    await page.keyboard.press('Escape');

    await audience.language.selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(audience.songCount).toHaveText('2 chansons');
    const chansons = page.getByRole('list', { name: 'Chansons' }).getByRole('listitem');
    await expect(chansons.first().getByRole('button', { name: 'Demander' })).toBeVisible();
    await page.reload();
    await expect(audience.songCount).toHaveText('2 chansons');
    await expect(page.getByLabel('Langue')).toHaveValue('fr');
    // The longest toolbar words on a small phone: cut short, never wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('button', { name: 'Afficher les filtres' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize(PHONE.viewport);

    await audience.language.selectOption('en');
    await expect(audience.songCount).toHaveText('2 songs');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(audience.songCount).toHaveText('2 songs');
  });
});
