import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of each page of a PDF as a reader extracts it (pdfjs-dist, Firefox's PDF reader):
 * what a test asserts about a document is what a person copying from it would get. Runs of one
 * line are joined with spaces, lines with "\n".
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const loading = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
  });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str + (item.hasEOL ? "\n" : " ");
    }
    pages.push(text.replace(/ +\n/g, "\n").replace(/ +/g, " ").trim());
  }
  await loading.destroy();
  return pages;
}
