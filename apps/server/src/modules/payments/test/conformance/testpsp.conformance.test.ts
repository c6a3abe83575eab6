import { runGatewayConformance } from './gateway-conformance.js';
import { testPspHarness } from './testpsp-harness.js';

runGatewayConformance('TESTPSP over HTTP (apps/test-psp)', testPspHarness);
