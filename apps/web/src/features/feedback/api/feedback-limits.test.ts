import { FEEDBACK_LIMITS as CONTRACT_LIMITS } from '@tessera/contract/api/feedback';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from './submit-feedback';

describe('feedback limits', () => {
  it('are the contract limits', () => expect(FEEDBACK_LIMITS).toEqual(CONTRACT_LIMITS));
});
