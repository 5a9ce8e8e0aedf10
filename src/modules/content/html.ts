import sanitizeHtml from 'sanitize-html';

// Storefronts show a post's or a page's body as HTML, so the server keeps only markup that cannot
// run code, whichever client wrote it: an allow-list, not a block-list, so new tricks fail closed.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'a', 'img', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // A link keeps http, https, mailto or a relative path; anything else (javascript:, data:) loses its href.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // An image must name an absolute http(s) source: one without (or with a relative one) goes.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https?:\/\//i.test(frame.attribs.src ?? ''),
  // A link that opens another window must not hand that window a way back to the shop's page.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === undefined ? attribs : { ...attribs, rel: withNoOpener(attribs.rel) } }),
  },
  // Scripts, styles and the like go with their text; other refused tags leave their text.
  disallowedTagsMode: 'discard',
};

/** `rel` with noopener and noreferrer among its words (kept as they are when present, so a second pass changes nothing). */
function withNoOpener(rel: string | undefined): string {
  const words = (rel ?? '').split(/\s+/).filter(Boolean);
  for (const word of ['noopener', 'noreferrer']) if (!words.includes(word)) words.push(word);
  return words.join(' ');
}

/** An HTML body as the server stores it: only the allowed tags, attributes and URL schemes (docs/api.md, "Content"). */
export function sanitizeContent(html: string): string;
export function sanitizeContent(html: string | null): string | null;
export function sanitizeContent(html: string | null): string | null {
  return html === null ? null : sanitizeHtml(html, OPTIONS);
}
