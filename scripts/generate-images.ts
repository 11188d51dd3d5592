/**
 * Draws the site's images and writes them, optimised, into public/: the Open Graph card, the
 * favicons and the logo. (The articles' covers are content: uploaded in /admin/blog.) Run after changing the art:
 *   scripts/with-node.sh node scripts/generate-images.ts
 * The outputs are committed, so neither a build nor a start needs this.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");

const palette = {
  deep: "#062428",
  sea: "#0f5c60",
  teal: "#18908f",
  foam: "#97e4de",
  sand: "#f6efe4",
  coral: "#f26b52",
  blush: "#fdb3a4",
};

const logoMark = `<circle cx="20" cy="20" r="20" fill="${palette.sea}"/>
<path d="M6 24c3.5 0 3.5-3 7-3s3.5 3 7 3 3.5-3 7-3 3.5 3 7 3" fill="none" stroke="${palette.foam}" stroke-width="2.6" stroke-linecap="round"/>
<path d="M9 18.5c2.8-6 7-9 11-9 4.2 0 7.4 2.4 9.6 6.4-2.9-1.9-5.7-1.9-8.3.4-2.8 2.5-6.2 3.4-12.3 2.2z" fill="${palette.coral}"/>`;

function waves(width: number, height: number, seed: number, colors: string[]) {
  return colors
    .map((color, i) => {
      const y = height * (0.45 + i * 0.14);
      const amp = height * (0.05 + ((seed + i) % 3) * 0.02);
      const len = width / (2 + ((seed * 3 + i) % 3));
      let d = `M0 ${y}`;
      for (let x = 0; x < width + len; x += len) {
        d += ` q${len / 4} ${-amp} ${len / 2} 0 t${len / 2} 0`;
      }
      return `<path d="${d} V${height} H0z" fill="${color}" opacity="${0.75 + i * 0.08}"/>`;
    })
    .join("");
}

// One scene per article: a sky, a sun or moon, the sea in layers, and a motif for the subject.
async function writeBrand() {
  const markSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${logoMark}</svg>`;
  await writeFile(path.join(publicDir, "favicon.svg"), markSvg);
  await writeFile(
    path.join(publicDir, "logo.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 40" role="img" aria-label="Maré Talent">${logoMark}<text x="50" y="28" font-family="Georgia, serif" font-size="24" font-weight="600" fill="${palette.deep}">Maré <tspan fill="${palette.sea}">Talent</tspan></text></svg>`,
  );
  await sharp(Buffer.from(markSvg))
    .resize(180)
    .png()
    .toFile(path.join(publicDir, "apple-touch-icon.png"));
  await sharp(Buffer.from(markSvg)).resize(192).png().toFile(path.join(publicDir, "icon-192.png"));
  await sharp(Buffer.from(markSvg)).resize(512).png().toFile(path.join(publicDir, "icon-512.png"));
  // favicon.ico holding one 32×32 PNG (the ICO format allows PNG entries).
  const png = await sharp(Buffer.from(markSvg)).resize(32).png().toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(32, 6);
  header.writeUInt8(32, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  await writeFile(path.join(publicDir, "favicon.ico"), Buffer.concat([header, png]));

  const og = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.deep}"/><stop offset="1" stop-color="${palette.sea}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="960" cy="200" r="110" fill="${palette.coral}"/>
${waves(1200, 630, 2, [palette.teal, palette.sea, palette.deep])}
<g transform="translate(90 150) scale(3)">${logoMark}</g>
<text x="90" y="340" font-family="Georgia, serif" font-size="84" font-weight="600" fill="${palette.sand}">Maré Talent</text>
<text x="92" y="400" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="${palette.foam}">Talent management · Florianópolis</text>
</svg>`;
  await mkdir(path.join(publicDir, "images"), { recursive: true });
  await sharp(Buffer.from(og))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(path.join(publicDir, "images/og-default.jpg"));

  await writeFile(
    path.join(publicDir, "site.webmanifest"),
    JSON.stringify(
      {
        name: "Maré Talent",
        short_name: "Maré",
        start_url: "/",
        display: "standalone",
        background_color: palette.sand,
        theme_color: palette.sea,
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
      null,
      2,
    ) + "\n",
  );
}

await writeBrand();
console.log("images written to public/");
