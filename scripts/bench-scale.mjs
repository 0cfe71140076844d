// The `scale` section of scripts/bench.mjs (issue 23): two instances of the built server on one
// PostgreSQL database behind one address, driven by borrowers' visits as the portal makes them,
// the offered load rising in steps. Alone: `node scripts/bench.mjs scale --no-build`.
// Started as `node scripts/bench-scale.mjs --proxy <port> <upstream port>...` this file is the
// bench's load balancer, in a process of its own so that its CPU time is counted apart.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const PROXY_PORT = Number(process.env.BENCH_SCALE_PORT ?? 3230);
const INSTANCE_PORTS = [PROXY_PORT + 1, PROXY_PORT + 2];
const PROXY_BASE = `http://127.0.0.1:${PROXY_PORT}`;
/** Where the bench makes its database (and drops it): the server of this URL, as its admin. */
const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
/** A business day at both demo institutions, 10:00 in New York: a payment today is taken. */
const SCALE_CLOCK_START = process.env.BENCH_SCALE_CLOCK_START ?? '2026-11-27T15:00:00Z';
/** The offered load, requests a second, one step after the other (BENCH_SCALE_STEPS=50,100). */
const SCALE_STEPS = (process.env.BENCH_SCALE_STEPS ?? '50,100,200,400,800')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const SCALE_STEP_SECONDS = 10;
/** A step past this p99, or with any error, is the last. */
const SCALE_P99_TARGET_MS = 250;
/**
 * Harbor's demo borrowers whose visits make the mix, each paying one of its loans from a saved
 * bank account. Not by card: a user's card attempts are limited to cardAttemptsPerHourPerUser (20)
 * against card testing, and a handful of demo users making a payment a visit meet it within a
 * step (a trial run: 67 of 78 card payments at 200 requests/s refused, CardAttemptsPaused), where
 * a million borrowers would each pay once. A business user (casey.morgan) may not save a bank
 * account (spec 001 section 6) and is left out, named in the report.
 */
const SCALE_BORROWERS = [
  'jordan.rivers',
  'robin.hale',
  'taylor.reed',
  'devon.hayes',
  'casey.morgan',
];
const PASSWORD = 'Demo-Pass-2024';
/** A call unanswered this long counts as an error (the step waits for every call it sent). */
const CALL_TIMEOUT_MS = 30_000;

// ---- The proxy ------------------------------------------------------------------------------

/**
 * Round robin over the instances, a keep-alive pool to each, the client's address appended to
 * X-Forwarded-For as a load balancer does (the servers trust 127.0.0.1, so the visit's own
 * address is the one the sign-in limit counts). Hand-written on node:http, not a proxy package:
 * a bench needs no dependency of its own, and this one does nothing it would not measure (no
 * retries, no buffering, no health checks).
 */
function runProxy(port, upstreams) {
  const agents = upstreams.map(() => new Agent({ keepAlive: true, maxSockets: 256 }));
  const hopByHop = (headers) => {
    const copy = { ...headers };
    delete copy.connection;
    delete copy['keep-alive'];
    return copy;
  };
  let next = 0;
  const server = createServer((req, res) => {
    const upstream = next;
    next = (next + 1) % upstreams.length;
    const headers = hopByHop(req.headers);
    const client = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    headers['x-forwarded-for'] = headers['x-forwarded-for']
      ? `${headers['x-forwarded-for']}, ${client}`
      : client;
    const forwarded = request(
      {
        agent: agents[upstream],
        host: '127.0.0.1',
        port: upstreams[upstream],
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, hopByHop(answer.headers));
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
}

if (process.argv[2] === '--proxy' && process.argv[1] === fileURLToPath(import.meta.url)) {
  runProxy(Number(process.argv[3]), process.argv.slice(4).map(Number));
}

/** Starts the proxy in front of the instances; resolves once it listens. */
function startProxy() {
  const proxy = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--proxy', String(PROXY_PORT), ...INSTANCE_PORTS.map(String)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    proxy.once('exit', () => reject(new Error('the proxy exited during start')));
    proxy.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('listening')) resolve(proxy);
    });
  });
}

// ---- Measuring the processes ------------------------------------------------------------------

/**
 * The CPU time so far (ms) of PostgreSQL's processes that work for `database`: the backends whose
 * title names it ("postgres: 15/main: postgres <database> 127.0.0.1(port) idle") and the server's
 * own writers (checkpointer, background writer, WAL writer), by process. Empty where /proc is
 * missing. A backend that ends between two readings takes its last moments with it (the servers'
 * pools keep theirs open while busy).
 */
function postgresCpu(database, processCpuMs) {
  const cpu = new Map();
  let names = [];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return cpu;
  }
  for (const pid of names) {
    let title;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ')) continue;
    const words = title.trim().split(/\s+/);
    const writer = /: (checkpointer|background writer|walwriter)\b/.test(title);
    if (!writer && !words.includes(database)) continue;
    const ms = processCpuMs(pid);
    if (ms !== undefined) cpu.set(pid, ms);
  }
  return cpu;
}

/** The CPU time (ms) the processes of `after` spent since `before` (a new one from zero). */
function cpuSince(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The whole machine's busy CPU time so far (ms; Linux /proc/stat), undefined elsewhere. */
function machineBusyMs() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.slice(0, 8).map(Number);
    const idle = ticks[3] + ticks[4];
    return (ticks.reduce((sum, value) => sum + value, 0) - idle) * 10;
  } catch {
    return undefined;
  }
}

// ---- The borrowers' visits --------------------------------------------------------------------

/**
 * One borrower's visit as the portal makes its calls (portal/src, Harbor's settings): the sign-in
 * page, the dashboard, one loan's page, a payment of that loan and the confirmation, then
 * Logout. Calls the portal makes at once go here one after the other, each when the one before
 * has answered. Left out: the page itself and its files (the browser's cache or a CDN), and what
 * a 30-second-old answer saves (the loan page and the payment page reuse the dashboard's
 * GetPaymentInfo).
 */
function visitCalls(borrower, amount) {
  const loan = borrower.paid;
  const query = (path, values) => `${path}?${new URLSearchParams(values).toString()}`;
  const pageView = (route, title) => ({
    label: 'POST /api/Analytics/PageView',
    method: 'POST',
    path: '/api/Analytics/PageView',
    body: { Route: route, Title: title },
  });
  const get = (path, values) => ({
    label: `GET ${path}`,
    method: 'GET',
    path: values ? query(path, values) : path,
  });
  const paymentInfo = (accountNumber) =>
    get('/api/PaymentInformation/GetPaymentInfo', { accountNumber });
  const methods = {
    label: 'POST /api/PaymentMethod/GetPaymentMethods',
    method: 'POST',
    path: '/api/PaymentMethod/GetPaymentMethods',
    body: { AccountNumber: loan },
  };
  const hold = get('/api/AccountDetails', { accountNumber: loan });
  return [
    // The sign-in page (login-page.tsx; main.tsx asks for the settings where the page came
    // without them), its page view (route-effects.tsx, analytics on at Harbor), the sign-in.
    get('/api/setup/ApplicationOptions'),
    get('/api/MaintenanceMode'),
    pageView('/home/login', 'Login'),
    {
      label: 'POST /api/login/userlogin',
      method: 'POST',
      path: '/api/login/userlogin',
      body: { username: borrower.username, password: PASSWORD },
      signIn: true,
    },
    // The dashboard (dashboard-page.tsx): the account list, the applications (useEgtConsumer),
    // each payable loan's payment info (useLoanPayments).
    get('/api/accountList'),
    get('/api/Application/GetList', { numDaysToRetrieve: '30' }),
    ...borrower.payable.map(paymentInfo),
    pageView('/myaccount/dashboard', 'Dashboard'),
    // The loan's page (loan-details-page.tsx and its sections): its data, 30 days of history,
    // the balance chart and payoff projection, this year's statements, the alerts' profile.
    get('/api/AccountData', { accountNumber: loan }),
    get('/api/AccountHistory', { accountNumber: loan, days: '30', downloadCSV: 'false' }),
    get('/api/Account/BalanceHistory', { accountNumber: loan }),
    get('/api/Account/PayoffProjection', { accountNumber: loan, extraPrincipal: '0' }),
    get('/api/accountEStatements/GetStatementList', {
      AccountNumber: loan,
      Year: borrower.day.slice(0, 4),
    }),
    get('/api/Profile'),
    pageView(`/myaccount/loanDetails/${loan}`, 'Loan Details'),
    // Make Payment (make-payment-page.tsx): the hold, the saved methods; then the payment by the
    // saved bank account and what total-submission.tsx refreshes before the confirmation.
    hold,
    methods,
    pageView('/myaccount/payment', 'Make Payment'),
    {
      label: 'POST /api/PaymentImmediate/SubmitAch',
      method: 'POST',
      path: '/api/PaymentImmediate/SubmitAch',
      body: JSON.parse(borrower.paymentBody(amount)),
      pay: true,
    },
    get('/api/accountList'),
    paymentInfo(loan),
    methods,
    hold,
    pageView('/myaccount/paymentConfirm', 'Payment Confirmation'),
    { label: 'POST /api/Login/Logout', method: 'POST', path: '/api/Login/Logout', body: {} },
  ];
}

/** Rows inserted and updated so far in each table of the database (pg_stat_user_tables). */
async function tableWrites(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select relname, n_tup_ins, n_tup_upd from pg_stat_user_tables',
    );
    return new Map(
      rows.map((row) => [
        row.relname,
        { inserted: Number(row.n_tup_ins), updated: Number(row.n_tup_upd) },
      ]),
    );
  } finally {
    await client.end();
  }
}

/** p50 and p99 of a list of latencies (ms). */
function quantiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

/**
 * Open loop on visits: visit `index` begins at start + index / visitRate whatever the answers do
 * (borrowers arrive on their own), and within a visit each call leaves when the one before it
 * has answered (a page waits for its data). Not pacedLoad, which paces requests: it would begin a
 * new visit whenever no visit's next call were ready, so once answers slow down the mix turns
 * into sign-ins (a trial run of that design at 100 requests/s on a busy machine: 190 sign-ins in
 * 1,000 requests, where the visits' own mix has 40), which is not what borrowers do.
 * A call is timed from its sending to its answer's end. No call leaves after the step's time
 * (later calls of unfinished visits are dropped); the step ends when the calls sent have
 * answered (an answer later than CALL_TIMEOUT_MS counts as an error). `failed(call, status,
 * text)` names a failure (else false). The sign-in's cookie goes with the visit's later calls;
 * a visit whose sign-in fails ends there.
 */
async function visitLoad({ visitRate, seconds, beginVisit, failed }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const latencies = [];
  const byKind = new Map();
  const failureKinds = {};
  let failures = 0;
  let signIns = 0;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  const send = (visit, call) =>
    new Promise((resolve) => {
      const body = call.body ? JSON.stringify(call.body) : undefined;
      const headers = { 'x-requested-with': 'portal', 'x-forwarded-for': visit.address };
      if (visit.cookie) headers.cookie = visit.cookie;
      if (body) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      if (call.pay) headers['idempotency-key'] = visit.paymentKey;
      const sent = performance.now();
      const fail = (kind) => {
        failures += 1;
        failureKinds[kind] = (failureKinds[kind] ?? 0) + 1;
      };
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port: PROXY_PORT,
          method: call.method,
          path: call.path,
          headers,
          timeout: CALL_TIMEOUT_MS,
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const ms = performance.now() - sent;
            latencies.push(ms);
            const kind = call.signIn ? 'sign-in' : call.pay ? 'payment' : 'other';
            if (!byKind.has(kind)) byKind.set(kind, []);
            byKind.get(kind).push(ms);
            const failure = failed(call, res.statusCode, Buffer.concat(chunks).toString('utf8'));
            if (failure) fail(failure);
            const cookie = [res.headers['set-cookie'] ?? []]
              .flat()
              .map((line) => /portal_session=([^;]+)/.exec(line)?.[1])
              .find(Boolean);
            if (call.signIn && cookie) visit.cookie = `portal_session=${cookie}`;
            resolve(!(call.signIn && (failure || !cookie)));
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => {
        fail(`${call.label}: ${error.code ?? error.message}`);
        resolve(!call.signIn);
      });
      if (body) req.write(body);
      req.end();
    });
  const runVisit = async (visit) => {
    for (const call of visit.calls) {
      if (performance.now() >= endAt) return;
      if (call.signIn) signIns += 1;
      if (!(await send(visit, call))) return;
    }
  };
  const visits = [];
  const total = Math.max(1, Math.round(visitRate * seconds));
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / visitRate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    visits.push(runVisit(beginVisit(index)));
  }
  await Promise.all(visits);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const { p50, p99 } = quantiles(latencies);
  return {
    count: latencies.length,
    rate: latencies.length / elapsed,
    p50,
    p99,
    failures,
    failureKinds,
    signIns,
    visits: total,
    byKind,
  };
}

// ---- The section ------------------------------------------------------------------------------

/**
 * Two instances of the built server (server/dist/main.js, demo mode, DEMO_CLOCK_START on a
 * business day) on a fresh PostgreSQL database, behind the round-robin proxy; the borrowers'
 * visits (visitCalls) offered open loop at each rate of SCALE_STEPS for SCALE_STEP_SECONDS, until
 * a step's p99 passes SCALE_P99_TARGET_MS or has errors. Per step: offered and achieved rates,
 * p50 and p99, errors, and the CPU of each instance, of PostgreSQL, of the proxy and of the load
 * generator (this process), with what the machine's other processes took meanwhile.
 * `kit`: bench.mjs's helpers.
 */
export async function scaleBench(kit) {
  const { report, startServer, stopServer, waitReady, processCpuMs } = kit;
  const { paymentSignIn, paymentPost, cardPaymentBody, submitFailure } = kit;
  report(
    '## Two instances, one PostgreSQL, one address: a borrower mix in rising steps (built server)',
  );
  const database = `portal_bench_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const adminUrl = new URL(POSTGRES_ADMIN_URL);
  const onAdmin = async (statement) => {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  // The instances share DATA_DIR for its data key (one key decrypts what either wrote) and its
  // documents: storage the instances share, as in a deployment of several.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-scale-'));
  const instances = [];
  let proxy;
  let created = false;
  try {
    try {
      await onAdmin(`create database ${database}`);
      created = true;
    } catch (error) {
      report(
        `- not measured: no PostgreSQL to create a database on at ${adminUrl.host} (${error instanceof Error ? error.message : String(error)}; set BENCH_DATABASE_URL)`,
      );
      return;
    }
    // One after the other: the first migrates and seeds the demo data, the second finds it.
    // Each instance's clock starts at SCALE_CLOCK_START when it starts (seconds apart).
    for (const port of INSTANCE_PORTS) {
      const instance = startServer(dataDir, {
        port,
        env: {
          DATABASE_URL: databaseUrl.toString(),
          DEMO_MODE: 'true',
          DEMO_CLOCK_START: SCALE_CLOCK_START,
        },
      });
      instances.push(instance);
      await waitReady(instance, 180_000, `http://127.0.0.1:${port}`);
    }
    proxy = await startProxy();

    // Each borrower: a session, the payable loans (the account list's open loans and lines
    // with a balance), the server's payment day, a checking account saved once (the demo bank's
    // routing number), and the loan paid: the first whose probe payment ($1.00) is accepted; a
    // borrower with none is left out.
    const borrowers = [];
    const left = [];
    let setupSignIns = 0;
    for (const username of SCALE_BORROWERS) {
      const cookie = await paymentSignIn(username, (setupSignIns += 1), PROXY_BASE);
      const getJson = async (path) =>
        (await fetch(`${PROXY_BASE}${path}`, { headers: { cookie } })).json();
      const list = await getJson('/api/accountList');
      const payable = (list.Accounts ?? [])
        .filter((account) => (account.Type === 0 || account.Type === 9) && account.Balance > 0)
        .filter((account) => !/closed/i.test(account.Comment))
        .map((account) => account.Number);
      let chosen;
      let account;
      for (const loan of payable) {
        const info = await getJson(
          `/api/PaymentInformation/GetPaymentInfo?accountNumber=${encodeURIComponent(loan)}`,
        );
        if (!info.HasNoErrors) continue;
        const day = info.PaymentDetails.PaymentDate.slice(0, 10);
        if (!account) {
          const added = await paymentPost(
            cookie,
            '/api/PaymentMethod/AddAchPaymentMethod',
            {
              AccountType: 'Checking',
              RoutingNumber: '011099990',
              AccountNumber: `40066${String(setupSignIns).padStart(4, '0')}`,
              OwnerName: 'Bench Borrower',
            },
            {},
            PROXY_BASE,
          );
          if (!added.body.PaymentMethod) {
            left.push(`${username} (${added.body.Errors?.[0]?.ErrorMessage ?? added.status})`);
            break;
          }
          account = added.body.PaymentMethod;
        }
        const paymentBody = (amount) =>
          cardPaymentBody({ username, loan, method: account, amount, day });
        const probe = await paymentPost(
          cookie,
          '/api/PaymentImmediate/SubmitAch',
          JSON.parse(paymentBody(1)),
          { 'idempotency-key': `scale-probe-${username}-${loan}` },
          PROXY_BASE,
        );
        if (probe.status === 200 && probe.body.HasNoErrors && probe.body.ReferenceNumber) {
          chosen = { username, payable, paid: loan, day, paymentBody };
          break;
        }
        left.push(`${username} ${loan} (${probe.body.Errors?.[0]?.ErrorMessage ?? probe.status})`);
      }
      if (chosen) borrowers.push(chosen);
      else if (payable.length === 0) left.push(`${username} (no payable loan)`);
    }
    if (borrowers.length === 0) throw new Error(`no borrower could pay: ${left.join(', ')}`);

    const plans = borrowers.map((borrower) => visitCalls(borrower, 1));
    const callsPerVisit = plans.map((plan) => plan.length);
    report(
      `- Visits (portal/src's calls of a visit, one after the other; each visit its own client address): ${borrowers
        .map(
          (borrower, index) =>
            `${borrower.username} (${callsPerVisit[index]} calls: ${borrower.payable.length} loan${borrower.payable.length === 1 ? '' : 's'} on the dashboard, pays ${borrower.paid})`,
        )
        .join('; ')}; round robin over the borrowers, dated ${borrowers[0].day}`,
    );
    if (left.length > 0)
      report(
        `  - left out (no bank account, or no loan took the probe payment): ${left.join(', ')}`,
      );
    report(
      `  - a visit: sign-in page (ApplicationOptions, MaintenanceMode, PageView), POST userlogin, dashboard (accountList, Application/GetList, GetPaymentInfo per loan, PageView), ` +
        'loan page (AccountData, AccountHistory 30 days, BalanceHistory, PayoffProjection, GetStatementList, Profile, PageView), Make Payment (AccountDetails, GetPaymentMethods, PageView), ' +
        'SubmitAch (immediate, $1.00 to $1.99, the saved checking account, its own Idempotency-Key) and the four refreshes, PageView, Logout',
    );

    // The load: visits begin at the step's rate of visits (the offered requests over a visit's
    // calls), each a new borrower session with its own client address.
    let visitsBegun = 0;
    let payments = 0;
    let signInsMade = 0;
    const meanCalls =
      borrowers.reduce((sum, borrower) => sum + visitCalls(borrower, 1).length, 0) /
      borrowers.length;
    const runStep = (rate, seconds) =>
      visitLoad({
        visitRate: rate / meanCalls,
        seconds,
        beginVisit: () => {
          const index = visitsBegun;
          visitsBegun += 1;
          const borrower = borrowers[index % borrowers.length];
          // $1.00 to $1.99: a payment a visit, small enough to leave the demo loans owing.
          const amount = 1 + ((index * 37) % 100) / 100;
          return {
            calls: visitCalls(borrower, amount),
            address: `10.66.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`,
            paymentKey: `scale-${process.pid}-${index}`,
          };
        },
        failed: (call, status, text) => {
          if (call.signIn) signInsMade += 1;
          if (call.pay) {
            payments += 1;
            const refusal = submitFailure(status, text);
            return refusal && `${call.label}: ${refusal}`;
          }
          return status >= 400 && `${call.label}: HTTP ${status}`;
        },
      });
    // Warm-up (not reported): the routes' first runs compile on both instances.
    await runStep(20, 3);
    // The rows the visits write, counted over the steps that meet the target (a step past it
    // leaves visits unfinished, and would count their sign-ins without their payments).
    const rowsBefore = await tableWrites(databaseUrl);
    const countedFrom = { signIns: signInsMade, payments };
    let passed;

    const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : '—');
    const core = (cpuMs, wallMs) =>
      cpuMs === undefined || Number.isNaN(cpuMs) ? '—' : `${((cpuMs / wallMs) * 100).toFixed(0)} %`;
    report(
      `- Open loop, each step ${SCALE_STEP_SECONDS} s, until p99 passes ${SCALE_P99_TARGET_MS} ms or a request fails — target at each step: p99 ≤ ${SCALE_P99_TARGET_MS} ms, no errors. ` +
        `CPU as a share of one core (this machine: ${cpus().length} cores); "other" is what the machine's other processes took meanwhile`,
    );
    report();
    report(
      '| Offered req/s | Achieved req/s | Requests | Sign-ins | p50 ms | p99 ms | Errors | Instance 1 CPU | Instance 2 CPU | PostgreSQL CPU | Proxy CPU | Load generator CPU | Other CPU | Server CPU ms a request | PostgreSQL CPU ms a request | Target met |',
    );
    report(
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    );
    const errorsSeen = [];
    const perCall = [];
    for (const rate of SCALE_STEPS) {
      const read = () => ({
        instances: instances.map((instance) => processCpuMs(instance.pid)),
        postgres: postgresCpu(database, processCpuMs),
        proxy: processCpuMs(proxy.pid),
        generator: process.cpuUsage(),
        machine: machineBusyMs(),
        at: performance.now(),
      });
      const before = read();
      const step = await runStep(rate, SCALE_STEP_SECONDS);
      const after = read();
      const wall = after.at - before.at;
      const instanceCpu = after.instances.map((value, index) =>
        value === undefined || before.instances[index] === undefined
          ? undefined
          : value - before.instances[index],
      );
      const postgresMs =
        after.postgres.size > 0 ? cpuSince(before.postgres, after.postgres) : undefined;
      const proxyMs =
        after.proxy === undefined || before.proxy === undefined
          ? undefined
          : after.proxy - before.proxy;
      const generatorMs =
        (after.generator.user -
          before.generator.user +
          after.generator.system -
          before.generator.system) /
        1000;
      const ours = [...instanceCpu, postgresMs, proxyMs].every((value) => value !== undefined)
        ? instanceCpu.reduce((sum, value) => sum + value, 0) + postgresMs + proxyMs + generatorMs
        : undefined;
      const otherMs =
        ours === undefined || after.machine === undefined || before.machine === undefined
          ? undefined
          : Math.max(0, after.machine - before.machine - ours);
      const serverMs = instanceCpu.every((value) => value !== undefined)
        ? instanceCpu.reduce((sum, value) => sum + value, 0) / step.count
        : undefined;
      const met = step.p99 <= SCALE_P99_TARGET_MS && step.failures === 0;
      report(
        `| ${rate} | ${step.rate.toFixed(0)} | ${step.count} | ${step.signIns} | ${ms(step.p50)} | ${ms(step.p99)} | ${step.failures} | ` +
          `${core(instanceCpu[0], wall)} | ${core(instanceCpu[1], wall)} | ${core(postgresMs, wall)} | ${core(proxyMs, wall)} | ${core(generatorMs, wall)} | ${core(otherMs, wall)} | ` +
          `${serverMs === undefined ? '—' : serverMs.toFixed(2)} | ${postgresMs === undefined ? '—' : (postgresMs / step.count).toFixed(2)} | ${met ? 'yes' : 'no'} |`,
      );
      perCall.push({ rate, byKind: step.byKind });
      if (step.failures > 0) {
        errorsSeen.push(
          `${rate}/s: ${Object.entries(step.failureKinds)
            .map(([kind, count]) => `${count}× ${kind}`)
            .join(', ')}`,
        );
      }
      if (!met) break;
      // PostgreSQL publishes its counters a moment after the transactions end.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      passed = {
        steps: (passed?.steps ?? 0) + 1,
        rows: await tableWrites(databaseUrl),
        signIns: signInsMade - countedFrom.signIns,
        payments: payments - countedFrom.payments,
      };
    }
    report();
    for (const { rate, byKind } of perCall) {
      const parts = ['sign-in', 'payment', 'other'].flatMap((label) => {
        const times = byKind.get(label);
        if (!times) return [];
        const { p50, p99, count } = quantiles(times);
        return [
          `${label === 'other' ? 'the other calls' : label} ${ms(p50)}/${ms(p99)} ms (${count})`,
        ];
      });
      report(`- p50/p99 by kind at ${rate}/s: ${parts.join(', ')}`);
    }
    if (errorsSeen.length > 0) report(`- Errors: ${errorsSeen.join('; ')}`);
    if (passed) {
      const written = [...passed.rows]
        .map(([table, after]) => {
          const start = rowsBefore.get(table) ?? { inserted: 0, updated: 0 };
          return {
            table,
            inserted: (after.inserted - start.inserted) / passed.signIns,
            updated: (after.updated - start.updated) / passed.signIns,
          };
        })
        .filter((row) => row.inserted + row.updated >= 0.05)
        .sort((a, b) => b.inserted - a.inserted || b.updated - a.updated);
      report(
        `- Rows written a visit (PostgreSQL's counters over the ${passed.steps} step${passed.steps === 1 ? '' : 's'} that met the target: ${passed.signIns} sign-ins, ${passed.payments} payments): ${written
          .map(
            (row) =>
              `${row.table} ${row.inserted.toFixed(1)} inserted${row.updated >= 0.05 ? `, ${row.updated.toFixed(1)} updated` : ''}`,
          )
          .join('; ')}`,
      );
    }
    report(
      `  - ${payments} payments made by the visits (the demo loans keep owing: $1.00 to $1.99 each); machine load average at the end ${loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')}`,
    );
    report(
      `  - Servers: ${process.env.BENCH_SERVER ? `BENCH_SERVER (${process.env.BENCH_SERVER})` : 'the built server (server/dist/main.js)'} twice (ports ${INSTANCE_PORTS.join(', ')}; pg's pool of 10 connections each), ` +
        `demo mode, clock from ${SCALE_CLOCK_START}, on database ${database} at ${adminUrl.host} (made for the run, dropped after); ` +
        `the proxy (this file, --proxy, port ${PROXY_PORT}) round robin per request; the load generator, the proxy, both instances and PostgreSQL share this machine's processors. ` +
        "PostgreSQL CPU: the backends serving the database and the server's writers (checkpointer, background writer, WAL writer)",
    );
  } catch (error) {
    report(`- failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGTERM');
      await exited;
    }
    for (const instance of instances) await stopServer(instance);
    if (created) {
      await onAdmin(`drop database if exists ${database} with (force)`).catch((error) =>
        report(`- could not drop database ${database}: ${error.message}`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  report();
}
