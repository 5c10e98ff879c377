import { loadSharp } from '../modules/media/sharp-setup';

/**
 * Abstract artwork for the demo content, drawn as SVG and encoded by sharp:
 * gradients and shapes only, no text (fonts may be missing on the server).
 * A seed makes every picture different yet the same on every run.
 */
export type Palette = readonly [string, string, string, string];
export type ArtStyle = 'blobs' | 'bars' | 'orbs' | 'cards' | 'waves';

export type ArtSpec = { width: number; height: number; palette: Palette; style: ArtStyle; seed: number };

function random(seed: number): () => number {
  // mulberry32: small, fast and good enough to scatter shapes.
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function shapes({ width, height, palette, style }: ArtSpec, rnd: () => number): string {
  const pick = () => palette[1 + Math.floor(rnd() * 3)]!;
  const out: string[] = [];
  const unit = Math.min(width, height);
  switch (style) {
    case 'blobs':
      for (let i = 0; i < 7; i++) {
        const cx = rnd() * width;
        const cy = rnd() * height;
        const r = unit * (0.12 + rnd() * 0.3);
        out.push(`<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(r)}" ry="${round(r * (0.6 + rnd() * 0.6))}" fill="${pick()}" opacity="${round(0.35 + rnd() * 0.5)}" transform="rotate(${round(rnd() * 180)} ${round(cx)} ${round(cy)})"/>`);
      }
      break;
    case 'bars':
      for (let i = 0; i < 9; i++) {
        const x = width * (0.08 + i * 0.1) + rnd() * width * 0.03;
        const h = height * (0.25 + rnd() * 0.55);
        const y = height * 0.85 - h;
        out.push(`<rect x="${round(x)}" y="${round(y)}" width="${round(width * 0.055)}" height="${round(h)}" rx="${round(width * 0.02)}" fill="${pick()}" opacity="${round(0.55 + rnd() * 0.4)}"/>`);
      }
      out.push(`<rect x="${round(width * 0.06)}" y="${round(height * 0.87)}" width="${round(width * 0.88)}" height="${round(height * 0.018)}" fill="${palette[3]}" opacity="0.8"/>`);
      break;
    case 'orbs':
      for (let i = 0; i < 6; i++) {
        const cx = width * (0.15 + rnd() * 0.7);
        const cy = height * (0.15 + rnd() * 0.7);
        const r = unit * (0.08 + rnd() * 0.22);
        out.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="url(#orb${i % 3})"/>`);
        out.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 1.35)}" fill="none" stroke="${palette[3]}" stroke-width="${round(unit * 0.006)}" opacity="0.45"/>`);
      }
      break;
    case 'cards':
      for (let i = 0; i < 5; i++) {
        const w = width * (0.22 + rnd() * 0.18);
        const h = height * (0.25 + rnd() * 0.3);
        const x = rnd() * (width - w);
        const y = rnd() * (height - h);
        const r = unit * 0.03;
        out.push(`<rect x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" rx="${round(r)}" fill="#ffffff" opacity="0.9"/>`);
        out.push(`<rect x="${round(x + w * 0.08)}" y="${round(y + h * 0.12)}" width="${round(w * 0.84)}" height="${round(h * 0.42)}" rx="${round(r * 0.6)}" fill="${pick()}"/>`);
        out.push(`<rect x="${round(x + w * 0.08)}" y="${round(y + h * 0.64)}" width="${round(w * 0.6)}" height="${round(h * 0.08)}" rx="${round(h * 0.04)}" fill="${palette[0]}" opacity="0.35"/>`);
        out.push(`<rect x="${round(x + w * 0.08)}" y="${round(y + h * 0.78)}" width="${round(w * 0.4)}" height="${round(h * 0.08)}" rx="${round(h * 0.04)}" fill="${palette[0]}" opacity="0.2"/>`);
      }
      break;
    case 'waves':
      for (let i = 0; i < 6; i++) {
        const y = height * (0.25 + i * 0.12);
        const a = height * (0.05 + rnd() * 0.08);
        const d = `M0 ${round(y)} C ${round(width * 0.25)} ${round(y - a * 2)}, ${round(width * 0.5)} ${round(y + a * 2)}, ${round(width)} ${round(y - a)} L ${width} ${height} L 0 ${height} Z`;
        out.push(`<path d="${d}" fill="${pick()}" opacity="${round(0.25 + i * 0.1)}"/>`);
      }
      break;
  }
  return out.join('');
}

export function artSvg(spec: ArtSpec): string {
  const { width, height, palette } = spec;
  const rnd = random(spec.seed);
  const angle = Math.floor(rnd() * 360);
  const orbs = [0, 1, 2]
    .map((i) => `<radialGradient id="orb${i}" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="0.35" stop-color="${palette[i + 1]}"/><stop offset="1" stop-color="${palette[0]}"/></radialGradient>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient>${orbs}</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>${shapes(spec, rnd)}</svg>`;
}

export type EncodedImage = { data: Buffer; format: 'jpeg' | 'webp' | 'png' };

export async function renderArt(spec: ArtSpec, format: 'jpeg' | 'webp'): Promise<EncodedImage> {
  const image = (await loadSharp())(Buffer.from(artSvg(spec)));
  // Plain libjpeg and a low WebP effort: mozjpeg or full-effort WebP would make seeding several times slower
  // for a few kilobytes, and the seed runs while the server starts.
  const data =
    format === 'jpeg'
      ? await image.jpeg({ quality: 82, progressive: true }).toBuffer()
      : await image.webp({ quality: 80, effort: 1 }).toBuffer();
  return { data, format };
}

/** A simple mark for the homepage hero's logo slot: overlapping shapes on transparency. */
export async function renderLogo(palette: Palette): Promise<EncodedImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<circle cx="62" cy="80" r="46" fill="${palette[1]}"/><circle cx="98" cy="80" r="46" fill="${palette[2]}" opacity="0.85"/>
<rect x="66" y="54" width="28" height="52" rx="14" fill="#ffffff" opacity="0.9"/></svg>`;
  return { data: await (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(), format: 'png' };
}
