import sanitizeHtml from 'sanitize-html';

/**
 * HTML written by staff (a product's or collection's description, a post, a page) shown as markup.
 * The API cleans posts and pages but keeps catalogue descriptions as sent, so the shop cleans every
 * one itself with sanitize-html's defaults: no script, no event handler, no javascript: link.
 */
export function RichText({ html }: { html: string | null | undefined }) {
  if (!html) return null;
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
