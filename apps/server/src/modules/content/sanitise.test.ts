import { describe, expect, it } from 'vitest';
import { DEMO_HELP_CENTER } from './demo-help-center.js';
import { sanitiseContent, sanitiseTitle } from './sanitise.js';

describe('sanitiseContent', () => {
  it('removes scripts, styles, frames, forms and their contents', () => {
    expect(
      sanitiseContent(
        '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.example">frame</iframe><object data="x"></object><form action="/x"><input name="p"></form><p>b</p>',
      ),
    ).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handlers and inline styles but keeps the element', () => {
    expect(sanitiseContent('<p onclick="x()" style="position:fixed" onmouseover="y()">text</p>')).toBe('<p>text</p>');
    expect(sanitiseContent('<img src="https://cdn.example/a.png" onerror="alert(1)" alt="a">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" />',
    );
  });

  it('drops javascript:, data: and protocol-relative URLs, whatever their spelling', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,x',
      '//evil.example',
    ]) {
      expect(sanitiseContent(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitiseContent('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img />');
  });

  it('keeps formatting, lists, tables, safe links and adds rel to new-tab links', () => {
    const html =
      '<h3>Title</h3><p><strong>b</strong> <em>i</em> <u>u</u> <a href="/help#terms">terms</a> <a href="mailto:s@x.example">mail</a></p><ol><li>one</li></ol><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';
    expect(sanitiseContent(html)).toBe(html);
    expect(sanitiseContent('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('leaves the seeded help centre exactly as written (it is already clean)', () => {
    for (const item of DEMO_HELP_CENTER) {
      for (const html of Object.values(item.content)) expect(sanitiseContent(html), item.id).toBe(html.trim());
    }
  });
});

describe('sanitiseTitle', () => {
  it('keeps plain text, removes tags and angle brackets, decodes & and quotes', () => {
    expect(sanitiseTitle('Win <b>big</b> & "fast"')).toBe('Win big & "fast"');
    expect(sanitiseTitle('<script>alert(1)</script>Notice')).toBe('Notice');
    expect(sanitiseTitle('&lt;img src=x onerror=alert(1)&gt;')).toBe('img src=x onerror=alert(1)');
    expect(sanitiseTitle('  two\n lines  ')).toBe('two lines');
  });
});
