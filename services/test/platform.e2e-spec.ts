import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CategoryListItem, Role } from '@pnss/libs/api';
import { REFERENCE_LIST_CATALOGUE, REFERENCE_LISTS } from '@pnss/libs/lookups';
import { ALL_PERMISSIONS, PERMISSIONS } from '@pnss/libs/permissions';
import { eq } from 'drizzle-orm';
import { roles } from '../src/database/schema.js';
import { type TestApp, createTestApp } from './support/test-app.js';

const REMOTE_ORIGIN = 'https://modules.example.org';

function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'pnss-web-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>PNSS</title>');
  writeFileSync(join(root, 'shell', 'dist', 'main.3f2a9c1b7d.js'), 'console.info("shell")');
  mkdirSync(join(root, 'mfe-cases', 'dist'), { recursive: true });
  writeFileSync(join(root, 'mfe-cases', 'dist', 'remoteEntry.js'), 'var mfe_cases;');
  writeFileSync(join(root, 'mfe-cases', 'dist', 'mf-manifest.json'), '{"name":"mfe_cases"}');
  writeFileSync(join(root, 'mfe-cases', 'dist', '412.9a8b7c6d5e.js'), 'chunk');
  writeFileSync(
    join(root, 'remotes.json'),
    JSON.stringify({
      remotes: [
        { name: 'mfe_cases', entry: '/modules/cases/mf-manifest.json', routes: ['/cases'] },
        { name: 'mfe_reports', entry: `${REMOTE_ORIGIN}/reports/mf-manifest.json`, routes: ['/reports'] },
      ],
    }),
  );
  return root;
}

describe('reference lists, version check, web files and restarts', () => {
  let t: TestApp;
  let webRoot: string;
  let siteServer: Server;
  const siteVersion = '1.2.0';

  beforeAll(async () => {
    webRoot = makeWebRoot();
    siteServer = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ version: siteVersion }));
    });
    await new Promise<void>((resolve) => siteServer.listen(0, '127.0.0.1', resolve));
    const { port } = siteServer.address() as AddressInfo;
    t = await createTestApp({
      config: {
        webRoot,
        remotesFile: join(webRoot, 'remotes.json'),
        corsOrigins: ['https://shell.example.org'],
        siteVersionUrl: `http://127.0.0.1:${port}/version.json`,
        updateUrl: 'https://updates.example.org/pnss',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => siteServer.close(resolve));
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('GET /api/categories', () => {
    it('lists the reference lists of the catalogue, in its order', async () => {
      const { authorization } = await t.createUserWithRole([PERMISSIONS.GET_CATEGORIES]);
      const res = await t.http.get('/api/categories').set('Authorization', authorization).expect(200);
      const items = res.body as Array<CategoryListItem & { updatedAt: string }>;
      expect(items.map(({ key, label }) => ({ key, label }))).toEqual(REFERENCE_LIST_CATALOGUE.map(({ key, label }) => ({ key, label })));
    });

    it('serves the entries of one list, and 404 for an unknown one', async () => {
      const { authorization } = await t.createUserWithRole([PERMISSIONS.GET_CATEGORIES]);
      const key = REFERENCE_LIST_CATALOGUE[0].key;
      const res = await t.http.get(`/api/categories/${key}`).set('Authorization', authorization).expect(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(REFERENCE_LISTS[key])));
      await t.http.get('/api/categories/noSuchList').set('Authorization', authorization).expect(404, {
        statusCode: 404,
        message: 'Category not found',
      });
    });

    it('is a 403 without get_categories', async () => {
      const { authorization } = await t.createUserWithRole([PERMISSIONS.VIEW_REPORTS]);
      await t.http.get('/api/categories').set('Authorization', authorization).expect(403);
    });
  });

  describe('GET /api/checkupdate', () => {
    it('answers the running version, the site version from SITE_VERSION_URL and the update URL', async () => {
      const res = await t.http.get('/api/checkupdate').expect(200);
      expect(res.body).toEqual({ currVersion: '1.0.0', siteVersion: '1.2.0', updateUrl: 'https://updates.example.org/pnss' });
    });
  });

  describe('web files on the same port', () => {
    it('serves the shell at / with no-cache, and hashed chunks for a long time', async () => {
      const index = await t.http.get('/').expect(200);
      expect(index.text).toContain('<title>PNSS</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      const chunk = await t.http.get('/main.3f2a9c1b7d.js').expect(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves each module under /modules/<name>/, its entry files with no-cache', async () => {
      const entry = await t.http.get('/modules/cases/remoteEntry.js').expect(200);
      expect(entry.headers['cache-control']).toBe('no-cache');
      const manifest = await t.http.get('/modules/cases/mf-manifest.json').expect(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const chunk = await t.http.get('/modules/cases/412.9a8b7c6d5e.js').expect(200);
      expect(chunk.headers['cache-control']).toContain('immutable');
      await t.http.get('/modules/reports/remoteEntry.js').expect(404);
    });

    it('serves /remotes.json from REMOTES_FILE with no-cache, re-read when it changes', async () => {
      const res = await t.http.get('/remotes.json').expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.remotes).toHaveLength(2);

      const file = join(webRoot, 'remotes.json');
      const original = JSON.parse(res.text) as { remotes: unknown[] };
      const moved = { remotes: [...original.remotes, { name: 'mfe_admin', entry: '/modules/admin/mf-manifest.json', routes: ['/admin'] }] };
      writeFileSync(file, JSON.stringify(moved));
      try {
        expect((await t.http.get('/remotes.json').expect(200)).body.remotes).toHaveLength(3);
      } finally {
        writeFileSync(file, res.text);
      }
    });

    it('allows scripts from the origins of remotes.json in the CSP, and inline styles for antd', async () => {
      const res = await t.http.get('/').expect(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(new RegExp(`script-src 'self' [^;]*${REMOTE_ORIGIN.replace(/\./g, '\\.')}`));
      expect(csp).toMatch(/style-src 'self'[^;]*'unsafe-inline'/);
      expect(csp).toMatch(/img-src [^;]*data:/);
    });

    it('follows a module moved to a new origin by an edit of remotes.json alone: the CSP and CORS allow the new origin, not the old, with no restart', async () => {
      const file = join(webRoot, 'remotes.json');
      const original = (await t.http.get('/remotes.json').expect(200)).text;
      const newOrigin = 'http://127.0.0.1:8305';
      const moved = original.replace(`${REMOTE_ORIGIN}/reports/mf-manifest.json`, `${newOrigin}/mf-manifest.json`);
      expect(moved).not.toBe(original);
      writeFileSync(file, moved);
      try {
        const csp = (await t.http.get('/').expect(200)).headers['content-security-policy'] as string;
        expect(csp).toMatch(/script-src 'self' [^;]*http:\/\/127\.0\.0\.1:8305/);
        expect(csp).toMatch(/connect-src 'self' [^;]*http:\/\/127\.0\.0\.1:8305/);
        expect(csp).not.toContain(REMOTE_ORIGIN);
        const api = await t.http.get('/api/checkupdate').set('Origin', newOrigin).expect(200);
        expect(api.headers['access-control-allow-origin']).toBe(newOrigin);
        const old = await t.http.get('/api/checkupdate').set('Origin', REMOTE_ORIGIN).expect(200);
        expect(old.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        writeFileSync(file, original);
      }
      expect((await t.http.get('/').expect(200)).headers['content-security-policy']).toContain(REMOTE_ORIGIN);
    });

    it('answers CORS only for origins named in remotes.json or CORS_ORIGINS', async () => {
      const allowed = await t.http
        .options('/api/checkupdate')
        .set('Origin', 'https://shell.example.org')
        .set('Access-Control-Request-Method', 'GET');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shell.example.org');
      const remote = await t.http.get('/api/checkupdate').set('Origin', REMOTE_ORIGIN).expect(200);
      expect(remote.headers['access-control-allow-origin']).toBe(REMOTE_ORIGIN);
      const other = await t.http.get('/api/checkupdate').set('Origin', 'https://evil.example.com').expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('a file-backed PGlite database', () => {
    it('keeps users, sessions, the rate limit and role edits across a restart; new catalogue permissions reach seeded roles', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pnss-pglite-'));
      const database = { kind: 'pglite', dataDir } as const;
      // The same secret, as JWT_SECRET or the secret file under DATA_DIR gives a restarted server.
      const config = { jwtSecret: 'a fixed secret for both runs of this test, long enough' };
      try {
        const first = await createTestApp({ database, config });
        const user = await first.createUserWithRole('clinician');
        for (let i = 0; i < 5; i++) {
          await first.http.post('/api/accounts/login').set('X-Forwarded-For', '10.5.0.1').send({ username: user.username, password: `bad password ${i}` }).expect(401);
        }
        const firstAdmin = await first.signInAsAdmin();
        const listed = (await first.http.get('/api/roles').set('Authorization', firstAdmin.authorization)).body as Role[];
        const reporting = listed.find((r) => r.roleName === 'reporting') as Role;
        // An administrator's edit, which the next start must keep.
        await first.http
          .put('/api/roles')
          .set('Authorization', firstAdmin.authorization)
          .send([{ _id: reporting._id, rolePermissions: [PERMISSIONS.VIEW_REPORTS] }])
          .expect(200);
        // As if view_audit had been added to the catalogue after this database was last seeded.
        const adminRole = listed.find((r) => r.roleName === 'admin') as Role;
        await first.database.db
          .update(roles)
          .set({
            rolePermissions: adminRole.rolePermissions.filter((p) => p !== PERMISSIONS.VIEW_AUDIT),
            knownPermissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.VIEW_AUDIT),
          })
          .where(eq(roles.id, adminRole._id));
        const rolesBefore = (await first.http.get('/api/roles').set('Authorization', firstAdmin.authorization)).body as Role[];
        await first.close();

        const second = await createTestApp({ database, config });
        try {
          await second.http.post('/api/accounts/auth').set('Authorization', user.authorization).expect(200);
          await second.http.post('/api/accounts/login').set('X-Forwarded-For', '10.5.0.1').send({ username: user.username, password: user.password }).expect(429);
          const admin = await second.signInAsAdmin();
          const rolesAfter = (await second.http.get('/api/roles').set('Authorization', admin.authorization)).body as Role[];
          expect(rolesAfter.map((r) => r.roleName)).toEqual(rolesBefore.map((r) => r.roleName));
          expect(rolesAfter.find((r) => r.roleName === 'reporting')?.rolePermissions).toEqual([PERMISSIONS.VIEW_REPORTS]);
          expect(rolesAfter.find((r) => r.roleName === 'admin')?.rolePermissions).toEqual([...ALL_PERMISSIONS]);
          const users = await second.http.get('/api/accounts').query({ search: 'admin' }).set('Authorization', admin.authorization);
          expect(users.body.count).toBe(1);
        } finally {
          await second.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
