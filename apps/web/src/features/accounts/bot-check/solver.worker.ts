// The proof of work runs here, off the main thread, with ALTCHA's own worker loop and the Web Crypto PBKDF2.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
