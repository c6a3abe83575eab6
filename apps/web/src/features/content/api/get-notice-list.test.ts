import { NOTICES_PER_PAGE as CONTRACT_PER_PAGE } from '@tessera/contract/api/content';
import { expect, it } from 'vitest';
import { NOTICES_PER_PAGE } from './get-notice-list';

it('asks as many notices a page as the contract', () => expect(NOTICES_PER_PAGE).toBe(CONTRACT_PER_PAGE));
