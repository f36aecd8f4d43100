/**
 * The Chromium the scripts drive: Debian's (/usr/bin/chromium) where it is installed, else
 * Playwright's own; CHROMIUM_PATH overrides both, as for the browser tests. The flags keep a
 * headless run quiet on a machine without network access (no background requests, no sync).
 */
import fs from 'node:fs';

const systemChromium = '/usr/bin/chromium';

export const chromiumPath: string | undefined = process.env.CHROMIUM_PATH ?? (fs.existsSync(systemChromium) ? systemChromium : undefined);

export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
