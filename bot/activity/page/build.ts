// Bundles the page into one folder: index.html, app.js (minified, one bundle) and app.css,
// with the Twemoji pictures of the emoji it draws (src/icons.ts).
// `node build.ts [OUT]` (OUT defaults to dist); bot/activity/page_build.py runs it.

import { copyFile, mkdir, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { ICONS, iconFile } from './src/icons.ts';

const out = process.argv[2] || 'dist';
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: { app: 'src/main.ts' },
  outdir: out,
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  legalComments: 'eof',
  logLevel: 'warning',
});
await copyFile('index.html', `${out}/index.html`);
for (const emoji of ICONS) {
  const file = iconFile(emoji);
  await copyFile(`node_modules/@twemoji/svg/${file.slice('emoji-'.length)}`, `${out}/${file}`);
}
