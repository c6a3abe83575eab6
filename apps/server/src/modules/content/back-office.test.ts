import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff } from '../staff/test/kit.js';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('the back office content calls', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await enrolledStaff(t.app, t.services, 'writer', 'content')).token;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, payload, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json() };
  };
  const playerNotices = async (language = 'en') => {
    const response = await t.app.inject({ url: '/wps/relay/MCSFE_getNoticeList?pageNo=1&pageSize=50', headers: { language } });
    return (response.json().value.content as { id: string; title: string }[]).map((notice) => notice.title);
  };
  const notice = (title: string, extra: object = {}) => ({
    type: 'PL',
    texts: { en: { title, content: '<p>Body</p><script>alert(1)</script>' }, bn: { title: `${title} (bn)`, content: '' } },
    ...extra,
  });

  it('creates a notice the player site shows at once, edits it, and records both in the audit log', async () => {
    const created = await call('POST', '/bo/api/content', notice('Cup final tonight'));
    expect(created.status).toBe(200);
    const id: string = created.body.value.id;
    expect(await playerNotices()).toContain('Cup final tonight');

    const edited = await call('PUT', '/bo/api/content', { id, announcement: notice('Cup final moved to Sunday') });
    expect(edited.status).toBe(200);
    const titles = await playerNotices();
    expect(titles).toContain('Cup final moved to Sunday');
    expect(titles).not.toContain('Cup final tonight');
    expect(await playerNotices('bn')).toContain('Cup final moved to Sunday (bn)');

    const listed = await call('GET', '/bo/api/content?type=PL&search=moved');
    expect(listed.body.value.total).toBe(1);
    expect(listed.body.value.items[0]).toMatchObject({ id, state: 'live', updatedBy: 'staff:writer' });
    expect(listed.body.value.items[0].texts.en.content).toBe('<p>Body</p>');

    const audit = await t.services.auditLog.page({ action: 'content.' }, 0, 10);
    const update = audit.entries.find((entry) => entry.action === 'content.update' && entry.target === `announcement ${id}`);
    expect(update).toMatchObject({ actor: 'writer', actorKind: 'staff', ip: '127.0.0.1' });
    expect(update?.before).toMatchObject({ texts: { en: { title: 'Cup final tonight' } } });
    expect(update?.after).toMatchObject({ texts: { en: { title: 'Cup final moved to Sunday' } } });
  });

  it('schedules a notice: listed as scheduled, not shown before its start', async () => {
    const created = await call('POST', '/bo/api/content', notice('Next week only', { startTime: iso(HOUR) }));
    const listed = await call('GET', '/bo/api/content?state=scheduled');
    expect(listed.body.value.items.map((item: { id: string }) => item.id)).toContain(created.body.value.id);
    expect(await playerNotices()).not.toContain('Next week only');
  });

  it('refuses what the CLI refuses, naming the fields to fix, and stores nothing', async () => {
    const before = (await call('GET', '/bo/api/content')).body.value.total;
    const refused = await call(
      'POST',
      '/bo/api/content',
      notice('Backwards', { type: 'B', startTime: iso(HOUR), endTime: iso(0), linkageType: 'url', link: 'http://x.test' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('content.rejected');
    expect(refused.body.value.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'body/endTime',
      'body/image',
      'body/link',
    ]);
    expect((await call('GET', '/bo/api/content')).body.value.total).toBe(before);
  });

  it("ends and removes a notice; another merchant's id is refused", async () => {
    const id: string = (await call('POST', '/bo/api/content', notice('Short lived'))).body.value.id;
    expect((await call('POST', '/bo/api/content/end', { id })).status).toBe(200);
    expect(await playerNotices()).not.toContain('Short lived');
    expect((await call('GET', '/bo/api/content?state=ended&search=Short')).body.value.items[0].id).toBe(id);
    expect((await call('POST', '/bo/api/content/remove', { id })).status).toBe(200);
    expect((await call('GET', '/bo/api/content?search=Short')).body.value.total).toBe(0);
    const again = await call('POST', '/bo/api/content/remove', { id });
    expect([again.status, again.body.code]).toEqual([400, 'content.rejected']);
  });

  it('pages and exports the filtered list as CSV, with its titles in every language', async () => {
    await call('POST', '/bo/api/content', notice('=HYPERLINK("x")'));
    const page = await call('GET', '/bo/api/content?pageSize=25&page=1&sort=start-asc');
    expect(page.body.value.items.length).toBe(Math.min(25, page.body.value.total));
    const exported = await call('GET', '/bo/api/content/export?search=HYPERLINK');
    expect(exported.body.value.rows).toBe(1);
    expect(exported.body.value.csv.split('\n')[0]).toBe(
      'id,type,state,platform,start,end,sort,titles,image,link,updated,updated_by',
    );
    expect(exported.body.value.csv).toContain('en: =HYPERLINK(""x"")');
  });

  it('saves help-centre articles through the settings validation, sanitising their HTML', async () => {
    const article = {
      id: 'deposits',
      titleKey: '',
      title: { en: 'Deposits' },
      content: { en: '<p>How</p><img src=x onerror=alert(1)>' },
    };
    const saved = await call('PUT', '/bo/api/help-centre', { articles: [article] });
    expect(saved.status).toBe(200);
    const site = await t.app.inject({ url: '/wps/system/helpCenter' });
    expect(site.json().value).toEqual([{ ...article, content: { en: expect.not.stringContaining('onerror') } }]);
    const read = await call('GET', '/bo/api/help-centre');
    expect(read.body.value[0].title.en).toBe('Deposits');
  });

  it('previews HTML as saving would store it, saving nothing', async () => {
    const before = (await call('GET', '/bo/api/content')).body.value.total;
    const preview = await call('POST', '/bo/api/content/preview', { html: '<p>Hi <b>there</b></p><img src=x onerror=alert(1)>' });
    expect(preview.status).toBe(200);
    expect(preview.body.value.html).toBe('<p>Hi <b>there</b></p><img src="x" />');
    expect((await call('GET', '/bo/api/content')).body.value.total).toBe(before);
    expect((await call('POST', '/bo/api/content/preview', { html: 'x'.repeat(20_001) })).status).toBe(400);
  });
});
