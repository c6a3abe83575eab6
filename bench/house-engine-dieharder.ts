// Dieharder on the raw provably fair stream: the HMAC blocks of consecutive nonces (cursor 0, the block
// every round starts with), 8 big-endian 32-bit words each, piped to `dieharder -g 200` (raw stdin), one
// process per test so a time limit stops only that test.
import { spawn, spawnSync } from 'node:child_process';
import { ServerSeedKey, serverSeedFromBytes } from '@tessera/house-engine/rng/fair';

export interface DieharderTest {
  test: string;
  ntup: string;
  pValue: number | null;
  assessment: 'PASSED' | 'WEAK' | 'FAILED' | 'TIMEOUT' | 'ERROR';
  /** Wall time of the dieharder run this row came from. */
  seconds?: number;
}

export function dieharderInstalled(): boolean {
  return spawnSync('dieharder', ['-l'], { stdio: 'ignore' }).status === 0;
}

/** Raw stream in chunks of `blocks` HMAC blocks, nonce after nonce. */
function* rawStream(blocks = 4096): Generator<Buffer> {
  const serverSeed = serverSeedFromBytes(crypto.getRandomValues(new Uint8Array(32)));
  const key = new ServerSeedKey(serverSeed);
  for (let nonce = 0; ; ) {
    const chunk = Buffer.allocUnsafe(blocks * 32);
    for (let b = 0; b < blocks; b++, nonce++) chunk.set(key.mac(`dieharder:${nonce}:0`), b * 32);
    yield chunk;
  }
}

/** Runs one dieharder test (`-d id`) with `psamples` p-values, killing it after `seconds`. */
export function runDieharderTest(id: number, psamples: number, seconds: number): Promise<DieharderTest[]> {
  return new Promise((resolve) => {
    const child = spawn('dieharder', ['-g', '200', '-d', String(id), '-p', String(psamples)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.stdin.on('error', () => {
      // dieharder closes stdin when its test has read enough: expected.
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, seconds * 1000);
    const stream = rawStream();
    const pump = () => {
      while (!child.stdin.destroyed && child.stdin.writable) {
        const chunk = stream.next().value as Buffer;
        if (!child.stdin.write(chunk)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
    };
    pump();
    child.on('close', () => {
      clearTimeout(timer);
      const rows = parseDieharder(output);
      if (timedOut && rows.length === 0) resolve([{ test: `-d ${id}`, ntup: '', pValue: null, assessment: 'TIMEOUT' }]);
      else if (rows.length === 0) resolve([{ test: `-d ${id}`, ntup: '', pValue: null, assessment: 'ERROR' }]);
      else resolve(rows);
    });
  });
}

/** Result rows look like `   diehard_birthdays|   0|       100|      30|0.51234567|  PASSED  `. */
export function parseDieharder(output: string): DieharderTest[] {
  const rows: DieharderTest[] = [];
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const assessment = cells[5];
    if (cells.length === 6 && (assessment === 'PASSED' || assessment === 'WEAK' || assessment === 'FAILED')) {
      rows.push({ test: cells[0] ?? '', ntup: cells[1] ?? '', pValue: Number(cells[4]), assessment });
    }
  }
  return rows;
}
