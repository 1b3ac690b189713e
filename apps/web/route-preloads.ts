import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/route-preloads.json: for each route path, the JavaScript its lazy screen needs (the
 * screen's chunk and every chunk it imports statically). The server puts these into index.html as
 * `<link rel="modulepreload">` when it answers that path, so a phone fetches the screen's code beside
 * the entry chunk instead of after it has run (one round trip and a download saved on the first
 * screen; later screens are preloaded by Vite's own helper when they are opened).
 *
 * Writes dist/route-headings.json too: route path → the screen's heading, from src/config/headings.ts,
 * which the server writes into the static shell of that path's index.html.
 *
 * The path of each screen is read from src/app/router.tsx (`path: paths.x, lazy: () =>
 * import('./routes/y')`) and src/config/paths.ts; a route line that does not read that way fails the
 * build, so the file cannot silently fall behind the router.
 */
export function routePreloads(): Plugin {
  const src = path.resolve(import.meta.dirname, 'src');
  return {
    name: 'bit-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const router = fs.readFileSync(path.join(src, 'app/router.tsx'), 'utf8');
      const pathsFile = fs.readFileSync(path.join(src, 'config/paths.ts'), 'utf8');
      const links = fs.readFileSync(path.resolve(src, '../../../packages/contract/src/links.ts'), 'utf8');
      const statusPath = /COMPLAINT_STATUS_PATH = '([^']+)'/.exec(links)?.[1];
      const pathOf = new Map<string, string>();
      for (const [, key, literal, constant] of pathsFile.matchAll(/^ {2}(\w+): (?:'([^']+)'|(\w+)),$/gm)) {
        const value = literal ?? (constant === 'COMPLAINT_STATUS_PATH' ? statusPath : undefined);
        if (!key || !value)
          throw new Error(`route-preloads: cannot read paths.${key} in src/config/paths.ts`);
        pathOf.set(key, value);
      }
      const lazyCount = router.match(/lazy: \(\) => import\(/g)?.length ?? 0;
      const routes = [
        ...router.matchAll(/path: paths\.(\w+), lazy: \(\) => import\('\.\/routes\/([\w/-]+)'\)/g),
      ];
      if (routes.length !== lazyCount)
        throw new Error(
          'route-preloads: a lazy route in src/app/router.tsx is not written as `path: paths.x, lazy: () => import(...)`',
        );

      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFacade = new Map(chunks.map((c) => [c.facadeModuleId, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      // what index.html loads already: the entry and its static imports
      const loaded = new Set<string>();
      const collect = (file: string, into: Set<string>) => {
        if (into.has(file) || loaded.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) collect(imported, into);
      };
      if (entry) collect(entry.fileName, loaded);

      const preloads: Record<string, string[]> = {};
      for (const [, key, module] of routes) {
        const routePath = pathOf.get(key ?? '');
        const chunk = byFacade.get(path.join(src, 'app/routes', `${module}.tsx`));
        if (!routePath || !chunk)
          throw new Error(`route-preloads: no path or chunk for paths.${key} (${module})`);
        const files = new Set<string>();
        collect(chunk.fileName, files);
        preloads[routePath] = [...files].map((f) => `/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });

      // src/config/headings.ts: `  key: 'Heading',` per screen whose heading is the same for everyone
      const headingsFile = fs.readFileSync(path.join(src, 'config/headings.ts'), 'utf8');
      const headings: Record<string, string> = {};
      const entries = [...headingsFile.matchAll(/^ {2}(\w+): '([^'<>&]+)',$/gm)];
      if (entries.length !== (headingsFile.match(/^ {2}\w+:/gm)?.length ?? 0))
        throw new Error(
          "route-headings: a heading in src/config/headings.ts is not written as `  key: 'Text',`",
        );
      for (const [, key, text] of entries) {
        const routePath = pathOf.get(key ?? '');
        if (!routePath || !text) throw new Error(`route-headings: no path for paths.${key}`);
        headings[routePath] = text;
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-headings.json',
        source: `${JSON.stringify(headings, null, 1)}\n`,
      });
    },
  };
}

/**
 * Moves the app's stylesheet from <head> to the end of <body>. In <head> it blocks the first paint,
 * so on a slow connection the static shell of index.html (which carries its own few rules) waited a
 * round trip and a download for it; at the end of <body> the shell paints as soon as the page arrives.
 * main.tsx waits for the sheet before the app draws, so no screen is ever shown unstyled.
 */
export function stylesheetAfterShell(): Plugin {
  return {
    name: 'bit-stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        if (links.length === 0) throw new Error('stylesheet-after-shell: the build wrote no stylesheet link');
        let out = html;
        for (const link of links) out = out.replace(link, '');
        return out.replace('</body>', `  ${links.map((l) => l.trim()).join('\n    ')}\n  </body>`);
      },
    },
  };
}
