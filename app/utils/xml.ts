/**
 * Text for an XML document (the sitemap, the blog's feed): the five special characters
 * escaped, and the control characters XML 1.0 has no place for, even escaped, removed.
 */
export function escapeXml(value: string) {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
  );
}
