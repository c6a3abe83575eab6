import sanitizeHtml from 'sanitize-html';

/**
 * Operator HTML is sanitised when it is written, so what the database holds is safe for any client (the web
 * app sanitises again when it renders: neither layer trusts the other). An allow-list: formatting, lists,
 * tables, links and images survive; scripts, styles, frames, forms, event handlers and javascript:/data: URLs
 * do not.
 */
const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sup',
    'sub',
    'mark',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['id', 'lang', 'dir'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whole elements whose text would be meaningless (or dangerous) once the tag is gone.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
      const { target: _target, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

export function sanitiseContent(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS).trim();
}

/**
 * Titles are plain text. Tags go, and so do angle brackets (a title never needs them), so even a client that
 * wrongly inserts a title as HTML cannot be made to open a tag; `&` and quotes come back as plain characters.
 */
export function sanitiseTitle(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, nonTextTags: CONTENT_OPTIONS.nonTextTags })
    .replace(/&lt;|&gt;/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
