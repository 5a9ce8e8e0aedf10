import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { contentFactories, nowSeconds } from '../helpers/content.js';
import { uniqueWord } from '../helpers/expect.js';

const SLOW = 90_000;

/** The text of the elements that describe a field (its error among them). */
async function descriptionOf(page: Page, field: ReturnType<Page['getByLabel']>): Promise<string> {
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(described.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

describeInBrowser('staff write the blog and the pages in the dashboard', (t) => {
  const holder = useBrowser();
  const { createBlog, createPost, createPage } = contentFactories(t);

  it('creates a blog, writes a scheduled post with the rich-text editor, then publishes it now and finally deletes post and blog', async () => {
    const base = await listen(t);
    const w = uniqueWord();
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/blogs');
      await page.getByRole('heading', { name: 'Blogs', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New blog' }).click();
      const dialog = page.getByRole('dialog', { name: 'New blog' });
      await dialog.getByLabel('Title').fill(`Journal ${w}`);
      await expectAccessible(page, 'the new blog dialog');
      await dialog.getByRole('button', { name: 'Create blog' }).click();
      await page.getByRole('heading', { name: `Journal ${w}`, level: 1 }).waitFor();
      const blog = (await t.admin.get('/v1/blogs?per_page=250')).body.data.find((b: { title: string }) => b.title === `Journal ${w}`);
      expect(blog).toMatchObject({ permalink: `journal-${w}` });

      // A post: a title, a body with bold text and a list, scheduled for tomorrow morning.
      await page.getByRole('button', { name: 'New post' }).click();
      await page.getByRole('heading', { name: 'New post' }).waitFor();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Autumn sale ${w}`);
      const body = page.getByRole('textbox', { name: 'Body' });
      await body.click();
      await page.keyboard.type('Everything must go. ');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('Half price');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Bullet list' }).click();
      await page.keyboard.type('Hats');
      await page.getByLabel('Published on the storefront').check();
      await page.getByRole('button', { name: 'Publication date' }).click();
      await page.getByRole('button', { name: 'Tomorrow, 9:00' }).click();
      await page.keyboard.press('Escape');
      await page.getByText('Scheduled: the storefront shows it from').waitFor();
      await expectAccessible(page, 'the post editor');
      await screenshot(page, 'content-post-editor');
      await page.getByRole('button', { name: 'Create post' }).click();
      await page.getByRole('heading', { name: `Autumn sale ${w}`, level: 1 }).waitFor();

      const [post] = (await t.admin.get(`/v1/posts?blog_id=${blog.id}`)).body.data;
      expect(post).toMatchObject({
        title: `Autumn sale ${w}`,
        permalink: `autumn-sale-${w}`,
        content: '<p>Everything must go. <strong>Half price</strong></p><ul><li><p>Hats</p></li></ul>',
        is_published: true,
      });
      expect(post.published_at).toBeGreaterThan(nowSeconds());
      // Scheduled: the storefront does not have it yet.
      expect((await t.storefront.get(`/v1/posts/${post.id}`)).status).toBe(404);
      await page.getByText('Scheduled', { exact: true }).waitFor();

      // Published now: the date cleared, saved, and the storefront has it.
      await page.getByRole('button', { name: 'Clear the date' }).click();
      await page.getByRole('button', { name: 'Save post' }).click();
      await expect.poll(async () => (await t.storefront.get(`/v1/posts/${post.id}`)).status).toBe(200);
      expect((await t.admin.get(`/v1/posts/${post.id}`)).body.data.published_at).toBeLessThanOrEqual(nowSeconds());
      await page.getByText('Published', { exact: true }).waitFor();

      // The blog: refused while it has a post, said in its dialog; the post deleted, then the blog.
      await page.getByRole('link', { name: `Journal ${w}` }).click();
      await page.getByRole('table').getByRole('link', { name: `Autumn sale ${w}` }).waitFor();
      await expectAccessible(page, 'a blog with its posts');
      await screenshot(page, 'content-blog');
      await page.getByRole('button', { name: 'Delete blog' }).click();
      const refuse = page.getByRole('dialog', { name: 'Delete the blog?' });
      await refuse.getByRole('button', { name: 'Delete blog' }).click();
      await refuse.getByText('The blog still has 1 post').waitFor();
      await refuse.getByRole('button', { name: 'Keep it' }).click();

      await page.getByRole('link', { name: `Autumn sale ${w}` }).click();
      await page.getByRole('button', { name: 'Delete post' }).click();
      const confirmPost = page.getByRole('dialog', { name: 'Delete the post?' });
      await confirmPost.getByText('this cannot be undone').waitFor();
      await expectAccessible(page, 'the delete post dialog');
      await confirmPost.getByRole('button', { name: 'Delete post' }).click();
      await page.getByText('No posts in this blog yet.').waitFor();
      expect((await t.admin.get(`/v1/posts/${post.id}`)).status).toBe(404);

      await page.getByRole('button', { name: 'Delete blog' }).click();
      const confirmBlog = page.getByRole('dialog', { name: 'Delete the blog?' });
      await confirmBlog.getByText('this cannot be undone').waitFor();
      // The earlier refusal is not shown again on a new try.
      expect(await confirmBlog.getByRole('alert').count()).toBe(0);
      await confirmBlog.getByRole('button', { name: 'Delete blog' }).click();
      await page.getByRole('heading', { name: 'Blogs', level: 1 }).waitFor();
      expect((await t.admin.get(`/v1/blogs/${blog.id}`)).status).toBe(404);
    });
  }, SLOW);

  it('gives a post an uploaded image, and images in its body picked, dropped and pasted, each described', async () => {
    const base = await listen(t);
    t.files.baseUrl = `${base}/files`;
    const blog = await createBlog({ title: `Notes ${uniqueWord()}` });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/blogs/${blog.id}/posts/new`);
      await page.getByRole('heading', { name: 'New post' }).waitFor();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Our workshop');
      const picture = (x: number) => page.screenshot({ clip: { x, y: 0, width: 200, height: 120 } });

      // The post's own image, shown as the shop will show it.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload an image' }).click();
      await (await chooser).setFiles({ name: 'workshop.png', mimeType: 'image/png', buffer: await picture(0) });
      await page.getByRole('img', { name: 'The post\'s image' }).waitFor();

      // In the body: one picked with the toolbar, one dropped, one pasted.
      const body = page.getByRole('textbox', { name: 'Body' });
      await body.click();
      await page.keyboard.type('Where it is made.');
      await page.getByLabel('Image files to insert').setInputFiles({ name: 'bench-and-tools.png', mimeType: 'image/png', buffer: await picture(200) });
      await body.getByRole('img', { name: 'bench and tools' }).waitFor();
      const transfer = async (bytes: Buffer, name: string) => page.evaluateHandle(({ base64, name: fileName }) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], fileName, { type: 'image/png' }));
        return data;
      }, { base64: bytes.toString('base64'), name });
      const box = (await body.boundingBox())!;
      await body.dispatchEvent('drop', { dataTransfer: await transfer(await picture(400), 'kiln.png'), clientX: box.x + 10, clientY: box.y + 10 });
      await body.getByRole('img', { name: 'kiln' }).waitFor();
      await body.click();
      await page.keyboard.press('End');
      // Pasted as a browser pastes a copied picture: a ClipboardEvent holding the file.
      const pasted = await picture(600);
      await body.evaluate((editable, base64) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'glaze_test.png', { type: 'image/png' }));
        editable.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, pasted.toString('base64'));
      await body.getByRole('img', { name: 'glaze test' }).waitFor();

      // The pasted one described in words.
      await body.getByRole('img', { name: 'glaze test' }).click();
      await page.getByRole('button', { name: 'Describe the image' }).click();
      await page.getByLabel('Image description').fill('Six glaze tests on one tile');
      await page.getByRole('button', { name: 'Save description' }).click();
      await body.getByRole('img', { name: 'Six glaze tests on one tile' }).waitFor();
      await expectAccessible(page, 'a post with images');
      await screenshot(page, 'content-post-images');
      await page.getByRole('button', { name: 'Create post' }).click();
      await page.getByRole('heading', { name: 'Our workshop', level: 1 }).waitFor();
    });

    const [post] = (await t.admin.get(`/v1/posts?blog_id=${blog.id}`)).body.data;
    const files = (await t.admin.get('/v1/files?per_page=250')).body.data as Array<{ url: string; original_filename: string }>;
    const urlOf = (name: string) => files.find((file) => file.original_filename === name)!.url;
    expect(post.image_url).toBe(urlOf('workshop.png'));
    for (const [name, alt] of [['bench-and-tools.png', 'bench and tools'], ['kiln.png', 'kiln'], ['glaze_test.png', 'Six glaze tests on one tile']]) {
      expect(post.content).toContain(`src="${urlOf(name!)}"`);
      expect(post.content).toContain(`alt="${alt}"`);
    }
  }, SLOW);

  it('finds a page by title, shows a taken permalink beside the field and saves nothing, then creates the page, shows its sanitised body and deletes it', async () => {
    const base = await listen(t);
    const taken = await createPage({ title: `Shipping ${uniqueWord()}` });
    const before = (await t.admin.get('/v1/pages')).body.meta.pagination.total_items;
    const w = uniqueWord();
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/pages');
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      await page.getByRole('table').waitFor();
      await expectAccessible(page, 'the page list');
      await screenshot(page, 'content-pages');
      // Searched by title on the server.
      await page.getByLabel('Search pages').fill(taken.title.toUpperCase());
      await page.waitForURL(/[?&]q=/);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('link', { name: taken.title }).waitFor();

      await page.getByRole('button', { name: 'New page' }).click();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Returns ${w}`);
      const permalink = page.getByLabel('Permalink');
      await permalink.fill(taken.permalink);
      await page.getByRole('textbox', { name: 'Body' }).click();
      await page.keyboard.type('Thirty days.');
      await page.getByRole('button', { name: 'Create page' }).click();
      await expect.poll(() => permalink.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(page, permalink)).toMatch(/taken|already/i);
      await expectAccessible(page, 'a refused page');
      await screenshot(page, 'content-page-refused');
      expect((await t.admin.get('/v1/pages')).body.meta.pagination.total_items).toBe(before);

      await permalink.fill(`returns-${w}`);
      await page.getByRole('button', { name: 'Create page' }).click();
      await page.getByRole('heading', { name: `Returns ${w}`, level: 1 }).waitFor();
      const created = (await t.admin.get('/v1/pages?per_page=250')).body.data.find((p: { permalink: string }) => p.permalink === `returns-${w}`);
      expect(created).toMatchObject({ title: `Returns ${w}`, content: '<p>Thirty days.</p>', is_published: false, published_at: null });

      // A body written by another client with a script: the editor shows what the server kept.
      await t.admin.post(`/v1/pages/${created.id}`, { content: '<p>Kept</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
      await page.reload();
      await page.getByRole('textbox', { name: 'Body' }).getByText('Kept').waitFor();
      expect(await page.getByRole('textbox', { name: 'Body' }).innerHTML()).not.toMatch(/script|onerror/);

      await page.getByRole('button', { name: 'Delete page' }).click();
      await page.getByRole('dialog', { name: 'Delete the page?' }).getByRole('button', { name: 'Delete page' }).click();
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      expect((await t.admin.get(`/v1/pages/${created.id}`)).status).toBe(404);
    });
  }, SLOW);

  it('shows a read-only key the blogs, posts and pages with every write control disabled', async () => {
    const base = await listen(t);
    const blog = await createBlog();
    const post = await createPost(blog.id, { content: '<p>Read me</p>', is_published: true });
    const key = (await t.admin.post('/v1/api_keys', { name: 'Editor in training', read_only: true })).body.data.token as string;
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/blogs/${blog.id}`);
      await page.getByRole('heading', { name: blog.title, level: 1 }).waitFor();
      for (const name of ['New post', 'Delete blog', 'Save blog']) expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      await page.getByRole('link', { name: post.title }).click();
      await page.getByRole('heading', { name: post.title, level: 1 }).waitFor();
      for (const name of ['Save post', 'Delete post']) expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Title', exact: true }).getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('textbox', { name: 'Body' }).getAttribute('contenteditable')).toBe('false');
      await expectAccessible(page, 'a post for a read-only key');
      await screenshot(page, 'content-post-read-only');
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Pages' }).click();
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'New page' }).isDisabled()).toBe(true);
    });
    expect((await t.admin.get(`/v1/posts/${post.id}`)).body.data.content).toBe('<p>Read me</p>');
  }, SLOW);

  it('reaches a page from the list and its delete by keyboard in a narrow window, and Escape keeps the page', async () => {
    const base = await listen(t);
    const target = await createPage({ title: `Terms ${uniqueWord()}` });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/pages');
      const link = page.getByRole('link', { name: target.title });
      await link.waitFor();
      let focused = '';
      for (let i = 0; i < 40 && focused !== target.title; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
      }
      expect(focused).toBe(target.title);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
      for (let i = 0; i < 80 && focused !== 'Delete page'; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
      }
      expect(focused).toBe('Delete page');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete the page?' });
      await dialog.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expectAccessible(page, 'a page in a narrow window');
      await screenshot(page, 'content-page-narrow');
      // Nothing wider than the window: no sideways scrolling of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
    expect((await t.admin.get(`/v1/pages/${target.id}`)).status).toBe(200);
  }, SLOW);
}, { admin: true });
