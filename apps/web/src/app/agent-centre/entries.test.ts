import { AGENT_CENTRE_TYPES } from '@tessera/contract/api/accounts';
import { FEATURES } from '@tessera/contract/features';
import { describe, expect, it } from 'vitest';
import { AGENT_TYPES, isAgentType } from '../../lib/agent-centre';
import { AGENT_CENTRE_ENTRIES } from './entries';

describe('the agent centre entries', () => {
  it('opens for the contract’s agent types only', () => {
    expect(AGENT_TYPES).toEqual(AGENT_CENTRE_TYPES);
    expect([1, 2, 41, 42].every(isAgentType)).toBe(true);
    expect([0, 4, 3, null].some(isAgentType)).toBe(false);
  });

  it('lists the spec’s twelve entries, the four contract entries behind their feature switches', () => {
    expect(AGENT_CENTRE_ENTRIES).toHaveLength(12);
    const switched = AGENT_CENTRE_ENTRIES.flatMap((entry) => (entry.feature === null ? [] : [entry.feature]));
    expect(switched.map((feature) => FEATURES[feature])).toEqual(['DIVIDEND', 'DAYSAL', 'HOURSAL3', 'RTSALARY3']);
  });
});
