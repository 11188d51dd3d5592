import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { expectHarmless } from "#app/test/harmless-markup.ts";
import { BodyView } from "./body-view.tsx";
import {
  bodyFromBlocks,
  countWords,
  plainText,
  readingMinutes,
  safeHref,
  sanitizeBody,
} from "./body.ts";

const render = (input: unknown) => renderToStaticMarkup(<BodyView body={sanitizeBody(input)} />);

const link = (href: unknown, text = "click") => ({
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [{ type: "text", text, marks: [{ type: "link", attrs: { href } }] }],
    },
  ],
});

// Addresses that run code, leave for another host while looking local, or hide what they are.
const hostileHrefs = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "javascript&colon;alert(1)",
  "&#106;avascript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "https://user:pass@evil.example",
  "https://evil.example\u202e/gpj.exe",
  "https://exa\u200bmple.com",
  "mailto:",
  "",
  42,
  null,
  { toString: "javascript:alert(1)" },
];

describe("safeHref", () => {
  it.each(hostileHrefs.map((href) => [href]))("refuses %j", (href) => {
    expect(safeHref(href)).toBeNull();
  });

  it.each([
    ["https://maretalent.com.br/blog", "https://maretalent.com.br/blog"],
    ["http://example.com", "http://example.com/"],
    ["/register/model", "/register/model"],
    ["/blog/security-and-anonymity#privacy", "/blog/security-and-anonymity#privacy"],
    ["mailto:contato@maretalent.com.br", "mailto:contato@maretalent.com.br"],
  ])("keeps %s", (href, kept) => {
    expect(safeHref(href)).toBe(kept);
  });
});

describe("sanitizeBody", () => {
  it.each(hostileHrefs.map((href) => [href]))("a link to %j becomes its text", (href) => {
    const body = sanitizeBody(link(href));
    expect(body.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "click" }] },
    ]);
    expectHarmless(render(link(href)));
  });

  // Markup typed or pasted as text, and nodes, marks and attributes the page does not render.
  const corpus: unknown[] = [
    {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "<script>alert(1)</script>" }] },
      ],
    },
    {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: '<img src=x onerror="alert(1)">' }] },
      ],
    },
    {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: '"><svg/onload=alert(1)>' }] },
      ],
    },
    { type: "doc", content: [{ type: "script", content: [{ type: "text", text: "alert(1)" }] }] },
    {
      type: "doc",
      content: [{ type: "image", attrs: { src: "javascript:alert(1)", onerror: "alert(1)" } }],
    },
    { type: "doc", content: [{ type: "iframe", attrs: { src: "https://evil.example" } }] },
    {
      type: "doc",
      content: [
        {
          type: "paragraph",
          attrs: { style: "background:url(javascript:alert(1))", onclick: "alert(1)" },
          content: [{ type: "text", text: "x" }],
        },
      ],
    },
    {
      type: "doc",
      content: [
        {
          type: "heading",
          attrs: { level: 1, onmouseover: "alert(1)" },
          content: [{ type: "text", text: "title" }],
        },
      ],
    },
    {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "x",
              marks: [
                {
                  type: "link",
                  attrs: { href: "/ok", target: "_self", rel: "opener", onclick: "alert(1)" },
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "x",
              marks: [{ type: "code" }, { type: "textStyle", attrs: { style: "color:red" } }],
            },
          ],
        },
      ],
    },
    {
      type: "doc",
      content: [{ type: "codeBlock", content: [{ type: "text", text: "<b>code</b>" }] }],
    },
    {
      type: "doc",
      content: [
        {
          type: "table",
          content: [
            {
              type: "tableRow",
              content: [
                {
                  type: "tableCell",
                  content: [{ type: "paragraph", content: [{ type: "text", text: "cell" }] }],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: "doc",
      content: [
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              attrs: { onclick: "x" },
              content: [{ type: "paragraph", content: [{ type: "text", text: "item" }] }],
            },
          ],
        },
      ],
    },
    {
      type: "doc",
      content: [
        {
          type: "orderedList",
          attrs: { start: "1; background:red", type: "javascript:" },
          content: [
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "one" }] }],
            },
          ],
        },
      ],
    },
    { type: "doc", content: [{ type: "text", text: "stray text at the top" }] },
    {
      __proto__: { type: "doc" },
      content: [{ type: "paragraph", content: [{ type: "text", text: "proto" }] }],
    },
    { type: "doc", content: "not a list" },
    "<p>html</p>",
    null,
    undefined,
    42,
  ];

  it.each(corpus.map((input, index) => [index, input]))(
    "corpus entry %i renders nothing that runs",
    (_index, input) => {
      const body = sanitizeBody(input);
      expect(sanitizeBody(body), "a sanitised body is a fixed point").toEqual(body);
      const html = render(input);
      expectHarmless(html);
      // Text written as markup is shown as text.
      expect(html).not.toMatch(/<(script|img|svg|b)\b/);
    },
  );

  it("keeps what the page renders: headings h2/h3, lists, quotes, bold, italic, links, breaks", () => {
    const body = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Section" }] },
        { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Sub" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "bold", marks: [{ type: "bold" }] },
            { type: "hardBreak" },
            { type: "text", text: "site", marks: [{ type: "link", attrs: { href: "/contact" } }] },
            {
              type: "text",
              text: "away",
              marks: [
                { type: "italic" },
                { type: "link", attrs: { href: "https://example.com/" } },
              ],
            },
          ],
        },
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "a" }] }],
            },
          ],
        },
        {
          type: "orderedList",
          attrs: { start: 3 },
          content: [
            {
              type: "listItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "b" }] }],
            },
          ],
        },
        {
          type: "blockquote",
          content: [{ type: "paragraph", content: [{ type: "text", text: "quote" }] }],
        },
      ],
    };
    expect(sanitizeBody(body)).toEqual(body);
    const html = render(body);
    expect(html).toContain("<h2>Section</h2><h3>Sub</h3>");
    expect(html).toContain("<strong>bold</strong><br/>");
    expect(html).toContain('<a href="/contact">site</a>');
    // Another site: a new tab without an opener, said to a screen reader.
    expect(html).toMatch(
      /<a href="https:\/\/example.com\/" target="_blank" rel="noopener noreferrer"><em>away<\/em><span class="sr-only">/,
    );
    expect(html).toContain('<ol start="3"><li><p>b</p></li></ol>');
    expect(html).toContain("<blockquote><p>quote</p></blockquote>");
  });

  it("reads h1 as h2 and h4–h6 as h3: the page's title is its only h1", () => {
    const heading = (level: number) => ({
      type: "doc",
      content: [{ type: "heading", attrs: { level }, content: [{ type: "text", text: "t" }] }],
    });
    expect(render(heading(1))).toBe(
      '<div class="article-body text-lg leading-relaxed text-ink-800"><h2>t</h2></div>',
    );
    expect(render(heading(5))).toContain("<h3>t</h3>");
  });

  it("removes control and invisible reordering characters from text", () => {
    const body = sanitizeBody({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "a\u0000b\u202ec\u200bd" }] }],
    });
    expect(plainText(body)).toBe("abcd");
  });

  it("bounds a document's depth and length", () => {
    let deep: unknown = { type: "text", text: "bottom" };
    for (let i = 0; i < 10_000; i++) deep = { type: "blockquote", content: [deep] };
    expect(() => sanitizeBody({ type: "doc", content: [deep] })).not.toThrow();
    const long = "x".repeat(300_000);
    const body = sanitizeBody({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: long }] }],
    });
    expect(plainText(body).length).toBe(200_000);
  });

  it("renders any JSON value harmlessly (property test)", () => {
    const hostileText = fc.constantFrom(
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      '" onmouseover="alert(1)',
      "<img src=x onerror=alert(1)>",
    );
    const node = fc.letrec((tie) => ({
      node: fc.record(
        {
          type: fc.constantFrom(
            "doc",
            "paragraph",
            "heading",
            "text",
            "link",
            "script",
            "bulletList",
            "listItem",
            "blockquote",
            "image",
            "hardBreak",
          ),
          text: fc.oneof(fc.string(), hostileText),
          attrs: fc.dictionary(
            fc.constantFrom("href", "src", "onclick", "level", "style", "start"),
            fc.oneof(fc.string(), hostileText, fc.integer()),
          ),
          marks: fc.array(
            fc.record({
              type: fc.constantFrom("bold", "italic", "link", "code"),
              attrs: fc.record({ href: fc.oneof(hostileText, fc.webUrl(), fc.string()) }),
            }),
            { maxLength: 3 },
          ),
          content: fc.array(tie("node"), { maxLength: 3 }),
        },
        { requiredKeys: ["type"] },
      ),
    })).node;
    fc.assert(
      fc.property(node, (input) => {
        expectHarmless(render(input));
      }),
      { numRuns: 300 },
    );
  });
});

describe("reading time", () => {
  it("is the words at 200 a minute, at least one", () => {
    const words = (n: number) => Array.from({ length: n }, () => "palavra").join(" ");
    expect(readingMinutes(bodyFromBlocks([{ tag: "p", text: words(10) }]))).toBe(1);
    expect(
      readingMinutes(
        bodyFromBlocks([
          { tag: "h2", text: words(100) },
          { tag: "p", text: words(700) },
        ]),
      ),
    ).toBe(4);
  });
});

describe("images in the body", () => {
  const image = (attrs: unknown) => ({ type: "doc", content: [{ type: "image", attrs }] });
  const stored = [{ id: 7, hash: "0123456789abcdef", width: 1200, height: 800 }];

  it("keeps a stored image's id and its description, nothing else", () => {
    expect(
      sanitizeBody(
        image({
          id: 7,
          alt: "  Duas\nmodelos\u202e na praia ",
          src: "https://evil.example/x.png",
          hash: "ffffffffffffffff",
          width: 1,
          onerror: "alert(1)",
          style: "position:fixed",
        }),
      ).content,
    ).toEqual([{ type: "image", attrs: { id: 7, alt: "Duas modelos na praia" } }]);
  });

  it.each([[0], [-3], [1.5], ["7"], [null], [Number.MAX_SAFE_INTEGER + 2], ["javascript:1"]])(
    "drops an image whose id is %j",
    (id) => {
      expect(sanitizeBody(image({ id, alt: "x" })).content).toEqual([]);
    },
  );

  it("drops an image given by address alone, and one inside a paragraph", () => {
    expect(sanitizeBody(image({ src: "https://evil.example/x.png", alt: "x" })).content).toEqual(
      [],
    );
    expect(
      sanitizeBody({
        type: "doc",
        content: [
          {
            type: "paragraph",
            content: [
              { type: "text", text: "a" },
              { type: "image", attrs: { id: 7, alt: "x" } },
            ],
          },
        ],
      }).content,
    ).toEqual([{ type: "paragraph", content: [{ type: "text", text: "a" }] }]);
  });

  it("renders a stored image like the cover: its variants, its size, lazily, with its alt text", () => {
    const html = renderToStaticMarkup(
      <BodyView body={sanitizeBody(image({ id: 7, alt: "Duas modelos" }))} images={stored} />,
    );
    expect(html).toContain('alt="Duas modelos"');
    expect(html).toContain('width="1200" height="800"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain(
      'srcSet="/media/7-0123456789abcdef-480.avif 480w, /media/7-0123456789abcdef-960.avif 960w, /media/7-0123456789abcdef-1200.avif 1200w"',
    );
    expectHarmless(html);
  });

  it("shows nothing for an image the server did not find", () => {
    const html = renderToStaticMarkup(
      <BodyView body={sanitizeBody(image({ id: 8, alt: "x" }))} images={stored} />,
    );
    expect(html).not.toContain("<img");
  });

  it("does not count an image in the reading time", () => {
    const words = Array.from({ length: 300 }, () => "palavra").join(" ");
    const body = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: words }] },
        ...Array.from({ length: 50 }, () => ({ type: "image", attrs: { id: 7, alt: words } })),
      ],
    };
    expect(readingMinutes(body)).toBe(2);
    expect(countWords(plainText(sanitizeBody(body)))).toBe(300);
  });
});

describe("a link asked to open in a new tab", () => {
  const newTab = (attrs: Record<string, unknown>) =>
    sanitizeBody({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: "x", marks: [{ type: "link", attrs }] }],
        },
      ],
    });

  it("always carries rel=noopener noreferrer, whatever rel was sent", () => {
    const body = newTab({ href: "/register/model", target: "_blank", rel: "opener" });
    expect(body.content[0]).toEqual({
      type: "paragraph",
      content: [
        {
          type: "text",
          text: "x",
          marks: [
            {
              type: "link",
              attrs: { href: "/register/model", target: "_blank", rel: "noopener noreferrer" },
            },
          ],
        },
      ],
    });
    expect(renderToStaticMarkup(<BodyView body={body} />)).toContain(
      '<a href="/register/model" target="_blank" rel="noopener noreferrer">x<span class="sr-only">',
    );
  });

  it.each([["_self"], ["_parent"], ["_top"], ["frame"], ["_BLANK"], [1]])(
    "drops target %j (a site path then opens in place)",
    (target) => {
      const body = newTab({ href: "/contact", target, rel: "noopener noreferrer", class: "x" });
      expect(JSON.stringify(body)).not.toMatch(/target|rel|class/);
      expect(renderToStaticMarkup(<BodyView body={body} />)).toContain('<a href="/contact">x</a>');
    },
  );
});
