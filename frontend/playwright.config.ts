import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the real backend, which serves the production build of this UI.
 * `E2E_BASE_URL` points the tests at a server that is already running instead.
 */
const here = dirname(fileURLToPath(import.meta.url));
// `E2E_PORT` moves the test server when 8765 is taken (e.g. by another checkout's run).
const PORT = Number(process.env.E2E_PORT ?? 8765);
const externalBaseUrl = process.env.E2E_BASE_URL;

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

// The backend serves dist/: rebuild it when it is missing or older than the sources. Workers
// load this file again; the flag keeps them from rebuilding.
if (!externalBaseUrl && !process.env.CONTINUUM_E2E_BUILT) {
  const built = join(here, 'dist', 'index.html');
  const sources = [join(here, 'src'), join(here, 'index.html'), join(here, 'public')].filter(existsSync);
  if (!existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs) {
    execSync('npm run build', { cwd: here, stdio: 'inherit' });
  }
  process.env.CONTINUUM_E2E_BUILT = '1';
}

// A fresh data directory per run, so the walk starts from an empty library.
const dataDir = process.env.CONTINUUM_E2E_DATA_DIR ?? resolve(here, '..', 'var', `e2e-${Date.now()}`);
process.env.CONTINUUM_E2E_DATA_DIR = dataDir;
if (!externalBaseUrl) mkdirSync(dataDir, { recursive: true });

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 10 * 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: `../.venv/bin/continuum serve --port ${PORT}`,
        cwd: here,
        url: `http://127.0.0.1:${PORT}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        // SIGTERM lets the server run its shutdown, which stops the embedded PostgreSQL.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          DATA_DIR: dataDir,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARNING',
          ...(process.env.CONTINUUM_SHARED_DATA ? { CONTINUUM_SHARED_DATA: process.env.CONTINUUM_SHARED_DATA } : {}),
        },
      },
});
