import {
  AdminError,
  AuditListResponse,
  WorkItemAssigneesResponse,
  WorkItemDetail,
  WorkItemListResponse,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, mailTo } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { signedInStaff } from '../../testing/staff';
import { PORTAL_WRITE_HEADERS, startTestApp, type TestApp } from '../../testing/test-app';
import { findBorrowerByUsername } from '../borrowers/users.repository';
import { listOutboxMessages } from '../mail/outbox.repository';

const QUEUE = '/admin-api/institutions/harbor/work-items';
/** Harbor's shared mailbox in the demo seed (messagesOptions.messageRecipientEmail). */
const HARBOR_MAILBOX = 'service@harbor-community.example';
const JORDAN_EMAIL = 'jordan.rivers@example.test';

function errorOf(response: LightMyRequestResponse) {
  return AdminError.parse(response.json()).error;
}

describe.each(testDatabases())('the work queue admin API on $name', (database) => {
  let test: TestApp;
  let harbor: number;
  let summit: number;
  const cookie: Record<string, string> = {};
  const staffId: Record<string, string> = {};
  let question: string;
  let feedback: string;
  let contactChange: string;
  let summitQuestion: string;

  const get = (who: string | null, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who] } : {} });
  const post = (who: string, url: string, payload: object) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: cookie[who] },
      payload,
    });
  const audit = async () =>
    AuditListResponse.parse(
      (await get('publisher', '/admin-api/institutions/harbor/audit')).json(),
    ).entries.filter((entry) => entry.action.startsWith('workItem.'));

  beforeAll(async () => {
    // Demo mode: the demo mailbox (/demo/mailbox.json) shows what the outbox delivered.
    test = await startTestApp(database, { demoMode: true });
    harbor = await institutionIdOf(test);
    summit = await institutionIdOf(test, 'summit.localhost');
    const members = [
      ['viewer', 'viewer@queue.test', 'localhost', 'viewer'],
      ['editor', 'editor@queue.test', 'localhost', 'editor'],
      ['colleague', 'colleague@queue.test', 'localhost', 'editor'],
      ['publisher', 'publisher@queue.test', 'localhost', 'publisher'],
      ['summit', 'publisher@summit-queue.test', 'summit.localhost', 'publisher'],
    ] as const;
    for (const [who, email, host, role] of members) {
      cookie[who] = await signedInStaff(test, { email, host, role });
      const me = await get(who, '/admin-api/me');
      staffId[who] = me.json().id;
    }

    const queue = test.app.services.workQueue;
    const jordan = await findBorrowerByUsername(test.database.db, harbor, 'jordan.rivers');
    question = await queue.submit({
      institutionId: harbor,
      kind: 'question',
      userId: jordan?.id ?? null,
      senderName: 'Jordan Rivers',
      senderEmail: JORDAN_EMAIL,
      summary: 'Escrow analysis',
      details: { subject: 'Escrow analysis', message: 'When is the next escrow analysis?' },
    });
    test.clock.advance(60_000);
    feedback = await queue.submit({
      institutionId: harbor,
      kind: 'feedback',
      userId: null,
      senderName: 'A visitor',
      senderEmail: 'visitor@example.test',
      summary: 'Feedback: Good',
      details: { experience: 'Good' },
    });
    test.clock.advance(60_000);
    contactChange = await queue.submit({
      institutionId: harbor,
      kind: 'contactChange',
      userId: jordan?.id ?? null,
      senderName: 'Jordan Rivers',
      senderEmail: JORDAN_EMAIL,
      summary: 'Phone change for ****2352',
      details: { accounts: ['001-100235-2'] },
    });
    summitQuestion = await queue.submit({
      institutionId: summit,
      kind: 'question',
      userId: null,
      senderName: 'Someone else',
      senderEmail: 'someone@example.test',
      summary: 'Summit question',
      details: { message: 'Hello Summit' },
    });
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('lists the queue newest first with filters and counts, to every role of the institution', async () => {
    const all = await get('viewer', QUEUE);
    expect(all.statusCode).toBe(200);
    const list = WorkItemListResponse.parse(all.json());
    expect(list.items.map((item) => item.id)).toEqual([contactChange, feedback, question]);
    expect(list.items[2]).toMatchObject({
      kind: 'question',
      status: 'new',
      summary: 'Escrow analysis',
      senderName: 'Jordan Rivers',
      senderEmail: JORDAN_EMAIL,
      assignedTo: null,
    });
    expect(list.counts).toEqual(
      expect.arrayContaining([
        { kind: 'question', status: 'new', count: 1 },
        { kind: 'feedback', status: 'new', count: 1 },
        { kind: 'contactChange', status: 'new', count: 1 },
      ]),
    );
    const questions = WorkItemListResponse.parse(
      (await get('viewer', `${QUEUE}?kind=question&status=new`)).json(),
    );
    expect(questions.items.map((item) => item.id)).toEqual([question]);
    // The counts are the whole queue's, whatever the filter.
    expect(questions.counts).toEqual(list.counts);
    expect((await get('viewer', `${QUEUE}?status=handled`)).json().items).toEqual([]);
    expect((await get('viewer', `${QUEUE}?kind=letters`)).statusCode).toBe(400);
  });

  it('opens an item with its details', async () => {
    const response = await get('viewer', `${QUEUE}/${question}`);
    expect(response.statusCode).toBe(200);
    expect(WorkItemDetail.parse(response.json())).toMatchObject({
      id: question,
      kind: 'question',
      details: { message: 'When is the next escrow analysis?' },
      fromBorrower: true,
      handledNote: null,
      canReply: true,
    });
    expect(
      WorkItemDetail.parse((await get('viewer', `${QUEUE}/${feedback}`)).json()),
    ).toMatchObject({ fromBorrower: false, canReply: false });
  });

  it("keeps an institution's queue from another institution's staff (404) and from nobody (401)", async () => {
    expect((await get('summit', QUEUE)).statusCode).toBe(404);
    expect(errorOf(await get('summit', `${QUEUE}/${question}`)).code).toBe('NotFound');
    // Through its own institution, another's item is not there either.
    const ownSlug = await get('summit', `/admin-api/institutions/summit/work-items/${question}`);
    expect(ownSlug.statusCode).toBe(404);
    const summitList = WorkItemListResponse.parse(
      (await get('summit', '/admin-api/institutions/summit/work-items')).json(),
    );
    expect(summitList.items.map((item) => item.id)).toEqual([summitQuestion]);
    for (const action of ['assign', 'handle', 'reply', 'reopen']) {
      const refused = await post('summit', `${QUEUE}/${question}/${action}`, {
        staffId: staffId.summit,
        note: 'Done',
        subject: 'Re',
        message: 'Hi',
      });
      expect(refused.statusCode, action).toBe(404);
    }
    expect(
      (
        await post('summit', `/admin-api/institutions/summit/work-items/${question}/handle`, {
          note: 'Done',
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(null, QUEUE)).statusCode).toBe(401);
    expect((await get('viewer', `${QUEUE}/not-an-id`)).statusCode).toBe(400);
    expect((await get('viewer', `${QUEUE}/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('lets a viewer read but not act (403), and changes nothing', async () => {
    for (const [action, body] of [
      ['assign', { staffId: staffId.viewer }],
      ['handle', { note: 'Done' }],
      ['reopen', {}],
      ['reply', { subject: 'Re', message: 'Hi' }],
    ] as const) {
      const refused = await post('viewer', `${QUEUE}/${question}/${action}`, body);
      expect(refused.statusCode, action).toBe(403);
      expect(errorOf(refused).message).toBe(
        'Your role (viewer) can read the work queue but not act on it.',
      );
    }
    expect(WorkItemDetail.parse((await get('viewer', `${QUEUE}/${question}`)).json()).status).toBe(
      'new',
    );
    expect(await audit()).toEqual([]);
  });

  it('assigns to oneself or another editor or publisher of the institution, never to a viewer', async () => {
    const assignees = WorkItemAssigneesResponse.parse(
      (await get('viewer', `${QUEUE}/assignees`)).json(),
    ).assignees;
    expect(assignees.map((staff) => staff.email).sort()).toEqual(
      expect.arrayContaining(['colleague@queue.test', 'editor@queue.test', 'publisher@queue.test']),
    );
    expect(assignees.map((staff) => staff.email)).not.toContain('viewer@queue.test');
    expect(assignees.map((staff) => staff.email)).not.toContain('publisher@summit-queue.test');

    const self = await post('editor', `${QUEUE}/${contactChange}/assign`, {
      staffId: staffId.editor,
    });
    expect(self.statusCode).toBe(200);
    expect(WorkItemDetail.parse(self.json())).toMatchObject({
      status: 'assigned',
      assignedTo: { id: staffId.editor, email: 'editor@queue.test' },
    });
    const other = await post('editor', `${QUEUE}/${contactChange}/assign`, {
      staffId: staffId.colleague,
    });
    expect(WorkItemDetail.parse(other.json()).assignedTo?.email).toBe('colleague@queue.test');

    for (const target of [staffId.viewer, staffId.summit, randomUUID()]) {
      const refused = await post('editor', `${QUEUE}/${contactChange}/assign`, { staffId: target });
      expect(refused.statusCode).toBe(400);
    }
    const entries = await audit();
    expect(entries.map((entry) => [entry.action, entry.staff])).toEqual([
      ['workItem.assign', 'editor@queue.test'],
      ['workItem.assign', 'editor@queue.test'],
    ]);
    expect(entries[0]?.comment).toContain(contactChange);
    expect(entries[0]?.comment).toContain('assigned to colleague');
  });

  it('marks an item handled with a note, final until it is reopened, each step audited', async () => {
    const handled = await post('colleague', `${QUEUE}/${contactChange}/handle`, {
      note: 'Phone updated in the core',
    });
    expect(handled.statusCode).toBe(200);
    const item = WorkItemDetail.parse(handled.json());
    expect(item).toMatchObject({
      status: 'handled',
      handledNote: 'Phone updated in the core',
      assignedTo: { email: 'colleague@queue.test' },
    });
    expect(item.handledAt).toBe(test.clock.now().toISOString());

    const again = await post('editor', `${QUEUE}/${contactChange}/handle`, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('Conflict');
    expect(
      (await post('editor', `${QUEUE}/${contactChange}/assign`, { staffId: staffId.editor }))
        .statusCode,
    ).toBe(409);
    expect(
      (await post('editor', `${QUEUE}/${contactChange}/handle`, { note: ' ' })).statusCode,
    ).toBe(400);
    expect((await post('editor', `${QUEUE}/${question}/reopen`, {})).statusCode).toBe(409);

    const reopened = await post('publisher', `${QUEUE}/${contactChange}/reopen`, {
      reason: 'The new number bounced',
    });
    expect(WorkItemDetail.parse(reopened.json())).toMatchObject({
      status: 'assigned',
      handledNote: null,
      handledAt: null,
      assignedTo: { email: 'colleague@queue.test' },
    });
    const [reopen, handle] = await audit();
    expect(reopen).toMatchObject({ action: 'workItem.reopen', staff: 'publisher@queue.test' });
    expect(reopen?.comment).toContain('because The new number bounced');
    expect(reopen?.comment).toContain('it was handled: Phone updated in the core');
    expect(handle).toMatchObject({ action: 'workItem.handle', staff: 'colleague@queue.test' });
    expect(handle?.comment).toContain('handled: Phone updated in the core');
    // Handled straight from new, by a publisher.
    const direct = await post('publisher', `${QUEUE}/${feedback}/handle`, { note: 'Thanked' });
    expect(WorkItemDetail.parse(direct.json())).toMatchObject({
      status: 'handled',
      assignedTo: { email: 'publisher@queue.test' },
    });
    const counts = WorkItemListResponse.parse((await get('viewer', QUEUE)).json()).counts;
    expect(counts).toEqual(
      expect.arrayContaining([
        { kind: 'feedback', status: 'handled', count: 1 },
        { kind: 'contactChange', status: 'assigned', count: 1 },
      ]),
    );
  });

  it("answers a question by e-mail to the sender's address, in the demo mailbox and the audit log", async () => {
    const sent = await post('editor', `${QUEUE}/${question}/reply`, {
      subject: 'Re: Escrow analysis',
      message: 'Your escrow analysis is in May.',
    });
    expect(sent.statusCode).toBe(200);
    // An answered question is no longer untouched: it is the replier's.
    expect(WorkItemDetail.parse(sent.json())).toMatchObject({
      status: 'assigned',
      assignedTo: { email: 'editor@queue.test' },
    });
    await test.app.services.outbox.runOnce();
    const mailbox = await test.app.inject({
      url: `/demo/mailbox.json?to=${encodeURIComponent(JORDAN_EMAIL)}`,
      headers: { host: 'localhost' },
    });
    const reply = mailbox
      .json()
      .messages.find((message: { subject: string }) => message.subject === 'Re: Escrow analysis');
    expect(reply?.to).toBe(JORDAN_EMAIL);
    expect(reply?.body).toContain('Your escrow analysis is in May.');
    expect(reply?.body).toContain('> When is the next escrow analysis?');
    expect(reply?.body).toContain('Harbor Community Bank');
    const entries = await audit();
    const entry = entries.find((row) => row.action === 'workItem.reply');
    expect(entry).toMatchObject({ action: 'workItem.reply', staff: 'editor@queue.test' });
    expect(entry?.comment).toContain(`replied to ${JORDAN_EMAIL}: “Re: Escrow analysis”`);
    expect(entries.find((row) => row.action === 'workItem.assign')?.comment).toContain(
      'assigned to',
    );

    // A second reply, by someone else, leaves the item with whoever has it.
    const again = await post('publisher', `${QUEUE}/${question}/reply`, {
      subject: 'Re: Escrow analysis',
      message: 'And the statement follows in June.',
    });
    expect(WorkItemDetail.parse(again.json())).toMatchObject({
      status: 'assigned',
      assignedTo: { email: 'editor@queue.test' },
    });

    const notQuestion = await post('editor', `${QUEUE}/${feedback}/reply`, {
      subject: 'Thanks',
      message: 'Thank you',
    });
    expect(notQuestion.statusCode).toBe(409);
    expect(errorOf(notQuestion).message).toBe('Only a question is answered by e-mail.');
    expect(
      (await post('editor', `${QUEUE}/${question}/reply`, { subject: '', message: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it("e-mails a new item to the institution's shared mailbox in the item's transaction", async () => {
    const queue = test.app.services.workQueue;
    const before = (await mailTo(test, HARBOR_MAILBOX)).length;
    // The sender's transaction fails: neither the item nor the notice is left.
    await expect(
      test.database.db.transaction().execute(async (trx) => {
        await queue.submit(
          {
            institutionId: harbor,
            kind: 'question',
            userId: null,
            senderName: 'Rolled Back',
            senderEmail: 'rolled@example.test',
            summary: 'Never sent',
            details: {},
          },
          trx,
        );
        throw new Error('the sender failed');
      }),
    ).rejects.toThrow('the sender failed');
    expect(await mailTo(test, HARBOR_MAILBOX)).toHaveLength(before);

    await queue.submit({
      institutionId: harbor,
      kind: 'question',
      userId: null,
      senderName: 'Casey Morgan',
      senderEmail: 'casey.morgan@example.test',
      summary: 'Payoff letter',
      details: { message: 'Please send a payoff letter.' },
    });
    const notices = await mailTo(test, HARBOR_MAILBOX);
    expect(notices).toHaveLength(before + 1);
    const notice = notices.at(-1);
    expect(notice?.subject).toBe('Harbor Community Bank: new question in the work queue');
    expect(notice?.body).toContain('From: Casey Morgan <casey.morgan@example.test>');
    expect(notice?.body).toContain('Summary: Payoff letter');
    // The message itself stays behind the staff sign-in.
    expect(notice?.body).not.toContain('Please send a payoff letter.');

    // Every kind is told of (work-queue-mail.test.ts sends each); Summit has no address set.
    await queue.submit({
      institutionId: harbor,
      kind: 'contactChange',
      userId: null,
      senderName: 'Jordan Rivers',
      senderEmail: JORDAN_EMAIL,
      summary: 'Address change for ****2352',
      details: {},
    });
    expect(await mailTo(test, HARBOR_MAILBOX)).toHaveLength(before + 2);
    await queue.submit({
      institutionId: summit,
      kind: 'question',
      userId: null,
      senderName: 'Someone else',
      senderEmail: 'someone@example.test',
      summary: 'Another Summit question',
      details: {},
    });
    const summitMail = await listOutboxMessages(test.database.db, summit);
    expect(summitMail.filter((message) => message.subject.includes('work queue'))).toEqual([]);
  });
});
