// Where a server's CPU went: the top functions by self time and by inclusive time of a `node --cpu-prof` profile.
//   tsx bench/cpuprofile-top.ts <file.cpuprofile> [rows, default 30] [last seconds, default all]
// The last argument keeps only the profile's final seconds: the steady load, without start-up and fixtures.
// Self time is the samples whose top frame is the function; inclusive time counts a function once per sample it
// is anywhere on the stack (so recursion is not counted twice). Functions are keyed by name, file and line.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/cpuprofile-top.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const duration = profile.timeDeltas.reduce((sum, d) => sum + d, 0);
const from = lastArg ? duration - Number(lastArg) * 1e6 : 0;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${relative(process.cwd(), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
let at = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  at += micros;
  if (at < from) return;
  total += micros;
  const top = byId.get(id);
  if (!top) return;
  if (top.callFrame.functionName === '(idle)') idle += micros;
  const topLabel = label(top);
  self.set(topLabel, (self.get(topLabel) ?? 0) + micros);
  const seen = new Set<string>();
  for (let frame: number | undefined = id; frame !== undefined; frame = parent.get(frame)) {
    const node = byId.get(frame);
    if (!node) break;
    const l = label(node);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + micros);
  }
});

const busy = total - idle;
function print(title: string, table: Map<string, number>) {
  console.log(`\n${title} (% of busy time ${(busy / 1000).toFixed(0)} ms; idle ${(idle / 1000).toFixed(0)} ms)`);
  const top = [...table.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows);
  for (const [name, micros] of top) {
    console.log(`${((micros / busy) * 100).toFixed(1).padStart(6)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}
print('Self time', self);
print('Inclusive time', inclusive);
