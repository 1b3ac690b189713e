/**
 * How the screens' shared code is cut into files (Rolldown's `output.codeSplitting.groups`).
 *
 * Left to itself, Rolldown gives each set of lazy screens that share some modules a chunk of its own: with 40
 * screens the student dashboard needed 38 files besides the entry's 5, many of them a few hundred bytes. A
 * browser fetches at most six at a time from one HTTP/1.1 host, each waiting out the connection's latency
 * (562 ms in Lighthouse's mobile preset), so the dashboard's code arrived in eight waves, 5.6–6.2 s after the
 * page (issue 51 row 23). Here the modules two or more screens share go into a few files instead:
 * those of one feature (`src/features/<name>/`) into `feature-<name>`, the rest (components, hooks, lib,
 * config and the contract's zod-free modules) into `screen-kit`, and what the shell's own lazy parts (the
 * toast container, the server's settings, saved copies) share with the screens, TanStack Query's hooks and
 * react-toastify among it, into `shell-lazy`. A screen then loads its own chunk, `shell-lazy`, the kit and
 * the chunks of the features it shows (11 files for the student dashboard, entry included), some of it
 * code that only other screens use (a few KB).
 *
 * Left where Rolldown puts it:
 * - what the entry loads (Rolldown's `$initial`) and what the home route uses: grouped, the home page
 *   would load the screens' code before it draws (scripts/size-check.mjs);
 * - whatever reaches react-hook-form, zod or @hookform/resolvers, directly or through the contract's
 *   modules it names: they load with the forms (issue 19);
 * - the screens' own modules (`src/app/routes/`: route-preloads.ts maps each to its chunk) and the rest of
 *   `src/app/`, which composes features (grouped with the kit, it would make the kit and the features'
 *   chunks import each other);
 * - a module one screen or lazy part alone uses (it is in that one's chunk), or that only lazy parts
 *   other than the shell's use (a dialog's form), and any other library.
 * Captured modules' own imports are not pulled in after them (`includeDependenciesRecursively: false`, which
 * would pull the entry's modules into the groups): by the rules above, a module a grouped one imports is in
 * the entry, in the home route's chunks, or in its own group or one before it (shell-lazy, then the kit,
 * then the features'), so no two chunks import each other.
 */

/** What a group's `name` function is told of a module (Rolldown's ModuleInfo, the fields read here). */
type TModuleInfo = {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  exports: readonly string[];
  code: string | null;
  isEntry: boolean;
};
type TChunkingContext = { getModuleInfo(id: string): TModuleInfo | null };

const CONTRACT_INDEX = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;
const FORM_LIBRARIES = /[\\/]node_modules[\\/](react-hook-form|zod|@hookform)[\\/]/;
const LIBRARY = /[\\/]node_modules[\\/]/;
const TANSTACK_QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/;
const APP = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]/;
const ROUTE = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]routes[\\/]/;
const HOME_ROUTE = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/;
const FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([\w-]+)[\\/]/;
/** `import { a, b as c } from '@bit/contract'` (and `export { … } from`) in a module's transformed code. */
const CONTRACT_IMPORT = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["']@bit\/contract["']/g;

/** The groups, in order, for `output.codeSplitting.groups` (after any group of the config's own). */
export function screenChunkGroups() {
  // what the entry loads, as Rolldown tells it to the group below (which captures nothing)
  const initial = new Set<string>();
  let exportedBy: Map<string, string> | undefined;

  /**
   * The contract's modules a module imports through the contract's index, which re-exports them all: read
   * from the names it imports, each mapped to the module that exports it. A module whose import of the
   * index is not a list of names fails the build, rather than be grouped on a guess.
   */
  const contractImports = new Map<string, string[]>();
  const contractModulesOf = (ctx: TChunkingContext, id: string): string[] => {
    const known = contractImports.get(id);
    if (known) return known;
    const found = readContractImports(ctx, id);
    contractImports.set(id, found);
    return found;
  };
  const readContractImports = (ctx: TChunkingContext, id: string): string[] => {
    const info = ctx.getModuleInfo(id);
    const index = info?.importedIds.find((d) => CONTRACT_INDEX.test(d));
    if (!info || !index) return [];
    if (!exportedBy) {
      exportedBy = new Map();
      for (const m of ctx.getModuleInfo(index)?.importedIds ?? [])
        for (const name of ctx.getModuleInfo(m)?.exports ?? []) exportedBy.set(name, m);
    }
    const names = [...(info.code ?? '').matchAll(CONTRACT_IMPORT)].flatMap((match) =>
      (match[1] ?? '')
        .split(',')
        .map((s) => s.trim().split(/\s+as\s+/)[0] ?? '')
        .filter(Boolean),
    );
    if (names.length === 0) throw new Error(`screen-chunks: cannot read what ${id} imports of @bit/contract`);
    return names.map((name) => {
      const m = exportedBy?.get(name);
      if (!m) throw new Error(`screen-chunks: no module of the contract exports ${name} (imported by ${id})`);
      return m;
    });
  };

  /** The modules `id` imports, through the contract's index as the modules it names. */
  const importsOf = (ctx: TChunkingContext, id: string): string[] => [
    ...(ctx.getModuleInfo(id)?.importedIds ?? []).filter((d) => !CONTRACT_INDEX.test(d)),
    ...contractModulesOf(ctx, id),
  ];
  /** The modules that import `id`, the contract's index replaced by those of its importers that name `id`. */
  const importersOf = (ctx: TChunkingContext, id: string): string[] =>
    (ctx.getModuleInfo(id)?.importers ?? []).flatMap((imp) =>
      CONTRACT_INDEX.test(imp)
        ? (ctx.getModuleInfo(imp)?.importers ?? []).filter((a) => contractModulesOf(ctx, a).includes(id))
        : [imp],
    );
  /** `id` and every module reached from it by `next`. */
  const closure = (id: string, next: (id: string) => string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const m = stack.pop() as string;
      if (seen.has(m)) continue;
      seen.add(m);
      stack.push(...next(m));
    }
    return seen;
  };

  const groupOf = (id: string, ctx: TChunkingContext): string | null => {
    if (initial.size === 0)
      throw new Error('screen-chunks: the $initial group must run before the screens group');
    if (initial.has(id) || id.includes('\0') || CONTRACT_INDEX.test(id) || APP.test(id)) return null;
    if (!ctx.getModuleInfo(id)) return null;
    // TanStack Query's hooks: the entry loads the library's index, which hides who uses them (every screen,
    // and the shell's lazy server settings)
    if (TANSTACK_QUERY.test(id)) return 'shell-lazy';
    if ([...closure(id, (m) => importsOf(ctx, m))].some((m) => FORM_LIBRARIES.test(m))) return null;
    // the lazy roots that load `id` with them: the entry and the targets of an import() that reach it
    const roots = [...closure(id, (m) => importersOf(ctx, m))].filter((m) => {
      const root = ctx.getModuleInfo(m);
      return root && (root.isEntry || root.dynamicImporters.length > 0);
    });
    const everyPage = (root: string) =>
      !ROUTE.test(root) && (ctx.getModuleInfo(root)?.dynamicImporters ?? []).some((d) => initial.has(d));
    if (roots.length < 2 || roots.some((root) => HOME_ROUTE.test(root))) return null;
    if (roots.some(everyPage)) return 'shell-lazy';
    if (LIBRARY.test(id)) return null;
    if (!roots.some((root) => ROUTE.test(root))) return null;
    const feature = FEATURE.exec(id)?.[1];
    return feature ? `feature-${feature}` : 'screen-kit';
  };

  return [
    {
      name: (id: string) => {
        initial.add(id);
        return null;
      },
      tags: ['$initial' as const],
      priority: 10,
    },
    { name: groupOf, includeDependenciesRecursively: false },
  ];
}
