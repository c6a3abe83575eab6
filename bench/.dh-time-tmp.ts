import { runDieharderTest } from './house-engine-dieharder.js';
const ids = [0, 1, 3, 4, 8, 10, 11, 12, 15, 100, 101, 102];
const t0 = performance.now();
for (const id of ids) {
  const t = performance.now();
  const rows = await runDieharderTest(id, 30, 180);
  console.log(`-d ${id} ${Math.round((performance.now() - t) / 1000)} s ${rows.map((r) => r.assessment).join(',')}`);
}
console.log(`total ${Math.round((performance.now() - t0) / 1000)} s`);
