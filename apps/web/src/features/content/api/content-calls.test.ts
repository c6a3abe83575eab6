import { NOTICES_PER_PAGE as CONTRACT_PER_PAGE, getListAnnouncements, getNoticeList } from '@tessera/contract/api/content';
import { submitFeedback } from '@tessera/contract/api/feedback';
import { describe, expect, it } from 'vitest';
import { feedbackCall } from '../../feedback/api/submit-feedback';
import { announcementsCall } from './get-announcements';
import { NOTICES_PER_PAGE, noticeListCall } from './get-notice-list';

describe('content call targets match the contract', () => {
  it('announcements', () =>
    expect(announcementsCall).toEqual({ method: getListAnnouncements.method, path: getListAnnouncements.path }));
  it('notice list', () => expect(noticeListCall).toEqual({ method: getNoticeList.method, path: getNoticeList.path }));
  it('notices per page', () => expect(NOTICES_PER_PAGE).toBe(CONTRACT_PER_PAGE));
  it('feedback', () => expect(feedbackCall).toEqual({ method: submitFeedback.method, path: submitFeedback.path }));
});
