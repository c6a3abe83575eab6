// A Kysely plugin that times every query of the instance it is added to (`withPlugin`), transactions
// included: from the moment the query is handed to the executor until its rows are back. Labels are worked
// out afterwards so the measured path pays only for two clock reads.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

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

export class QueryTimer implements KyselyPlugin {
  private readonly running = new Map<QueryId, { node: RootOperationNode; startedAt: number }>();
  private readonly done: { node: RootOperationNode; ms: number }[] = [];

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.running.set(queryId, { node, startedAt: performance.now() });
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.running.get(queryId);
    if (started) {
      this.running.delete(queryId);
      this.done.push({ node: started.node, ms: performance.now() - started.startedAt });
    }
    return result;
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
