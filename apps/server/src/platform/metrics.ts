import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { isAllowedAddress, type NetworkAllowList } from './network-allow-list.js';

/**
 * Prometheus metrics at /metrics: request counts and latency per route pattern (never the raw URL, so path
 * parameters cannot explode the label set), plus the process defaults. One registry per app instance.
 */
export function installMetrics(app: FastifyInstance, allow: NetworkAllowList) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? (request.is404 ? 'unmatched' : 'unknown'),
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // Outside the allowed networks the endpoint is not there: the answer is the same 404 as any unknown path.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isAllowedAddress(allow, request.ip)) return reply.callNotFound();
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
