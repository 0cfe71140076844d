import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../scripts/vite-precompress';

/** The build step that writes brotli and gzip copies beside each asset (issue 8, section 6). */
describe('the build precompression', () => {
  let root: string;
  const script = `export const text = ${JSON.stringify('borrower portal '.repeat(200))};\n`;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(root, 'dist', 'assets'), { recursive: true });
    await writeFile(join(root, 'dist', 'assets', 'app.js'), script);
    await writeFile(join(root, 'dist', 'tiny.css'), 'a{}');
    await writeFile(join(root, 'dist', 'logo.png'), Buffer.alloc(4_096, 7));
    const plugin = precompress() as unknown as {
      configResolved(config: { root: string; build: { outDir: string } }): void;
      closeBundle(): Promise<void>;
    };
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    await plugin.closeBundle();
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes .br and .gz copies of a text asset that decompress to the same bytes', async () => {
    const path = join(root, 'dist', 'assets', 'app.js');
    const br = await readFile(`${path}.br`);
    const gz = await readFile(`${path}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });

  it('leaves alone files too small to gain and formats compressed already', async () => {
    await expect(readFile(join(root, 'dist', 'tiny.css.br'))).rejects.toThrow();
    await expect(readFile(join(root, 'dist', 'logo.png.gz'))).rejects.toThrow();
  });
});
