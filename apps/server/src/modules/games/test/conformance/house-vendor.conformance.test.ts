import { houseHarness } from './house-harness.js';
import { runSeamlessConformance } from './seamless-conformance.js';

runSeamlessConformance('house vendor (in process)', houseHarness, { signed: false });
