import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { newArticle } from "./articles.ts";
import { expectAccessible } from "./axe.ts";
import { expect, failedResource, t, test, waitForHydration, type AppServer } from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * What an editor does to an article after writing it, and what a visitor then sees (issue 16):
 * the private preview link (a visitor without an account reads the draft, noindex; a made-up
 * token is a 404; it ends when the translation is published, so a later draft never reaches it;
 * a new link shares a held-aside change and follows its discard, and retires the link before it;
 * the editor says until when it works), taking an article off the site (gone from the blog, its address, the sitemap and the
 * feed), the history (compare a revision word by word, restore it, the visitor reads it again),
 * refused cover uploads (a clear message, nothing changed) and a real photo of a few megabytes
 * accepted, an admin making a user an editor through /admin/users, and the home page's FAQ and
 * testimonials added, edited and hidden. Axe on each screen state content.spec.ts does not reach.
 *
 * Each test writes an article or items of its own, under names no other test uses, so the tests
 * run in parallel, in any order, on the workers' servers beside other specs.
 */

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A browser with no session, as a visitor arrives; errors in its console fail the test. */
async function visitorPage(browser: Browser, allowed: RegExp[] = []) {
  const context = await browser.newContext();
  const errors: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  context.on("weberror", (error) => errors.push(error.error().message));
  const page = await context.newPage();
  return {
    page,
    async close() {
      await context.close();
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors in the visitor's browser").toEqual([]);
    },
  };
}

const body = (page: Page) => page.getByRole("textbox", { name: en("admin.blog.fields.body") });
const status = (page: Page) => page.getByRole("status").first();

/** Replaces the body with these paragraphs and waits for the autosave to have stored them. */
async function writeBody(page: Page, paragraphs: string[]) {
  await body(page).click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  for (const [index, paragraph] of paragraphs.entries()) {
    if (index) await page.keyboard.press("Enter");
    await page.keyboard.type(paragraph);
  }
  await expectSaved(page);
}

async function expectSaved(page: Page) {
  await expect(status(page)).toContainText(en("admin.blog.status.savedAt", { time: "" }).trim(), {
    timeout: paced(10_000),
  });
}

/** What publishing needs besides a title and a body. */
async function fillListing(page: Page, word: string) {
  await page.getByLabel(en("admin.blog.fields.category")).fill("Routine");
  await page.getByLabel(en("admin.blog.fields.excerpt")).fill(`A short summary about ${word}.`);
  await page
    .getByLabel(en("admin.blog.fields.description"))
    .fill(`What search engines show about ${word}.`);
}

async function publish(page: Page, state: "publishNow" | "update" = "publishNow") {
  await page.getByRole("button", { name: en(`admin.blog.${state}`) }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.published"));
}

/** A published English article; returns its editor's address and its public one. */
async function publishedArticle(page: Page, app: AppServer, title: string, paragraphs: string[]) {
  const editor = await newArticle(page, app, title);
  await fillListing(page, title);
  await writeBody(page, paragraphs);
  const slug = await page.getByLabel(en("admin.blog.fields.slug")).inputValue();
  await publish(page);
  return { editor, slug, url: `${app.origin}/blog/${slug}?lang=en` };
}

/**
 * Holds the editor's next autosave on its way, as a slow connection does: the request itself
 * (the server gets it when released) or only its answer (the server has it at once). `seen`
 * settles when the autosave is sent, `delivered` once the server has answered it.
 */
async function holdNextAutosave(page: Page, editor: string, hold: "request" | "answer") {
  const deferred = () => {
    let settle: () => void = () => {};
    const promise = new Promise<void>((resolve) => (settle = resolve));
    return { promise, settle };
  };
  const seen = deferred();
  const released = deferred();
  const delivered = deferred();
  let held = false;
  await page.route(`${editor}*`, async (route) => {
    const post = route.request();
    if (held || post.method() !== "POST" || !post.postData()?.includes("intent=save")) {
      return route.fallback();
    }
    held = true;
    if (hold === "request") {
      seen.settle();
      await released.promise;
    }
    const response = await route.fetch();
    delivered.settle();
    if (hold === "answer") {
      seen.settle();
      await released.promise;
    }
    // A page that has given the request up (a later submission) has nobody left to answer.
    await route.fulfill({ response }).catch(() => {});
  });
  return {
    seen: seen.promise,
    delivered: delivered.promise,
    release: released.settle,
    stop: () => page.unroute(`${editor}*`),
  };
}

test("a private preview link shows the draft to a visitor without an account, noindex, until it is published or replaced", async ({
  app,
  page,
  browser,
  request,
}) => {
  test.setTimeout(paced(120_000));
  await app.signIn(page, "editor");
  const id = unique();
  const title = `Harbour notes ${id}`;
  const editor = await newArticle(page, app, title);
  await fillListing(page, title);
  await writeBody(page, ["The tide comes in twice a day."]);
  const slug = await page.getByLabel(en("admin.blog.fields.slug")).inputValue();

  // She types and asks for the link at once: what she shares is what is on her screen.
  await body(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Fishermen know the hour.");
  await page.getByRole("button", { name: en("admin.blog.previewLink") }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.preview-link"));
  // Shown whole, as she sends it (blog-preview.spec.ts checks the address and its buttons).
  const link = page.getByLabel(en("admin.blog.privateLink.label"));
  const pathOf = async () => new URL(await link.inputValue()).pathname;
  const path = await pathOf();
  expect(path).toMatch(/^\/blog\/preview\/[\w-]{32}$/);
  // The editor says until when it works: 14 days, in Brasília time.
  const expiresPrefix = en("admin.blog.previewLinkExpires", { when: "§" }).split("§")[0]!;
  await expect(page.getByText(expiresPrefix)).toContainText("(Brasília time)");
  await expectAccessible(page, "the editor with a preview link ready");

  const visitor = await visitorPage(browser, [failedResource(404)]);
  const answer = await visitor.page.goto(`${app.origin}${path}`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  expect(answer?.headers()["cache-control"]).toContain("no-store");
  await expect(visitor.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.page.getByRole("article")).toContainText(
    "The tide comes in twice a day. Fishermen know the hour.",
  );
  await expect(visitor.page.getByRole("note")).toHaveText(en("admin.blog.previewNotice"));
  await waitForHydration(visitor.page);
  await expectAccessible(visitor.page, "the shared preview");
  // The draft itself is not public, and a token nobody was given opens nothing.
  expect((await request.get(`${app.origin}/blog/${slug}?lang=en`)).status()).toBe(404);
  const madeUp = await visitor.page.goto(`${app.origin}/blog/preview/${"A".repeat(32)}`);
  expect(madeUp?.status()).toBe(404);
  expect(madeUp?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(
    en("blog.postNotFoundTitle"),
  );
  await expectAccessible(visitor.page, "a made-up preview link");
  expect((await request.get(`${app.origin}/blog/preview/short`)).status()).toBe(404);

  // Published: the link has done its work and ends; the article is on the site.
  await publish(page);
  const afterPublication = await visitor.page.goto(`${app.origin}${path}`);
  expect(afterPublication?.status()).toBe(404);
  expect(afterPublication?.headers()["x-robots-tag"]).toBe("noindex");
  expect(afterPublication?.headers()["cache-control"]).toContain("no-store");
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(
    en("blog.postNotFoundTitle"),
  );
  expect((await request.get(`${app.origin}/blog/${slug}?lang=en`)).status()).toBe(200);
  await expect(page.getByText(expiresPrefix)).toHaveCount(0);

  // A change held aside after publication never reaches the old link, nor the public page.
  await writeBody(page, ["The tide comes in twice a day.", "Storm warning for the weekend."]);
  const held = await request.get(`${app.origin}${path}`);
  expect(held.status()).toBe(404);
  expect(await held.text()).not.toContain("Storm warning");
  expect(await (await request.get(`${app.origin}/blog/${slug}?lang=en`)).text()).not.toContain(
    "Storm warning",
  );
  // A new link, made on purpose, shares it; discarded, the link shows the live text again.
  await page.getByRole("button", { name: en("admin.blog.previewLink") }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.preview-link"));
  const sharedPath = await pathOf();
  expect(sharedPath).not.toBe(path);
  await visitor.page.goto(`${app.origin}${sharedPath}`);
  await expect(visitor.page.getByRole("article")).toContainText("Storm warning for the weekend.");
  await page.getByRole("button", { name: en("admin.blog.discard") }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.discarded"));
  await visitor.page.goto(`${app.origin}${sharedPath}`);
  await expect(visitor.page.getByRole("article")).toContainText("Fishermen know the hour.");
  await expect(visitor.page.getByRole("article")).not.toContainText("Storm warning");
  // The editor shows the live text again, not what was discarded.
  await expect(body(page)).not.toContainText("Storm warning");
  await page.goto(editor);
  await expect(body(page)).not.toContainText("Storm warning");

  // A new link retires the old one.
  await waitForHydration(page);
  await page.getByRole("button", { name: en("admin.blog.previewLink") }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.preview-link"));
  const newPath = await pathOf();
  expect(newPath).not.toBe(sharedPath);
  expect((await request.get(`${app.origin}${sharedPath}`)).status()).toBe(404);
  expect((await request.get(`${app.origin}${newPath}`)).status()).toBe(200);
  await visitor.close();
});

test("an article taken off the site leaves the blog, its address and the sitemap", async ({
  app,
  page,
  browser,
  request,
}) => {
  test.setTimeout(paced(60_000));
  await app.signIn(page, "editor");
  const title = `Quiet season ${unique()}`;
  const { slug, url } = await publishedArticle(page, app, title, ["Winter is for planning."]);
  const visitor = await visitorPage(browser, [failedResource(404)]);
  // Seen by a visitor first, so a page kept for the next one would show the change late.
  await visitor.page.goto(`${app.origin}/blog?lang=en`);
  await expect(visitor.page.getByRole("link", { name: title })).toBeVisible();
  expect((await visitor.page.goto(url))?.status()).toBe(200);
  const address = new RegExp(`<loc>[^<]*/blog/${slug}\\?lang=en</loc>`);
  expect(await (await request.get(`${app.origin}/sitemap.xml`)).text()).toMatch(address);

  // She adds a line and takes it off at once: the line is kept in the draft, not lost.
  await body(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Spring comes back.");
  await page.getByRole("button", { name: en("admin.blog.unpublish") }).click();
  await expect(status(page)).toHaveText(en("admin.blog.done.unpublished"));
  await expect(page.getByRole("button", { name: en("admin.blog.publishNow") })).toBeVisible();
  await expectAccessible(page, "the editor of an article just taken off the site");
  await page.reload();
  await expect(body(page)).toHaveText("Winter is for planning. Spring comes back.");

  await visitor.page.goto(`${app.origin}/blog?lang=en`);
  await expect(visitor.page.locator("main")).not.toContainText(title);
  const gone = await visitor.page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(
    en("blog.postNotFoundTitle"),
  );
  expect(await (await request.get(`${app.origin}/sitemap.xml`)).text()).not.toMatch(address);
  expect(await (await request.get(`${app.origin}/blog/feed.xml?lang=en`)).text()).not.toContain(
    title,
  );
  await visitor.close();
});

test("an autosave that reaches the server after Publish does not bring older text back", async ({
  app,
  page,
  request,
  browserErrors,
}) => {
  test.setTimeout(paced(90_000));
  // The held autosave is given up by the page when Publish goes: the browser reports it.
  browserErrors.allow(/Failed to fetch|aborted|net::ERR_/i);
  await app.signIn(page, "editor");
  const title = `Late tide ${unique()}`;
  const editor = await newArticle(page, app, title);
  await fillListing(page, title);
  await writeBody(page, ["The first boat leaves at dawn."]);

  // The next autosave is held on its way; the server gets it after Publish.
  const autosave = await holdNextAutosave(page, editor, "request");
  await body(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" The second at noon.");
  await autosave.seen;
  await page.keyboard.type(" The last at dusk.");
  await publish(page);
  autosave.release();
  await autosave.delivered;

  const everything = "The first boat leaves at dawn. The second at noon. The last at dusk.";
  await autosave.stop();
  await page.goto(editor);
  await expect(body(page)).toHaveText(everything);
  await expect(page.getByText(en("admin.blog.pendingNotice"))).toHaveCount(0);
  const slug = await page.getByLabel(en("admin.blog.fields.slug")).inputValue();
  expect(await (await request.get(`${app.origin}/blog/${slug}?lang=en`)).text()).toContain(
    everything,
  );
});

test("words typed while an autosave is on its way stay in the form when its answer comes back", async ({
  app,
  page,
}) => {
  test.setTimeout(paced(60_000));
  await app.signIn(page, "editor");
  const editor = await newArticle(page, app, `Slow answer ${unique()}`);
  await writeBody(page, ["The harbour wakes up."]);

  // The next autosave reaches the server at once, but its answer is held until she has typed
  // more.
  const autosave = await holdNextAutosave(page, editor, "answer");
  await body(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Gulls circle.");
  await autosave.seen;
  await page.keyboard.type(" Nets are mended.");
  // The answer arrives, and the page's data is read again: the text saved a moment ago, without
  // her last words.
  autosave.release();
  await expectSaved(page);
  await autosave.stop();
  await page.reload();
  await expect(body(page)).toHaveText("The harbour wakes up. Gulls circle. Nets are mended.");
});

test("history: two updates, a revision compared word by word and restored, the visitor reads it", async ({
  app,
  page,
  request,
}) => {
  test.setTimeout(paced(120_000));
  await app.signIn(page, "editor");
  const title = `Tide table ${unique()}`;
  const first = "The tide rises slowly over the harbour.";
  const { editor, url } = await publishedArticle(page, app, title, [first]);

  await writeBody(page, ["The tide rises quickly over the harbour."]);
  await publish(page, "update");
  await writeBody(page, ["The tide rises quickly over the harbour.", "Boats return at noon."]);
  await publish(page, "update");
  expect(await (await request.get(url)).text()).toContain("Boats return at noon.");

  await page.getByRole("link", { name: en("admin.blog.history") }).click();
  await expect(page).toHaveURL(`${editor}/history`);
  const revisions = page.getByRole("region", { name: en("admin.blog.revisions") });
  // One per publication, newest first.
  await expect(revisions.getByRole("listitem")).toHaveCount(3);
  await revisions
    .getByRole("link", { name: en("admin.blog.compare") })
    .last()
    .click();
  await expect(page).toHaveURL(/\/history\?compare=\d+$/);
  const compare = page.locator("section[aria-labelledby='compare-title']");
  await expect(compare.locator("del")).toHaveText(["slowly"]);
  await expect(compare.locator("ins")).toContainText(["quickly", "Boats return at noon."]);
  await waitForHydration(page);
  await expectAccessible(page, "a revision compared with the text now");

  await compare.getByRole("button", { name: en("admin.blog.restore") }).click();
  await expect(page).toHaveURL(`${editor}?restored=1`);
  await expect(body(page)).toHaveText(first);
  await expect(page.getByText(en("admin.blog.pendingNotice"))).toBeVisible();
  // Restored is the working copy: the site keeps the live text until she updates it.
  expect(await (await request.get(url)).text()).toContain("Boats return at noon.");
  await waitForHydration(page);
  await publish(page, "update");
  const live = await (await request.get(url)).text();
  expect(live).toContain(first);
  expect(live).not.toContain("Boats return at noon.");
});

test("a cover that is not a picture, or too large, is refused with a clear message; a real photo of megabytes is taken", async ({
  app,
  page,
  browserErrors,
}) => {
  test.setTimeout(paced(120_000));
  // A refused upload is answered 422, which the browser reports in its console.
  browserErrors.allow(failedResource(422));
  await app.signIn(page, "editor");
  const editor = await newArticle(page, app, `Cover test ${unique()}`);
  const input = page.getByLabel(en("admin.blog.uploadCover"));
  const noCover = page.getByText(en("admin.blog.noCover"));
  const refused = async (file: { name: string; mimeType: string; buffer: Buffer }, key: string) => {
    await input.setInputFiles(file);
    // Shown under the field and read out as it appears (an alert): she did not move to it.
    await expect(
      page.getByRole("alert").filter({ hasText: en(`admin.images.errors.${key}`) }),
    ).toBeVisible({ timeout: paced(20_000) });
    await expect(input).toHaveAccessibleDescription(
      new RegExp(en(`admin.images.errors.${key}`).replace(/[.()]/g, "\\$&")),
    );
    await expect(noCover).toBeVisible();
    await expect(page.locator("img[src^='/media/']")).toHaveCount(0);
  };

  await refused(
    {
      name: "holiday.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("Just some notes, renamed to look like a photo.\n".repeat(50)),
    },
    "notAnImage",
  );
  await expectAccessible(page, "the editor with a refused cover");
  // A JPEG's first bytes on something that is not one.
  const fake = Buffer.alloc(4096, 7);
  fake.set([0xff, 0xd8, 0xff, 0xe0]);
  await refused({ name: "broken.jpg", mimeType: "image/jpeg", buffer: fake }, "unreadable");
  // Just over the limit, and a photo straight from a phone camera far over it.
  for (const size of [10 * 1024 * 1024 + 1, 15 * 1024 * 1024]) {
    const large = Buffer.alloc(size, 1);
    large.set([0xff, 0xd8, 0xff, 0xe0]);
    await refused({ name: "large.jpg", mimeType: "image/jpeg", buffer: large }, "tooLarge");
  }
  await page.goto(editor);
  await expect(noCover).toBeVisible();

  // A photo of a few megabytes, as cameras write them (most of it their own data blocks), is
  // taken, and quickly: its pixels are few.
  const picture = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: "#2a7f9e" },
  })
    .jpeg()
    .toBuffer();
  const comment = Buffer.alloc(65_000, 0x20);
  comment.set([0xff, 0xfe]);
  comment.writeUInt16BE(comment.length - 2, 2);
  const photo = Buffer.concat([
    picture.subarray(0, 2),
    ...Array.from({ length: 48 }, () => comment),
    picture.subarray(2),
  ]);
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  await waitForHydration(page);
  await input.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.locator("img[src^='/media/']")).toBeVisible({ timeout: paced(30_000) });
  await expectSaved(page);
});

test("an admin makes a user an editor in /admin/users; she signs in to the content screens only", async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(paced(60_000));
  // A model's account of this test's own: the worker's shared model account is signed in to by
  // other specs on the same server (session-attacks.spec.ts), which would land in the blog.
  const { email, password, name } = await app.account("model", {
    email: "nina.new-editor@example.com",
  });
  await app.signIn(page, "admin");
  await page.goto(`${app.origin}/admin/users`);
  await waitForHydration(page);
  await page.getByRole("searchbox").fill(email);
  await page.getByRole("searchbox").press("Enter");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(en("admin.users.manage")) }).click();
  const panel = page.getByRole("region", {
    name: en("admin.users.manageOf", { name }),
  });
  await panel.getByLabel(en("admin.users.role")).selectOption("editor");
  await panel.getByRole("button", { name: en("admin.users.saveRole") }).click();
  await expect(panel.getByRole("status")).toHaveText(en("admin.users.done.role"));
  await expect(page.getByRole("table")).toContainText(en("admin.users.roles.editor"));

  const writer = await visitorPage(browser);
  await writer.page.goto(`${app.origin}/login?lang=en`);
  await waitForHydration(writer.page);
  await writer.page.getByLabel(en("auth.email")).fill(email);
  await writer.page.getByLabel(en("auth.password"), { exact: true }).fill(password);
  await writer.page.getByRole("button", { name: en("auth.signIn"), exact: true }).click();
  await expect(writer.page).toHaveURL(`${app.origin}/admin/blog`);
  await expect(writer.page.getByRole("heading", { level: 1 })).toHaveText(en("admin.blog.title"));
  const nav = writer.page.getByRole("navigation", { name: en("admin.nav.label") });
  await expect(nav.getByRole("link")).toHaveText([
    en("admin.blog.nav"),
    en("admin.content.nav"),
    en("admin.site.nav"),
  ]);
  // The other back-office screens are not hers.
  await writer.page.goto(`${app.origin}/admin/users`);
  await expect(writer.page).toHaveURL(/\/permission-denied/);
  await writer.close();
});

test("FAQ and testimonials: an item added, edited and hidden is what the home page shows", async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(paced(120_000));
  await app.signIn(page, "editor");
  const id = unique();
  const visitor = await visitorPage(browser);
  const home = async () => {
    await visitor.page.goto(`${app.origin}/?lang=en`);
    return visitor.page;
  };

  // The FAQ: a question added, then corrected, then hidden.
  await page.goto(`${app.origin}/admin/content?kind=faq&language=en`);
  await waitForHydration(page);
  const newFaq = page.getByRole("region", { name: en("admin.content.new.faq") });
  const question = `Can I start on weekends only? ${id}`;
  await newFaq.getByLabel(en("admin.content.fields.question")).fill(question);
  await newFaq.getByLabel(en("admin.content.fields.answer")).fill(`Yes, many do. ${id}`);
  await newFaq.getByRole("button", { name: en("admin.content.add") }).click();
  const faqList = page.getByRole("region", { name: en("admin.content.kinds.faq") });
  await expect(faqList.locator("p", { hasText: question })).toBeVisible();
  await expect((await home()).locator("#faq summary").last()).toHaveText(question);

  const corrected = `Can I start on weekends and evenings? ${id}`;
  await faqList.getByLabel(`${en("admin.content.edit")}: ${question}`).click();
  const editing = faqList.locator("details[open]");
  await expect(editing.getByLabel(en("admin.content.fields.question"))).toHaveValue(question);
  await expectAccessible(page, "a FAQ item being edited");
  await editing.getByLabel(en("admin.content.fields.question")).fill(corrected);
  await editing.getByRole("button", { name: en("admin.content.save") }).click();
  await expect(faqList.locator("p", { hasText: corrected })).toBeVisible();
  let visitorSees = await home();
  await expect(visitorSees.locator("#faq summary", { hasText: corrected })).toHaveCount(1);
  await expect(visitorSees.locator("#faq")).not.toContainText(question);

  await faqList.getByRole("button", { name: `${en("admin.content.hide")}: ${corrected}` }).click();
  await expect(
    faqList.getByRole("button", { name: `${en("admin.content.show")}: ${corrected}` }),
  ).toBeVisible();
  await expect(faqList.getByRole("listitem").filter({ hasText: corrected })).toContainText(
    en("admin.content.hidden"),
  );
  await expectAccessible(page, "the FAQ with a hidden item");
  await expect((await home()).locator("#faq")).not.toContainText(id);

  // The testimonials: the same, with her name and what she does.
  await page.goto(`${app.origin}/admin/content?kind=testimonial&language=en`);
  await waitForHydration(page);
  const newQuote = page.getByRole("region", { name: en("admin.content.new.testimonial") });
  const quote = `The agency answered every question within a day. ${id}`;
  await newQuote.getByLabel(en("admin.content.fields.quote")).fill(quote);
  await newQuote.getByLabel(en("admin.content.fields.name")).fill(`Lia ${id}`);
  await newQuote.getByLabel(en("admin.content.fields.role")).fill("Fitness creator");
  await newQuote.getByRole("button", { name: en("admin.content.add") }).click();
  const quotes = page.getByRole("region", { name: en("admin.content.kinds.testimonial") });
  await expect(quotes.locator("p", { hasText: quote })).toBeVisible();
  visitorSees = await home();
  await expect(visitorSees.locator("#testimonials")).toContainText(quote);
  await expect(visitorSees.locator("#testimonials")).toContainText("Fitness creator");

  await quotes.getByLabel(`${en("admin.content.edit")}: Lia ${id}`).click();
  const editingQuote = quotes.locator("details[open]");
  await editingQuote.getByLabel(en("admin.content.fields.role")).fill("Travel creator");
  await editingQuote.getByRole("button", { name: en("admin.content.save") }).click();
  await expect(quotes.locator("p", { hasText: "Travel creator" })).toBeVisible();
  visitorSees = await home();
  await expect(visitorSees.locator("#testimonials")).toContainText("Travel creator");
  await expect(visitorSees.locator("#testimonials")).not.toContainText("Fitness creator");

  await quotes.getByRole("button", { name: `${en("admin.content.hide")}: Lia ${id}` }).click();
  await expect(
    quotes.getByRole("button", { name: `${en("admin.content.show")}: Lia ${id}` }),
  ).toBeVisible();
  await expect((await home()).locator("#testimonials")).not.toContainText(id);
  await visitor.close();
});
