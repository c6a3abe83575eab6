import { runSeamlessConformance } from './seamless-conformance.js';
import { testVendorHarness } from './test-vendor-harness.js';

runSeamlessConformance('TESTV over HTTP (apps/test-vendor)', testVendorHarness, { signed: true });
