import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, expectNoAxeViolations, institutionOrigin, signIn, test } from './fixtures';

// The branch locator (spec 002 "Branch locator page", issue 22) on a phone: Harbor's signed in in
// the light scheme, Summit's logged out in the dark one (Summit follows the device's scheme; its
// menu sends borrowers to its remote locator, but the page is there at its address). The demo
// branches are server/src/demo/demo-branches.ts: a ZIP code search lists the nearest first.

const PHONE = { width: 390, height: 844 };

/** The section listing the branches, named by its heading. */
function branchSection(page: Page, heading: string): Locator {
  return page.getByRole('region', { name: heading });
}

/** The names of the branches listed, in order. */
async function branchNames(section: Locator): Promise<string[]> {
  return section.getByRole('heading', { level: 3 }).allTextContents();
}

/** A branch of the list, by its name. */
function branchItem(section: Locator, name: string): Locator {
  return section
    .getByRole('listitem')
    .filter({ has: section.page().getByRole('heading', { level: 3, name, exact: true }) });
}

/** Searches a ZIP code and checks the nearest branch comes first and the rest by distance. */
async function searchNearest(page: Page, zip: string, nearest: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Zip code' });
  await box.pressSequentially(zip);
  const section = branchSection(page, `Branches nearest ${zip}`);
  await expect(section.getByRole('heading', { level: 3 }).first()).toHaveText(nearest);
  const distances = (await section.getByText(/^\d+\.\d mi$/).allTextContents()).map((text) =>
    Number.parseFloat(text),
  );
  expect(distances.length).toBe((await branchNames(section)).length);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  return section;
}

/** The map, under the list on a phone: it loads as it comes near. */
async function showMap(page: Page): Promise<Locator> {
  await page.getByText(/does not meet accessibility standards/).scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: 'Map of branches' });
  await expect(map).toBeVisible();
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  return map;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Whether each script the page has loaded since the last call is Leaflet's. */
function watchLeaflet(page: Page): () => Promise<boolean[]> {
  let loaded: Array<Promise<boolean>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    loaded.push(
      response
        .text()
        .then((text) => text.includes('leaflet-container'))
        .catch(() => false),
    );
  });
  return async () => {
    const scripts = loaded;
    loaded = [];
    return Promise.all(scripts);
  };
}

test.describe('the branch locator on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('signed in: Locations from the menu, the nearest branches to a ZIP code first, the map, and an unknown ZIP code', async ({
    page,
  }) => {
    const leafletLoaded = watchLeaflet(page);
    await signIn(page, DEMO_USERS.jordan.username);
    // The map's library is the locator's own: neither the sign-in nor the dashboard loads it.
    expect(await leafletLoaded()).not.toContain(true);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Locations' })
      .click();
    await expect(page).toHaveURL(/#\/myaccount\/locations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page).toHaveTitle('Payments - Locations');
    const all = branchSection(page, 'Our branches');
    await expect(all.getByRole('heading', { level: 3 }).first()).toHaveText('Portland Main Office');
    await expect(
      branchItem(all, 'Portland Main Office').getByRole('link', { name: '(207) 555-0100' }),
    ).toHaveAttribute('href', 'tel:+12075550100');
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);

    const nearest = await searchNearest(page, '04401', 'Bangor');
    await expectNoSidewaysScroll(page);

    const map = await showMap(page);
    expect(await leafletLoaded()).toContain(true);
    await branchItem(nearest, 'Bangor').getByRole('button', { name: 'Show on map' }).click();
    await expect(branchItem(nearest, 'Bangor')).toHaveAttribute('aria-current', 'true');
    await expect(map).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // A ZIP code the server does not know: named next to the field, the digits kept.
    const box = page.getByRole('textbox', { name: 'Zip code' });
    await box.fill('');
    await expect(branchSection(page, 'Our branches')).toBeVisible();
    await box.pressSequentially('99999');
    await expect(page.getByRole('alert')).toHaveText('Invalid Zip Code');
    await expect(box).toHaveValue('99999');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(branchSection(page, 'Our branches')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('logged out in the dark scheme: the logo, the nearest branches, the map and Back to Login', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const summit = institutionOrigin(baseURL, 'summit');
    await page.goto(`${summit}/#/home/locations`);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page).toHaveTitle('Payments - Locations');
    await expect(page.getByRole('img', { name: 'Summit Lending' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(
      branchSection(page, 'Our branches').getByRole('heading', { level: 3 }).first(),
    ).toHaveText('Denver Downtown');

    await searchNearest(page, '80302', 'Boulder');
    await showMap(page);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(`${summit}/#/home/login`);
  });
});
