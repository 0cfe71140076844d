import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  addCard,
  type Caller,
  HOME_EQUITY,
  paymentBody,
  submit,
} from '../../testing/payment-test-kit';
import { signIn, startTestApp, type TestApp } from '../../testing/test-app';

describe.each(testDatabases())('the payment receipt e-mail on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
  });
  afterAll(async () => {
    await test?.close();
  });

  it('names the loan by its last four, as the failure notice does (issue 20, item 31)', async () => {
    const card = await addCard(jordan, HOME_EQUITY);
    const paid = await submit(
      jordan,
      'immediateCard',
      paymentBody({ loan: HOME_EQUITY, method: card, amount: 25 }),
      'receipt-masking-1',
    );
    expect(paid.body.HasNoErrors).toBe(true);
    await test.app.services.outbox.runOnce();
    const institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    const mails = await test.app.services.mail.delivered({ institutionId, limit: 100 });
    const receipt = mails.find((mail) => mail.subject.startsWith('Payment received'));
    expect(receipt?.body).toContain('Loan: ****2352');
    expect(`${receipt?.subject}\n${receipt?.body}`).not.toContain(HOME_EQUITY);
  });
});
