import {
  AdminError,
  AuditListResponse,
  BranchInfoResponse,
  StaffBranch,
  StaffBranchListResponse,
  type BranchInput,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRANCHES } from '../../demo/demo-branches';
import { testDatabases } from '../../testing/databases';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';

const LIST = '/admin-api/institutions/harbor/branches';
const SUMMIT_LIST = '/admin-api/institutions/summit/branches';
const HARBOR_NAMES = (DEMO_BRANCHES.harbor ?? []).map((branch) => branch.name);

const FALMOUTH: BranchInput = {
  name: 'Falmouth',
  streetAddress: '251 US Route 1',
  city: 'Falmouth',
  state: 'ME',
  zip: '04105',
  phoneNumber: '(207) 555-0160',
  hours: ['Mon–Fri 9:00 AM–5:00 PM'],
  latitude: 43.7296,
  longitude: -70.2342,
};

function errorOf(response: LightMyRequestResponse) {
  return AdminError.parse(response.json()).error;
}

describe.each(testDatabases())('the branches admin API on $name', (database) => {
  let test: TestApp;
  const cookie: Record<string, string> = {};

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    test.app.inject({
      method,
      url,
      headers: { ...PORTAL_WRITE_HEADERS, ...(who ? { cookie: cookie[who] } : {}) },
      ...(payload ? { payload } : {}),
    });
  const list = async (who = 'viewer', url = LIST) =>
    StaffBranchListResponse.parse((await call(who, 'GET', url)).json()).branches;
  const audit = async () =>
    AuditListResponse.parse(
      (await call('publisher', 'GET', '/admin-api/institutions/harbor/audit')).json(),
    ).entries.filter((entry) => entry.action.startsWith('branch.'));
  const publicList = async (query = '') =>
    BranchInfoResponse.parse(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/branchInfo${query}`,
          headers: { host: 'localhost' },
        })
      ).json(),
    ).Branches;

  beforeAll(async () => {
    test = await startTestApp(database);
    const members = [
      ['viewer', 'viewer@branches.test', 'localhost', 'viewer'],
      ['editor', 'editor@branches.test', 'localhost', 'editor'],
      ['publisher', 'publisher@branches.test', 'localhost', 'publisher'],
      ['summit', 'publisher@summit-branches.test', 'summit.localhost', 'publisher'],
    ] as const;
    for (const [who, email, host, role] of members) {
      cookie[who] = await signedInStaff(test, { email, host, role });
    }
    // An implementer (here a viewer at Summit only) acts as a publisher everywhere.
    cookie.implementer = await signedInStaff(test, {
      email: 'implementer@branches.test',
      host: 'summit.localhost',
      role: 'viewer',
      isImplementer: true,
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('lists the branches in the order borrowers see them, to every role of the institution', async () => {
    for (const who of ['viewer', 'editor', 'publisher']) {
      const branches = await list(who);
      expect(branches.map((branch) => branch.name)).toEqual(HARBOR_NAMES);
      expect(branches.map((branch) => branch.position)).toEqual([0, 1, 2, 3, 4, 5]);
    }
    expect((await list('viewer'))[0]).toEqual({
      ...DEMO_BRANCHES.harbor?.[0],
      id: expect.any(String),
      position: 0,
    });
  });

  it("keeps an institution's branches from another institution's staff (404) and from nobody (401)", async () => {
    const [first] = await list();
    const id = first?.id ?? '';
    expect((await call('summit', 'GET', LIST)).statusCode).toBe(404);
    expect(errorOf(await call('summit', 'GET', LIST)).code).toBe('NotFound');
    for (const [method, url, body] of [
      ['POST', LIST, FALMOUTH],
      ['PUT', `${LIST}/${id}`, FALMOUTH],
      ['DELETE', `${LIST}/${id}`, undefined],
      ['POST', `${LIST}/${id}/move`, { direction: 'down' }],
    ] as const) {
      expect((await call('summit', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Through its own institution, another's branch is not there either.
    for (const [method, url, body] of [
      ['PUT', `${SUMMIT_LIST}/${id}`, FALMOUTH],
      ['DELETE', `${SUMMIT_LIST}/${id}`, undefined],
      ['POST', `${SUMMIT_LIST}/${id}/move`, { direction: 'down' }],
    ] as const) {
      const refused = await call('summit', method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(refused).message).toBe(
        'There is no such branch among this institution’s branches.',
      );
    }
    expect((await list('summit', SUMMIT_LIST)).map((branch) => branch.state)).toEqual([
      'CO',
      'CO',
      'CO',
      'CO',
    ]);
    expect((await call(null, 'GET', LIST)).statusCode).toBe(401);
    expect((await call('editor', 'PUT', `${LIST}/not-an-id`, FALMOUTH)).statusCode).toBe(400);
    expect((await call('editor', 'PUT', `${LIST}/${randomUUID()}`, FALMOUTH)).statusCode).toBe(404);
    expect(await list()).toHaveLength(HARBOR_NAMES.length);
    expect(await audit()).toEqual([]);
  });

  it('lets a viewer read but not change (403), and changes nothing', async () => {
    const [first] = await list();
    const id = first?.id ?? '';
    for (const [method, url, body] of [
      ['POST', LIST, FALMOUTH],
      ['PUT', `${LIST}/${id}`, { ...FALMOUTH, name: 'Renamed' }],
      ['DELETE', `${LIST}/${id}`, undefined],
      ['POST', `${LIST}/${id}/move`, { direction: 'down' }],
    ] as const) {
      const refused = await call('viewer', method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused)).toEqual({
        code: 'Forbidden',
        message: 'Your role (viewer) can read the branches but not change them.',
      });
    }
    expect((await list()).map((branch) => branch.name)).toEqual(HARBOR_NAMES);
    expect(await audit()).toEqual([]);
  });

  it('refuses a branch with mistakes, each named next to its field, and saves nothing', async () => {
    const refused = await call('editor', 'POST', LIST, {
      ...FALMOUTH,
      name: '  ',
      state: 'Maine',
      zip: '4105',
      hours: ['Mon–Fri 9:00 AM–5:00 PM', ''],
      latitude: 123,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'InvalidRequest',
      message: 'The request is not valid.',
      details: [
        { key: 'name', message: 'Enter the branch name.' },
        { key: 'state', message: 'Choose a state.' },
        { key: 'zip', message: 'Zip code must be 5 digits' },
        { key: 'hours.1', message: 'Leave no line of the hours empty.' },
        { key: 'latitude', message: 'The latitude is between -90 and 90.' },
      ],
    });
    const missing = await call('editor', 'POST', LIST, { name: 'Falmouth' });
    expect(errorOf(missing).details?.map((detail) => detail.key)).toEqual([
      'streetAddress',
      'city',
      'state',
      'zip',
      'phoneNumber',
      'hours',
      'latitude',
      'longitude',
    ]);
    expect(await list()).toHaveLength(HARBOR_NAMES.length);
    expect(await audit()).toEqual([]);
  });

  it('adds a branch at the end of the list, for borrowers too, audited', async () => {
    const created = await call('editor', 'POST', LIST, { ...FALMOUTH, name: '  Falmouth  ' });
    expect(created.statusCode).toBe(201);
    const branch = StaffBranch.parse(created.json());
    expect(branch).toEqual({ ...FALMOUTH, id: expect.any(String), position: 6 });
    expect((await list()).map((saved) => saved.name)).toEqual([...HARBOR_NAMES, 'Falmouth']);
    expect((await publicList()).at(-1)).toMatchObject({ BranchId: branch.id, Zip: '04105' });
    // Falmouth is the branch nearest its own ZIP code.
    expect((await publicList('?zip=04105'))[0]?.BranchName).toBe('Falmouth');

    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'branch.create', staff: 'editor@branches.test' });
    expect(entry?.comment).toBe(`Branch ${branch.id} (“Falmouth”, Falmouth, ME): added at place 7`);
  });

  it('changes a branch, auditing what changed (and nothing when nothing did)', async () => {
    const falmouth = (await list()).find((branch) => branch.name === 'Falmouth');
    const url = `${LIST}/${falmouth?.id}`;
    const changed = await call('publisher', 'PUT', url, {
      ...FALMOUTH,
      name: 'Falmouth Crossing',
      hours: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 9:00 AM–12:00 PM'],
    });
    expect(changed.statusCode).toBe(200);
    expect(StaffBranch.parse(changed.json())).toMatchObject({
      id: falmouth?.id,
      name: 'Falmouth Crossing',
      position: 6,
      hours: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 9:00 AM–12:00 PM'],
    });
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'branch.update', staff: 'publisher@branches.test' });
    expect(entry?.comment).toBe(
      `Branch ${falmouth?.id} (“Falmouth Crossing”, Falmouth, ME): changed name “Falmouth” → “Falmouth Crossing”, hours “Mon–Fri 9:00 AM–5:00 PM” → “Mon–Fri 9:00 AM–5:00 PM; Sat 9:00 AM–12:00 PM”`,
    );
    const before = (await audit()).length;
    const again = await call('publisher', 'PUT', url, {
      ...FALMOUTH,
      name: 'Falmouth Crossing',
      hours: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 9:00 AM–12:00 PM'],
    });
    expect(again.statusCode).toBe(200);
    expect(await audit()).toHaveLength(before);
    expect((await publicList()).at(-1)?.BranchName).toBe('Falmouth Crossing');
  });

  it('moves a branch one place up or down, the first staying first, each move audited', async () => {
    const before = await list();
    const last = before.at(-1);
    const moved = await call('editor', 'POST', `${LIST}/${last?.id}/move`, { direction: 'up' });
    expect(moved.statusCode).toBe(200);
    const after = StaffBranchListResponse.parse(moved.json()).branches;
    expect(after.map((branch) => branch.name)).toEqual([
      ...HARBOR_NAMES.slice(0, 5),
      'Falmouth Crossing',
      'Bangor',
    ]);
    expect(after.map((branch) => branch.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect((await publicList()).map((branch) => branch.BranchName)).toEqual(
      after.map((branch) => branch.name),
    );
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'branch.move', staff: 'editor@branches.test' });
    expect(entry?.comment).toBe(
      `Branch ${last?.id} (“Falmouth Crossing”, Falmouth, ME): moved up from place 7 to 6`,
    );

    const entries = (await audit()).length;
    const first = after[0];
    const stays = await call('editor', 'POST', `${LIST}/${first?.id}/move`, { direction: 'up' });
    expect(StaffBranchListResponse.parse(stays.json()).branches).toEqual(after);
    const bangor = after.at(-1);
    await call('editor', 'POST', `${LIST}/${bangor?.id}/move`, { direction: 'down' });
    expect(await list()).toEqual(after);
    expect(await audit()).toHaveLength(entries);

    await call('editor', 'POST', `${LIST}/${first?.id}/move`, { direction: 'down' });
    expect((await list()).slice(0, 2).map((branch) => branch.name)).toEqual([
      'South Portland',
      'Portland Main Office',
    ]);
    expect(
      (await call('editor', 'POST', `${LIST}/${first?.id}/move`, { direction: 'left' })).statusCode,
    ).toBe(400);
  });

  it('removes a branch, those below moving up a place, audited', async () => {
    const before = await list();
    const falmouth = before.find((branch) => branch.name === 'Falmouth Crossing');
    const removed = await call('publisher', 'DELETE', `${LIST}/${falmouth?.id}`);
    expect(removed.statusCode).toBe(200);
    const after = StaffBranchListResponse.parse(removed.json()).branches;
    expect(after.map((branch) => branch.id)).toEqual(
      before.filter((branch) => branch.id !== falmouth?.id).map((branch) => branch.id),
    );
    expect(after.map((branch) => branch.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await publicList()).some((branch) => branch.BranchId === falmouth?.id)).toBe(false);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'branch.delete', staff: 'publisher@branches.test' });
    expect(entry?.comment).toBe(
      `Branch ${falmouth?.id} (“Falmouth Crossing”, Falmouth, ME): removed`,
    );
    expect((await call('publisher', 'DELETE', `${LIST}/${falmouth?.id}`)).statusCode).toBe(404);
    // Summit's list is untouched by all of Harbor's changes.
    expect((await list('summit', SUMMIT_LIST)).map((branch) => branch.name)).toEqual(
      (DEMO_BRANCHES.summit ?? []).map((branch) => branch.name),
    );
  });

  it('keeps a branch without a place on the map in the list, last in a ZIP search', async () => {
    const created = StaffBranch.parse(
      (
        await call('editor', 'POST', LIST, {
          ...FALMOUTH,
          name: 'Opening soon',
          latitude: 0,
          longitude: 0,
        })
      ).json(),
    );
    const near = await publicList('?zip=04105');
    expect(near.at(-1)).toMatchObject({ BranchId: created.id, Latitude: 0, Longitude: 0 });
    expect(near.at(-1)?.DistanceMiles).toBeUndefined();
    expect(near.slice(0, -1).every((branch) => branch.DistanceMiles !== undefined)).toBe(true);
  });

  it('keeps every place taken once, without gaps, when staff change the list at once', async () => {
    const before = await list();
    const answers = await Promise.all([
      call('editor', 'POST', LIST, { ...FALMOUTH, name: 'At once 1' }),
      call('publisher', 'POST', LIST, { ...FALMOUTH, name: 'At once 2' }),
      call('editor', 'POST', `${LIST}/${before[0]?.id}/move`, { direction: 'down' }),
      call('publisher', 'DELETE', `${LIST}/${before[2]?.id}`),
      call('editor', 'POST', LIST, { ...FALMOUTH, name: 'At once 3' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 200, 200, 201]);
    const after = await list();
    expect(after).toHaveLength(before.length + 2);
    expect(after.map((branch) => branch.position)).toEqual(after.map((_, index) => index));
  });

  it('lets an implementer read and change any institution’s branches', async () => {
    expect((await list('implementer')).length).toBeGreaterThan(0);
    const created = await call('implementer', 'POST', LIST, { ...FALMOUTH, name: 'Implemented' });
    expect(created.statusCode).toBe(201);
    const branch = StaffBranch.parse(created.json());
    expect((await call('implementer', 'DELETE', `${LIST}/${branch.id}`)).statusCode).toBe(200);
    const [removal, creation] = await audit();
    expect(removal).toMatchObject({ action: 'branch.delete', staff: 'implementer@branches.test' });
    expect(creation).toMatchObject({ action: 'branch.create', staff: 'implementer@branches.test' });
  });
});
