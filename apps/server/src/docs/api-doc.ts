interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  tags?: string[];
}
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const METHOD_ORDER = ['get', 'post', 'put', 'delete', 'patch'];

/**
 * Renders docs/api.md from the OpenAPI document of the running app, so the list of calls is the route table
 * itself; a test fails when the committed file differs (`npm run docs:api` rewrites it).
 */
export function renderApiDoc(document: OpenApiDocument): string {
  const rows = Object.entries(document.paths ?? {})
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => METHOD_ORDER.includes(method))
        .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    )
    .filter(({ operation }) => !operation.tags?.includes('test'))
    .sort(
      (a, b) =>
        a.path.localeCompare(b.path) ||
        METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase()),
    );

  const authOf = (security: unknown[] | undefined) =>
    !security?.length
      ? 'none'
      : security.some((option) => Object.keys(option as object).length === 0)
        ? 'optional'
        : security.some((option) => 'staffToken' in (option as object))
          ? 'staff'
          : 'token';
  const table = rows.map(
    ({ path, method, operation }) =>
      `| ${method} | \`${path.replace(/\{(\w+)\}/g, ':$1')}\` | ${authOf(operation.security)} | ${operation.operationId ?? ''} | ${operation.summary ?? ''} |`,
  );

  return [
    '# API calls',
    '',
    '<!-- Generated from the route table by `npm run docs:api`; a test fails when this file is out of date. -->',
    '',
    'Every answer is an envelope `{ success, value, message, code }`; errors too (`value` holds field errors for',
    'invalid input). Requests carry `Merchant` (exactly one; the server default when absent), `Device`, `Language`',
    'and, on token calls, `Authorization` with the bare session token. The full schemas are in `/openapi.json`',
    '(browsable at `/docs`) and come from `packages/contract`. Back-office calls (`/bo/api/…`, auth `staff`) take a',
    "staff session token instead, never a player's, and name the permission they need in brackets.",
    '',
    '| Method | Path | Token | Operation | What it does |',
    '|---|---|---|---|---|',
    ...table,
    '',
    'Also served, outside the envelope: `GET /metrics` (Prometheus text), `GET /openapi.json`, `GET /docs` (OpenAPI UI),',
    'and the built web app for every other GET outside `/wps`, `/lgw` and `/lotto`. Unknown paths under those',
    'prefixes answer `404 route.not.found`; unknown names under `/wps/relay/` answer `404 relay.not.found`.',
    '',
  ].join('\n');
}
