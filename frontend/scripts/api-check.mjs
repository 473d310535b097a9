// Fails when src/api/schema.d.ts is stale with respect to openapi.json.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'continuum-api-'));
const fresh = join(dir, 'schema.d.ts');
try {
  const run = spawnSync('npx', ['--no-install', 'openapi-typescript', 'openapi.json', '-o', fresh], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) {
    console.error('api:check: openapi-typescript failed');
    process.exit(run.status ?? 1);
  }
  if (readFileSync(fresh, 'utf8') !== readFileSync('src/api/schema.d.ts', 'utf8')) {
    console.error('api:check: src/api/schema.d.ts is out of date with openapi.json; run `npm run api:gen`.');
    process.exit(1);
  }
  console.log('api:check: src/api/schema.d.ts matches openapi.json');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
