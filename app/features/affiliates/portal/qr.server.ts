import QRCode from "qrcode";

/*
 * Her referral link as a QR code (/portal and its downloads, issue 31): the brand's darkest
 * teal on white, a quiet margin, medium error correction (a print may be folded or smudged).
 */
const options = {
  margin: 2,
  errorCorrectionLevel: "M",
  color: { dark: "#123e42", light: "#ffffff" },
} as const;

/** Her link as the portal writes it: the public origin and her code. */
export const referralLink = (origin: string, code: string) =>
  `${origin}/?ref=${encodeURIComponent(code)}`;

export const qrSvg = (link: string) => QRCode.toString(link, { ...options, type: "svg" });

/** A PNG wide enough to print on a flyer (about 5 cm at 300 dpi). */
export const qrPng = (link: string) =>
  QRCode.toBuffer(link, { ...options, type: "png", width: 600 });
