import { createTestSms } from './server.js';

/**
 * `npm start -w @tessera/test-sms`: TESTSMS_TOKEN (16+ characters; the operator's SMS_HTTP_TOKEN), TESTSMS_PORT
 * (0 = any free port), TESTSMS_HOST. Prints one JSON line with its URL once it listens.
 */
const token = process.env.TESTSMS_TOKEN ?? '';
if (token.length < 16) {
  console.error('TESTSMS_TOKEN must hold at least 16 characters');
  process.exit(1);
}
const gateway = createTestSms({
  token,
  host: process.env.TESTSMS_HOST ?? '127.0.0.1',
  port: Number(process.env.TESTSMS_PORT ?? 0),
});
const url = await gateway.listen();
console.log(JSON.stringify({ testSms: url }));
const stop = () => void gateway.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
