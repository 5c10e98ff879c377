import type { Page } from '@playwright/test';
import { expect, expectSavedInEditor, openAdmin, test } from './fixtures';

/**
 * Issue 24 on the editors of one-of-a-kind content: the homepage hero, the about page, the theme
 * and the site settings keep unsaved fields across a reload and offer "Reload and keep my changes"
 * after an edit conflict, as the product and category forms do (editor-work.spec.ts). Each editor's
 * spec file runs these for it, so they never save that content while another test of it does.
 */

type Stored = Record<string, unknown>;

export type Editor = {
  name: string;
  path: string;
  api: string;
  draftKey: string;
  /** Where the save bar's View link goes. */
  view: string;
  /** The field this window changes, and how it is read back. */
  mine: { label: string; value: string; fill: (page: Page, value: string) => Promise<void>; read: (page: Page) => Promise<string>; stored: (saved: Stored) => unknown };
  /** What another window saves meanwhile: the same field (a clash) and another one (taken as theirs). */
  theirs: (original: Stored) => Stored;
  /** The other window's second field, as the merged save must keep it. */
  keptTheirs: (saved: Stored) => unknown;
  theirsValue: unknown;
};

const heroBackground = (page: Page) => page.getByRole('region', { name: 'Hero' }).getByLabel('Background Color hex value');

export const editors = {
  homepage: {
    name: 'Homepage Hero',
    path: '/admin/homepage',
    api: '/api/homepage',
    draftKey: 'homepage',
    view: '/',
    mine: {
      label: 'Background Color',
      value: '#224466',
      fill: (page, value) => heroBackground(page).fill(value),
      read: (page) => heroBackground(page).inputValue(),
      stored: (saved) => saved.backgroundColor,
    },
    theirs: (original) => ({ ...original, backgroundColor: '#663322', description: 'Written in the other window' }),
    keptTheirs: (saved) => saved.description,
    theirsValue: 'Written in the other window',
  },
  about: {
    name: 'About Page',
    path: '/admin/about',
    api: '/api/about',
    draftKey: 'about',
    view: '/about',
    mine: {
      label: 'Hero',
      value: '#224466',
      fill: async (page, value) => {
        const hero = page.getByRole('region', { name: 'Hero' });
        if ((await hero.getByRole('button', { name: 'Hero', exact: true }).getAttribute('aria-expanded')) !== 'true') {
          await hero.getByRole('button', { name: 'Hero', exact: true }).click();
        }
        await heroBackground(page).fill(value);
      },
      read: (page) => heroBackground(page).inputValue(),
      stored: (saved) => (saved.heroConfig as Stored).backgroundColor,
    },
    theirs: (original) => ({
      ...original,
      heroConfig: { ...(original.heroConfig as Stored), backgroundColor: '#663322' },
      content: '<p>Written in the other window</p>',
    }),
    keptTheirs: (saved) => saved.content,
    theirsValue: '<p>Written in the other window</p>',
  },
  theme: {
    name: 'Theme Settings',
    path: '/admin/theme',
    api: '/api/theme',
    draftKey: 'theme',
    view: '/',
    mine: {
      label: 'Primary Color',
      // Dark blues near the default: contrast checks elsewhere still pass.
      value: '#1E40AF',
      fill: (page, value) => page.getByLabel('Primary Color hex value').fill(value),
      read: (page) => page.getByLabel('Primary Color hex value').inputValue(),
      stored: (saved) => String(saved.primaryColor).toUpperCase(),
    },
    theirs: (original) => ({ ...original, primaryColor: '#1d4ed8', newsletterImage: '/favicon.ico' }),
    keptTheirs: (saved) => saved.newsletterImage,
    theirsValue: '/favicon.ico',
  },
  site: {
    name: 'Site Settings',
    path: '/admin/site',
    api: '/api/site-settings',
    draftKey: 'site-settings',
    view: '/',
    mine: {
      label: 'Tagline',
      value: 'Typed before the tab was lost',
      fill: (page, value) => page.getByLabel('Tagline').fill(value),
      read: (page) => page.getByLabel('Tagline').inputValue(),
      stored: (saved) => saved.tagline,
    },
    theirs: (original) => ({ ...original, tagline: 'Their tagline', contactEmail: 'theirs@example.com' }),
    keptTheirs: (saved) => saved.contactEmail,
    theirsValue: 'theirs@example.com',
  },
  // Saving the menus ends the computed default for good: pages.spec.ts runs this on a server of its own.
  navigation: {
    name: 'Navigation',
    path: '/admin/navigation',
    api: '/api/navigation',
    draftKey: 'navigation',
    view: '/',
    mine: {
      label: 'Header',
      value: 'Typed before the tab was lost',
      fill: (page, value) => page.getByLabel('Header item 1 label').fill(value),
      read: (page) => page.getByLabel('Header item 1 label').inputValue(),
      stored: (saved) => (saved.header as Stored[])[0]!.label,
    },
    theirs: (original) => {
      const [first, ...header] = original.header as Stored[];
      const [column, ...footer] = original.footer as Stored[];
      return { header: [{ ...first, label: 'Their start' }, ...header], footer: [{ ...column, heading: 'Their column' }, ...footer] };
    },
    keptTheirs: (saved) => (saved.footer as Stored[])[0]!.heading,
    theirsValue: 'Their column',
  },
} satisfies Record<string, Editor>;

/**
 * The kept draft and the conflict's "Reload and keep my changes" on one editor; `on`: a `test` whose
 * `adminPage` and `api` reach another server (the navigation's, in pages.spec.ts).
 */
export function editorWorkTests(editor: Editor, on: typeof test = test) {
  on(`${editor.name}: unsaved fields are offered back after a reload, then saved in the editor with a View link`, async ({ adminPage: page, api }) => {
    const original = await api.get<Stored>(editor.api);
    try {
      await openAdmin(page, editor.path);
      await expect(page.getByRole('heading', { name: editor.name, level: 1 })).toBeVisible();
      await editor.mine.fill(page, editor.mine.value);
      await expect(page.getByTestId('save-bar')).toHaveCSS('position', 'sticky');
      const kept = () => page.evaluate((key) => localStorage.getItem(key)?.toLowerCase() ?? '', `showcase:admin-draft:${editor.draftKey}`);
      await expect.poll(kept).toContain(editor.mine.value.toLowerCase());
      page.on('dialog', (dialog) => void dialog.accept());
      await page.reload();

      const offer = page.getByRole('alert').filter({ hasText: /^Restore unsaved changes from \d{1,2}:\d{2}/ });
      await expect(offer).toBeVisible();
      await offer.getByRole('button', { name: 'Restore' }).click();
      await expect(offer).toHaveCount(0);
      expect((await editor.mine.read(page)).toUpperCase()).toBe(editor.mine.value.toUpperCase());
      await page.getByRole('button', { name: 'Save' }).first().click();
      await expectSavedInEditor(page);
      await expect(page.getByTestId('save-bar').getByRole('link', { name: /^View/ })).toHaveAttribute('href', editor.view);
      expect(String(editor.mine.stored(await api.get<Stored>(editor.api))).toUpperCase()).toBe(editor.mine.value.toUpperCase());
      // Saved: nothing is offered any more.
      await page.reload();
      await expect(page.getByRole('heading', { name: editor.name, level: 1 })).toBeVisible();
      await expect(page.getByText(/^Restore unsaved changes/)).toHaveCount(0);
    } finally {
      await api.put(editor.api, original);
    }
  });

  on(`${editor.name}: a save refused by another window's edit reloads and keeps my changes, naming the clash`, async ({ adminPage: page, api }) => {
    const original = await api.get<Stored>(editor.api);
    try {
      await openAdmin(page, editor.path);
      await expect(page.getByRole('heading', { name: editor.name, level: 1 })).toBeVisible();
      await editor.mine.fill(page, editor.mine.value);
      await api.put(editor.api, editor.theirs(original));

      await page.getByRole('button', { name: 'Save' }).first().click();
      await expect(page.getByText(/was changed by someone else since you opened it/).first()).toBeVisible();
      await page.getByRole('button', { name: 'Reload and keep my changes' }).click();
      await expect(
        page.getByText(`Loaded the latest version with your changes put back. Also changed by someone else (yours kept): ${editor.mine.label}. Check before saving.`),
      ).toBeVisible();
      expect((await editor.mine.read(page)).toUpperCase()).toBe(editor.mine.value.toUpperCase());

      await page.getByRole('button', { name: 'Save' }).first().click();
      await expectSavedInEditor(page);
      const saved = await api.get<Stored>(editor.api);
      expect(String(editor.mine.stored(saved)).toUpperCase()).toBe(editor.mine.value.toUpperCase());
      expect(editor.keptTheirs(saved)).toBe(editor.theirsValue);
    } finally {
      await api.put(editor.api, original);
    }
  });
}
