import { expect, it } from 'vitest';
import { contentFactories } from '../../helpers/content.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Post and page bodies are HTML a storefront shows as it is: whatever client writes them, the server
// keeps only a safe allow-list, so a stolen or careless key cannot plant a script in the shop.

const ATTACKS: ReadonlyArray<[string, string, string]> = [
  ['an image with an event handler', '<p>Hi<img src=x onerror=alert(1)></p>', '<p>Hi</p>'],
  ['an event handler on an https image', '<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="A">', '<img src="https://cdn.example.com/a.png" alt="A" />'],
  ['a script', '<p>Before</p><script>alert(document.cookie)</script><p>After</p>', '<p>Before</p><p>After</p>'],
  ['a javascript: link', '<a href="javascript:alert(1)">Click</a>', '<a>Click</a>'],
  ['an obfuscated javascript: link', '<a href="  JaVaScRiPt&#58;alert(1)">Click</a>', '<a>Click</a>'],
  ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
  ['a style attribute and a style sheet', '<p style="background:url(javascript:alert(1))">Hi</p><style>body{display:none}</style>', '<p>Hi</p>'],
  ['an iframe', '<iframe src="https://evil.example.com"></iframe><p>Ok</p>', '<p>Ok</p>'],
  ['an svg with a handler', '<svg onload=alert(1)><circle r="1"/></svg><p>Ok</p>', '<p>Ok</p>'],
  ['a new window that could reach back to the shop', '<a href="https://example.com" target="_blank">Out</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">Out</a>'],
  ['a form', '<form action="https://evil.example.com"><input name="card"></form><p>Ok</p>', '<p>Ok</p>'],
];

const SAFE = [
  '<h2>Care</h2><p>Wash <strong>cold</strong>, <em>never</em> <s>hot</s> <u>warm</u>.</p>',
  '<ul><li><p>One</p></li></ul><ol><li>Two</li></ol><blockquote><p>Said</p></blockquote>',
  '<pre><code>npm start</code></pre><p>Run <code>it</code><br />now</p><hr />',
  '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">Out</a> <a href="mailto:hi@example.com">Mail</a> <a href="/pages/about">About</a></p>',
  '<img src="https://cdn.example.com/a.png" alt="A" title="T" />',
];

describeEachDatabase('content HTML sanitising', (t) => {
  const { createBlog } = contentFactories(t);

  it('strips scripts, handlers, javascript: URLs, styles and iframes from post bodies, on create and update', async () => {
    const blog = await createBlog();
    for (const [what, attack, kept] of ATTACKS) {
      const created = await t.admin.post('/v1/posts', { title: `Attack ${what}`, blog_id: blog.id, content: attack, is_published: true });
      expect(created.status, created.text).toBe(201);
      expect(created.body.data.content, what).toBe(kept);
      const row = await t.db.selectFrom('posts').select('content').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
      expect(row.content, what).toBe(kept);
      expect((await t.storefront.get(`/v1/posts/${created.body.data.id}`)).body.data.content, what).toBe(kept);

      const updated = await t.admin.post(`/v1/posts/${created.body.data.id}`, { content: `<p>New</p>${attack}` });
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body.data.content, what).toBe(`<p>New</p>${kept}`);
      expect((await t.admin.get(`/v1/posts/${created.body.data.id}`)).body.data.content, what).toBe(`<p>New</p>${kept}`);
    }
  });

  it('strips the same from page bodies, on create and update', async () => {
    for (const [what, attack, kept] of ATTACKS) {
      const created = await t.admin.post('/v1/pages', { title: `Attack ${what}`, content: attack });
      expect(created.status, created.text).toBe(201);
      expect(created.body.data.content, what).toBe(kept);
      const row = await t.db.selectFrom('pages').select('content').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
      expect(row.content, what).toBe(kept);

      const updated = await t.admin.post(`/v1/pages/${created.body.data.id}`, { content: `${attack}<p>New</p>` });
      expect(updated.status, updated.text).toBe(200);
      expect((await t.admin.get(`/v1/pages/${created.body.data.id}`)).body.data.content, what).toBe(`${kept}<p>New</p>`);
    }
  });

  it('keeps the allowed markup as written, so saving a body again changes nothing', async () => {
    const blog = await createBlog();
    for (const html of SAFE) {
      const post = await t.admin.post('/v1/posts', { title: 'Safe', blog_id: blog.id, content: html });
      expect(post.body.data.content).toBe(html);
      const page = await t.admin.post('/v1/pages', { title: 'Safe', content: html });
      expect(page.body.data.content).toBe(html);
      const again = await t.admin.post(`/v1/pages/${page.body.data.id}`, { content: page.body.data.content });
      expect(again.body.data.content).toBe(html);
    }
  });

  it('keeps text that merely looks like markup as text, and null as null', async () => {
    const page = await t.admin.post('/v1/pages', { title: 'Text', content: '5 < 6 & "quotes"' });
    expect(page.body.data.content).toBe('5 &lt; 6 &amp; "quotes"');
    const cleared = await t.admin.post(`/v1/pages/${page.body.data.id}`, { content: null });
    expect(cleared.body.data.content).toBeNull();
  });
});
