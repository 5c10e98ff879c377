// The import and export bench (issue 31, decision 069): a Shopify product CSV
// of `rows` rows (products with variants and images, as Shopify writes them)
// imported through the command line into an empty SQLite site, and the export
// of a seeded catalogue; wall time and the process's peak memory, each beside
// a run ten times smaller, so "memory flat" is a ratio measured in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,SEO Title,SEO Description,Status\n';

/** `rows` Shopify rows: products of 3 or 4 rows (variants and images), as many products as fit. */
export function writeShopifyFile(file, rows) {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, HEADER);
  let written = 0;
  let products = 0;
  while (written < rows) {
    const handle = `course-${products}`;
    const size = Math.min(products % 3 === 0 ? 4 : 3, rows - written);
    const lines = [];
    for (let i = 0; i < size; i += 1) {
      const first = i === 0;
      lines.push(
        [
          handle,
          first ? `Course ${products}` : '',
          first ? `"<p>Lessons for course ${products}, with <strong>project files</strong>.</p>"` : '',
          first ? 'Studio' : '',
          first ? ['Drawing', 'Design', 'Video'][products % 3] : '',
          first ? `"topic ${products % 30}, level ${products % 3}"` : '',
          first ? 'TRUE' : '',
          first ? 'Format' : '',
          `Edition ${i}`,
          (19 + i * 10 + (products % 7)).toFixed(2),
          i === 0 ? '99.00' : '',
          `https://cdn.example.com/${handle}-${i}.jpg`,
          String(i + 1),
          `Picture ${i}`,
          first ? `Course ${products} online` : '',
          first ? 'Learn at your pace.' : '',
          first ? 'active' : '',
        ].join(','),
      );
    }
    fs.writeSync(out, `${lines.join('\n')}\n`);
    written += size;
    products += 1;
  }
  fs.closeSync(out);
  return { rows: written, products };
}

/** Runs the built command line under /usr/bin/time: wall seconds and peak memory (MB). */
export function timedCli(args, dataDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'peak-kb %M', process.execPath, 'dist/server/cli.js', ...args], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const peak = Number(/peak-kb (\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
      if (code !== 0) reject(new Error(`${args[0]} failed (${code}): ${stderr.slice(-2000)}`));
      else resolve({ seconds, peakMb: peak, stdout });
    });
  });
}

export const tempFile = (name) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-bench-import-')), name);

/**
 * The zip beside a Shopify file (`--import-media`): one small JPEG per Image Src, named by the URL's file
 * name, as the import looks them up (issue 31: "3,000 products with editions and images from a zip").
 */
export async function writeMediaZip(csvFile, zipFile) {
  const { default: sharp } = await import('sharp');
  const { default: yazl } = await import('yazl');
  const names = [...fs.readFileSync(csvFile, 'utf8').matchAll(/https:\/\/cdn\.example\.com\/([\w-]+\.jpg)/g)].map((match) => match[1]);
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(zipFile);
  zip.outputStream.pipe(out);
  for (const [i, name] of names.entries()) {
    const background = { r: i % 256, g: (i >> 8) % 256, b: 77 };
    zip.addBuffer(await sharp({ create: { width: 320, height: 180, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer(), name, { compress: false });
  }
  zip.end();
  await new Promise((resolve, reject) => out.on('close', resolve).on('error', reject));
  return names.length;
}
