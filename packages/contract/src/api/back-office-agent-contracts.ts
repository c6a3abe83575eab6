import { type Static, Type } from 'typebox';
import { CONTRACT_KINDS, CONTRACT_STATUSES } from '../agent-contracts.js';
import * as routes from '../routes/back-office-agent-contracts.js';
import { Contract } from './agent-contracts.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';

/** The back office's agent contracts: every contract with its status and the upline chain, and ending one. */

const TAGS = ['back-office'];
const bypassesGate = true;

export const ContractRow = Type.Object({
  ...Contract.properties,
  chain: Type.Array(Type.String(), {
    description: 'The accounts above the downline when the contract was accepted, nearest first',
  }),
});
export type ContractRow = Static<typeof ContractRow>;

export const contractList = defineCall(routes.contractList, {
  tags: TAGS,
  bypassesGate,
  summary: 'Agent contracts, newest first, by kind, status and a party’s account, paged',
  querystring: Type.Object(
    {
      kind: Type.Optional(Type.Enum(CONTRACT_KINDS)),
      status: Type.Optional(Type.Enum(CONTRACT_STATUSES)),
      account: Type.Optional(Type.String({ maxLength: 64, description: 'The upline’s or the downline’s account' })),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
      pageSize: Type.Optional(
        Type.Enum(routes.CONTRACT_LIST_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 }),
      ),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ contracts: Type.Array(ContractRow), total: Type.Integer({ minimum: 0 }) }),
});

export const contractTerminate = defineCall(routes.contractTerminate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Ends a contract at the end of its current period (an offer at once), with the downline contracts it carries; audited',
  body: Type.Object(
    { id: RowId, reason: Type.String({ minLength: 3, maxLength: 200, pattern: '\\S' }) },
    { additionalProperties: false },
  ),
  value: Type.Object({ contract: ContractRow, autoTerminated: Type.Array(Contract) }),
});
