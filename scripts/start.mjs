#!/usr/bin/env node
// `npm start` after the build: the server, and with DEMO_PSP=on the stand-in payment provider beside it (apps/test-psp,
// never for real money), so provider deposits and payouts can be tried on a fresh clone with no configuration. The
// provider listens on TESTPSP_PORT (default 9200) with a secret made for this run, the server is given its address
// and secret (PSP_TESTPSP_URL, PSP_TESTPSP_SECRETS), and once the server answers, the merchant gets a "TestPay"
// channel through the operator CLI (kept if it exists) that takes deposits and pays e-wallet withdrawals. Either
// process ending ends the other.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER = `${root}apps/server/dist/main.js`;
const PSP = `${root}apps/test-psp/dist/main.js`;
const ADMIN = `${root}apps/server/dist/admin/cli.js`;
const SERVER_PORT = process.env.PORT ?? '8080';

const DEMO_CHANNEL = [
  ...['deposit', 'channel', 'add', 'testpay', '--kind', 'instant', '--gateway', 'testpsp'],
  ...['--name', 'TestPay (demo provider)', '--name-bn', 'টেস্টপে (ডেমো প্রদানকারী)'],
  ...[
    '--instructions',
    "You pay on the demo provider's page: any 11-digit wallet number and a 4–6 digit PIN. No real money moves.",
  ],
  ...['--instructions-bn', 'ডেমো প্রদানকারীর পাতায় পরিশোধ করুন: যেকোনো ১১ অঙ্কের ওয়ালেট নম্বর ও ৪–৬ অঙ্কের পিন। কোনো আসল টাকা লেনদেন হয় না।'],
  ...['--min', '100', '--max', '50000', '--order', '1', '--payout', 'ewallet'],
];

const children = new Set();

function run(file, env, stdio = 'inherit') {
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    for (const other of children) other.kill('SIGTERM');
    if (children.size === 0) process.exit(code ?? (signal ? 1 : 0));
  });
  return child;
}

// Ctrl-C reaches every process of the terminal's group, the children too: passing it on as well would be a second
// signal, which makes the server skip its graceful close. A signal sent to this process alone is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}

/** Starts the provider and answers its address: the first line it prints is `{"testPsp":"<url>"}`. */
function startDemoPsp(secret) {
  const psp = run(
    PSP,
    {
      TESTPSP_SECRETS: secret,
      TESTPSP_PORT: process.env.TESTPSP_PORT ?? '9200',
      TESTPSP_CALLBACK_URL: `http://127.0.0.1:${SERVER_PORT}/payments/testpsp/callback`,
    },
    ['ignore', 'pipe', 'inherit'],
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: psp.stdout });
    lines.once('line', (line) => {
      try {
        resolve(JSON.parse(line).testPsp);
      } catch {
        reject(new Error(`the stand-in payment provider printed "${line}" instead of its address`));
      }
      lines.on('line', (next) => console.log(next));
    });
    psp.once('exit', () => reject(new Error('the stand-in payment provider stopped before it listened')));
  });
}

/** Waits for the server's status call (the first start migrates and seeds: minutes on a slow machine). */
async function serverAnswers() {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${SERVER_PORT}/wps/system/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function addDemoChannel() {
  if (!(await serverAnswers())) return;
  const cli = spawn(process.execPath, [ADMIN, ...DEMO_CHANNEL], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [cli.stdout, cli.stderr]) stream.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => cli.on('exit', resolve));
  if (code === 0) console.log('Added the deposit channel "TestPay (demo provider)" (it also pays e-wallet withdrawals).');
  else if (!output.includes('already exists')) console.error(`Could not add the demo provider's channel: ${output.trim()}`);
}

if (process.env.DEMO_PSP === 'on') {
  const secret = randomBytes(32).toString('hex');
  const url = await startDemoPsp(secret).catch((error) => {
    console.error(error.message);
    for (const child of children) child.kill('SIGTERM');
    process.exit(1);
  });
  console.log(`Stand-in payment provider (demo money only): ${url}`);
  run(SERVER, { PSP_TESTPSP_URL: url, PSP_TESTPSP_SECRETS: secret });
  await addDemoChannel();
} else {
  run(SERVER, {});
}
