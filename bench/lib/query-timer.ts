// Times every statement of a database connection (`connectDb(target, { log: timer.log })`), transactions and
// precompiled statements (`executeQuery(CompiledQuery.raw(…))`, as the spin's and the transfer's are sent)
// included: Kysely reports each statement's round trip on its connection, from send to rows back (the wait for a
// pooled connection is not in it). Labels are worked out afterwards, so the measured path pays for one push.
import type { LogEvent, OperationNode } from 'kysely';

const VERBS: Record<string, string> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
};

/** The first node `pick` recognises, depth first (FROM / INTO / UPDATE come before joins and sub-queries). */
function find<T>(node: unknown, pick: (node: { kind?: unknown }) => T | undefined): T | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const picked = pick(node as { kind?: unknown });
  if (picked !== undefined) return picked;
  for (const value of Object.values(node)) {
    const found = Array.isArray(value) ? value.map((v) => find(v, pick)).find((v) => v !== undefined) : find(value, pick);
    if (found !== undefined) return found;
  }
  return undefined;
}

const tableName = (node: { kind?: unknown; table?: { identifier?: { name?: string } } }) =>
  node.kind === 'TableNode' ? node.table?.identifier?.name : undefined;
const forUpdate = (node: { kind?: unknown; modifier?: unknown }) =>
  node.kind === 'SelectModifierNode' && node.modifier === 'ForUpdate' ? true : undefined;

interface Raw {
  kind: 'RawNode';
  sqlFragments: readonly string[];
  parameters: readonly { kind: string }[];
}

/** A raw statement's text with nested raw parts spelled out and values as `?`. */
function rawText(node: Raw): string {
  return node.sqlFragments
    .map((fragment, i) => {
      const parameter = node.parameters[i];
      if (!parameter) return fragment;
      return fragment + (parameter.kind === 'RawNode' ? rawText(parameter as Raw) : '?');
    })
    .join('');
}

/** `SELECT house_seeds FOR UPDATE`, `INSERT ledger_entries`, or a raw statement's opening words. */
export function labelOf(node: OperationNode): string {
  if (node.kind === 'RawNode') {
    const text = rawText(node as unknown as Raw)
      .replace(/\s+/g, ' ')
      .trim();
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  }
  const locks = find(node, forUpdate) ? ' FOR UPDATE' : '';
  return `${VERBS[node.kind] ?? node.kind} ${find(node, tableName) ?? '?'}${locks}`;
}

export class QueryTimer {
  private done: { node: OperationNode; ms: number }[] = [];
  private recording = false;

  /** Kysely's `log` hook: statements are kept only between `start` and `stop`. */
  readonly log = (event: LogEvent): void => {
    if (this.recording && event.level === 'query') this.done.push({ node: event.query.query, ms: event.queryDurationMillis });
  };

  /** Forgets what was timed before and times from now on. */
  start(): void {
    this.done = [];
    this.recording = true;
  }

  stop(): void {
    this.recording = false;
  }

  /** Count and total milliseconds per query label, the costliest first. */
  summary(): { label: string; count: number; totalMs: number }[] {
    const byLabel = new Map<string, { label: string; count: number; totalMs: number }>();
    for (const { node, ms } of this.done) {
      const label = labelOf(node);
      const entry = byLabel.get(label) ?? { label, count: 0, totalMs: 0 };
      entry.count += 1;
      entry.totalMs += ms;
      byLabel.set(label, entry);
    }
    return [...byLabel.values()].sort((a, b) => b.totalMs - a.totalMs);
  }
}
