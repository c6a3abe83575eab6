import { createTestMail } from './server.js';

/**
 * `npm start -w @tessera/test-mail`: TESTMAIL_SMTP_PORT and TESTMAIL_HTTP_PORT (0 = any free port), TESTMAIL_HOST.
 * Prints one JSON line with its SMTP and control URLs once both listen.
 */
const mail = createTestMail({
  host: process.env.TESTMAIL_HOST ?? '127.0.0.1',
  smtpPort: Number(process.env.TESTMAIL_SMTP_PORT ?? 0),
  httpPort: Number(process.env.TESTMAIL_HTTP_PORT ?? 0),
});
const { smtpUrl, controlUrl } = await mail.listen();
console.log(JSON.stringify({ testMailSmtp: smtpUrl, testMail: controlUrl }));
const stop = () => void mail.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
